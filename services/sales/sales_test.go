package sales_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/address"
	"github.com/crmvendas/crm/services/customer"
	"github.com/crmvendas/crm/services/operator"
	"github.com/crmvendas/crm/services/platform/server"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/testkit"
	"github.com/crmvendas/crm/services/sales"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testkit.StopEmulator()
	os.Exit(code)
}

// env: company A with an ADMIN, a SUPERVISOR whose team is v1, sellers v1 and v2; company B with
// an ADMIN. The operator, address and customer services run beside sales (it reads customers).
type env struct {
	st                  *testkit.Stack
	store               *store.Store
	empA, empB          string
	ids                 map[string]string
	idDe                map[string]string // token -> operator id
	admin, sup, v1, v2  string
	adminB, vB          string
	clienteV1, clienteB string
}

func setup(t *testing.T) *env {
	t.Helper()
	st := testkit.Store(t, sales.DatabaseName)
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
	sal, err := sales.New(sales.Deps{Store: st.For(sales.DatabaseName), Customer: local, Operator: local, System: local})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{store: st, empA: "a-" + uuid.NewString()[:8], empB: "b-" + uuid.NewString()[:8], ids: map[string]string{}, idDe: map[string]string{}}
	e.st = testkit.StartStackLocal(t, op.Resolver(), local, op.Module(), addr.Module(), cust.Module(), sal.Module())
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
	e.admin = user(e.empA, "admin", "ADMIN")
	e.v1 = user(e.empA, "v1", "VENDEDOR")
	e.v2 = user(e.empA, "v2", "VENDEDOR")
	e.sup = user(e.empA, "sup", "SUPERVISOR", "v1")
	e.adminB = user(e.empB, "adminB", "ADMIN")
	e.vB = user(e.empB, "vB", "VENDEDOR")
	return e
}

// ibgeDe: a city of each UF the tests use.
var ibgeDe = map[string]string{"SP": "3550308", "MG": "3106200", "PR": "4106902"}

// cliente creates a customer in the portfolio of tok's seller, in a city of uf.
func (e *env) cliente(t *testing.T, tok, doc, uf string, contribuinte bool) string {
	t.Helper()
	id := uuid.NewString()
	e.do(t, "POST", "/crm/clientes", tok, map[string]any{"id": id, "documento": doc, "nome": "Cliente " + uf, "contribuinte_icms": contribuinte,
		"vendedor_id": e.idDe[tok],
		"enderecos":   []map[string]any{{"tipo": "ENTREGA", "logradouro": "Rua Um", "numero": "1", "bairro": "Centro", "ibge": ibgeDe[uf]}}}, 200)
	return id
}

func (e *env) do(t *testing.T, method, path, tok string, body any, want int) []byte {
	t.Helper()
	code, b := e.st.Do(t, method, path, tok, body)
	if code != want {
		t.Fatalf("%s %s: %d, esperado %d: %s", method, path, code, want, b)
	}
	return b
}

func decode(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("json %s: %v", b, err)
	}
	return m
}

// erro checks a refusal's reason and fields and that its message is pt-BR prose.
func erro(t *testing.T, b []byte, motivo string, campos ...string) map[string]any {
	t.Helper()
	m := decode(t, b)
	if motivo != "" && m["motivo"] != motivo {
		t.Errorf("motivo %v, esperado %s: %s", m["motivo"], motivo, b)
	}
	if msg, _ := m["mensagem"].(string); !strings.Contains(msg, " ") {
		t.Errorf("sem mensagem em português: %s", b)
	}
	var tem []string
	for _, c := range asListOrEmpty(m["campos"]) {
		tem = append(tem, c["campo"].(string))
	}
	for _, c := range campos {
		if !slices.Contains(tem, c) {
			t.Errorf("campo %s ausente em %v: %s", c, tem, b)
		}
	}
	return m
}

