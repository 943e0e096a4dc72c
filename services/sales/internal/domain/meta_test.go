package domain

import (
	"strings"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/errs"
)

func TestMetaNormalizar(t *testing.T) {
	ok := Meta{Mes: " 2026-03 ", VendedorID: " v1 ", Tipo: " Valor ", Alvo: 100, Grupo: " Café "}
	if err := ok.Normalizar(); err != nil || ok.Mes != "2026-03" || ok.VendedorID != "v1" || ok.Tipo != "valor" || ok.Grupo != "Café" {
		t.Fatalf("válida: %v %+v", err, ok)
	}
	// Weight goals, and goals narrowed to a region, of every kind but positivação.
	for _, m := range []Meta{{Mes: "2026-03", VendedorID: "v", Tipo: "peso", Alvo: 250000}, {Mes: "2026-03", VendedorID: "v", Tipo: "peso", Alvo: 1, RegiaoID: " r1 "},
		{Mes: "2026-03", VendedorID: "v", Tipo: "valor", Alvo: 1, RegiaoID: "r1"}, {Mes: "2026-03", VendedorID: "v", Tipo: "quantidade", Alvo: 1, RegiaoID: "r1"}} {
		if err := m.Normalizar(); err != nil {
			t.Errorf("%+v: %v", m, err)
		}
	}
	for _, c := range []struct {
		nome  string
		m     Meta
		campo string
		msg   string
	}{
		{"mês", Meta{Mes: "2026-3", VendedorID: "v", Tipo: "valor", Alvo: 1}, "mes", MsgMes},
		{"mês 13", Meta{Mes: "2026-13", VendedorID: "v", Tipo: "valor", Alvo: 1}, "mes", MsgMes},
		{"alvo zero", Meta{Mes: "2026-03", VendedorID: "v", Tipo: "valor"}, "alvo", MsgMetaAlvo},
		{"alvo negativo", Meta{Mes: "2026-03", VendedorID: "v", Tipo: "quantidade", Alvo: -1}, "alvo", MsgMetaAlvo},
		{"tipo", Meta{Mes: "2026-03", VendedorID: "v", Tipo: "ligacoes", Alvo: 1}, "tipo", MsgMetaTipo},
		{"visitas com grupo", Meta{Mes: "2026-03", VendedorID: "v", Tipo: "visitas", Alvo: 1, Grupo: "g"}, "tipo", MsgMetaVisitasCorte},
		{"sem vendedor", Meta{Mes: "2026-03", Tipo: "valor", Alvo: 1}, "vendedor_id", MsgMetaVendedor},
		{"grupo e região", Meta{Mes: "2026-03", VendedorID: "v", Tipo: "peso", Alvo: 1, Grupo: "g", RegiaoID: "r"}, "regiao_id", MsgMetaRecorte},
		{"região e cliente", Meta{Mes: "2026-03", VendedorID: "v", Tipo: "valor", Alvo: 1, RegiaoID: "r", ClienteID: "c"}, "cliente_id", MsgMetaRecorte},
		{"positivação com região", Meta{Mes: "2026-03", VendedorID: "v", Tipo: "positivacao", Alvo: 1, RegiaoID: "r"}, "tipo", MsgMetaPositivCorte},
		{"dois recortes", Meta{Mes: "2026-03", VendedorID: "v", Tipo: "valor", Alvo: 1, Grupo: "g", ClienteID: "c"}, "cliente_id", MsgMetaRecorte},
		{"positivação com grupo", Meta{Mes: "2026-03", VendedorID: "v", Tipo: "positivacao", Alvo: 1, Grupo: "g"}, "tipo", MsgMetaPositivCorte},
		{"positivação acima de 100%", Meta{Mes: "2026-03", VendedorID: "v", Tipo: "positivacao", Alvo: 10001}, "alvo", MsgMetaPositivacao},
	} {
		err := c.m.Normalizar()
		if err == nil || !strings.Contains(err.Error()+fieldsOf(err), c.campo+"="+c.msg) {
			t.Errorf("%s: %v %s", c.nome, err, fieldsOf(err))
		}
	}
}

func fieldsOf(err error) string {
	var b strings.Builder
	var v errs.Violacoes
	v.Merge(err)
	for _, f := range v {
		b.WriteString(" " + f.Field + "=" + f.Description)
	}
	return b.String()
}

func TestMetaChaveUnica(t *testing.T) {
	a := Meta{Mes: "2026-03", VendedorID: "v|1", Tipo: "valor", Grupo: "g"}
	b := Meta{Mes: "2026-03", VendedorID: "v", Tipo: "valor", Grupo: "1|g"}
	if ChaveMeta(&a) == ChaveMeta(&b) {
		t.Errorf("chaves iguais para cortes diferentes: %s", ChaveMeta(&a))
	}
}

