package domain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
)

// What sends an order to approval and what refuses it: the customer's situation, the approval
// reasons, and who may decide.

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
