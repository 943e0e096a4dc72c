package domain

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// The orders (issue 11): the Pedido aggregate, its pricing from PrecificarPedido, the reasons that
// send it to approval, the rules that refuse it and its status flow. Pure: no store, no clock (every
// method gets who and when), no network. Command handlers (CriarPedido, EnviarPedido, AprovarPedido,
// …) load the order, read what the rules need (the customer's situation, open orders, the
// bonificação budget, the seller's supervisor), call one method and save the order on its versao.
//
// Decisions (for the service's README):
//
//   - Pricing: the server prices every order (PrecificarItens on PrecificarPedido) when it is
//     created, edited and sent; totals from the client are never read. TotalCentavos = products +
//     IPI + ST + freight.
//   - Bonificação: a line flagged bonificacao, or every line of an order of type bonificacao, is
//     zero to the customer and is valued at the table's list price × quantity
//     (BonificacaoCentavos). The seller has a monthly budget (VerbaBonificacao): what the seller's
//     counting orders of the month already give (the seller × month summary's bonificacao_centavos)
//     plus this order's, over the budget → BONIFICACAO_ACIMA_DA_VERBA (approval). A budget of 0
//     sends every bonificação to approval. Given lines raise no pricing warnings and do not count
//     toward the order's minimum or the flex balance. A troca is priced as a sale (the ERP decides
//     its fiscal treatment); an orcamento-type order is a quote and is never sent.
//   - Credit: when the term has usa_limite_credito, the customer's open orders (aguardando_aprovacao,
//     enviado, em_separacao; resumo_cliente_em_aberto) + this order's total over the customer's
//     limit → LIMITE_DE_CREDITO_EXCEDIDO (approval). A limit of 0 is no credit.
//   - Blocking: a blocked customer ("Cliente bloqueado: <motivo>.") or an inactive one is refused at
//     create, edit and send; the approval reasons the company lists as blocking
//     (ContextoPedido.Bloqueantes) are shown on the draft and refuse the send with their message.
//   - Approval: only the seller's SUPERVISOR (never the seller themself) or an ADMIN approves or
//     rejects (PodeAprovar); rejecting needs a note. Approval keeps EnviadoEm and the reasons.
//   - Reopening: an order returns to orcamento (the only status where it is edited) from
//     reprovado, or from aguardando_aprovacao when the seller withdraws it; never once enviado.
//   - Cancelling: with a reason, from orcamento, aguardando_aprovacao, enviado, em_separacao and
//     reprovado; never faturado, entregue or cancelado.
//   - After enviado (ADMIN or the ERP as an ADMIN operator): em_separacao, faturado (from enviado
//     or em_separacao, with an invoice: number and value), entregue (from faturado). Partial
//     invoicing: invoices summing under the total leave the order faturado with
//     faturamento_parcial; further invoices are taken while partial; it may be delivered as is.
//   - History: every status change appends {status, acao, por, em, observacao}; edits of a draft
//     are not status changes (the store keeps alterado_por/alterado_em).

// Reasons of the errors of orders (the `motivo` a client acts on).
const (
	// ReasonClienteBloqueado: the customer is blocked (the message carries the block's reason).
	ReasonClienteBloqueado errs.Reason = "CLIENTE_BLOQUEADO"
	// ReasonClienteInativo: the customer is inactive.
	ReasonClienteInativo errs.Reason = "CLIENTE_INATIVO"
	// ReasonPedidoBloqueado: an approval reason the company configured as blocking
	// (detalhes.motivo names it); the message is the reason's own.
	ReasonPedidoBloqueado errs.Reason = "PEDIDO_BLOQUEADO"
	// ReasonPedidoSemItens: an order sent with no items.
	ReasonPedidoSemItens errs.Reason = "PEDIDO_SEM_ITENS"
	// ReasonOrcamentoNaoEnviavel: an order of type orcamento (a quote) is never sent.
	ReasonOrcamentoNaoEnviavel errs.Reason = "ORCAMENTO_NAO_ENVIAVEL"
	// ReasonTransicaoNaoPermitida: the order's status does not allow the action (detalhes.status
	// is the current one).
	ReasonTransicaoNaoPermitida errs.Reason = "TRANSICAO_NAO_PERMITIDA"
	// ReasonAprovacaoNaoPermitida: only the seller's supervisor or an ADMIN approves or rejects.
	ReasonAprovacaoNaoPermitida errs.Reason = "APROVACAO_NAO_PERMITIDA"
	// ReasonStatusSoAdmin: the states after enviado are moved by an ADMIN (or the ERP, which
	// signs in as an ADMIN operator).
	ReasonStatusSoAdmin errs.Reason = "STATUS_SO_ADMIN"
	// ReasonNotaFiscalDuplicada: an invoice number already recorded on the order.
	ReasonNotaFiscalDuplicada errs.Reason = "NOTA_FISCAL_DUPLICADA"
)

// The approval reasons of orders beyond pricing's warnings (AvisoDescontoAcimaDoLimite,
// AvisoPrecoAbaixoDoMinimo, AvisoPedidoAbaixoDoMinimo, AvisoSaldoFlexInsuficiente).
const (
	AvisoLimiteDeCreditoExcedido Motivo = "LIMITE_DE_CREDITO_EXCEDIDO"
	AvisoBonificacaoAcimaDaVerba Motivo = "BONIFICACAO_ACIMA_DA_VERBA"
)

// MotivosAprovacao are every reason that sends an order to approval (and that a company may
// configure as blocking).
var MotivosAprovacao = []Motivo{AvisoDescontoAcimaDoLimite, AvisoPrecoAbaixoDoMinimo, AvisoPedidoAbaixoDoMinimo,
	AvisoSaldoFlexInsuficiente, AvisoLimiteDeCreditoExcedido, AvisoBonificacaoAcimaDaVerba}

// StatusPedido is the status of an order.
type StatusPedido string

