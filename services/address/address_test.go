package address_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	addressv1 "github.com/crmvendas/crm/proto/gen/go/crm/address/v1"
	"github.com/crmvendas/crm/services/address"
	"github.com/crmvendas/crm/services/operator"
	"github.com/crmvendas/crm/services/platform/testkit"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testkit.StopEmulator()
	os.Exit(code)
}

// fakeViaCEP is the loopback stand-in for the public postal-code service.
type fakeViaCEP struct {
	*httptest.Server
	hits atomic.Int64
}

func newFakeViaCEP(t *testing.T) *fakeViaCEP {
	f := &fakeViaCEP{}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.hits.Add(1)
		switch r.URL.Path {
		case "/ws/01001000/json/":
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.Write([]byte(`{"cep":"01001-000","logradouro":"Praça da Sé","complemento":"lado ímpar","unidade":"","bairro":"Sé","localidade":"São Paulo","uf":"SP","estado":"São Paulo","regiao":"Sudeste","ibge":"3550308","gia":"1004","ddd":"11","siafi":"7107"}`))
		case "/ws/99999999/json/":
			w.Write([]byte(`{"erro": "true"}`))
		case "/ws/88888888/json/":
			w.Write([]byte(`{"erro": true}`))
		case "/ws/50000000/json/":
			w.WriteHeader(500)
		case "/ws/70000000/json/":
			time.Sleep(3 * time.Second)
			w.Write([]byte(`{"cep":"70000-000","localidade":"Brasília","uf":"DF"}`))
		default:
			w.WriteHeader(400)
		}
	}))
	t.Cleanup(f.Close)
	return f
}

func setup(t *testing.T) (*testkit.Stack, *fakeViaCEP, string, string) {
	t.Helper()
	fake := newFakeViaCEP(t)
	op := newOperator(t)
	addr, err := address.New(address.Deps{Store: testkit.Store(t, address.DatabaseName), ViaCEPURL: fake.URL})
	if err != nil {
		t.Fatal(err)
	}
	st := testkit.StartStack(t, op.Resolver(), op.Module(), addr.Module())
	u := testkit.NewUser(t, "vendedor")
	if _, err := op.EnsureOperator(context.Background(), operator.Seed{Empresa: "emp-a", ID: "v-" + uuid.NewString()[:6], Email: u.Email, Nome: "Vendedor", Perfil: "VENDEDOR"}); err != nil {
		t.Fatal(err)
	}
	nobody := testkit.NewUser(t, "semoperador")
	return st, fake, u.Token, nobody.Token
}

// newOperator is the operator service on a store of its own (it resolves the callers).
func newOperator(t *testing.T) *operator.Operator {
	t.Helper()
	op, err := operator.New(operator.Deps{Store: testkit.Store(t, operator.DatabaseName), Auth: testkit.AuthClient(t)})
	if err != nil {
		t.Fatal(err)
	}
	return op
}

func TestConsultarCepREST(t *testing.T) {
	st, fake, tok, nobody := setup(t)
	code, body := st.Do(t, "GET", "/crm/cep/01001-000", tok, nil)
	if code != 200 {
		t.Fatalf("valid: %d %s", code, body)
	}
	var e map[string]any
	json.Unmarshal(body, &e)
	want := map[string]any{"cep": "01001-000", "logradouro": "Praça da Sé", "complemento": "lado ímpar", "bairro": "Sé", "localidade": "São Paulo", "uf": "SP", "ibge": "3550308", "ddd": "11"}
	if len(e) != len(want) {
		t.Fatalf("fields: %s", body)
	}
	for k, v := range want {
		if e[k] != v {
			t.Errorf("%s = %v, want %v", k, e[k], v)
		}
	}
	// Cached: the same CEP (any punctuation) does not reach the upstream again.
	hits := fake.hits.Load()
	for _, c := range []string{"01001000", "01001-000", "01.001-000"} {
		if code, _ := st.Do(t, "GET", "/crm/cep/"+c, tok, nil); code != 200 {
			t.Fatalf("cached %s: %d", c, code)
		}
	}
	if fake.hits.Load() != hits {
		t.Fatalf("cache missed: %d upstream calls", fake.hits.Load()-hits)
	}

	for _, c := range []struct {
		cep, tok string
		want     int
		msg      string
	}{
		{"0100100", tok, 400, "CEP deve ter 8 dígitos"},
		{"010010001", tok, 400, "CEP deve ter 8 dígitos"},
		{"abc", tok, 400, "CEP deve ter 8 dígitos"},
		{"99999-999", tok, 404, "CEP não encontrado"},
		{"88888888", tok, 404, "CEP não encontrado"},
		{"12345678", tok, 404, "CEP não encontrado"},
		{"50000000", tok, 503, "indisponível"},
		{"70000000", tok, 503, "indisponível"},
		{"01001000", "", 401, ""},
		{"01001000", "bad", 401, ""},
		{"01001000", nobody, 403, ""},
	} {
		start := time.Now()
		code, body := st.Do(t, "GET", "/crm/cep/"+c.cep, c.tok, nil)
		if code != c.want || !strings.Contains(string(body), c.msg) {
			t.Errorf("%s: %d %s, want %d %q", c.cep, code, body, c.want, c.msg)
		}
		if c.cep == "70000000" && time.Since(start) > 2800*time.Millisecond {
			t.Errorf("timeout took %v", time.Since(start))
		}
	}
	// A CEP flagged erro is remembered too; a failure is not (the next call asks again).
	hits = fake.hits.Load()
	st.Do(t, "GET", "/crm/cep/99999999", tok, nil)
	if fake.hits.Load() != hits {
		t.Error("not-found answer not cached")
	}
	st.Do(t, "GET", "/crm/cep/50000000", tok, nil)
	if fake.hits.Load() != hits+1 {
		t.Error("failed answer was cached")
	}
}

func TestConsultarCepGRPC(t *testing.T) {
	st, _, tok, _ := setup(t)
	c := addressv1.NewAddressServiceClient(st.Conn)
	e, err := c.ConsultarCep(testkit.Ctx(tok), &addressv1.ConsultarCepRequest{Cep: "01001000"})
	if err != nil || e.Localidade != "São Paulo" || e.Ibge != "3550308" {
		t.Fatalf("grpc: %v %v", e, err)
	}
	for cep, want := range map[string]codes.Code{"123": codes.InvalidArgument, "99999999": codes.NotFound, "50000000": codes.Unavailable} {
		_, err := c.ConsultarCep(testkit.Ctx(tok), &addressv1.ConsultarCepRequest{Cep: cep})
		if status.Code(err) != want {
			t.Errorf("%s: %v, want %v", cep, err, want)
		}
	}
	if _, err := c.ConsultarCep(testkit.Ctx(""), &addressv1.ConsultarCepRequest{Cep: "01001000"}); status.Code(err) != codes.Unauthenticated {
		t.Errorf("no token: %v", err)
	}
}
