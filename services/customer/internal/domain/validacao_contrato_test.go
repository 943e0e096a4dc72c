package domain

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/crmvendas/crm/services/platform/errs"
)

// texto is a string of the cases, or {"repetir": c, "vezes": n}.
type texto string

func (t *texto) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*t = texto(s)
		return nil
	}
	var r struct {
		Repetir string
		Vezes   int
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return err
	}
	*t = texto(strings.Repeat(r.Repetir, r.Vezes))
	return nil
}

// TestValidacaoIgualAoAparelho runs contracts/clientes-validacao.json: the app's schema refuses
// the same payloads at the same fields (mobile/src/entities/cliente/esquema.test.ts).
func TestValidacaoIgualAoAparelho(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "contracts", "clientes-validacao.json"))
	if err != nil {
		t.Fatal(err)
	}
	var casos struct {
		Casos []struct {
			Nome    string
			Cliente map[string]texto
			Erros   []string
		}
	}
	if err := json.Unmarshal(raw, &casos); err != nil {
		t.Fatal(err)
	}
	for _, k := range casos.Casos {
		t.Run(k.Nome, func(t *testing.T) {
			p := k.Cliente
			c := Cliente{TipoPessoa: string(p["tipo_pessoa"]), Documento: string(p["documento"]), Nome: string(p["nome"]),
				NomeFantasia: string(p["nome_fantasia"]), InscricaoEstadual: string(p["inscricao_estadual"]), Suframa: string(p["suframa"]),
				Email: string(p["email"]), Telefone: string(p["telefone"]), Celular: string(p["celular"]), Segmento: string(p["segmento"]), Status: string(p["status"]),
				Observacoes: string(p["observacoes"])}
			got := []string{}
			if v, ok := p["limite_credito_centavos"]; ok {
				n, err := strconv.ParseInt(string(v), 10, 64)
				if err != nil {
					got = append(got, "limite_credito_centavos") // the gateway refuses it
				}
				c.LimiteCreditoCentavos = n
			}
			var e *errs.Error
			if err := c.Normalize(nil); errors.As(err, &e) {
				for _, f := range e.Fields {
					got = append(got, f.Field)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			sort.Strings(got)
			want := append([]string{}, k.Erros...)
			sort.Strings(want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("campos com erro: %v, esperado %v", got, want)
			}
		})
	}
}

// cidadesContrato is the IBGE list the address cases assume: São Paulo/SP only.
type cidadesContrato struct{}

func (cidadesContrato) Buscar(ibge string) (string, string, bool) {
	if ibge == "3550308" {
		return "São Paulo", "SP", true
	}
	return "", "", false
}

func (cidadesContrato) PorNome(nome, uf string) (string, string, bool) {
	if strings.EqualFold(nome, "São Paulo") && uf == "SP" {
		return "3550308", "São Paulo", true
	}
	return "", "", false
}

// TestEnderecoIgualAoAparelho runs the address cases of contracts/clientes-validacao.json: the
// same fields refused, with the same messages where the case gives one (the app:
// mobile/src/features/clientes/utils/validacao.test.ts).
func TestEnderecoIgualAoAparelho(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "contracts", "clientes-validacao.json"))
	if err != nil {
		t.Fatal(err)
	}
	var casos struct {
		Enderecos []struct {
			Nome     string
			Endereco map[string]string
			Erros    map[string]string
		}
	}
	if err := json.Unmarshal(raw, &casos); err != nil {
		t.Fatal(err)
	}
	if len(casos.Enderecos) == 0 {
		t.Fatal("no address cases")
	}
	for _, k := range casos.Enderecos {
		t.Run(k.Nome, func(t *testing.T) {
			p := k.Endereco
			e := Endereco{CEP: p["cep"], Logradouro: p["logradouro"], Numero: p["numero"], Bairro: p["bairro"], Cidade: p["cidade"], UF: p["uf"], IBGE: p["ibge"]}
			x := &v{}
			e.normalize(x, "", cidadesContrato{})
			got := map[string]string{}
			for _, f := range x.fields {
				got[f.Field] = f.Description
			}
			if len(got) != len(k.Erros) {
				t.Fatalf("campos com erro: %v, esperado %v", got, k.Erros)
			}
			for campo, msg := range k.Erros {
				if g, ok := got[campo]; !ok || (msg != "" && g != msg) {
					t.Errorf("%s: %q, esperado %q", campo, g, msg)
				}
			}
		})
	}
}
