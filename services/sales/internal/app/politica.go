package app

import (
	"context"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// politica reads the company's policy (the zero policy when none was set).
func (s *Service) politica(ctx context.Context) (*domain.PoliticaCadastro, error) {
	c := caller.From(ctx)
	p, err := s.Col.Politicas.Get(ctx, scope(ctx), domain.PoliticaID(c.Empresa))
	if errs.IsKind(err, errs.KindNotFound) {
		return &domain.PoliticaCadastro{Meta: store.Meta{Empresa: c.Empresa}}, nil
	}
	return p, err
}

// ObterPolitica returns the policy as the caller may see it: ADMIN every seller's entry, a
// SUPERVISOR their own and their team's, a VENDEDOR their own; with what the counting orders did
// to those sellers' flex balances (FlexPedidos).
func (s *Service) ObterPolitica(ctx context.Context) (*domain.PoliticaCadastro, error) {
	p, err := s.politica(ctx)
	if err != nil {
		return nil, err
	}
	c := caller.From(ctx)
	vs := []domain.VendedorPolitica{}
	for _, v := range p.Vendedores {
		if c.Sees(v.ID) {
			vs = append(vs, v)
		}
	}
	p.Vendedores = vs
	// What the counting orders did to each balance the caller sees, so the device prices against
	// the balance the server does.
	fx, err := s.Col.Resumos.FlexVendedor.All(ctx, store.ScopeOf(c), store.Query{})
	if err != nil {
		return nil, err
	}
	p.FlexPedidos = map[string]int64{}
	for _, l := range fx {
		if l.FlexCentavos != 0 {
			p.FlexPedidos[l.VendedorID] = l.FlexCentavos
		}
	}
	return p, nil
}

// DefinirPolitica replaces the company's policy (versao, when non-zero, must be the stored one).
func (s *Service) DefinirPolitica(ctx context.Context, versao int64, p domain.PoliticaCadastro) (*domain.PoliticaCadastro, error) {
	if err := p.Normalizar(); err != nil {
		return nil, err
	}
	c := caller.From(ctx)
	id := domain.PoliticaID(c.Empresa)
	sc := scope(ctx)
	_, err := s.Col.Politicas.GetAny(ctx, sc, id)
	if errs.IsKind(err, errs.KindNotFound) {
		if versao > 1 {
			return nil, errs.Conflict(store.MsgVersao).WithReason(errs.ReasonVersaoDesatualizada)
		}
		p.Meta = store.Meta{ID: id}
		out, _, err := s.Col.Politicas.Create(ctx, sc, &p)
		return out, err
	}
	if err != nil {
		return nil, err
	}
	return s.Col.Politicas.Update(ctx, sc, id, versao, func(x *domain.PoliticaCadastro) error {
		meta := x.Meta
		*x = p
		x.Meta = meta
		return nil
	}, store.IncludeDeleted)
}
