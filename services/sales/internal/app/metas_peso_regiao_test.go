package app_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// Property: weight goals and goals narrowed to a region (the customer's region on the order),
// for generated orders taken through random status changes and cancellations, read from the
// summaries equal a sum computed here over the orders; the reconciliation finds no difference;
// another company's orders never count.
func TestMetasPesoERegiao(t *testing.T) {
	s := servico(t)
	adm := admin("e1")
	r := rand.New(rand.NewPCG(41, 9))
	regioes := []string{"", "r1", "r|2"}
	grupos := []string{"Café", "Doces"}
	var pedidos []*domain.Pedido
	for i := range 120 {
		p := &domain.Pedido{VendedorID: fmt.Sprintf("v%d", r.IntN(3)), ClienteID: fmt.Sprintf("c%d", r.IntN(6)), Tipo: domain.TipoVenda,
			Status: domain.StatusesPedido[r.IntN(len(domain.StatusesPedido))], Cliente: domain.ClientePedido{RegiaoID: regioes[r.IntN(3)]},
			EnviadoEm: time.Date(2026, time.Month(3+r.IntN(2)), 1+r.IntN(28), 15, 0, 0, 0, time.UTC)}
		p.ID = fmt.Sprintf("p%d", i)
		for range 1 + r.IntN(3) {
			q := int64(1 + r.IntN(12))
			it := domain.ItemPedido{ProdutoID: fmt.Sprintf("prod%d", r.IntN(4)), Grupo: grupos[r.IntN(2)], Quantidade: q,
				PesoGramas: int64(r.IntN(4) * 125), ValorCentavos: q * int64(100+r.IntN(900))}
			if r.IntN(5) == 0 {
				it.Bonificacao, it.ValorCentavos, it.BonificacaoCentavos = true, 0, q*100
			}
			p.Itens = append(p.Itens, it)
			p.TotalProdutosCentavos += it.ValorCentavos
		}
		if err := app.AplicarResumos(s, adm, "e1", nil, p); err != nil {
			t.Fatal(err)
		}
		pedidos = append(pedidos, p)
	}
	for range 80 {
		i := r.IntN(len(pedidos))
		depois := *pedidos[i]
		depois.Status = []domain.StatusPedido{domain.StatusCancelado, domain.StatusEnviado, domain.StatusEntregue, domain.StatusReprovado}[r.IntN(4)]
		if err := app.AplicarResumos(s, adm, "e1", pedidos[i], &depois); err != nil {
			t.Fatal(err)
		}
		pedidos[i] = &depois
	}
	// Another company's order in r1 for v0 in March (ids the same): never counted.
	outro := &domain.Pedido{VendedorID: "v0", ClienteID: "c0", Tipo: domain.TipoVenda, Status: domain.StatusEnviado,
		Cliente: domain.ClientePedido{RegiaoID: "r1"}, EnviadoEm: time.Date(2026, 3, 10, 15, 0, 0, 0, time.UTC),
		Itens: []domain.ItemPedido{{Grupo: "Café", Quantidade: 1000, PesoGramas: 1000, ValorCentavos: 1 << 30}}, TotalProdutosCentavos: 1 << 30}
	outro.ID = "outro"
	if err := app.AplicarResumos(s, admin("e2"), "e2", nil, outro); err != nil {
		t.Fatal(err)
	}
	// Goals: per seller and month, weight (whole, a group's, a region's) and value and quantity of a region.
	var metas []*domain.Meta
	for _, v := range []string{"v0", "v1", "v2"} {
		for _, mes := range []string{"2026-03", "2026-04"} {
			for i, m := range []domain.Meta{{Tipo: domain.TipoPeso}, {Tipo: domain.TipoPeso, Grupo: "Café"}, {Tipo: domain.TipoPeso, RegiaoID: "r1"},
				{Tipo: domain.TipoValor, RegiaoID: "r|2"}, {Tipo: domain.TipoQuantidade, RegiaoID: "r1"}} {
				m.Meta = store.Meta{ID: fmt.Sprintf("m-%s-%s-%d", v, mes, i)}
				m.Mes, m.VendedorID, m.Alvo = mes, v, 1000
				criada, err := s.Metas().Criar(adm, &m)
				if err != nil {
					t.Fatal(err)
				}
				metas = append(metas, criada)
			}
		}
	}
	apuradas, err := s.ApurarMetas(adm, metas)
	if err != nil {
		t.Fatal(err)
	}
	// The oracle: loops over the counting orders.
	conta := map[domain.StatusPedido]bool{"enviado": true, "em_separacao": true, "faturado": true, "entregue": true}
	var medidas int
	for _, a := range apuradas {
		var want int64
		for _, p := range pedidos {
			if !conta[p.Status] || p.VendedorID != a.VendedorID || p.EnviadoEm.Format("2006-01") != a.Mes ||
				(a.RegiaoID != "" && p.Cliente.RegiaoID != a.RegiaoID) {
				continue
			}
			for _, it := range p.Itens {
				if a.Grupo != "" && it.Grupo != a.Grupo {
					continue
				}
				switch a.Tipo {
				case domain.TipoPeso:
					want += it.Quantidade * it.PesoGramas
				case domain.TipoValor:
					want += it.ValorCentavos
				case domain.TipoQuantidade:
					want += it.Quantidade
				}
			}
		}
		if a.Realizado != want {
			t.Errorf("%s %s %s grupo %q região %q: %d, esperado %d", a.VendedorID, a.Mes, a.Tipo, a.Grupo, a.RegiaoID, a.Realizado, want)
		}
		if want > 0 {
			medidas++
		}
	}
	if medidas < len(apuradas)*3/4 {
		t.Fatalf("só %d de %d metas com realizado: o teste mede pouco", medidas, len(apuradas))
	}
	// The reconciliation (the summaries and each goal's achievement against the orders) finds nothing.
	for _, p := range pedidos {
		if _, _, err := s.Col.Pedidos.Create(adm, store.Company("e1"), p); err != nil {
			t.Fatal(err)
		}
	}
	if _, d, err := s.ReconciliarResumos(adm, true); err != nil || len(d) != 0 {
		t.Fatalf("reconciliação: %+v %v", d, err)
	}
}
