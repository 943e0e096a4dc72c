package domain

import (
	"strings"

	"github.com/crmvendas/crm/services/platform/store"
)

// The summaries' rows as the store keeps them: typed read models (store.ReadModel, declared in
// app.DeclararResumos), one type per summary, each keyed by the parts of its ChaveResumo.ID and
// owned by a seller for the role scope (a seller reads their own rows, a SUPERVISOR the team's,
// an ADMIN every row). A row keyed by customer (its month, its open total) and a presence
// belong to the seller of the latest order that moved them.

// FigurasVenda are the counters of the month summaries (the fields named Campo*).
type FigurasVenda struct {
	ValorCentavos       int64 `bson:"valor_centavos"`
	TotalCentavos       int64 `bson:"total_centavos"`
	Quantidade          int64 `bson:"quantidade"`
	Pedidos             int64 `bson:"pedidos"`
	Clientes            int64 `bson:"clientes"`
	BonificacaoCentavos int64 `bson:"bonificacao_centavos"`
	FaturadoCentavos    int64 `bson:"faturado_centavos"`
	Produtos            int64 `bson:"produtos"`
	PesoGramas          int64 `bson:"peso_gramas"`
}

// Campo is the counter of the summary field nome (nil: not one of these figures).
func (f *FigurasVenda) Campo(nome string) *int64 {
	switch nome {
	case CampoValor:
		return &f.ValorCentavos
	case CampoTotal:
		return &f.TotalCentavos
	case CampoQuantidade:
		return &f.Quantidade
	case CampoPedidos:
		return &f.Pedidos
	case CampoClientes:
		return &f.Clientes
	case CampoBonificacao:
		return &f.BonificacaoCentavos
	case CampoFaturado:
		return &f.FaturadoCentavos
	case CampoProdutos:
		return &f.Produtos
	case CampoPeso:
		return &f.PesoGramas
	}
	return nil
}

// Campos are the figures by field name, zeros left out (as Resumos keeps them).
func (f *FigurasVenda) Campos() map[string]int64 {
	out := map[string]int64{}
	for _, c := range CamposFiguras {
		if v := *f.Campo(c); v != 0 {
			out[c] = v
		}
	}
	return out
}

// LinhaVendedorMes is a row of resumo_vendedor_mes: a seller's month.
type LinhaVendedorMes struct {
	store.Meta   `bson:",inline"`
	VendedorID   string `bson:"vendedor_id"`
	Mes          string `bson:"mes"`
	FigurasVenda `bson:",inline"`
}

// Chave is the row's summary key.
func (l *LinhaVendedorMes) Chave() ChaveResumo {
	return ChaveResumo{ResumoVendedorMes, idResumo(l.VendedorID, l.Mes)}
}

// LinhaClienteMes is a row of resumo_cliente_mes: a customer's month.
type LinhaClienteMes struct {
	store.Meta   `bson:",inline"`
	ClienteID    string `bson:"cliente_id"`
	Mes          string `bson:"mes"`
	VendedorID   string `bson:"vendedor_id"`
	FigurasVenda `bson:",inline"`
}

// Chave is the row's summary key.
func (l *LinhaClienteMes) Chave() ChaveResumo {
	return ChaveResumo{ResumoClienteMes, idResumo(l.ClienteID, l.Mes)}
}

// LinhaGrupoVendedorMes is a row of resumo_grupo_vendedor_mes: a product group in a seller's
// month.
type LinhaGrupoVendedorMes struct {
	store.Meta   `bson:",inline"`
	Grupo        string `bson:"grupo"`
	VendedorID   string `bson:"vendedor_id"`
	Mes          string `bson:"mes"`
	FigurasVenda `bson:",inline"`
}

// Chave is the row's summary key.
func (l *LinhaGrupoVendedorMes) Chave() ChaveResumo {
	return ChaveResumo{ResumoGrupoVendedorMes, idResumo(l.Grupo, l.VendedorID, l.Mes)}
}

// LinhaRegiaoVendedorMes is a row of resumo_regiao_vendedor_mes: a seller's month in a customer
// region.
type LinhaRegiaoVendedorMes struct {
	store.Meta   `bson:",inline"`
	RegiaoID     string `bson:"regiao_id"`
	VendedorID   string `bson:"vendedor_id"`
	Mes          string `bson:"mes"`
	FigurasVenda `bson:",inline"`
}

