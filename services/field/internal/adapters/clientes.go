package adapters

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	customerv1 "github.com/crmvendas/crm/proto/gen/go/crm/customer/v1"
	"github.com/crmvendas/crm/services/field/internal/app"
	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
)

// Clientes reads and locates customers in the customer service.
type Clientes struct {
	Client customerv1.CustomerServiceClient
}

// NewClientes talks to the customer service on conn (the in-process channel in the all-in-one).
func NewClientes(conn grpc.ClientConnInterface) *Clientes {
	return &Clientes{Client: customerv1.NewCustomerServiceClient(conn)}
}

var _ app.ClientesVisita = (*Clientes)(nil)

func repassar(err error) error {
	if st, ok := status.FromError(err); ok {
		switch st.Code() {
		case codes.InvalidArgument, codes.PermissionDenied, codes.NotFound, codes.Unauthenticated, codes.AlreadyExists:
			return err
		}
	}
	return errs.Unavailable("Serviço de clientes indisponível. Tente novamente em instantes.", err)
}

// Obter is the customer in the caller's scope with its main address's coordinates (nil without).
// Another company's customer or one outside the portfolio → 403, a missing one → 404 (the
// customer service's answers pass through).
func (c *Clientes) Obter(ctx context.Context, id string) (app.ClienteVisita, error) {
	cl, err := c.Client.ObterCliente(caller.EmNomeDe(ctx), &customerv1.ObterClienteRequest{Id: id})
	if err != nil {
		return app.ClienteVisita{}, repassar(err)
	}
	out := app.ClienteVisita{ID: cl.GetId(), Nome: nomeDe(cl), VendedorID: cl.GetVendedorId()}
	if e := principal(cl); e != nil && e.Latitude != nil && e.Longitude != nil {
		out.Endereco = &domain.Ponto{Latitude: e.GetLatitude(), Longitude: e.GetLongitude()}
	}
	return out, nil
}

// DefinirCoordenadas gives the customer's main address the coordinates p (on the caller's behalf:
// the customer service checks that they may change the customer).
func (c *Clientes) DefinirCoordenadas(ctx context.Context, id string, p domain.Ponto) error {
	ctx = caller.EmNomeDe(ctx)
	cl, err := c.Client.ObterCliente(ctx, &customerv1.ObterClienteRequest{Id: id})
	if err != nil {
		return repassar(err)
	}
	e := principal(cl)
	if e == nil {
		return errs.Field("id", "O cliente não tem endereço principal.")
	}
	e.Latitude, e.Longitude = &p.Latitude, &p.Longitude
	if _, err := c.Client.SalvarEndereco(ctx, &customerv1.SalvarEnderecoRequest{ClienteId: id, Endereco: e}); err != nil {
		return repassar(err)
	}
	return nil
}

func principal(cl *customerv1.Cliente) *customerv1.Endereco {
	for _, e := range cl.GetEnderecos() {
		if e.GetPrincipal() {
			return e
		}
	}
	return nil
}

func nomeDe(cl *customerv1.Cliente) string {
	if cl.GetNomeFantasia() != "" {
		return cl.GetNomeFantasia()
	}
	return cl.GetNome()
}
