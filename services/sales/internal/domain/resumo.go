package domain

import (
	"sort"
	"strings"
	"time"
)

// The sales summaries kept on write (the computed pattern): for every change of an order the
// write asks VariacaoResumos(before, after) for the increments and carries them to the summaries'
// read models (resumo_modelos.go; store.ReadModel: in the order's transaction on SQLite); a
// reconciliation command compares RecalcularResumos over every order with the stored rows (the
// drift must be 0) and repairs it.
//
// Three summaries, one row per key, all with the order's month (MesDoPedido):
//
//	resumo_vendedor_mes        vendedor|mes         valor_centavos, total_centavos, quantidade, pedidos, clientes, bonificacao_centavos, faturado_centavos, produtos
//	resumo_cliente_mes         cliente|mes          the same
//	resumo_grupo_vendedor_mes  grupo|vendedor|mes   valor_centavos, total_centavos, quantidade, pedidos, clientes, bonificacao_centavos
//	resumo_regiao_vendedor_mes regiao|vendedor|mes  the seller's figures (orders whose customer had a region)
//
// and every one of them keeps peso_gramas (the items' quantity × the product's weight, given items
// too). One more, resumo_cliente_vendedor_dia (cliente|vendedor|dia: pedidos), keeps the days on
// which each customer had counting orders of each seller: its latest day is the customer's last
// order (ultimo_pedido.go).
//
// valor_centavos is the products' value (no IPI, ST or freight: what goals measure), total_centavos
// what the customer pays (with IPI, ST and, in the seller's and customer's, the freight), quantidade
// the units of every item (given ones too), bonificacao_centavos the given items' value at list
// price, faturado_centavos the invoices' sum. In the group summary an order counts once in pedidos
// for each group it has items of, and its values are those of the group's items.
//
// A fourth, resumo_cliente_produto_dia (what each customer bought, by day and product: the
// suggestions), is described in sugestao.go.
//
// An order counts from enviado (enviado, em_separacao, faturado, entregue) and leaves every
// figure when cancelado or reprovado (ContaNosResumos).
//
// Two running figures (no month) ride on the same increments, for the rules of the next orders:
//
//	resumo_cliente_em_aberto   cliente    total_centavos, pedidos   the orders weighing on the credit (StatusPedido.EmAberto:
//	                                                                aguardando_aprovacao, enviado, em_separacao): SituacaoCliente.EmAbertoCentavos;
//	                                      aguardando_aprovacao      of them, those waiting for approval (the panel)
//	resumo_flex_vendedor       vendedor   flex_centavos             what the counting orders did to the seller's flex balance
//	                                                                (the balance pricing sees = the policy's saldo_flex_centavos + this)
//
// clientes is the number of distinct customers with orders (in the customer's own summary, 1 when
// it has any that month: summing it over a portfolio gives the customers served). A plain
// increment per order would count a customer twice, so each distinct count has presence counters
// beside it, in resumo_presencas: the number of counting orders per customer × seller × month
// (and customer × month, and customer × group × seller × month). A Presenca is applied first
// (the row's increment yields its new value) and its Efeito, given that value, says whether the
// distinct count moves: +1 when the customer's counter went from 0 to 1, -1 when it went from 1
// to 0, nothing otherwise. Because a row's increment is atomic, two orders of the same customer
// sent at once still move the distinct count exactly once. Should a process die between a
// presence and its effect (MongoDB), the reconciliation finds the drift and rewrites the figure.

// Names of the summaries (their read models).
const (
	ResumoVendedorMes      = "resumo_vendedor_mes"
	ResumoClienteMes       = "resumo_cliente_mes"
	ResumoGrupoVendedorMes = "resumo_grupo_vendedor_mes"
	ResumoPresencas        = "resumo_presencas"
	ResumoClienteEmAberto  = "resumo_cliente_em_aberto"
	ResumoFlexVendedor     = "resumo_flex_vendedor"
	// ResumoRegiaoVendedorMes: a seller's month in one customer region (the region the order's
	// customer had when it was priced: Pedido.Cliente.RegiaoID), the goals narrowed to a region.
	ResumoRegiaoVendedorMes = "resumo_regiao_vendedor_mes"
	// ResumoClienteVendedorDia: the counting orders of a customer by a seller on a day (every
	// kind: sale, bonificação, troca). Its latest day with orders is the customer's last order
	// (the panel's sem_pedido: UltimosPedidos).
	ResumoClienteVendedorDia = "resumo_cliente_vendedor_dia"
)

