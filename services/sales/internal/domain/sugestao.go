package domain

import (
	"sort"
	"time"

	"github.com/crmvendas/crm/services/platform/store"
)

// What each customer stopped buying (issue 23, "sugestões"): the products a customer bought in
// at least SugestaoMinMeses of the last SugestaoMeses months and not in the last
// SugestaoDiasSemCompra days, each with the quantity the customer usually takes.
//
// The figures come from a summary kept on write with the others (resumo.go), one row per
// customer × day × product:
//
//	resumo_cliente_produto_dia  cliente|dia|produto  pedidos, quantidade
//
// dia is the day the order was sent in America/Sao_Paulo (DiaDoPedido: the same instant as the
// month of the other summaries), pedidos the counting orders of that day with the product, and
// quantidade the units sold in them. Only sales count (tipo venda, items not given: a bonificação
// or a troca is not a purchase), and only while the order counts (ContaNosResumos, the shared
// status sets): an order cancelled or rejected takes its units back, an edited one moves them.
// A day, not a month, because "not in the last 45 days" and "the last date bought" need the day
// and, unlike a maximum, a day's row can go back to zero when an order leaves the figures.
//
// The usual quantity is the lower median of the quantities bought per purchase day in the window:
// one exceptional stock-up does not move it (a mean would), and it is always a quantity the
// customer really took on some day — so a multiple of the product's sales multiple, ready to be
// a line as it is (the mean of 6 and 12 would be 9, not a valid quantity of a product sold by 6).

// The rule's parameters.
const (
	// SugestaoMeses: the window, in whole months before the current one (a purchase in the
	// current month is always within the last 45 days, so the current month could only remove
	// products, never add them).
	SugestaoMeses = 6
	// SugestaoMinMeses: in how many of those months the product must have been bought.
	SugestaoMinMeses = 2
	// SugestaoDiasSemCompra: the product was not bought on this day before today or later.
	SugestaoDiasSemCompra = 45
)

// ResumoClienteProdutoDia is the summary behind the suggestions.
const ResumoClienteProdutoDia = "resumo_cliente_produto_dia"

// LinhaClienteProdutoDia is a row of resumo_cliente_produto_dia: one product a customer bought
// on one day. Like the other rows keyed by customer it belongs to the seller of the latest order
// that moved it.
type LinhaClienteProdutoDia struct {
	store.Meta `bson:",inline"`
	ClienteID  string `bson:"cliente_id"`
	Dia        string `bson:"dia"`
	ProdutoID  string `bson:"produto_id"`
	VendedorID string `bson:"vendedor_id"`
	Pedidos    int64  `bson:"pedidos"`
	Quantidade int64  `bson:"quantidade"`
}

// Chave is the row's summary key.
func (l *LinhaClienteProdutoDia) Chave() ChaveResumo {
	return ChaveResumo{ResumoClienteProdutoDia, idResumo(l.ClienteID, l.Dia, l.ProdutoID)}
}

// Campos are the row's figures by field name, zeros left out.
func (l *LinhaClienteProdutoDia) Campos() map[string]int64 {
	return semZeros(map[string]int64{CampoPedidos: l.Pedidos, CampoQuantidade: l.Quantidade})
}

// DiaDoPedido is the order's day for the summaries, "AAAA-MM-DD" in America/Sao_Paulo: the day
// it was sent (else created), as MesDoPedido.
func DiaDoPedido(p *Pedido) Data {
	t := p.EnviadoEm
	if t.IsZero() {
		t = p.CriadoEm
	}
	return Data(t.In(saoPaulo).Format("2006-01-02"))
}

// contribuicaoCompras adds what a counting order puts in resumo_cliente_produto_dia: per product
// sold (not given) in a sale, the units and the order once.
func contribuicaoCompras(p *Pedido, add func(ChaveResumo, string, int64)) {
	if p.Tipo != TipoVenda {
		return
	}
	dia := string(DiaDoPedido(p))
	vistos := map[string]bool{}
	for _, it := range p.Itens {
		if it.Bonificacao {
			continue
		}
		k := ChaveResumo{ResumoClienteProdutoDia, idResumo(p.ClienteID, dia, it.ProdutoID)}
		add(k, CampoQuantidade, it.Quantidade)
		if !vistos[it.ProdutoID] {
			vistos[it.ProdutoID] = true
			add(k, CampoPedidos, 1)
		}
	}
}

