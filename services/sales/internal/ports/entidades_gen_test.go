package ports

import (
	"testing"

	"github.com/crmvendas/crm/services/platform/entity/portas"
)

// TestEntidadesGeradas: entidades.gen.go is what the //crm:entidade declarations make (run `go
// generate` in this package after changing one).
func TestEntidadesGeradas(t *testing.T) {
	if err := portas.Verificar("."); err != nil {
		t.Fatal(err)
	}
}
