package adapters

import (
	"context"

	"google.golang.org/grpc"

	fieldv1 "github.com/crmvendas/crm/proto/gen/go/crm/field/v1"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/sales/internal/app"
)

// Visitas reads the field service's visits' summary on the caller's behalf (in their scope).
type Visitas struct {
	Client fieldv1.ResumoVisitasServiceClient
}

// NewVisitas talks to the field service on conn.
func NewVisitas(conn grpc.ClientConnInterface) *Visitas {
	return &Visitas{Client: fieldv1.NewResumoVisitasServiceClient(conn)}
}

// DoMes is the month's visits of each seller in the caller's scope and, when cliente is set, of
// each seller at that customer.
func (v *Visitas) DoMes(ctx context.Context, mes, cliente string, recontar bool) (map[string]app.ContagemVisitas, map[string]app.ContagemVisitas, error) {
	r, err := v.Client.ResumoVisitas(onBehalf(ctx), &fieldv1.ResumoVisitasRequest{Mes: mes, ClienteId: cliente, Recontar: recontar})
	if err != nil {
		return nil, nil, errs.Unavailable("Serviço de campo indisponível. Tente novamente em instantes.", err)
	}
	porVendedor := func(ls []*fieldv1.ContagemVisitas) map[string]app.ContagemVisitas {
		out := make(map[string]app.ContagemVisitas, len(ls))
		for _, l := range ls {
			out[l.GetVendedorId()] = app.ContagemVisitas{Visitas: l.GetVisitas(), Verificadas: l.GetVerificadas()}
		}
		return out
	}
	return porVendedor(r.GetVendedores()), porVendedor(r.GetClientes()), nil
}
