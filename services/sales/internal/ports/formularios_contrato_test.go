package ports

import (
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
	contratos.ConferirCasos(t, contratos.GoFormularios, criarDoFormulario, map[string]any{"id": "x"})
}
