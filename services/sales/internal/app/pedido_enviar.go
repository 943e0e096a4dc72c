package app

import (
	"context"
	"slices"
	"strings"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// EnviarPedido sends a draft, re-priced now: to enviado, or to aguardando_aprovacao with its
// reasons. When a price changed since the draft was priced, the draft is re-priced and kept with
// its precos_alterados, and the send is refused (409 PRECOS_ALTERADOS) for the seller to review.
func (s *Service) EnviarPedido(ctx context.Context, id string, versao int64) (*domain.Pedido, error) {
	atual, err := s.ObterPedido(ctx, id)
	if err != nil {
		return nil, err
	}
	if atual.Status != domain.StatusOrcamento { // the domain's message, before any pricing
		return nil, atual.Enviar(domain.Precificacao{}, domain.ContextoPedido{}, "", s.now())
	}
	in := entradaDe(atual)
	a, err := s.avaliar(ctx, atual.VendedorID, atual, in)
	if err != nil {
		return nil, err
	}
	c := caller.From(ctx)
	p, valores, err := s.mudarPedidoResumos(ctx, id, versao, assinado(c, func(p *domain.Pedido) error {
		agora := s.now()
		if len(a.alterados) > 0 {
			if err := p.Editar(in.dados(a), a.pr, a.regras, agora); err != nil {
				return err
			}
			p.PrecosAlterados = a.alterados
			return nil
		}
		p.PrecosAlterados = []domain.PrecoAlterado{}
		return p.Enviar(a.pr, a.regras, c.Operador, agora)
	}))
	if err != nil {
		return nil, err
	}
	if len(a.alterados) > 0 {
		msgs := make([]string, len(a.alterados))
		for i, x := range a.alterados {
			msgs[i] = x.Mensagem
		}
		return nil, errs.Conflict("Os preços mudaram desde o orçamento; o pedido foi recalculado. Confira e envie de novo. " +
			strings.Join(msgs, " ")).WithReason(ReasonPrecosAlterados)
	}
	return s.reverificarEnvio(ctx, p, a, valores)
}

// reverificarEnvio checks an order just sent (enviado) again against the customer's open total
// and the seller's bonificação of the month as they stood right after its own increment (valores,
// from the store's atomic counters). Two orders sent at the same moment each read the figures
// before the other's increment and could both pass; the increments are ordered, so this check
// sees each order as if they had come one after the other: the one that passes the limit goes to
// approval (ExigirAprovacao) — never refused, since it is already saved. A failure here is logged
// and the order stays as sent.
func (s *Service) reverificarEnvio(ctx context.Context, p *domain.Pedido, a *avaliacao, valores map[string]map[string]int64) (*domain.Pedido, error) {
	if a == nil || valores == nil || p.Status != domain.StatusEnviado {
		return p, nil
	}
	regras := a.regras
	if v, ok := valores[domain.ResumoClienteEmAberto+"|"+domain.ChaveClienteEmAberto(p.ClienteID)]; ok {
		regras.Cliente.EmAbertoCentavos = v[domain.CampoTotal] - p.TotalCentavos
	}
	if v, ok := valores[domain.ResumoVendedorMes+"|"+domain.ChaveVendedorMes(p.VendedorID, domain.MesDoPedido(p))]; ok {
		regras.Verba.UsadoCentavos = v[domain.CampoBonificacao] - p.BonificacaoCentavos
	}
	motivos, err := domain.AvaliarPedido(a.pr, p.TotalCentavos, regras)
	if err != nil {
		return p, s.logReverificacao(ctx, p, err)
	}
	novos := slices.DeleteFunc(motivos, func(m domain.MotivoAprovacao) bool {
		return m.Motivo != domain.AvisoLimiteDeCreditoExcedido && m.Motivo != domain.AvisoBonificacaoAcimaDaVerba
	})
	if len(novos) == 0 {
		return p, nil
	}
	c := caller.From(ctx)
	q, err := s.mudarPedido(ctx, p.ID, p.Versao, assinado(c, func(x *domain.Pedido) error { return x.ExigirAprovacao(novos, c.Operador, s.now()) }))
	if err != nil {
		return p, s.logReverificacao(ctx, p, err)
	}
	return q, nil
}

func (s *Service) logReverificacao(ctx context.Context, p *domain.Pedido, err error) error {
	if s.Log != nil {
		s.Log.ErrorContext(ctx, "pedido enviado não reverificado (crédito e verba)", "pedido", p.ID, "erro", err)
	}
	return nil
}
