package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sort"
	"sync/atomic"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"google.golang.org/grpc"
	// Registers the gzip compressor: a gRPC client that asks for it (grpc.UseCompressor(gzip.Name),
	// grpc-encoding: gzip) gets its answers gzipped; one that doesn't, plain. The in-process channel
	// the gateway calls through (localConn) passes messages, never bytes: nothing to compress.
	_ "google.golang.org/grpc/encoding/gzip"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/reflection"

	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/config"
)

// Options configure a Server.
type Options struct {
	Config   config.Config
	Logger   *slog.Logger
	Verifier auth.Verifier
	Resolver auth.Resolver
	Modules  []Module
	// Local, when set, is pointed at the in-process channel (calls between services of the process).
	Local *Deferred
	// Checks run on every /readyz once the server is ready (the store can read): one failing
	// makes it answer 503.
	Checks []func(ctx context.Context) error
}

// Server serves gRPC on one listener and HTTP (REST gateway, probes, metrics, web) on another.
type Server struct {
	cfg     config.Config
	log     *slog.Logger
	modules []Module

	grpc   *grpc.Server
	inproc *localConn
	health *health.Server
	mux    *runtime.ServeMux
	http   *http.Server

	grpcLis, httpLis net.Listener
	// pprof, when CRM_PPROF is on: its own server on a loopback listener, never the public port.
	pprof    *http.Server
	pprofLis net.Listener
	ready    atomic.Bool
	checks   []func(ctx context.Context) error
	failing  atomic.Bool // the last /readyz check failed (logged once per change)
	registry *prometheus.Registry
	bodies   *bodyLimits
}

// New builds the server and registers every module on both the gRPC server and the in-process
// channel the gateway uses, with the same interceptor chain.
func New(ctx context.Context, o Options) (*Server, error) {
	s := &Server{cfg: o.Config, log: o.Logger, modules: o.Modules, registry: prometheus.NewRegistry(), checks: o.Checks}
	s.registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	metrics := auth.NewMetrics(s.registry)

	policies := auth.Policies{}
	for _, m := range o.Modules {
		for k, v := range m.Policies {
			policies[k] = v
		}
	}
	if err := CheckPolicies(o.Modules); err != nil {
		return nil, err
	}
	trusted, err := auth.ParseCIDRs(o.Config.TrustedProxies)
	if err != nil {
		return nil, fmt.Errorf("CRM_TRUSTED_PROXIES: %w", err)
	}
	guard := &auth.Guard{Verifier: o.Verifier, Resolver: o.Resolver, Policies: policies, TrustedProxies: trusted,
		Limits: auth.NewLimits(o.Config)}
	if s.bodies, err = newBodyLimits(o.Modules); err != nil {
		return nil, err
	}
	unary := []grpc.UnaryServerInterceptor{auth.ObserveUnary(s.log, metrics), s.bodies.unary(), defaultDeadline(o.Config.RPCTimeout),
		guard.UnaryInterceptor()}

	s.grpc = grpc.NewServer(
		grpc.ChainUnaryInterceptor(unary...),
		grpc.ChainStreamInterceptor(auth.ObserveStream(), guard.StreamInterceptor()),
		// Every call is held to 1 MiB; the few that take more (LargeBodies) are checked by
		// s.bodies once the message is read.
		grpc.MaxRecvMsgSize(int(s.bodies.largest)),
	)
	s.inproc = newLocalConn(chainUnary(unary))
	if o.Local != nil {
		o.Local.conn.Store(s.inproc)
	}

	s.health = health.NewServer()
	healthpb.RegisterHealthServer(s.grpc, s.health)
	s.health.SetServingStatus("", healthpb.HealthCheckResponse_NOT_SERVING)
	reflection.Register(s.grpc)

	s.mux = newGatewayMux()
	for _, m := range o.Modules {
		for _, svc := range m.Services {
			s.grpc.RegisterService(svc.Desc, svc.Impl)
			s.inproc.RegisterService(svc.Desc, svc.Impl)
			if svc.Gateway != nil {
				if err := svc.Gateway(ctx, s.mux, s.inproc); err != nil {
					return nil, fmt.Errorf("gateway %s: %w", svc.Desc.ServiceName, err)
				}
			}
		}
	}
	// Every answer is small (JSON pages of at most 200 records, the web app's files, metrics, an
	// 800 px product photo; the largest request is a product photo of up to 8 MiB, the rest at
	// most 1 MiB): a client slower than these is cut off. The write
	// timeout is above CRM_RPC_TIMEOUT, so a call that runs out of time still gets its answer.
	writeTimeout := o.Config.HTTPWriteTimeout
	if writeTimeout == 0 {
		writeTimeout = 90 * time.Second
	}
	s.http = &http.Server{
		Handler:           s.routes(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second, // bodies are at most 1 MiB (a photo 8 MiB): a slower client is cut off
		WriteTimeout:      writeTimeout,
		IdleTimeout:       120 * time.Second,
	}
	if o.Config.Pprof {
		s.pprof = &http.Server{Handler: pprofMux(), ReadHeaderTimeout: 10 * time.Second}
	}
	return s, nil
}

// defaultDeadline gives a call whose client sent no deadline (a REST call, a grpcurl without
// -max-time) one of d, so that no handler runs forever; calls it makes inherit it.
func defaultDeadline(d time.Duration) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		if _, ok := ctx.Deadline(); !ok && d > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, d)
			defer cancel()
		}
		return handler(ctx, req)
	}
}

