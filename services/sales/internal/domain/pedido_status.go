package domain

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
)

// The order's statuses and types, and its status flow: send, approve, reject, cancel, reopen and
// the steps after sending (separação, faturamento, entrega), each a method of Pedido.

// The statuses (StatusPedido, StatusOrcamento…), their labels, the sets that matter (EmAberto,
// ContaNosResumos, Editavel; which statuses each step of the flow starts from: PodeEnviar,
// PodeDecidir, PodeCancelar, PodeReabrir, PodeSeparar, PodeFaturar, PodeEntregar; where each
// leads: DepoisDeEnviar, Enviado, DepoisDeReprovar, DepoisDeReabrir, DepoisDeCancelar) and the
// types (TipoPedido, TiposPedido, RotulosTipoPedido) are declared in contracts/pedidos.json,
// shared with the app, and generated into pedido_contrato.gen.go.

// Valido reports whether s is one of the statuses.
func (s StatusPedido) Valido() bool { _, ok := rotulosStatus[s]; return ok }

// Rotulo is the status as a user reads it after "está": "em orçamento", "faturado".
func (s StatusPedido) Rotulo() string {
	if r, ok := rotulosStatus[s]; ok {
		return r
	}
	return string(s)
}

// The status flow.

// Enviar sends an order in orcamento, re-priced now (pr, from PrecificarItens: the server's
// prices of the moment) against the context of now: with no approval reason it goes to enviado,
// with any to aguardando_aprovacao. Refused: another status; an order of type orcamento (a quote
// is never sent); an order with no items; a blocked or inactive customer; a reason the company
// configured as blocking (the reason's own message). EnviadoEm is set to em.
func (p *Pedido) Enviar(pr Precificacao, ctx ContextoPedido, por string, em time.Time) error {
	if !p.Status.PodeEnviar() {
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

func (p *Pedido) Aprovar(quem Operador, supervisorDoVendedor, observacao string, em time.Time) error {
	if err := p.podeDecidir(quem, supervisorDoVendedor); err != nil {
		return err
	}
	if !p.Status.PodeDecidir() {
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
	if !p.Status.PodeDecidir() {
		return p.erroStatus("ser reprovado")
	}
	obs, err := nota("observacao", observacao, true, "Informe o motivo da reprovação.")
	if err != nil {
		return err
	}
	p.registrar(StatusReprovado, AcaoReprovado, quem.ID, em, obs)
	return nil
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
	if !p.Status.PodeReabrir() {
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
		permitido = p.Status.PodeSeparar()
	case StatusFaturado:
		permitido = p.Status.PodeFaturar()
		if p.Status == StatusFaturado { // a further invoice of a partial one
			permitido, acao = p.FaturamentoParcial, "ser faturado de novo"
		}
	case StatusEntregue:
		permitido = p.Status.PodeEntregar()
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
