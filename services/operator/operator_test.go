package operator_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	operatorv1 "github.com/crmvendas/crm/proto/gen/go/crm/operator/v1"
	"github.com/crmvendas/crm/services/operator"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/testkit"
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
	grpc  operatorv1.OperatorServiceClient
}

type member struct {
	ID, UID, Email, Token, Empresa string
}

func setup(t *testing.T) *env { return setupTTL(t, 0) }

// setupTTL starts the service with a caller cache of ttl (0: none).
func setupTTL(t *testing.T, ttl time.Duration) *env {
	t.Helper()
	st := testkit.Store(t, operator.DatabaseName)
	op, err := operator.New(operator.Deps{Store: st, Auth: testkit.AuthClient(t), CacheTTL: ttl})
	if err != nil {
		t.Fatal(err)
	}
	stack := testkit.StartStack(t, op.Resolver(), op.Module())
	return &env{stack: stack, op: op, st: st, grpc: operatorv1.NewOperatorServiceClient(stack.Conn)}
}

// add creates an operator of empresa with a signed-in Firebase user.
func (e *env) add(t *testing.T, empresa, perfil string, equipe ...string) member {
	t.Helper()
	u := testkit.NewUser(t, strings.ToLower(perfil))
	id := "op-" + uuid.NewString()[:8]
	uid, err := e.op.EnsureOperator(context.Background(), operator.Seed{Empresa: empresa, ID: id, Email: u.Email, Nome: "Operador " + id, Perfil: perfil, Equipe: equipe})
	if err != nil {
		t.Fatal(err)
	}
	if uid != u.UID {
		t.Fatalf("uid %s != %s", uid, u.UID)
	}
	return member{ID: id, UID: uid, Email: u.Email, Token: u.Token, Empresa: empresa}
}

// fingerprint identifies the store's content: equal before and after a call when it wrote
// nothing (SQLite only; empty on the MongoDB backend, where the check is skipped).
func (e *env) fingerprint(t *testing.T) string { return testkit.Fingerprint(t, e.st) }

// errBody decodes a REST error body.
func errBody(t *testing.T, body []byte) (mensagem, motivo string) {
	t.Helper()
	var eb struct {
		Mensagem string `json:"mensagem"`
		Motivo   string `json:"motivo"`
	}
	if err := json.Unmarshal(body, &eb); err != nil {
		t.Fatalf("error body not JSON: %s", body)
	}
	return eb.Mensagem, eb.Motivo
}

func TestInfoOperadorREST(t *testing.T) {
	e := setup(t)
	vend := e.add(t, "emp-a", "VENDEDOR")
	admin := e.add(t, "emp-a", "ADMIN")
	otherAdmin := e.add(t, "emp-b", "ADMIN")
	vend2 := e.add(t, "emp-a", "VENDEDOR")
	nobody := testkit.NewUser(t, "semoperador")

	code, body := e.stack.Do(t, "GET", "/crm/info/operador/"+vend.UID, vend.Token, nil)
	if code != 200 {
		t.Fatalf("own info: %d %s", code, body)
	}
	var list []map[string]any
	if err := json.Unmarshal(body, &list); err != nil {
		t.Fatalf("not an array: %s", body)
	}
	want := map[string]any{"empresa": "emp-a", "id": vend.ID, "nome_operador": "Operador " + vend.ID, "perfil_app": "VENDEDOR", "exibir_medida": false}
	if len(list) != 1 || len(list[0]) != len(want) {
		t.Fatalf("got %s", body)
	}
	for k, v := range want {
		if list[0][k] != v {
			t.Errorf("%s = %v, want %v", k, list[0][k], v)
		}
	}

	// A uid without operator reading itself: an empty array.
	code, body = e.stack.Do(t, "GET", "/crm/info/operador/"+nobody.UID, nobody.Token, nil)
	if code != 200 || strings.TrimSpace(string(body)) != "[]" {
		t.Fatalf("no operator: %d %s", code, body)
	}

	cases := []struct {
		name, uid, token string
		want             int
	}{
		{"vendedor reads another seller", vend2.UID, vend.Token, 403},
		{"no operator reads someone", vend.UID, nobody.Token, 403},
		{"admin reads own company", vend.UID, admin.Token, 200},
		{"admin reads another company", vend.UID, otherAdmin.Token, 403},
		{"admin reads unknown uid", nobody.UID, admin.Token, 403},
		{"no token", vend.UID, "", 401},
		{"malformed token", vend.UID, "abc.def", 401},
		{"expired token", vend.UID, testkit.UnsignedToken(vend.UID, map[string]any{"exp": 1600000000, "iat": 1599990000, "auth_time": 1599990000}), 401},
		{"other project token", vend.UID, testkit.UnsignedToken(vend.UID, map[string]any{"aud": "outro-projeto", "iss": "https://securetoken.google.com/outro-projeto"}), 401},
	}
	for _, c := range cases {
		code, body := e.stack.Do(t, "GET", "/crm/info/operador/"+c.uid, c.token, nil)
		if code != c.want {
			t.Errorf("%s: got %d %s, want %d", c.name, code, body, c.want)
		}
		if code >= 400 {
			var eb map[string]any
			if json.Unmarshal(body, &eb) != nil || eb["mensagem"] == "" {
				t.Errorf("%s: error body without mensagem: %s", c.name, body)
			}
		}
	}
}

