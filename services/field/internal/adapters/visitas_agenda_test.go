package adapters

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/store"
)

// TestVisitasDaAgenda: the agenda reads the visits of a period by their day in São Paulo (a
// check-in at 23:30 there is that day's, though already the next day in UTC), of a seller or of
// every seller the scope sees, never another company's.
func TestVisitasDaAgenda(t *testing.T) {
	ctx := context.Background()
	st, err := store.OpenSQLite(ctx, filepath.Join(t.TempDir(), "field.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	col, err := DeclararVisitas(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	dist := 42.0
	visita := func(id, empresa, vendedor string, inicio time.Time) *domain.Visita {
		return &domain.Visita{Meta: store.Meta{ID: id, Empresa: empresa}, ClienteID: "c-" + id, VendedorID: vendedor,
			Status: domain.StatusEmAndamento, Inicio: inicio, CapturadoEm: inicio, Veredito: domain.Verificado, Distancia: &dist}
	}
	vs := []*domain.Visita{
		visita("antes", "A", "v1", time.Date(2026, 3, 2, 2, 30, 0, 0, time.UTC)), // 1 March, 23:30 in São Paulo
		visita("noite", "A", "v1", time.Date(2026, 3, 3, 2, 30, 0, 0, time.UTC)), // 2 March, 23:30
		visita("dia", "A", "v2", time.Date(2026, 3, 4, 13, 0, 0, 0, time.UTC)),   // 4 March
		visita("fim", "A", "v1", time.Date(2026, 3, 6, 2, 59, 0, 0, time.UTC)),   // 5 March, 23:59
		visita("depois", "A", "v1", time.Date(2026, 3, 6, 3, 0, 0, 0, time.UTC)), // 6 March, 00:00
		visita("outra", "B", "v1", time.Date(2026, 3, 4, 13, 0, 0, 0, time.UTC)), // another company
	}
	if _, _, err := col.Visitas.Import(caller.With(ctx, &caller.Caller{Empresa: "A", Operador: "adm", Perfil: caller.Admin}), vs); err != nil {
		t.Fatal(err)
	}
	de, ate := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC), time.Date(2026, 3, 5, 0, 0, 0, 0, time.UTC)
	ler := func(sc store.Scope, vendedor string) []string {
		t.Helper()
		got, err := VisitasDaAgenda{Col: col.Visitas}.VisitasDoPeriodo(ctx, sc, vendedor, de, ate)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, v := range got {
			if v.Veredito != domain.Verificado || v.Distancia == nil || *v.Distancia != dist {
				t.Errorf("%s: veredito %q, distância %v", v.ID, v.Veredito, v.Distancia)
			}
			ids = append(ids, v.ID)
		}
		slices.Sort(ids)
		return ids
	}
	for _, c := range []struct {
		sc       store.Scope
		vendedor string
		want     []string
	}{
		{store.Company("A"), "", []string{"dia", "fim", "noite"}},
		{store.Company("A"), "v1", []string{"fim", "noite"}},
		{store.Scope{Empresa: "A", Owners: []string{"v2"}}, "", []string{"dia"}},
		{store.Company("B"), "", []string{"outra"}},
	} {
		if got := ler(c.sc, c.vendedor); !slices.Equal(got, c.want) {
			t.Errorf("%+v %q: %v, quer %v", c.sc, c.vendedor, got, c.want)
		}
	}
}
