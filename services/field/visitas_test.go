package field_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/crmvendas/crm/services/address"
	"github.com/crmvendas/crm/services/customer"
	"github.com/crmvendas/crm/services/field"
	"github.com/crmvendas/crm/services/operator"
	"github.com/crmvendas/crm/services/platform/server"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/testkit"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testkit.StopEmulator()
	os.Exit(code)
}

// env: company A with an ADMIN, a SUPERVISOR whose team is v1, sellers v1 and v2; company B with
// an ADMIN and a seller. The operator, address and customer services run beside field.
type env struct {
	st                 *testkit.Stack
	fld                *field.Field
	store              *store.Store
	ids                map[string]string
	idDe               map[string]string
	admin, sup, v1, v2 string
	adminB, vB         string
}

// Where the test customers are: Praça da Sé, São Paulo.
const latSe, lonSe = -23.5503, -46.6340

func setup(t *testing.T) *env {
	t.Helper()
	st := testkit.Store(t, field.DatabaseName)
	op, err := operator.New(operator.Deps{Store: st.For(operator.DatabaseName), Auth: testkit.AuthClient(t)})
	if err != nil {
		t.Fatal(err)
	}
	local := &server.Deferred{}
	addr, err := address.New(address.Deps{Store: st.For(address.DatabaseName), ViaCEPURL: "http://127.0.0.1:1", OnRegiaoAlterada: customer.RegiaoAlterada(local)})
	if err != nil {
		t.Fatal(err)
	}
	cust, err := customer.New(customer.Deps{Store: st.For(customer.DatabaseName), Address: local, Operator: local})
	if err != nil {
		t.Fatal(err)
	}
	fld, err := field.New(field.Deps{Store: st.For(field.DatabaseName), Customer: local, Sales: local, Operator: local})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{store: st, fld: fld, ids: map[string]string{}, idDe: map[string]string{}}
	e.st = testkit.StartStackLocal(t, op.Resolver(), local, op.Module(), addr.Module(), cust.Module(), fld.Module())
	empA, empB := "a-"+uuid.NewString()[:8], "b-"+uuid.NewString()[:8]
	user := func(empresa, key, perfil string, equipe ...string) string {
		u := testkit.NewUser(t, strings.ToLower(key))
		id := key + "-" + uuid.NewString()[:6]
		for i, m := range equipe {
			equipe[i] = e.ids[m]
		}
		if _, err := op.EnsureOperator(context.Background(), operator.Seed{Empresa: empresa, ID: id, Email: u.Email, Nome: "Operador " + key, Perfil: perfil, Equipe: equipe}); err != nil {
			t.Fatal(err)
		}
		e.ids[key], e.idDe[u.Token] = id, id
		return u.Token
	}
	e.admin = user(empA, "admin", "ADMIN")
	e.v1 = user(empA, "v1", "VENDEDOR")
	e.v2 = user(empA, "v2", "VENDEDOR")
	e.sup = user(empA, "sup", "SUPERVISOR", "v1")
	e.adminB = user(empB, "adminB", "ADMIN")
	e.vB = user(empB, "vB", "VENDEDOR")
	return e
}

var docs = []string{"11222333000181", "11444777000161", "45723174000110", "04252011000110", "33000167000101"}

// cliente creates a customer of tok's seller at Praça da Sé (without coordinates: semCoord).
func (e *env) cliente(t *testing.T, tok string, n int, semCoord bool) string {
	t.Helper()
	id := uuid.NewString()
	end := map[string]any{"tipo": "ENTREGA", "principal": true, "logradouro": "Praça da Sé", "numero": "1", "bairro": "Sé", "ibge": "3550308"}
	if !semCoord {
		end["latitude"], end["longitude"] = latSe, lonSe
	}
	e.do(t, "POST", "/crm/clientes", tok, map[string]any{"id": id, "documento": docs[n], "nome": fmt.Sprintf("Mercado %d", n),
		"vendedor_id": e.idDe[tok], "enderecos": []map[string]any{end}}, 200)
	return id
}