func TestInfoOperadorGRPC(t *testing.T) {
	e := setup(t)
	vend := e.add(t, "emp-a", "VENDEDOR")
	other := e.add(t, "emp-a", "VENDEDOR")
	resp, err := e.grpc.ObterInfoOperador(testkit.Ctx(vend.Token), &operatorv1.ObterInfoOperadorRequest{Id: vend.UID})
	if err != nil || len(resp.Operadores) != 1 || resp.Operadores[0].Id != vend.ID {
		t.Fatalf("own info: %v %v", resp, err)
	}
	for name, c := range map[string]struct {
		token, uid string
		code       codes.Code
	}{
		"no token":      {"", vend.UID, codes.Unauthenticated},
		"bad token":     {"x.y.z", vend.UID, codes.Unauthenticated},
		"other seller":  {vend.Token, other.UID, codes.PermissionDenied},
		"expired token": {testkit.UnsignedToken(vend.UID, map[string]any{"exp": 1600000000, "iat": 1599990000}), vend.UID, codes.Unauthenticated},
	} {
		_, err := e.grpc.ObterInfoOperador(testkit.Ctx(c.token), &operatorv1.ObterInfoOperadorRequest{Id: c.uid})
		if status.Code(err) != c.code {
			t.Errorf("%s: got %v, want %v", name, err, c.code)
		}
	}
}