// The statuses (exactly as on the wire).
const (
	StatusOrcamento           StatusPedido = "orcamento"
	StatusAguardandoAprovacao StatusPedido = "aguardando_aprovacao"
	StatusEnviado             StatusPedido = "enviado"
	StatusEmSeparacao         StatusPedido = "em_separacao"
	StatusFaturado            StatusPedido = "faturado"
	StatusEntregue            StatusPedido = "entregue"
	StatusCancelado           StatusPedido = "cancelado"
	StatusReprovado           StatusPedido = "reprovado"
)

// StatusesPedido are every status, in the order of the flow.
var StatusesPedido = []StatusPedido{StatusOrcamento, StatusAguardandoAprovacao, StatusEnviado, StatusEmSeparacao,
	StatusFaturado, StatusEntregue, StatusCancelado, StatusReprovado}

var rotulosStatus = map[StatusPedido]string{
	StatusOrcamento: "em orçamento", StatusAguardandoAprovacao: "aguardando aprovação", StatusEnviado: "enviado",
	StatusEmSeparacao: "em separação", StatusFaturado: "faturado", StatusEntregue: "entregue",
	StatusCancelado: "cancelado", StatusReprovado: "reprovado",
}

// Valido reports whether s is one of the statuses.
func (s StatusPedido) Valido() bool { _, ok := rotulosStatus[s]; return ok }

// Rotulo is the status as a user reads it after "está": "em orçamento", "faturado".
func (s StatusPedido) Rotulo() string {
	if r, ok := rotulosStatus[s]; ok {
		return r
	}
	return string(s)
}

// EmAberto reports whether an order of this status weighs on the customer's credit: sent and not
// yet invoiced (aguardando_aprovacao, enviado, em_separacao).
func (s StatusPedido) EmAberto() bool {
	return s == StatusAguardandoAprovacao || s == StatusEnviado || s == StatusEmSeparacao
}

// ContaNosResumos reports whether an order of this status is in the sales summaries: from
// enviado on (enviado, em_separacao, faturado, entregue); never cancelado or reprovado.
func (s StatusPedido) ContaNosResumos() bool {
	return s == StatusEnviado || s == StatusEmSeparacao || s == StatusFaturado || s == StatusEntregue
}

// TipoPedido is the type of an order.
type TipoPedido string

// The types (exactly as on the wire).
const (
	TipoVenda       TipoPedido = "venda"
	TipoBonificacao TipoPedido = "bonificacao"
	TipoTroca       TipoPedido = "troca"
	TipoOrcamento   TipoPedido = "orcamento"
)

// TiposPedido are every type.
var TiposPedido = []TipoPedido{TipoVenda, TipoBonificacao, TipoTroca, TipoOrcamento}

// Limits of an order.
const (
	MaxItensPedido  = 500
	MaxObservacoes  = 2000
	MaxNotaFiscal   = 20
	MaxNotasFiscais = 50
	MaxMotivoPedido = 500
)

// ClientePedido is the snapshot of the customer taken when the order is priced (the customer
// service owns the customer; the order keeps what it was sold under).
type ClientePedido struct {
	Nome              string `json:"nome" bson:"nome"`
	Documento         string `json:"documento" bson:"documento"`
	InscricaoEstadual string `json:"inscricao_estadual" bson:"inscricao_estadual"`
	UF                string `json:"uf" bson:"uf"`
	Suframa           string `json:"suframa" bson:"suframa"`
	RegiaoID          string `json:"regiao_id" bson:"regiao_id"`
	ContribuinteICMS  bool   `json:"contribuinte_icms" bson:"contribuinte_icms"`
	// Telefone is the customer's main contact's phone (digits), for WhatsApp.
	Telefone string `json:"telefone" bson:"telefone"`
}

// ClienteVenda is what the sales service reads of a customer (from the customer service, in the
// caller's scope): how pricing sees it, the order's snapshot, the rules' situation (without the
// open orders, which are the sales service's own) and the seller whose portfolio it is in.
type ClienteVenda struct {
	Preco      Cliente
	Snapshot   ClientePedido
	Situacao   SituacaoCliente
	VendedorID string
}

// DescontoItem is a discount of an item as stored (Desconto with its bson names).
type DescontoItem struct {
	Origem     Origem     `json:"origem" bson:"origem"`
	Percentual Percentual `json:"percentual" bson:"percentual"`
	RegraID    string     `json:"regra_id" bson:"regra_id"`
}

// ItemPedido is a priced item of an order: the product's snapshot, the quantity, the seller's
// requested discount and everything PrecificarPedido computed. Amounts are integer centavos.
type ItemPedido struct {
	ProdutoID string `json:"produto_id" bson:"produto_id"`
	Codigo    string `json:"codigo" bson:"codigo"`
	Descricao string `json:"descricao" bson:"descricao"`
	Unidade   string `json:"unidade" bson:"unidade"`
	NCM       string `json:"ncm" bson:"ncm"`
	// Grupo is the product's group (the summary per group × seller × month).
	Grupo      string `json:"grupo" bson:"grupo"`
	Quantidade int64  `json:"quantidade" bson:"quantidade"`
	// DescontoPercentual is the discount the seller asked for (the input; Descontos the result).
	DescontoPercentual    Percentual     `json:"desconto_percentual" bson:"desconto_percentual"`
	TabelaID              string         `json:"tabela_id" bson:"tabela_id"`
	PrecoListaCentavos    int64          `json:"preco_lista_centavos" bson:"preco_lista_centavos"`
	Descontos             []DescontoItem `json:"descontos" bson:"descontos"`
	PrecoUnitarioCentavos int64          `json:"preco_unitario_centavos" bson:"preco_unitario_centavos"`
	ValorCentavos         int64          `json:"valor_centavos" bson:"valor_centavos"`
	IPICentavos           int64          `json:"ipi_centavos" bson:"ipi_centavos"`
	BaseSTCentavos        int64          `json:"base_st_centavos" bson:"base_st_centavos"`
	ICMSProprioCentavos   int64          `json:"icms_proprio_centavos" bson:"icms_proprio_centavos"`
	STCentavos            int64          `json:"st_centavos" bson:"st_centavos"`
	TotalCentavos         int64          `json:"total_centavos" bson:"total_centavos"`
	FlexCentavos          int64          `json:"flex_centavos" bson:"flex_centavos"`
	// Bonificacao: the item is given, not sold: zero to the customer (price, value, IPI, ST,
	// total and flex are 0) and BonificacaoCentavos (list price × quantity) weighs on the
	// seller's bonificação budget.
	Bonificacao         bool  `json:"bonificacao" bson:"bonificacao"`
	BonificacaoCentavos int64 `json:"bonificacao_centavos" bson:"bonificacao_centavos"`
}

