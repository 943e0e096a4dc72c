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

// Module is what a service's public New(...) returns for a server to mount.
type Module struct {
	Name     string
	Services []Service
	Policies auth.Policies
	// Start runs before the server reports ready (indexes, seed data, background sweeps bound to ctx).
	Start func(ctx context.Context) error
	// HTTP adds plain HTTP routes (pattern -> handler) outside the gateway.
	HTTP map[string]http.Handler
}
