package app

import (
	"context"

	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/store"
)

// AceitarCoordenadas (ADMIN) makes a check-in's position the coordinates of its customer's main
// address, when the address had none and the position was good (coordenadas_propostas). The
// address has coordinates from then on, so the customer's other pending proposals are closed
// (coordenadas_descartadas) in the same call: the list of proposals never shows a customer whose
// address was given coordinates this way, and none of them can overwrite the accepted ones. A
// replay answers the visit and closes what a failure in between left open.
func (s *Visitas) AceitarCoordenadas(ctx context.Context, id string) (*domain.Visita, error) {
	v, err := s.Entidade().Obter(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := v.DecidirProposta(true); err != nil {
		return nil, err
	}
	if !v.CoordenadasAceitas {
		if err := s.Clientes.DefinirCoordenadas(ctx, v.ClienteID, *v.Ponto()); err != nil {
			return nil, err
		}
		if v, err = s.Col.Visitas.Update(ctx, escopo(ctx), v.ID, 0, func(x *domain.Visita) error {
			if err := x.DecidirProposta(true); err != nil {
				return err
			}
			x.CoordenadasAceitas = true
			return nil
		}); err != nil {
			return nil, err
		}
	}
	return v, s.fecharPropostas(ctx, v.ClienteID)
}

// fecharPropostas closes the pending coordinate proposals of a customer whose address has just
// been given coordinates (every check-in there, by any seller of the company).
func (s *Visitas) fecharPropostas(ctx context.Context, clienteID string) error {
	sc := empresa(ctx)
	outras, err := s.Col.Visitas.All(ctx, sc, store.Query{Where: []store.Cond{
		store.Eq("cliente_id", clienteID), store.Eq("proposta_pendente", true)}})
	if err != nil || len(outras) == 0 {
		return err
	}
	ids := make([]string, 0, len(outras))
	for _, o := range outras {
		ids = append(ids, o.ID)
	}
	_, err = s.Col.Visitas.UpdateMany(ctx, sc, ids, func(x *domain.Visita) error {
		if x.PropostaPendente() {
			x.CoordenadasDescartadas = true
		}
		return nil
	}, store.AnyOwner)
	return err
}

// DescartarCoordenadas (ADMIN) dismisses a wrong proposal (a check-in at the wrong place): it
// leaves the list of proposals and can no longer be accepted. A replay answers the visit; an
// accepted proposal is not dismissed (the address has its coordinates).
func (s *Visitas) DescartarCoordenadas(ctx context.Context, id string) (*domain.Visita, error) {
	v, err := s.Entidade().Obter(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := v.DecidirProposta(false); err != nil {
		return nil, err
	}
	if v.CoordenadasDescartadas {
		return v, nil
	}
	return s.Col.Visitas.Update(ctx, escopo(ctx), v.ID, 0, func(x *domain.Visita) error {
		if err := x.DecidirProposta(false); err != nil {
			return err
		}
		x.CoordenadasDescartadas = true
		return nil
	})
}