// MotivoAprovacao is a reason that sends the order to approval, with its pt-BR message (and the
// product, for a line's). Bloqueante: the company configured this reason as blocking, so the
// order cannot be sent while it holds (shown while the order is a draft).
type MotivoAprovacao struct {
	Motivo     Motivo `json:"motivo" bson:"motivo"`
	Mensagem   string `json:"mensagem" bson:"mensagem"`
	ProdutoID  string `json:"produto_id,omitempty" bson:"produto_id,omitempty"`
	Bloqueante bool   `json:"bloqueante,omitempty" bson:"bloqueante,omitempty"`
}

// AcaoPedido names what an entry of the history did.
type AcaoPedido string

// The actions of the history.
const (
	AcaoCriado     AcaoPedido = "criado"
	AcaoEnviado    AcaoPedido = "enviado"
	AcaoAprovado   AcaoPedido = "aprovado"
	AcaoReprovado  AcaoPedido = "reprovado"
	AcaoCancelado  AcaoPedido = "cancelado"
	AcaoReaberto   AcaoPedido = "reaberto"
	AcaoStatus     AcaoPedido = "status"
	AcaoNotaFiscal AcaoPedido = "nota_fiscal"
)

// EventoPedido is an entry of the order's history: the status it left the order in, who (operator
// id), when (UTC) and the note.
type EventoPedido struct {
	Status     StatusPedido `json:"status" bson:"status"`
	Acao       AcaoPedido   `json:"acao" bson:"acao"`
	Por        string       `json:"por" bson:"por"`
	Em         time.Time    `json:"em" bson:"em"`
	Observacao string       `json:"observacao" bson:"observacao"`
}

// NotaFiscal is an invoice of the order, reported by the ERP (or an ADMIN).
type NotaFiscal struct {
	Numero        string    `json:"numero" bson:"numero"`
	ValorCentavos int64     `json:"valor_centavos" bson:"valor_centavos"`
	Em            time.Time `json:"em" bson:"em"`
}

// Pedido is an order: one document per order, items embedded. Numero is the company's human
// number, assigned by the store when the order reaches the server (0: "a enviar"). VendedorID is
// the owner (the role scope). Totals are always computed here from PrecificarPedido's result,
// never taken from the client.
type Pedido struct {
	store.Meta `bson:",inline"`
	Numero     int64        `json:"numero" bson:"numero"`
	Status     StatusPedido `json:"status" bson:"status"`
	Tipo       TipoPedido   `json:"tipo" bson:"tipo"`
	ClienteID  string       `json:"cliente_id" bson:"cliente_id"`
	// Cliente is the customer's snapshot at the last pricing.
	Cliente        ClientePedido `json:"cliente" bson:"cliente"`
	VendedorID     string        `json:"vendedor_id" bson:"vendedor_id"`
	TabelaID       string        `json:"tabela_id" bson:"tabela_id"`
	CondicaoID     string        `json:"condicao_id" bson:"condicao_id"`
	CondicaoNome   string        `json:"condicao_nome" bson:"condicao_nome"`
	FormaPagamento string        `json:"forma_pagamento" bson:"forma_pagamento"`
	Itens          []ItemPedido  `json:"itens" bson:"itens"`
	FreteCentavos  int64         `json:"frete_centavos" bson:"frete_centavos"`
	// Observacoes go to the customer (on the PDF); ObservacoesInternas stay in the company.
	Observacoes         string   `json:"observacoes" bson:"observacoes"`
	ObservacoesInternas string   `json:"observacoes_internas" bson:"observacoes_internas"`
	DataEntrega         Data     `json:"data_entrega" bson:"data_entrega"`
	Latitude            *float64 `json:"latitude,omitempty" bson:"latitude,omitempty"`
	Longitude           *float64 `json:"longitude,omitempty" bson:"longitude,omitempty"`
	VisitaID            string   `json:"visita_id" bson:"visita_id"`
	// Totals: TotalCentavos = produtos + IPI + ST + frete (what the customer pays).
	TotalProdutosCentavos int64 `json:"total_produtos_centavos" bson:"total_produtos_centavos"`
	TotalIPICentavos      int64 `json:"total_ipi_centavos" bson:"total_ipi_centavos"`
	TotalSTCentavos       int64 `json:"total_st_centavos" bson:"total_st_centavos"`
	TotalCentavos         int64 `json:"total_centavos" bson:"total_centavos"`
	FlexCentavos          int64 `json:"flex_centavos" bson:"flex_centavos"`
	BonificacaoCentavos   int64 `json:"bonificacao_centavos" bson:"bonificacao_centavos"`
	// MotivosAprovacao: computed at every pricing; when the order is sent with any, it waits
	// for approval. They stay on the order after the decision (why it needed one).
	MotivosAprovacao []MotivoAprovacao `json:"motivos_aprovacao" bson:"motivos_aprovacao"`
	Historico        []EventoPedido    `json:"historico" bson:"historico"`
	// EnviadoEm is when the seller last sent the order (zero while it was never sent, or after
	// it was reopened): its month in America/Sao_Paulo is the month of the summaries.
	EnviadoEm          time.Time    `json:"enviado_em" bson:"enviado_em"`
	NotasFiscais       []NotaFiscal `json:"notas_fiscais" bson:"notas_fiscais"`
	FaturadoCentavos   int64        `json:"faturado_centavos" bson:"faturado_centavos"`
	FaturamentoParcial bool         `json:"faturamento_parcial" bson:"faturamento_parcial"`
	MotivoCancelamento string       `json:"motivo_cancelamento" bson:"motivo_cancelamento"`
	// PrecosAlterados: the unit prices that changed between what the device showed and the
	// server's pricing, from the last create or edit that sent expectations (PrecosMudaram). An
	// order with any is not sent by that request: the seller sees them and sends again.
	PrecosAlterados []PrecoAlterado `json:"precos_alterados" bson:"precos_alterados"`
}

