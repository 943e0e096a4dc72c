package domain

import (
	"reflect"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/store"
)

// TestSugestoes: the rule on a table of purchases seen on 2026-11-20 (window: May to October
// 2026; bought on 2026-10-06 or later = within the last 45 days).
func TestSugestoes(t *testing.T) {
	const hoje = Data("2026-11-20")
	c := func(prod, dia string, qtd int64) CompraDia {
		return CompraDia{ProdutoID: prod, Dia: Data(dia), Pedidos: 1, Quantidade: qtd}
	}
	casos := []struct {
		nome    string
		compras []CompraDia
		want    []Sugestao
	}{
		{"dois meses, parado", []CompraDia{c("p1", "2026-06-03", 12), c("p1", "2026-08-10", 12)},
			[]Sugestao{{ProdutoID: "p1", QuantidadeUsual: 12, UltimaCompra: "2026-08-10", MesesComprados: []string{"2026-06", "2026-08"}, Compras: 2}}},
		{"um mês só (duas vezes)", []CompraDia{c("p1", "2026-07-01", 6), c("p1", "2026-07-20", 6)}, nil},
		{"comprado há exatamente 45 dias", []CompraDia{c("p1", "2026-06-03", 6), c("p1", "2026-10-06", 6)}, nil},
		{"comprado há 46 dias", []CompraDia{c("p1", "2026-06-03", 6), c("p1", "2026-10-05", 6)},
			[]Sugestao{{ProdutoID: "p1", QuantidadeUsual: 6, UltimaCompra: "2026-10-05", MesesComprados: []string{"2026-06", "2026-10"}, Compras: 2}}},
		{"comprado neste mês", []CompraDia{c("p1", "2026-05-03", 6), c("p1", "2026-07-03", 6), c("p1", "2026-11-02", 6)}, nil},
		{"um dos meses antes da janela", []CompraDia{c("p1", "2026-04-30", 6), c("p1", "2026-06-03", 6)}, nil},
		{"primeiro dia da janela conta", []CompraDia{c("p1", "2026-05-01", 6), c("p1", "2026-06-03", 6)},
			[]Sugestao{{ProdutoID: "p1", QuantidadeUsual: 6, UltimaCompra: "2026-06-03", MesesComprados: []string{"2026-05", "2026-06"}, Compras: 2}}},
		{"linha zerada (pedido cancelado) não é compra",
			[]CompraDia{c("p1", "2026-06-03", 6), {ProdutoID: "p1", Dia: "2026-08-03"}}, nil},
		{"linha zerada recente não impede",
			[]CompraDia{c("p1", "2026-06-03", 6), c("p1", "2026-07-03", 6), {ProdutoID: "p1", Dia: "2026-11-03"}},
			[]Sugestao{{ProdutoID: "p1", QuantidadeUsual: 6, UltimaCompra: "2026-07-03", MesesComprados: []string{"2026-06", "2026-07"}, Compras: 2}}},
		{"mediana: um exagero não pesa", []CompraDia{c("p1", "2026-05-04", 6), c("p1", "2026-06-04", 6), c("p1", "2026-07-04", 120)},
			[]Sugestao{{ProdutoID: "p1", QuantidadeUsual: 6, UltimaCompra: "2026-07-04", MesesComprados: []string{"2026-05", "2026-06", "2026-07"}, Compras: 3}}},
		{"mediana par: a menor do meio (uma quantidade comprada)", []CompraDia{c("p1", "2026-05-04", 24), c("p1", "2026-06-04", 6), c("p1", "2026-07-04", 12), c("p1", "2026-08-04", 18)},
			[]Sugestao{{ProdutoID: "p1", QuantidadeUsual: 12, UltimaCompra: "2026-08-04", MesesComprados: []string{"2026-05", "2026-06", "2026-07", "2026-08"}, Compras: 4}}},
		{"ordem: mais meses, mais compras, mais recente, id",
			[]CompraDia{
				c("d", "2026-05-04", 1), c("d", "2026-06-04", 1),
				c("a", "2026-05-04", 1), c("a", "2026-06-04", 1), c("a", "2026-07-04", 1),
				c("c", "2026-05-04", 1), c("c", "2026-06-04", 1), c("c", "2026-06-05", 1),
				c("b", "2026-05-04", 1), c("b", "2026-06-04", 1),
				c("e", "2026-05-04", 1), c("e", "2026-06-10", 1),
			},
			[]Sugestao{
				{ProdutoID: "a", QuantidadeUsual: 1, UltimaCompra: "2026-07-04", MesesComprados: []string{"2026-05", "2026-06", "2026-07"}, Compras: 3},
				{ProdutoID: "c", QuantidadeUsual: 1, UltimaCompra: "2026-06-05", MesesComprados: []string{"2026-05", "2026-06"}, Compras: 3},
				{ProdutoID: "e", QuantidadeUsual: 1, UltimaCompra: "2026-06-10", MesesComprados: []string{"2026-05", "2026-06"}, Compras: 2},
				{ProdutoID: "b", QuantidadeUsual: 1, UltimaCompra: "2026-06-04", MesesComprados: []string{"2026-05", "2026-06"}, Compras: 2},
				{ProdutoID: "d", QuantidadeUsual: 1, UltimaCompra: "2026-06-04", MesesComprados: []string{"2026-05", "2026-06"}, Compras: 2},
			}},
		{"nada comprado", nil, nil},
	}
	for _, cs := range casos {
		if got := Sugestoes(cs.compras, hoje); !reflect.DeepEqual(got, cs.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", cs.nome, got, cs.want)
		}
	}
}

