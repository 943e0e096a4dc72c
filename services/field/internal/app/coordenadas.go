package app

import (
	"context"

	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/errs"
)

// AceitarCoordenadas (ADMIN) makes a check-in's position the coordinates of its customer's main
// address, when the address had none and the position was good (coordenadas_propostas).
func (s *Visitas) AceitarCoordenadas(ctx context.Context, id string) (*domain.Visita, error) {
	v, err := s.Entidade().Obter(ctx, id)
	if err != nil {
		return nil, err
	}
	if !v.CoordenadasPropostas || v.Ponto() == nil {
		return nil, errs.Field("id", "Esta visita não propõe coordenadas para o endereço do cliente.")
	}
	if v.CoordenadasAceitas {
		return v, nil
	}
	if err := s.Clientes.DefinirCoordenadas(ctx, v.ClienteID, *v.Ponto()); err != nil {
		return nil, err
	}
	return s.Col.Visitas.Update(ctx, escopo(ctx), v.ID, 0, func(x *domain.Visita) error {
		x.CoordenadasAceitas = true
		return nil
	})
}