func asList(v any) []map[string]any {
	var out []map[string]any
	for _, x := range v.([]any) {
		out = append(out, x.(map[string]any))
	}
	return out
}

func produto(codigo, descricao string) map[string]any {
	return map[string]any{"id": uuid.NewString(), "codigo": codigo, "descricao": descricao, "marca": "Borbulha", "grupo": "Bebidas",
		"unidade": "un", "multiplo_venda": 6, "ean": "7891000315507", "ncm": "2202.10.00", "ipi_percentual": 7.5, "peso_gramas": 2100, "estoque": 40}
}

func TestProdutos(t *testing.T) {
	e := setup(t)
	body := produto("REF-001", "Refrigerante cola 2 L")
	p := decode(t, e.do(t, "POST", "/crm/produtos", e.admin, body, 200))
	if p["id"] != body["id"] || p["empresa"] != e.empA || p["ncm"] != "22021000" || p["unidade"] != "UN" || p["ipi_percentual"] != 7.5 ||
		p["versao"] != "1" || p["ativo"] != true || p["estoque"] != "40" || p["estoque_em"] == nil {
		t.Fatalf("criado: %v", p)
	}
	// A replay (same id, same content) returns the first result; another content is refused.
	again := decode(t, e.do(t, "POST", "/crm/produtos", e.admin, body, 200))
	if again["versao"] != "1" || again["criado_em"] != p["criado_em"] {
		t.Errorf("replay: %v", again)
	}
	other := produto("REF-009", "Outro")
	other["id"] = body["id"]
	erro(t, e.do(t, "POST", "/crm/produtos", e.admin, other, 409), "ID_REUTILIZADO")
	// The code is unique in the company (case-insensitive), not across companies.
	dup := produto("ref-001", "Outro refrigerante")
	m := erro(t, e.do(t, "POST", "/crm/produtos", e.admin, dup, 409), "CODIGO_DUPLICADO", "codigo")
	if d, _ := m["detalhes"].(map[string]any); d["produto_id"] != body["id"] {
		t.Errorf("detalhes: %v", m["detalhes"])
	}
	e.do(t, "POST", "/crm/produtos", e.adminB, produto("REF-001", "Da outra empresa"), 200)

	// Domain rules at their fields, in pt-BR.
	bad := produto("REF-002", "")
	bad["ean"], bad["ncm"], bad["multiplo_venda"], bad["ipi_percentual"] = "7891000315508", "2202", -1, 120
	m = erro(t, e.do(t, "POST", "/crm/produtos", e.admin, bad, 400), "DADOS_INVALIDOS", "descricao", "ean", "ncm", "multiplo_venda", "ipi_percentual")
	if !strings.Contains(string(e.do(t, "POST", "/crm/produtos", e.admin, bad, 400)), "Código de barras inválido") {
		t.Errorf("mensagem do EAN: %v", m)
	}
	bad = produto("REF-003", "Três casas")
	bad["ipi_percentual"] = 7.555
	erro(t, e.do(t, "POST", "/crm/produtos", e.admin, bad, 400), "", "ipi_percentual")

	// Roles: sellers and supervisors read, never write.
	path := "/crm/produtos/" + body["id"].(string)
	for _, tok := range []string{e.v1, e.sup} {
		before := testkit.Fingerprint(t, e.store)
		erro(t, e.do(t, "POST", "/crm/produtos", tok, produto("REF-004", "Do vendedor"), 403), "PERFIL_NAO_PERMITIDO")
		erro(t, e.do(t, "PATCH", path, tok, map[string]any{"descricao": "X"}, 403), "")
		erro(t, e.do(t, "DELETE", path, tok, nil, 403), "")
		if testkit.Fingerprint(t, e.store) != before {
			t.Error("recusa gravou")
		}
		e.do(t, "GET", path, tok, nil, 200)
	}
	// Another company's id: 403 and nothing written.
	before := testkit.Fingerprint(t, e.store)
	erro(t, e.do(t, "GET", path, e.adminB, nil, 403), "FORA_DO_ESCOPO")
	erro(t, e.do(t, "PATCH", path, e.adminB, map[string]any{"descricao": "Invadido"}, 403), "FORA_DO_ESCOPO")
	erro(t, e.do(t, "DELETE", path, e.adminB, nil, 403), "FORA_DO_ESCOPO")
	if testkit.Fingerprint(t, e.store) != before {
		t.Error("recusa de outra empresa gravou")
	}

	// Update: optimistic by versao.
	up := decode(t, e.do(t, "PATCH", path, e.admin, map[string]any{"versao": "1", "descricao": "Refrigerante cola 2 litros", "ipi_percentual": 0}, 200))
	if up["versao"] != "2" || up["descricao"] != "Refrigerante cola 2 litros" || up["ipi_percentual"] != 0.0 || up["codigo"] != "REF-001" {
		t.Errorf("alterado: %v", up)
	}
	erro(t, e.do(t, "PATCH", path, e.admin, map[string]any{"versao": "1", "descricao": "Velha"}, 409), "VERSAO_DESATUALIZADA")
	erro(t, e.do(t, "PATCH", path, e.admin, map[string]any{"ncm": "123"}, 400), "", "ncm")

	// The feed from the start brings the product; from its cursor on, the deletion.
	ch := decode(t, e.do(t, "GET", "/crm/produtos/alteracoes", e.v1, nil, 200))
	if alts := asList(ch["alteracoes"]); len(alts) != 1 || alts[0]["produto"].(map[string]any)["versao"] != "2" {
		t.Errorf("alterações: %v", ch)
	}
	cursor := ch["cursor"].(string)
	// A first copy's first page says how far the copy is heading (issue 21 §1); a later page does not.
	if ch["total"] != float64(1) {
		t.Errorf("total da primeira cópia: %v", ch["total"])
	}
	if d := decode(t, e.do(t, "GET", "/crm/produtos/alteracoes?desde="+url.QueryEscape(cursor), e.v1, nil, 200)); d["total"] != nil && d["total"] != float64(0) {
		t.Errorf("total numa página seguinte: %v", d["total"])
	}

	// Delete: a tombstone (404 afterwards, gone from lists), deleting again succeeds.
	del := decode(t, e.do(t, "DELETE", path, e.admin, nil, 200))
	if del["excluido"] != true {
		t.Errorf("excluído: %v", del)
	}
	e.do(t, "DELETE", path, e.admin, nil, 200)
	erro(t, e.do(t, "GET", path, e.admin, nil, 404), "NAO_ENCONTRADO")
	l := decode(t, e.do(t, "GET", "/crm/produtos", e.v1, nil, 200))
	if len(asListOrEmpty(l["produtos"])) != 0 {
		t.Errorf("lista com excluído: %v", l)
	}
	// The feed brings the tombstone.
	ch = decode(t, e.do(t, "GET", "/crm/produtos/alteracoes?desde="+url.QueryEscape(cursor), e.v1, nil, 200))
	alts := asList(ch["alteracoes"])
	if len(alts) != 1 || alts[0]["id"] != body["id"] || alts[0]["removido"] != true || ch["cursor"] == "" {
		t.Errorf("alterações: %v", ch)
	}
	erro(t, e.do(t, "GET", "/crm/produtos/alteracoes?desde=lixo", e.v1, nil, 400), "", "desde")
}