// Chave is the row's summary key.
func (l *LinhaRegiaoVendedorMes) Chave() ChaveResumo {
	return ChaveResumo{ResumoRegiaoVendedorMes, idResumo(l.RegiaoID, l.VendedorID, l.Mes)}
}

// LinhaClienteVendedorDia is a row of resumo_cliente_vendedor_dia: a customer's counting orders
// by a seller on a day ("AAAA-MM-DD" in America/Sao_Paulo, DiaDoPedido).
type LinhaClienteVendedorDia struct {
	store.Meta `bson:",inline"`
	ClienteID  string `bson:"cliente_id"`
	VendedorID string `bson:"vendedor_id"`
	Dia        string `bson:"dia"`
	Pedidos    int64  `bson:"pedidos"`
}

// Chave is the row's summary key.
func (l *LinhaClienteVendedorDia) Chave() ChaveResumo {
	return ChaveResumo{ResumoClienteVendedorDia, idResumo(l.ClienteID, l.VendedorID, l.Dia)}
}

// Campos are the row's figures by field name, zeros left out.
func (l *LinhaClienteVendedorDia) Campos() map[string]int64 {
	return semZeros(map[string]int64{CampoPedidos: l.Pedidos})
}

// LinhaClienteEmAberto is a row of resumo_cliente_em_aberto: what weighs on a customer's credit.
type LinhaClienteEmAberto struct {
	store.Meta    `bson:",inline"`
	ClienteID     string `bson:"cliente_id"`
	VendedorID    string `bson:"vendedor_id"`
	TotalCentavos int64  `bson:"total_centavos"`
	Pedidos       int64  `bson:"pedidos"`
	Aguardando    int64  `bson:"aguardando_aprovacao"`
}

// Chave is the row's summary key.
func (l *LinhaClienteEmAberto) Chave() ChaveResumo {
	return ChaveResumo{ResumoClienteEmAberto, idResumo(l.ClienteID)}
}

// Campos are the row's figures by field name, zeros left out.
func (l *LinhaClienteEmAberto) Campos() map[string]int64 {
	return semZeros(map[string]int64{CampoTotal: l.TotalCentavos, CampoPedidos: l.Pedidos, CampoAguardando: l.Aguardando})
}

// LinhaFlexVendedor is a row of resumo_flex_vendedor: what the counting orders did to a
// seller's flex balance.
type LinhaFlexVendedor struct {
	store.Meta   `bson:",inline"`
	VendedorID   string `bson:"vendedor_id"`
	FlexCentavos int64  `bson:"flex_centavos"`
}

// Chave is the row's summary key.
func (l *LinhaFlexVendedor) Chave() ChaveResumo {
	return ChaveResumo{ResumoFlexVendedor, idResumo(l.VendedorID)}
}

// Campos are the row's figures by field name, zeros left out.
func (l *LinhaFlexVendedor) Campos() map[string]int64 {
	return semZeros(map[string]int64{CampoFlex: l.FlexCentavos})
}

// LinhaPresenca is a row of resumo_presencas: the counting orders behind one distinct count
// (Presenca.ID).
type LinhaPresenca struct {
	store.Meta `bson:",inline"`
	Presenca   string `bson:"presenca"`
	VendedorID string `bson:"vendedor_id"`
	Pedidos    int64  `bson:"pedidos"`
}

// Chave is the row's summary key.
func (l *LinhaPresenca) Chave() ChaveResumo { return ChaveResumo{ResumoPresencas, l.Presenca} }

// Campos are the row's figures by field name, zeros left out.
func (l *LinhaPresenca) Campos() map[string]int64 {
	return semZeros(map[string]int64{CampoPedidos: l.Pedidos})
}

func semZeros(m map[string]int64) map[string]int64 {
	for k, v := range m {
		if v == 0 {
			delete(m, k)
		}
	}
	return m
}

// PartesResumo are the parts of a summary document's id (ChaveResumo.ID), unescaped: the keys of
// its row.
func PartesResumo(id string) []string {
	partes := strings.Split(id, "|")
	for i, p := range partes {
		partes[i] = desescapeParte.Replace(p)
	}
	return partes
}

var desescapeParte = strings.NewReplacer("%7C", "|", "%25", "%")

// DonoDoResumo is the seller a summary row moved by an order's change belongs to: the order's
// seller (after the change; before it when the order is gone).
func DonoDoResumo(antes, depois *Pedido) string {
	if depois != nil {
		return depois.VendedorID
	}
	if antes != nil {
		return antes.VendedorID
	}
	return ""
}
