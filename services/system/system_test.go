package system_test

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/wrapperspb"

	systemv1 "github.com/crmvendas/crm/proto/gen/go/crm/system/v1"
	"github.com/crmvendas/crm/services/operator"
	"github.com/crmvendas/crm/services/platform/testkit"
	"github.com/crmvendas/crm/services/system"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testkit.StopEmulator()
	os.Exit(code)
}

type env struct {
	stack *testkit.Stack
	op    *operator.Operator
	db    *mongo.Database
	grpc  systemv1.SystemServiceClient
}

type member struct{ ID, UID, Token, Empresa string }

func setup(t *testing.T) *env {
	t.Helper()
	opdb := testkit.DB(t, "op")
	db := testkit.DB(t, "sys")
	op := operator.New(operator.Deps{DB: opdb, Auth: testkit.AuthClient(t)})
	sys := system.New(system.Deps{DB: db, DefaultVersion: "1.0.0", DefaultAndroidURL: "https://play.example.com/app", DefaultWebURL: "/"})
	st := testkit.StartStack(t, op.Resolver(), op.Module(), sys.Module())
	return &env{stack: st, op: op, db: db, grpc: systemv1.NewSystemServiceClient(st.Conn)}
}

func (e *env) add(t *testing.T, empresa, perfil string) member {
	t.Helper()
	u := testkit.NewUser(t, strings.ToLower(perfil))
	id := "op-" + uuid.NewString()[:8]
	if _, err := e.op.EnsureOperator(context.Background(), operator.Seed{Empresa: empresa, ID: id, Email: u.Email, Nome: "Op " + id, Perfil: perfil}); err != nil {
		t.Fatal(err)
	}
	return member{ID: id, UID: u.UID, Token: u.Token, Empresa: empresa}
}

