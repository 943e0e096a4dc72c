package domain

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/crmvendas/crm/services/platform/errs"
)

// Reasons of the errors of pricing (the `motivo` a client acts on).
const (
	ReasonSemTabela            = errs.ReasonSemTabela
	ReasonProdutoForaDaTabela  = errs.ReasonProdutoForaDaTabela
	ReasonProdutoInativo       = errs.ReasonProdutoInativo
	ReasonQuantidadeInvalida   = errs.ReasonQuantidadeInvalida
	ReasonDescontoInvalido     = errs.ReasonDescontoInvalido
	ReasonCondicaoNaoPermitida = errs.ReasonCondicaoNaoPermitida
	ReasonRegraInvalida        = errs.ReasonRegraInvalida
	ReasonValorForaDoLimite    = errs.ReasonValorForaDoLimite
)

// Origem is where a discount of a line comes from.
type Origem string

// The origins, in the order the discounts apply.
const (
	OrigemTabela   Origem = "tabela"   // the table's own discount (or surcharge) over its prices
	OrigemPromocao Origem = "promocao" // the best dated promotion of the product or its group
	OrigemVolume   Origem = "volume"   // the best "from N units" discount the line's quantity reaches
	OrigemVendedor Origem = "vendedor" // the seller's discount on the line, up to the cap when flex runs
	OrigemFlex     Origem = "flex"     // the part of the seller's discount beyond the cap, paid from the flex balance
	OrigemCondicao Origem = "condicao" // the payment term's surcharge (negative) or discount
)

// Desconto is one discount of a line: its origin, its percentage (negative: a surcharge) and the
// rule it came from (the table, promotion, volume discount or term id; the seller's id for
// `vendedor` and `flex`).
type Desconto struct {
	Origem     Origem     `json:"origem"`
	Percentual Percentual `json:"percentual"`
	RegraID    string     `json:"regra_id"`
}

// Motivo is the reason of a warning.
type Motivo string

// The warnings: none stops an order; each sends it to approval.
const (
	AvisoDescontoAcimaDoLimite Motivo = "DESCONTO_ACIMA_DO_LIMITE"
	AvisoPrecoAbaixoDoMinimo   Motivo = "PRECO_ABAIXO_DO_MINIMO"
	AvisoPedidoAbaixoDoMinimo  Motivo = "PEDIDO_ABAIXO_DO_MINIMO"
	AvisoSaldoFlexInsuficiente Motivo = "SALDO_FLEX_INSUFICIENTE"
)

// Aviso is a warning with its pt-BR message (and the product, for a line's).
type Aviso struct {
	Motivo    Motivo `json:"motivo"`
	Mensagem  string `json:"mensagem"`
	ProdutoID string `json:"produto_id,omitempty"`
}

// Linha is a line to price: the product, its quantity and the discount the seller asks for
// (negative: selling above the price).
type Linha struct {
	Produto            Produto    `json:"produto"`
	Quantidade         int64      `json:"quantidade"`
	DescontoPercentual Percentual `json:"desconto_percentual"`
}

// ResultadoLinha is a priced line. All amounts are integer centavos.
type ResultadoLinha struct {
	ProdutoID  string `json:"produto_id"`
	Quantidade int64  `json:"quantidade"`
	// TabelaID is the table the price came from.
	TabelaID           string `json:"tabela_id"`
	PrecoListaCentavos int64  `json:"preco_lista_centavos"`
	// Descontos in the order they apply (zero ones left out).
	Descontos []Desconto `json:"descontos"`
	// PrecoUnitarioCentavos is the net unit price: the list price after every discount and the
	// payment term, rounded half to even.
	PrecoUnitarioCentavos int64 `json:"preco_unitario_centavos"`
	// ValorCentavos = PrecoUnitarioCentavos × Quantidade (the products' value of the line).
	ValorCentavos int64 `json:"valor_centavos"`
	IPICentavos   int64 `json:"ipi_centavos"`
	// BaseSTCentavos and ICMSProprioCentavos are the figures of the ST (0 without ST).
	BaseSTCentavos      int64 `json:"base_st_centavos"`
	ICMSProprioCentavos int64 `json:"icms_proprio_centavos"`
	STCentavos          int64 `json:"st_centavos"`
	// TotalCentavos = ValorCentavos + IPICentavos + STCentavos.
	TotalCentavos int64 `json:"total_centavos"`
	// FlexCentavos is what the line does to the seller's flex balance: positive credits it,
	// negative debits it.
	FlexCentavos int64   `json:"flex_centavos"`
	Avisos       []Aviso `json:"avisos"`
}

