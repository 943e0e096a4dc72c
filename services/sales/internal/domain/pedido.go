package domain

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

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

// Reasons of the errors of orders (the `motivo` a client acts on): the registry's
// (contracts/motivos.json, where each is described), by their names there.
const (
	ReasonClienteBloqueado      = errs.ReasonClienteBloqueado
	ReasonClienteInativo        = errs.ReasonClienteInativo
	ReasonPedidoBloqueado       = errs.ReasonPedidoBloqueado
	ReasonPedidoSemItens        = errs.ReasonPedidoSemItens
	ReasonOrcamentoNaoEnviavel  = errs.ReasonOrcamentoNaoEnviavel
	ReasonTransicaoNaoPermitida = errs.ReasonTransicaoNaoPermitida
	ReasonAprovacaoNaoPermitida = errs.ReasonAprovacaoNaoPermitida
	ReasonStatusSoAdmin         = errs.ReasonStatusSoAdmin
	ReasonNotaFiscalDuplicada   = errs.ReasonNotaFiscalDuplicada
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
	// PesoGramas is the product's weight (one unit, grams) when the item was priced: the weight
	// goals (Peso).
	PesoGramas int64 `json:"peso_gramas" bson:"peso_gramas"`
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

// Peso is the item's weight in grams: its quantity × the product's weight.
func (it ItemPedido) Peso() int64 { return it.Quantidade * it.PesoGramas }

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
// id, and their name at the time: a seller may not list the company's operators, yet reads who
// decided), when (UTC) and the note.
type EventoPedido struct {
	Status     StatusPedido `json:"status" bson:"status"`
	Acao       AcaoPedido   `json:"acao" bson:"acao"`
	Por        string       `json:"por" bson:"por"`
	PorNome    string       `json:"por_nome,omitempty" bson:"por_nome,omitempty"`
	Em         time.Time    `json:"em" bson:"em"`
	Observacao string       `json:"observacao" bson:"observacao"`
}

// AssinarEventos names the author of the events from the n-th on that operator por recorded
// (nome: their name now), so that the history reads a name, never an id.
func (p *Pedido) AssinarEventos(n int, por, nome string) {
	for i := max(n, 0); i < len(p.Historico); i++ {
		if p.Historico[i].Por == por && p.Historico[i].PorNome == "" {
			p.Historico[i].PorNome = nome
		}
	}
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
	var v errs.Violacoes
	for i, e := range esperados {
		if e < 0 || e > LimiteCentavos {
			v.Add(fmt.Sprintf("itens[%d].preco_esperado_centavos", i), "Preço esperado deve ser zero ou mais (em centavos).")
		}
	}
	return v.Err()
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

// DiasNoAparelho (how far back the orders are kept on a device) is declared in
// contracts/pedidos.json, shared with the app, and generated into pedido_contrato.gen.go.

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