// Conn is the in-process channel (with interceptors) to every mounted service.
func (s *Server) Conn() grpc.ClientConnInterface { return s.inproc }

// Handler is the HTTP handler (REST, probes, metrics, web).
func (s *Server) Handler() http.Handler { return s.http.Handler }

// Registry is the Prometheus registry served on /metrics.
func (s *Server) Registry() *prometheus.Registry { return s.registry }

// Listen opens both listeners (":0" ports are resolved; see Addrs).
func (s *Server) Listen() error {
	var err error
	if s.grpcLis, err = net.Listen("tcp", s.cfg.GRPCAddr); err != nil {
		return fmt.Errorf("gRPC em %s: %w", s.cfg.GRPCAddr, err)
	}
	if s.httpLis, err = net.Listen("tcp", s.cfg.HTTPAddr); err != nil {
		s.grpcLis.Close()
		return fmt.Errorf("HTTP em %s: %w", s.cfg.HTTPAddr, err)
	}
	if s.pprof != nil {
		if s.pprofLis, err = net.Listen("tcp", s.cfg.PprofAddr); err != nil {
			s.grpcLis.Close()
			s.httpLis.Close()
			return fmt.Errorf("pprof em %s: %w", s.cfg.PprofAddr, err)
		}
	}
	return nil
}

// PprofAddr is the bound address of the pprof listener ("" when CRM_PPROF is off).
func (s *Server) PprofAddr() string {
	if s.pprofLis == nil {
		return ""
	}
	return s.pprofLis.Addr().String()
}

// HTTPAddr and GRPCAddr are the bound addresses after Listen.
func (s *Server) HTTPAddr() string { return s.httpLis.Addr().String() }
func (s *Server) GRPCAddr() string { return s.grpcLis.Addr().String() }

// readyNow is /readyz's answer: ready (SetReady) and every check passing. A check that starts or
// stops failing is logged once, with its cause.
func (s *Server) readyNow(ctx context.Context) error {
	if !s.ready.Load() {
		return errors.New("not ready")
	}
	var err error
	for _, check := range s.checks {
		if err = check(ctx); err != nil {
			break
		}
	}
	if err != nil && ctx.Err() != nil {
		return err // the prober hung up: says nothing about the store
	}
	if was := s.failing.Swap(err != nil); was != (err != nil) {
		if err != nil {
			s.log.Error("readyz: o banco não responde a leituras", "err", err.Error())
		} else {
			s.log.Info("readyz: o banco voltou a responder")
		}
	}
	return err
}

// SetReady flips /readyz and the gRPC health status.
func (s *Server) SetReady(ok bool) {
	s.ready.Store(ok)
	if ok {
		s.health.SetServingStatus("", healthpb.HealthCheckResponse_SERVING)
	} else {
		s.health.SetServingStatus("", healthpb.HealthCheckResponse_NOT_SERVING)
	}
}