// ResultadoPedido is a priced order (or draft).
type ResultadoPedido struct {
	Itens                 []ResultadoLinha `json:"itens"`
	TotalProdutosCentavos int64            `json:"total_produtos_centavos"`
	TotalIPICentavos      int64            `json:"total_ipi_centavos"`
	TotalSTCentavos       int64            `json:"total_st_centavos"`
	TotalCentavos         int64            `json:"total_centavos"`
	// FlexCentavos is the sum of the lines' flex (what the order does to the balance).
	FlexCentavos int64 `json:"flex_centavos"`
	// Avisos: the lines' warnings in line order, then the order's.
	Avisos []Aviso `json:"avisos"`
}

func erroLinha(p Produto, campo string, r errs.Reason, msg string) error {
	return errs.Field(campo, msg).WithReason(r, "produto_id", p.ID)
}

func nomeProduto(p Produto) string {
	if p.Codigo != "" {
		return p.Codigo
	}
	return p.ID
}

// Precificar prices one line for a customer, a payment term (the zero value: none yet) and a
// commercial policy on a date. It is pure: the same inputs always give the same result, and the
// app runs a line-for-line mirror of it (mobile/src/entities/preco/calcular.ts) over the same
// shared cases (contracts/precos.json).
//
// The list price comes from the one table that applies to the customer on the date: a valid
// table listing the customer wins over one listing its region, which wins over one listing its
// state (UF), which wins over the company default; among tables of the same level the latest
// validade_inicio wins, then the smaller id. A product missing from that table is not sold to
// the customer (no fall back to another table).
//
// Discounts compound, always in this order, each on the price left by the ones before:
//
//	tabela → promocao → volume → vendedor (+ flex) → condicao
//
// so net = list × (1 − tabela) × (1 − promoção) × (1 − volume) × (1 − vendedor) × (1 + acréscimo
// da condição). Of the promotions valid on the date for the product or its group, the largest
// applies; likewise of the volume discounts the line's quantity reaches (ties: the smaller id).
// The seller's discount is one step: when flex runs and it exceeds the cap, it is shown as
// `vendedor` (up to the cap) plus `flex` (the rest), whose percentages add up to it. The cap is
// the seller's maximum line discount, lowered by the product group's maximum when there is one;
// it bounds the seller's discount only (promotions and volume discounts are the company's).
// The payment term's % applies last, on the net unit price.
//
// Rounding (half to even, to the centavo) happens only at these points of the line, each on
// exact values: the net unit price (once, after every factor, no rounding between discounts);
// IPI = valor × IPI %; the ST base; the reduced own base (CST 70); ICMS próprio; base × internal
// rate; the flex amount. The line value is net unit price × quantity and the order sums rounded
// lines.
//
// Taxes: IPI is a % of the line value, none for a customer with Suframa. ICMS-ST applies to an
// ICMS contributor when an ST rule matches the product's NCM and the customer's UF:
//
//	base ST = (valor + IPI) × (1 + MVA) × (1 − redução da base)
//	MVA for an interstate sale: MVA ajustada = (1 + MVA) × (1 − alíq. interestadual) / (1 − ALQ intra) − 1
//	ICMS próprio = valor × (alíq. interestadual between states, alíq. interna within one)
//	ST = max(0, base ST × alíq. interna − ICMS próprio)
//
// with the adjusted MVA kept exact (a fraction, never rounded) and used only when the rules call
// for it (never for a Simples Nacional company; as the rule's ajuste_mva says), ALQ intra the
// effective rate after the reduction when the rule says so, and in an in-state sale under a CST 70
// rule reducing both operations the own ICMS on the reduced base (icmsSTDaLinha). Warnings (`avisos`) do not stop
// the line: a seller's discount over the cap when flex does not run, and a net unit price under
// the table's minimum. Errors do: an inactive product, a quantity that is not a positive multiple
// of the sales multiple, a discount of 100 % or more (or a surcharge over 100 %), a term the
// customer may not use, no valid table, a product missing from the table, a broken rule, or a
// figure over LimiteCentavos.
func Precificar(l Linha, c Cliente, cond CondicaoPagamento, pol Politica, data Data) (ResultadoLinha, error) {
	if err := condicaoPermitida(c, cond); err != nil {
		return ResultadoLinha{}, err
	}
	return precificar(l, c, cond, pol, data)
}