func asListOrEmpty(v any) []map[string]any {
	if v == nil {
		return nil
	}
	return asList(v)
}

func TestProdutosBuscaEPaginas(t *testing.T) {
	e := setup(t)
	mk := func(codigo, desc, grupo, marca, ean string, ativo bool) {
		b := produto(codigo, desc)
		b["grupo"], b["marca"], b["ean"], b["ativo"] = grupo, marca, ean, ativo
		e.do(t, "POST", "/crm/produtos", e.admin, b, 200)
	}
	mk("A-10", "Açúcar refinado 1 kg", "Mercearia", "Doce Lar", "7891000100103", true)
	mk("A-11", "Açúcar cristal 5 kg", "Mercearia", "União", "", true)
	mk("B-20", "Café torrado 500 g", "Café", "Aroma Mineiro", "7896005800119", true)
	mk("C-30", "Feijão carioca 1 kg", "Mercearia", "Da Roça", "", false)
	mk("D-40", "Sabão em pó 1 kg", "Limpeza", "Lar Limpo", "", true)
	names := func(q string) []string {
		var out []string
		for _, p := range asListOrEmpty(decode(t, e.do(t, "GET", "/crm/produtos?"+q, e.v1, nil, 200))["produtos"]) {
			out = append(out, p["codigo"].(string))
		}
		return out
	}
	for q, want := range map[string][]string{
		"q=acucar":                          {"A-11", "A-10"},
		"q=" + url.QueryEscape("AÇÚCAR 5"):  {"A-11"},
		"q=cafe":                            {"B-20"},
		"q=7896005800119":                   {"B-20"},
		"q=c-30":                            {"C-30"},
		"grupo=mercearia":                   {"A-11", "A-10", "C-30"},
		"marca=" + url.QueryEscape("União"): {"A-11"},
		"ativo=false":                       {"C-30"},
		"grupo=Mercearia&ativo=true":        {"A-11", "A-10"},
	} {
		if got := names(q); !slices.Equal(got, want) {
			t.Errorf("%s: %v, esperado %v", q, got, want)
		}
	}
	// Pages of 2 cover every product once, in description order.
	var all []string
	tok := ""
	for i := 0; i < 5; i++ {
		l := decode(t, e.do(t, "GET", "/crm/produtos?page_size=2&page_token="+url.QueryEscape(tok), e.sup, nil, 200))
		for _, p := range asList(l["produtos"]) {
			all = append(all, p["codigo"].(string))
		}
		if tok, _ = l["next_page_token"].(string); tok == "" {
			break
		}
	}
	if want := []string{"A-11", "A-10", "B-20", "C-30", "D-40"}; !slices.Equal(all, want) {
		t.Errorf("páginas: %v, esperado %v", all, want)
	}
	// Another company sees none of them.
	if l := decode(t, e.do(t, "GET", "/crm/produtos", e.adminB, nil, 200)); len(asListOrEmpty(l["produtos"])) != 0 {
		t.Errorf("outra empresa vê: %v", l)
	}
}