func (e *env) do(t *testing.T, method, path, tok string, body any, want int) map[string]any {
	t.Helper()
	code, b := e.st.Do(t, method, path, tok, body)
	if code != want {
		t.Fatalf("%s %s: %d, esperado %d: %s", method, path, code, want, b)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("json %s: %v", b, err)
	}
	if want >= 400 {
		if msg, _ := m["mensagem"].(string); !strings.Contains(msg, " ") {
			t.Errorf("sem mensagem em português: %s", b)
		}
	}
	return m
}

// checkin at metres north of Praça da Sé, the fix taken idade before now.
func checkin(id, cliente string, metros, precisao float64, idade time.Duration) map[string]any {
	return map[string]any{"id": id, "cliente_id": cliente, "latitude": latSe + metros/111_195.0, "longitude": lonSe,
		"precisao_metros": precisao, "capturado_em": time.Now().Add(-idade).UTC().Format(time.RFC3339Nano)}
}

func TestConfiguracaoVisitas(t *testing.T) {
	e := setup(t)
	c := e.do(t, "GET", "/crm/configuracao-visitas", e.v1, nil, 200)
	if c["raio_metros"] != 200.0 || c["fora_do_raio"] != "avisar" || c["precisao_maxima_metros"] != 100.0 ||
		c["idade_maxima_posicao_segundos"] != 120.0 || c["checkout_automatico_minutos"] != 240.0 || len(c["motivos_sem_venda"].([]any)) < 3 {
		t.Errorf("defaults: %v", c)
	}
	body := map[string]any{"raio_metros": 300, "fora_do_raio": "bloquear", "precisao_maxima_metros": 50, "idade_maxima_posicao_segundos": 60,
		"checkout_automatico_minutos": 90, "motivos_sem_venda": []map[string]any{{"nome": "Loja fechada", "exige_foto": true}}}
	e.do(t, "PUT", "/crm/configuracao-visitas", e.sup, body, 403)
	c = e.do(t, "PUT", "/crm/configuracao-visitas", e.admin, body, 200)
	if c["raio_metros"] != 300.0 || c["motivos_sem_venda"].([]any)[0].(map[string]any)["id"] != "loja-fechada" {
		t.Errorf("set: %v", c)
	}
	// Another company keeps its own defaults.
	if c := e.do(t, "GET", "/crm/configuracao-visitas", e.adminB, nil, 200); c["raio_metros"] != 200.0 {
		t.Errorf("company B sees A's settings: %v", c)
	}
	body["raio_metros"] = 1
	m := e.do(t, "PUT", "/crm/configuracao-visitas", e.admin, body, 400)
	if !strings.Contains(fmt.Sprint(m["campos"]), "raio_metros") {
		t.Errorf("bad radius: %v", m)
	}
}

