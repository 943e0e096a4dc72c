package adapters

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	customerv1 "github.com/crmvendas/crm/proto/gen/go/crm/customer/v1"
	operatorv1 "github.com/crmvendas/crm/proto/gen/go/crm/operator/v1"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/sales/internal/app"
)

// MsgNaoVendedor refuses a goal for someone who is not an active seller of the company.
const MsgNaoVendedor = "O vendedor da meta não é um vendedor ativo desta empresa."

// Vendedores checks sellers with the operator service, on the caller's behalf (another company's
// operator is not found).
type Vendedores struct {
	Client operatorv1.OperatorServiceClient
}

// NewVendedores talks to the operator service on conn.
func NewVendedores(conn grpc.ClientConnInterface) *Vendedores {
	return &Vendedores{Client: operatorv1.NewOperatorServiceClient(conn)}
}

// Vendedor is nil when id is an active VENDEDOR of the caller's company.
func (v *Vendedores) Vendedor(ctx context.Context, id string) error {
	o, err := v.Client.ObterOperador(onBehalf(ctx), &operatorv1.ObterOperadorRequest{Id: id})
	if err != nil {
		if st, ok := status.FromError(err); ok {
			switch st.Code() {
			case codes.NotFound, codes.PermissionDenied, codes.InvalidArgument:
				return errs.Field("vendedor_id", MsgNaoVendedor)
			}
		}
		return errs.Unavailable("Serviço de operadores indisponível. Tente novamente em instantes.", err)
	}
	if o.GetPerfilApp() != caller.Vendedor || !o.GetAtivo() || o.GetEmpresa() != caller.From(ctx).Empresa {
		return errs.Field("vendedor_id", MsgNaoVendedor)
	}
	return nil
}

// Carteiras counts portfolios with the customer service, on the caller's behalf (in their
// scope).
type Carteiras struct {
	Client customerv1.CustomerServiceClient
}

// NewCarteiras talks to the customer service on conn.
func NewCarteiras(conn grpc.ClientConnInterface) *Carteiras {
	return &Carteiras{Client: customerv1.NewCustomerServiceClient(conn)}
}

// Ativos are the active customers of each portfolio in the caller's scope.
func (c *Carteiras) Ativos(ctx context.Context) (map[string]int64, error) {
	r, err := c.Client.ResumoCarteira(onBehalf(ctx), &customerv1.ResumoCarteiraRequest{})
	if err != nil {
		return nil, errs.Unavailable("Serviço de clientes indisponível. Tente novamente em instantes.", err)
	}
	out := map[string]int64{}
	for _, v := range r.GetVendedores() {
		out[v.GetVendedorId()] = int64(v.GetAtivos())
	}
	return out, nil
}

// ClientesAtivos lists the active customers of the portfolios in the caller's scope (of one
// seller when vendedor is set), page after page of the customer service's list.
func (c *Carteiras) ClientesAtivos(ctx context.Context, vendedor string) ([]app.ClienteDaCarteira, error) {
	var out []app.ClienteDaCarteira
	token := ""
	for {
		r, err := c.Client.ListarClientes(onBehalf(ctx), &customerv1.ListarClientesRequest{PageSize: 200, PageToken: token,
			Status: "ativo", Vendedor: vendedor})
		if err != nil {
			if st, ok := status.FromError(err); ok && st.Code() == codes.PermissionDenied {
				return nil, err
			}
			return nil, errs.Unavailable("Serviço de clientes indisponível. Tente novamente em instantes.", err)
		}
		for _, cl := range r.GetClientes() {
			out = append(out, app.ClienteDaCarteira{ID: cl.GetId(), VendedorID: cl.GetVendedorId()})
		}
		if token = r.GetNextPageToken(); token == "" {
			return out, nil
		}
	}
}
