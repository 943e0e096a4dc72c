package domain

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// Creating and editing an order in orçamento: what the seller fills in, normalized and checked.

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
	var v errs.Violacoes
	d.Tipo = TipoPedido(strings.ToLower(strings.TrimSpace(string(d.Tipo))))
	if d.Tipo == "" {
		d.Tipo = TipoVenda
	}
	if !slices.Contains(TiposPedido, d.Tipo) {
		v.Add("tipo", "Tipo do pedido deve ser venda, bonificacao, troca ou orcamento.")
	}
	d.ClienteID, d.VendedorID, d.VisitaID = strings.TrimSpace(d.ClienteID), strings.TrimSpace(d.VendedorID), strings.TrimSpace(d.VisitaID)
	if d.ClienteID == "" {
		v.Add("cliente_id", "Escolha o cliente do pedido.")
	}
	if d.VendedorID == "" {
		v.Add("vendedor_id", "Informe o vendedor do pedido.")
	}
	if d.FreteCentavos < 0 || d.FreteCentavos > LimiteCentavos {
		v.Add("frete_centavos", "Frete deve ser zero ou mais.")
	}
	texto(&v, "observacoes", "as observações", &d.Observacoes, MaxObservacoes, false)
	texto(&v, "observacoes_internas", "as observações internas", &d.ObservacoesInternas, MaxObservacoes, false)
	d.DataEntrega = Data(strings.TrimSpace(string(d.DataEntrega)))
	if !DataValida(d.DataEntrega) {
		v.Add("data_entrega", "Data de entrega deve ser uma data AAAA-MM-DD.")
	} else if d.DataEntrega != "" && d.DataEntrega != anterior {
		dia, _ := time.Parse("2006-01-02", string(d.DataEntrega))
		y, m, dd := em.In(saoPaulo).Date()
		hoje := time.Date(y, m, dd, 0, 0, 0, 0, time.UTC)
		if de := hoje.AddDate(0, 0, -EntregaDiasAtras); dia.Before(de) {
			v.Add("data_entrega", fmt.Sprintf("Data de entrega não pode ser anterior a %s (%d dias atrás).", de.Format("02/01/2006"), EntregaDiasAtras))
		} else if ate := hoje.AddDate(0, 0, EntregaDiasAFrente); dia.After(ate) {
			v.Add("data_entrega", fmt.Sprintf("Data de entrega não pode passar de %s (um ano à frente).", ate.Format("02/01/2006")))
		}
	}
	switch {
	case (d.Latitude == nil) != (d.Longitude == nil):
		v.Add("latitude", "Informe latitude e longitude juntas.")
	case d.Latitude != nil && (*d.Latitude < -90 || *d.Latitude > 90 || *d.Longitude < -180 || *d.Longitude > 180):
		v.Add("latitude", "Coordenadas fora do intervalo (latitude de -90 a 90, longitude de -180 a 180).")
	}
	return v.Err()
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
	if !p.Status.Editavel() {
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
