package address_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"testing"

	"github.com/google/uuid"
	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	addressv1 "github.com/crmvendas/crm/proto/gen/go/crm/address/v1"
	"github.com/crmvendas/crm/services/address"
	"github.com/crmvendas/crm/services/operator"
	"github.com/crmvendas/crm/services/platform/testkit"
)

type regEnv struct {
	st                            *testkit.Stack
	db                            *mongo.Database
	addr                          *address.Address
	adminA, vendA, adminB, nobody string
}

func setupRegioes(t *testing.T) *regEnv {
	t.Helper()
	op := operator.New(operator.Deps{DB: testkit.DB(t, "op"), Auth: testkit.AuthClient(t)})
	e := &regEnv{db: testkit.DB(t, "addr")}
	e.addr = address.New(address.Deps{DB: e.db, ViaCEPURL: "http://127.0.0.1:1"})
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

// snapshot is every stored region document, to show that a refused call wrote nothing.
func (e *regEnv) snapshot(t *testing.T) string {
	t.Helper()
	cur, err := e.db.Collection("regioes").Find(context.Background(), bson.D{})
	if err != nil {
		t.Fatal(err)
	}
	var docs []bson.Raw
	if err := cur.All(context.Background(), &docs); err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(docs))
	for i, d := range docs {
		out[i] = d.String()
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}

func TestRegioesREST(t *testing.T) {
	e := setupRegioes(t)
	capital := e.call(t, "POST", "/crm/regioes", e.adminA, map[string]any{
		"nome": "  Capital  ", "cidades": []string{"3550308", "3509502", "3550308"}, "operadores": []string{"v1", " v2 ", "v1"},
	}, 200)
	if capital.Nome != "Capital" || capital.Empresa != "emp-a" || capital.Versao != "1" || capital.Excluido ||
		strings.Join(capital.Cidades, ",") != "3550308,3509502" || strings.Join(capital.Operadores, ",") != "v1,v2" ||
		capital.CriadoEm == "" || capital.CriadoEm != capital.AlteradoEm || uuid.Validate(capital.ID) != nil {
		t.Fatalf("create: %+v", capital)
	}
	// Client-generated id: a retry returns the stored region and creates nothing.
	interiorID := uuid.NewString()
	interior := e.call(t, "POST", "/crm/regioes", e.adminA, map[string]any{"id": interiorID, "nome": "Interior", "cidades": []string{"3106200"}}, 200)
	before := e.snapshot(t)
	again := e.call(t, "POST", "/crm/regioes", e.adminA, map[string]any{"id": interiorID, "nome": "Interior (retry)", "cidades": []string{"4106902"}}, 200)
	if again.ID != interiorID || again.Nome != "Interior" || again.Versao != "1" || again.CriadoEm != interior.CriadoEm || e.snapshot(t) != before {
		t.Errorf("retry: %+v", again)
	}
	// Rules.
	e.fail(t, "POST", "/crm/regioes", e.adminA, map[string]any{"nome": "CAPITÁL"}, 409, "Já existe uma região com este nome.")
	e.fail(t, "POST", "/crm/regioes", e.adminA, map[string]any{"nome": "Campinas", "cidades": []string{"4106902", "3509502"}}, 409, `A cidade Campinas/SP (3509502) já pertence à região \"Capital\".`)
	e.fail(t, "POST", "/crm/regioes", e.adminA, map[string]any{"nome": "Norte", "cidades": []string{"1234567"}}, 400, "1234567")
	e.fail(t, "POST", "/crm/regioes", e.adminA, map[string]any{"nome": "  "}, 400, "Informe o nome da região.")
	e.fail(t, "POST", "/crm/regioes", e.adminA, map[string]any{"nome": "Sul", "operadores": []string{""}}, 400, "Informe o id de cada operador")
	e.fail(t, "POST", "/crm/regioes", e.adminA, map[string]any{"id": "a/b", "nome": "Sul"}, 400, "Id de região inválido")
	e.fail(t, "POST", "/crm/regioes", e.adminA, map[string]any{"nome": "Sul", "empresa": "emp-b"}, 400, "")
	// Another company: the same names and cities are free there; the same client id is not.
	e.call(t, "POST", "/crm/regioes", e.adminB, map[string]any{"nome": "Capital", "cidades": []string{"3550308"}}, 200)
	before = e.snapshot(t)
	e.fail(t, "POST", "/crm/regioes", e.adminB, map[string]any{"id": interiorID, "nome": "Outra"}, 403, "outra empresa")
	e.fail(t, "GET", "/crm/regioes/"+interiorID, e.adminB, nil, 403, "outra empresa")
	e.fail(t, "PATCH", "/crm/regioes/"+interiorID, e.adminB, map[string]any{"nome": "Tomada"}, 403, "outra empresa")
	e.fail(t, "DELETE", "/crm/regioes/"+interiorID, e.adminB, nil, 403, "outra empresa")
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
	e.fail(t, "PATCH", "/crm/regioes/"+capital.ID, e.adminA, map[string]any{"nome": "Velha", "versao": 1}, 409, "A região foi alterada por outra pessoa. Recarregue e tente novamente.")
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
	// A retried create of the deleted id returns its tombstone, not a new region.
	if r := e.call(t, "POST", "/crm/regioes", e.adminA, map[string]any{"id": capital.ID, "nome": "Nova"}, 200); !r.Excluido || r.Nome != "Capital Paulista" {
		t.Errorf("retry of a deleted id: %+v", r)
	}

	// Pages by name.
	for i := 0; i < 5; i++ {
		e.call(t, "POST", "/crm/regioes", e.adminA, map[string]any{"nome": fmt.Sprintf("Zona %d", i)}, 200)
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
		if tok = next; tok == "" {
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
