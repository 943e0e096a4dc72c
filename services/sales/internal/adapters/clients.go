package adapters

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	customerv1 "github.com/crmvendas/crm/proto/gen/go/crm/customer/v1"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// onBehalf forwards the caller's own token, so the customer service applies the caller's
// company and role scope (a seller reads only their portfolio) exactly as it would for the app.
func onBehalf(ctx context.Context) context.Context {
	return caller.EmNomeDe(ctx)
}

// Clientes reads customers from the customer service.
type Clientes struct {
	Client customerv1.CustomerServiceClient
}

// NewClientes talks to the customer service on conn (the in-process channel in the all-in-one).
func NewClientes(conn grpc.ClientConnInterface) *Clientes {
	return &Clientes{Client: customerv1.NewCustomerServiceClient(conn)}
}

// Obter returns what the sales service needs of a customer in the caller's scope: how pricing
// sees it (UF, region, ICMS contributor, Suframa: such a customer pays no IPI), the order's
// snapshot (with the main contact's phone), its status and credit limit, and its seller. Another
// company's customer or one outside the caller's portfolio → 403; a missing one → 404 (the
// customer service's answers pass through).
func (c *Clientes) Obter(ctx context.Context, id string) (domain.ClienteVenda, error) {
	cl, err := c.Client.ObterCliente(onBehalf(ctx), &customerv1.ObterClienteRequest{Id: id})
	if err != nil {
		if st, ok := status.FromError(err); ok {
			switch st.Code() {
			case codes.InvalidArgument, codes.PermissionDenied, codes.NotFound, codes.Unauthenticated:
				return domain.ClienteVenda{}, err
			}
		}
		return domain.ClienteVenda{}, errs.Unavailable("Serviço de clientes indisponível. Tente novamente em instantes.", err)
	}
	return domain.ClienteVenda{
		Preco: domain.Cliente{ID: cl.GetId(), UF: cl.GetUf(), RegiaoID: cl.GetRegiaoId(), ContribuinteICMS: cl.GetContribuinteIcms(),
			Suframa: cl.GetSuframa()},
		Snapshot: domain.ClientePedido{Nome: cl.GetNome(), Documento: cl.GetDocumento(), InscricaoEstadual: cl.GetInscricaoEstadual(),
			UF: cl.GetUf(), Suframa: cl.GetSuframa(), RegiaoID: cl.GetRegiaoId(), ContribuinteICMS: cl.GetContribuinteIcms(),
			Telefone: telefonePrincipal(cl)},
		Situacao:   domain.SituacaoCliente{Status: cl.GetStatus(), LimiteCreditoCentavos: cl.GetLimiteCreditoCentavos()},
		VendedorID: cl.GetVendedorId(),
	}, nil
}

// telefonePrincipal is the main contact's mobile (or phone), else the customer's own.
func telefonePrincipal(cl *customerv1.Cliente) string {
	for _, ct := range cl.GetContatos() {
		if ct.GetPrincipal() {
			if ct.GetCelular() != "" {
				return ct.GetCelular()
			}
			if ct.GetTelefone() != "" {
				return ct.GetTelefone()
			}
		}
	}
	if cl.GetCelular() != "" {
		return cl.GetCelular()
	}
	return cl.GetTelefone()
}