func TestMetaNumeros(t *testing.T) {
	m := Meta{Alvo: 3}
	for _, c := range []struct{ realizado, want int64 }{{0, 0}, {-5, 0}, {1, 3333}, {2, 6667}, {3, 10000}, {6, 20000}} {
		if got := m.Percentual(c.realizado); got != c.want {
			t.Errorf("Percentual(%d de 3) = %d, esperado %d", c.realizado, got, c.want)
		}
	}
	for _, c := range []struct{ alvo, pct, want int64 }{
		{10005, 1000, 11006}, {3, 1000, 3}, {10, 500, 11}, {15, -5000, 8}, {1, -9999, 1}, {100, 0, 100},
	} {
		if got := AlvoCopiado(c.alvo, c.pct); got != c.want {
			t.Errorf("AlvoCopiado(%d, %d) = %d, esperado %d", c.alvo, c.pct, got, c.want)
		}
	}
	for _, c := range []struct{ cli, cart, want int64 }{{0, 10, 0}, {1, 0, 0}, {1, 3, 3333}, {2, 3, 6667}, {3, 3, 10000}} {
		if got := Positivacao(c.cli, c.cart); got != c.want {
			t.Errorf("Positivacao(%d, %d) = %d, esperado %d", c.cli, c.cart, got, c.want)
		}
	}
}

func TestRealizadoDosPedidos(t *testing.T) {
	enviado := func(vendedor, cliente string, status StatusPedido, itens ...ItemPedido) *Pedido {
		p := &Pedido{VendedorID: vendedor, ClienteID: cliente, Status: status, Itens: itens,
			Cliente: ClientePedido{RegiaoID: map[string]string{"c1": "r1", "c2": "r2", "c3": "r1"}[cliente]}}
		p.EnviadoEm = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
		for _, it := range itens {
			p.TotalProdutosCentavos += it.ValorCentavos
		}
		return p
	}
	it := func(grupo string, qtd, valor int64) ItemPedido {
		return ItemPedido{Grupo: grupo, Quantidade: qtd, ValorCentavos: valor, PesoGramas: map[string]int64{"Café": 500, "Doces": 200}[grupo]}
	}
	pedidos := []*Pedido{
		enviado("v1", "c1", StatusEnviado, it("Café", 2, 5000), it("Doces", 3, 3000)),
		enviado("v1", "c2", StatusEntregue, it("Café", 1, 2500)),
		enviado("v1", "c2", StatusCancelado, it("Café", 10, 25000)),
		enviado("v2", "c1", StatusFaturado, it("Doces", 4, 4000)),
		enviado("v1", "c3", StatusOrcamento, it("Café", 7, 7000)),
	}
	for _, c := range []struct {
		m    Meta
		want int64
	}{
		{Meta{Mes: "2026-03", VendedorID: "v1", Tipo: TipoValor}, 10500},
		{Meta{Mes: "2026-03", VendedorID: "v1", Tipo: TipoQuantidade}, 6},
		{Meta{Mes: "2026-03", VendedorID: "v1", Tipo: TipoQuantidade, Grupo: "Café"}, 3},
		{Meta{Mes: "2026-03", VendedorID: "v1", Tipo: TipoValor, ClienteID: "c1"}, 12000},
		{Meta{Mes: "2026-03", VendedorID: "v1", Tipo: TipoPositivacao}, 5000},
		{Meta{Mes: "2026-04", VendedorID: "v1", Tipo: TipoValor}, 0},
		{Meta{Mes: "2026-03", VendedorID: "v1", Tipo: TipoPeso}, 2100},
		{Meta{Mes: "2026-03", VendedorID: "v1", Tipo: TipoPeso, Grupo: "Café"}, 1500},
		{Meta{Mes: "2026-03", VendedorID: "v1", Tipo: TipoValor, RegiaoID: "r1"}, 8000},
		{Meta{Mes: "2026-03", VendedorID: "v1", Tipo: TipoQuantidade, RegiaoID: "r2"}, 1},
		{Meta{Mes: "2026-03", VendedorID: "v1", Tipo: TipoPeso, RegiaoID: "r1"}, 1600},
		{Meta{Mes: "2026-03", VendedorID: "v2", Tipo: TipoPeso, RegiaoID: "r1"}, 800},
	} {
		if got := RealizadoDosPedidos(&c.m, pedidos, 4); got != c.want {
			t.Errorf("%+v: %d, esperado %d", c.m, got, c.want)
		}
	}
}
