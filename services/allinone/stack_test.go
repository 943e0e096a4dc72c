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
	"sort"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/crmvendas/crm/services/allinone"
	"github.com/crmvendas/crm/services/platform/config"
	"github.com/crmvendas/crm/services/platform/runner"
	"github.com/crmvendas/crm/services/platform/server"
	"github.com/crmvendas/crm/services/platform/testkit"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testkit.StopEmulator()
	os.Exit(code)
}

// fullStack serves every module in-process, on the package's embedded FerretDB, with the demo
// company seeded.
func fullStack(t testing.TB, viacep string) (*testkit.Stack, *allinone.Services) {
	t.Helper()
	cfg := config.FromEnv()
	cfg.ViaCEPURL = viacep
	env := &runner.Env{Config: cfg, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Mongo: testkit.Mongo(t), Auth: testkit.AuthClient(t),
		Local: &server.Deferred{}}
	var s *allinone.Services
	mods, res, err := allinone.Build(&s)(context.Background(), env)
	if err != nil {
		t.Fatal(err)
	}
	st := testkit.StartStackLocal(t, res, env.Local, mods...)
	if err := allinone.SeedDemo(context.Background(), s, io.Discard); err != nil {
		t.Fatal(err)
	}
	return st, s
}

// snapshot fingerprints every document of the product's databases, to prove a refused call
// wrote nothing. The customers and their document keys are not read (thousands of demo
// documents, a slow scan on the embedded database): every write of a customer bumps its
// company's generation counter (crm_customer.geracoes), which is read.
func snapshot(t testing.TB) string {
	t.Helper()
	ctx := context.Background()
	c := testkit.Mongo(t)
	var out []string
	for _, dbName := range []string{"crm_operator", "crm_system", "crm_address", "crm_customer"} {
		db := c.Database(dbName)
		cols, err := db.ListCollectionNames(ctx, bson.D{})
		if err != nil {
			t.Fatal(err)
		}
		for _, col := range cols {
			if dbName == "crm_customer" && (col == "clientes" || col == "documentos") {
				continue
			}
			cur, err := db.Collection(col).Find(ctx, bson.D{})
			if err != nil {
				t.Fatal(err)
			}
			var docs []bson.Raw
			if err := cur.All(ctx, &docs); err != nil {
				t.Fatal(err)
			}
			for _, d := range docs {
				out = append(out, dbName+"."+col+":"+d.String())
			}
		}
	}
	sort.Strings(out)
	s := ""
	for _, o := range out {
		s += o + "\n"
	}
	return s
}

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