func TestOperatorAdministration(t *testing.T) {
	e := setup(t)
	admin := e.add(t, "emp-a", "ADMIN")
	vend := e.add(t, "emp-a", "VENDEDOR")
	otherAdmin := e.add(t, "emp-b", "ADMIN")
	before := e.fingerprint(t)

	newEmail := "novo-" + uuid.NewString()[:8] + "@teste.example.com"
	body := map[string]any{"email": newEmail, "nome_operador": "Novo Vendedor", "perfil_app": "VENDEDOR", "exibir_medida": true, "senha": "segredo123"}

	// Refused callers write nothing.
	for name, tok := range map[string]string{"vendedor": vend.Token, "no token": "", "bad token": "zzz"} {
		code, resp := e.stack.Do(t, "POST", "/crm/operadores", tok, body)
		if code != 403 && code != 401 {
			t.Errorf("%s create: %d %s", name, code, resp)
		}
	}
	// An empresa of another company in the body is unknown here: the request shape is strict.
	code, resp := e.stack.Do(t, "POST", "/crm/operadores", admin.Token, map[string]any{"email": newEmail, "empresa": "emp-b"})
	if code != 400 {
		t.Errorf("unknown field: %d %s", code, resp)
	}
	if e.fingerprint(t) != before {
		t.Fatal("a refused create wrote")
	}

	// Validation: every problem named in pt-BR.
	code, resp = e.stack.Do(t, "POST", "/crm/operadores", admin.Token, map[string]any{"email": "invalido", "perfil_app": "GERENTE"})
	if code != 400 || !strings.Contains(string(resp), "E-mail inválido") || !strings.Contains(string(resp), "Perfil inválido") {
		t.Errorf("validation: %d %s", code, resp)
	}

	clientID := uuid.NewString()
	body["id"] = clientID
	code, resp = e.stack.Do(t, "POST", "/crm/operadores", admin.Token, body)
	if code != 200 {
		t.Fatalf("create: %d %s", code, resp)
	}
	var created map[string]any
	json.Unmarshal(resp, &created)
	if created["id"] != clientID || created["empresa"] != "emp-a" || created["ativo"] != true || created["exibir_medida"] != true {
		t.Fatalf("created: %s", resp)
	}
	// Retried create: same operator, nothing written.
	afterCreate := e.fingerprint(t)
	code, resp2 := e.stack.Do(t, "POST", "/crm/operadores", admin.Token, body)
	var again map[string]any
	json.Unmarshal(resp2, &again)
	if code != 200 || again["uid"] != created["uid"] || again["versao"] != created["versao"] || e.fingerprint(t) != afterCreate {
		t.Fatalf("retry: %d %s", code, resp2)
	}
	// The Firebase user exists and can sign in with the given password.
	tok := testkit.SignIn(t, newEmail, "segredo123")
	code, resp = e.stack.Do(t, "GET", "/crm/info/operador/"+created["uid"].(string), tok, nil)
	if code != 200 || !strings.Contains(string(resp), clientID) {
		t.Fatalf("new operator info: %d %s", code, resp)
	}
	// Same e-mail again with another id: conflict.
	body["id"] = uuid.NewString()
	if code, resp = e.stack.Do(t, "POST", "/crm/operadores", admin.Token, body); code != 409 {
		t.Errorf("duplicate e-mail: %d %s", code, resp)
	}

	// Another company's admin can't see, edit or deactivate it: 403 FORA_DO_ESCOPO, nothing
	// written.
	beforeOther := e.fingerprint(t)
	for _, c := range []struct{ method, path string }{
		{"GET", "/crm/operadores/" + clientID},
		{"PATCH", "/crm/operadores/" + clientID},
		{"POST", "/crm/operadores/" + clientID + "/desativar"},
	} {
		var b any
		if c.method == "PATCH" {
			b = map[string]any{"nome_operador": "Invadido"}
		}
		code, resp := e.stack.Do(t, c.method, c.path, otherAdmin.Token, b)
		if _, motivo := errBody(t, resp); code != 403 || motivo != "FORA_DO_ESCOPO" {
			t.Errorf("other company %s %s: %d %s", c.method, c.path, code, resp)
		}
	}
	if e.fingerprint(t) != beforeOther {
		t.Fatal("a call of another company wrote")
	}

	// Supervisor with a team.
	code, resp = e.stack.Do(t, "PATCH", "/crm/operadores/"+clientID, admin.Token, map[string]any{"perfil_app": "SUPERVISOR", "equipe": map[string]any{"operadores": []string{vend.ID}}})
	if code != 200 || !strings.Contains(string(resp), vend.ID) {
		t.Fatalf("make supervisor: %d %s", code, resp)
	}
	code, resp = e.stack.Do(t, "PATCH", "/crm/operadores/"+clientID, admin.Token, map[string]any{"equipe": map[string]any{"operadores": []string{"nao-existe"}}})
	if code != 400 {
		t.Errorf("unknown team member: %d %s", code, resp)
	}
	// The supervisor (new token after the role change) sees the team in the list.
	code, resp = e.stack.Do(t, "GET", "/crm/operadores", tok, nil)
	if code != 200 || !strings.Contains(string(resp), vend.ID) || strings.Contains(string(resp), admin.ID) {
		t.Errorf("supervisor list: %d %s", code, resp)
	}
	// ADMIN lists everyone of the company, never another company's.
	code, resp = e.stack.Do(t, "GET", "/crm/operadores?page_size=2", admin.Token, nil)
	var page struct {
		Operadores    []map[string]any `json:"operadores"`
		NextPageToken string           `json:"next_page_token"`
	}
	json.Unmarshal(resp, &page)
	if code != 200 || len(page.Operadores) != 2 || page.NextPageToken == "" {
		t.Fatalf("admin list page 1: %d %s", code, resp)
	}
	code, resp = e.stack.Do(t, "GET", "/crm/operadores?page_size=2&page_token="+page.NextPageToken, admin.Token, nil)
	var page2 struct {
		Operadores []map[string]any `json:"operadores"`
	}
	json.Unmarshal(resp, &page2)
	if code != 200 || len(page2.Operadores) != 1 || strings.Contains(string(resp), otherAdmin.ID) {
		t.Fatalf("admin list page 2: %d %s", code, resp)
	}

	// Deactivation applies from the next request on.
	if code, resp := e.stack.Do(t, "GET", "/crm/operadores/eu", vend.Token, nil); code != 200 {
		t.Fatalf("before deactivation: %d %s", code, resp)
	}
	if code, resp := e.stack.Do(t, "POST", "/crm/operadores/"+vend.ID+"/desativar", admin.Token, nil); code != 200 || !strings.Contains(string(resp), `"ativo":false`) {
		t.Fatalf("deactivate: %d %s", code, resp)
	}
	if code, resp := e.stack.Do(t, "GET", "/crm/info/operador/"+vend.UID, vend.Token, nil); code != 403 || !strings.Contains(string(resp), "desativado") {
		t.Fatalf("deactivated call: %d %s", code, resp)
	}
	if code, _ := e.stack.Do(t, "POST", "/crm/operadores/"+admin.ID+"/desativar", admin.Token, nil); code != 400 {
		t.Errorf("self deactivation: %d", code)
	}
	if code, _ := e.stack.Do(t, "POST", "/crm/operadores/"+vend.ID+"/reativar", admin.Token, nil); code != 200 {
		t.Errorf("reactivate: %d", code)
	}
	if code, _ := e.stack.Do(t, "GET", "/crm/info/operador/"+vend.UID, vend.Token, nil); code != 200 {
		t.Errorf("reactivated call: %d", code)
	}
}

