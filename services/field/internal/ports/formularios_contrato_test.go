package ports

import (
	"os"
	"reflect"
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
	for _, fo := range fs.DoArquivo(goFormularios) {
		definir := definirDoFormulario[fo.Nome]
		if definir == nil {
			t.Fatalf("form %s: no path in definirDoFormulario", fo.Nome)
		}
		for _, c := range fo.Casos {
			got, err := contratos.ErrosDoCaso(definir(contratos.PayloadDoCaso(c, nil)))
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
