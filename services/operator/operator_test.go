package operator_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/google/uuid"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	operatorv1 "github.com/crmvendas/crm/proto/gen/go/crm/operator/v1"
	"github.com/crmvendas/crm/services/operator"
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
	db    *mongo.Database
	grpc  operatorv1.OperatorServiceClient
}

type member struct {
	ID, UID, Email, Token, Empresa string
}

func setup(t *testing.T) *env {
	t.Helper()
	db := testkit.DB(t, "op")
	op := operator.New(operator.Deps{DB: db, Auth: testkit.AuthClient(t)})
	st := testkit.StartStack(t, op.Resolver(), op.Module())
	return &env{stack: st, op: op, db: db, grpc: operatorv1.NewOperatorServiceClient(st.Conn)}
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

func (e *env) count(t *testing.T) int64 {
	n, err := e.db.Collection("operadores").CountDocuments(context.Background(), bson.D{})
	if err != nil {
		t.Fatal(err)
	}
	return n
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
	before := e.count(t)

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
	if e.count(t) != before {
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
	// Retried create: same operator, nothing duplicated.
	code, resp2 := e.stack.Do(t, "POST", "/crm/operadores", admin.Token, body)
	if code != 200 || e.count(t) != before+1 {
		t.Fatalf("retry: %d %s (count %d)", code, resp2, e.count(t))
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

	// Another company's admin can't see, edit or deactivate it.
	for _, c := range []struct{ method, path string }{
		{"GET", "/crm/operadores/" + clientID},
		{"PATCH", "/crm/operadores/" + clientID},
		{"POST", "/crm/operadores/" + clientID + "/desativar"},
	} {
		var b any
		if c.method == "PATCH" {
			b = map[string]any{"nome_operador": "Invadido"}
		}
		if code, resp := e.stack.Do(t, c.method, c.path, otherAdmin.Token, b); code != 404 && code != 403 {
			t.Errorf("other company %s %s: %d %s", c.method, c.path, code, resp)
		}
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