func TestCheckinVereditoEReenvio(t *testing.T) {
	e := setup(t)
	cli := e.cliente(t, e.v1, 0, false)
	v := e.do(t, "POST", "/crm/visitas/checkin", e.v1, checkin("vis-1", cli, 50, 12, 10*time.Second), 200)
	if v["veredito"] != "verificado" || v["status"] != "em_andamento" || v["vendedor_id"] != e.ids["v1"] || v["cliente_nome"] != "Mercado 0" {
		t.Fatalf("check-in: %v", v)
	}
	if d := v["distancia_metros"].(float64); d < 45 || d > 60 {
		t.Errorf("distância %v, want ~50 (plus the address's offset)", d)
	}
	if v["recebido_em"] == nil || v["inicio"] == nil {
		t.Errorf("times: %v", v)
	}
	// The outbox sends it again: the first visit, unchanged.
	again := e.do(t, "POST", "/crm/visitas/checkin", e.v1, checkin("vis-1", cli, 50, 12, 10*time.Second), 200)
	if again["versao"] != v["versao"] || again["recebido_em"] != v["recebido_em"] {
		t.Errorf("replay changed the visit: %v vs %v", again, v)
	}
	// Out of the radius (warned), stale, inaccurate, no fix.
	cases := []struct {
		body     map[string]any
		veredito string
	}{
		{checkin("vis-2", cli, 900, 12, 0), "fora_do_raio"},
		{checkin("vis-3", cli, 10, 12, 10*time.Minute), "localizacao_antiga"},
		{checkin("vis-4", cli, 10, 400, 0), "precisao_insuficiente"},
		{map[string]any{"id": "vis-5", "cliente_id": cli}, "sem_localizacao"},
	}
	for _, c := range cases {
		v := e.do(t, "POST", "/crm/visitas/checkin", e.v1, c.body, 200)
		if v["veredito"] != c.veredito || v["aviso"] == "" {
			t.Errorf("%s: %v", c.veredito, v)
		}
	}
	// Each check-in closed the one before it: only the last is open.
	l := e.do(t, "GET", "/crm/visitas?cliente_id="+cli, e.v1, nil, 200)
	abertas := 0
	for _, x := range l["visitas"].([]any) {
		x := x.(map[string]any)
		if x["status"] == "em_andamento" {
			abertas++
			if x["id"] != "vis-5" {
				t.Errorf("open: %v", x["id"])
			}
		} else if x["checkout_automatico"] != true {
			t.Errorf("closed without checkout_automatico: %v", x)
		}
	}
	if abertas != 1 || len(l["visitas"].([]any)) != 5 {
		t.Errorf("list: %d open of %d", abertas, len(l["visitas"].([]any)))
	}
	// The company blocks out of the radius: refused in pt-BR, nothing written.
	e.do(t, "PUT", "/crm/configuracao-visitas", e.admin, map[string]any{"raio_metros": 200, "fora_do_raio": "bloquear", "precisao_maxima_metros": 100,
		"idade_maxima_posicao_segundos": 120, "checkout_automatico_minutos": 240}, 200)
	m := e.do(t, "POST", "/crm/visitas/checkin", e.v1, checkin("vis-6", cli, 900, 12, 0), 400)
	if m["motivo"] != "CHECKIN_FORA_DO_RAIO" || !strings.Contains(m["mensagem"].(string), "200 m") {
		t.Errorf("blocked: %v", m)
	}
	e.do(t, "GET", "/crm/visitas/vis-6", e.v1, nil, 404)
	if v := e.do(t, "GET", "/crm/visitas/vis-5", e.v1, nil, 200); v["status"] != "em_andamento" {
		t.Errorf("a refused check-in closed the open visit: %v", v)
	}
}

