package domain

import (
	"fmt"
	"math/big"

	"github.com/crmvendas/crm/services/platform/errs"
)

// An order's pricing: the items as the seller asks for them, priced by PrecificarPedido (preco.go)
// under the customer, the payment term and the policy.

// ItemEntrada is an item as the seller asks for it: the product (read from the catalogue by the
// handler), the quantity, the seller's discount and whether it is given (bonificação).
type ItemEntrada struct {
	Produto            Produto
	Quantidade         int64
	DescontoPercentual Percentual
	Bonificacao        bool
}

// Precificacao is an order's items and totals as priced on the server, with pricing's warnings
// (of the sold items only) and the term they were priced under.
type Precificacao struct {
	Itens                 []ItemPedido
	TabelaID              string
	Condicao              CondicaoPagamento
	TotalProdutosCentavos int64
	TotalIPICentavos      int64
	TotalSTCentavos       int64
	// TotalItensCentavos = produtos + IPI + ST (the order adds the freight).
	TotalItensCentavos  int64
	FlexCentavos        int64
	BonificacaoCentavos int64
	Avisos              []Aviso
}

// PrecificarItens prices an order's items with PrecificarPedido (never trusting anything the
// client computed) and builds its items and totals:
//
//   - every line is priced as a sale, so errors (inactive product, multiple, term, table, …) are
//     reported at itens[i] of the request;
//   - a bonificação line — every line of an order of type bonificacao, or a line with the
//     bonificação flag — is zero to the customer (unit price, value, IPI, ST, total and flex are
//     0; the list price stays for reference) and is valued at the table's list price × quantity
//     in BonificacaoCentavos, the amount that weighs on the seller's bonificação budget (the list
//     price, so a discount on a given item cannot shrink what it uses of the budget);
//   - the warnings are pricing's over the sold lines only (a given item is neither over the cap
//     nor under the minimum, nor does it count towards the order's minimum or the flex balance).
func PrecificarItens(itens []ItemEntrada, tipo TipoPedido, c Cliente, cond CondicaoPagamento, pol Politica, data Data) (Precificacao, error) {
	linhas := make([]Linha, len(itens))
	bonif := make([]bool, len(itens))
	var vendidas []Linha
	for i, it := range itens {
		linhas[i] = Linha{Produto: it.Produto, Quantidade: it.Quantidade, DescontoPercentual: it.DescontoPercentual}
		bonif[i] = tipo == TipoBonificacao || it.Bonificacao
		if !bonif[i] {
			vendidas = append(vendidas, linhas[i])
		}
	}
	res, err := PrecificarPedido(linhas, c, cond, pol, data)
	if err != nil {
		return Precificacao{}, err
	}
	avisos := res.Avisos
	if len(vendidas) < len(linhas) {
		so, err := PrecificarPedido(vendidas, c, cond, pol, data)
		if err != nil {
			return Precificacao{}, err
		}
		avisos = so.Avisos
	}
	return MontarItens(itens, bonif, res, avisos, cond)
}

// MontarItens turns PrecificarPedido's result (one line per entry, in order) into the order's
// items and totals; bonif marks the given lines (see PrecificarItens).
func MontarItens(itens []ItemEntrada, bonif []bool, res ResultadoPedido, avisos []Aviso, cond CondicaoPagamento) (Precificacao, error) {
	if len(res.Itens) != len(itens) || len(bonif) != len(itens) {
		return Precificacao{}, errs.Internal(fmt.Errorf("pedido: %d itens, %d precificados, %d marcas", len(itens), len(res.Itens), len(bonif)))
	}
	out := Precificacao{Itens: make([]ItemPedido, len(itens)), Condicao: cond, Avisos: avisos}
	if out.Avisos == nil {
		out.Avisos = []Aviso{}
	}
	for i, r := range res.Itens {
		pr := itens[i].Produto
		it := ItemPedido{ProdutoID: r.ProdutoID, Codigo: pr.Codigo, Descricao: pr.Descricao, Unidade: pr.Unidade, NCM: pr.NCM,
			Grupo: pr.Grupo, Quantidade: r.Quantidade, PesoGramas: pr.PesoGramas, DescontoPercentual: itens[i].DescontoPercentual, TabelaID: r.TabelaID,
			PrecoListaCentavos: r.PrecoListaCentavos, Descontos: []DescontoItem{}}
		if out.TabelaID == "" {
			out.TabelaID = r.TabelaID
		}
		if bonif[i] {
			v := new(big.Int).Mul(big.NewInt(r.PrecoListaCentavos), big.NewInt(r.Quantidade))
			if v.CmpAbs(big.NewInt(LimiteCentavos)) > 0 {
				return Precificacao{}, errs.Field(fmt.Sprintf("itens[%d].quantidade", i), fmt.Sprintf("Valor do produto %s grande demais.", nomeProduto(pr))).
					WithReason(ReasonValorForaDoLimite, "produto_id", pr.ID)
			}
			it.Bonificacao, it.BonificacaoCentavos = true, v.Int64()
		} else {
			for _, d := range r.Descontos {
				it.Descontos = append(it.Descontos, DescontoItem(d))
			}
			it.PrecoUnitarioCentavos, it.ValorCentavos, it.IPICentavos = r.PrecoUnitarioCentavos, r.ValorCentavos, r.IPICentavos
			it.BaseSTCentavos, it.ICMSProprioCentavos, it.STCentavos = r.BaseSTCentavos, r.ICMSProprioCentavos, r.STCentavos
			it.TotalCentavos, it.FlexCentavos = r.TotalCentavos, r.FlexCentavos
		}
		out.Itens[i] = it
		out.TotalProdutosCentavos += it.ValorCentavos
		out.TotalIPICentavos += it.IPICentavos
		out.TotalSTCentavos += it.STCentavos
		out.TotalItensCentavos += it.TotalCentavos
		out.FlexCentavos += it.FlexCentavos
		out.BonificacaoCentavos += it.BonificacaoCentavos
		if foraDoLimite(out.TotalProdutosCentavos, out.TotalIPICentavos, out.TotalSTCentavos, out.TotalItensCentavos,
			out.FlexCentavos, out.BonificacaoCentavos) {
			return Precificacao{}, errs.Invalid("Valor do pedido grande demais.").WithReason(ReasonValorForaDoLimite)
		}
	}
	return out, nil
}
