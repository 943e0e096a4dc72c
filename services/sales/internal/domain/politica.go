package domain

import ()

// Cliente is what pricing needs of a customer (the customer service owns the rest).
type Cliente struct {
	ID       string `json:"id"`
	UF       string `json:"uf"`
	RegiaoID string `json:"regiao_id"`
	// Suframa is the customer's Suframa registration: when present the customer pays no IPI.
	Suframa string `json:"suframa"`
	// ContribuinteICMS: only an ICMS contributor gets ICMS-ST.
	ContribuinteICMS bool `json:"contribuinte_icms"`
}

// PrecoTabela is a product's price in a table.
type PrecoTabela struct {
	PrecoCentavos int64 `json:"preco_centavos"`
	// PrecoMinimoCentavos (optional, 0 = none): a net unit price under it sends the order to
	// approval.
	PrecoMinimoCentavos int64 `json:"preco_minimo_centavos"`
}

// TabelaPreco is a named price table, valid between two dates, that applies to the customers it
// lists, to the customers of the regions it lists, to the customers of the states (UF) it lists,
// or to everyone when it is the company default.
type TabelaPreco struct {
	ID             string   `json:"id"`
	Nome           string   `json:"nome"`
	Padrao         bool     `json:"padrao"`
	ValidadeInicio Data     `json:"validade_inicio"`
	ValidadeFim    Data     `json:"validade_fim"`
	Clientes       []string `json:"clientes"`
	Regioes        []string `json:"regioes"`
	UFs            []string `json:"ufs"`
	// Desconto (optional) is a discount over every price of the table (negative: a surcharge),
	// as Mercos' tables "com desconto/acréscimo sobre a tabela": it shows on the line as the
	// discount of origin `tabela`.
	Desconto Percentual `json:"desconto_percentual"`
	// Precos by product id. A product that is not here is not sold to the table's customers.
	Precos map[string]PrecoTabela `json:"precos"`
}

// Promocao is a dated discount on one product or on a product group.
type Promocao struct {
	ID         string     `json:"id"`
	ProdutoID  string     `json:"produto_id"`
	Grupo      string     `json:"grupo"`
	Percentual Percentual `json:"percentual"`
	Inicio     Data       `json:"inicio"`
	Fim        Data       `json:"fim"`
}

// DescontoVolume is "from N units, X %" on one product, on a group, or (both empty) on every
// product. The quantity is the line's.
type DescontoVolume struct {
	ID               string     `json:"id"`
	ProdutoID        string     `json:"produto_id"`
	Grupo            string     `json:"grupo"`
	QuantidadeMinima int64      `json:"quantidade_minima"`
	Percentual       Percentual `json:"percentual"`
}

// LimiteGrupo is a product group's optional maximum discount of the seller on a line.
type LimiteGrupo struct {
	Grupo          string     `json:"grupo"`
	DescontoMaximo Percentual `json:"desconto_maximo_percentual"`
}

// Vendedor is the seller's part of the commercial policy (set by ADMIN on the operator).
type Vendedor struct {
	ID string `json:"id"`
	// DescontoMaximo is the seller's maximum line discount.
	DescontoMaximo Percentual `json:"desconto_maximo_percentual"`
	// SaldoFlexCentavos is the seller's flex balance (conta corrente / verba flex) before the order.
	SaldoFlexCentavos int64 `json:"saldo_flex_centavos"`
	// PedidoMinimoCentavos (optional, 0 = none) is the seller's minimum order (products only).
	PedidoMinimoCentavos int64 `json:"pedido_minimo_centavos"`
}

// ComFlexDosPedidos is the seller as pricing sees them: the policy's flex balance plus what the
// counting orders did to it (flexPedidos, the seller's resumo_flex_vendedor row). The device does
// the same (entities/preco/calcular.ts comFlexDosPedidos; contracts/precos.json,
// flex_pedidos_centavos).
func (v Vendedor) ComFlexDosPedidos(flexPedidos int64) Vendedor {
	v.SaldoFlexCentavos += flexPedidos
	return v
}

