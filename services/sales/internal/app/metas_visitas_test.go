package app_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// visitasFixas stands for the field service: its summary (resumo) and its recount of the visits
// (recontagem), per month and seller (cliente "" the seller's month), in the caller's scope; fora
// makes every call fail (the service down).
type visitasFixas struct {
	resumo, recontagem map[[3]string]app.ContagemVisitas // mes, cliente, vendedor
	fora               bool
}

func (v *visitasFixas) DoMes(ctx context.Context, mes, cliente string, recontar bool) (map[string]app.ContagemVisitas, map[string]app.ContagemVisitas, error) {
	if v.fora {
		return nil, nil, errs.Unavailable("Serviço de campo indisponível. Tente novamente em instantes.", errors.New("connection refused"))
	}
	fonte := v.resumo
	if recontar {
		fonte = v.recontagem
	}
	vend, noCli := map[string]app.ContagemVisitas{}, map[string]app.ContagemVisitas{}
	for k, c := range fonte {
		if k[0] != mes || !caller.From(ctx).Sees(k[2]) {
			continue
		}
		if k[1] == "" {
			vend[k[2]] = c
		} else if k[1] == cliente {
			noCli[k[2]] = c
		}
	}
	return vend, noCli, nil
}

// TestMetasDeVisitas: a visitas goal reads its achievement (and the verified visits) from the
// field service, of the seller's month or of one customer, in the goals' list and on the panel;
// a field outage leaves the goal and the panel standing, without achievement and with a pt-BR
// note; the reconciliation compares the summary with the field service's recount; a visitas goal
// takes no group nor region.
func TestMetasDeVisitas(t *testing.T) {
	s := servico(t)
	s.Now = func() time.Time { return time.Date(2026, 5, 13, 15, 0, 0, 0, time.UTC) }
	s.Carteiras = carteirasFixas{"v1": 10, "v2": 10}
	s.ClientesCarteira = carteiraClientes{}
	fixas := &visitasFixas{resumo: map[[3]string]app.ContagemVisitas{
		{"2026-05", "", "v1"}: {Visitas: 12, Verificadas: 10}, {"2026-05", "c1", "v1"}: {Visitas: 3, Verificadas: 1},
		{"2026-05", "", "v2"}: {Visitas: 7, Verificadas: 7},
	}}
	fixas.recontagem = fixas.resumo
	s.Visitas = fixas
	adm := caller.With(context.Background(), &caller.Caller{Empresa: "e1", Operador: "adm", Perfil: caller.Admin})
	criar := func(id, vendedor, cliente string, alvo int64) {
		t.Helper()
		m := &domain.Meta{Mes: "2026-05", VendedorID: vendedor, Tipo: domain.TipoVisitas, Alvo: alvo, ClienteID: cliente}
		m.ID = id
		if err := m.Normalizar(); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Metas().Criar(adm, m); err != nil {
			t.Fatal(err)
		}
	}
	criar("m1", "v1", "", 40)
	criar("m2", "v1", "c1", 4)
	criar("m3", "v2", "", 20)
	porID := func(ms []app.MetaApurada) map[string]app.MetaApurada {
		out := map[string]app.MetaApurada{}
		for _, m := range ms {
			out[m.ID] = m
		}
		return out
	}
	ms, _, err := s.ListarMetas(adm, "2026-05", "", 50, "")
	if err != nil {
		t.Fatal(err)
	}
	got := porID(ms)
	if m := got["m1"]; m.Realizado != 12 || m.Verificadas != 10 || m.Percentual != 3000 || m.Aviso != "" {
		t.Errorf("meta do mês de v1: %+v", m)
	}
	if m := got["m2"]; m.Realizado != 3 || m.Verificadas != 1 || m.Percentual != 7500 {
		t.Errorf("meta de v1 no cliente c1: %+v", m)
	}
	// A seller reads their own goal (the field service answers in the seller's scope).
	v1 := caller.With(context.Background(), &caller.Caller{Empresa: "e1", Operador: "v1", Perfil: caller.Vendedor})
	ms, _, err = s.ListarMetas(v1, "2026-05", "", 50, "")
	if err != nil || len(ms) != 2 || porID(ms)["m1"].Realizado != 12 {
		t.Errorf("metas do vendedor: %+v %v", ms, err)
	}
	p, err := s.ObterPainel(adm, "2026-05", "v2")
	if err != nil || len(p.Metas) != 1 || p.Metas[0].Realizado != 7 || p.Metas[0].Percentual != 3500 {
		t.Fatalf("painel de v2: %+v %v", p, err)
	}
	// The reconciliation: summary = recount, no difference; a drift in the summary is reported.
	if _, div, err := s.ReconciliarResumos(adm, true); err != nil || len(div) != 0 {
		t.Fatalf("reconciliação sem diferença: %+v %v", div, err)
	}
	fixas.recontagem = map[[3]string]app.ContagemVisitas{{"2026-05", "", "v1"}: {Visitas: 11}, {"2026-05", "c1", "v1"}: {Visitas: 3},
		{"2026-05", "", "v2"}: {Visitas: 7}}
	_, div, err := s.ReconciliarResumos(adm, true)
	if err != nil || len(div) != 1 || div[0].Resumo != domain.ReconciliacaoMetas || div[0].ID != "m1" || div[0].Gravado != 12 || div[0].Recalculado != 11 {
		t.Fatalf("reconciliação com diferença: %+v %v", div, err)
	}
	// The field service down: the goals and the panel still answer; the visitas goals without
	// achievement, with the note.
	fixas.fora = true
	ms, _, err = s.ListarMetas(adm, "2026-05", "", 50, "")
	if err != nil {
		t.Fatalf("metas com o serviço de campo fora: %v", err)
	}
	for _, m := range ms {
		if m.Realizado != 0 || m.Percentual != 0 || m.Aviso != app.MsgMetaSemVisitas {
			t.Errorf("meta %s sem o serviço de campo: %+v", m.ID, m)
		}
	}
	p, err = s.ObterPainel(adm, "2026-05", "")
	if err != nil || len(p.Metas) != 3 || p.Metas[0].Aviso != app.MsgMetaSemVisitas {
		t.Fatalf("painel com o serviço de campo fora: %+v %v", p, err)
	}
	if _, div, err := s.ReconciliarResumos(adm, true); err != nil || len(div) != 0 {
		t.Fatalf("reconciliação com o serviço de campo fora (metas de visitas deixadas de fora): %+v %v", div, err)
	}
	// Another company sees none of these goals.
	outra := caller.With(context.Background(), &caller.Caller{Empresa: "e2", Operador: "adm2", Perfil: caller.Admin})
	if ms, _, err := s.ListarMetas(outra, "2026-05", "", 50, ""); err != nil || len(ms) != 0 {
		t.Fatalf("outra empresa: %+v %v", ms, err)
	}
	if all, err := s.Col.Metas.All(context.Background(), store.Company("e2"), store.Query{}); err != nil || len(all) != 0 {
		t.Fatalf("metas da outra empresa: %v %v", all, err)
	}
}

// TestMetaDeVisitasRecortes: a visitas goal is the seller's month or one customer's; a group or a
// region is refused in pt-BR at tipo.
func TestMetaDeVisitasRecortes(t *testing.T) {
	for _, m := range []domain.Meta{
		{Mes: "2026-05", VendedorID: "v1", Tipo: "visitas", Alvo: 40, Grupo: "Café"},
		{Mes: "2026-05", VendedorID: "v1", Tipo: "visitas", Alvo: 40, RegiaoID: "r1"},
	} {
		err := m.Normalizar()
		var e *errs.Error
		if !errors.As(err, &e) || len(e.Fields) == 0 || e.Fields[0].Field != "tipo" || e.Fields[0].Description != domain.MsgMetaVisitasCorte {
			t.Errorf("%+v: %v", m, err)
		}
	}
	for _, m := range []domain.Meta{
		{Mes: "2026-05", VendedorID: "v1", Tipo: " Visitas ", Alvo: 40},
		{Mes: "2026-05", VendedorID: "v1", Tipo: "visitas", Alvo: 4, ClienteID: "c1"},
	} {
		if err := m.Normalizar(); err != nil || m.Tipo != domain.TipoVisitas {
			t.Errorf("%+v: %v", m, err)
		}
	}
}
