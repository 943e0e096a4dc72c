package contratos

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/crmvendas/crm/services/platform/errs"
)

// DoArquivo are the forms whose Go code goes to arquivo (a service's contract test runs theirs).
func (fs *Formularios) DoArquivo(arquivo string) []Formulario {
	var out []Formulario
	for _, fo := range fs.Formularios {
		if fo.ArquivoGo() == arquivo {
			out = append(out, fo)
		}
	}
	return out
}

// Expandir reads a case's value: {"repetir": x, "vezes": n} is x repeated n times (a string
// repeated, else a list of n x), at any depth (the app's test reads it alike).
func Expandir(v any) any {
	switch x := v.(type) {
	case map[string]any:
		if r, ok := x["repetir"]; ok {
			n := int(x["vezes"].(float64))
			if s, ok := r.(string); ok {
				return strings.Repeat(s, n)
			}
			l := make([]any, n)
			for i := range l {
				l[i] = Expandir(r)
			}
			return l
		}
		out := map[string]any{}
		for k, y := range x {
			out[k] = Expandir(y)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, y := range x {
			out[i] = Expandir(y)
		}
		return out
	}
	return v
}

// PayloadDoCaso is a case's values as the API's JSON, with the extra fields (a create's id).
func PayloadDoCaso(c CasoFormulario, extra map[string]any) []byte {
	valores := map[string]any{}
	for k, v := range extra {
		valores[k] = v
	}
	for k, v := range c.Valores {
		valores[k] = Expandir(v)
	}
	b, _ := json.Marshal(valores)
	return b
}

// ErrosDoCaso is what the server answered a case as the contract writes it: the first message at
// each field (none when err is nil). An error that is not a validation error naming fields, or
// whose message is not its first field's, is an error.
func ErrosDoCaso(err error) (map[string]string, error) {
	got := map[string]string{}
	if err == nil {
		return got, nil
	}
	var e *errs.Error
	if !errors.As(err, &e) || len(e.Fields) == 0 {
		return nil, fmt.Errorf("%v, want field errors", err)
	}
	for _, f := range e.Fields {
		if _, ja := got[f.Field]; !ja {
			got[f.Field] = f.Description
		}
	}
	if e.Message != e.Fields[0].Description {
		return nil, fmt.Errorf("message %q, want the first field's", e.Message)
	}
	return got, nil
}