func condicaoPermitida(c Cliente, cond CondicaoPagamento) error {
	if cond.ID == "" || CondicaoParaOCliente(cond.Clientes, c.ID) {
		if cond.Acrescimo < -Cem || cond.Acrescimo > Cem {
			return errs.Field("condicao_id", fmt.Sprintf("Condição de pagamento %s inválida: acréscimo fora de -100%% a 100%%.", cond.Nome)).
				WithReason(ReasonRegraInvalida, "regra_id", cond.ID)
		}
		return nil
	}
	return errs.Field("condicao_id", fmt.Sprintf("Condição de pagamento %s não está disponível para este cliente.", cond.Nome)).
		WithReason(ReasonCondicaoNaoPermitida, "condicao_id", cond.ID)
}

// precificar prices one line in the README's steps ("Como o preço é calculado"), one function
// each: 2 errosDaLinha (what stops the line itself), 1 tabelaDaLinha (the table and the list
// price), 3 descontosDaLinha (the cascade, the seller's cap and flex, the net unit price), 5
// ipiDaLinha, 6 icmsSTDaLinha, 8 resultadoDaLinha (the figures, within LimiteCentavos) and 7
// avisosDaLinha. Step 4, rounding, is dividirPar at each of its points.
func precificar(l Linha, c Cliente, cond CondicaoPagamento, pol Politica, data Data) (ResultadoLinha, error) {
	if err := errosDaLinha(l); err != nil {
		return ResultadoLinha{}, err
	}
	tab, preco, err := tabelaDaLinha(l.Produto, c, pol, data)
	if err != nil {
		return ResultadoLinha{}, err
	}
	cas, err := descontosDaLinha(l, tab, cond, pol, data)
	if err != nil {
		return ResultadoLinha{}, err
	}
	ipi := ipiDaLinha(cas.valor, l.Produto, c)
	st, err := icmsSTDaLinha(cas.valor, ipi, l.Produto, c, pol)
	if err != nil {
		return ResultadoLinha{}, err
	}
	r, err := resultadoDaLinha(l, tab, preco, cas, ipi, st)
	if err != nil {
		return ResultadoLinha{}, err
	}
	r.Avisos = avisosDaLinha(l, cond, pol, preco, cas, r.PrecoUnitarioCentavos)
	return r, nil
}

// errosDaLinha is step 2 for the line itself: an inactive product, a quantity that is not a
// positive multiple of the sales multiple, a discount of 100 % or more or a surcharge over 100 %.
func errosDaLinha(l Linha) error {
	p := l.Produto
	nome := nomeProduto(p)
	if !p.Ativo {
		return erroLinha(p, "produto_id", ReasonProdutoInativo, fmt.Sprintf("Produto %s está inativo e não pode ser vendido.", nome))
	}
	multiplo := max(p.MultiploVenda, 1)
	if l.Quantidade <= 0 {
		return erroLinha(p, "quantidade", ReasonQuantidadeInvalida, fmt.Sprintf("Quantidade do produto %s deve ser maior que zero.", nome))
	}
	if l.Quantidade%multiplo != 0 {
		return erroLinha(p, "quantidade", ReasonQuantidadeInvalida,
			fmt.Sprintf("Quantidade do produto %s deve ser múltiplo de %d (ex.: %d, %d).", nome, multiplo, multiplo, 2*multiplo))
	}
	d := l.DescontoPercentual
	if d >= Cem {
		return erroLinha(p, "desconto_percentual", ReasonDescontoInvalido, fmt.Sprintf("Desconto do produto %s deve ser menor que 100%%.", nome))
	}
	if d < -Cem {
		return erroLinha(p, "desconto_percentual", ReasonDescontoInvalido, fmt.Sprintf("Acréscimo do produto %s deve ser de no máximo 100%%.", nome))
	}
	return nil
}

// tabelaDaLinha is step 1: the table that applies to the customer on the date and the product's
// price in it (no table, a product missing from it, or a broken price stop the line).
func tabelaDaLinha(p Produto, c Cliente, pol Politica, data Data) (*TabelaPreco, PrecoTabela, error) {
	tab := TabelaDoCliente(c, pol.Tabelas, data)
	if tab == nil {
		return nil, PrecoTabela{}, erroLinha(p, "produto_id", ReasonSemTabela, "Nenhuma tabela de preço vigente para este cliente.")
	}
	preco, ok := tab.Precos[p.ID]
	if !ok {
		return nil, PrecoTabela{}, erroLinha(p, "produto_id", ReasonProdutoForaDaTabela, fmt.Sprintf("Produto %s não está na tabela de preço deste cliente.", nomeProduto(p)))
	}
	if preco.PrecoCentavos < 0 || preco.PrecoCentavos > LimiteCentavos {
		return nil, PrecoTabela{}, regraInvalida(tab.ID, "preço")
	}
	return tab, preco, nil
}

