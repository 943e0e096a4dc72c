package testkit

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	fbauth "firebase.google.com/go/v4/auth"
	"github.com/google/uuid"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"

	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/config"
	"github.com/crmvendas/crm/services/platform/server"
)

// Stack is a started server (REST + gRPC on loopback ports) with the given modules, verifying
// tokens with the Auth emulator.
type Stack struct {
	Server  *server.Server
	BaseURL string
	Conn    *grpc.ClientConn
}

// FirebaseVerifier returns a verifier bound to the emulator.
func FirebaseVerifier(t testing.TB) *auth.FirebaseVerifier {
	t.Helper()
	return auth.NewFirebaseVerifier(AuthClient(t))
}

// StartStack serves modules until the test ends.
func StartStack(t testing.TB, resolver auth.Resolver, modules ...server.Module) *Stack {
	t.Helper()
	return StartStackLocal(t, resolver, nil, modules...)
}

// StartStackLocal is StartStack with local pointed at the server's in-process channel (modules
// that call each other).
func StartStackLocal(t testing.TB, resolver auth.Resolver, local *server.Deferred, modules ...server.Module) *Stack {
	t.Helper()
	cfg := config.FromEnv()
	cfg.HTTPAddr, cfg.GRPCAddr, cfg.WebDir = "127.0.0.1:0", "127.0.0.1:0", ""
	// Component tests call far faster than any user: the rate limits have tests of their own
	// (services/allinone's TestRateLimits) against a crm process.
	cfg.LimitUser, cfg.LimitIP, cfg.LimitImport, cfg.LimitSignIn = config.Limit{}, config.Limit{}, config.Limit{}, config.Limit{}
	ctx, cancel := context.WithCancel(context.Background())
	s, err := server.New(ctx, server.Options{
		Config: cfg, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Verifier: FirebaseVerifier(t), Resolver: resolver, Modules: modules, Local: local,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Listen(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, nil) }()
	conn, err := grpc.NewClient(s.GRPCAddr(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	st := &Stack{Server: s, BaseURL: "http://" + s.HTTPAddr(), Conn: conn}
	t.Cleanup(func() {
		conn.Close()
		cancel()
		<-done
	})
	if err := WaitHTTP(st.BaseURL+"/readyz", 30e9); err != nil {
		t.Fatal(err)
	}
	return st
}

// Do sends a REST call with an optional bearer token and JSON body (a string is sent as is) and
// returns the status and the body.
func (s *Stack) Do(t testing.TB, method, path, token string, body any) (int, []byte) {
	t.Helper()
	return Do(t, s.BaseURL, method, path, token, body)
}

// Do sends a REST call to baseURL (see Stack.Do).
func Do(t testing.TB, baseURL, method, path, token string, body any) (int, []byte) {
	t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = bytes.NewBufferString(b)
	case []byte:
		r = bytes.NewReader(b)
	default:
		data, _ := json.Marshal(b)
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, baseURL+path, r)
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if r != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}

// Ctx returns a context carrying the bearer token for gRPC calls (no token when empty).
func Ctx(token string) context.Context {
	if token == "" {
		return context.Background()
	}
	return metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+token)
}

// AuthClient is an Admin SDK client bound to the emulator.
func AuthClient(t testing.TB) *fbauth.Client {
	t.Helper()
	Emulator(t)
	app, err := auth.NewFirebaseApp(context.Background(), ProjectID, true)
	if err != nil {
		t.Fatal(err)
	}
	c, err := app.Auth(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// DB returns a fresh database of the embedded FerretDB for one test.
func DB(t testing.TB, prefix string) *mongo.Database {
	t.Helper()
	name := prefix + "_" + strings.ReplaceAll(uuid.NewString()[:8], "-", "")
	db := Mongo(t).Database(name)
	t.Cleanup(func() { _ = db.Drop(context.Background()) })
	return db
}
