package app_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
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
	tocados := map[domain.ChaveResumo]bool{}
	for i := range pedidos {
		p := &domain.Pedido{VendedorID: fmt.Sprintf("v%d", r.IntN(3)), ClienteID: fmt.Sprintf("c%d", r.IntN(4)), Status: domain.StatusOrcamento,
			EnviadoEm: time.Date(2026, time.Month(1+r.IntN(2)), 10, 15, 0, 0, 0, time.UTC)}
		for range 1 + r.IntN(3) {
			q := int64(1 + r.IntN(9))
			p.Itens = append(p.Itens, domain.ItemPedido{Grupo: []string{"BEB", "DOC", "A|B"}[r.IntN(3)], Quantidade: q,
				ValorCentavos: q * 100, TotalCentavos: q * 110})
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
				v := domain.VariacaoResumos(antes, &depois)
				mu.Lock()
				for _, inc := range v.Incrementos {
					tocados[inc.ChaveResumo] = true
				}
				for _, pr := range v.Presencas {
					tocados[domain.ChaveResumo{Resumo: domain.ResumoPresencas, ID: pr.ID}], tocados[pr.Alvo] = true, true
				}
				mu.Unlock()
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
	for k := range recalculado {
		tocados[k] = true
	}
	gravado := domain.Resumos{}
	for k := range tocados {
		c, err := s.Col.Pedidos.Store().Counters(ctx, k.Resumo, "e1", k.ID)
		if err != nil {
			t.Fatal(err)
		}
		gravado[k] = c
	}
	if d := domain.Divergencias(gravado, recalculado); len(d) != 0 {
		t.Fatalf("%d divergências, a primeira: %+v", len(d), d[0])
	}
	if len(recalculado) == 0 {
		t.Fatal("nenhum pedido contou: o teste não mediu nada")
	}
	// Another company's figures are apart.
	if c, _ := s.Col.Pedidos.Store().Counters(ctx, domain.ResumoClienteEmAberto, "e2", "c0"); len(c) != 0 {
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
	st := s.Col.Pedidos.Store()
	mustIncr := func(nome, id string, campos map[string]int64) {
		if _, err := st.Incr(ctx, nome, "e1", id, campos); err != nil {
			t.Fatal(err)
		}
	}
	mustIncr(domain.ResumoVendedorMes, "v1|2026-03", map[string]int64{domain.CampoValor: 7})
	mustIncr(domain.ResumoClienteMes, "c9|2026-03", map[string]int64{domain.CampoPedidos: 1})
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
	if v, _ := st.Counters(ctx, domain.ResumoVendedorMes, "e1", "v1|2026-03"); v[domain.CampoPedidos] != 2 || v[domain.CampoValor] != 2000 {
		t.Fatalf("vendedor × mês: %v", v)
	}
}