// cascata is what step 3 leaves: the discounts in the order they apply (zero ones left out), the
// seller's cap, and the exact figures it rounds once each — the net unit price, the line value
// (unit × quantity) and the flex amount.
type cascata struct {
	descontos         []Desconto
	limite            Percentual
	unit, valor, flex *big.Int
}

// descontosDaLinha is step 3: tabela → promoção → volume → vendedor (+ flex) → condição, each on
// what the previous left, the seller's step against the cap, and the net unit price rounded once.
func descontosDaLinha(l Linha, tab *TabelaPreco, cond CondicaoPagamento, pol Politica, data Data) (cascata, error) {
	p, d := l.Produto, l.DescontoPercentual
	out := cascata{descontos: []Desconto{}}
	add := func(o Origem, pc Percentual, id string) {
		if pc != 0 {
			out.descontos = append(out.descontos, Desconto{Origem: o, Percentual: pc, RegraID: id})
		}
	}
	// The commercial steps before the seller's: table, promotion, volume.
	add(OrigemTabela, tab.Desconto, tab.ID)
	if pr := melhorPromocao(p, pol.Promocoes, data); pr != nil {
		add(OrigemPromocao, pr.Percentual, pr.ID)
	}
	if v := melhorVolume(p, l.Quantidade, pol.DescontosVolume); v != nil {
		add(OrigemVolume, v.Percentual, v.ID)
	}
	for _, x := range out.descontos {
		if x.Percentual < -Cem || x.Percentual > Cem {
			return cascata{}, regraInvalida(x.RegraID, "percentual")
		}
	}
	antesVendedor := len(out.descontos)

	// The seller's step, against the cap (over it without flex: a warning of step 7).
	out.limite = LimiteDoVendedor(p, pol)
	if d > out.limite && pol.FlexPermitido {
		add(OrigemVendedor, out.limite, pol.Vendedor.ID)
		add(OrigemFlex, d-out.limite, pol.Vendedor.ID)
	} else {
		add(OrigemVendedor, d, pol.Vendedor.ID)
	}
	add(OrigemCondicao, -cond.Acrescimo, cond.ID)

	// Net unit price: list × (10000 − p₁) × … × (10000 − pₖ) × (10000 − d) × (10000 + acréscimo)
	// over 10000^(k+2), rounded once. base/denBase is the exact price before the seller's step
	// (the seller's and the flex entries are that one step: their percentages add up to d).
	cem := big.NewInt(int64(Cem))
	base, denBase := big.NewInt(tab.Precos[p.ID].PrecoCentavos), big.NewInt(1)
	for _, x := range out.descontos[:antesVendedor] {
		base.Mul(base, fatorDesconto(x.Percentual))
		denBase.Mul(denBase, cem)
	}
	num := new(big.Int).Mul(base, fatorDesconto(d))
	num.Mul(num, fatorDesconto(-cond.Acrescimo))
	den := new(big.Int).Mul(denBase, big.NewInt(int64(Cem)*int64(Cem)))
	out.unit = dividirPar(num, den)
	qtd := big.NewInt(l.Quantidade)
	out.valor = new(big.Int).Mul(out.unit, qtd)

	// Flex: the seller's step, valued at the price before it (the term is financial, not
	// commercial): a debit for the part beyond the cap, a credit for selling above the price.
	var pcFlex Percentual
	if pol.FlexPermitido {
		switch {
		case d > out.limite:
			pcFlex = -(d - out.limite)
		case d < 0:
			pcFlex = -d
		}
	}
	flex := new(big.Int).Mul(base, big.NewInt(int64(pcFlex)))
	flex.Mul(flex, qtd)
	out.flex = dividirPar(flex, new(big.Int).Mul(denBase, cem))
	return out, nil
}

// ipiDaLinha is step 5: the line value × the product's IPI rate; none with Suframa.
func ipiDaLinha(valor *big.Int, p Produto, c Cliente) *big.Int {
	if c.Suframa != "" {
		return new(big.Int)
	}
	return dividirPar(new(big.Int).Mul(valor, big.NewInt(int64(p.IPI))), big.NewInt(int64(Cem)))
}

