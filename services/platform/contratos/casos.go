package contratos

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
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

// TB is what ConferirCasos needs of a test (a *testing.T).
type TB interface {
	Helper()
	Error(args ...any)
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

// ConferirCasos runs the cases of the forms generated into arquivo (a service's GoFormularios)
// through the server's path of each form, caminhos[form] (the API's JSON in, the error of its
// rules out; extra fields such as a create's id added to each payload): the fields refused, and
// each one's message, must be the contract's — the app's kit refuses the same values with the same
// messages (mobile/src/lib/entidade/formulario.test.ts). A form without a path, or fewer than 10
// cases run, fails t.
func ConferirCasos(t TB, arquivo string, caminhos map[string]func(json []byte) error, extra map[string]any) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	raiz, err := Raiz(wd)
	if err != nil {
		t.Fatal(err)
	}
	fs, err := LerFormularios(raiz)
	if err != nil {
		t.Fatal(err)
	}
	casos := 0
	for _, fo := range fs.DoArquivo(arquivo) {
		caminho := caminhos[fo.Nome]
		if caminho == nil {
			t.Fatalf("form %s: no path to the server's rules", fo.Nome)
		}
		for _, c := range fo.Casos {
			casos++
			got, err := ErrosDoCaso(caminho(PayloadDoCaso(c, extra)))
			if err != nil {
				t.Error(fmt.Sprintf("%s, %s: %v", fo.Nome, c.Nome, err))
			} else if !reflect.DeepEqual(got, c.Erros) {
				t.Error(fmt.Sprintf("%s, %s:\n got %v\nwant %v", fo.Nome, c.Nome, got, c.Erros))
			}
		}
	}
	if casos < 10 {
		t.Fatalf("%d cases run, want the contract's (at least 10)", casos)
	}
}
