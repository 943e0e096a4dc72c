package ports

import (
	"os"
	"reflect"
	"testing"

	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/contratos"
)

// criarDoFormulario: each form of contracts/formularios.json as the server takes it — the
// create request (the API's JSON), the entity kit's map and the domain's Normalizar.
var criarDoFormulario = map[string]func(json []byte) error{
	"CondicaoPagamento": func(b []byte) error {
		return normalizarDe(b, &salesv1.CriarCondicaoRequest{}, func(r proto.Message) error {
			c, err := mapaCondicao.Novo(r)
			if err != nil {
				return err
			}
			return c.Normalizar()
		})
	},
	"RegraST": func(b []byte) error {
		return normalizarDe(b, &salesv1.CriarRegraSTRequest{}, func(r proto.Message) error {
			x, err := mapaRegraST.Novo(r)
			if err != nil {
				return err
			}
			return x.Normalizar()
		})
	},
}

func normalizarDe(b []byte, req proto.Message, f func(proto.Message) error) error {
	if err := protojson.Unmarshal(b, req); err != nil {
		return err
	}
	return f(req)
}

// TestFormulariosDoContrato runs contracts/formularios.json's cases of the sales forms (those
// generated into GoFormularios) through the server's create path: the fields refused, and each one's message, are the contract's — the app's form refuses the
// same values with the same messages (mobile/src/lib/entidade/formulario.test.ts).
func TestFormulariosDoContrato(t *testing.T) {
	wd, _ := os.Getwd()
	raiz, err := contratos.Raiz(wd)
	if err != nil {
		t.Fatal(err)
	}
	fs, err := contratos.LerFormularios(raiz)
	if err != nil {
		t.Fatal(err)
	}
	casos := 0
	for _, fo := range fs.DoArquivo(contratos.GoFormularios) {
		criar := criarDoFormulario[fo.Nome]
		if criar == nil {
			t.Fatalf("form %s: no create path in criarDoFormulario", fo.Nome)
		}
		for _, c := range fo.Casos {
			got, err := contratos.ErrosDoCaso(criar(contratos.PayloadDoCaso(c, map[string]any{"id": "x"})))
			if err != nil {
				t.Fatalf("%s, %s: %v", fo.Nome, c.Nome, err)
			}
			if !reflect.DeepEqual(got, c.Erros) {
				t.Errorf("%s, %s:\n got %v\nwant %v", fo.Nome, c.Nome, got, c.Erros)
			}
			casos++
		}
	}
	if casos < 10 {
		t.Fatalf("%d cases run, want the contract's (at least 10)", casos)
	}
}