// Fields of the summaries.
const (
	CampoValor       = "valor_centavos"
	CampoTotal       = "total_centavos"
	CampoQuantidade  = "quantidade"
	CampoPedidos     = "pedidos"
	CampoClientes    = "clientes"
	CampoBonificacao = "bonificacao_centavos"
	CampoFaturado    = "faturado_centavos"
	CampoFlex        = "flex_centavos"
	// CampoProdutos: the distinct products of each counting order, summed (the panel's mix:
	// produtos ÷ pedidos); CampoAguardando: the orders waiting for approval (in the open total's row).
	CampoProdutos   = "produtos"
	CampoAguardando = "aguardando_aprovacao"
	// CampoPeso: grams, each item's quantity × the product's weight when priced (given items too,
	// as quantidade: what leaves the warehouse).
	CampoPeso = "peso_gramas"
)

// CamposFiguras are the counters of FigurasVenda (the month summaries), in a fixed order.
var CamposFiguras = []string{CampoValor, CampoTotal, CampoQuantidade, CampoPedidos, CampoClientes, CampoBonificacao,
	CampoFaturado, CampoProdutos, CampoPeso}

// MesDoPedido is the order's month for the summaries, "AAAA-MM": the month, in America/Sao_Paulo,
// of when the seller sent it (EnviadoEm; an order approved on the 1st that was sent on the 31st
// counts in the month it was sent, the month the seller made the sale). An order never sent
// (imported history) falls back to its creation.
func MesDoPedido(p *Pedido) string {
	t := p.EnviadoEm
	if t.IsZero() {
		t = p.CriadoEm
	}
	return MesDe(t)
}

// ChaveResumo names a summary row: the summary and the row's key, its parts escaped and joined
// by '|' (PartesResumo splits it).
type ChaveResumo struct {
	Resumo string
	ID     string
}

// Incremento is what to add to the fields of one summary row.
type Incremento struct {
	ChaveResumo
	Campos map[string]int64
}

// Presenca is a change of one presence counter (in resumo_presencas, field pedidos) by Delta (+1:
// the order starts counting for this customer, -1: it stops), and the distinct count it drives
// (Alvo, field clientes).
type Presenca struct {
	ID    string
	Delta int64
	Alvo  ChaveResumo
}

// Efeito is the change of the distinct count once the presence counter holds novo (the row's
// value after its increment): +1 on Alvo.clientes when the counter left 0, -1 when it reached 0; ok false otherwise.
func (pr Presenca) Efeito(novo int64) (Incremento, bool) {
	antes := novo - pr.Delta
	switch {
	case antes <= 0 && novo > 0:
		return Incremento{ChaveResumo: pr.Alvo, Campos: map[string]int64{CampoClientes: 1}}, true
	case antes > 0 && novo <= 0:
		return Incremento{ChaveResumo: pr.Alvo, Campos: map[string]int64{CampoClientes: -1}}, true
	}
	return Incremento{}, false
}

// Variacao is what one change of an order does to the summaries: plain increments, and presence
// changes whose effect depends on the counter's new value.
type Variacao struct {
	Incrementos []Incremento
	Presencas   []Presenca
}

// Vazia reports whether the change moves no figure.
func (v Variacao) Vazia() bool { return len(v.Incrementos) == 0 && len(v.Presencas) == 0 }

// ChaveVendedorMes, ChaveClienteEmAberto and ChaveFlexVendedor are the keys of the summary rows
// the rules of the next orders read.
func ChaveVendedorMes(vendedor, mes string) string { return idResumo(vendedor, mes) }
func ChaveClienteEmAberto(cliente string) string   { return idResumo(cliente) }
func ChaveFlexVendedor(vendedor string) string     { return idResumo(vendedor) }

// MesDe is the month "AAAA-MM" of t in America/Sao_Paulo (the month of the summaries).
func MesDe(t time.Time) string { return t.In(saoPaulo).Format("2006-01") }

// parte escapes a component of an id ('|' separates them).
func parte(s string) string { return escapeParte.Replace(s) }

var escapeParte = strings.NewReplacer("%", "%25", "|", "%7C")

