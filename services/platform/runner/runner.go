// Package runner is the one place a process is put together: configuration, JSON logs, the
// store (MongoDB, or the embedded SQLite file in the data directory), the Firebase Admin SDK, the
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
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	fbauth "firebase.google.com/go/v4/auth"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/config"
	"github.com/crmvendas/crm/services/platform/mongox"
	"github.com/crmvendas/crm/services/platform/server"
	"github.com/crmvendas/crm/services/platform/store"
)

// Env is what a process has to build its modules with.
type Env struct {
	Config config.Config
	Log    *slog.Logger
	// Mongo is the MongoDB client when MONGODB_URI is set (nil with the embedded SQLite store).
	Mongo *mongo.Client
	// SQLite is the embedded store when MONGODB_URI is empty.
	SQLite *store.Store
	// Auth is the Firebase Admin SDK client.
	Auth *fbauth.Client
	// Local reaches the services of this process (in-process channel, set once the server exists).
	Local *server.Deferred

	closers []func()
	stores  map[string]*store.Store
}

// Store is the store of the service owning database db: on MongoDB that database, on SQLite
// the one file every service shares.
func (e *Env) Store(db string) (*store.Store, error) {
	if e.SQLite != nil {
		return e.SQLite.For(db), nil
	}
	if e.Mongo == nil {
		return nil, fmt.Errorf("nenhum banco configurado")
	}
	if st, ok := e.stores[db]; ok {
		return st, nil
	}
	st, err := store.OpenMongo(context.Background(), e.Mongo.Database(db))
	if err != nil {
		return nil, fmt.Errorf("banco %s: %w", db, err)
	}
	if e.stores == nil {
		e.stores = map[string]*store.Store{}
	}
	e.stores[db] = st.For(db)
	return e.stores[db], nil
}

// ReadyChecks are /readyz's checks: every store the modules opened can read.
func (e *Env) ReadyChecks() []func(context.Context) error {
	var out []func(context.Context) error
	if e.SQLite != nil {
		out = append(out, e.SQLite.Ping)
	}
	dbs := make([]string, 0, len(e.stores))
	for db := range e.stores {
		dbs = append(dbs, db)
	}
	sort.Strings(dbs)
	for _, db := range dbs {
		out = append(out, e.stores[db].Ping)
	}
	return out
}

// MustStore is Store for wiring code that cannot go on without it.
func (e *Env) MustStore(db string) *store.Store {
	st, err := e.Store(db)
	if err != nil {
		panic(err)
	}
	return st
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

// Open connects the database and the Firebase Admin SDK. With an empty MONGODB_URI it opens the
// SQLite store in CRM_DATA_DIR/crm.db and takes the data directory's lock (one process per
// directory).
func Open(ctx context.Context, cfg config.Config, log *slog.Logger) (*Env, error) {
	env := &Env{Config: cfg, Log: log, Local: &server.Deferred{}}
	if cfg.AuthEmulatorHost != "" && !strings.HasPrefix(cfg.FirebaseProjectID, "demo-") {
		// The emulator's tokens are unsigned: accepting them for a real project would let anyone in.
		return nil, fmt.Errorf("FIREBASE_AUTH_EMULATOR_HOST só é aceito com um projeto demo- (FIREBASE_PROJECT_ID=%s)", cfg.FirebaseProjectID)
	}
	if cfg.MongoURI == "" {
		if err := lockDataDir(cfg.DataDir); err != nil {
			return nil, err
		}
		env.OnClose(func() { os.Remove(filepath.Join(cfg.DataDir, "crm.pid")) })
		path := filepath.Join(cfg.DataDir, store.SQLiteFile)
		st, err := store.OpenSQLite(ctx, path)
		if err != nil {
			env.Close()
			return nil, err
		}
		env.SQLite = st
		env.OnClose(func() { _ = st.Close() })
		log.Info("banco embutido (SQLite)", "arquivo", path)
	} else {
		client, err := mongox.Connect(ctx, cfg.MongoURI)
		if err != nil {
			env.Close()
			return nil, err
		}
		env.Mongo = client
		env.OnClose(func() { _ = client.Disconnect(context.Background()) })
	}

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
	conn, err := grpc.NewClient(e.Config.Addr("operator"), grpc.WithTransportCredentials(insecure.NewCredentials()))
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
	cfg, err := config.Load()
	if err != nil {
		return fmt.Errorf("configuração inválida:\n%w", err)
	}
	log := NewLogger(cfg)
	slog.SetDefault(log)
	if limit, from := tuneGC(); from != "" {
		log.Info("limite de memória do Go (GOMEMLIMIT)", "MiB", limit>>20, "origem", from)
	}
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
	if err := env.ImportLegacy(ctx); err != nil {
		return err
	}
	srv, err := server.New(ctx, server.Options{Config: cfg, Logger: log, Verifier: auth.NewFirebaseVerifier(env.Auth), Resolver: resolver, Modules: modules, Local: env.Local,
		Checks: env.ReadyChecks()})
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

// legacyMarker, in the old FerretDB directory, says its data was copied into the SQLite store.
const legacyMarker = "COPIADO-PARA-crm.db.txt"

// ImportLegacy copies, once, a data directory left by the FerretDB embedded default
// (CRM_DATA_DIR/db/*.sqlite) into the SQLite store, after the services declared their
// collections. The old files are kept; a marker beside them records the copy.
func (e *Env) ImportLegacy(ctx context.Context) error {
	if e.SQLite == nil {
		return nil
	}
	dir := filepath.Join(e.Config.DataDir, "db")
	old, _ := filepath.Glob(filepath.Join(dir, "*.sqlite"))
	if len(old) == 0 {
		return nil
	}
	if _, err := os.Stat(filepath.Join(dir, legacyMarker)); err == nil {
		return nil
	}
	e.Log.Info("copiando o banco embutido antigo (FerretDB) para o SQLite", "dir", dir)
	quiet := slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError})).With("component", "ferretdb")
	emb, err := mongox.StartEmbedded(dir, quiet)
	if err != nil {
		return fmt.Errorf("abrir o banco antigo em %s: %w", dir, err)
	}
	defer emb.Close()
	client, err := mongox.Connect(ctx, emb.URI)
	if err != nil {
		return fmt.Errorf("abrir o banco antigo em %s: %w", dir, err)
	}
	defer client.Disconnect(context.Background())
	moved, conflicts, err := e.SQLite.ImportLegacy(ctx, client)
	if err != nil {
		return fmt.Errorf("copiar o banco antigo: %w", err)
	}
	for _, c := range conflicts {
		e.Log.Warn("banco antigo: chave única repetida", "registro", c)
	}
	total := 0
	var lines []string
	for where, n := range moved {
		total += n
		lines = append(lines, fmt.Sprintf("%s: %d", where, n))
	}
	sort.Strings(lines)
	note := fmt.Sprintf("Os dados deste diretório (FerretDB) foram copiados para %s em %s: %d documentos.\n%s\n",
		filepath.Join(e.Config.DataDir, store.SQLiteFile), time.Now().UTC().Format(time.RFC3339), total, strings.Join(lines, "\n"))
	if len(conflicts) > 0 {
		note += "\nChaves únicas repetidas no banco antigo (o registro foi copiado sem a chave):\n" + strings.Join(conflicts, "\n") + "\n"
	}
	if err := os.WriteFile(filepath.Join(dir, legacyMarker), []byte(note), 0o644); err != nil {
		return err
	}
	e.Log.Info("banco antigo copiado para o SQLite (os arquivos antigos ficam em db/)", "documentos", total, "colecoes", len(moved))
	return nil
}
