package system_test

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/wrapperspb"

	systemv1 "github.com/crmvendas/crm/proto/gen/go/crm/system/v1"
	"github.com/crmvendas/crm/services/operator"
	"github.com/crmvendas/crm/services/platform/store"
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
	st    *store.Store
	sys   *system.System
	grpc  systemv1.SystemServiceClient
}

type member struct{ ID, UID, Token, Empresa string }

func setup(t *testing.T) *env {
	t.Helper()
	op, err := operator.New(operator.Deps{Store: testkit.Store(t, operator.DatabaseName), Auth: testkit.AuthClient(t)})
	if err != nil {
		t.Fatal(err)
	}
	st := testkit.Store(t, system.DatabaseName)
	sys, err := system.New(system.Deps{Store: st, DefaultVersion: "1.0.0", DefaultAndroidURL: "https://play.example.com/app", DefaultWebURL: "/"})
	if err != nil {
		t.Fatal(err)
	}
	stack := testkit.StartStack(t, op.Resolver(), op.Module(), sys.Module())
	return &env{stack: stack, op: op, st: st, sys: sys, grpc: systemv1.NewSystemServiceClient(stack.Conn)}
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

// fingerprint identifies the system store's content: equal before and after a call when it
// wrote nothing (SQLite only; empty on the MongoDB backend, where the check is skipped).
func (e *env) fingerprint(t *testing.T) string { return testkit.Fingerprint(t, e.st) }

// motivo is the reason of a REST error body.
func motivo(t *testing.T, body []byte) string {
	t.Helper()
	var eb struct {
		Mensagem string `json:"mensagem"`
		Motivo   string `json:"motivo"`
	}
	if err := json.Unmarshal(body, &eb); err != nil || eb.Mensagem == "" {
		t.Fatalf("error body without mensagem: %s", body)
	}
	return eb.Motivo
}

// The version answer carries the company's name, so the app shows it instead of the id.
func TestVersaoNomeEmpresa(t *testing.T) {
	e := setup(t)
	vend := e.add(t, "emp-a", "VENDEDOR")
	other := e.add(t, "emp-b", "VENDEDOR")
	nome := func(m member) string {
		t.Helper()
		code, body := e.stack.Do(t, "POST", "/crm/sistema/versao", m.Token, map[string]any{"empresa": m.Empresa, "tipo": "web"})
		var v map[string]any
		if code != 200 || json.Unmarshal(body, &v) != nil {
			t.Fatalf("versao: %d %s", code, body)
		}
		return v["nome_empresa"].(string)
	}
	if got := nome(vend); got != "" {
		t.Fatalf("no company record: nome_empresa %q", got)
	}
	if _, err := e.sys.EnsureCompany(context.Background(), "emp-a", "Distribuidora A"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.sys.EnsureCompany(context.Background(), "emp-b", "Atacado B"); err != nil {
		t.Fatal(err)
	}
	if got := nome(vend); got != "Distribuidora A" {
		t.Fatalf("nome_empresa %q, want Distribuidora A", got)
	}
	if got := nome(other); got != "Atacado B" {
		t.Fatalf("other company: nome_empresa %q", got)
	}
	r, err := e.grpc.ObterVersao(testkit.Ctx(vend.Token), &systemv1.ObterVersaoRequest{Empresa: "emp-a", Tipo: "android"})
	if err != nil || r.GetNomeEmpresa() != "Distribuidora A" {
		t.Fatalf("gRPC: %v %v", r, err)
	}
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
		if code == 403 && motivo(t, body) != "FORA_DO_ESCOPO" {
			t.Errorf("%s: motivo %s", c.name, body)
		}
	}

	// ADMIN sets the android policy; a VENDEDOR can't, and another company's ADMIN doesn't see it.
	policy := map[string]any{"versao_atual": "2.3.0", "versao_minima": "2.0.0", "url_atualizacao": "https://loja.example.com/crm", "mensagem": "Atualize para continuar."}
	before := e.fingerprint(t)
	if code, body := e.stack.Do(t, "PUT", "/crm/sistema/versoes/android", vend.Token, policy); code != 403 {
		t.Errorf("vendedor sets version: %d %s", code, body)
	}
	if e.fingerprint(t) != before {
		t.Fatal("refused call wrote")
	}
	if code, body := e.stack.Do(t, "PUT", "/crm/sistema/versoes/android", admin.Token, map[string]any{"versao_atual": "1.0", "versao_minima": "2.0"}); code != 400 || !strings.Contains(string(body), "versão mínima") {
		t.Errorf("min > current: %d %s", code, body)
	}
	if code, body := e.stack.Do(t, "PUT", "/crm/sistema/versoes/android", admin.Token, policy); code != 200 || !strings.Contains(string(body), `"personalizada":true`) || !strings.Contains(string(body), `"versao":"1"`) {
		t.Fatalf("admin sets version: %d %s", code, body)
	}
	// The same policy again writes nothing; a change is versao 2.
	before = e.fingerprint(t)
	if code, body := e.stack.Do(t, "PUT", "/crm/sistema/versoes/android", admin.Token, policy); code != 200 || !strings.Contains(string(body), `"versao":"1"`) || e.fingerprint(t) != before {
		t.Fatalf("same policy again: %d %s", code, body)
	}
	changed := map[string]any{}
	for k, v := range policy {
		changed[k] = v
	}
	changed["versao_atual"] = "2.4.0"
	if code, body := e.stack.Do(t, "PUT", "/crm/sistema/versoes/android", admin.Token, changed); code != 200 || !strings.Contains(string(body), `"versao":"2"`) {
		t.Fatalf("changed policy: %d %s", code, body)
	}
	if code, body := e.stack.Do(t, "PUT", "/crm/sistema/versoes/android", admin.Token, policy); code != 200 || !strings.Contains(string(body), `"versao":"3"`) {
		t.Fatalf("policy back: %d %s", code, body)
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
	before := e.fingerprint(t)
	bad := func(k string, v any) map[string]any {
		m := map[string]any{}
		for a, b := range ok {
			m[a] = b
		}
		m[k] = v
		return m
	}
	for _, c := range []struct {
		name   string
		token  string
		body   any
		want   int
		motivo string
	}{
		{"latitude out of range", vend.Token, bad("latitude", 91), 400, "DADOS_INVALIDOS"},
		{"longitude out of range", vend.Token, bad("longitude", -180.5), 400, "DADOS_INVALIDOS"},
		{"oversized historico", vend.Token, bad("historico", strings.Repeat("x", 2001)), 400, "DADOS_INVALIDOS"},
		{"missing empresa", vend.Token, bad("empresa", ""), 400, "DADOS_INVALIDOS"},
		{"other company", vend.Token, bad("empresa", "emp-b"), 403, "FORA_DO_ESCOPO"},
		{"other operator", vend.Token, bad("operador", vend2.ID), 403, "FORA_DO_ESCOPO"},
		{"other company's operator", otherAdmin.Token, bad("empresa", "emp-b"), 403, "FORA_DO_ESCOPO"},
		{"other company admin", otherAdmin.Token, ok, 403, "FORA_DO_ESCOPO"},
		{"no token", "", ok, 401, "NAO_AUTENTICADO"},
		{"bad token", "x", ok, 401, "NAO_AUTENTICADO"},
	} {
		code, body := e.stack.Do(t, "POST", "/crm/sistema/logacesso", c.token, c.body)
		if code != c.want || motivo(t, body) != c.motivo {
			t.Errorf("%s: %d %s", c.name, code, body)
		}
	}
	if e.fingerprint(t) != before {
		t.Fatal("refused calls wrote")
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

// The access log is paginated: page_token walks it newest first without repeating or skipping,
// page_size is capped at 200, and the filters hold across pages.
func TestLogAcessoPages(t *testing.T) {
	e := setup(t)
	v1 := e.add(t, "emp-a", "VENDEDOR")
	v2 := e.add(t, "emp-a", "VENDEDOR")
	admin := e.add(t, "emp-a", "ADMIN")
	const n1, n2 = 150, 60
	// Interleave the two sellers' entries.
	var ids1, ids2 int
	for ids1 < n1 || ids2 < n2 {
		m := v1
		if ids2 < n2 && (ids1 >= n1 || (ids1+ids2)%3 == 0) {
			m, ids2 = v2, ids2+1
		} else {
			ids1++
		}
		if _, err := e.grpc.RegistrarAcesso(testkit.Ctx(m.Token), &systemv1.RegistrarAcessoRequest{Empresa: "emp-a", Operador: m.ID, Historico: "h", Localizacao: "l"}); err != nil {
			t.Fatal(err)
		}
	}
	type acesso struct {
		ID           string    `json:"id"`
		Operador     string    `json:"operador"`
		RegistradoEm time.Time `json:"registrado_em"`
	}
	list := func(query string) ([]acesso, string) {
		t.Helper()
		code, body := e.stack.Do(t, "GET", "/crm/sistema/logacesso?"+query, admin.Token, nil)
		var page struct {
			Acessos       []acesso `json:"acessos"`
			NextPageToken string   `json:"next_page_token"`
		}
		if code != 200 || json.Unmarshal(body, &page) != nil {
			t.Fatalf("%s: %d %s", query, code, body)
		}
		return page.Acessos, page.NextPageToken
	}
	all := func(query string) []acesso {
		t.Helper()
		var out []acesso
		tok := ""
		for pages := 0; ; pages++ {
			if pages > 300 {
				t.Fatalf("%s: no end", query)
			}
			q := query
			if tok != "" {
				q += "&page_token=" + tok
			}
			items, next := list(q)
			out = append(out, items...)
			if next == "" {
				return out
			}
			tok = next
		}
	}
	check := func(name string, got []acesso, want int, operador string) {
		t.Helper()
		seen := map[string]bool{}
		for i, a := range got {
			if seen[a.ID] {
				t.Fatalf("%s: %s twice", name, a.ID)
			}
			seen[a.ID] = true
			if operador != "" && a.Operador != operador {
				t.Fatalf("%s: entry of %s", name, a.Operador)
			}
			if i > 0 && a.RegistradoEm.After(got[i-1].RegistradoEm) {
				t.Fatalf("%s: not newest first at %d: %s after %s", name, i, a.RegistradoEm, got[i-1].RegistradoEm)
			}
		}
		if len(got) != want {
			t.Fatalf("%s: %d entries, want %d", name, len(got), want)
		}
	}

	// Default page: 50; above the maximum: 200.
	if items, next := list(""); len(items) != 50 || next == "" {
		t.Fatalf("default page: %d %q", len(items), next)
	}
	first, next := list("page_size=1000")
	if len(first) != 200 || next == "" {
		t.Fatalf("capped page: %d %q", len(first), next)
	}
	rest, last := list("page_size=1000&page_token=" + next)
	if len(rest) != n1+n2-200 || last != "" {
		t.Fatalf("second page: %d %q", len(rest), last)
	}
	check("capped pages", append(first, rest...), n1+n2, "")
	check("pages of 7", all("page_size=7"), n1+n2, "")
	check("one seller, pages of 9", all("page_size=9&operador="+v2.ID), n2, v2.ID)
	// A period: from the 20th entry on (inclusive) until the 10th newest (exclusive).
	newestFirst := append(first, rest...)
	de, ate := newestFirst[len(newestFirst)-20].RegistradoEm, newestFirst[9].RegistradoEm
	want := 0
	for _, a := range newestFirst {
		if !a.RegistradoEm.Before(de) && a.RegistradoEm.Before(ate) {
			want++
		}
	}
	if want < 150 {
		t.Fatalf("period of %d entries", want)
	}
	check("period, pages of 11", all("page_size=11&de="+de.Format(time.RFC3339Nano)+"&ate="+ate.Format(time.RFC3339Nano)), want, "")
	// A token that is not one is 400.
	code, body := e.stack.Do(t, "GET", "/crm/sistema/logacesso?page_token=%7B%7D", admin.Token, nil)
	if code != 400 || motivo(t, body) != "DADOS_INVALIDOS" {
		t.Errorf("bad token: %d %s", code, body)
	}
}