func idResumo(partes ...string) string {
	for i, s := range partes {
		partes[i] = parte(s)
	}
	return strings.Join(partes, "|")
}

// contribuicao is everything an order adds to the summaries as it is (nothing when it does not
// count): the counters and the presences (presence id → the distinct count it drives).
func contribuicao(p *Pedido) (map[ChaveResumo]map[string]int64, map[string]ChaveResumo) {
	cont, pres := map[ChaveResumo]map[string]int64{}, map[string]ChaveResumo{}
	if p == nil {
		return cont, pres
	}
	add := func(k ChaveResumo, campo string, v int64) {
		if cont[k] == nil {
			cont[k] = map[string]int64{}
		}
		cont[k][campo] += v
	}
	if p.Status.EmAberto() {
		k := ChaveResumo{ResumoClienteEmAberto, idResumo(p.ClienteID)}
		add(k, CampoTotal, p.TotalCentavos)
		add(k, CampoPedidos, 1)
		if p.Status == StatusAguardandoAprovacao {
			add(k, CampoAguardando, 1)
		}
	}
	if !p.Status.ContaNosResumos() {
		return cont, pres
	}
	add(ChaveResumo{ResumoFlexVendedor, idResumo(p.VendedorID)}, CampoFlex, p.FlexCentavos)
	mes := MesDoPedido(p)
	vend := ChaveResumo{ResumoVendedorMes, idResumo(p.VendedorID, mes)}
	cli := ChaveResumo{ResumoClienteMes, idResumo(p.ClienteID, mes)}
	var qtd, peso int64
	produtos := map[string]bool{}
	for _, it := range p.Itens {
		qtd += it.Quantidade
		peso += it.Peso()
		if it.ProdutoID != "" {
			produtos[it.ProdutoID] = true
		}
	}
	linhas := []ChaveResumo{vend, cli}
	if r := p.Cliente.RegiaoID; r != "" {
		reg := ChaveResumo{ResumoRegiaoVendedorMes, idResumo(r, p.VendedorID, mes)}
		linhas = append(linhas, reg)
		pres[idResumo("regiao", r, p.VendedorID, p.ClienteID, mes)] = reg
	}
	for _, k := range linhas {
		add(k, CampoPeso, peso)
		add(k, CampoValor, p.TotalProdutosCentavos)
		add(k, CampoTotal, p.TotalCentavos)
		add(k, CampoQuantidade, qtd)
		add(k, CampoPedidos, 1)
		add(k, CampoBonificacao, p.BonificacaoCentavos)
		add(k, CampoFaturado, p.FaturadoCentavos)
		add(k, CampoProdutos, int64(len(produtos)))
	}
	pres[idResumo("cliente", p.ClienteID, mes)] = cli
	pres[idResumo("vendedor", p.VendedorID, p.ClienteID, mes)] = vend
	grupos := map[string]bool{}
	for _, it := range p.Itens {
		g := ChaveResumo{ResumoGrupoVendedorMes, idResumo(it.Grupo, p.VendedorID, mes)}
		add(g, CampoValor, it.ValorCentavos)
		add(g, CampoTotal, it.TotalCentavos)
		add(g, CampoQuantidade, it.Quantidade)
		add(g, CampoBonificacao, it.BonificacaoCentavos)
		add(g, CampoPeso, it.Peso())
		if !grupos[it.Grupo] {
			grupos[it.Grupo] = true
			add(g, CampoPedidos, 1)
			pres[idResumo("grupo", it.Grupo, p.VendedorID, p.ClienteID, mes)] = g
		}
	}
	add(ChaveResumo{ResumoClienteVendedorDia, idResumo(p.ClienteID, p.VendedorID, string(DiaDoPedido(p)))}, CampoPedidos, 1)
	contribuicaoCompras(p, add) // resumo_cliente_produto_dia (sugestao.go)
	return cont, pres
}

