package app

import (
	"context"
	"time"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// The orders' numbers: one sequence per company (a store counter document), taken only by the
// request that really created the order, so a replayed create — even a hundred at once — never
// spends a number; numbers are unique (PedidosSpec's unique key) and have no gaps unless a process
// dies between the create and the number (that order is numbered by its next reader).
const (
	SequenciaPedidos = "sequencia_pedidos"
	// CampoSequencia is the sequence document's field.
	CampoSequencia = "numero"
)

// esperaNumero bounds how long a replay waits for the request that created the order to number
// it; orfaoApos is how old an order still without a number must be to count as orphaned (its
// creator died between the create and the number): only then does a reader number it. A replay
// that meets a young order without a number returns it as it is (numero 0, "a enviar" on the
// device until the feed brings the number): taking a number itself would race the creator and
// spend one.
var (
	esperaNumero = 2 * time.Second
	orfaoApos    = 30 * time.Second
)

// gravarPedidoNovo stores a new order with its client id (montar builds it, only when the id is
// new) and gives it the company's next number. A replay — the id already stored, in the caller's
// scope — returns the stored order, numbered, whatever its payload; another company's id (or
// one outside the scope) → 403. criado tells the request that really created it.
func (s *Service) gravarPedidoNovo(ctx context.Context, sc store.Scope, id string, montar func() (*domain.Pedido, error)) (p *domain.Pedido, criado bool, err error) {
	p, criado, _, err = s.gravarPedidoNovoResumos(ctx, sc, id, montar)
	return p, criado, err
}

// gravarPedidoNovoResumos is gravarPedidoNovo whose create carries the order's summary increments
// (in its transaction on SQLite), returning the summaries' figures right after them (nil when the
// order was not created here, or its increments did not follow it).
func (s *Service) gravarPedidoNovoResumos(ctx context.Context, sc store.Scope, id string, montar func() (*domain.Pedido, error)) (p *domain.Pedido, criado bool, valores map[string]map[string]int64, err error) {
	col := s.Col.Pedidos
	if p, err := col.Get(ctx, sc, id); err == nil {
		p, err = s.comNumero(ctx, sc, p)
		return p, false, nil, err
	} else if !errs.IsKind(err, errs.KindNotFound) {
		return nil, false, nil, err
	}
	if p, err = montar(); err != nil {
		return nil, false, nil, err
	}
	p.ID, p.Numero = id, 0
	feitos := map[string]*store.Inc{}
	out, criado, err := col.CreateWith(ctx, sc, p, s.resumosJunto(sc.Empresa, feitos))
	if err == nil && criado {
		valores = s.Col.Resumos.valores(feitos)
	}
	if err = s.pendentes(ctx, id, err); err != nil {
		if errs.IsReason(err, errs.ReasonIDReutilizado) { // a concurrent create won
			if prev, gerr := col.Get(ctx, sc, id); gerr == nil {
				p, err = s.comNumero(ctx, sc, prev)
				return p, false, nil, err
			}
		}
		return nil, false, nil, err
	}
	if !criado {
		p, err = s.comNumero(ctx, sc, out)
		return p, false, nil, err
	}
	p, err = s.numerar(ctx, sc, out)
	return p, true, valores, err
}

// numerar takes the company's next number for an order stored without one.
func (s *Service) numerar(ctx context.Context, sc store.Scope, p *domain.Pedido) (*domain.Pedido, error) {
	v, err := s.Col.Pedidos.Store().Incr(ctx, SequenciaPedidos, sc.Empresa, SequenciaPedidos, map[string]int64{CampoSequencia: 1})
	if err != nil {
		return nil, err
	}
	n := v[CampoSequencia]
	return s.Col.Pedidos.Update(ctx, sc, p.ID, 0, func(x *domain.Pedido) error {
		if x.Numero == 0 {
			x.Numero = n
		}
		return nil
	})
}

// comNumero returns a stored order once it has its number: it waits for the request that created
// it; an orphan (older than orfaoApos, still without a number) is numbered here; a young one is
// returned without a number.
func (s *Service) comNumero(ctx context.Context, sc store.Scope, p *domain.Pedido) (*domain.Pedido, error) {
	limite := time.Now().Add(esperaNumero)
	for p.Numero == 0 && time.Now().Before(limite) {
		select {
		case <-ctx.Done():
			return nil, errs.Unavailable("O pedido ainda está sendo numerado. Tente de novo em instantes.", ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
		var err error
		if p, err = s.Col.Pedidos.Get(ctx, sc, p.ID); err != nil {
			return nil, err
		}
	}
	if p.Numero == 0 && time.Since(p.CriadoEm) >= orfaoApos {
		return s.numerar(ctx, sc, p)
	}
	return p, nil
}
