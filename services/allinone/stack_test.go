package allinone_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"testing"

	"github.com/crmvendas/crm/services/allinone"
	"github.com/crmvendas/crm/services/platform/config"
	"github.com/crmvendas/crm/services/platform/runner"
	"github.com/crmvendas/crm/services/platform/server"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/testkit"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testkit.StopEmulator()
	os.Exit(code)
}

// stackStore is the store of the last fullStack (tests of this package run one at a time).
var stackStore *store.Store

// stackModules are the modules the last fullStack serves: what allinone.Build mounts, the same
// list the crm command serves (the gRPC matrix takes every method from their service descriptors).
var stackModules []server.Module

// fullStack serves every module in-process, on a fresh embedded SQLite store, with the demo
// company seeded.
func fullStack(t testing.TB, viacep string) (*testkit.Stack, *allinone.Services) {
	t.Helper()
	cfg := config.FromEnv()
	cfg.ViaCEPURL = viacep
	cfg.DemoPedidosDias = 0 // the orders have their own tests (services/sales); these need the people and catalogue
	stackStore = testkit.Store(t, "crm")
	env := &runner.Env{Config: cfg, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), SQLite: stackStore, Auth: testkit.AuthClient(t),
		Local: &server.Deferred{}}
	var s *allinone.Services
	mods, res, err := allinone.Build(&s)(context.Background(), env)
	if err != nil {
		t.Fatal(err)
	}
	stackModules = mods
	st := testkit.StartStackLocal(t, res, env.Local, mods...)
	if err := allinone.SeedDemo(context.Background(), s, io.Discard); err != nil {
		t.Fatal(err)
	}
	return st, s
}

// snapshot fingerprints the whole store (every write appends to its feed, claims or frees a
// key, or moves a counter), to prove a refused call wrote nothing: customers and their
// document keys included.
func snapshot(t testing.TB) string { return testkit.Fingerprint(t, stackStore) }

func postJSON(url string, body any, out any) error {
	b, _ := json.Marshal(body)
	resp, err := http.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		data, _ := io.ReadAll(resp.Body)
		return fmt.Errorf("%s: %d %s", url, resp.StatusCode, data)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

func signInAt(t testing.TB, emu, email, password string) string {
	t.Helper()
	var out struct {
		IDToken string `json:"idToken"`
	}
	if err := postJSON("http://"+emu+"/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=x",
		map[string]any{"email": email, "password": password, "returnSecureToken": true}, &out); err != nil {
		t.Fatalf("sign in %s: %v", email, err)
	}
	return out.IDToken
}

func getStatus(t testing.TB, url, token string) int {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// clienteAtivo is an active customer of a seller's portfolio (the demo has blocked and inactive ones).
func clienteAtivo(t testing.TB, st *testkit.Stack, tok, vendedor string) string {
	t.Helper()
	code, body := st.Do(t, "GET", "/crm/clientes?status=ativo&page_size=1&vendedor="+vendedor, tok, nil)
	var r struct {
		Clientes []struct {
			ID string `json:"id"`
		} `json:"clientes"`
	}
	if code != 200 || json.Unmarshal(body, &r) != nil || len(r.Clientes) == 0 {
		t.Fatalf("cliente ativo de %s: %d %s", vendedor, code, body)
	}
	return r.Clientes[0].ID
}