// CompraDia is what a customer bought of a product on a day (a row of the summary).
type CompraDia struct {
	ProdutoID  string
	Dia        Data
	Pedidos    int64
	Quantidade int64
}

// Sugestao is a product the customer stopped buying.
type Sugestao struct {
	ProdutoID string
	// QuantidadeUsual is the lower median of the quantities bought per day in the window.
	QuantidadeUsual int64
	// UltimaCompra is the last day the customer bought it.
	UltimaCompra Data
	// MesesComprados are the months ("AAAA-MM") of the window in which it was bought, in order.
	MesesComprados []string
	// Compras is how many days it was bought in the window.
	Compras int
}

// InicioSugestoes is the first day of the window seen on hoje: the first day of the month
// SugestaoMeses before hoje's (the rows to read start there).
func InicioSugestoes(hoje Data) Data {
	t, err := time.Parse("2006-01-02", string(hoje))
	if err != nil {
		return hoje
	}
	return Data(time.Date(t.Year(), t.Month()-SugestaoMeses, 1, 0, 0, 0, 0, time.UTC).Format("2006-01-02"))
}

// Sugestoes applies the rule to a customer's purchases seen on hoje: the products bought in at
// least SugestaoMinMeses of the SugestaoMeses whole months before hoje's month and not on or after
// the day SugestaoDiasSemCompra days before hoje, with the usual quantity; the most usual first
// (more months, then more purchase days, then the most recent, then by product id). Rows at zero
// (orders that left the figures) are no purchase.
func Sugestoes(compras []CompraDia, hoje Data) []Sugestao {
	t, err := time.Parse("2006-01-02", string(hoje))
	if err != nil {
		return nil
	}
	inicio := InicioSugestoes(hoje)
	fimJanela := Data(time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC).Format("2006-01-02"))
	recente := Data(t.AddDate(0, 0, -SugestaoDiasSemCompra).Format("2006-01-02"))
	type acc struct {
		ultima Data
		meses  map[string]bool
		qtds   []int64
	}
	por := map[string]*acc{}
	for _, c := range compras {
		if c.Pedidos <= 0 || c.Quantidade <= 0 {
			continue
		}
		a := por[c.ProdutoID]
		if a == nil {
			a = &acc{meses: map[string]bool{}}
			por[c.ProdutoID] = a
		}
		if c.Dia > a.ultima {
			a.ultima = c.Dia
		}
		if c.Dia >= inicio && c.Dia < fimJanela {
			a.meses[string(c.Dia)[:7]] = true
			a.qtds = append(a.qtds, c.Quantidade)
		}
	}
	var out []Sugestao
	for id, a := range por {
		if len(a.meses) < SugestaoMinMeses || a.ultima >= recente {
			continue
		}
		meses := make([]string, 0, len(a.meses))
		for m := range a.meses {
			meses = append(meses, m)
		}
		sort.Strings(meses)
		q := append([]int64(nil), a.qtds...)
		sort.Slice(q, func(i, j int) bool { return q[i] < q[j] })
		out = append(out, Sugestao{ProdutoID: id, QuantidadeUsual: q[(len(q)-1)/2], UltimaCompra: a.ultima,
			MesesComprados: meses, Compras: len(q)})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		switch {
		case len(a.MesesComprados) != len(b.MesesComprados):
			return len(a.MesesComprados) > len(b.MesesComprados)
		case a.Compras != b.Compras:
			return a.Compras > b.Compras
		case a.UltimaCompra != b.UltimaCompra:
			return a.UltimaCompra > b.UltimaCompra
		}
		return a.ProdutoID < b.ProdutoID
	})
	return out
}
