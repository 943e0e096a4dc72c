// Package ports translates between the address protos and the use cases.
package ports

import (
	"context"

	addressv1 "github.com/crmvendas/crm/proto/gen/go/crm/address/v1"
	"github.com/crmvendas/crm/services/address/internal/app"
)

// Server implements addressv1.AddressServiceServer.
type Server struct {
	addressv1.UnimplementedAddressServiceServer
	App     *app.Service
	Regioes *app.Regioes
}

func (s *Server) ConsultarCep(ctx context.Context, r *addressv1.ConsultarCepRequest) (*addressv1.Endereco, error) {
	e, err := s.App.LookupCEP(ctx, r.GetCep())
	if err != nil {
		return nil, err
	}
	return &addressv1.Endereco{Cep: e.CEP, Logradouro: e.Logradouro, Complemento: e.Complemento, Bairro: e.Bairro,
		Localidade: e.Localidade, Uf: e.UF, Ibge: e.IBGE, Ddd: e.DDD}, nil
}
