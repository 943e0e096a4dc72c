package app

import (
	"context"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// AtualizarPedido replaces a draft (orcamento) re-priced now; with Enviar it is sent as in
// CriarPedido.
func (s *Service) AtualizarPedido(ctx context.Context, in EntradaPedido) (*domain.Pedido, error) {
	atual, err := s.ObterPedido(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	a, err := s.avaliar(ctx, atual.VendedorID, atual, in)
	if err != nil {
		return nil, err
	}
	c := caller.From(ctx)
	p, valores, err := s.mudarPedidoResumos(ctx, in.ID, in.Versao, assinado(c, func(p *domain.Pedido) error {
		agora := s.now()
		if err := p.Editar(in.dados(a), a.pr, a.regras, agora); err != nil {
			return err
		}
		p.PrecosAlterados = a.alterados
		if in.Enviar && len(a.alterados) == 0 {
			return p.Enviar(a.pr, a.regras, c.Operador, agora)
		}
		return nil
	}))
	if err != nil {
		return nil, err
	}
	return s.reverificarEnvio(ctx, p, a, valores)
}