// stLinha is what step 6 leaves (all zero without ST).
type stLinha struct {
	base, proprio, st *big.Int
}

// icmsSTDaLinha is step 6: for an ICMS contributor with a rule for the product's NCM and its UF,
//
//	base ST = (valor + IPI) × (1 + MVA) × (1 − redução da base)
//	ICMS próprio = valor × alíquota da operação (interestadual between states, interna within one);
//	   in an in-state sale whose reduction is of both operations (CST 70, ReducaoPropriaEST):
//	   base própria = valor × (1 − redução), ICMS próprio = base própria × alíquota interna
//	ST = max(0, base ST × alíquota interna − ICMS próprio)
//
// with, between states and only when mvaAjustada says so, the adjusted MVA
//
//	MVA ajustada = [(1 + MVA-ST original) × (1 − ALQ inter) / (1 − ALQ intra)] − 1
//
// (the formula of the specific protocols, e.g. Protocolo ICMS 41/2008, cláusula segunda, § 1º;
// Convênio ICMS 142/2018 itself has no formula: its cláusula décima primeira sends to the MVA of
// the destination or of the convênio or protocolo), kept exact, where ALQ intra is the internal
// rate or, when the rule says so, the effective rate after the reduction.
func icmsSTDaLinha(valor, ipi *big.Int, p Produto, c Cliente, pol Politica) (stLinha, error) {
	out := stLinha{base: new(big.Int), proprio: new(big.Int), st: new(big.Int)}
	regra := RegraSTPara(p, c, pol.RegrasST)
	if regra == nil || !c.ContribuinteICMS {
		return out, nil
	}
	if regra.Validar() != nil {
		return stLinha{}, regraInvalida(regra.ID, "regra de ICMS-ST")
	}
	if pol.UFOrigem == "" {
		return stLinha{}, regraInvalida(regra.ID, "UF de origem da empresa")
	}
	cem := big.NewInt(int64(Cem))
	interestadual := pol.UFOrigem != c.UF
	n := new(big.Int).Add(valor, ipi)
	n.Mul(n, big.NewInt(int64(Cem+regra.MVA)))
	n.Mul(n, fatorDesconto(regra.ReducaoBase))
	dn := new(big.Int).Mul(cem, cem)
	if interestadual && mvaAjustada(*regra, pol) {
		// × (1 − inter) / (1 − ALQ intra), both over 10000²: ALQ intra = interna × (10000 −
		// redução) / 10000² when effective, else interna / 10000.
		n.Mul(n, new(big.Int).Mul(fatorDesconto(regra.AliquotaInterestadual), cem))
		dn.Mul(dn, new(big.Int).Sub(new(big.Int).Mul(cem, cem), alqIntra(*regra)))
	}
	out.base = dividirPar(n, dn)
	switch {
	case interestadual:
		out.proprio = dividirPar(new(big.Int).Mul(valor, big.NewInt(int64(regra.AliquotaInterestadual))), cem)
	case regra.TipoReducao == ReducaoPropriaEST:
		// The invoice's way: the reduced base of the own ICMS to the centavo, then its ICMS.
		basePropria := dividirPar(new(big.Int).Mul(valor, fatorDesconto(regra.ReducaoBase)), cem)
		out.proprio = dividirPar(new(big.Int).Mul(basePropria, big.NewInt(int64(regra.AliquotaInterna))), cem)
	default:
		out.proprio = dividirPar(new(big.Int).Mul(valor, big.NewInt(int64(regra.AliquotaInterna))), cem)
	}
	out.st = dividirPar(new(big.Int).Mul(out.base, big.NewInt(int64(regra.AliquotaInterna))), cem)
	out.st.Sub(out.st, out.proprio)
	if out.st.Sign() < 0 {
		out.st.SetInt64(0)
	}
	return out, nil
}

// alqIntra is "ALQ intra" of the MVA adjustment in ten-thousandths of a hundredth (over 10000²):
// the internal rate, or the effective rate after the base reduction when the rule says so.
func alqIntra(r RegraST) *big.Int {
	if r.AliquotaIntraEfetiva {
		return new(big.Int).Mul(big.NewInt(int64(r.AliquotaInterna)), fatorDesconto(r.ReducaoBase))
	}
	return big.NewInt(int64(r.AliquotaInterna) * int64(Cem))
}

