package ports

import (
	"testing"

	"google.golang.org/protobuf/encoding/protojson"

	fieldv1 "github.com/crmvendas/crm/proto/gen/go/crm/field/v1"
	"github.com/crmvendas/crm/services/platform/contratos"
)

// goFormularios is the file the field forms of contracts/formularios.json are generated into.
const goFormularios = "services/field/internal/domain/formularios.gen.go"

// definirDoFormulario: each field form of contracts/formularios.json as the server takes it — the
// request (the API's JSON), the port's mapping and the domain's Normalizar.
var definirDoFormulario = map[string]func(json []byte) error{
	"ConfiguracaoVisitas": func(b []byte) error {
		r := &fieldv1.DefinirConfiguracaoVisitasRequest{}
		if err := protojson.Unmarshal(b, r); err != nil {
			return err
		}
		cfg := configuracaoDoPedido(r)
		return cfg.Normalizar()
	},
}

// TestFormulariosDoContrato runs contracts/formularios.json's cases of the field forms through the
// server's path: the fields refused, and each one's message, are the contract's — the app's form
// refuses the same values with the same messages (mobile/src/lib/entidade/formulario.test.ts).
func TestFormulariosDoContrato(t *testing.T) {
	contratos.ConferirCasos(t, goFormularios, definirDoFormulario, nil)
}
