package field_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/field"
	"github.com/crmvendas/crm/services/field/internal/agenda"
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

// TestDemoAgenda: the demo portfolios' frequencies plan some five visits on each working day of
// the coming weeks for each seller (the agenda of a demo seller is never empty), each valid; the
// open tasks are the seller's, about their customers, due from today on.
func TestDemoAgenda(t *testing.T) {
	var clientes []field.ClienteDemo
	for i := range 120 {
		clientes = append(clientes, field.ClienteDemo{ID: fmt.Sprintf("c%03d", i), VendedorID: []string{"v1", "v2"}[i%2]})
	}
	agora := time.Date(2026, 11, 27, 15, 0, 0, 0, time.UTC)
	fs := field.DemoFrequencias(clientes, agora)
	if len(fs) != 2*field.DemoFrequenciasPorVendedor {
		t.Fatalf("%d frequências", len(fs))
	}
	dono := map[string]string{}
	for _, c := range clientes {
		dono[c.ID] = c.VendedorID
	}
	for _, f := range fs {
		if err := f.Normalizar(); err != nil || f.ID != f.ClienteID || dono[f.ClienteID] != f.VendedorID {
			t.Errorf("%+v: %v", f, err)
		}
	}
	util := func(d time.Time) bool { return d.Weekday() != time.Saturday && d.Weekday() != time.Sunday }
	de := time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)
	ate := de.AddDate(0, 0, 27)
	porDia := map[string]int{}
	for _, p := range agenda.Planejar(fs, de, ate, util) {
		porDia[p.VendedorID+" "+agenda.FormatarData(p.Data)]++
	}
	for d := de; !d.After(ate); d = d.AddDate(0, 0, 1) {
		for _, v := range []string{"v1", "v2"} {
			if n := porDia[v+" "+agenda.FormatarData(d)]; util(d) != (n > 0) || n > 12 {
				t.Errorf("%s em %s: %d visitas planejadas", v, agenda.FormatarData(d), n)
			}
		}
	}
	ts := field.DemoTarefas("demo", clientes, agora)
	if len(ts) != 8 {
		t.Fatalf("%d tarefas", len(ts))
	}
	for _, tr := range ts {
		if err := tr.Normalizar(); err != nil || tr.Status != agenda.StatusAberta || dono[tr.ClienteID] != tr.ResponsavelID ||
			agenda.DiaEmSaoPaulo(tr.VenceEm).Before(agenda.DiaEmSaoPaulo(agora)) || tr.Empresa != "demo" {
			t.Errorf("%+v: %v", tr, err)
		}
	}
}
