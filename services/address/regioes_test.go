package address_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	addressv1 "github.com/crmvendas/crm/proto/gen/go/crm/address/v1"
	"github.com/crmvendas/crm/services/address"
	"github.com/crmvendas/crm/services/address/internal/adapters"
	"github.com/crmvendas/crm/services/operator"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/testkit"
)

type regEnv struct {
	st                            *testkit.Stack
	data                          *store.Store
	addr                          *address.Address
	hook                          *fakeHook
	log                           *syncBuffer
	adminA, vendA, adminB, nobody string
}

// fakeHook records the calls of Deps.OnRegiaoAlterada (and fails when told to).
type fakeHook struct {
	mu    sync.Mutex
	calls []hookCall
	fail  error
}

type hookCall struct{ id, empresa string }

func (h *fakeHook) call(ctx context.Context, id string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	empresa := ""
	if c := caller.From(ctx); c != nil {
		empresa = c.Empresa
	}
	h.calls = append(h.calls, hookCall{id, empresa})
	return h.fail
}

// take returns the calls since the last take.
func (h *fakeHook) take() []hookCall {
	h.mu.Lock()
	defer h.mu.Unlock()
	c := h.calls
	h.calls = nil
	return c
}

func (h *fakeHook) failWith(err error) {
	h.mu.Lock()
	h.fail = err
	h.mu.Unlock()
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

func setupRegioes(t *testing.T) *regEnv {
	t.Helper()
	op := newOperator(t)
	e := &regEnv{data: testkit.Store(t, address.DatabaseName), hook: &fakeHook{}, log: &syncBuffer{}}
	var err error
	e.addr, err = address.New(address.Deps{Store: e.data, ViaCEPURL: "http://127.0.0.1:1", OnRegiaoAlterada: e.hook.call,
		Log: slog.New(slog.NewJSONHandler(e.log, nil))})
	if err != nil {
		t.Fatal(err)
	}
	e.st = testkit.StartStack(t, op.Resolver(), op.Module(), e.addr.Module())
	user := func(empresa, perfil string) string {
		u := testkit.NewUser(t, strings.ToLower(perfil))
		if _, err := op.EnsureOperator(context.Background(), operator.Seed{Empresa: empresa, ID: perfil[:1] + "-" + uuid.NewString()[:6], Email: u.Email, Nome: perfil, Perfil: perfil}); err != nil {
			t.Fatal(err)
		}
		return u.Token
	}
	e.adminA, e.vendA, e.adminB = user("emp-a", "ADMIN"), user("emp-a", "VENDEDOR"), user("emp-b", "ADMIN")
	e.nobody = testkit.NewUser(t, "semoperador").Token
	return e
}

type cidadeJSON struct{ IBGE, Nome, UF string }

type cidadesJSON struct {
	Cidades []struct {
		IBGE string `json:"ibge"`
		Nome string `json:"nome"`
		UF   string `json:"uf"`
	} `json:"cidades"`
	Next string `json:"next_page_token"`
}

func getCidades(t *testing.T, st *testkit.Stack, tok, query string) cidadesJSON {
	t.Helper()
	code, body := st.Do(t, "GET", "/crm/cidades?"+query, tok, nil)
	if code != 200 {
		t.Fatalf("cidades?%s: %d %s", query, code, body)
	}
	var out cidadesJSON
	if err := json.Unmarshal(body, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestUfsCidadesREST(t *testing.T) {
	e := setupRegioes(t)
	code, body := e.st.Do(t, "GET", "/crm/ufs", e.vendA, nil)
	var ufs struct {
		Ufs []map[string]string `json:"ufs"`
	}
	if err := json.Unmarshal(body, &ufs); code != 200 || err != nil || len(ufs.Ufs) != 27 {
		t.Fatalf("ufs: %d %s", code, body)
	}
	if u := ufs.Ufs[0]; len(u) != 3 || u["sigla"] != "AC" || u["nome"] != "Acre" || u["ibge"] != "12" {
		t.Errorf("first uf: %v", u)
	}
	for i := 1; i < len(ufs.Ufs); i++ {
		if ufs.Ufs[i-1]["sigla"] >= ufs.Ufs[i]["sigla"] {
			t.Errorf("ufs out of order at %d", i)
		}
	}

	// Every page of MT at the default page size: 142 municipalities, Boa Esperança do Norte
	// among them, each once.
	seen := map[string]bool{}
	pages, tok := 0, ""
	var prev string
	for {
		q := "uf=MT"
		if tok != "" {
			q += "&page_token=" + url.QueryEscape(tok)
		}
		p := getCidades(t, e.st, e.vendA, q)
		pages++
		if len(p.Cidades) > 50 {
			t.Fatalf("page of %d", len(p.Cidades))
		}
		for _, c := range p.Cidades {
			if c.UF != "MT" || seen[c.IBGE] || len(c.IBGE) != 7 {
				t.Fatalf("bad or repeated city: %+v", c)
			}
			seen[c.IBGE] = true
			if prev != "" && strings.ToLower(prev) > strings.ToLower(c.Nome) && !strings.ContainsAny(prev+c.Nome, "ÁÂÃÉÍÓÚáâãéíóúç") {
				t.Errorf("order: %s > %s", prev, c.Nome)
			}
			prev = c.Nome
		}
		if tok = p.Next; tok == "" {
			break
		}
	}
	if len(seen) != 142 || pages != 3 || !seen["5101837"] {
		t.Errorf("MT: %d cities in %d pages, Boa Esperança do Norte %v", len(seen), pages, seen["5101837"])
	}
	if p := getCidades(t, e.st, e.vendA, "uf=mt&page_size=200"); len(p.Cidades) != 142 || p.Next != "" {
		t.Errorf("MT page_size 200: %d %q", len(p.Cidades), p.Next)
	}
	if p := getCidades(t, e.st, e.vendA, "page_size=1000"); len(p.Cidades) != 200 || p.Next == "" {
		t.Errorf("page_size over max: %d", len(p.Cidades))
	}
	if p := getCidades(t, e.st, e.vendA, ""); len(p.Cidades) != 50 || p.Next == "" {
		t.Errorf("default page: %d", len(p.Cidades))
	}
	// Accent-less, case-insensitive search.
	p := getCidades(t, e.st, e.vendA, "q="+url.QueryEscape("SAO JOAO")+"&page_size=200")
	found := false
	for _, c := range p.Cidades {
		found = found || (c.Nome == "São João del Rei" && c.UF == "MG" && c.IBGE == "3162500")
	}
	if !found {
		t.Errorf("sao joao: %+v", p.Cidades)
	}
	if p := getCidades(t, e.st, e.vendA, "q=boa+esperanca+do+norte"); len(p.Cidades) != 1 || p.Cidades[0].IBGE != "5101837" || p.Cidades[0].UF != "MT" {
		t.Errorf("boa esperanca do norte: %+v", p.Cidades)
	}
	if p := getCidades(t, e.st, e.vendA, "q=3550308"); len(p.Cidades) != 1 || p.Cidades[0].Nome != "São Paulo" {
		t.Errorf("q code: %+v", p.Cidades)
	}
	if p := getCidades(t, e.st, e.vendA, "ibge=4106902&ibge=3550308&ibge=3106200"); len(p.Cidades) != 3 || p.Cidades[0].Nome != "Belo Horizonte" || p.Cidades[1].Nome != "Curitiba" {
		t.Errorf("ibge: %+v", p.Cidades)
	}
	if p := getCidades(t, e.st, e.vendA, "uf=SP&q=campinas"); len(p.Cidades) != 1 || p.Cidades[0].IBGE != "3509502" {
		t.Errorf("uf+q: %+v", p.Cidades)
	}

	for _, c := range []struct {
		q, tok string
		want   int
		msg    string
	}{
		{"uf=XX", e.vendA, 400, "UF inválida: use a sigla de um dos 27 estados, por exemplo SP."},
		{"uf=SaoPaulo", e.vendA, 400, "UF inválida"},
		{"page_token=nao-e-um-token!", e.vendA, 400, "page_token inválido"},
		{"ibge=123", e.vendA, 400, "Código IBGE inválido"},
		{"uf=SP", "", 401, ""},
		{"uf=SP", "bad", 401, ""},
		{"uf=SP", e.nobody, 403, ""},
	} {
		code, body := e.st.Do(t, "GET", "/crm/cidades?"+c.q, c.tok, nil)
		if code != c.want || !strings.Contains(string(body), c.msg) {
			t.Errorf("%s: %d %s, want %d %q", c.q, code, body, c.want, c.msg)
		}
	}
	if code, _ := e.st.Do(t, "GET", "/crm/ufs", "", nil); code != 401 {
		t.Errorf("ufs without token: %d", code)
	}
}

func TestUfsCidadesGRPC(t *testing.T) {
	e := setupRegioes(t)
	c := addressv1.NewAddressServiceClient(e.st.Conn)
	ufs, err := c.ListarUfs(testkit.Ctx(e.vendA), &addressv1.ListarUfsRequest{})
	if err != nil || len(ufs.Ufs) != 27 {
		t.Fatalf("ufs: %v %v", ufs, err)
	}
	r, err := c.ListarCidades(testkit.Ctx(e.vendA), &addressv1.ListarCidadesRequest{Uf: "MT", PageSize: 200})
	if err != nil || len(r.Cidades) != 142 || r.NextPageToken != "" {
		t.Fatalf("MT: %d %v", len(r.GetCidades()), err)
	}
	r, err = c.ListarCidades(testkit.Ctx(e.vendA), &addressv1.ListarCidadesRequest{Q: "são joão del rei"})
	if err != nil || len(r.Cidades) != 1 || r.Cidades[0].Ibge != "3162500" {
		t.Errorf("q: %v %v", r, err)
	}
	if _, err := c.ListarCidades(testkit.Ctx(e.vendA), &addressv1.ListarCidadesRequest{Uf: "ZZ"}); status.Code(err) != codes.InvalidArgument {
		t.Errorf("bad uf: %v", err)
	}
	if _, err := c.ListarCidades(testkit.Ctx(""), &addressv1.ListarCidadesRequest{}); status.Code(err) != codes.Unauthenticated {
		t.Errorf("no token: %v", err)
	}
	if nome, uf, ok := e.addr.CidadeValida("5101837"); !ok || nome != "Boa Esperança do Norte" || uf != "MT" {
		t.Errorf("CidadeValida: %q %q %v", nome, uf, ok)
	}
	if _, _, ok := e.addr.CidadeValida("5101838"); ok {
		t.Error("CidadeValida of an unknown code")
	}
}

type regiaoJSON struct {
	ID         string   `json:"id"`
	Empresa    string   `json:"empresa"`
	Nome       string   `json:"nome"`
	Cidades    []string `json:"cidades"`
	Operadores []string `json:"operadores"`
	Excluido   bool     `json:"excluido"`
	CriadoEm   string   `json:"criado_em"`
	AlteradoEm string   `json:"alterado_em"`
	Versao     string   `json:"versao"` // int64 travels as a string in proto JSON
}

func (e *regEnv) call(t *testing.T, method, path, tok string, body any, want int) regiaoJSON {
	t.Helper()
	code, b := e.st.Do(t, method, path, tok, body)
	if code != want {
		t.Fatalf("%s %s: %d %s, want %d", method, path, code, b, want)
	}
	var r regiaoJSON
	if code == 200 {
		if err := json.Unmarshal(b, &r); err != nil {
			t.Fatal(err)
		}
	}
	return r
}

func (e *regEnv) fail(t *testing.T, method, path, tok string, body any, want int, msg string) {
	t.Helper()
	code, b := e.st.Do(t, method, path, tok, body)
	if code != want || !strings.Contains(string(b), msg) {
		t.Errorf("%s %s: %d %s, want %d %q", method, path, code, b, want, msg)
	}
}

func (e *regEnv) list(t *testing.T, tok, query string) ([]regiaoJSON, string) {
	t.Helper()
	code, b := e.st.Do(t, "GET", "/crm/regioes?"+query, tok, nil)
	if code != 200 {
		t.Fatalf("list: %d %s", code, b)
	}
	var out struct {
		Regioes []regiaoJSON `json:"regioes"`
		Next    string       `json:"next_page_token"`
	}
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out.Regioes, out.Next
}

// snapshot identifies everything stored, to show that a refused call wrote nothing: the
// store's fingerprint on SQLite; on the MongoDB backend (CRM_TEST_STORE=mongodb), which has
// none, every region of both companies, tombstones included.
func (e *regEnv) snapshot(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	if fp, err := e.data.Fingerprint(ctx); err == nil {
		return fp
	}
	c, err := adapters.DeclareRegioes(ctx, e.data)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, emp := range []string{"emp-a", "emp-b"} {
		all, err := c.All(ctx, store.Company(emp), store.Query{WithDeleted: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range all {
			b, _ := json.Marshal(r)
			out = append(out, string(b))
		}
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}

func TestRegioesREST(t *testing.T) {
	e := setupRegioes(t)
	capitalReq := map[string]any{
		"id": uuid.NewString(), "nome": "  Capital  ", "cidades": []string{"3550308", "3509502", "3550308"}, "operadores": []string{"v1", " v2 ", "v1"},
	}
	capital := e.call(t, "POST", "/crm/regioes", e.adminA, capitalReq, 200)
	if capital.Nome != "Capital" || capital.Empresa != "emp-a" || capital.Versao != "1" || capital.Excluido ||
		strings.Join(capital.Cidades, ",") != "3550308,3509502" || strings.Join(capital.Operadores, ",") != "v1,v2" ||
		capital.CriadoEm == "" || capital.CriadoEm != capital.AlteradoEm || capital.ID != capitalReq["id"] {
		t.Fatalf("create: %+v", capital)
	}
	// Client-generated id: a replay returns the stored region and writes nothing; the same id
	// with another payload is refused.
	interiorID := uuid.NewString()
	interiorReq := map[string]any{"id": interiorID, "nome": "Interior", "cidades": []string{"3106200"}}
	interior := e.call(t, "POST", "/crm/regioes", e.adminA, interiorReq, 200)
	before := e.snapshot(t)
	again := e.call(t, "POST", "/crm/regioes", e.adminA, interiorReq, 200)
	if again.ID != interiorID || again.Nome != "Interior" || again.Versao != "1" || again.CriadoEm != interior.CriadoEm || e.snapshot(t) != before {
		t.Errorf("replay: %+v", again)
	}
	e.fail(t, "POST", "/crm/regioes", e.adminA, map[string]any{"id": interiorID, "nome": "Interior (outra)", "cidades": []string{"4106902"}}, 409, `"motivo":"ID_REUTILIZADO"`)
	if e.snapshot(t) != before {
		t.Error("a reused id wrote")
	}
	// Rules.
	e.fail(t, "POST", "/crm/regioes", e.adminA, map[string]any{"nome": "CAPITÁL"}, 409, "Já existe uma região com este nome.")
	e.fail(t, "POST", "/crm/regioes", e.adminA, map[string]any{"nome": "Campinas", "cidades": []string{"4106902", "3509502"}}, 409, `A cidade Campinas/SP (3509502) já pertence à região \"Capital\".`)
	e.fail(t, "POST", "/crm/regioes", e.adminA, map[string]any{"nome": "Campinas", "cidades": []string{"3509502"}}, 409,
		`"motivo":"CIDADE_EM_OUTRA_REGIAO","detalhes":{"cidade":"3509502","regiao_id":"`+capital.ID+`"}`)
	if e.snapshot(t) != before {
		t.Error("a refused create wrote")
	}
	e.fail(t, "POST", "/crm/regioes", e.adminA, map[string]any{"nome": "Norte", "cidades": []string{"1234567"}}, 400, "1234567")
	e.fail(t, "POST", "/crm/regioes", e.adminA, map[string]any{"nome": "  "}, 400, "Informe o nome da região.")
	e.fail(t, "POST", "/crm/regioes", e.adminA, map[string]any{"nome": "Sul", "operadores": []string{""}}, 400, "Informe o id de cada operador")
	e.fail(t, "POST", "/crm/regioes", e.adminA, map[string]any{"id": "a/b", "nome": "Sul"}, 400, "Id de região inválido")
	e.fail(t, "POST", "/crm/regioes", e.adminA, map[string]any{"nome": "Sul", "empresa": "emp-b"}, 400, "")
	// Another company: the same names and cities are free there; the same client id is not.
	e.call(t, "POST", "/crm/regioes", e.adminB, map[string]any{"nome": "Capital", "cidades": []string{"3550308"}}, 200)
	before = e.snapshot(t)
	for _, c := range []struct {
		method string
		body   any
	}{
		{"POST", map[string]any{"id": interiorID, "nome": "Outra"}},
		// Even when the payload's name and city are taken in the caller's company.
		{"POST", map[string]any{"id": interiorID, "nome": "Capital", "cidades": []string{"3550308"}}},
		{"GET", nil}, {"PATCH", map[string]any{"nome": "Tomada"}}, {"PATCH", map[string]any{"nome": "Tomada", "versao": 1}}, {"DELETE", nil},
	} {
		path := "/crm/regioes/" + interiorID
		if c.method == "POST" {
			path = "/crm/regioes"
		}
		e.fail(t, c.method, path, e.adminB, c.body, 403, `"motivo":"FORA_DO_ESCOPO"`)
	}
	if e.snapshot(t) != before {
		t.Error("a refused call of another company wrote")
	}
	// Roles: a seller reads, but does not write.
	e.fail(t, "POST", "/crm/regioes", e.vendA, map[string]any{"nome": "Do vendedor"}, 403, "perfil")
	e.fail(t, "PATCH", "/crm/regioes/"+capital.ID, e.vendA, map[string]any{"nome": "X"}, 403, "perfil")
	e.fail(t, "DELETE", "/crm/regioes/"+capital.ID, e.vendA, nil, 403, "perfil")
	if e.snapshot(t) != before {
		t.Error("a seller's refused call wrote")
	}
	l, next := e.list(t, e.vendA, "")
	if len(l) != 2 || next != "" || l[0].Nome != "Capital" || l[1].Nome != "Interior" || strings.Join(l[0].Cidades, ",") != "3550308,3509502" {
		t.Errorf("seller list: %+v %q", l, next)
	}
	if got := e.call(t, "GET", "/crm/regioes/"+capital.ID, e.vendA, nil, 200); got.ID != capital.ID || got.Nome != "Capital" {
		t.Errorf("seller get: %+v", got)
	}
	if l, _ := e.list(t, e.adminA, "q=CAPI"); len(l) != 1 || l[0].ID != capital.ID {
		t.Errorf("q: %+v", l)
	}
	e.fail(t, "GET", "/crm/regioes/nao-existe", e.adminA, nil, 404, "Região não encontrada.")

	// Partial update with optimistic concurrency.
	up := e.call(t, "PATCH", "/crm/regioes/"+capital.ID, e.adminA, map[string]any{"nome": "Capital Paulista", "versao": 1}, 200)
	if up.Nome != "Capital Paulista" || up.Versao != "2" || strings.Join(up.Cidades, ",") != "3550308,3509502" || strings.Join(up.Operadores, ",") != "v1,v2" || up.CriadoEm != capital.CriadoEm || up.AlteradoEm < capital.AlteradoEm {
		t.Errorf("patch nome: %+v", up)
	}
	before = e.snapshot(t)
	e.fail(t, "PATCH", "/crm/regioes/"+capital.ID, e.adminA, map[string]any{"nome": "Velha", "versao": 1}, 409, `"motivo":"VERSAO_DESATUALIZADA"`)
	e.fail(t, "PATCH", "/crm/regioes/"+capital.ID, e.adminA, map[string]any{"nome": "Velha", "versao": 1}, 409, "A região foi alterada por outra pessoa. Recarregue e tente novamente.")
	if e.snapshot(t) != before {
		t.Error("a stale update wrote")
	}
	// A change that changes nothing writes nothing (the versao stays).
	if same := e.call(t, "PATCH", "/crm/regioes/"+capital.ID, e.adminA, map[string]any{"nome": " Capital  Paulista ", "versao": 2}, 200); same.Versao != "2" || e.snapshot(t) != before {
		t.Errorf("no-op patch: %+v", same)
	}
	up = e.call(t, "PATCH", "/crm/regioes/"+capital.ID, e.adminA, map[string]any{"cidades": map[string]any{"itens": []string{"3509502", "3518800"}}, "operadores": map[string]any{}}, 200)
	if up.Nome != "Capital Paulista" || up.Versao != "3" || strings.Join(up.Cidades, ",") != "3509502,3518800" || len(up.Operadores) != 0 {
		t.Errorf("patch lists: %+v", up)
	}
	e.fail(t, "PATCH", "/crm/regioes/"+interiorID, e.adminA, map[string]any{"cidades": map[string]any{"itens": []string{"3106200", "3518800"}}}, 409, "Guarulhos/SP (3518800)")
	e.fail(t, "PATCH", "/crm/regioes/"+interiorID, e.adminA, map[string]any{"nome": "capital paulista"}, 409, "Já existe uma região com este nome.")
	e.fail(t, "PATCH", "/crm/regioes/"+interiorID, e.adminA, map[string]any{"cidades": map[string]any{"itens": []string{"0000000"}}}, 400, "0000000")
	// São Paulo was freed by the replacement.
	e.call(t, "PATCH", "/crm/regioes/"+interiorID, e.adminA, map[string]any{"cidades": map[string]any{"itens": []string{"3106200", "3550308"}}}, 200)

	// Soft delete: a tombstone, out of the lists, name and cities free again.
	del := e.call(t, "DELETE", "/crm/regioes/"+capital.ID, e.adminA, nil, 200)
	if !del.Excluido || del.Versao != "4" || del.ID != capital.ID || del.Nome != "Capital Paulista" {
		t.Errorf("delete: %+v", del)
	}
	e.fail(t, "GET", "/crm/regioes/"+capital.ID, e.adminA, nil, 404, "Região não encontrada.")
	e.fail(t, "PATCH", "/crm/regioes/"+capital.ID, e.adminA, map[string]any{"nome": "Volta"}, 404, "")
	if again := e.call(t, "DELETE", "/crm/regioes/"+capital.ID, e.adminA, nil, 200); again.Versao != "4" || !again.Excluido {
		t.Errorf("delete again: %+v", again)
	}
	if l, _ := e.list(t, e.adminA, ""); len(l) != 1 || l[0].ID != interiorID {
		t.Errorf("list after delete: %+v", l)
	}
	e.call(t, "POST", "/crm/regioes", e.adminA, map[string]any{"nome": "Capital Paulista", "cidades": []string{"3509502"}}, 200)
	// A replayed create of the deleted id returns its tombstone, not a new region, although its
	// name and cities went to other regions since; another payload under that id is refused.
	before = e.snapshot(t)
	if r := e.call(t, "POST", "/crm/regioes", e.adminA, capitalReq, 200); !r.Excluido || r.Nome != "Capital Paulista" || r.ID != capital.ID {
		t.Errorf("replay of a deleted id: %+v", r)
	}
	e.fail(t, "POST", "/crm/regioes", e.adminA, map[string]any{"id": capital.ID, "nome": "Nova"}, 409, `"motivo":"ID_REUTILIZADO"`)
	if e.snapshot(t) != before {
		t.Error("a replay of a deleted id wrote")
	}

	// Pages by name.
	for i := 0; i < 5; i++ {
		// Without a client id, the server gives one.
		if z := e.call(t, "POST", "/crm/regioes", e.adminA, map[string]any{"nome": fmt.Sprintf("Zona %d", i)}, 200); uuid.Validate(z.ID) != nil {
			t.Errorf("server id: %q", z.ID)
		}
	}
	var names []string
	tok := ""
	for {
		q := "page_size=2"
		if tok != "" {
			q += "&page_token=" + url.QueryEscape(tok)
		}
		l, next := e.list(t, e.vendA, q)
		for _, r := range l {
			names = append(names, r.Nome)
		}
		if tok = next; tok == "" || len(names) > 50 {
			break
		}
	}
	if strings.Join(names, ",") != "Capital Paulista,Interior,Zona 0,Zona 1,Zona 2,Zona 3,Zona 4" {
		t.Errorf("pages: %v", names)
	}

	// No token, bad token, no operator.
	for _, tk := range []string{"", "bad"} {
		e.fail(t, "GET", "/crm/regioes", tk, nil, 401, "")
		e.fail(t, "POST", "/crm/regioes", tk, map[string]any{"nome": "X"}, 401, "")
		e.fail(t, "GET", "/crm/regioes/"+interiorID, tk, nil, 401, "")
	}
	e.fail(t, "GET", "/crm/regioes", e.nobody, nil, 403, "")
}

func TestRegioesGRPC(t *testing.T) {
	e := setupRegioes(t)
	c := addressv1.NewAddressServiceClient(e.st.Conn)
	admin, vend := testkit.Ctx(e.adminA), testkit.Ctx(e.vendA)
	// A region with a whole state, as the customer service reads it (page_size 200).
	mg := getCidades(t, e.st, e.vendA, "uf=MG&page_size=200")
	var codes200 []string
	for _, x := range mg.Cidades {
		codes200 = append(codes200, x.IBGE)
	}
	r, err := c.CriarRegiao(admin, &addressv1.CriarRegiaoRequest{Nome: "Minas", Cidades: codes200, Operadores: []string{"v1"}})
	if err != nil || r.Versao != 1 || len(r.Cidades) != 200 || r.Empresa != "emp-a" {
		t.Fatalf("create: %v", err)
	}
	list, err := c.ListarRegioes(vend, &addressv1.ListarRegioesRequest{PageSize: 200})
	if err != nil || len(list.Regioes) != 1 || len(list.Regioes[0].Cidades) != 200 || list.Regioes[0].Operadores[0] != "v1" {
		t.Fatalf("list: %v", err)
	}
	got, err := c.ObterRegiao(vend, &addressv1.ObterRegiaoRequest{Id: r.Id})
	if err != nil || got.Nome != "Minas" || !got.CriadoEm.AsTime().Equal(r.CriadoEm.AsTime()) {
		t.Errorf("get: %v %v", got, err)
	}
	nome := "Minas Gerais"
	up, err := c.AtualizarRegiao(admin, &addressv1.AtualizarRegiaoRequest{Id: r.Id, Nome: &nome, Versao: 1, Cidades: &addressv1.Lista{Itens: []string{"3106200"}}})
	if err != nil || up.Nome != nome || up.Versao != 2 || len(up.Cidades) != 1 || len(up.Operadores) != 1 {
		t.Errorf("update: %v %v", up, err)
	}
	for name, call := range map[string]func() error{
		"version": func() error {
			_, err := c.AtualizarRegiao(admin, &addressv1.AtualizarRegiaoRequest{Id: r.Id, Versao: 1})
			return err
		},
		"duplicate": func() error {
			_, err := c.CriarRegiao(admin, &addressv1.CriarRegiaoRequest{Nome: "minas gerais"})
			return err
		},
		"city taken": func() error {
			_, err := c.CriarRegiao(admin, &addressv1.CriarRegiaoRequest{Nome: "BH", Cidades: []string{"3106200"}})
			return err
		},
		"unknown city": func() error {
			_, err := c.CriarRegiao(admin, &addressv1.CriarRegiaoRequest{Nome: "X", Cidades: []string{"9999999"}})
			return err
		},
		"seller create": func() error { _, err := c.CriarRegiao(vend, &addressv1.CriarRegiaoRequest{Nome: "X"}); return err },
		"seller delete": func() error { _, err := c.ExcluirRegiao(vend, &addressv1.ExcluirRegiaoRequest{Id: r.Id}); return err },
		"other company": func() error {
			_, err := c.ObterRegiao(testkit.Ctx(e.adminB), &addressv1.ObterRegiaoRequest{Id: r.Id})
			return err
		},
		"no token": func() error {
			_, err := c.ListarRegioes(testkit.Ctx(""), &addressv1.ListarRegioesRequest{})
			return err
		},
		"not found": func() error { _, err := c.ObterRegiao(vend, &addressv1.ObterRegiaoRequest{Id: "nada"}); return err },
	} {
		want := map[string]codes.Code{"version": codes.AlreadyExists, "duplicate": codes.AlreadyExists, "city taken": codes.AlreadyExists,
			"unknown city": codes.InvalidArgument, "seller create": codes.PermissionDenied, "seller delete": codes.PermissionDenied,
			"other company": codes.PermissionDenied, "no token": codes.Unauthenticated, "not found": codes.NotFound}[name]
		if err := call(); status.Code(err) != want {
			t.Errorf("%s: %v, want %v", name, err, want)
		}
	}
	del, err := c.ExcluirRegiao(admin, &addressv1.ExcluirRegiaoRequest{Id: r.Id})
	if err != nil || !del.Excluido || del.Versao != 3 {
		t.Errorf("delete: %v %v", del, err)
	}
	if list, err := c.ListarRegioes(vend, &addressv1.ListarRegioesRequest{}); err != nil || len(list.Regioes) != 0 {
		t.Errorf("list after delete: %v %v", list, err)
	}
}

// Two ADMINs claim one city for two new regions at the same instant: one wins, the other gets
// 409 CIDADE_EM_OUTRA_REGIAO naming the winner; the city ends in exactly one region.
func TestRegioesCidadeCorrida(t *testing.T) {
	e := setupRegioes(t)
	for round, city := range []string{"3550308", "3509502", "4106902", "3106200", "3518800"} {
		type result struct {
			code int
			body string
			id   string
		}
		results := make([]result, 2)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range results {
			wg.Add(1)
			go func() {
				defer wg.Done()
				id := uuid.NewString()
				<-start
				code, b := e.st.Do(t, "POST", "/crm/regioes", e.adminA, map[string]any{"id": id, "nome": fmt.Sprintf("Corrida %d-%d", round, i), "cidades": []string{city}})
				results[i] = result{code, string(b), id}
			}()
		}
		close(start)
		wg.Wait()
		var won, lost []result
		for _, r := range results {
			switch r.code {
			case 200:
				won = append(won, r)
			case 409:
				lost = append(lost, r)
			default:
				t.Fatalf("round %d: %d %s", round, r.code, r.body)
			}
		}
		if len(won) != 1 || len(lost) != 1 {
			t.Fatalf("round %d (%s): %d won, %d lost: %+v", round, city, len(won), len(lost), results)
		}
		// The message names the winner when it can read it; on MongoDB the winner's claim may be
		// seen before its record is written ("já pertence a outra região").
		if !strings.Contains(lost[0].body, `"motivo":"CIDADE_EM_OUTRA_REGIAO"`) || !strings.Contains(lost[0].body, `"regiao_id":"`+won[0].id+`"`) ||
			!strings.Contains(lost[0].body, "já pertence") {
			t.Errorf("round %d: loser %s", round, lost[0].body)
		}
		l, _ := e.list(t, e.adminA, "page_size=200")
		holders := 0
		for _, r := range l {
			for _, c := range r.Cidades {
				if c == city {
					holders++
				}
			}
		}
		if holders != 1 {
			t.Errorf("round %d: %s in %d regions", round, city, holders)
		}
	}
}

// Deps.OnRegiaoAlterada runs once after every successful create, update and delete, with the
// region id and the caller; never after a refused write. A failing hook is logged and the client
// still gets the saved region.
func TestRegiaoAlteradaHook(t *testing.T) {
	e := setupRegioes(t)
	want := func(what string, ids ...string) {
		t.Helper()
		got := e.hook.take()
		if len(got) != len(ids) {
			t.Errorf("%s: hook calls %+v, want %v", what, got, ids)
			return
		}
		for i, c := range got {
			if c.id != ids[i] || c.empresa != "emp-a" {
				t.Errorf("%s: hook call %+v, want %s of emp-a", what, c, ids[i])
			}
		}
	}
	id := uuid.NewString()
	req := map[string]any{"id": id, "nome": "Capital", "cidades": []string{"3550308"}}
	e.call(t, "POST", "/crm/regioes", e.adminA, req, 200)
	want("create", id)
	other := e.call(t, "POST", "/crm/regioes", e.adminA, map[string]any{"nome": "Interior"}, 200)
	want("create without id", other.ID)
	e.call(t, "PATCH", "/crm/regioes/"+id, e.adminA, map[string]any{"nome": "Capital SP", "versao": 1}, 200)
	want("update", id)
	e.call(t, "PATCH", "/crm/regioes/"+id, e.adminA, map[string]any{"cidades": map[string]any{"itens": []string{"3550308", "3509502"}}}, 200)
	want("update without versao", id)

	// Refused writes: no call.
	e.fail(t, "POST", "/crm/regioes", e.adminA, map[string]any{"nome": "capital sp"}, 409, "")
	e.fail(t, "POST", "/crm/regioes", e.adminA, map[string]any{"nome": "Outra", "cidades": []string{"3509502"}}, 409, "")
	e.fail(t, "POST", "/crm/regioes", e.adminA, map[string]any{"nome": "  "}, 400, "")
	e.fail(t, "POST", "/crm/regioes", e.adminA, map[string]any{"id": id, "nome": "Outro payload"}, 409, "")
	e.fail(t, "POST", "/crm/regioes", e.vendA, map[string]any{"nome": "Do vendedor"}, 403, "")
	e.fail(t, "PATCH", "/crm/regioes/"+id, e.adminA, map[string]any{"nome": "Velha", "versao": 1}, 409, "VERSAO_DESATUALIZADA")
	e.fail(t, "PATCH", "/crm/regioes/"+id, e.adminA, map[string]any{"cidades": map[string]any{"itens": []string{"0000000"}}}, 400, "")
	e.fail(t, "PATCH", "/crm/regioes/"+other.ID, e.adminA, map[string]any{"nome": "Capital SP"}, 409, "")
	e.fail(t, "PATCH", "/crm/regioes/"+id, e.adminB, map[string]any{"nome": "Tomada"}, 403, "FORA_DO_ESCOPO")
	e.fail(t, "PATCH", "/crm/regioes/nao-existe", e.adminA, map[string]any{"nome": "X"}, 404, "")
	e.fail(t, "DELETE", "/crm/regioes/"+id, e.adminB, nil, 403, "FORA_DO_ESCOPO")
	e.fail(t, "DELETE", "/crm/regioes/"+id, e.vendA, nil, 403, "")
	e.fail(t, "DELETE", "/crm/regioes/nao-existe", e.adminA, nil, 404, "")
	want("refused writes")

	// gRPC goes through the same use cases.
	c := addressv1.NewAddressServiceClient(e.st.Conn)
	nome := "Capital Paulista"
	if _, err := c.AtualizarRegiao(testkit.Ctx(e.adminA), &addressv1.AtualizarRegiaoRequest{Id: id, Nome: &nome}); err != nil {
		t.Fatal(err)
	}
	want("grpc update", id)

	// A failing hook: the region is saved all the same, and the failure is logged.
	e.hook.failWith(errors.New("cliente indisponível"))
	del := e.call(t, "DELETE", "/crm/regioes/"+id, e.adminA, nil, 200)
	if !del.Excluido {
		t.Errorf("delete: %+v", del)
	}
	want("delete with a failing hook", id)
	if l := e.log.String(); !strings.Contains(l, "cliente indisponível") || !strings.Contains(l, id) {
		t.Errorf("log: %s", l)
	}
	e.fail(t, "GET", "/crm/regioes/"+id, e.adminA, nil, 404, "")
	e.hook.failWith(nil)
	// A replayed delete succeeds and runs the hook again (it repairs what a failed call missed).
	e.call(t, "DELETE", "/crm/regioes/"+id, e.adminA, nil, 200)
	want("replayed delete", id)
	// The demo seed's regions go through it too; an existing one is left alone.
	if err := e.addr.EnsureRegiao(context.Background(), "emp-a", "demo-r", "Demo", []string{"3106200"}, nil); err != nil {
		t.Fatal(err)
	}
	want("EnsureRegiao", "demo-r")
	if err := e.addr.EnsureRegiao(context.Background(), "emp-a", "demo-r", "Demo", []string{"3106200"}, nil); err != nil {
		t.Fatal(err)
	}
	want("EnsureRegiao again")
}

// EnsureRegiao (the demo seed) is idempotent: the region stored under the id, live, changed or
// deleted, is left as it is.
func TestEnsureRegiao(t *testing.T) {
	e := setupRegioes(t)
	ctx := context.Background()
	if err := e.addr.EnsureRegiao(ctx, "emp-a", "demo-1", "Grande São Paulo", []string{"3550308", "3518800"}, []string{"v1"}); err != nil {
		t.Fatal(err)
	}
	r := e.call(t, "GET", "/crm/regioes/demo-1", e.vendA, nil, 200)
	if r.Nome != "Grande São Paulo" || strings.Join(r.Cidades, ",") != "3550308,3518800" || r.Versao != "1" {
		t.Fatalf("seeded: %+v", r)
	}
	before := e.snapshot(t)
	if err := e.addr.EnsureRegiao(ctx, "emp-a", "demo-1", "Grande São Paulo", []string{"3550308", "3518800"}, []string{"v1"}); err != nil || e.snapshot(t) != before {
		t.Fatalf("again: %v", err)
	}
	// Changed by an ADMIN since, or seeded by a newer seed: left alone.
	e.call(t, "PATCH", "/crm/regioes/demo-1", e.adminA, map[string]any{"nome": "SP"}, 200)
	before = e.snapshot(t)
	if err := e.addr.EnsureRegiao(ctx, "emp-a", "demo-1", "Grande SP (nova)", []string{"3550308"}, nil); err != nil || e.snapshot(t) != before {
		t.Fatalf("changed: %v", err)
	}
	e.call(t, "DELETE", "/crm/regioes/demo-1", e.adminA, nil, 200)
	before = e.snapshot(t)
	if err := e.addr.EnsureRegiao(ctx, "emp-a", "demo-1", "Grande São Paulo", []string{"3550308", "3518800"}, []string{"v1"}); err != nil || e.snapshot(t) != before {
		t.Fatalf("deleted: %v", err)
	}
	// Another company's id is not taken over.
	if err := e.addr.EnsureRegiao(ctx, "emp-b", "demo-1", "B", nil, nil); err == nil {
		t.Error("another company's id")
	}
}

// Regions are paged by the store: 50 by default, at most 200, each once through page_token.
func TestRegioesPaginas(t *testing.T) {
	e := setupRegioes(t)
	ctx := context.Background()
	const n = 205
	for i := 0; i < n; i++ {
		if err := e.addr.EnsureRegiao(ctx, "emp-a", fmt.Sprintf("r%03d", i), fmt.Sprintf("Região %03d", i), nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.addr.EnsureRegiao(ctx, "emp-b", "b1", "Região da B", nil, nil); err != nil {
		t.Fatal(err)
	}
	if l, next := e.list(t, e.vendA, ""); len(l) != 50 || next == "" || l[0].Nome != "Região 000" || l[49].Nome != "Região 049" {
		t.Errorf("default page: %d %q", len(l), next)
	}
	if l, next := e.list(t, e.vendA, "page_size=1000"); len(l) != 200 || next == "" {
		t.Errorf("page_size over the max: %d %q", len(l), next)
	}
	seen := map[string]bool{}
	tok, pages := "", 0
	for {
		q := "page_size=60"
		if tok != "" {
			q += "&page_token=" + url.QueryEscape(tok)
		}
		l, next := e.list(t, e.vendA, q)
		pages++
		for _, r := range l {
			if seen[r.ID] || r.Empresa != "emp-a" {
				t.Fatalf("repeated or foreign: %+v", r)
			}
			seen[r.ID] = true
		}
		if tok = next; tok == "" || pages > 10 {
			break
		}
	}
	if len(seen) != n || pages != 4 {
		t.Errorf("%d regions in %d pages", len(seen), pages)
	}
	if l, _ := e.list(t, e.vendA, "q=regiao+204"); len(l) != 1 || l[0].ID != "r204" {
		t.Errorf("q: %+v", l)
	}
	e.fail(t, "GET", "/crm/regioes?page_token=nao-e-um-token!", e.vendA, nil, 400, "page_token inválido")
}