func TestBodyLimitsAndRoutes(t *testing.T) {
	e := setup(t)
	admin := e.add(t, "emp-a", "ADMIN")
	big := `{"email":"` + strings.Repeat("a", 1<<20) + `"}`
	if code, _ := e.stack.Do(t, "POST", "/crm/operadores", admin.Token, big); code != http.StatusRequestEntityTooLarge {
		t.Errorf("big body: %d", code)
	}
	if code, _ := e.stack.Do(t, "POST", "/crm/operadores", admin.Token, "{not json"); code != 400 {
		t.Errorf("bad json: %d", code)
	}
	if code, _ := e.stack.Do(t, "GET", "/crm/nao-existe", admin.Token, nil); code != 404 {
		t.Errorf("unknown route: %d", code)
	}
}

// getOp reads an operator over REST as token and returns the status and the decoded body.
func (e *env) getOp(t *testing.T, token, id string) (int, map[string]any, []byte) {
	t.Helper()
	code, body := e.stack.Do(t, "GET", "/crm/operadores/"+id, token, nil)
	var m map[string]any
	json.Unmarshal(body, &m)
	return code, m, body
}

// versaoOf reads versao from a JSON operator (an int64: a string in proto JSON).
func versaoOf(m map[string]any) int64 {
	n, _ := strconv.ParseInt(fmt.Sprint(m["versao"]), 10, 64)
	return n
}