// mvaAjustada tells whether an interstate sale under the rule uses the adjusted MVA: never for
// a Simples Nacional sender (Convênio ICMS 35/2011, cláusula primeira, until 31.12.2017; Convênio
// ICMS 142/2018, cláusula décima primeira, since), never where the destination does not adopt
// the adjustment for the product (AjusteNao), only when ALQ intra is above the interstate rate
// where the destination's rules say so (AjusteSeInternaMaior: RICMS/MG, Anexo XV, Parte 1, art.
// 19, § 5º, as written by Decreto 45.748/2011), and otherwise always (the protocol's formula as
// written, also when it lowers the MVA: the behaviour of rules stored before these fields).
func mvaAjustada(r RegraST, pol Politica) bool {
	switch {
	case pol.SimplesNacional, r.AjusteMVA == AjusteNao:
		return false
	case r.AjusteMVA == AjusteSeInternaMaior:
		return alqIntra(r).Cmp(big.NewInt(int64(r.AliquotaInterestadual)*int64(Cem))) > 0
	}
	return true
}

// resultadoDaLinha is step 8: the line's figures (total = valor + IPI + ST), each within
// LimiteCentavos (VALOR_FORA_DO_LIMITE otherwise).
func resultadoDaLinha(l Linha, tab *TabelaPreco, preco PrecoTabela, cas cascata, ipi *big.Int, st stLinha) (ResultadoLinha, error) {
	p := l.Produto
	total := new(big.Int).Add(cas.valor, ipi)
	total.Add(total, st.st)
	for _, v := range []*big.Int{cas.unit, cas.valor, ipi, st.base, st.proprio, st.st, total, cas.flex} {
		if v.CmpAbs(big.NewInt(LimiteCentavos)) > 0 {
			return ResultadoLinha{}, erroLinha(p, "quantidade", ReasonValorForaDoLimite, fmt.Sprintf("Valor do produto %s grande demais.", nomeProduto(p)))
		}
	}
	return ResultadoLinha{ProdutoID: p.ID, Quantidade: l.Quantidade, TabelaID: tab.ID, PrecoListaCentavos: preco.PrecoCentavos,
		Descontos: cas.descontos, PrecoUnitarioCentavos: cas.unit.Int64(), ValorCentavos: cas.valor.Int64(), IPICentavos: ipi.Int64(),
		BaseSTCentavos: st.base.Int64(), ICMSProprioCentavos: st.proprio.Int64(), STCentavos: st.st.Int64(), TotalCentavos: total.Int64(),
		FlexCentavos: cas.flex.Int64(), Avisos: []Aviso{}}, nil
}

// avisosDaLinha is step 7 for the line, in this order: the seller's discount over the cap when
// flex does not run, then a net unit price under the table's minimum — naming the company's
// steps that led there (passosAbaixoDoMinimo) when any did.
func avisosDaLinha(l Linha, cond CondicaoPagamento, pol Politica, preco PrecoTabela, cas cascata, unit int64) []Aviso {
	p, d := l.Produto, l.DescontoPercentual
	nome := nomeProduto(p)
	avisos := []Aviso{}
	if d > cas.limite && !pol.FlexPermitido {
		avisos = append(avisos, Aviso{Motivo: AvisoDescontoAcimaDoLimite, ProdutoID: p.ID,
			Mensagem: fmt.Sprintf("Produto %s: desconto de %s acima do limite de %s.", nome, d, cas.limite)})
	}
	if preco.PrecoMinimoCentavos > 0 && unit < preco.PrecoMinimoCentavos {
		avisos = append(avisos, Aviso{Motivo: AvisoPrecoAbaixoDoMinimo, ProdutoID: p.ID,
			Mensagem: fmt.Sprintf("Produto %s: preço de %s abaixo do mínimo de %s%s.", nome,
				FormatarCentavos(unit), FormatarCentavos(preco.PrecoMinimoCentavos), passosAbaixoDoMinimo(cas, cond, d))})
	}
	return avisos
}

