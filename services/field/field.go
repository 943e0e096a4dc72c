// Package field is the field service. It answers one call, ObterSituacao (gRPC, and REST at
// GET /crm/field/situacao): the caller's company and role, as this service sees them. Replace
// it with the service's own API: its protos in proto/crm/field/v1 and its REST routes in
// proto/http.yaml (then `make proto`: the generated descriptors and gateway take the place of the
// hand-written ones below), its use cases in internal/, and its collections on d.Store.
package field

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/structpb"

	"github.com/crmvendas/crm/services/field/internal/agenda"
	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/caller"
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
	Log   *slog.Logger
	// The tasks and the agenda call the customer, sales and operator services (agenda.go).
	Customer, Sales, Operator grpc.ClientConnInterface
}

// Field is the mounted service.
type Field struct {
	store  *store.Store
	log    *slog.Logger
	agenda *agenda.Service
}

// New builds the field service.
func New(d Deps) (*Field, error) {
	if d.Store == nil {
		return nil, errors.New("field: Deps.Store é obrigatório")
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	a, err := novaAgenda(d)
	if err != nil {
		return nil, err
	}
	return &Field{store: d.Store, log: d.Log, agenda: a}, nil
}

const (
	serviceName = "crm.field.v1.FieldService"
	// MetodoObterSituacao is the full gRPC name of ObterSituacao.
	MetodoObterSituacao = "/" + serviceName + "/ObterSituacao"
	// RotaSituacao is its REST route.
	RotaSituacao = "/crm/field/situacao"
)

// Policies: who may call each method (any operator of a company: the answer is their own).
var Policies = auth.Policies{
	MetodoObterSituacao: {},
}

// ObterSituacao answers the caller's company and role.
func (m *Field) ObterSituacao(ctx context.Context, _ *emptypb.Empty) (*structpb.Struct, error) {
	c := caller.From(ctx)
	if c == nil {
		return nil, status.Error(codes.Unauthenticated, "Faça login para continuar.")
	}
	return structpb.NewStruct(map[string]any{"servico": "field", "empresa": c.Empresa, "perfil": c.Perfil})
}

// Module mounts the service on a server.
func (m *Field) Module() server.Module {
	return server.Module{
		Name: "field",
		Services: append([]server.Service{{
			Desc:    &serviceDesc,
			Impl:    m,
			Gateway: gateway,
		}}, agenda.Servicos(m.agenda)...),
		Policies: entity.Juntar(Policies, agenda.Policies),
	}
}

// serviceDesc is what protoc-gen-go-grpc writes for a service with one unary method.
var serviceDesc = grpc.ServiceDesc{
	ServiceName: serviceName,
	HandlerType: (*interface {
		ObterSituacao(context.Context, *emptypb.Empty) (*structpb.Struct, error)
	})(nil),
	Methods: []grpc.MethodDesc{{MethodName: "ObterSituacao", Handler: func(srv any, ctx context.Context, dec func(any) error, interceptor grpc.UnaryServerInterceptor) (any, error) {
		in := new(emptypb.Empty)
		if err := dec(in); err != nil {
			return nil, err
		}
		call := func(ctx context.Context, req any) (any, error) {
			return srv.(*Field).ObterSituacao(ctx, req.(*emptypb.Empty))
		}
		if interceptor == nil {
			return call(ctx, in)
		}
		return interceptor(ctx, in, &grpc.UnaryServerInfo{Server: srv, FullMethod: MetodoObterSituacao}, call)
	}}},
	Streams: []grpc.StreamDesc{},
}

// gateway is what protoc-gen-grpc-gateway writes for GET RotaSituacao: the call goes through conn
// (the in-process channel, with the server's interceptors: the caller's token, the policy).
func gateway(_ context.Context, mux *runtime.ServeMux, conn grpc.ClientConnInterface) error {
	return mux.HandlePath(http.MethodGet, RotaSituacao, func(w http.ResponseWriter, r *http.Request, _ map[string]string) {
		_, out := runtime.MarshalerForRequest(mux, r)
		ctx, err := runtime.AnnotateContext(r.Context(), mux, r, MetodoObterSituacao, runtime.WithHTTPPathPattern(RotaSituacao))
		if err != nil {
			runtime.HTTPError(ctx, mux, out, w, r, err)
			return
		}
		resp := new(structpb.Struct)
		if err := conn.Invoke(ctx, MetodoObterSituacao, &emptypb.Empty{}, resp); err != nil {
			runtime.HTTPError(ctx, mux, out, w, r, err)
			return
		}
		runtime.ForwardResponseMessage(ctx, mux, out, w, r, resp)
	})
}
