// Package field is the field service: the sellers' work in the street — visits with a check-in
// the supervisor can trust (the distance to the customer and a verdict on the position), their
// check-out and the company's visit settings (visitas.proto) —, and their plan: tasks, visit
// frequencies, the agenda on the company's working days and the day's route (agenda.go,
// internal/agenda). It reads the customers from the customer service, the working days from the
// sales service and the assignees from the operator service, on the caller's behalf.
package field

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"google.golang.org/grpc"

	fieldv1 "github.com/crmvendas/crm/proto/gen/go/crm/field/v1"
	"github.com/crmvendas/crm/services/field/internal/adapters"
	"github.com/crmvendas/crm/services/field/internal/agenda"
	"github.com/crmvendas/crm/services/field/internal/app"
	"github.com/crmvendas/crm/services/field/internal/ports"
	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/platform/server"
	"github.com/crmvendas/crm/services/platform/store"
)

// DatabaseName is the database the field service owns.
const DatabaseName = "crm_field"

// Deps are what the field service needs.
type Deps struct {
	// Store is the service's store (runner.Env.Store(DatabaseName)).
	Store *store.Store
	// Customer reaches the customer service (in the all-in-one process, the in-process channel;
	// deployed apart, a gRPC client).
	Customer grpc.ClientConnInterface
	// Sales (the company's working days) and Operator (a task's assignee) serve the agenda.
	Sales, Operator grpc.ClientConnInterface
	Log             *slog.Logger
}

// Field is the mounted service.
type Field struct {
	visitas *app.Visitas
	fotos   *app.FotosVisita
	agenda  *agenda.Service
}

// New builds the field service and declares its collections.
func New(d Deps) (*Field, error) {
	if d.Store == nil {
		return nil, errors.New("field: Deps.Store é obrigatório")
	}
	if d.Customer == nil {
		return nil, errors.New("field: Deps.Customer é obrigatório")
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	col, err := adapters.DeclararVisitas(context.Background(), d.Store)
	if err != nil {
		return nil, err
	}
	a, err := novaAgenda(d, col.Visitas)
	if err != nil {
		return nil, err
	}
	fotos, err := adapters.DeclararFotos(context.Background(), d.Store)
	if err != nil {
		return nil, err
	}
	v := &app.Visitas{Col: col, Clientes: adapters.NewClientes(d.Customer), Log: d.Log}
	return &Field{visitas: v, fotos: &app.FotosVisita{Visitas: v, Fotos: fotos}, agenda: a}, nil
}

// Policies: who may call each method (the use cases apply the role scope of the records).
var Policies = entity.Juntar(ports.PoliticasVisitas, agenda.Policies, ports.PoliticasFotos, ports.PoliticasResumoVisitas)

// Module mounts the service on a server.
func (f *Field) Module() server.Module {
	return server.Module{
		Name: "field",
		Services: append([]server.Service{
			server.Servico(&fieldv1.VisitasService_ServiceDesc, &ports.Visitas{App: f.visitas}, fieldv1.RegisterVisitasServiceHandlerClient, fieldv1.NewVisitasServiceClient),
			server.Servico(&fieldv1.FotosVisitaService_ServiceDesc, &ports.FotosVisita{App: f.fotos}, fieldv1.RegisterFotosVisitaServiceHandlerClient, fieldv1.NewFotosVisitaServiceClient),
			server.Servico(&fieldv1.ResumoVisitasService_ServiceDesc, &ports.ResumoVisitas{App: f.visitas}, fieldv1.RegisterResumoVisitasServiceHandlerClient, fieldv1.NewResumoVisitasServiceClient),
		}, agenda.Servicos(f.agenda)...),
		Policies: Policies,
		// A visit's photo: a 5 MB picture in base64 is 6.7 MB (the device sends ~300 KB).
		LargeBodies: []server.LargeBody{{Method: fieldv1.FotosVisitaService_EnviarFotoVisita_FullMethodName,
			Route: "PUT /crm/visitas/{id}/fotos/{foto_id}", Max: MaxCorpoFoto}},
		// The open visits past their company's automatic check-out time are closed every minute.
		Start: func(ctx context.Context) error {
			go f.visitas.EncerrarVencidasACada(ctx, time.Minute)
			return nil
		},
	}
}

// MaxCorpoFoto bounds a visit photo's request (services/registry.yaml large_bodies: its edge's
// limit is a little more).
const MaxCorpoFoto = 8 << 20

// EncerrarVisitasVencidas closes the open visits past their company's automatic check-out time at
// agora (what the service does every minute); it returns how many.
func (f *Field) EncerrarVisitasVencidas(ctx context.Context, agora time.Time) (int, error) {
	return f.visitas.EncerrarVencidas(ctx, agora)
}