// passosAbaixoDoMinimo names the steps of the cascade that lowered the price, in their order,
// when the company's own rules (the table's discount, a promotion, a volume discount, the
// payment term) are among them: " (promoção de 10% e condição PIX à vista)", the seller's
// discount named too when there is one. When only the seller's discount lowered it: "".
func passosAbaixoDoMinimo(cas cascata, cond CondicaoPagamento, d Percentual) string {
	passos, daEmpresa, vendedor := []string{}, false, false
	for _, x := range cas.descontos {
		if x.Percentual <= 0 {
			continue
		}
		switch x.Origem {
		case OrigemTabela:
			passos, daEmpresa = append(passos, "desconto da tabela de "+x.Percentual.String()), true
		case OrigemPromocao:
			passos, daEmpresa = append(passos, "promoção de "+x.Percentual.String()), true
		case OrigemVolume:
			passos, daEmpresa = append(passos, "desconto por volume de "+x.Percentual.String()), true
		case OrigemVendedor, OrigemFlex: // one step of the seller's: its percentages add up to d
			if !vendedor {
				passos, vendedor = append(passos, "desconto do vendedor de "+d.String()), true
			}
		case OrigemCondicao:
			passos, daEmpresa = append(passos, "condição "+cond.Nome), true
		}
	}
	if !daEmpresa {
		return ""
	}
	if len(passos) == 1 {
		return " (" + passos[0] + ")"
	}
	return " (" + strings.Join(passos[:len(passos)-1], ", ") + " e " + passos[len(passos)-1] + ")"
}

func regraInvalida(id, oque string) error {
	return errs.Invalid(fmt.Sprintf("Regra de preço %s inválida (%s). Avise o administrador.", id, oque)).
		WithReason(ReasonRegraInvalida, "regra_id", id)
}

// TabelaDoCliente is the table that applies to the customer on the date (nil: none): customer >
// region > state > default, among the valid ones; ties go to the latest validade_inicio, then
// the smaller id.
func TabelaDoCliente(c Cliente, tabelas []TabelaPreco, data Data) *TabelaPreco {
	nivel := func(t *TabelaPreco) int {
		switch {
		case c.ID != "" && slices.Contains(t.Clientes, c.ID):
			return 4
		case c.RegiaoID != "" && slices.Contains(t.Regioes, c.RegiaoID):
			return 3
		case c.UF != "" && slices.Contains(t.UFs, c.UF):
			return 2
		case t.Padrao:
			return 1
		}
		return 0
	}
	var melhor *TabelaPreco
	melhorNivel := 0
	for i := range tabelas {
		t := &tabelas[i]
		if !vigente(data, t.ValidadeInicio, t.ValidadeFim) {
			continue
		}
		n := nivel(t)
		if n == 0 {
			continue
		}
		if melhor == nil || n > melhorNivel || (n == melhorNivel &&
			(t.ValidadeInicio > melhor.ValidadeInicio || (t.ValidadeInicio == melhor.ValidadeInicio && t.ID < melhor.ID))) {
			melhor, melhorNivel = t, n
		}
	}
	return melhor
}

// melhor: the largest percentage wins; ties go to the smaller id.
func melhor(pc Percentual, id string, atual Percentual, atualID string) bool {
	return pc > atual || (pc == atual && id < atualID)
}

func melhorPromocao(p Produto, promocoes []Promocao, data Data) *Promocao {
	var m *Promocao
	for i := range promocoes {
		x := &promocoes[i]
		aplica := (x.ProdutoID != "" && x.ProdutoID == p.ID) || (x.ProdutoID == "" && x.Grupo != "" && x.Grupo == p.Grupo)
		if !aplica || !vigente(data, x.Inicio, x.Fim) {
			continue
		}
		if m == nil || melhor(x.Percentual, x.ID, m.Percentual, m.ID) {
			m = x
		}
	}
	return m
}

func melhorVolume(p Produto, qtd int64, volumes []DescontoVolume) *DescontoVolume {
	var m *DescontoVolume
	for i := range volumes {
		x := &volumes[i]
		aplica := (x.ProdutoID != "" && x.ProdutoID == p.ID) ||
			(x.ProdutoID == "" && x.Grupo != "" && x.Grupo == p.Grupo) ||
			(x.ProdutoID == "" && x.Grupo == "")
		if !aplica || qtd < x.QuantidadeMinima {
			continue
		}
		if m == nil || melhor(x.Percentual, x.ID, m.Percentual, m.ID) {
			m = x
		}
	}
	return m
}

// LimiteDoVendedor is the cap of the seller's discount on a line of the product: the seller's
// maximum, or the product group's when it is lower.
func LimiteDoVendedor(p Produto, pol Politica) Percentual {
	limite := pol.Vendedor.DescontoMaximo
	for _, g := range pol.LimitesGrupo {
		if g.Grupo == p.Grupo && g.DescontoMaximo < limite {
			limite = g.DescontoMaximo
		}
	}
	return limite
}