func TestTabelasPrecosCondicoes(t *testing.T) {
	e := setup(t)
	var pids []string
	for i := 0; i < 3; i++ {
		b := produto(fmt.Sprintf("P-%d", i), fmt.Sprintf("Produto %d", i))
		e.do(t, "POST", "/crm/produtos", e.admin, b, 200)
		pids = append(pids, b["id"].(string))
	}
	slices.Sort(pids)
	tab := decode(t, e.do(t, "POST", "/crm/tabelas-preco", e.admin, map[string]any{"id": "tab-sp", "nome": "Tabela SP", "validade_inicio": "2025-01-01",
		"ufs": []string{"sp"}, "desconto_percentual": 2.5}, 200))
	if tab["ufs"].([]any)[0] != "SP" || tab["desconto_percentual"] != 2.5 || tab["padrao"] != false {
		t.Errorf("tabela: %v", tab)
	}
	erro(t, e.do(t, "POST", "/crm/tabelas-preco", e.admin, map[string]any{"nome": "", "validade_inicio": "2025-13-01", "validade_fim": "2024-01-01", "ufs": []string{"XX"}}, 400),
		"DADOS_INVALIDOS", "nome", "validade_inicio", "ufs")
	erro(t, e.do(t, "POST", "/crm/tabelas-preco", e.v1, map[string]any{"nome": "Do vendedor"}, 403), "PERFIL_NAO_PERMITIDO")
	up := decode(t, e.do(t, "PATCH", "/crm/tabelas-preco/tab-sp", e.admin, map[string]any{"versao": "1", "nome": "Tabela São Paulo", "limpar_ufs": true}, 200))
	if up["nome"] != "Tabela São Paulo" || len(up["ufs"].([]any)) != 0 || up["versao"] != "2" {
		t.Errorf("tabela alterada: %v", up)
	}
	erro(t, e.do(t, "PATCH", "/crm/tabelas-preco/tab-sp", e.admin, map[string]any{"versao": "1", "nome": "X"}, 409), "VERSAO_DESATUALIZADA")

	// Prices.
	for i, id := range pids {
		pr := decode(t, e.do(t, "PUT", "/crm/tabelas-preco/tab-sp/precos/"+id, e.admin, map[string]any{"preco_centavos": 1000 + i, "preco_minimo_centavos": 900}, 200))
		if pr["preco_centavos"] != fmt.Sprint(1000+i) || pr["tabela_id"] != "tab-sp" || pr["produto_id"] != id {
			t.Errorf("preço: %v", pr)
		}
	}
	pr := decode(t, e.do(t, "PUT", "/crm/tabelas-preco/tab-sp/precos/"+pids[0], e.admin, map[string]any{"preco_centavos": 1500}, 200))
	if pr["preco_centavos"] != "1500" || pr["versao"] != "2" {
		t.Errorf("preço substituído: %v", pr)
	}
	erro(t, e.do(t, "PUT", "/crm/tabelas-preco/tab-sp/precos/"+pids[1], e.admin, map[string]any{"preco_centavos": 0}, 400), "", "preco_centavos")
	erro(t, e.do(t, "PUT", "/crm/tabelas-preco/tab-sp/precos/nao-existe", e.admin, map[string]any{"preco_centavos": 10}, 404), "NAO_ENCONTRADO")
	erro(t, e.do(t, "PUT", "/crm/tabelas-preco/tab-sp/precos/"+pids[1], e.v1, map[string]any{"preco_centavos": 10}, 403), "PERFIL_NAO_PERMITIDO")
	var got []string
	tok := ""
	for i := 0; i < 4; i++ {
		l := decode(t, e.do(t, "GET", "/crm/tabelas-preco/tab-sp/precos?page_size=2&page_token="+url.QueryEscape(tok), e.v1, nil, 200))
		for _, p := range asList(l["precos"]) {
			got = append(got, p["produto_id"].(string))
		}
		if tok, _ = l["next_page_token"].(string); tok == "" {
			break
		}
	}
	if !slices.Equal(got, pids) {
		t.Errorf("preços paginados: %v, esperado %v", got, pids)
	}
	// Removing a price, then setting it again.
	e.do(t, "DELETE", "/crm/tabelas-preco/tab-sp/precos/"+pids[2], e.admin, nil, 200)
	if l := decode(t, e.do(t, "GET", "/crm/tabelas-preco/tab-sp/precos", e.v1, nil, 200)); len(asList(l["precos"])) != 2 {
		t.Errorf("preço removido ainda listado: %v", l)
	}
	pr = decode(t, e.do(t, "PUT", "/crm/tabelas-preco/tab-sp/precos/"+pids[2], e.admin, map[string]any{"preco_centavos": 777}, 200))
	if pr["preco_centavos"] != "777" || pr["excluido"] != false {
		t.Errorf("preço de volta: %v", pr)
	}
	ch := decode(t, e.do(t, "GET", "/crm/precos/alteracoes", e.v2, nil, 200))
	if n := len(asList(ch["alteracoes"])); n != 3 || ch["total"] != float64(3) {
		t.Errorf("alterações de preços: %d (total %v) %v", n, ch["total"], ch)
	}
	// Another company: the table and its prices are out of reach, and nothing is written.
	before := testkit.Fingerprint(t, e.store)
	erro(t, e.do(t, "GET", "/crm/tabelas-preco/tab-sp/precos", e.adminB, nil, 403), "FORA_DO_ESCOPO")
	erro(t, e.do(t, "PUT", "/crm/tabelas-preco/tab-sp/precos/"+pids[0], e.adminB, map[string]any{"preco_centavos": 1}, 403), "FORA_DO_ESCOPO")
	erro(t, e.do(t, "DELETE", "/crm/tabelas-preco/tab-sp", e.adminB, nil, 403), "FORA_DO_ESCOPO")
	if testkit.Fingerprint(t, e.store) != before {
		t.Error("recusa de outra empresa gravou")
	}
	if l := decode(t, e.do(t, "GET", "/crm/precos/alteracoes", e.adminB, nil, 200)); len(asListOrEmpty(l["alteracoes"])) != 0 {
		t.Errorf("outra empresa vê preços: %v", l)
	}

	// Payment terms.
	c := decode(t, e.do(t, "POST", "/crm/condicoes-pagamento", e.admin, map[string]any{"id": "c-28-35-42", "nome": "28/35/42", "parcelas_dias": []int{28, 35, 42},
		"forma": "Boleto", "acrescimo_percentual": 1.5, "valor_minimo_centavos": 30000}, 200))
	if c["forma"] != "boleto" || c["acrescimo_percentual"] != 1.5 || c["ativo"] != true || len(c["parcelas_dias"].([]any)) != 3 {
		t.Errorf("condição: %v", c)
	}
	erro(t, e.do(t, "POST", "/crm/condicoes-pagamento", e.admin, map[string]any{"nome": "Ruim", "parcelas_dias": []int{35, 28}, "forma": "cheque",
		"acrescimo_percentual": -100}, 400), "DADOS_INVALIDOS", "parcelas_dias", "forma", "acrescimo_percentual")
	l := decode(t, e.do(t, "GET", "/crm/condicoes-pagamento", e.v1, nil, 200))
	if cs := asList(l["condicoes"]); len(cs) != 1 || cs[0]["valor_minimo_centavos"] != "30000" {
		t.Errorf("condições: %v", l)
	}
	e.do(t, "PATCH", "/crm/condicoes-pagamento/c-28-35-42", e.admin, map[string]any{"ativo": false}, 200)
	erro(t, e.do(t, "PATCH", "/crm/condicoes-pagamento/c-28-35-42", e.v1, map[string]any{"ativo": true}, 403), "PERFIL_NAO_PERMITIDO")
	erro(t, e.do(t, "GET", "/crm/condicoes-pagamento/c-28-35-42", e.adminB, nil, 403), "FORA_DO_ESCOPO")
	primeira := decode(t, e.do(t, "GET", "/crm/condicoes-pagamento/alteracoes", e.v1, nil, 200))
	if primeira["total"] != float64(len(asList(primeira["alteracoes"]))) {
		t.Errorf("total da primeira cópia de condições (kit de entidades): %v", primeira)
	}
	cur := primeira["cursor"].(string)
	e.do(t, "DELETE", "/crm/condicoes-pagamento/c-28-35-42", e.admin, nil, 200)
	ch = decode(t, e.do(t, "GET", "/crm/condicoes-pagamento/alteracoes?desde="+url.QueryEscape(cur), e.v1, nil, 200))
	if a := asList(ch["alteracoes"]); len(a) != 1 || a[0]["removido"] != true || a[0]["id"] != "c-28-35-42" {
		t.Errorf("alterações de condições: %v", ch)
	}
}