// VariacaoResumos is what a change of an order from antes to depois does to the summaries (nil:
// the order does not exist on that side; for a new order antes is nil). It is the difference of
// the two orders' contributions, so it is right for any change: entering the figures (enviado, or
// approval), leaving them (cancelado), the invoice's value arriving, or nothing (an edit of a
// draft). Zero increments are left out; the result is in a stable order.
func VariacaoResumos(antes, depois *Pedido) Variacao {
	ca, pa := contribuicao(antes)
	cd, pd := contribuicao(depois)
	delta := map[ChaveResumo]map[string]int64{}
	soma := func(c map[ChaveResumo]map[string]int64, sinal int64) {
		for k, campos := range c {
			for f, v := range campos {
				if delta[k] == nil {
					delta[k] = map[string]int64{}
				}
				delta[k][f] += sinal * v
			}
		}
	}
	soma(cd, 1)
	soma(ca, -1)
	var out Variacao
	for k, campos := range delta {
		for f, v := range campos {
			if v == 0 {
				delete(campos, f)
			}
		}
		if len(campos) > 0 {
			out.Incrementos = append(out.Incrementos, Incremento{ChaveResumo: k, Campos: campos})
		}
	}
	for id, alvo := range pd {
		if _, ok := pa[id]; !ok {
			out.Presencas = append(out.Presencas, Presenca{ID: id, Delta: 1, Alvo: alvo})
		}
	}
	for id, alvo := range pa {
		if _, ok := pd[id]; !ok {
			out.Presencas = append(out.Presencas, Presenca{ID: id, Delta: -1, Alvo: alvo})
		}
	}
	sort.Slice(out.Incrementos, func(i, j int) bool { return menor(out.Incrementos[i].ChaveResumo, out.Incrementos[j].ChaveResumo) })
	sort.Slice(out.Presencas, func(i, j int) bool { return out.Presencas[i].ID < out.Presencas[j].ID })
	return out
}

func menor(a, b ChaveResumo) bool {
	return a.Resumo < b.Resumo || (a.Resumo == b.Resumo && a.ID < b.ID)
}

// Resumos are summary rows in memory: what the store holds, or a recomputation.
type Resumos map[ChaveResumo]map[string]int64

// RecalcularResumos computes every summary (and presence counter) from the orders, as the
// reconciliation command does: the same figures the increments keep.
func RecalcularResumos(pedidos []*Pedido) Resumos {
	out := Resumos{}
	contagem := map[string]int64{}
	alvos := map[string]ChaveResumo{}
	for _, p := range pedidos {
		c, pres := contribuicao(p)
		for k, campos := range c {
			for f, v := range campos {
				out.somar(k, f, v)
			}
		}
		for id, alvo := range pres {
			contagem[id]++
			alvos[id] = alvo
		}
	}
	for id, n := range contagem {
		out.somar(ChaveResumo{ResumoPresencas, id}, CampoPedidos, n)
		out.somar(alvos[id], CampoClientes, 1)
	}
	out.limpar()
	return out
}

func (r Resumos) somar(k ChaveResumo, campo string, v int64) {
	if r[k] == nil {
		r[k] = map[string]int64{}
	}
	r[k][campo] += v
}

// limpar drops zero fields and empty documents (a counter at zero equals one never written).
func (r Resumos) limpar() {
	for k, campos := range r {
		for f, v := range campos {
			if v == 0 {
				delete(campos, f)
			}
		}
		if len(campos) == 0 {
			delete(r, k)
		}
	}
}

// Divergencia is a field whose stored figure differs from the recomputation.
type Divergencia struct {
	ChaveResumo
	Campo       string
	Gravado     int64
	Recalculado int64
}

// Divergencias compares stored counters with a recomputation (zero fields equal absent ones), in a
// stable order: the drift the reconciliation command reports and fixes.
func Divergencias(gravado, recalculado Resumos) []Divergencia {
	var out []Divergencia
	ver := func(k ChaveResumo, f string) {
		g, r := gravado[k][f], recalculado[k][f]
		if g != r {
			out = append(out, Divergencia{ChaveResumo: k, Campo: f, Gravado: g, Recalculado: r})
		}
	}
	vistos := map[ChaveResumo]map[string]bool{}
	for _, lado := range []Resumos{gravado, recalculado} {
		for k, campos := range lado {
			for f := range campos {
				if vistos[k] == nil {
					vistos[k] = map[string]bool{}
				}
				if !vistos[k][f] {
					vistos[k][f] = true
					ver(k, f)
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].ChaveResumo != out[j].ChaveResumo {
			return menor(out[i].ChaveResumo, out[j].ChaveResumo)
		}
		return out[i].Campo < out[j].Campo
	})
	return out
}