// RegraSTPara is the ST rule for the product sold to the customer's UF: the one whose NCM is the
// longest prefix of the product's (ties: the smaller id); nil when none.
func RegraSTPara(p Produto, c Cliente, regras []RegraST) *RegraST {
	var m *RegraST
	for i := range regras {
		x := &regras[i]
		if x.UF != c.UF || x.NCM == "" || !strings.HasPrefix(p.NCM, x.NCM) {
			continue
		}
		if m == nil || len(x.NCM) > len(m.NCM) || (len(x.NCM) == len(m.NCM) && x.ID < m.ID) {
			m = x
		}
	}
	return m
}

// PrecificarPedido prices every line of an order (or draft) with Precificar, sums the rounded
// lines into the order's totals and adds the order's warnings: the products' total (net of IPI
// and ST) under the payment term's minimum or under the seller's, and, when flex runs, lines
// whose debits the seller's balance (plus the order's own credits) does not cover. An order with
// no lines has no warnings. Errors: the term the customer may not use (at condicao_id), then
// every failing line (at itens[i].campo; the message and reason are the first's).
func PrecificarPedido(itens []Linha, c Cliente, cond CondicaoPagamento, pol Politica, data Data) (ResultadoPedido, error) {
	if err := condicaoPermitida(c, cond); err != nil {
		return ResultadoPedido{}, err
	}
	out := ResultadoPedido{Itens: make([]ResultadoLinha, 0, len(itens)), Avisos: []Aviso{}}
	var primeiro *errs.Error
	var campos []errs.FieldViolation
	for i, l := range itens {
		r, err := precificar(l, c, cond, pol, data)
		if err != nil {
			de, _ := err.(*errs.Error)
			if primeiro == nil {
				primeiro = de
			}
			for _, f := range de.Fields {
				campos = append(campos, errs.FieldViolation{Field: "itens[" + strconv.Itoa(i) + "]." + f.Field, Description: f.Description})
			}
			continue
		}
		out.Itens = append(out.Itens, r)
		// Each figure is at most LimiteCentavos and so is each running sum (checked), so no
		// sum overflows an int64.
		out.TotalProdutosCentavos += r.ValorCentavos
		out.TotalIPICentavos += r.IPICentavos
		out.TotalSTCentavos += r.STCentavos
		out.TotalCentavos += r.TotalCentavos
		out.FlexCentavos += r.FlexCentavos
		if foraDoLimite(out.TotalProdutosCentavos, out.TotalIPICentavos, out.TotalSTCentavos, out.TotalCentavos, out.FlexCentavos) {
			return ResultadoPedido{}, errs.Invalid("Valor do pedido grande demais.").WithReason(ReasonValorForaDoLimite)
		}
		out.Avisos = append(out.Avisos, r.Avisos...)
	}
	if primeiro != nil {
		e := *primeiro
		e.Fields = campos
		return ResultadoPedido{}, &e
	}
	if len(itens) == 0 {
		return out, nil
	}
	if m := cond.ValorMinimoCentavos; m > 0 && out.TotalProdutosCentavos < m {
		out.Avisos = append(out.Avisos, Aviso{Motivo: AvisoPedidoAbaixoDoMinimo,
			Mensagem: fmt.Sprintf("Pedido de %s abaixo do mínimo de %s da condição %s.",
				FormatarCentavos(out.TotalProdutosCentavos), FormatarCentavos(m), cond.Nome)})
	}
	if m := pol.Vendedor.PedidoMinimoCentavos; m > 0 && out.TotalProdutosCentavos < m {
		out.Avisos = append(out.Avisos, Aviso{Motivo: AvisoPedidoAbaixoDoMinimo,
			Mensagem: fmt.Sprintf("Pedido de %s abaixo do pedido mínimo do vendedor, de %s.",
				FormatarCentavos(out.TotalProdutosCentavos), FormatarCentavos(m))})
	}
	if pol.FlexPermitido && out.FlexCentavos < 0 && pol.Vendedor.SaldoFlexCentavos+out.FlexCentavos < 0 {
		out.Avisos = append(out.Avisos, Aviso{Motivo: AvisoSaldoFlexInsuficiente,
			Mensagem: fmt.Sprintf("Verba flex insuficiente: o pedido usa %s e o saldo é de %s.",
				FormatarCentavos(-out.FlexCentavos), FormatarCentavos(pol.Vendedor.SaldoFlexCentavos))})
	}
	return out, nil
}

func foraDoLimite(v ...int64) bool {
	for _, x := range v {
		if x > LimiteCentavos || x < -LimiteCentavos {
			return true
		}
	}
	return false
}