func TestRoleScopeAndOtherCompany(t *testing.T) {
	e := setup(t)
	admin := e.add(t, "emp-a", "ADMIN")
	inTeam := e.add(t, "emp-a", "VENDEDOR")
	outTeam := e.add(t, "emp-a", "VENDEDOR")
	sup := e.add(t, "emp-a", "SUPERVISOR", inTeam.ID)
	otherAdmin := e.add(t, "emp-b", "ADMIN")

	for _, c := range []struct {
		name, token, id string
		want            int
		motivo          string
	}{
		{"admin reads a seller", admin.Token, outTeam.ID, 200, ""},
		{"supervisor reads a team member", sup.Token, inTeam.ID, 200, ""},
		{"supervisor reads themself", sup.Token, sup.ID, 200, ""},
		{"supervisor reads outside the team", sup.Token, outTeam.ID, 403, "FORA_DO_ESCOPO"},
		{"supervisor reads the admin", sup.Token, admin.ID, 403, "FORA_DO_ESCOPO"},
		{"seller reads themself", inTeam.Token, inTeam.ID, 200, ""},
		{"seller reads another seller", inTeam.Token, outTeam.ID, 403, "FORA_DO_ESCOPO"},
		{"another company's id", otherAdmin.Token, inTeam.ID, 403, "FORA_DO_ESCOPO"},
		{"another company's admin id", admin.Token, otherAdmin.ID, 403, "FORA_DO_ESCOPO"},
		{"unknown id", admin.Token, "nao-existe", 404, "NAO_ENCONTRADO"},
	} {
		code, m, body := e.getOp(t, c.token, c.id)
		if code != c.want {
			t.Errorf("%s: %d %s", c.name, code, body)
			continue
		}
		if code != 200 {
			if msg, motivo := errBody(t, body); motivo != c.motivo || msg == "" {
				t.Errorf("%s: motivo %q mensagem %q, want %s", c.name, motivo, msg, c.motivo)
			}
		} else if m["id"] != c.id {
			t.Errorf("%s: got %s", c.name, body)
		}
	}
	// gRPC: the same refusal carries the reason in ErrorInfo.
	_, err := e.grpc.ObterOperador(testkit.Ctx(otherAdmin.Token), &operatorv1.ObterOperadorRequest{Id: inTeam.ID})
	if status.Code(err) != codes.PermissionDenied || !strings.Contains(fmt.Sprint(status.Convert(err).Details()), "FORA_DO_ESCOPO") {
		t.Errorf("grpc other company: %v", err)
	}

	// The supervisor's list is themself and their team; a seller can't list.
	code, body := e.stack.Do(t, "GET", "/crm/operadores?incluir_inativos=true", sup.Token, nil)
	var page struct {
		Operadores []map[string]any `json:"operadores"`
	}
	json.Unmarshal(body, &page)
	got := map[any]bool{}
	for _, o := range page.Operadores {
		got[o["id"]] = true
	}
	if code != 200 || len(got) != 2 || !got[sup.ID] || !got[inTeam.ID] {
		t.Errorf("supervisor list: %d %s", code, body)
	}
	if code, body := e.stack.Do(t, "GET", "/crm/operadores", inTeam.Token, nil); code != 403 {
		t.Errorf("seller list: %d %s", code, body)
	}
	// Search by name or e-mail, accent-insensitive.
	code, body = e.stack.Do(t, "GET", "/crm/operadores?q="+strings.ToUpper(outTeam.ID), admin.Token, nil)
	json.Unmarshal(body, &page)
	if code != 200 || len(page.Operadores) != 1 || page.Operadores[0]["id"] != outTeam.ID {
		t.Errorf("search: %d %s", code, body)
	}
}

func TestUpdateVersao(t *testing.T) {
	e := setup(t)
	admin := e.add(t, "emp-a", "ADMIN")
	vend := e.add(t, "emp-a", "VENDEDOR")
	_, cur, _ := e.getOp(t, admin.Token, vend.ID)
	v := versaoOf(cur)

	code, body := e.stack.Do(t, "PATCH", "/crm/operadores/"+vend.ID, admin.Token, map[string]any{"nome_operador": "Nome Novo", "versao": v})
	var up map[string]any
	json.Unmarshal(body, &up)
	if code != 200 || up["nome_operador"] != "Nome Novo" || versaoOf(up) != v+1 {
		t.Fatalf("update with current versao: %d %s", code, body)
	}
	// The stale versao is refused and writes nothing.
	before := e.fingerprint(t)
	code, body = e.stack.Do(t, "PATCH", "/crm/operadores/"+vend.ID, admin.Token, map[string]any{"nome_operador": "Perdido", "versao": v})
	if msg, motivo := errBody(t, body); code != 409 || motivo != "VERSAO_DESATUALIZADA" || msg == "" {
		t.Fatalf("stale versao: %d %s", code, body)
	}
	if e.fingerprint(t) != before {
		t.Fatal("a stale update wrote")
	}
	if _, now, _ := e.getOp(t, admin.Token, vend.ID); now["nome_operador"] != "Nome Novo" || versaoOf(now) != v+1 {
		t.Fatalf("after stale update: %v", now)
	}
	// gRPC: the same conflict.
	_, err := e.grpc.AtualizarOperador(testkit.Ctx(admin.Token), &operatorv1.AtualizarOperadorRequest{Id: vend.ID, Versao: v, ExibirMedida: new(bool)})
	if status.Code(err) != codes.AlreadyExists || !strings.Contains(fmt.Sprint(status.Convert(err).Details()), "VERSAO_DESATUALIZADA") {
		t.Errorf("grpc stale versao: %v", err)
	}
	// An update that changes nothing writes nothing (versao 0: whatever is current).
	code, body = e.stack.Do(t, "PATCH", "/crm/operadores/"+vend.ID, admin.Token, map[string]any{"nome_operador": " Nome Novo "})
	json.Unmarshal(body, &up)
	if code != 200 || versaoOf(up) != v+1 || e.fingerprint(t) != before {
		t.Fatalf("no-op update: %d %s", code, body)
	}
	// Deactivating twice writes once.
	if code, body := e.stack.Do(t, "POST", "/crm/operadores/"+vend.ID+"/desativar", admin.Token, nil); code != 200 {
		t.Fatalf("deactivate: %d %s", code, body)
	}
	after := e.fingerprint(t)
	if code, body := e.stack.Do(t, "POST", "/crm/operadores/"+vend.ID+"/desativar", admin.Token, nil); code != 200 || e.fingerprint(t) != after {
		t.Fatalf("deactivate again: %d %s", code, body)
	}
	// An inactive operator is listed only on request.
	_, body = e.stack.Do(t, "GET", "/crm/operadores", admin.Token, nil)
	if strings.Contains(string(body), vend.ID) {
		t.Errorf("inactive listed: %s", body)
	}
	_, body = e.stack.Do(t, "GET", "/crm/operadores?incluir_inativos=true", admin.Token, nil)
	if !strings.Contains(string(body), vend.ID) {
		t.Errorf("inactive not listed on request: %s", body)
	}
}