func TestCheckoutEEscopo(t *testing.T) {
	e := setup(t)
	cli1 := e.cliente(t, e.v1, 0, false)
	cli2 := e.cliente(t, e.v2, 1, false)
	e.do(t, "POST", "/crm/visitas/checkin", e.v1, checkin("v1-a", cli1, 20, 10, 0), 200)
	e.do(t, "POST", "/crm/visitas/checkin", e.v2, checkin("v2-a", cli2, 20, 10, 0), 200)
	// A seller never checks in at another seller's customer.
	e.do(t, "POST", "/crm/visitas/checkin", e.v2, checkin("v2-b", cli1, 20, 10, 0), 403)
	// Check-out: a reason is required for sem_venda, one of the list; only the visit's seller.
	m := e.do(t, "POST", "/crm/visitas/v1-a/checkout", e.v1, map[string]any{"resultado": "sem_venda"}, 400)
	if !strings.Contains(fmt.Sprint(m["campos"]), "motivo_id") {
		t.Errorf("no reason: %v", m)
	}
	e.do(t, "POST", "/crm/visitas/v1-a/checkout", e.v1, map[string]any{"resultado": "sem_venda", "motivo_id": "loja-fechada"}, 400) // needs a photo
	e.do(t, "POST", "/crm/visitas/v1-a/checkout", e.sup, map[string]any{"resultado": "outro"}, 403)
	e.do(t, "POST", "/crm/visitas/v1-a/checkout", e.v2, map[string]any{"resultado": "outro"}, 403)
	v := e.do(t, "POST", "/crm/visitas/v1-a/checkout", e.v1, map[string]any{"resultado": "sem_venda", "motivo_id": "estoque-cheio", "observacao": "volta na sexta"}, 200)
	if v["status"] != "concluida" || v["motivo_nome"] != "Cliente com estoque cheio" || v["fim"] == nil {
		t.Errorf("checkout: %v", v)
	}
	m = e.do(t, "POST", "/crm/visitas/v1-a/checkout", e.v1, map[string]any{"resultado": "outro"}, 409)
	if m["motivo"] != "VISITA_ENCERRADA" {
		t.Errorf("twice: %v", m)
	}
	// Scope: VENDEDOR own, SUPERVISOR the team's, ADMIN all.
	ids := func(tok, q string) string {
		l := e.do(t, "GET", "/crm/visitas"+q, tok, nil, 200)
		var out []string
		for _, x := range l["visitas"].([]any) {
			out = append(out, x.(map[string]any)["id"].(string))
		}
		return strings.Join(out, ",")
	}
	if got := ids(e.v1, ""); got != "v1-a" {
		t.Errorf("v1 sees %s", got)
	}
	if got := ids(e.sup, ""); got != "v1-a" {
		t.Errorf("supervisor sees %s", got)
	}
	if got := ids(e.admin, ""); got != "v2-a,v1-a" {
		t.Errorf("admin sees %s", got)
	}
	e.do(t, "GET", "/crm/visitas?vendedor_id="+e.ids["v2"], e.sup, nil, 403)
	e.do(t, "GET", "/crm/visitas/v2-a", e.sup, nil, 403)
	hoje := time.Now().In(time.FixedZone("BRT", -3*3600)).Format(time.DateOnly)
	if got := ids(e.admin, "?de="+hoje+"&ate="+hoje+"&vendedor_id="+e.ids["v2"]); got != "v2-a" {
		t.Errorf("admin by day and seller: %s", got)
	}
	if got := ids(e.admin, "?ate=2020-01-01"); got != "" {
		t.Errorf("before 2020: %s", got)
	}
	e.do(t, "GET", "/crm/visitas?de=ontem", e.admin, nil, 400)
	// Keyset pages.
	l := e.do(t, "GET", "/crm/visitas?page_size=1", e.admin, nil, 200)
	if len(l["visitas"].([]any)) != 1 || l["next_page_token"] == "" {
		t.Fatalf("page 1: %v", l)
	}
	l2 := e.do(t, "GET", "/crm/visitas?page_size=1&page_token="+l["next_page_token"].(string), e.admin, nil, 200)
	if len(l2["visitas"].([]any)) != 1 || l2["visitas"].([]any)[0].(map[string]any)["id"] == l["visitas"].([]any)[0].(map[string]any)["id"] {
		t.Errorf("page 2: %v", l2)
	}
	// The feed: the seller's own.
	f := e.do(t, "GET", "/crm/visitas/alteracoes", e.v2, nil, 200)
	if alt := f["alteracoes"].([]any); len(alt) != 1 || alt[0].(map[string]any)["id"] != "v2-a" {
		t.Errorf("v2's feed: %v", f)
	}
}

// TestVisitasOutraEmpresa: another company's operators neither read nor write a company's visits.
func TestVisitasOutraEmpresa(t *testing.T) {
	e := setup(t)
	cli := e.cliente(t, e.v1, 0, false)
	e.do(t, "POST", "/crm/visitas/checkin", e.v1, checkin("emp-a", cli, 20, 10, 0), 200)
	for _, tok := range []string{e.adminB, e.vB} {
		e.do(t, "GET", "/crm/visitas/emp-a", tok, nil, 403)
		e.do(t, "POST", "/crm/visitas/emp-a/checkout", tok, map[string]any{"resultado": "outro"}, 403)
		e.do(t, "POST", "/crm/visitas/checkin", tok, checkin("emp-b", cli, 20, 10, 0), 403) // A's customer
		if l := e.do(t, "GET", "/crm/visitas", tok, nil, 200); len(l["visitas"].([]any)) != 0 {
			t.Errorf("B lists A's visits: %v", l)
		}
		if f := e.do(t, "GET", "/crm/visitas/alteracoes", tok, nil, 200); len(f["alteracoes"].([]any)) != 0 {
			t.Errorf("B's feed has A's visits: %v", f)
		}
	}
	e.do(t, "POST", "/crm/visitas/emp-a/aceitar-coordenadas", e.adminB, map[string]any{}, 403)
	// The same id replayed by B is not A's visit.
	e.do(t, "POST", "/crm/visitas/checkin", e.vB, checkin("emp-a", cli, 20, 10, 0), 403)
	if v := e.do(t, "GET", "/crm/visitas/emp-a", e.v1, nil, 200); v["status"] != "em_andamento" {
		t.Errorf("A's visit changed: %v", v)
	}
}

