// Package runner is the one place a process is put together: configuration, JSON logs, the
// database (MongoDB, or FerretDB embedded in the data directory), the Firebase Admin SDK, the
// server with the modules, signals and an orderly shutdown. Every service binary and the
// all-in-one `crm` command run through it.
package runner

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"

	fbauth "firebase.google.com/go/v4/auth"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/config"
	"github.com/crmvendas/crm/services/platform/mongox"
	"github.com/crmvendas/crm/services/platform/server"
)

// Env is what a process has to build its modules with.
type Env struct {
	Config config.Config
	Log    *slog.Logger
	Mongo  *mongo.Client
	// Auth is the Firebase Admin SDK client.
	Auth *fbauth.Client
	// Local reaches the services of this process (in-process channel, set once the server exists).
	Local *server.Deferred

	closers []func()
}

// OnClose registers cleanup to run at shutdown (last registered runs first).
func (e *Env) OnClose(f func()) { e.closers = append(e.closers, f) }

// Close releases what Open acquired.
func (e *Env) Close() {
	for i := len(e.closers) - 1; i >= 0; i-- {
		e.closers[i]()
	}
	e.closers = nil
}

// NewLogger returns the JSON logger at the configured level.
func NewLogger(cfg config.Config) *slog.Logger {
	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(cfg.LogLevel)); err != nil {
		lvl = slog.LevelInfo
	}
	return slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: lvl}))
}

// Open connects the database and the Firebase Admin SDK. With an empty MONGODB_URI it starts
// FerretDB on CRM_DATA_DIR/db and takes the data directory's lock (one process per directory).
func Open(ctx context.Context, cfg config.Config, log *slog.Logger) (*Env, error) {
	env := &Env{Config: cfg, Log: log, Local: &server.Deferred{}}
	if cfg.AuthEmulatorHost != "" && !strings.HasPrefix(cfg.FirebaseProjectID, "demo-") {
		// The emulator's tokens are unsigned: accepting them for a real project would let anyone in.
		return nil, fmt.Errorf("FIREBASE_AUTH_EMULATOR_HOST só é aceito com um projeto demo- (FIREBASE_PROJECT_ID=%s)", cfg.FirebaseProjectID)
	}
	uri := cfg.MongoURI
	if uri == "" {
		if err := lockDataDir(cfg.DataDir); err != nil {
			return nil, err
		}
		env.OnClose(func() { os.Remove(filepath.Join(cfg.DataDir, "crm.pid")) })
		quiet := slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError})).With("component", "ferretdb")
		emb, err := mongox.StartEmbedded(filepath.Join(cfg.DataDir, "db"), quiet)
		if err != nil {
			env.Close()
			return nil, err
		}
		env.OnClose(emb.Close)
		uri = emb.URI
		log.Info("banco embutido (FerretDB/SQLite)", "dir", filepath.Join(cfg.DataDir, "db"))
	}
	client, err := mongox.Connect(ctx, uri)
	if err != nil {
		env.Close()
		return nil, err
	}
	env.Mongo = client
	env.OnClose(func() { _ = client.Disconnect(context.Background()) })

	app, err := auth.NewFirebaseApp(ctx, cfg.FirebaseProjectID, cfg.AuthEmulatorHost != "")
	if err != nil {
		env.Close()
		return nil, fmt.Errorf("firebase: %w", err)
	}
	if env.Auth, err = app.Auth(ctx); err != nil {
		env.Close()
		return nil, fmt.Errorf("firebase auth: %w", err)
	}
	return env, nil
}

// lockDataDir refuses a second process on the same embedded database.
func lockDataDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	pidFile := filepath.Join(dir, "crm.pid")
	if b, err := os.ReadFile(pidFile); err == nil {
		if pid, _ := strconv.Atoi(strings.TrimSpace(string(b))); pid > 0 && pid != os.Getpid() && syscall.Kill(pid, 0) == nil {
			return fmt.Errorf("o diretório de dados %s já está em uso pelo processo %d: pare-o antes (ou use MONGODB_URI)", dir, pid)
		}
	}
	return os.WriteFile(pidFile, []byte(strconv.Itoa(os.Getpid())), 0o644)
}

// RemoteOperatorResolver resolves callers through the operator service at CRM_OPERATOR_ADDR
// (for services deployed on their own), cached for CRM_CALLER_CACHE_TTL.
func (e *Env) RemoteOperatorResolver() (auth.Resolver, error) {
	conn, err := grpc.NewClient(e.Config.OperatorAddr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return nil, err
	}
	e.OnClose(func() { conn.Close() })
	return auth.NewCachedResolver(auth.NewRemoteResolver(conn), e.Config.CallerCacheTTL), nil
}

// Build assembles the modules of a process and the resolver of its callers.
type Build func(ctx context.Context, env *Env) (modules []server.Module, resolver auth.Resolver, err error)

// Serve runs a process until SIGINT/SIGTERM. ready, when non-nil, runs once the modules started
// and before /readyz turns true (the demo seed).
func Serve(build Build, ready func(ctx context.Context, env *Env) error) error {
	cfg := config.FromEnv()
	log := NewLogger(cfg)
	slog.SetDefault(log)
	tuneGC()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	env, err := Open(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer env.Close()
	modules, resolver, err := build(ctx, env)
	if err != nil {
		return err
	}
	srv, err := server.New(ctx, server.Options{Config: cfg, Logger: log, Verifier: auth.NewFirebaseVerifier(env.Auth), Resolver: resolver, Modules: modules, Local: env.Local})
	if err != nil {
		return err
	}
	if err := srv.Listen(); err != nil {
		return err
	}
	var before func(context.Context) error
	if ready != nil {
		before = func(ctx context.Context) error { return ready(ctx, env) }
	}
	return srv.Serve(ctx, before)
}

// Main runs Serve and exits non-zero on error.
func Main(build Build, ready func(ctx context.Context, env *Env) error) {
	if err := Serve(build, ready); err != nil {
		fmt.Fprintln(os.Stderr, "erro:", err)
		os.Exit(1)
	}
}

// tuneGC: a service's heap is small (tens of MB) and mostly short-lived request garbage, so the
// collector runs less often (GOGC 300 measured +10-15% REST throughput in make bench for a few MB
// more RSS), with a soft limit that makes it collect harder long before memory gets tight. GOGC
// and GOMEMLIMIT in the environment win.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(300)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(512 << 20)
	}
}