// PrecoAlterado is a unit price the device showed (De) that the server priced otherwise (Para).
type PrecoAlterado struct {
	ProdutoID    string `json:"produto_id" bson:"produto_id"`
	Descricao    string `json:"descricao" bson:"descricao"`
	DeCentavos   int64  `json:"de_centavos" bson:"de_centavos"`
	ParaCentavos int64  `json:"para_centavos" bson:"para_centavos"`
	Mensagem     string `json:"mensagem" bson:"mensagem"`
}

// ValidarEsperados checks the prices the device showed (preco_esperado_centavos): zero (none) or
// a price up to LimiteCentavos.
func ValidarEsperados(esperados []int64) error {
	var v violacoes
	for i, e := range esperados {
		if e < 0 || e > LimiteCentavos {
			v.add(fmt.Sprintf("itens[%d].preco_esperado_centavos", i), "Preço esperado deve ser zero ou mais (em centavos).")
		}
	}
	return v.err()
}

// PrecosMudaram compares the unit prices the device showed (esperados[i] for item i; 0: no
// expectation) with the server's pricing, line by line: "Preço de <produto> mudou de R$ 10,00
// para R$ 10,50." A given (bonificação) item is never compared: it costs the customer nothing.
func PrecosMudaram(esperados []int64, pr Precificacao) []PrecoAlterado {
	out := []PrecoAlterado{}
	for i, it := range pr.Itens {
		if i >= len(esperados) || esperados[i] <= 0 || it.Bonificacao || esperados[i] == it.PrecoUnitarioCentavos {
			continue
		}
		nome := it.Descricao
		if it.Codigo != "" {
			nome = it.Codigo + " " + it.Descricao
		}
		out = append(out, PrecoAlterado{ProdutoID: it.ProdutoID, Descricao: it.Descricao, DeCentavos: esperados[i],
			ParaCentavos: it.PrecoUnitarioCentavos, Mensagem: fmt.Sprintf("Preço de %s mudou de %s para %s.",
				strings.TrimSpace(nome), FormatarCentavos(esperados[i]), FormatarCentavos(it.PrecoUnitarioCentavos))})
	}
	return out
}

// Messages of orders that are not found or out of reach.
const (
	MsgPedidoNaoEncontrado = "Pedido não encontrado."
	MsgPedidoForaDoEscopo  = "Este pedido é de outra empresa ou de um vendedor fora da sua carteira."
)

// DataDoPedido is the day the order was created, in America/Sao_Paulo (the period of the search).
func DataDoPedido(p *Pedido) Data { return Data(p.CriadoEm.In(saoPaulo).Format("2006-01-02")) }

// DiasNoAparelho is how far back (by last change) the orders are kept on a device.
const DiasNoAparelho = 90

// DiaDaAlteracao is the day (AAAA-MM-DD in São Paulo) of the order's last change.
func DiaDaAlteracao(p *Pedido) Data { return Data(p.AlteradoEm.In(saoPaulo).Format("2006-01-02")) }

// InicioNoAparelho is the first day of the orders a device keeps, seen at now.
func InicioNoAparelho(now time.Time) Data {
	return Data(now.In(saoPaulo).AddDate(0, 0, -DiasNoAparelho).Format("2006-01-02"))
}

// ClientePreco is the customer as pricing sees it, from the order's snapshot.
func (p *Pedido) ClientePreco() Cliente {
	return Cliente{ID: p.ClienteID, UF: p.Cliente.UF, RegiaoID: p.Cliente.RegiaoID, Suframa: p.Cliente.Suframa,
		ContribuinteICMS: p.Cliente.ContribuinteICMS}
}

// Nome is how messages name the order: "Pedido 123", or "Este pedido" while it has no number.
func (p *Pedido) Nome() string {
	if p.Numero > 0 {
		return fmt.Sprintf("Pedido %d", p.Numero)
	}
	return "Este pedido"
}

func (p *Pedido) erroStatus(acao string) error {
	return errs.Conflict(fmt.Sprintf("%s está %s e não pode %s.", p.Nome(), p.Status.Rotulo(), acao)).
		WithReason(ReasonTransicaoNaoPermitida, "status", string(p.Status))
}

func (p *Pedido) registrar(s StatusPedido, a AcaoPedido, por string, em time.Time, obs string) {
	p.Status = s
	p.Historico = append(p.Historico, EventoPedido{Status: s, Acao: a, Por: por, Em: em.UTC(), Observacao: obs})
}

// ---- pricing ----

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
			Grupo: pr.Grupo, Quantidade: r.Quantidade, DescontoPercentual: itens[i].DescontoPercentual, TabelaID: r.TabelaID,
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

// ---- approval reasons and blocking rules ----

// Situations of a customer (the customer service's status).
const (
	ClienteAtivo     = "ativo"
	ClienteBloqueado = "bloqueado"
	ClienteInativo   = "inativo"
)

// SituacaoCliente is what the rules need of the customer at the time of the action.
type SituacaoCliente struct {
	// Status is the customer service's: ativo, bloqueado or inativo.
	Status string
	// MotivoBloqueio is why it is blocked (shown in the refusal).
	MotivoBloqueio string
	// LimiteCreditoCentavos is the customer's credit limit (0: no credit).
	LimiteCreditoCentavos int64
	// EmAbertoCentavos is the total of the customer's other open orders (StatusPedido.EmAberto),
	// this one excluded.
	EmAbertoCentavos int64
}