// RegraST is an ICMS-ST rule: for products whose NCM starts with NCM (2 to 8 digits; the longest
// match wins) sold to customers in UF.
type RegraST struct {
	ID                    string     `json:"id"`
	NCM                   string     `json:"ncm"`
	UF                    string     `json:"uf"`
	MVA                   Percentual `json:"mva_percentual"`
	AliquotaInterna       Percentual `json:"aliquota_interna_percentual"`
	AliquotaInterestadual Percentual `json:"aliquota_interestadual_percentual"`
	// ReducaoBase (optional) reduces the ST base by this %.
	ReducaoBase Percentual `json:"reducao_base_percentual"`
	// TipoReducao says what ReducaoBase reduces: the ST base only (ReducaoSoST, also when
	// empty: rules stored before the field), or, in an in-state sale, the base of the seller's
	// own ICMS too (ReducaoPropriaEST: CST 70, "tributada com redução de base de cálculo e com
	// cobrança do ICMS por substituição tributária", Tabela B of the CST, Anexo do Convênio s/nº
	// de 15.12.1970). Between states the own operation is taxed at the interstate rate, without
	// the destination's reduction.
	TipoReducao string `json:"reducao_base_tipo"`
	// AjusteMVA says when an interstate sale uses the adjusted MVA (the specific protocol or the
	// destination's rules for the product): AjusteSempre (also when empty: rules stored before
	// the field), AjusteSeInternaMaior (only when "ALQ intra" is above the interstate rate, e.g.
	// RICMS/MG, Anexo XV, Parte 1, art. 19, § 5º) or AjusteNao (the destination does not adopt the
	// adjustment for the product: the original MVA). A Simples Nacional sender never adjusts.
	AjusteMVA string `json:"ajuste_mva"`
	// AliquotaIntraEfetiva: "ALQ intra" of the adjustment is the effective rate after the base
	// reduction (interna × (1 − redução)), where the protocol defines it so (e.g. Protocolo ICMS
	// 41/2008, cláusula segunda, § 1º, III, as written by Protocolo ICMS 35/2013: "alíquota
	// interna ou percentual de carga tributária efetiva, quando este for inferior à alíquota
	// interna"). False: the nominal internal rate.
	AliquotaIntraEfetiva bool `json:"aliquota_intra_efetiva"`
}

// The kinds of base reduction of an ST rule (RegraST.TipoReducao).
const (
	ReducaoSoST       = "st"
	ReducaoPropriaEST = "propria_e_st"
)

// When an ST rule adjusts the MVA between states (RegraST.AjusteMVA).
const (
	AjusteSempre         = "sempre"
	AjusteSeInternaMaior = "se_interna_maior"
	AjusteNao            = "nao"
)

// RegraST.Validar (the form rules the app checks too: NCM of 2 to 8 digits, one of the 27 UFs,
// MVA from 0 to 1000 %, the rates from 0 to less than 100 %, the base reduction from 0 to 100 %, a
// known kind of reduction and of MVA adjustment, and a reduction when the own operation's base or
// "ALQ intra" depends on it) is generated from contracts/formularios.json (formularios.gen.go).

// Politica is the company's commercial policy and tax rules as they apply to one seller: every
// input of pricing other than the line, the customer, the payment term and the date.
type Politica struct {
	// UFOrigem is the company's state (where it ships from): it tells intrastate from
	// interstate sales.
	UFOrigem        string           `json:"uf_origem"`
	Tabelas         []TabelaPreco    `json:"tabelas"`
	Promocoes       []Promocao       `json:"promocoes"`
	DescontosVolume []DescontoVolume `json:"descontos_volume"`
	LimitesGrupo    []LimiteGrupo    `json:"limites_grupo"`
	Vendedor        Vendedor         `json:"vendedor"`
	// FlexPermitido: the company runs a flex balance (verba flex). Then selling above the
	// price credits the seller's balance and a discount beyond the cap debits it instead of
	// sending the order to approval (unless the balance does not cover the order's debits).
	FlexPermitido bool      `json:"flex_permitido"`
	RegrasST      []RegraST `json:"regras_st"`
	// SimplesNacional: the company (the sender) is optante pelo Simples Nacional, so its
	// interstate ST uses the original MVA, never the adjusted one (Convênio ICMS 35/2011, until
	// 31.12.2017; since then Convênio ICMS 142/2018, cláusula décima primeira).
	SimplesNacional bool `json:"simples_nacional"`
}

// CondicaoPagamento is a payment term.
type CondicaoPagamento struct {
	ID           string `json:"id"`
	Nome         string `json:"nome"`
	ParcelasDias []int  `json:"parcelas_dias"`
	Forma        string `json:"forma"`
	// Acrescimo is the term's surcharge (positive) or discount (negative) on the net unit price.
	Acrescimo Percentual `json:"acrescimo_percentual"`
	// ValorMinimoCentavos (optional) is the term's minimum order, products only (net of IPI and
	// ST, as Mercos does).
	ValorMinimoCentavos int64 `json:"valor_minimo_centavos"`
	UsaLimiteCredito    bool  `json:"usa_limite_credito"`
	// Clientes that may use the term; empty: every customer.
	Clientes []string `json:"clientes"`
}