func TestCoordenadasPropostas(t *testing.T) {
	e := setup(t)
	cli := e.cliente(t, e.v1, 0, true)
	v := e.do(t, "POST", "/crm/visitas/checkin", e.v1, checkin("coord-1", cli, 0, 8, 0), 200)
	if v["veredito"] != "endereco_sem_coordenadas" || v["coordenadas_propostas"] != true || v["distancia_metros"] != nil {
		t.Fatalf("no coordinates: %v", v)
	}
	// A verified check-in at an address with coordinates proposes nothing.
	e.do(t, "POST", "/crm/visitas/checkin", e.v1, checkin("coord-0", e.cliente(t, e.v1, 1, false), 20, 8, 0), 200)
	// The proposals to accept: only coord-1, for the ADMIN (and in the caller's scope); none for
	// another company's ADMIN.
	propostas := func(tok string) []string {
		var ids []string
		for _, x := range e.do(t, "GET", "/crm/visitas?coordenadas_propostas=true", tok, nil, 200)["visitas"].([]any) {
			ids = append(ids, x.(map[string]any)["id"].(string))
		}
		return ids
	}
	if p := propostas(e.admin); fmt.Sprint(p) != "[coord-1]" {
		t.Fatalf("proposals: %v", p)
	}
	if p := propostas(e.adminB); len(p) != 0 {
		t.Errorf("another company's ADMIN sees the proposals: %v", p)
	}
	if p := propostas(e.v2); len(p) != 0 {
		t.Errorf("another seller sees v1's proposals: %v", p)
	}
	e.do(t, "POST", "/crm/visitas/coord-1/aceitar-coordenadas", e.sup, map[string]any{}, 403)
	e.do(t, "POST", "/crm/visitas/coord-1/aceitar-coordenadas", e.adminB, map[string]any{}, 403)
	v = e.do(t, "POST", "/crm/visitas/coord-1/aceitar-coordenadas", e.admin, map[string]any{}, 200)
	if v["coordenadas_aceitas"] != true {
		t.Errorf("accepted: %v", v)
	}
	if p := propostas(e.admin); len(p) != 0 {
		t.Errorf("an accepted proposal is still listed: %v", p)
	}
	// The next check-in there is judged on them.
	v = e.do(t, "POST", "/crm/visitas/checkin", e.v1, checkin("coord-2", cli, 30, 8, 0), 200)
	if v["veredito"] != "verificado" {
		t.Errorf("after accepting: %v", v)
	}
}

// TestCheckoutAutomatico: an open visit is closed by the server at the company's time limit.
func TestCheckoutAutomatico(t *testing.T) {
	e := setup(t)
	cli := e.cliente(t, e.v1, 0, false)
	e.do(t, "POST", "/crm/visitas/checkin", e.v1, checkin("auto-1", cli, 20, 10, 0), 200)
	if n, err := e.fld.EncerrarVisitasVencidas(context.Background(), time.Now().Add(239*time.Minute)); err != nil || n != 0 {
		t.Fatalf("before the limit: %d %v", n, err)
	}
	if v := e.do(t, "GET", "/crm/visitas/auto-1", e.v1, nil, 200); v["status"] != "em_andamento" {
		t.Fatalf("closed before the limit: %v", v)
	}
	if n, err := e.fld.EncerrarVisitasVencidas(context.Background(), time.Now().Add(6*time.Hour)); err != nil || n != 1 {
		t.Fatalf("after the limit: %d %v", n, err)
	}
	v := e.do(t, "GET", "/crm/visitas/auto-1", e.v1, nil, 200)
	if v["status"] != "concluida" || v["checkout_automatico"] != true || v["duracao_minutos"] != 240.0 {
		t.Errorf("automatic check-out: %v", v)
	}
	e.do(t, "POST", "/crm/visitas/auto-1/checkout", e.v1, map[string]any{"resultado": "outro"}, 409)
}
