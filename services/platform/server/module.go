// Package server is the bootstrap every service binary and the all-in-one command share: a gRPC
// server and an in-process channel with the same interceptors, the REST gateway on top of that
// channel, health, reflection, /healthz, /readyz, /metrics, the web app, and graceful shutdown.
package server

import (
	"context"
	"net/http"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"

	"github.com/crmvendas/crm/services/platform/auth"
)

// Service is one gRPC service of a module and its REST gateway registration.
type Service struct {
	Desc *grpc.ServiceDesc
	Impl any
	// Gateway registers the service's REST routes on mux, calling through conn.
	Gateway func(ctx context.Context, mux *runtime.ServeMux, conn grpc.ClientConnInterface) error
}

// Servico declares one gRPC service of a module from its generated code: the description, the
// implementation and the gateway's RegisterXHandlerClient with its NewXClient, so a module lists
// each service in one line instead of writing the gateway's closure again.
func Servico[C any](desc *grpc.ServiceDesc, impl any, registrar func(context.Context, *runtime.ServeMux, C) error, cliente func(grpc.ClientConnInterface) C) Service {
	return Service{Desc: desc, Impl: impl, Gateway: func(ctx context.Context, mux *runtime.ServeMux, conn grpc.ClientConnInterface) error {
		return registrar(ctx, mux, cliente(conn))
	}}
}

// Module is what a service's public New(...) returns for a server to mount.
type Module struct {
	Name     string
	Services []Service
	Policies auth.Policies
	// Start runs before the server reports ready (indexes, seed data, background sweeps bound to ctx).
	Start func(ctx context.Context) error
	// HTTP adds plain HTTP routes (pattern -> handler) outside the gateway.
	HTTP map[string]http.Handler
	// LargeBodies are the calls whose request may be larger than the 1 MiB every other call is
	// held to (a photo upload), each with its own limit.
	LargeBodies []LargeBody
}

// LargeBody lets one call take a request of up to Max bytes, over REST and over gRPC.
type LargeBody struct {
	// Method is the gRPC full method name ("/crm.sales.v1.SalesService/DefinirFotoProduto").
	Method string
	// Route is its REST route as a net/http pattern ("PUT /crm/produtos/{id}/foto").
	Route string
	Max   int64
}
