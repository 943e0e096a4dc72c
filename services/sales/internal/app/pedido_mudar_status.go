package app

import (
	"context"
	"strings"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// CancelarPedido cancels an order with a reason (any status before faturado, and reprovado).
func (s *Service) CancelarPedido(ctx context.Context, id string, versao int64, motivo string) (*domain.Pedido, error) {
	c := caller.From(ctx)
	return s.mudarPedido(ctx, id, versao, assinado(c, func(p *domain.Pedido) error { return p.Cancelar(c.Operador, motivo, s.now()) }))
}

// ReabrirPedido returns a rejected order (or one still waiting for approval) to orcamento.
func (s *Service) ReabrirPedido(ctx context.Context, id string, versao int64, observacao string) (*domain.Pedido, error) {
	c := caller.From(ctx)
	return s.mudarPedido(ctx, id, versao, assinado(c, func(p *domain.Pedido) error { return p.Reabrir(c.Operador, observacao, s.now()) }))
}

// AlterarStatusPedido moves a sent order on (em_separacao, faturado with an invoice, entregue):
// an ADMIN, or the ERP signed in as one.
func (s *Service) AlterarStatusPedido(ctx context.Context, id string, versao int64, status string, nf *domain.NotaFiscal, observacao string) (*domain.Pedido, error) {
	c := caller.From(ctx)
	para := domain.StatusPedido(strings.ToLower(strings.TrimSpace(status)))
	return s.mudarPedido(ctx, id, versao, assinado(c, func(p *domain.Pedido) error { return p.AvancarStatus(para, quem(c), nf, observacao, s.now()) }))
}
