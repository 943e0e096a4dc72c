package app

import (
	"context"
	"slices"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// supervisorDe is the caller when they are a SUPERVISOR whose team has the seller.
func supervisorDe(c *caller.Caller, vendedor string) string {
	if c.Perfil == caller.Supervisor && slices.Contains(c.Equipe, vendedor) {
		return c.Operador
	}
	return ""
}

// assinado runs f on the order and names the caller (their operator name now) on the history
// events f recorded: whoever reads the history later — the seller, who may not list the
// company's operators — reads who decided, never an operator id.
func assinado(c *caller.Caller, f func(p *domain.Pedido) error) func(p *domain.Pedido) error {
	return func(p *domain.Pedido) error {
		n := len(p.Historico)
		if err := f(p); err != nil {
			return err
		}
		p.AssinarEventos(n, c.Operador, c.NomeOperador)
		return nil
	}
}

// AprovarPedido: the seller's SUPERVISOR or an ADMIN approves an order waiting for approval.
func (s *Service) AprovarPedido(ctx context.Context, id string, versao int64, observacao string) (*domain.Pedido, error) {
	c := caller.From(ctx)
	return s.mudarPedido(ctx, id, versao, assinado(c, func(p *domain.Pedido) error {
		return p.Aprovar(quem(c), supervisorDe(c, p.VendedorID), observacao, s.now())
	}))
}

// ReprovarPedido: the seller's SUPERVISOR or an ADMIN rejects it, with a note.
func (s *Service) ReprovarPedido(ctx context.Context, id string, versao int64, observacao string) (*domain.Pedido, error) {
	c := caller.From(ctx)
	return s.mudarPedido(ctx, id, versao, assinado(c, func(p *domain.Pedido) error {
		return p.Reprovar(quem(c), supervisorDe(c, p.VendedorID), observacao, s.now())
	}))
}