// VerbaBonificacao is the seller's bonificação budget for the month: LimiteCentavos (0: no
// budget, so any bonificação goes to approval) and UsadoCentavos, what the seller's orders of the
// month already use — the bonificacao_centavos of the seller × month summary (orders that count,
// i.e. from enviado on).
type VerbaBonificacao struct {
	LimiteCentavos int64
	UsadoCentavos  int64
}

// ContextoPedido is what the rules read besides the order: the customer's situation, the seller's
// bonificação budget, and the approval reasons the company configured as blocking.
type ContextoPedido struct {
	Cliente     SituacaoCliente
	Verba       VerbaBonificacao
	Bloqueantes []Motivo
}

// VerificarCliente refuses a blocked or inactive customer ("Cliente bloqueado: <motivo>.").
func VerificarCliente(s SituacaoCliente) error {
	switch s.Status {
	case ClienteBloqueado:
		motivo := strings.TrimSpace(s.MotivoBloqueio)
		if motivo == "" {
			motivo = "procure o financeiro da empresa"
		}
		motivo = strings.TrimRight(motivo, ".")
		return errs.Field("cliente_id", fmt.Sprintf("Cliente bloqueado: %s.", motivo)).
			WithReason(ReasonClienteBloqueado, "motivo", s.MotivoBloqueio)
	case ClienteInativo:
		return errs.Field("cliente_id", "Cliente inativo: reative o cadastro do cliente antes de fazer um pedido.").
			WithReason(ReasonClienteInativo)
	}
	return nil
}

// AvaliarPedido lists the reasons that send an order to approval, in this order: pricing's
// warnings (DESCONTO_ACIMA_DO_LIMITE, PRECO_ABAIXO_DO_MINIMO, PEDIDO_ABAIXO_DO_MINIMO,
// SALDO_FLEX_INSUFICIENTE, as PrecificarPedido gives them), then LIMITE_DE_CREDITO_EXCEDIDO
// (when the term uses the credit limit and the customer's open orders plus this order's total
// pass the limit) and BONIFICACAO_ACIMA_DA_VERBA (when the budget's used part plus this order's
// bonificação passes the limit). Reasons the company configured as blocking are marked
// Bloqueante. A blocked or inactive customer is an error (VerificarCliente).
func AvaliarPedido(pr Precificacao, totalCentavos int64, ctx ContextoPedido) ([]MotivoAprovacao, error) {
	if err := VerificarCliente(ctx.Cliente); err != nil {
		return nil, err
	}
	out := []MotivoAprovacao{}
	for _, a := range pr.Avisos {
		out = append(out, MotivoAprovacao{Motivo: a.Motivo, Mensagem: a.Mensagem, ProdutoID: a.ProdutoID})
	}
	if pr.Condicao.UsaLimiteCredito {
		c := ctx.Cliente
		if soma := c.EmAbertoCentavos + totalCentavos; soma > c.LimiteCreditoCentavos {
			out = append(out, MotivoAprovacao{Motivo: AvisoLimiteDeCreditoExcedido, Mensagem: fmt.Sprintf(
				"Limite de crédito do cliente excedido: %s em aberto + %s deste pedido = %s, acima do limite de %s.",
				FormatarCentavos(c.EmAbertoCentavos), FormatarCentavos(totalCentavos), FormatarCentavos(soma),
				FormatarCentavos(c.LimiteCreditoCentavos))})
		}
	}
	if b := pr.BonificacaoCentavos; b > 0 && ctx.Verba.UsadoCentavos+b > ctx.Verba.LimiteCentavos {
		out = append(out, MotivoAprovacao{Motivo: AvisoBonificacaoAcimaDaVerba, Mensagem: fmt.Sprintf(
			"Bonificação de %s acima da verba do mês: já usados %s de %s.",
			FormatarCentavos(b), FormatarCentavos(ctx.Verba.UsadoCentavos), FormatarCentavos(ctx.Verba.LimiteCentavos))})
	}
	for i := range out {
		out[i].Bloqueante = slices.Contains(ctx.Bloqueantes, out[i].Motivo)
	}
	return out, nil
}

// ---- creating and editing ----

// DadosPedido is what the seller fills in (besides the items, priced apart).
type DadosPedido struct {
	ID                  string
	Tipo                TipoPedido
	ClienteID           string
	Cliente             ClientePedido
	VendedorID          string
	FreteCentavos       int64
	Observacoes         string
	ObservacoesInternas string
	DataEntrega         Data
	Latitude            *float64
	Longitude           *float64
	VisitaID            string
}

// Bounds of a delivery date, in days from the day the order is written (America/Sao_Paulo): up to
// EntregaDiasAtras in the past (an order entered offline may reach the server days later) and up
// to EntregaDiasAFrente ahead.
const (
	EntregaDiasAtras   = 30
	EntregaDiasAFrente = 366
)