// A write in this process applies from the next request on, even with a long caller cache.
func TestCallerCacheDroppedOnWrite(t *testing.T) {
	e := setupTTL(t, time.Hour)
	admin := e.add(t, "emp-a", "ADMIN")
	vend := e.add(t, "emp-a", "VENDEDOR")
	if code, body := e.stack.Do(t, "GET", "/crm/operadores/eu", vend.Token, nil); code != 200 || !strings.Contains(string(body), `"perfil_app":"VENDEDOR"`) {
		t.Fatalf("cached caller: %d %s", code, body)
	}
	if code, body := e.stack.Do(t, "PATCH", "/crm/operadores/"+vend.ID, admin.Token, map[string]any{"perfil_app": "SUPERVISOR"}); code != 200 {
		t.Fatalf("promote: %d %s", code, body)
	}
	if code, body := e.stack.Do(t, "GET", "/crm/operadores/eu", vend.Token, nil); code != 200 || !strings.Contains(string(body), `"perfil_app":"SUPERVISOR"`) {
		t.Fatalf("after promotion: %d %s", code, body)
	}
	if code, body := e.stack.Do(t, "POST", "/crm/operadores/"+vend.ID+"/desativar", admin.Token, nil); code != 200 {
		t.Fatalf("deactivate: %d %s", code, body)
	}
	if code, body := e.stack.Do(t, "GET", "/crm/operadores", vend.Token, nil); code != 403 || !strings.Contains(string(body), "desativado") {
		t.Fatalf("deactivated caller: %d %s", code, body)
	}
}

// The seed (EnsureOperator) run again on an operator as described writes nothing; a changed
// description is applied.
func TestEnsureOperatorAgain(t *testing.T) {
	e := setup(t)
	admin := e.add(t, "emp-a", "ADMIN")
	seed := operator.Seed{Empresa: "emp-a", ID: admin.ID, Email: admin.Email, Nome: "Operador " + admin.ID, Perfil: "ADMIN"}
	before := e.fingerprint(t)
	if uid, err := e.op.EnsureOperator(context.Background(), seed); err != nil || uid != admin.UID {
		t.Fatalf("again: %v %s", err, uid)
	}
	if e.fingerprint(t) != before {
		t.Fatal("the same seed wrote")
	}
	seed.Nome = "Administração"
	if _, err := e.op.EnsureOperator(context.Background(), seed); err != nil {
		t.Fatal(err)
	}
	if code, body := e.stack.Do(t, "GET", "/crm/operadores/eu", admin.Token, nil); code != 200 || !strings.Contains(string(body), "Administração") {
		t.Fatalf("changed seed: %d %s", code, body)
	}
	if ok, err := e.op.Exists(context.Background(), "emp-a", admin.ID); !ok || err != nil {
		t.Fatalf("Exists: %v %v", ok, err)
	}
	if ok, err := e.op.Exists(context.Background(), "emp-b", admin.ID); ok || err != nil {
		t.Fatalf("Exists in another company: %v %v", ok, err)
	}
	if uid, err := e.op.UID(context.Background(), "emp-a", admin.ID); uid != admin.UID || err != nil {
		t.Fatalf("UID: %s %v", uid, err)
	}
}
