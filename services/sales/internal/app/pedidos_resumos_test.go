package app_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/testkit"
	"github.com/crmvendas/crm/services/sales/internal/adapters"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// The summaries kept on write through the store's counters equal a recomputation from the
// orders, after random status changes applied concurrently (several orders of the same customers
// and sellers at once, so the distinct counts race).
func TestResumosNoStoreIgualARecalculo(t *testing.T) {
	s := servico(t)
	ctx, _ := vendedor("e1", "v1")
	r := rand.New(rand.NewPCG(7, 11))
	status := domain.StatusesPedido
	const n = 30
	pedidos := make([]*domain.Pedido, n)
	for i := range pedidos {
		p := &domain.Pedido{VendedorID: fmt.Sprintf("v%d", r.IntN(3)), ClienteID: fmt.Sprintf("c%d", r.IntN(4)), Status: domain.StatusOrcamento,
			Tipo: domain.TipoVenda, Cliente: domain.ClientePedido{RegiaoID: []string{"", "r1", "r|2"}[r.IntN(3)]},
			EnviadoEm: time.Date(2026, time.Month(1+r.IntN(2)), 1+r.IntN(3), 15, 0, 0, 0, time.UTC)}
		for range 1 + r.IntN(3) {
			q := int64(1 + r.IntN(9))
			p.Itens = append(p.Itens, domain.ItemPedido{Grupo: []string{"BEB", "DOC", "A|B"}[r.IntN(3)], Quantidade: q,
				ValorCentavos: q * 100, TotalCentavos: q * 110, PesoGramas: int64(r.IntN(3) * 250)})
			p.TotalProdutosCentavos += q * 100
			p.TotalCentavos += q * 110
		}
		p.ID = fmt.Sprintf("p%d", i)
		pedidos[i] = p
	}
	// Each order goes through 6 random statuses; the orders change concurrently.
	var wg sync.WaitGroup
	var mu sync.Mutex
	for i := range pedidos {
		passos := make([]domain.StatusPedido, 6)
		for k := range passos {
			passos[k] = status[r.IntN(len(status))]
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			antes := (*domain.Pedido)(nil)
			for _, st := range passos {
				depois := *pedidos[i]
				depois.Status = st
				if st == domain.StatusFaturado {
					depois.FaturadoCentavos = depois.TotalCentavos
				}
				if err := app.AplicarResumos(s, ctx, "e1", antes, &depois); err != nil {
					t.Error(err)
					return
				}
				antes = &depois
			}
			mu.Lock()
			pedidos[i] = antes
			mu.Unlock()
		}()
	}
	wg.Wait()
	recalculado := domain.RecalcularResumos(pedidos)
	gravado, err := s.ResumosGravados(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if d := domain.Divergencias(gravado, recalculado); len(d) != 0 {
		t.Fatalf("%d divergências, a primeira: %+v", len(d), d[0])
	}
	medidos := map[string]bool{}
	for k, campos := range recalculado {
		medidos[k.Resumo] = true
		if campos[domain.CampoPeso] != 0 {
			medidos[domain.CampoPeso] = true
		}
	}
	for _, r := range []string{domain.ResumoVendedorMes, domain.ResumoRegiaoVendedorMes, domain.ResumoClienteVendedorDia, domain.CampoPeso} {
		if !medidos[r] {
			t.Fatalf("nenhum pedido moveu %s: o teste não o mediu", r)
		}
	}
	// The reconciliation, over the same orders stored, finds nothing to fix.
	adm := caller.With(context.Background(), &caller.Caller{Empresa: "e1", Operador: "adm", Perfil: caller.Admin})
	for _, p := range pedidos {
		if _, _, err := s.Col.Pedidos.Create(adm, store.Company("e1"), p); err != nil {
			t.Fatal(err)
		}
	}
	if n, d, err := s.ReconciliarResumos(adm, true); err != nil || n != len(pedidos) || len(d) != 0 {
		t.Fatalf("reconciliação: %d pedidos, %+v, %v", n, d, err)
	}
	// Another company's figures are apart.
	if c, _ := s.Col.Resumos.ClienteEmAberto.Get(ctx, store.Company("e2"), &domain.LinhaClienteEmAberto{ClienteID: "c0"}); len(c.Campos()) != 0 {
		t.Fatalf("outra empresa: %v", c)
	}
}

// The reconciliation finds the drift — a figure changed behind the orders' back, and one no order
// explains — reports it without writing when asked to, fixes it otherwise, and then finds none.
func TestReconciliarResumos(t *testing.T) {
	s := servico(t)
	ctxV, sc := vendedor("e1", "v1")
	ctx := caller.With(context.Background(), &caller.Caller{Empresa: "e1", Operador: "adm", Perfil: caller.Admin})
	for i, st := range []domain.StatusPedido{domain.StatusEnviado, domain.StatusFaturado, domain.StatusCancelado, domain.StatusAguardandoAprovacao} {
		p := &domain.Pedido{VendedorID: "v1", ClienteID: fmt.Sprintf("c%d", i%2), Status: st, TotalProdutosCentavos: 1000, TotalCentavos: 1100,
			EnviadoEm: time.Date(2026, 3, 10, 15, 0, 0, 0, time.UTC), Itens: []domain.ItemPedido{{Grupo: "BEB", Quantidade: 2, ValorCentavos: 1000, TotalCentavos: 1100}}}
		p.ID = fmt.Sprintf("p%d", i)
		if _, _, err := s.Col.Pedidos.Create(ctxV, sc, p); err != nil {
			t.Fatal(err)
		}
		if err := app.AplicarResumos(s, ctxV, "e1", nil, p); err != nil {
			t.Fatal(err)
		}
	}
	if n, d, err := s.ReconciliarResumos(ctx, true); err != nil || n != 4 || len(d) != 0 {
		t.Fatalf("em dia: %d pedidos, %v, %v", n, d, err)
	}
	st, r := s.Col.Pedidos.Store(), s.Col.Resumos
	if err := st.Apply(ctx, r.VendedorMes.Add("e1", &domain.LinhaVendedorMes{VendedorID: "v1", Mes: "2026-03", FigurasVenda: domain.FigurasVenda{ValorCentavos: 7}}),
		r.ClienteMes.Add("e1", &domain.LinhaClienteMes{ClienteID: "c9", Mes: "2026-03", VendedorID: "v1", FigurasVenda: domain.FigurasVenda{Pedidos: 1}})); err != nil {
		t.Fatal(err)
	}
	_, d, err := s.ReconciliarResumos(ctx, true)
	if err != nil || len(d) != 2 {
		t.Fatalf("verificar: %+v %v", d, err)
	}
	if _, d2, _ := s.ReconciliarResumos(ctx, true); len(d2) != 2 {
		t.Fatalf("apenas verificar gravou: %+v", d2)
	}
	if _, _, err := s.ReconciliarResumos(ctx, false); err != nil {
		t.Fatal(err)
	}
	if _, d, err := s.ReconciliarResumos(ctx, true); err != nil || len(d) != 0 {
		t.Fatalf("depois de corrigir: %+v %v", d, err)
	}
	if v, _ := r.VendedorMes.Get(ctx, store.Company("e1"), &domain.LinhaVendedorMes{VendedorID: "v1", Mes: "2026-03"}); v.Pedidos != 2 || v.ValorCentavos != 2000 {
		t.Fatalf("vendedor × mês: %+v", v)
	}
}

// pedidoQueConta is an order already sent, with items of two groups: it moves every summary.
func pedidoQueConta(vendedorID, clienteID string) func() (*domain.Pedido, error) {
	return func() (*domain.Pedido, error) {
		em := time.Date(2026, 3, 10, 15, 0, 0, 0, time.UTC)
		return &domain.Pedido{VendedorID: vendedorID, ClienteID: clienteID, Status: domain.StatusEnviado, Tipo: domain.TipoVenda, EnviadoEm: em,
			Itens:                 []domain.ItemPedido{{Grupo: "BEB", Quantidade: 3, ValorCentavos: 3000, TotalCentavos: 3300}, {Grupo: "DOC", Quantidade: 1, ValorCentavos: 500, TotalCentavos: 500}},
			TotalProdutosCentavos: 3500, TotalCentavos: 3800, FlexCentavos: -20,
			Historico: []domain.EventoPedido{{Status: domain.StatusEnviado, Acao: domain.AcaoCriado, Por: vendedorID, Em: em}}}, nil
	}
}

// A process killed (SIGKILL) after an order's write and before its summaries' increments: on
// SQLite the two are one transaction, so the store shows no drift at all (neither was written);
// on MongoDB the order is there without its figures, and the reconciliation finds the drift
// and repairs it: the stored summaries then equal the recomputation from the orders. The child
// is this test binary, which kills itself at the store's point between the two writes
// (testkit.Queda).
func TestResumosProcessoMorto(t *testing.T) {
	ctxV, sc := vendedor("e1", "v1")
	ctx := caller.With(context.Background(), &caller.Caller{Empresa: "e1", Operador: "adm", Perfil: caller.Admin})
	// The child writes a third order (c1 again, and c3) and dies between the two writes.
	queda := testkit.NovaQueda(t, "crm_sales", "morto", func(st *store.Store) error {
		_, _, err := app.GravarPedidoNovo(servicoEm(t, st), ctxV, sc, "morto", pedidoQueConta("v1", "c3"))
		return err
	})
	s := servicoEm(t, queda.Store)
	// Two orders written whole before the crash.
	for i, cl := range []string{"c1", "c2"} {
		if _, _, err := app.GravarPedidoNovo(s, ctxV, sc, fmt.Sprintf("antes-%d", i), pedidoQueConta("v1", cl)); err != nil {
			t.Fatal(err)
		}
	}
	if _, d, err := s.ReconciliarResumos(ctx, true); err != nil || len(d) != 0 {
		t.Fatalf("antes da queda: %v %v", d, err)
	}
	queda.Matar(t)
	n, d, err := s.ReconciliarResumos(ctx, true)
	if err != nil {
		t.Fatal(err)
	}
	_, gerr := s.Col.Pedidos.Get(ctxV, sc, "morto")
	switch s.Col.Pedidos.Store().Kind() {
	case "sqlite":
		// One transaction: rolled back whole (the kill came before its commit).
		if len(d) != 0 || n != 2 || !errs.IsKind(gerr, errs.KindNotFound) {
			t.Fatalf("SQLite: %d pedidos, pedido do filho %v, divergências %+v", n, gerr, d)
		}
	default:
		// The order is stored, its figures are not: the reconciliation sees the drift.
		if len(d) == 0 || n != 3 || gerr != nil {
			t.Fatalf("MongoDB: %d pedidos, pedido do filho %v, divergências %+v", n, gerr, d)
		}
		if _, _, err := s.ReconciliarResumos(ctx, false); err != nil {
			t.Fatal(err)
		}
	}
	pedidos, err := s.Col.Pedidos.All(ctx, store.Company("e1"), store.Query{})
	if err != nil {
		t.Fatal(err)
	}
	gravado, err := s.ResumosGravados(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if d := domain.Divergencias(gravado, domain.RecalcularResumos(pedidos)); len(d) != 0 {
		t.Fatalf("resumos ≠ recálculo depois da queda: %+v", d)
	}
	if v, _ := s.Col.Resumos.VendedorMes.Get(ctx, store.Company("e1"), &domain.LinhaVendedorMes{VendedorID: "v1", Mes: "2026-03"}); v.Pedidos != int64(len(pedidos)) || v.Clientes != int64(len(pedidos)) {
		t.Fatalf("vendedor × mês com %d pedidos: %+v", len(pedidos), v)
	}
}

func servicoEm(t *testing.T, st *store.Store) *app.Service {
	t.Helper()
	col, err := adapters.Declare(context.Background(), st.For("crm_sales"))
	if err != nil {
		t.Fatal(err)
	}
	return &app.Service{Col: col}
}