// Normalizar trims the texts and checks the fields: a known type, the customer and seller, the
// freight from zero to LimiteCentavos, notes of at most MaxObservacoes characters, a delivery
// date AAAA-MM-DD within EntregaDiasAtras before em's day and EntregaDiasAFrente after it (a date
// equal to anterior, the one the order already has, is kept as is), and both coordinates (or
// none) within range.
func (d *DadosPedido) Normalizar(em time.Time, anterior Data) error {
	var v violacoes
	d.Tipo = TipoPedido(strings.ToLower(strings.TrimSpace(string(d.Tipo))))
	if d.Tipo == "" {
		d.Tipo = TipoVenda
	}
	if !slices.Contains(TiposPedido, d.Tipo) {
		v.add("tipo", "Tipo do pedido deve ser venda, bonificacao, troca ou orcamento.")
	}
	d.ClienteID, d.VendedorID, d.VisitaID = strings.TrimSpace(d.ClienteID), strings.TrimSpace(d.VendedorID), strings.TrimSpace(d.VisitaID)
	if d.ClienteID == "" {
		v.add("cliente_id", "Escolha o cliente do pedido.")
	}
	if d.VendedorID == "" {
		v.add("vendedor_id", "Informe o vendedor do pedido.")
	}
	if d.FreteCentavos < 0 || d.FreteCentavos > LimiteCentavos {
		v.add("frete_centavos", "Frete deve ser zero ou mais.")
	}
	texto(&v, "observacoes", "as observações", &d.Observacoes, MaxObservacoes, false)
	texto(&v, "observacoes_internas", "as observações internas", &d.ObservacoesInternas, MaxObservacoes, false)
	d.DataEntrega = Data(strings.TrimSpace(string(d.DataEntrega)))
	if !DataValida(d.DataEntrega) {
		v.add("data_entrega", "Data de entrega deve ser uma data AAAA-MM-DD.")
	} else if d.DataEntrega != "" && d.DataEntrega != anterior {
		dia, _ := time.Parse("2006-01-02", string(d.DataEntrega))
		y, m, dd := em.In(saoPaulo).Date()
		hoje := time.Date(y, m, dd, 0, 0, 0, 0, time.UTC)
		if de := hoje.AddDate(0, 0, -EntregaDiasAtras); dia.Before(de) {
			v.add("data_entrega", fmt.Sprintf("Data de entrega não pode ser anterior a %s (%d dias atrás).", de.Format("02/01/2006"), EntregaDiasAtras))
		} else if ate := hoje.AddDate(0, 0, EntregaDiasAFrente); dia.After(ate) {
			v.add("data_entrega", fmt.Sprintf("Data de entrega não pode passar de %s (um ano à frente).", ate.Format("02/01/2006")))
		}
	}
	switch {
	case (d.Latitude == nil) != (d.Longitude == nil):
		v.add("latitude", "Informe latitude e longitude juntas.")
	case d.Latitude != nil && (*d.Latitude < -90 || *d.Latitude > 90 || *d.Longitude < -180 || *d.Longitude > 180):
		v.add("latitude", "Coordenadas fora do intervalo (latitude de -90 a 90, longitude de -180 a 180).")
	}
	return v.err()
}

// precificar applies a pricing and the reasons to the order (all or nothing).
func (p *Pedido) precificar(pr Precificacao, ctx ContextoPedido) error {
	if len(pr.Itens) > MaxItensPedido {
		return errs.Field("itens", fmt.Sprintf("Um pedido tem no máximo %d itens.", MaxItensPedido))
	}
	total := pr.TotalItensCentavos + p.FreteCentavos
	if foraDoLimite(total) {
		return errs.Invalid("Valor do pedido grande demais.").WithReason(ReasonValorForaDoLimite)
	}
	motivos, err := AvaliarPedido(pr, total, ctx)
	if err != nil {
		return err
	}
	p.Itens = slices.Clone(pr.Itens)
	if p.Itens == nil {
		p.Itens = []ItemPedido{}
	}
	p.TabelaID, p.CondicaoID, p.CondicaoNome, p.FormaPagamento = pr.TabelaID, pr.Condicao.ID, pr.Condicao.Nome, pr.Condicao.Forma
	p.TotalProdutosCentavos, p.TotalIPICentavos, p.TotalSTCentavos = pr.TotalProdutosCentavos, pr.TotalIPICentavos, pr.TotalSTCentavos
	p.TotalCentavos, p.FlexCentavos, p.BonificacaoCentavos = total, pr.FlexCentavos, pr.BonificacaoCentavos
	p.MotivosAprovacao = motivos
	return nil
}

func (p *Pedido) aplicarDados(d DadosPedido) {
	p.Tipo, p.ClienteID, p.Cliente = d.Tipo, d.ClienteID, d.Cliente
	p.FreteCentavos, p.Observacoes, p.ObservacoesInternas = d.FreteCentavos, d.Observacoes, d.ObservacoesInternas
	p.DataEntrega, p.Latitude, p.Longitude, p.VisitaID = d.DataEntrega, d.Latitude, d.Longitude, d.VisitaID
}

// NovoPedido creates an order in orcamento (number 0 until the store assigns one) from the
// seller's data, the server's pricing of its items (PrecificarItens) and the context of the rules:
// a blocked or inactive customer is refused; the approval reasons are listed (the order is only
// judged when sent). por is the operator creating it, em the time.
func NovoPedido(d DadosPedido, pr Precificacao, ctx ContextoPedido, por string, em time.Time) (*Pedido, error) {
	if err := d.Normalizar(em, ""); err != nil {
		return nil, err
	}
	p := &Pedido{Meta: store.Meta{ID: strings.TrimSpace(d.ID)}, VendedorID: d.VendedorID, Status: StatusOrcamento,
		Historico: []EventoPedido{}, NotasFiscais: []NotaFiscal{}}
	p.aplicarDados(d)
	if err := p.precificar(pr, ctx); err != nil {
		return nil, err
	}
	p.registrar(StatusOrcamento, AcaoCriado, por, em, "")
	return p, nil
}

// Editar replaces what the seller fills in and the items (re-priced) of an order in orcamento;
// any other status is refused. The id and the seller do not change.
func (p *Pedido) Editar(d DadosPedido, pr Precificacao, ctx ContextoPedido, em time.Time) error {
	if p.Status != StatusOrcamento {
		return p.erroStatus("ser alterado")
	}
	d.ID, d.VendedorID = p.ID, p.VendedorID
	if err := d.Normalizar(em, p.DataEntrega); err != nil {
		return err
	}
	novo := *p
	novo.aplicarDados(d)
	if err := novo.precificar(pr, ctx); err != nil {
		return err
	}
	*p = novo
	return nil
}

// ---- the status flow ----