func (e *env) count(t *testing.T, col string) int64 {
	n, err := e.db.Collection(col).CountDocuments(context.Background(), bson.D{})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestVersao(t *testing.T) {
	e := setup(t)
	vend := e.add(t, "emp-a", "VENDEDOR")
	admin := e.add(t, "emp-a", "ADMIN")
	otherAdmin := e.add(t, "emp-b", "ADMIN")

	code, body := e.stack.Do(t, "POST", "/crm/sistema/versao", vend.Token, map[string]any{"empresa": "emp-a", "tipo": "android"})
	if code != 200 {
		t.Fatalf("versao: %d %s", code, body)
	}
	var v map[string]any
	json.Unmarshal(body, &v)
	if v["versao_atual"] != "1.0.0" || v["versao_minima"] != "1.0.0" || v["atualizacao_obrigatoria"] != false || v["url_atualizacao"] != "https://play.example.com/app" {
		t.Fatalf("defaults: %s", body)
	}
	for _, c := range []struct {
		name  string
		token string
		body  any
		want  int
		msg   string
	}{
		{"missing empresa", vend.Token, map[string]any{"tipo": "web"}, 400, "Informe a empresa."},
		{"bad tipo", vend.Token, map[string]any{"empresa": "emp-a", "tipo": "ios"}, 400, "Tipo inválido"},
		{"other company", vend.Token, map[string]any{"empresa": "emp-b", "tipo": "web"}, 403, "outra empresa"},
		{"empresa as number", vend.Token, `{"empresa": 12, "tipo": "web"}`, 400, ""},
		{"unknown field", vend.Token, `{"empresa": "emp-a", "tipo": "web", "x": 1}`, 400, ""},
		{"no token", "", map[string]any{"empresa": "emp-a", "tipo": "web"}, 401, ""},
		{"bad token", "nope", map[string]any{"empresa": "emp-a", "tipo": "web"}, 401, ""},
	} {
		code, body := e.stack.Do(t, "POST", "/crm/sistema/versao", c.token, c.body)
		if code != c.want || !strings.Contains(string(body), c.msg) {
			t.Errorf("%s: %d %s", c.name, code, body)
		}
	}

	// ADMIN sets the android policy; a VENDEDOR can't, and another company's ADMIN doesn't see it.
	policy := map[string]any{"versao_atual": "2.3.0", "versao_minima": "2.0.0", "url_atualizacao": "https://loja.example.com/crm", "mensagem": "Atualize para continuar."}
	if code, body := e.stack.Do(t, "PUT", "/crm/sistema/versoes/android", vend.Token, policy); code != 403 {
		t.Errorf("vendedor sets version: %d %s", code, body)
	}
	if e.count(t, "versoes") != 0 {
		t.Fatal("refused call wrote")
	}
	if code, body := e.stack.Do(t, "PUT", "/crm/sistema/versoes/android", admin.Token, map[string]any{"versao_atual": "1.0", "versao_minima": "2.0"}); code != 400 || !strings.Contains(string(body), "versão mínima") {
		t.Errorf("min > current: %d %s", code, body)
	}
	if code, body := e.stack.Do(t, "PUT", "/crm/sistema/versoes/android", admin.Token, policy); code != 200 || !strings.Contains(string(body), `"personalizada":true`) {
		t.Fatalf("admin sets version: %d %s", code, body)
	}
	code, body = e.stack.Do(t, "POST", "/crm/sistema/versao", vend.Token, map[string]any{"empresa": "emp-a", "tipo": "android", "versao_app": "1.9.9"})
	json.Unmarshal(body, &v)
	if code != 200 || v["versao_atual"] != "2.3.0" || v["atualizacao_obrigatoria"] != true || v["mensagem"] != "Atualize para continuar." {
		t.Fatalf("after policy: %d %s", code, body)
	}
	code, body = e.stack.Do(t, "GET", "/crm/sistema/versoes", otherAdmin.Token, nil)
	if code != 200 || strings.Contains(string(body), "2.3.0") {
		t.Fatalf("other company sees policy: %d %s", code, body)
	}

	// gRPC path, same checks.
	resp, err := e.grpc.ObterVersao(testkit.Ctx(vend.Token), &systemv1.ObterVersaoRequest{Empresa: "emp-a", Tipo: "web"})
	if err != nil || resp.VersaoAtual != "1.0.0" {
		t.Fatalf("grpc versao: %v %v", resp, err)
	}
	for name, c := range map[string]struct {
		tok     string
		empresa string
		code    codes.Code
	}{"no token": {"", "emp-a", codes.Unauthenticated}, "other company": {vend.Token, "emp-b", codes.PermissionDenied}, "missing empresa": {vend.Token, "", codes.InvalidArgument}} {
		_, err := e.grpc.ObterVersao(testkit.Ctx(c.tok), &systemv1.ObterVersaoRequest{Empresa: c.empresa, Tipo: "web"})
		if status.Code(err) != c.code {
			t.Errorf("grpc %s: %v", name, err)
		}
	}
}

func TestLogAcesso(t *testing.T) {
	e := setup(t)
	vend := e.add(t, "emp-a", "VENDEDOR")
	vend2 := e.add(t, "emp-a", "VENDEDOR")
	admin := e.add(t, "emp-a", "ADMIN")
	otherAdmin := e.add(t, "emp-b", "ADMIN")

	ok := map[string]any{"empresa": "emp-a", "operador": vend.ID, "historico": "Login pelo app", "localizacao": "São Paulo, SP", "latitude": -23.55, "longitude": -46.63}
	code, body := e.stack.Do(t, "POST", "/crm/sistema/logacesso", vend.Token, ok)
	if code != 200 || !strings.Contains(string(body), "registrado_em") {
		t.Fatalf("log: %d %s", code, body)
	}
	nulls := map[string]any{"empresa": "emp-a", "operador": vend.ID, "historico": "Login", "localizacao": "desconhecida", "latitude": nil, "longitude": nil}
	if code, body := e.stack.Do(t, "POST", "/crm/sistema/logacesso", vend.Token, nulls); code != 200 {
		t.Fatalf("log with null coordinates: %d %s", code, body)
	}
	if e.count(t, "acessos") != 2 {
		t.Fatal("expected 2 entries")
	}
	bad := func(k string, v any) map[string]any {
		m := map[string]any{}
		for a, b := range ok {
			m[a] = b
		}
		m[k] = v
		return m
	}
	for _, c := range []struct {
		name  string
		token string
		body  any
		want  int
	}{
		{"latitude out of range", vend.Token, bad("latitude", 91), 400},
		{"longitude out of range", vend.Token, bad("longitude", -180.5), 400},
		{"oversized historico", vend.Token, bad("historico", strings.Repeat("x", 2001)), 400},
		{"missing empresa", vend.Token, bad("empresa", ""), 400},
		{"other company", vend.Token, bad("empresa", "emp-b"), 403},
		{"other operator", vend.Token, bad("operador", vend2.ID), 403},
		{"other company admin", otherAdmin.Token, ok, 403},
		{"no token", "", ok, 401},
		{"bad token", "x", ok, 401},
	} {
		code, body := e.stack.Do(t, "POST", "/crm/sistema/logacesso", c.token, c.body)
		if code != c.want {
			t.Errorf("%s: %d %s", c.name, code, body)
		}
	}
	if n := e.count(t, "acessos"); n != 2 {
		t.Fatalf("refused calls wrote: %d entries", n)
	}

	// gRPC: the peer address and user agent are recorded.
	_, err := e.grpc.RegistrarAcesso(testkit.Ctx(vend2.Token), &systemv1.RegistrarAcessoRequest{Empresa: "emp-a", Operador: vend2.ID,
		Historico: "grpc", Localizacao: "desconhecida", Latitude: wrapperspb.Double(10), Longitude: wrapperspb.Double(20)})
	if err != nil {
		t.Fatal(err)
	}

	// ADMIN lists, filters and pages; others can't.
	if code, _ := e.stack.Do(t, "GET", "/crm/sistema/logacesso", vend.Token, nil); code != 403 {
		t.Errorf("vendedor lists: %d", code)
	}
	code, body = e.stack.Do(t, "GET", "/crm/sistema/logacesso", otherAdmin.Token, nil)
	if code != 200 || strings.Contains(string(body), vend.ID) {
		t.Errorf("other company lists: %d %s", code, body)
	}
	var page struct {
		Acessos       []map[string]any `json:"acessos"`
		NextPageToken string           `json:"next_page_token"`
	}
	code, body = e.stack.Do(t, "GET", "/crm/sistema/logacesso?page_size=2", admin.Token, nil)
	json.Unmarshal(body, &page)
	if code != 200 || len(page.Acessos) != 2 || page.NextPageToken == "" || page.Acessos[0]["operador"] != vend2.ID {
		t.Fatalf("page 1: %d %s", code, body)
	}
	first := page.Acessos[0]
	if first["ip"] != "127.0.0.1" || !strings.Contains(first["user_agent"].(string), "grpc-go") || first["uid"] != vend2.UID || first["latitude"] != 10.0 {
		t.Errorf("recorded metadata: %v", first)
	}
	second := page.Acessos[1]
	if second["latitude"] != nil || second["ip"] != "127.0.0.1" || !strings.Contains(second["user_agent"].(string), "Go-http-client") {
		t.Errorf("REST entry: %v", second)
	}
	code, body = e.stack.Do(t, "GET", "/crm/sistema/logacesso?page_size=2&page_token="+page.NextPageToken, admin.Token, nil)
	json.Unmarshal(body, &page)
	if code != 200 || len(page.Acessos) != 1 || page.NextPageToken != "" {
		t.Fatalf("page 2: %d %s", code, body)
	}
	code, body = e.stack.Do(t, "GET", "/crm/sistema/logacesso?operador="+vend.ID, admin.Token, nil)
	json.Unmarshal(body, &page)
	if code != 200 || len(page.Acessos) != 2 {
		t.Fatalf("filter by operator: %d %s", code, body)
	}
	future := time.Now().Add(time.Hour).UTC().Format(time.RFC3339)
	code, body = e.stack.Do(t, "GET", "/crm/sistema/logacesso?de="+future, admin.Token, nil)
	json.Unmarshal(body, &page)
	if code != 200 || len(page.Acessos) != 0 {
		t.Fatalf("filter by period: %d %s", code, body)
	}
	if code, body := e.stack.Do(t, "GET", "/crm/sistema/logacesso?page_token=lixo", admin.Token, nil); code != 400 {
		t.Errorf("bad token: %d %s", code, body)
	}
}
