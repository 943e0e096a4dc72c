package app_test

import (
	"context"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/field/internal/adapters"
	"github.com/crmvendas/crm/services/field/internal/app"
	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// agoraQueda is the server's clock in TestResumoVisitasProcessoMorto, parent and child alike.
var agoraQueda = time.Date(2026, 3, 10, 15, 0, 0, 0, time.UTC)

// visitasEm declares the visits' collections and summary on st, with the test's clock, and their
// use cases for customers c1…c3 of seller v1.
func visitasEm(t *testing.T, st *store.Store) *app.Visitas {
	t.Helper()
	st.SetClock(func() time.Time { return agoraQueda })
	col, err := adapters.DeclararVisitas(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	return &app.Visitas{Col: col, Clientes: clientesFixos{"c1": "v1", "c2": "v1", "c3": "v1"}}
}

// checkinEm is v1's check-in at a customer, at the customer's door (verified) or 5.5 km away.
func checkinEm(s *app.Visitas, id, cliente string, naPorta bool, inicio time.Time) error {
	p := se
	if !naPorta {
		p.Latitude += 0.05
	}
	_, err := s.FazerCheckin(como("e1", "v1", caller.Vendedor), app.Checkin{ID: id, ClienteID: cliente, Inicio: inicio,
		Fix: domain.Fix{Ponto: &p, Precisao: 5, CapturadoEm: inicio}})
	return err
}

// A process killed (SIGKILL) after a visit's write and before its summary's increments (the
// check-in of a customer not yet visited that month, so every one of the three read models
// moves): on SQLite the two are one transaction, so neither was written and the summary shows
// no drift; on MongoDB the visit is there without its counts, and the reconciliation finds the
// drift and repairs it. Either way the summary then equals the recount of the visits, and the
// month's figures read from it are the visits the store kept. The child is this test binary
// (testkit.Queda).
func TestResumoVisitasProcessoMorto(t *testing.T) {
	ctx := context.Background()
	admin := como("e1", "adm", caller.Admin)
	queda := testkit.NovaQueda(t, "crm_field", "morto", func(st *store.Store) error {
		return checkinEm(visitasEm(t, st), "morto", "c3", true, agoraQueda.Add(-time.Hour))
	})
	s := visitasEm(t, queda.Store)
	col := s.Col
	// Two visits written whole before the crash: c1 at the door, c2 out of the radius.
	if err := checkinEm(s, "antes-1", "c1", true, agoraQueda.Add(-3*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := checkinEm(s, "antes-2", "c2", false, agoraQueda.Add(-2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if n, d, err := col.Resumo.Reconciliar(ctx, col.Visitas, "e1", true); err != nil || n != 2 || len(d) != 0 {
		t.Fatalf("antes da queda: %d visitas, %+v, %v", n, d, err)
	}
	queda.Matar(t)
	n, d, err := col.Resumo.Reconciliar(ctx, col.Visitas, "e1", true)
	if err != nil {
		t.Fatal(err)
	}
	_, gerr := col.Visitas.Get(admin, store.Company("e1"), "morto")
	switch col.Visitas.Store().Kind() {
	case "sqlite":
		// One transaction: rolled back whole (the kill came before its commit).
		if len(d) != 0 || n != 2 || !errs.IsKind(gerr, errs.KindNotFound) {
			t.Fatalf("SQLite: %d visitas, visita do filho %v, divergências %+v", n, gerr, d)
		}
	default:
		// The visit is stored, its counts are not: the reconciliation sees the drift in the
		// day, the seller's month and the seller's month at c3.
		resumos := map[string]bool{}
		for _, x := range d {
			resumos[x.Resumo] = true
		}
		if len(resumos) != 3 || n != 3 || gerr != nil {
			t.Fatalf("MongoDB: %d visitas, visita do filho %v, divergências %+v", n, gerr, d)
		}
		if _, _, err := col.Resumo.Reconciliar(ctx, col.Visitas, "e1", false); err != nil {
			t.Fatal(err)
		}
	}
	if _, d, err := col.Resumo.Reconciliar(ctx, col.Visitas, "e1", true); err != nil || len(d) != 0 {
		t.Fatalf("resumo ≠ recontagem depois da queda: %+v %v", d, err)
	}
	visitas, err := col.Visitas.All(ctx, store.Company("e1"), store.Query{})
	if err != nil {
		t.Fatal(err)
	}
	var verificadas int64
	for _, v := range visitas {
		if v.Veredito == domain.Verificado {
			verificadas++
		}
	}
	want := domain.ContagemVisitas{Visitas: int64(len(visitas)), Verificadas: verificadas}
	for _, recontar := range []bool{false, true} {
		r, err := s.ResumoDoMes(admin, "2026-03", "", "", recontar)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Vendedores) != 1 || r.Vendedores[0].ContagemVisitas != want {
			t.Fatalf("o mês de v1 (recontar=%v) com %d visitas, %d verificadas: %+v", recontar, want.Visitas, want.Verificadas, r.Vendedores)
		}
	}
}