// Enviar sends an order in orcamento, re-priced now (pr, from PrecificarItens: the server's
// prices of the moment) against the context of now: with no approval reason it goes to enviado,
// with any to aguardando_aprovacao. Refused: another status; an order of type orcamento (a quote
// is never sent); an order with no items; a blocked or inactive customer; a reason the company
// configured as blocking (the reason's own message). EnviadoEm is set to em.
func (p *Pedido) Enviar(pr Precificacao, ctx ContextoPedido, por string, em time.Time) error {
	if p.Status != StatusOrcamento {
		return p.erroStatus("ser enviado")
	}
	if p.Tipo == TipoOrcamento {
		return errs.Field("tipo", "Um orçamento não é enviado: mude o tipo do pedido para venda, bonificação ou troca.").
			WithReason(ReasonOrcamentoNaoEnviavel)
	}
	if len(pr.Itens) == 0 {
		return errs.Field("itens", "Inclua pelo menos um item no pedido.").WithReason(ReasonPedidoSemItens)
	}
	novo := *p
	if err := novo.precificar(pr, ctx); err != nil {
		return err
	}
	for _, m := range novo.MotivosAprovacao {
		if m.Bloqueante {
			return errs.Invalid(m.Mensagem).WithReason(ReasonPedidoBloqueado, "motivo", string(m.Motivo))
		}
	}
	novo.EnviadoEm = em.UTC()
	if len(novo.MotivosAprovacao) > 0 {
		novo.registrar(StatusAguardandoAprovacao, AcaoEnviado, por, em, "")
	} else {
		novo.registrar(StatusEnviado, AcaoEnviado, por, em, "")
	}
	*p = novo
	return nil
}

// ObsReavaliado is the history note of an order sent to approval by ExigirAprovacao.
const ObsReavaliado = "Outro pedido enviado ao mesmo tempo mudou o limite de crédito ou a verba: vai para aprovação."

// ExigirAprovacao sends an order just sent (enviado) to approval with reasons found after it was
// counted: two orders sent at the same moment each read the customer's open total and the
// seller's budget before the other's was counted, and the one checked last sees both (see
// app.reverificarEnvio). Reasons it already had are not repeated. Only from enviado.
func (p *Pedido) ExigirAprovacao(motivos []MotivoAprovacao, por string, em time.Time) error {
	if p.Status != StatusEnviado {
		return p.erroStatus("ir para aprovação")
	}
	for _, m := range motivos {
		if !slices.ContainsFunc(p.MotivosAprovacao, func(x MotivoAprovacao) bool { return x.Motivo == m.Motivo && x.ProdutoID == m.ProdutoID }) {
			p.MotivosAprovacao = append(p.MotivosAprovacao, m)
		}
	}
	p.registrar(StatusAguardandoAprovacao, AcaoEnviado, por, em, ObsReavaliado)
	return nil
}

// Operador is who acts: the operator id and role (perfil_app: ADMIN, SUPERVISOR, VENDEDOR).
type Operador struct {
	ID     string
	Perfil string
}

// PodeAprovar reports whether quem may approve or reject an order of the seller vendedorID,
// whose supervisor (from the operator service's teams) is supervisorDoVendedor: an ADMIN, or that
// SUPERVISOR — never the seller themself, nor another supervisor, nor a VENDEDOR.
func PodeAprovar(quem Operador, vendedorID, supervisorDoVendedor string) bool {
	switch quem.Perfil {
	case caller.Admin:
		return quem.ID != ""
	case caller.Supervisor:
		return quem.ID != "" && quem.ID == supervisorDoVendedor && quem.ID != vendedorID
	}
	return false
}

func (p *Pedido) podeDecidir(quem Operador, supervisorDoVendedor string) error {
	if !PodeAprovar(quem, p.VendedorID, supervisorDoVendedor) {
		return errs.Forbidden("Só o supervisor do vendedor ou um administrador pode aprovar ou reprovar este pedido.").
			WithReason(ReasonAprovacaoNaoPermitida)
	}
	return nil
}

// Aprovar approves an order waiting for approval: it goes to enviado (it keeps its EnviadoEm and
// its reasons). Only PodeAprovar's callers; the note is optional.
func (p *Pedido) Aprovar(quem Operador, supervisorDoVendedor, observacao string, em time.Time) error {
	if err := p.podeDecidir(quem, supervisorDoVendedor); err != nil {
		return err
	}
	if p.Status != StatusAguardandoAprovacao {
		return p.erroStatus("ser aprovado")
	}
	obs, err := nota("observacao", observacao, false, "Informe a observação.")
	if err != nil {
		return err
	}
	p.registrar(StatusEnviado, AcaoAprovado, quem.ID, em, obs)
	return nil
}

// Reprovar rejects an order waiting for approval, with a required note: it goes to reprovado
// (the seller may reopen it, fix it and send it again).
func (p *Pedido) Reprovar(quem Operador, supervisorDoVendedor, observacao string, em time.Time) error {
	if err := p.podeDecidir(quem, supervisorDoVendedor); err != nil {
		return err
	}
	if p.Status != StatusAguardandoAprovacao {
		return p.erroStatus("ser reprovado")
	}
	obs, err := nota("observacao", observacao, true, "Informe o motivo da reprovação.")
	if err != nil {
		return err
	}
	p.registrar(StatusReprovado, AcaoReprovado, quem.ID, em, obs)
	return nil
}

// PodeCancelar reports whether an order of status s may be cancelled: any status before faturado
// (orcamento, aguardando_aprovacao, enviado, em_separacao) and reprovado.
func (s StatusPedido) PodeCancelar() bool {
	switch s {
	case StatusOrcamento, StatusAguardandoAprovacao, StatusEnviado, StatusEmSeparacao, StatusReprovado:
		return true
	}
	return false
}

// Cancelar cancels the order with a required reason (kept in MotivoCancelamento and the history).
func (p *Pedido) Cancelar(por, motivo string, em time.Time) error {
	if !p.Status.PodeCancelar() {
		return p.erroStatus("ser cancelado")
	}
	m, err := nota("motivo", motivo, true, "Informe o motivo do cancelamento.")
	if err != nil {
		return err
	}
	p.MotivoCancelamento = m
	p.registrar(StatusCancelado, AcaoCancelado, por, em, m)
	return nil
}