func TestPoliticaERegrasST(t *testing.T) {
	e := setup(t)
	pol := map[string]any{"uf_origem": "sp", "flex_permitido": true, "desconto_maximo_padrao_percentual": 2,
		"vendedores": []map[string]any{{"id": e.ids["v1"], "desconto_maximo_percentual": 5, "saldo_flex_centavos": 50000,
			"verba_bonificacao_centavos": 30000}, {"id": e.ids["v2"], "desconto_maximo_percentual": 4},
			{"id": e.ids["sup"], "desconto_maximo_percentual": 10}},
		"motivos_bloqueantes": []string{"limite_de_credito_excedido"},
		"promocoes":           []map[string]any{{"id": "promo-1", "grupo": "Doces", "percentual": 10, "inicio": "2025-01-01", "fim": "2025-12-31"}},
		"descontos_volume":    []map[string]any{{"id": "vol-1", "grupo": "Bebidas", "quantidade_minima": 24, "percentual": 3}}}
	erro(t, e.do(t, "PUT", "/crm/politica-comercial", e.v1, pol, 403), "PERFIL_NAO_PERMITIDO")
	p := decode(t, e.do(t, "PUT", "/crm/politica-comercial", e.admin, pol, 200))
	if p["uf_origem"] != "SP" || p["versao"] != "1" || len(p["vendedores"].([]any)) != 3 {
		t.Errorf("política: %v", p)
	}
	// The bonificação budget and the reasons the company blocks (orders, issue 11) are kept.
	if v := asList(p["vendedores"])[0]; v["verba_bonificacao_centavos"] != "30000" ||
		!reflect.DeepEqual(p["motivos_bloqueantes"], []any{"LIMITE_DE_CREDITO_EXCEDIDO"}) {
		t.Errorf("verba e bloqueantes: %v", p)
	}
	// A seller sees their own entry only; the supervisor theirs and their team's.
	vis := func(tok string) []string {
		var out []string
		for _, v := range asListOrEmpty(decode(t, e.do(t, "GET", "/crm/politica-comercial", tok, nil, 200))["vendedores"]) {
			out = append(out, v["id"].(string))
		}
		slices.Sort(out)
		return out
	}
	if got := vis(e.v1); !slices.Equal(got, []string{e.ids["v1"]}) {
		t.Errorf("vendedor vê %v", got)
	}
	want := []string{e.ids["sup"], e.ids["v1"]}
	slices.Sort(want)
	if got := vis(e.sup); !slices.Equal(got, want) {
		t.Errorf("supervisor vê %v", got)
	}
	if got := vis(e.adminB); len(got) != 0 {
		t.Errorf("outra empresa vê %v", got)
	}
	erro(t, e.do(t, "PUT", "/crm/politica-comercial", e.admin, map[string]any{"versao": "7", "uf_origem": "SP"}, 409), "VERSAO_DESATUALIZADA")
	bad := map[string]any{"uf_origem": "XX", "promocoes": []map[string]any{{"id": "p", "percentual": 120}},
		"motivos_bloqueantes": []string{"CLIENTE_FELIZ"}}
	erro(t, e.do(t, "PUT", "/crm/politica-comercial", e.admin, bad, 400), "DADOS_INVALIDOS", "uf_origem", "promocoes[0].produto_id",
		"promocoes[0].percentual", "motivos_bloqueantes[0]")

	// ST rules: one per NCM × UF.
	r := decode(t, e.do(t, "POST", "/crm/regras-st", e.admin, map[string]any{"id": "st-sp", "ncm": "2202", "uf": "sp", "mva_percentual": 40,
		"aliquota_interna_percentual": 18, "aliquota_interestadual_percentual": 12}, 200))
	if r["uf"] != "SP" || r["mva_percentual"] != 40.0 {
		t.Errorf("regra: %v", r)
	}
	erro(t, e.do(t, "POST", "/crm/regras-st", e.admin, map[string]any{"ncm": "2202", "uf": "SP", "mva_percentual": 30}, 409), "CHAVE_DUPLICADA")
	erro(t, e.do(t, "POST", "/crm/regras-st", e.admin, map[string]any{"ncm": "2", "uf": "ZZ", "mva_percentual": 2000, "aliquota_interna_percentual": 100}, 400),
		"DADOS_INVALIDOS", "ncm", "uf", "mva_percentual", "aliquota_interna_percentual")
	erro(t, e.do(t, "POST", "/crm/regras-st", e.v1, map[string]any{"ncm": "2203", "uf": "SP"}, 403), "PERFIL_NAO_PERMITIDO")
	// The list's UF filter (declared in contracts/formularios.json), normalized as the form's field.
	e.do(t, "POST", "/crm/regras-st", e.admin, map[string]any{"id": "st-mg", "ncm": "2202", "uf": "MG", "mva_percentual": 40,
		"aliquota_interna_percentual": 18, "aliquota_interestadual_percentual": 12}, 200)
	ufs := func(q string) (out []any) {
		for _, r := range asList(decode(t, e.do(t, "GET", "/crm/regras-st"+q, e.v1, nil, 200))["regras"]) {
			out = append(out, r["uf"])
		}
		return out
	}
	if l := ufs("?uf=%20sp%20"); len(l) != 1 || l[0] != "SP" {
		t.Errorf("regras de SP: %v", l)
	}
	if l := ufs(""); len(l) != 2 {
		t.Errorf("todas as regras: %v", l)
	}
	e.do(t, "DELETE", "/crm/regras-st/st-mg", e.admin, nil, 200)
	erro(t, e.do(t, "DELETE", "/crm/regras-st/st-sp", e.adminB, nil, 403), "FORA_DO_ESCOPO")
	e.do(t, "DELETE", "/crm/regras-st/st-sp", e.admin, nil, 200)
	// Deleted, its NCM × UF is free again.
	e.do(t, "POST", "/crm/regras-st", e.admin, map[string]any{"ncm": "2202", "uf": "SP", "mva_percentual": 30}, 200)
}

