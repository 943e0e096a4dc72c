package adapters

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	customerv1 "github.com/crmvendas/crm/proto/gen/go/crm/customer/v1"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// onBehalf forwards the caller's own token, so the customer service applies the caller's
// company and role scope (a seller reads only their portfolio) exactly as it would for the app.
func onBehalf(ctx context.Context) context.Context {
	c := caller.From(ctx)
	if c == nil || c.Token == "" {
		return ctx
	}
	return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+c.Token)
}

// Clientes reads customers from the customer service.
type Clientes struct {
	Client customerv1.CustomerServiceClient
}

// NewClientes talks to the customer service on conn (the in-process channel in the all-in-one).
func NewClientes(conn grpc.ClientConnInterface) *Clientes {
	return &Clientes{Client: customerv1.NewCustomerServiceClient(conn)}
}

// Obter returns what pricing needs of a customer in the caller's scope: its UF, region, whether
// it is an ICMS contributor and its inscrição Suframa (a Suframa customer pays no IPI). Another
// company's customer or one outside the caller's portfolio → 403; a missing one → 404 (the
// customer service's answers pass through).
func (c *Clientes) Obter(ctx context.Context, id string) (domain.Cliente, error) {
	cl, err := c.Client.ObterCliente(onBehalf(ctx), &customerv1.ObterClienteRequest{Id: id})
	if err != nil {
		if st, ok := status.FromError(err); ok {
			switch st.Code() {
			case codes.InvalidArgument, codes.PermissionDenied, codes.NotFound, codes.Unauthenticated:
				return domain.Cliente{}, err
			}
		}
		return domain.Cliente{}, errs.Unavailable("Serviço de clientes indisponível. Tente novamente em instantes.", err)
	}
	return domain.Cliente{ID: cl.GetId(), UF: cl.GetUf(), RegiaoID: cl.GetRegiaoId(), ContribuinteICMS: cl.GetContribuinteIcms(),
		Suframa: cl.GetSuframa()}, nil
}