// Reabrir returns an order to orcamento so that the seller may edit it and send it again: from
// reprovado (after the supervisor's rejection) or aguardando_aprovacao (the seller withdraws it
// before the decision). Never once sent on (enviado and later: the ERP may hold it; cancel
// instead). EnviadoEm is cleared: the next Enviar sets it again.
func (p *Pedido) Reabrir(por, observacao string, em time.Time) error {
	if p.Status != StatusReprovado && p.Status != StatusAguardandoAprovacao {
		return p.erroStatus("ser reaberto")
	}
	obs, err := nota("observacao", observacao, false, "")
	if err != nil {
		return err
	}
	p.EnviadoEm = time.Time{}
	p.registrar(StatusOrcamento, AcaoReaberto, por, em, obs)
	return nil
}

// AvancarStatus moves a sent order along enviado → em_separacao → faturado → entregue, by an
// ADMIN (the ERP signs in as an ADMIN operator):
//
//   - em_separacao from enviado;
//   - faturado from enviado or em_separacao (the ERP may skip the separation), with an invoice
//     (number and value > 0). The invoice may be partial: when the invoices' sum is under the
//     order's total the order is faturado with FaturamentoParcial, and a further invoice may be
//     added while it is partial (faturado → faturado); a sum at or over the total ends it;
//   - entregue from faturado.
//
// An invoice is only taken with faturado; its number is unique in the order.
func (p *Pedido) AvancarStatus(para StatusPedido, quem Operador, nf *NotaFiscal, observacao string, em time.Time) error {
	if quem.Perfil != caller.Admin {
		return errs.Forbidden("Só um administrador (ou o ERP) muda o status de um pedido depois do envio.").WithReason(ReasonStatusSoAdmin)
	}
	acao := "passar para " + para.Rotulo()
	var permitido bool
	switch para {
	case StatusEmSeparacao:
		permitido = p.Status == StatusEnviado
	case StatusFaturado:
		permitido = p.Status == StatusEnviado || p.Status == StatusEmSeparacao
		if p.Status == StatusFaturado { // a further invoice of a partial one
			permitido, acao = p.FaturamentoParcial, "ser faturado de novo"
		}
	case StatusEntregue:
		permitido = p.Status == StatusFaturado
	default:
		return errs.Field("status", "Status deve ser em_separacao, faturado ou entregue.")
	}
	if !permitido {
		return p.erroStatus(acao)
	}
	obs, err := nota("observacao", observacao, false, "")
	if err != nil {
		return err
	}
	if para != StatusFaturado {
		if nf != nil {
			return errs.Field("nota_fiscal", "A nota fiscal só é informada ao faturar.")
		}
		p.registrar(para, AcaoStatus, quem.ID, em, obs)
		return nil
	}
	if nf == nil {
		return errs.Field("nota_fiscal.numero", "Informe o número da nota fiscal.")
	}
	numero := strings.TrimSpace(nf.Numero)
	switch {
	case numero == "":
		return errs.Field("nota_fiscal.numero", "Informe o número da nota fiscal.")
	case utf8.RuneCountInString(numero) > MaxNotaFiscal:
		return errs.Field("nota_fiscal.numero", fmt.Sprintf("Número da nota fiscal deve ter no máximo %d caracteres.", MaxNotaFiscal))
	case nf.ValorCentavos <= 0 || nf.ValorCentavos > LimiteCentavos:
		return errs.Field("nota_fiscal.valor_centavos", "Valor da nota fiscal deve ser maior que zero.")
	case len(p.NotasFiscais) >= MaxNotasFiscais:
		return errs.Field("nota_fiscal.numero", fmt.Sprintf("Um pedido tem no máximo %d notas fiscais.", MaxNotasFiscais))
	case foraDoLimite(p.FaturadoCentavos + nf.ValorCentavos):
		return errs.Field("nota_fiscal.valor_centavos", "Valor da nota fiscal grande demais.").WithReason(ReasonValorForaDoLimite)
	}
	for _, x := range p.NotasFiscais {
		if strings.EqualFold(x.Numero, numero) {
			return errs.Field("nota_fiscal.numero", fmt.Sprintf("A nota fiscal %s já está registrada neste pedido.", numero)).
				WithReason(ReasonNotaFiscalDuplicada, "numero", numero)
		}
	}
	p.NotasFiscais = append(p.NotasFiscais, NotaFiscal{Numero: numero, ValorCentavos: nf.ValorCentavos, Em: em.UTC()})
	p.FaturadoCentavos += nf.ValorCentavos
	p.FaturamentoParcial = p.FaturadoCentavos < p.TotalCentavos
	a := AcaoStatus
	if p.Status == StatusFaturado {
		a = AcaoNotaFiscal
	}
	if obs == "" {
		obs = fmt.Sprintf("Nota fiscal %s de %s.", numero, FormatarCentavos(nf.ValorCentavos))
	}
	p.registrar(StatusFaturado, a, quem.ID, em, obs)
	return nil
}

// nota trims a free-text note and checks it (required: msgVazia when empty).
func nota(campo, s string, obrigatoria bool, msgVazia string) (string, error) {
	s = strings.TrimSpace(s)
	if obrigatoria && s == "" {
		return "", errs.Field(campo, msgVazia)
	}
	if utf8.RuneCountInString(s) > MaxMotivoPedido {
		return "", errs.Field(campo, fmt.Sprintf("O texto deve ter no máximo %d caracteres.", MaxMotivoPedido))
	}
	return s, nil
}

var saoPaulo = func() *time.Location {
	if l, err := time.LoadLocation("America/Sao_Paulo"); err == nil {
		return l
	}
	return time.FixedZone("BRT", -3*3600)
}()

// ClienteDosPedidos is a customer the company has orders for, as its last order names it (id =
// company|customer, ids being unique across companies): the small index that turns a search by customer name or document into a
// filter by customer over the orders.
type ClienteDosPedidos struct {
	store.Meta `bson:",inline"`
	ClienteID  string `json:"cliente_id" bson:"cliente_id"`
	Nome       string `json:"nome" bson:"nome"`
	Documento  string `json:"documento" bson:"documento"`
}