// TestPoliciesCobremTudo: every RPC of the service has a method policy.
func TestPoliciesCobremTudo(t *testing.T) {
	for _, d := range []grpc.ServiceDesc{salesv1.SalesService_ServiceDesc, salesv1.PedidosService_ServiceDesc} {
		for _, m := range d.Methods {
			name := "/" + d.ServiceName + "/" + m.MethodName
			if _, ok := sales.Policies[name]; !ok {
				t.Errorf("%s sem política", name)
			}
		}
	}
}

// TestGRPC: the same rules over gRPC.
func TestGRPC(t *testing.T) {
	e := setup(t)
	cli := salesv1.NewSalesServiceClient(e.st.Conn)
	p, err := cli.CriarProduto(testkit.Ctx(e.admin), &salesv1.CriarProdutoRequest{Codigo: "G-1", Descricao: "Produto gRPC", Ncm: "22021000", IpiPercentual: 5})
	if err != nil || p.GetIpiPercentual() != 5 || p.GetMultiploVenda() != 1 {
		t.Fatalf("criar: %v %v", p, err)
	}
	if _, err := cli.CriarProduto(testkit.Ctx(e.v1), &salesv1.CriarProdutoRequest{Codigo: "G-2", Descricao: "X", Ncm: "22021000"}); status.Code(err) != codes.PermissionDenied {
		t.Errorf("vendedor cria: %v", err)
	}
	if _, err := cli.ObterProduto(testkit.Ctx(e.adminB), &salesv1.ObterProdutoRequest{Id: p.GetId()}); status.Code(err) != codes.PermissionDenied {
		t.Errorf("outra empresa lê: %v", err)
	}
	if _, err := cli.CriarProduto(testkit.Ctx(e.admin), &salesv1.CriarProdutoRequest{Codigo: "g-1", Descricao: "Y", Ncm: "22021000"}); status.Code(err) != codes.AlreadyExists && status.Code(err) != codes.Aborted {
		t.Errorf("código repetido: %v", err)
	}
}
