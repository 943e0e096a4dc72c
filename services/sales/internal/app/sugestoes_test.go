package app_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/testkit"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// clientesDe answers for the customers of a portfolio and refuses the others, as the customer
// service does for a seller (403 FORA_DO_ESCOPO).
type clientesDe map[string]bool

func (c clientesDe) Obter(_ context.Context, id string) (domain.ClienteVenda, error) {
	if !c[id] {
		return domain.ClienteVenda{}, errs.OutOfScope("Acesso negado: cliente fora da sua carteira.")
	}
	return domain.ClienteVenda{VendedorID: "v1"}, nil
}

// TestSugestoesNoStore: resumo_cliente_produto_dia through the real store, moved by the orders'
// own writes: sent orders of past months make suggestions; cancelling one takes its purchase
// back (add-then-cancel leaves every row at zero), lines edited move only the difference, and the
// rows always equal the reconciliation's recomputation.
func TestSugestoesNoStore(t *testing.T) {
	s := servico(t)
	s.Now = func() time.Time { return time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC) }
	s.Clientes = clientesDe{"c1": true, "c2": true}
	ctx, sc := vendedor("e1", "v1")
	adm := caller.With(context.Background(), &caller.Caller{Empresa: "e1", Operador: "adm", Perfil: caller.Admin})
	for _, p := range []*domain.ProdutoCadastro{
		{Meta: store.Meta{ID: "pa"}, Codigo: "A", Descricao: "Açúcar 5kg", Unidade: "FD", Ativo: true},
		{Meta: store.Meta{ID: "pb"}, Codigo: "B", Descricao: "Café 500g", Unidade: "CX", Ativo: true},
		{Meta: store.Meta{ID: "pc"}, Codigo: "C", Descricao: "Fora de linha", Unidade: "UN", Ativo: false},
	} {
		if _, _, err := s.Col.Produtos.Create(adm, store.Company("e1"), p); err != nil {
			t.Fatal(err)
		}
	}
	enviado := func(id, cliente string, em time.Time, itens ...domain.ItemPedido) *domain.Pedido {
		t.Helper()
		p, _, err := app.GravarPedidoNovo(s, ctx, sc, id, func() (*domain.Pedido, error) {
			return &domain.Pedido{VendedorID: "v1", ClienteID: cliente, Status: domain.StatusEnviado, Tipo: domain.TipoVenda, EnviadoEm: em,
				Itens: itens, Historico: []domain.EventoPedido{{Status: domain.StatusEnviado, Acao: domain.AcaoEnviado, Por: "v1", Em: em}}}, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	it := func(prod string, q int64) domain.ItemPedido { return domain.ItemPedido{ProdutoID: prod, Quantidade: q} }
	dia := func(m time.Month, d int) time.Time { return time.Date(2026, m, d, 15, 0, 0, 0, time.UTC) }
	enviado("o1", "c1", dia(6, 3), it("pa", 12), it("pb", 6), it("pc", 1))
	enviado("o2", "c1", dia(7, 8), it("pa", 24), it("pc", 1))
	enviado("o3", "c1", dia(8, 5), it("pa", 12), it("pb", 6))
	enviado("o4", "c1", dia(11, 10), it("pb", 6)) // pb bought this month: no suggestion
	verificar := func(quando string) {
		t.Helper()
		if _, d, err := s.ReconciliarResumos(adm, true); err != nil || len(d) != 0 {
			t.Fatalf("%s: %d divergências %+v %v", quando, len(d), d, err)
		}
	}
	verificar("enviados")
	sug, err := s.Sugestoes(ctx, "c1")
	if err != nil {
		t.Fatal(err)
	}
	want := []app.SugestaoProduto{{Sugestao: domain.Sugestao{ProdutoID: "pa", QuantidadeUsual: 12, UltimaCompra: "2026-08-05",
		MesesComprados: []string{"2026-06", "2026-07", "2026-08"}, Compras: 3}, Descricao: "Açúcar 5kg", Unidade: "FD"}}
	if !reflect.DeepEqual(sug, want) {
		t.Fatalf("sugestões:\n got %+v\nwant %+v", sug, want)
	}

	// Add then cancel: a new customer's order sent and cancelled leaves its rows at zero.
	antes, err := s.Col.Resumos.ClienteProdutoDia.All(adm, store.Company("e1"), store.Query{Where: []store.Cond{store.Eq("cliente_id", "c2")}})
	if err != nil || len(antes) != 0 {
		t.Fatalf("c2 antes: %v %v", antes, err)
	}
	o5 := enviado("o5", "c2", dia(6, 10), it("pa", 6), it("pb", 3))
	enviado("o6", "c2", dia(7, 10), it("pa", 6))
	if sug, _ := s.Sugestoes(ctx, "c2"); len(sug) != 1 || sug[0].ProdutoID != "pa" {
		t.Fatalf("c2 com dois meses: %+v", sug)
	}
	if _, err := s.CancelarPedido(ctx, "o5", o5.Versao, "Cliente desistiu."); err != nil {
		t.Fatal(err)
	}
	verificar("cancelado")
	linha, err := s.Col.Resumos.ClienteProdutoDia.Get(adm, store.Company("e1"), &domain.LinhaClienteProdutoDia{ClienteID: "c2", Dia: "2026-06-10", ProdutoID: "pa"})
	if err != nil || linha.Pedidos != 0 || linha.Quantidade != 0 {
		t.Fatalf("enviado e cancelado não voltou a zero: %+v %v", linha, err)
	}
	if sug, _ := s.Sugestoes(ctx, "c2"); len(sug) != 0 {
		t.Fatalf("c2 depois de cancelar: %+v", sug)
	}

	// Lines edited on a counting order: only the difference moves (pb leaves, pa changes).
	o3, err := s.Col.Pedidos.Get(adm, store.Company("e1"), "o3")
	if err != nil {
		t.Fatal(err)
	}
	editado := *o3
	editado.Itens = []domain.ItemPedido{it("pa", 36)}
	if err := app.AplicarResumos(s, ctx, "e1", o3, &editado); err != nil {
		t.Fatal(err)
	}
	linha, _ = s.Col.Resumos.ClienteProdutoDia.Get(adm, store.Company("e1"), &domain.LinhaClienteProdutoDia{ClienteID: "c1", Dia: "2026-08-05", ProdutoID: "pa"})
	semPb, _ := s.Col.Resumos.ClienteProdutoDia.Get(adm, store.Company("e1"), &domain.LinhaClienteProdutoDia{ClienteID: "c1", Dia: "2026-08-05", ProdutoID: "pb"})
	if linha.Pedidos != 1 || linha.Quantidade != 36 || semPb.Pedidos != 0 || semPb.Quantidade != 0 {
		t.Fatalf("editado: pa %+v pb %+v", linha, semPb)
	}
	// Quantities 12, 24, 36: the median 24.
	if sug, _ := s.Sugestoes(ctx, "c1"); len(sug) != 1 || sug[0].QuantidadeUsual != 24 {
		t.Fatalf("depois de editar: %+v", sug)
	}

	// A customer outside the caller's scope: refused, nothing read; another company sees nothing.
	if _, err := s.Sugestoes(ctx, "c9"); !errs.IsKind(err, errs.KindForbidden) {
		t.Fatalf("fora da carteira: %v", err)
	}
	if _, err := s.Sugestoes(ctx, " "); !errs.IsKind(err, errs.KindInvalid) {
		t.Fatalf("sem cliente: %v", err)
	}
	ctxB, _ := vendedor("e2", "vB")
	if sug, err := s.Sugestoes(ctxB, "c1"); err != nil || len(sug) != 0 {
		t.Fatalf("outra empresa leu: %+v %v", sug, err)
	}
}

// TestSugestoesConstruidasNaPartida: a store whose summaries were built before
// resumo_cliente_produto_dia existed (the mark at version 1) gets it built from its orders on the
// next start, once; the other summaries are left as they were (no drift).
func TestSugestoesConstruidasNaPartida(t *testing.T) {
	st := testkit.Store(t, "crm_sales")
	s := servicoEm(t, st)
	ctx, sc := vendedor("e1", "v1")
	p := &domain.Pedido{VendedorID: "v1", ClienteID: "c1", Status: domain.StatusEntregue, Tipo: domain.TipoVenda,
		EnviadoEm: time.Date(2026, 6, 3, 15, 0, 0, 0, time.UTC), Itens: []domain.ItemPedido{{ProdutoID: "pa", Quantidade: 12}}}
	p.ID = "o1"
	if _, _, err := s.Col.Pedidos.Create(ctx, sc, p); err != nil { // an order of before: no increments
		t.Fatal(err)
	}
	if _, err := st.For("crm_sales").Incr(ctx, "resumos_modelos", "", "resumos_modelos", map[string]int64{"feito": -1}); err != nil {
		t.Fatal(err)
	}
	s = servicoEm(t, st) // the next start
	l, err := s.Col.Resumos.ClienteProdutoDia.Get(ctx, store.Company("e1"), &domain.LinhaClienteProdutoDia{ClienteID: "c1", Dia: "2026-06-03", ProdutoID: "pa"})
	if err != nil || l.Pedidos != 1 || l.Quantidade != 12 {
		t.Fatalf("não construído na partida: %+v %v", l, err)
	}
	adm := caller.With(context.Background(), &caller.Caller{Empresa: "e1", Operador: "adm", Perfil: caller.Admin})
	if _, d, err := s.ReconciliarResumos(adm, true); err != nil || len(d) != 0 {
		t.Fatalf("divergências depois da partida: %+v %v", d, err)
	}
	marca, err := st.For("crm_sales").Counters(ctx, "resumos_modelos", "", "resumos_modelos")
	if err != nil || marca["feito"] != app.VersaoResumos {
		t.Fatalf("marca: %v %v", marca, err)
	}
}