// Serve runs the modules' Start hooks, becomes ready, and serves until ctx is done; then it turns
// not-ready, drains in-flight calls for at most the configured grace period, and returns.
// before, when non-nil, runs after the modules started and before the server is ready.
func (s *Server) Serve(ctx context.Context, before func(ctx context.Context) error) error {
	if s.grpcLis == nil {
		if err := s.Listen(); err != nil {
			return err
		}
	}
	errc := make(chan error, 2)
	go func() { errc <- s.grpc.Serve(s.grpcLis) }()
	go func() {
		if err := s.http.Serve(s.httpLis); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errc <- err
			return
		}
		errc <- nil
	}()
	if s.pprof != nil {
		go func() { _ = s.pprof.Serve(s.pprofLis) }()
		s.log.Info("pprof (só nesta máquina)", "endereco", "http://"+s.PprofAddr()+"/debug/pprof/")
	}
	s.log.Info("servindo", "http", s.HTTPAddr(), "grpc", s.GRPCAddr())

	startErr := make(chan error, 1)
	go func() {
		for _, m := range s.modules {
			if m.Start != nil {
				if err := m.Start(ctx); err != nil {
					startErr <- fmt.Errorf("iniciar %s: %w", m.Name, err)
					return
				}
			}
		}
		if before != nil {
			if err := before(ctx); err != nil {
				startErr <- err
				return
			}
		}
		s.SetReady(true)
		s.log.Info("pronto")
		startErr <- nil
	}()

	var runErr error
	select {
	case <-ctx.Done():
	case err := <-errc:
		runErr = err
	case err := <-startErr:
		if err != nil {
			runErr = err
		} else {
			select {
			case <-ctx.Done():
			case err := <-errc:
				runErr = err
			}
		}
	}
	s.shutdown()
	return runErr
}

func (s *Server) shutdown() {
	s.SetReady(false)
	if s.cfg.ShutdownDelay > 0 {
		// Load balancers stop sending new calls once they see /readyz fail; keep serving meanwhile.
		s.log.Info("aguardando os balanceadores", "atraso", s.cfg.ShutdownDelay.String())
		time.Sleep(s.cfg.ShutdownDelay)
	}
	s.log.Info("encerrando", "prazo", s.cfg.ShutdownGrace.String())
	grace, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownGrace)
	defer cancel()
	done := make(chan struct{})
	go func() { s.grpc.GracefulStop(); close(done) }()
	_ = s.http.Shutdown(grace)
	if s.pprof != nil {
		_ = s.pprof.Close()
	}
	select {
	case <-done:
	case <-grace.Done():
		s.grpc.Stop()
	}
	s.log.Info("encerrado")
}

// chainUnary folds interceptors into one (the in-process channel takes a single interceptor).
func chainUnary(ics []grpc.UnaryServerInterceptor) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		h := handler
		for i := len(ics) - 1; i >= 0; i-- {
			ic, next := ics[i], h
			h = func(ctx context.Context, req any) (any, error) { return ic(ctx, req, info, next) }
		}
		return h(ctx, req)
	}
}

func (s *Server) metricsHandler() http.Handler {
	return promhttp.HandlerFor(s.registry, promhttp.HandlerOpts{})
}

// CheckPolicies refuses a set of modules where an RPC has no policy (it would be a silent 403)
// or a policy names no RPC (a typo, or a method that went away).
func CheckPolicies(mods []Module) error {
	var missing, stray []string
	for _, m := range mods {
		declared := map[string]bool{}
		for _, svc := range m.Services {
			for _, md := range svc.Desc.Methods {
				full := "/" + svc.Desc.ServiceName + "/" + md.MethodName
				declared[full] = true
				if _, ok := m.Policies[full]; !ok {
					missing = append(missing, full)
				}
			}
			for _, sd := range svc.Desc.Streams {
				full := "/" + svc.Desc.ServiceName + "/" + sd.StreamName
				declared[full] = true
				if _, ok := m.Policies[full]; !ok {
					missing = append(missing, full)
				}
			}
		}
		for k := range m.Policies {
			if !declared[k] {
				stray = append(stray, k)
			}
		}
	}
	if len(missing) > 0 || len(stray) > 0 {
		sort.Strings(missing)
		sort.Strings(stray)
		return fmt.Errorf("políticas de acesso incompletas: RPCs sem política %v; políticas sem RPC %v", missing, stray)
	}
	return nil
}
