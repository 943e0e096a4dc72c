package adapters

import (
	"context"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	addressv1 "github.com/crmvendas/crm/proto/gen/go/crm/address/v1"
	customerv1 "github.com/crmvendas/crm/proto/gen/go/crm/customer/v1"
	operatorv1 "github.com/crmvendas/crm/proto/gen/go/crm/operator/v1"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
)

// onBehalf forwards the caller's own token, so the other service applies the caller's company
// and role exactly as it would for the app.
func onBehalf(ctx context.Context) context.Context {
	return caller.EmNomeDe(ctx)
}

// passOrUnavailable keeps the other service's answers a user can act on (400, 403, 404) and turns
// failures into 503.
func passOrUnavailable(err error, msg string) error {
	if st, ok := status.FromError(err); ok {
		switch st.Code() {
		case codes.InvalidArgument, codes.PermissionDenied, codes.NotFound, codes.Unauthenticated:
			return err
		}
	}
	return errs.Unavailable(msg, err)
}

// Regioes reads the company's regions from the address service.
type Regioes struct {
	Client addressv1.AddressServiceClient
}

// NewRegioes talks to the address service on conn (the in-process channel in the all-in-one).
func NewRegioes(conn grpc.ClientConnInterface) *Regioes {
	return &Regioes{Client: addressv1.NewAddressServiceClient(conn)}
}

const msgRegioes = "Serviço de regiões indisponível. Tente novamente em instantes."

// Mapa maps every city of a region to the region's id.
func (r *Regioes) Mapa(ctx context.Context) (map[string]string, error) {
	ctx = onBehalf(ctx)
	out := map[string]string{}
	tok := ""
	for range 100 {
		res, err := r.Client.ListarRegioes(ctx, &addressv1.ListarRegioesRequest{PageSize: 200, PageToken: tok})
		if err != nil {
			return nil, passOrUnavailable(err, msgRegioes)
		}
		for _, g := range res.GetRegioes() {
			for _, c := range g.GetCidades() {
				out[c] = g.GetId()
			}
		}
		if tok = res.GetNextPageToken(); tok == "" {
			break
		}
	}
	return out, nil
}

// Cidades lists one region's cities.
func (r *Regioes) Cidades(ctx context.Context, id string) ([]string, error) {
	g, err := r.Client.ObterRegiao(onBehalf(ctx), &addressv1.ObterRegiaoRequest{Id: id})
	if err != nil {
		return nil, passOrUnavailable(err, msgRegioes)
	}
	return g.GetCidades(), nil
}

// Operadores asks the operator service about the company's operators.
type Operadores struct {
	Client operatorv1.OperatorServiceClient
}

// NewOperadores talks to the operator service on conn.
func NewOperadores(conn grpc.ClientConnInterface) *Operadores {
	return &Operadores{Client: operatorv1.NewOperatorServiceClient(conn)}
}

// Vendedor reports whether id is an active operator of the caller's company and a VENDEDOR.
func (o *Operadores) Vendedor(ctx context.Context, id string) (ativo, vendedor bool, err error) {
	op, err := o.Client.ObterOperador(onBehalf(ctx), &operatorv1.ObterOperadorRequest{Id: id})
	if st, ok := status.FromError(err); ok && err != nil && (st.Code() == codes.NotFound || st.Code() == codes.PermissionDenied) {
		return false, false, nil
	}
	if err != nil {
		return false, false, passOrUnavailable(err, "Serviço de operadores indisponível. Tente novamente em instantes.")
	}
	return op.GetAtivo(), op.GetPerfilApp() == "VENDEDOR", nil
}

// SincronizarRegiao asks the customer service (this one, reached through conn) to recompute the
// stored region of the customers of a region, on the caller's behalf.
func SincronizarRegiao(conn grpc.ClientConnInterface) func(ctx context.Context, regiaoID string) error {
	cli := customerv1.NewCustomerServiceClient(conn)
	return func(ctx context.Context, regiaoID string) error {
		if c := caller.From(ctx); c == nil || c.Token == "" {
			return nil // the server's own writes (the demo seed) store their customers' region themselves
		}
		_, err := cli.SincronizarRegiao(onBehalf(ctx), &customerv1.SincronizarRegiaoRequest{RegiaoId: regiaoID})
		return err
	}
}
