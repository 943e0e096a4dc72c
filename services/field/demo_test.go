package field_test

import (
	"testing"
	"time"

	"github.com/crmvendas/crm/services/field"
)

// TestDemoVisitas: a month of weekdays, mostly verified, a few out of the radius and a few with a
// stale fix, every one checked out after its check-in, none on a weekend nor today.
func TestDemoVisitas(t *testing.T) {
	clientes := []field.ClienteDemo{
		{ID: "c1", VendedorID: "v1", Nome: "Mercado Um", Latitude: -23.55, Longitude: -46.63},
		{ID: "c2", VendedorID: "v1", Nome: "Mercado Dois", Latitude: -23.56, Longitude: -46.64},
		{ID: "c3", VendedorID: "v2", Nome: "Padaria Três", Latitude: -25.43, Longitude: -49.27},
	}
	agora := time.Date(2026, 11, 27, 15, 0, 0, 0, time.UTC)
	vs := field.DemoVisitas("demo", clientes, agora, 30)
	if len(vs) < 2*field.DemoVisitasPorDia*20 {
		t.Fatalf("%d visits", len(vs))
	}
	n := map[string]int{}
	for _, v := range vs {
		n[v.Veredito]++
		if wd := v.Inicio.Weekday(); wd == time.Saturday || wd == time.Sunday {
			t.Errorf("%s on a weekend", v.ID)
		}
		if v.Dia() >= "2026-11-27" || v.Dia() < "2026-10-28" {
			t.Errorf("%s on %s", v.ID, v.Dia())
		}
		if v.Status != "concluida" || !v.Fim.After(v.Inicio) || v.Resultado == "" || v.Distancia == nil {
			t.Errorf("%s: %+v", v.ID, v)
		}
	}
	if n["verificado"] < len(vs)*3/4 || n["fora_do_raio"] == 0 || n["localizacao_antiga"] == 0 {
		t.Errorf("verdicts: %v of %d", n, len(vs))
	}
}
