package app

import (
	"context"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// CriarPedido creates an order with its client-generated id, priced on the server; with Enviar it
// is sent at once (to approval when a reason holds), unless a price changed since the device
// priced it: then it stays a draft with its precos_alterados. A replay of the id returns the
// stored order (one order, one number, however many times it is sent).
func (s *Service) CriarPedido(ctx context.Context, in EntradaPedido) (*domain.Pedido, error) {
	return s.criarPedido(ctx, in, "")
}

func (s *Service) criarPedido(ctx context.Context, in EntradaPedido, nota string) (*domain.Pedido, error) {
	id, err := newID(in.ID)
	if err != nil {
		return nil, err
	}
	in.ID = id
	c := caller.From(ctx)
	var av *avaliacao
	p, criado, valores, err := s.gravarPedidoNovoResumos(ctx, store.ScopeOf(c), id, func() (*domain.Pedido, error) {
		a, err := s.avaliar(ctx, "", nil, in)
		if err != nil {
			return nil, err
		}
		av = a
		agora := s.now()
		p, err := domain.NovoPedido(in.dados(a), a.pr, a.regras, c.Operador, agora)
		if err != nil {
			return nil, err
		}
		p.PrecosAlterados = a.alterados
		if nota != "" {
			p.Historico[len(p.Historico)-1].Observacao = nota
		}
		if in.Enviar && len(a.alterados) == 0 {
			if err := p.Enviar(a.pr, a.regras, c.Operador, agora); err != nil {
				return nil, err
			}
		}
		// Created (and sent) by whom, by name: the seller reads it even when a supervisor placed it.
		p.AssinarEventos(0, c.Operador, c.NomeOperador)
		return p, nil
	})
	if err != nil {
		return nil, err
	}
	if criado {
		s.lembrarCliente(ctx, c.Empresa, p)
		return s.reverificarEnvio(ctx, p, av, valores)
	}
	return p, nil
}