func TestInicioSugestoes(t *testing.T) {
	for hoje, want := range map[Data]Data{"2026-11-20": "2026-05-01", "2027-01-15": "2026-07-01", "2026-06-30": "2025-12-01"} {
		if got := InicioSugestoes(hoje); got != want {
			t.Errorf("InicioSugestoes(%s) = %s, quero %s", hoje, got, want)
		}
	}
}

// TestVariacaoCompras: a sale's items (not the given ones) move resumo_cliente_produto_dia by
// the day it was sent in São Paulo, a product twice in one order counts one order; a troca does
// not; sent then cancelled (or edited) the rows go back to exactly what the order left.
func TestVariacaoCompras(t *testing.T) {
	p := &Pedido{Meta: store.Meta{ID: "o1"}, Tipo: TipoVenda, Status: StatusEnviado, ClienteID: "c1", VendedorID: "v1",
		EnviadoEm: time.Date(2026, 3, 11, 2, 30, 0, 0, time.UTC), // 10/03 23:30 in São Paulo
		Itens: []ItemPedido{
			{ProdutoID: "p1", Quantidade: 6}, {ProdutoID: "p1", Quantidade: 12},
			{ProdutoID: "p2", Quantidade: 4}, {ProdutoID: "p3", Quantidade: 2, Bonificacao: true},
		}}
	compras := func(v Variacao) map[string]map[string]int64 {
		out := map[string]map[string]int64{}
		for _, in := range v.Incrementos {
			if in.Resumo == ResumoClienteProdutoDia {
				out[in.ID] = in.Campos
			}
		}
		return out
	}
	want := map[string]map[string]int64{
		"c1|2026-03-10|p1": {CampoPedidos: 1, CampoQuantidade: 18},
		"c1|2026-03-10|p2": {CampoPedidos: 1, CampoQuantidade: 4},
	}
	if got := compras(VariacaoResumos(nil, p)); !reflect.DeepEqual(got, want) {
		t.Errorf("enviado: %v", got)
	}
	rascunho := *p
	rascunho.Status, rascunho.EnviadoEm = StatusOrcamento, time.Time{}
	if got := compras(VariacaoResumos(nil, &rascunho)); len(got) != 0 {
		t.Errorf("rascunho conta: %v", got)
	}
	troca := *p
	troca.Tipo = TipoTroca
	if got := compras(VariacaoResumos(nil, &troca)); len(got) != 0 {
		t.Errorf("troca conta: %v", got)
	}
	// Sent, then cancelled: the two changes sum to zero.
	cancelado := *p
	cancelado.Status = StatusCancelado
	soma := map[string]int64{}
	for _, v := range []Variacao{VariacaoResumos(nil, p), VariacaoResumos(p, &cancelado)} {
		for _, in := range v.Incrementos {
			if in.Resumo == ResumoClienteProdutoDia {
				for f, n := range in.Campos {
					soma[in.ID+"/"+f] += n
				}
			}
		}
	}
	for k, n := range soma {
		if n != 0 {
			t.Errorf("enviado e cancelado: %s = %d", k, n)
		}
	}
	// Lines edited after sending (invoiced with less): only the difference moves.
	editado := *p
	editado.Itens = []ItemPedido{{ProdutoID: "p1", Quantidade: 6}, {ProdutoID: "p4", Quantidade: 1}}
	want = map[string]map[string]int64{
		"c1|2026-03-10|p1": {CampoQuantidade: -12},
		"c1|2026-03-10|p2": {CampoPedidos: -1, CampoQuantidade: -4},
		"c1|2026-03-10|p4": {CampoPedidos: 1, CampoQuantidade: 1},
	}
	if got := compras(VariacaoResumos(p, &editado)); !reflect.DeepEqual(got, want) {
		t.Errorf("editado: %v", got)
	}
	// The reconciliation's recomputation sees the same rows.
	r := RecalcularResumos([]*Pedido{p})
	if got := r[ChaveResumo{ResumoClienteProdutoDia, "c1|2026-03-10|p1"}]; !reflect.DeepEqual(got, map[string]int64{CampoPedidos: 1, CampoQuantidade: 18}) {
		t.Errorf("recalculado: %v", got)
	}
}
