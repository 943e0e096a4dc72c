package customer_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/google/uuid"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	customerv1 "github.com/crmvendas/crm/proto/gen/go/crm/customer/v1"
	"github.com/crmvendas/crm/services/address"
	"github.com/crmvendas/crm/services/customer"
	"github.com/crmvendas/crm/services/operator"
	"github.com/crmvendas/crm/services/platform/server"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// env: company A with an ADMIN, a SUPERVISOR whose team is v1 and v2, sellers v1, v2 and v3
// (outside the team); company B with an ADMIN and a seller.
type env struct {
	st                     *testkit.Stack
	store                  *store.Store
	cust                   *customer.Customer
	empA, empB             string
	ids                    map[string]string // role -> operator id
	admin, sup, v1, v2, v3 string
	adminB, vB, nobody     string
}

func setup(t *testing.T) *env {
	t.Helper()
	st := testkit.Store(t, customer.DatabaseName)
	op, err := operator.New(operator.Deps{Store: st.For(operator.DatabaseName), Auth: testkit.AuthClient(t)})
	if err != nil {
		t.Fatal(err)
	}
	local := &server.Deferred{}
	addr, err := address.New(address.Deps{Store: st.For(address.DatabaseName), ViaCEPURL: "http://127.0.0.1:1", OnRegiaoAlterada: customer.RegiaoAlterada(local)})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{store: st, empA: "a-" + uuid.NewString()[:8], empB: "b-" + uuid.NewString()[:8], ids: map[string]string{}}
	if e.cust, err = customer.New(customer.Deps{Store: st, Address: local, Operator: local}); err != nil {
		t.Fatal(err)
	}
	e.st = testkit.StartStackLocal(t, op.Resolver(), local, op.Module(), addr.Module(), e.cust.Module())
	user := func(empresa, key, perfil string, equipe ...string) string {
		u := testkit.NewUser(t, strings.ToLower(key))
		id := key + "-" + uuid.NewString()[:6]
		for i, m := range equipe {
			equipe[i] = e.ids[m]
		}
		if _, err := op.EnsureOperator(context.Background(), operator.Seed{Empresa: empresa, ID: id, Email: u.Email, Nome: "Operador " + key, Perfil: perfil, Equipe: equipe}); err != nil {
			t.Fatal(err)
		}
		e.ids[key] = id
		return u.Token
	}
	e.admin = user(e.empA, "admin", "ADMIN")
	e.v1 = user(e.empA, "v1", "VENDEDOR")
	e.v2 = user(e.empA, "v2", "VENDEDOR")
	e.v3 = user(e.empA, "v3", "VENDEDOR")
	e.sup = user(e.empA, "sup", "SUPERVISOR", "v1", "v2")
	e.adminB = user(e.empB, "adminB", "ADMIN")
	e.vB = user(e.empB, "vB", "VENDEDOR")
	e.nobody = testkit.NewUser(t, "semoperador").Token
	return e
}

type clienteJSON struct {
	ID, Empresa, TipoPessoa, Documento, Nome, NomeFantasia, Status, VendedorID, Cidade, UF, CidadeIBGE, RegiaoID string
	Versao                                                                                                       string
	LimiteCreditoCentavos                                                                                        string
	Excluido                                                                                                     bool
	Enderecos                                                                                                    []map[string]any
	Contatos                                                                                                     []map[string]any
}

func (c *clienteJSON) UnmarshalJSON(b []byte) error {
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	s := func(k string) string { v, _ := m[k].(string); return v }
	*c = clienteJSON{ID: s("id"), Empresa: s("empresa"), TipoPessoa: s("tipo_pessoa"), Documento: s("documento"), Nome: s("nome"),
		NomeFantasia: s("nome_fantasia"), Status: s("status"), VendedorID: s("vendedor_id"), Cidade: s("cidade"), UF: s("uf"),
		CidadeIBGE: s("cidade_ibge"), RegiaoID: s("regiao_id"), Versao: s("versao"), LimiteCreditoCentavos: s("limite_credito_centavos")}
	c.Excluido, _ = m["excluido"].(bool)
	for _, k := range []string{"enderecos", "contatos"} {
		l, _ := m[k].([]any)
		for _, x := range l {
			if k == "enderecos" {
				c.Enderecos = append(c.Enderecos, x.(map[string]any))
			} else {
				c.Contatos = append(c.Contatos, x.(map[string]any))
			}
		}
	}
	return nil
}

type lista struct {
	Clientes []clienteJSON `json:"clientes"`
	Next     string        `json:"next_page_token"`
}

type erroJSON struct {
	Status   int    `json:"status"`
	Mensagem string `json:"mensagem"`
	Campos   []struct {
		Campo     string `json:"campo"`
		Descricao string `json:"descricao"`
	} `json:"campos"`
}

func decode[T any](t *testing.T, b []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("json %s: %v", b, err)
	}
	return v
}

func (e *env) do(t *testing.T, method, path, tok string, body any, want int) []byte {
	t.Helper()
	code, b := e.st.Do(t, method, path, tok, body)
	if code != want {
		t.Fatalf("%s %s: %d, esperado %d: %s", method, path, code, want, b)
	}
	return b
}

// Valid documents for tests.
var cnpjs = []string{"11.222.333/0001-81", "45.997.418/0001-53", "12.ABC.345/01DE-35", "11.444.777/0001-61", "04.252.011/0001-10", "33.000.167/0001-01"}

const cpf = "529.982.247-25"

func novoCliente(doc, nome, fantasia string) map[string]any {
	return map[string]any{"id": uuid.NewString(), "documento": doc, "nome": nome, "nome_fantasia": fantasia, "telefone": "(11) 3333-4444",
		"limite_credito_centavos": "150000",
		"enderecos": []map[string]any{{"tipo": "ENTREGA", "cep": "01310-100", "logradouro": "Avenida Paulista", "numero": "1000",
			"bairro": "Bela Vista", "ibge": "3550308"}},
		"contatos": []map[string]any{{"nome": "Ana Compras", "cargo": "Compradora", "celular": "11999998888"}}}
}

func TestClientesREST(t *testing.T) {
	e := setup(t)
	body := novoCliente(cnpjs[0], "Mercado São João Ltda", "São João")
	c := decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, body, 200))
	if c.ID != body["id"] || c.Empresa != e.empA || c.TipoPessoa != "PJ" || c.Documento != "11222333000181" || c.VendedorID != e.ids["v1"] ||
		c.Status != "ativo" || c.Cidade != "São Paulo" || c.UF != "SP" || c.CidadeIBGE != "3550308" || c.Versao != "1" || c.LimiteCreditoCentavos != "150000" {
		t.Fatalf("criado: %+v", c)
	}
	if len(c.Enderecos) != 1 || c.Enderecos[0]["principal"] != true || c.Enderecos[0]["id"] == "" || len(c.Contatos) != 1 || c.Contatos[0]["principal"] != true {
		t.Fatalf("endereços/contatos: %+v %+v", c.Enderecos, c.Contatos)
	}
	// A retried create (same id) returns the same customer, no duplicate.
	again := decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, body, 200))
	if again.ID != c.ID || again.Versao != "1" {
		t.Fatalf("retry: %+v", again)
	}
	// The same document under another id: 409 naming the customer.
	dup := novoCliente("11222333000181", "Outro", "")
	er := decode[erroJSON](t, e.do(t, "POST", "/crm/clientes", e.v2, dup, 409))
	if !strings.Contains(er.Mensagem, "Mercado São João Ltda") || !strings.Contains(er.Mensagem, "outro vendedor") {
		t.Fatalf("409: %+v", er)
	}
	// Bad input: every field problem at once, in pt-BR, nothing written.
	bad := map[string]any{"tipo_pessoa": "FISICA", "documento": "123.456.789-00", "telefone": "12", "email": "x@",
		"enderecos": []map[string]any{{"logradouro": "Rua", "ibge": "1234567"}}}
	er = decode[erroJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, bad, 400))
	fields := map[string]string{}
	for _, f := range er.Campos {
		fields[f.Campo] = f.Descricao
	}
	for _, f := range []string{"documento", "nome", "telefone", "email", "enderecos[0].ibge"} {
		if fields[f] == "" {
			t.Errorf("sem erro no campo %s: %+v", f, er)
		}
	}
	if fields["telefone"] != "Número de telefone inválido" || !strings.Contains(fields["documento"], "CPF inválido") {
		t.Errorf("mensagens: %+v", fields)
	}

	// Read, patch with versao, stale versao 409.
	got := decode[clienteJSON](t, e.do(t, "GET", "/crm/clientes/"+c.ID, e.v1, nil, 200))
	if got.Nome != c.Nome {
		t.Fatalf("get: %+v", got)
	}
	p := decode[clienteJSON](t, e.do(t, "PATCH", "/crm/clientes/"+c.ID, e.v1, map[string]any{"nome_fantasia": "Mercadinho São João", "status": "bloqueado", "versao": "1"}, 200))
	if p.NomeFantasia != "Mercadinho São João" || p.Status != "bloqueado" || p.Versao != "2" || p.Nome != c.Nome {
		t.Fatalf("patch: %+v", p)
	}
	e.do(t, "PATCH", "/crm/clientes/"+c.ID, e.v1, map[string]any{"nome": "X", "versao": "1"}, 409)
	e.do(t, "PATCH", "/crm/clientes/"+c.ID, e.v1, map[string]any{"status": "talvez"}, 400)
	e.do(t, "PATCH", "/crm/clientes/"+c.ID, e.v1, map[string]any{"campo_que_nao_existe": 1}, 400)

	// Contacts and addresses.
	ct := decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes/"+c.ID+"/contatos", e.v1, map[string]any{"nome": "Bruno Gerente", "cargo": "Gerente", "celular": "(11) 98888-7777", "principal": true}, 200))
	if len(ct.Contatos) != 2 || ct.Contatos[0]["principal"] != false || ct.Contatos[1]["principal"] != true || ct.Contatos[1]["celular"] != "11988887777" {
		t.Fatalf("contatos: %+v", ct.Contatos)
	}
	e.do(t, "POST", "/crm/clientes/"+c.ID+"/contatos", e.v1, map[string]any{"nome": "", "email": "nao-e-email"}, 400)
	ctID := ct.Contatos[1]["id"].(string)
	e.do(t, "DELETE", "/crm/clientes/"+c.ID+"/contatos/"+ctID, e.v1, nil, 200)
	e.do(t, "DELETE", "/crm/clientes/"+c.ID+"/contatos/"+ctID, e.v1, nil, 404)
	en := decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes/"+c.ID+"/enderecos", e.v1, map[string]any{"tipo": "COBRANCA", "principal": true, "cep": "80010000",
		"logradouro": "Praça Tiradentes", "numero": "1", "cidade": "Curitiba", "uf": "PR", "latitude": -25.43, "longitude": -49.27}, 200))
	if len(en.Enderecos) != 2 || en.CidadeIBGE != "4106902" || en.Cidade != "Curitiba" || en.Enderecos[1]["latitude"] != -25.43 {
		t.Fatalf("endereços: %+v", en)
	}
	e.do(t, "POST", "/crm/clientes/"+c.ID+"/enderecos", e.v1, map[string]any{"logradouro": "Rua", "cidade": "Atlântida", "uf": "SP"}, 400)

	// More customers for search and pages.
	for i, n := range []string{"Padaria Pão de Ouro", "Farmácia Saúde", "Açougue Boi Gordo", "Empório Sao Joao Del Rei"} {
		e.do(t, "POST", "/crm/clientes", e.v1, novoCliente(cnpjs[i+1], n, ""), 200)
	}
	e.do(t, "POST", "/crm/clientes", e.v1, map[string]any{"tipo_pessoa": "FISICA", "documento": cpf, "nome": "José da Silva"}, 200)
	e.do(t, "POST", "/crm/clientes", e.v2, novoCliente(cnpjs[5], "Mercado do v2", ""), 200)

	search := func(tok, q string) []string {
		l := decode[lista](t, e.do(t, "GET", "/crm/clientes?"+q, tok, nil, 200))
		var names []string
		for _, c := range l.Clientes {
			names = append(names, c.Nome)
		}
		return names
	}
	if got := search(e.v1, "q=sao+joao"); len(got) != 2 || got[0] != "Empório Sao Joao Del Rei" || got[1] != "Mercado São João Ltda" {
		t.Fatalf("busca sem acento: %v", got)
	}
	if got := search(e.v1, "q=FARMACIA"); len(got) != 1 {
		t.Fatalf("busca maiúscula: %v", got)
	}
	if got := search(e.v1, "q=11.222.333"); len(got) != 1 || got[0] != "Mercado São João Ltda" {
		t.Fatalf("busca por documento: %v", got)
	}
	if got := search(e.v1, "q=529982"); len(got) != 1 || got[0] != "José da Silva" {
		t.Fatalf("busca por CPF: %v", got)
	}
	if got := search(e.v1, "cidade=4106902"); len(got) != 1 {
		t.Fatalf("cidade por IBGE: %v", got)
	}
	if got := search(e.v1, "cidade=sao+paulo"); len(got) != 4 {
		t.Fatalf("cidade por nome: %v", got)
	}
	if got := search(e.v1, "status=bloqueado"); len(got) != 1 {
		t.Fatalf("status: %v", got)
	}
	e.do(t, "GET", "/crm/clientes?status=sumido", e.v1, nil, 400)
	// Pages: stable order by name, no repeats, nothing missed.
	var all []string
	tok := ""
	for i := 0; i < 10; i++ {
		l := decode[lista](t, e.do(t, "GET", "/crm/clientes?page_size=2&page_token="+url.QueryEscape(tok), e.v1, nil, 200))
		for _, c := range l.Clientes {
			all = append(all, c.Nome)
		}
		if tok = l.Next; tok == "" {
			break
		}
	}
	want := []string{"Açougue Boi Gordo", "Empório Sao Joao Del Rei", "Farmácia Saúde", "José da Silva", "Mercado São João Ltda", "Padaria Pão de Ouro"}
	if strings.Join(all, "|") != strings.Join(want, "|") {
		t.Fatalf("páginas: %v", all)
	}
	e.do(t, "GET", "/crm/clientes?page_token=lixo", e.v1, nil, 400)

	// Delete: VENDEDOR may not; SUPERVISOR may; then 404 and gone from lists.
	e.do(t, "DELETE", "/crm/clientes/"+c.ID, e.v1, nil, 403)
	del := decode[clienteJSON](t, e.do(t, "DELETE", "/crm/clientes/"+c.ID, e.sup, nil, 200))
	if !del.Excluido {
		t.Fatalf("tombstone: %+v", del)
	}
	e.do(t, "GET", "/crm/clientes/"+c.ID, e.v1, nil, 404)
	// Registering the document again reactivates the same customer.
	re := decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, novoCliente(cnpjs[0], "Mercado São João Novo", ""), 200))
	if re.ID != c.ID || re.Status != "ativo" || re.Nome != "Mercado São João Novo" || re.Excluido {
		t.Fatalf("reativado: %+v", re)
	}
	// An inactive one too.
	e.do(t, "PATCH", "/crm/clientes/"+re.ID, e.v1, map[string]any{"status": "inativo"}, 200)
	re2 := decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, novoCliente(cnpjs[0], "Mercado São João", ""), 200))
	if re2.ID != c.ID || re2.Status != "ativo" {
		t.Fatalf("reativado de inativo: %+v", re2)
	}
}

// snapshot fingerprints the whole store (every write appends to its feed or moves a key), to
// prove refused calls wrote nothing.
func snapshot(t *testing.T, st *store.Store) string { return testkit.Fingerprint(t, st) }

func TestEscopoEIsolamento(t *testing.T) {
	e := setup(t)
	c1 := decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, novoCliente(cnpjs[0], "Cliente do V1", ""), 200))
	c3 := decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes", e.v3, novoCliente(cnpjs[1], "Cliente do V3", ""), 200))
	cb := decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes", e.vB, novoCliente(cnpjs[0], "Cliente da B", ""), 200))
	if cb.Empresa != e.empB {
		t.Fatalf("empresa B: %+v", cb)
	}
	// A VENDEDOR creating for another seller is refused.
	other := novoCliente(cnpjs[2], "X", "")
	other["vendedor_id"] = e.ids["v2"]
	e.do(t, "POST", "/crm/clientes", e.v1, other, 403)
	// SUPERVISOR creates for a team member, not for v3.
	other["vendedor_id"] = e.ids["v3"]
	e.do(t, "POST", "/crm/clientes", e.sup, other, 403)
	other["vendedor_id"] = e.ids["v2"]
	if c := decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes", e.sup, other, 200)); c.VendedorID != e.ids["v2"] {
		t.Fatalf("supervisor: %+v", c)
	}
	// ADMIN may not give a customer to an operator that doesn't exist.
	ghost := novoCliente(cnpjs[3], "Y", "")
	ghost["vendedor_id"] = "fantasma"
	e.do(t, "POST", "/crm/clientes", e.admin, ghost, 400)

	before := snapshot(t, e.store)
	paths := []struct{ method, path string }{
		{"GET", "/crm/clientes/%s"}, {"PATCH", "/crm/clientes/%s"}, {"DELETE", "/crm/clientes/%s"},
		{"POST", "/crm/clientes/%s/contatos"}, {"DELETE", "/crm/clientes/%s/contatos/x"},
		{"POST", "/crm/clientes/%s/enderecos"}, {"DELETE", "/crm/clientes/%s/enderecos/x"},
		{"GET", "/crm/clientes/%s/respostas"}, {"POST", "/crm/clientes/%s/respostas"},
	}
	bodyFor := func(m string) any {
		if m == "GET" || m == "DELETE" {
			return nil
		}
		return map[string]any{}
	}
	for _, p := range paths {
		for _, c := range []struct {
			who, tok, id string
			want         int
		}{
			{"v2 (outro vendedor) no cliente do v1", e.v2, c1.ID, 403},
			{"supervisor no cliente do v3 (fora da equipe)", e.sup, c3.ID, 403},
			{"empresa B no cliente da A", e.adminB, c1.ID, 403},
			{"vendedor da B no cliente da A", e.vB, c1.ID, 403},
			{"empresa A no cliente da B", e.admin, cb.ID, 403},
			{"sem token", "", c1.ID, 401},
			{"token inválido", "x.y.z", c1.ID, 401},
			{"sem operador", e.nobody, c1.ID, 403},
		} {
			if p.method == "DELETE" && strings.Count(p.path, "/") == 3 && (c.tok == e.v2 || c.tok == e.vB) {
				c.want = 403 // VENDEDOR may not delete at all
			}
			path := fmt.Sprintf(p.path, c.id)
			if code, b := e.st.Do(t, p.method, path, c.tok, bodyFor(p.method)); code != c.want {
				t.Errorf("%s %s (%s): %d, esperado %d: %s", p.method, path, c.who, code, c.want, b)
			}
		}
	}
	// Lists and other routes that name a seller or customers outside the scope.
	for _, c := range []struct {
		method, path, tok string
		body              any
		want              int
	}{
		{"GET", "/crm/clientes?vendedor=" + e.ids["v1"], e.v2, nil, 403},
		{"GET", "/crm/clientes?vendedor=" + e.ids["v3"], e.sup, nil, 403},
		{"POST", "/crm/carteira/atribuir", e.v1, map[string]any{"cliente_ids": []string{c1.ID}, "vendedor_id": e.ids["v1"]}, 403},
		{"POST", "/crm/carteira/atribuir", e.sup, map[string]any{"cliente_ids": []string{c3.ID}, "vendedor_id": e.ids["v1"]}, 403},
		{"POST", "/crm/carteira/atribuir", e.adminB, map[string]any{"cliente_ids": []string{c1.ID}, "vendedor_id": e.ids["vB"]}, 403},
		{"POST", "/crm/carteira/transferir", e.sup, map[string]any{"de_vendedor_id": e.ids["v1"], "para_vendedor_id": e.ids["v2"]}, 403},
		{"POST", "/crm/carteira/transferir", e.v1, map[string]any{"de_vendedor_id": e.ids["v1"], "para_vendedor_id": e.ids["v2"]}, 403},
		{"GET", "/crm/carteira/transferencias", e.v1, nil, 403},
		{"POST", "/crm/clientes/importar", e.sup, map[string]any{"csv": "documento;nome\n" + cnpjs[4] + ";Z"}, 403},
		{"POST", "/crm/pesquisas", e.v1, map[string]any{"titulo": "T", "perguntas": []map[string]any{{"texto": "?", "tipo": "TEXTO"}}}, 403},
		{"PATCH", "/crm/pesquisas/demo", e.sup, map[string]any{"titulo": "T"}, 403},
		{"GET", "/crm/clientes", "", nil, 401},
		{"GET", "/crm/clientes/alteracoes", e.nobody, nil, 403},
		{"GET", "/crm/carteira", "bad", nil, 401},
	} {
		if code, b := e.st.Do(t, c.method, c.path, c.tok, c.body); code != c.want {
			t.Errorf("%s %s: %d, esperado %d: %s", c.method, c.path, code, c.want, b)
		}
	}
	if after := snapshot(t, e.store); after != before {
		t.Fatalf("chamadas recusadas gravaram dados:\nantes %s\ndepois %s", before, after)
	}

	// Scopes of lists.
	count := func(tok, q string) int {
		return len(decode[lista](t, e.do(t, "GET", "/crm/clientes?"+q, tok, nil, 200)).Clientes)
	}
	if n := count(e.v1, ""); n != 1 {
		t.Errorf("v1 vê %d", n)
	}
	if n := count(e.sup, ""); n != 2 {
		t.Errorf("supervisor vê %d", n)
	}
	if n := count(e.sup, "vendedor="+e.ids["v2"]); n != 1 {
		t.Errorf("supervisor filtrando v2 vê %d", n)
	}
	if n := count(e.admin, ""); n != 3 {
		t.Errorf("admin vê %d", n)
	}
	if n := count(e.adminB, ""); n != 1 {
		t.Errorf("admin da B vê %d", n)
	}

	// gRPC: the same rules.
	cli := customerv1.NewCustomerServiceClient(e.st.Conn)
	if _, err := cli.ObterCliente(testkit.Ctx(e.v2), &customerv1.ObterClienteRequest{Id: c1.ID}); status.Code(err) != codes.PermissionDenied {
		t.Errorf("gRPC v2: %v", err)
	}
	if _, err := cli.ObterCliente(testkit.Ctx(e.adminB), &customerv1.ObterClienteRequest{Id: c1.ID}); status.Code(err) != codes.PermissionDenied {
		t.Errorf("gRPC outra empresa: %v", err)
	}
	if _, err := cli.ListarClientes(testkit.Ctx(""), &customerv1.ListarClientesRequest{}); status.Code(err) != codes.Unauthenticated {
		t.Errorf("gRPC sem token: %v", err)
	}
	got, err := cli.ObterCliente(testkit.Ctx(e.v1), &customerv1.ObterClienteRequest{Id: c1.ID})
	if err != nil || got.GetNome() != "Cliente do V1" {
		t.Fatalf("gRPC v1: %v %v", got, err)
	}
	if _, err := cli.CriarCliente(testkit.Ctx(e.v1), &customerv1.CriarClienteRequest{Documento: "1", Nome: "x"}); status.Code(err) != codes.InvalidArgument {
		t.Errorf("gRPC inválido: %v", err)
	}
}

type motivoJSON struct {
	Status   int               `json:"status"`
	Motivo   string            `json:"motivo"`
	Detalhes map[string]string `json:"detalhes"`
	Mensagem string            `json:"mensagem"`
}

// TestMotivosEReplays: every refusal says why in a reason the app acts on, and replays of
// creates and deletes behave as the offline outbox needs.
func TestMotivosEReplays(t *testing.T) {
	e := setup(t)
	body := novoCliente(cnpjs[0], "Mercado Motivo", "")
	c := decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, body, 200))
	// The same create again: the first result, no duplicate.
	if again := decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, body, 200)); again.ID != c.ID || again.Versao != "1" {
		t.Fatalf("replay: %+v", again)
	}
	// The same id with another payload.
	other := novoCliente(cnpjs[1], "Outro Mercado", "")
	other["id"] = c.ID
	if m := decode[motivoJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, other, 409)); m.Motivo != "ID_REUTILIZADO" {
		t.Fatalf("id reutilizado: %+v", m)
	}
	// That refused create left cnpjs[1] free.
	free := decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, novoCliente(cnpjs[1], "Documento Livre", ""), 200))
	if free.Documento != "45997418000153" {
		t.Fatalf("documento liberado: %+v", free)
	}
	// A document already registered names the customer.
	m := decode[motivoJSON](t, e.do(t, "POST", "/crm/clientes", e.v2, novoCliente(cnpjs[0], "Duplicado", ""), 409))
	if m.Motivo != "DOCUMENTO_DUPLICADO" || m.Detalhes["cliente_id"] != c.ID || !strings.Contains(m.Mensagem, "Mercado Motivo") {
		t.Fatalf("documento duplicado: %+v", m)
	}
	// A stale versao is its own reason.
	e.do(t, "PATCH", "/crm/clientes/"+c.ID, e.v1, map[string]any{"nome": "Mercado Motivo 2", "versao": "1"}, 200)
	m = decode[motivoJSON](t, e.do(t, "PATCH", "/crm/clientes/"+c.ID, e.v1, map[string]any{"nome": "Mercado Motivo 3", "versao": "1"}, 409))
	if m.Motivo != "VERSAO_DESATUALIZADA" {
		t.Fatalf("versão desatualizada: %+v", m)
	}
	// Another seller's customer, another company's id: FORA_DO_ESCOPO.
	if m := decode[motivoJSON](t, e.do(t, "GET", "/crm/clientes/"+c.ID, e.v2, nil, 403)); m.Motivo != "FORA_DO_ESCOPO" {
		t.Fatalf("fora da carteira: %+v", m)
	}
	if m := decode[motivoJSON](t, e.do(t, "GET", "/crm/clientes/"+c.ID, e.adminB, nil, 403)); m.Motivo != "FORA_DO_ESCOPO" {
		t.Fatalf("outra empresa: %+v", m)
	}
	if m := decode[motivoJSON](t, e.do(t, "GET", "/crm/clientes/nao-existe", e.v1, nil, 404)); m.Motivo != "NAO_ENCONTRADO" {
		t.Fatalf("não encontrado: %+v", m)
	}
	// A replayed DELETE succeeds (the first one's answer may have been lost).
	d1 := decode[clienteJSON](t, e.do(t, "DELETE", "/crm/clientes/"+free.ID, e.sup, nil, 200))
	d2 := decode[clienteJSON](t, e.do(t, "DELETE", "/crm/clientes/"+free.ID, e.sup, nil, 200))
	if !d1.Excluido || !d2.Excluido || d1.Versao != d2.Versao {
		t.Fatalf("exclusão repetida: %+v %+v", d1, d2)
	}
	e.do(t, "GET", "/crm/clientes/"+free.ID, e.v1, nil, 404)
}

// TestReplayDeUmaReativacao (issue 20, part 3): a create whose document is a deleted (or
// inactive) customer's brings that customer back; the same create replayed — an offline device
// that lost the first answer — gets exactly the first answer, never a 409 about its own customer.
func TestReplayDeUmaReativacao(t *testing.T) {
	e := setup(t)
	old := decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes", e.v2, novoCliente(cpf, "Maria Souza", ""), 200))
	e.do(t, "DELETE", "/crm/clientes/"+old.ID, e.admin, nil, 200)

	body := novoCliente(cpf, "Maria Souza Lima", "")
	first := e.do(t, "POST", "/crm/clientes", e.v1, body, 200)
	c := decode[clienteJSON](t, first)
	if c.ID != old.ID || c.Excluido || c.VendedorID != e.ids["v1"] || c.Nome != "Maria Souza Lima" || c.Status != "ativo" {
		t.Fatalf("reativação: %+v", c)
	}
	// The client's id names no customer: the answer names the one brought back.
	if m := decode[motivoJSON](t, e.do(t, "GET", "/crm/clientes/"+body["id"].(string), e.v1, nil, 404)); m.Motivo != "NAO_ENCONTRADO" {
		t.Fatalf("id do aparelho: %+v", m)
	}
	for i := range 2 {
		if again := e.do(t, "POST", "/crm/clientes", e.v1, body, 200); string(again) != string(first) {
			t.Fatalf("repetição %d: %s\nprimeira resposta: %s", i+1, again, first)
		}
	}
	// The same id with another payload is still a reused id.
	other := novoCliente(cpf, "Outra Pessoa", "")
	other["id"] = body["id"]
	if m := decode[motivoJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, other, 409)); m.Motivo != "ID_REUTILIZADO" {
		t.Fatalf("id reutilizado: %+v", m)
	}
	// Another create of the document (a new id) is a duplicate of the customer now active.
	if m := decode[motivoJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, novoCliente(cpf, "Maria", ""), 409)); m.Motivo != "DOCUMENTO_DUPLICADO" || m.Detalhes["cliente_id"] != old.ID {
		t.Fatalf("duplicado: %+v", m)
	}

	// An inactive customer reactivated by a create: the same.
	e.do(t, "PATCH", "/crm/clientes/"+old.ID, e.v1, map[string]any{"status": "inativo"}, 200)
	body2 := novoCliente(cpf, "Maria Souza Lima ME", "")
	first = e.do(t, "POST", "/crm/clientes", e.v1, body2, 200)
	if c := decode[clienteJSON](t, first); c.ID != old.ID || c.Status != "ativo" {
		t.Fatalf("reativação de inativo: %+v", c)
	}
	if again := e.do(t, "POST", "/crm/clientes", e.v1, body2, 200); string(again) != string(first) {
		t.Fatalf("repetição (inativo): %s\nprimeira resposta: %s", again, first)
	}
}

// TestCorpoQueNaoEJSON (issue 20, part 4): a body the gateway can't decode gets a pt-BR message
// and a reason, like every other 400 — never the decoder's English.
func TestCorpoQueNaoEJSON(t *testing.T) {
	e := setup(t)
	fundo := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	for _, body := range []string{"hello", "{", `{"nome":`, fundo, "\x00", `{"documento":12}`, `{"limite_credito_centavos":"1e400"}`, `{"nao_existe":1}`} {
		for _, r := range []struct{ method, path string }{{"POST", "/crm/clientes"}, {"PATCH", "/crm/clientes/x"}, {"POST", "/crm/clientes/importar"}} {
			code, b := e.st.Do(t, r.method, r.path, e.admin, body)
			m := decode[motivoJSON](t, b)
			if code != 400 || m.Motivo != "DADOS_INVALIDOS" || !strings.Contains(m.Mensagem, "Não foi possível ler os dados enviados") {
				t.Errorf("%s %s %.20q: %d %s", r.method, r.path, body, code, b)
			}
		}
	}
	// A query the gateway can't read: the same, with the query's sentence.
	code, b := e.st.Do(t, "GET", "/crm/clientes?page_size=muitos", e.admin, nil)
	if m := decode[motivoJSON](t, b); code != 400 || m.Motivo != "DADOS_INVALIDOS" || !strings.Contains(m.Mensagem, "Não foi possível ler a consulta") {
		t.Errorf("consulta: %d %s", code, b)
	}
	// Our own 400s keep their message.
	m := decode[motivoJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, map[string]any{"id": uuid.NewString(), "documento": "123", "nome": "X"}, 400))
	if m.Motivo != "DADOS_INVALIDOS" || strings.Contains(m.Mensagem, "Não foi possível ler") {
		t.Errorf("erro do domínio: %+v", m)
	}
}

// TestEntradaRecusada (issue 20, part 4): text no one types (NUL, ESC, bidi overrides) is refused
// in any field at the request boundary, a CEP that can't exist at the address, and a name a
// spreadsheet would run as a formula at its import row — each with a pt-BR message at the field.
func TestEntradaRecusada(t *testing.T) {
	e := setup(t)
	campos := func(b []byte) (string, []string) {
		var x erroJSON
		var m motivoJSON
		json.Unmarshal(b, &x)
		json.Unmarshal(b, &m)
		var cs []string
		for _, c := range x.Campos {
			cs = append(cs, c.Campo)
		}
		return m.Motivo, cs
	}
	for _, c := range []struct {
		mudar func(map[string]any)
		campo string
	}{
		{func(b map[string]any) { b["nome"] = "Mercado \u202eodacreM" }, "nome"},
		{func(b map[string]any) { b["nome_fantasia"] = "Bom\x00Preço" }, "nome_fantasia"},
		{func(b map[string]any) { b["observacoes"] = "\x1b[2J limpa a tela" }, "observacoes"},
		{func(b map[string]any) { b["enderecos"].([]map[string]any)[0]["logradouro"] = "Rua \u2066A\u2069" }, "enderecos[0].logradouro"},
		{func(b map[string]any) { b["contatos"].([]map[string]any)[0]["nome"] = "Ana\u200f" }, "contatos[0].nome"},
		{func(b map[string]any) { b["enderecos"].([]map[string]any)[0]["cep"] = "00000-000" }, "enderecos[0].cep"},
	} {
		body := novoCliente(cnpjs[4], "Mercado Entrada", "")
		c.mudar(body)
		motivo, cs := campos(e.do(t, "POST", "/crm/clientes", e.v1, body, 400))
		if motivo != "DADOS_INVALIDOS" || len(cs) != 1 || cs[0] != c.campo {
			t.Errorf("%s: %s %v", c.campo, motivo, cs)
		}
	}
	// Tabs and line breaks in notes, a phone starting with +, are fine.
	body := novoCliente(cnpjs[4], "Mercado Entrada", "")
	body["observacoes"], body["celular"] = "entregar\tpela manhã\r\nportão 2", "+55 11 99999-8888"
	e.do(t, "POST", "/crm/clientes", e.v1, body, 200)
	// A PATCH and a query too (the rule is the request's, not one form's).
	motivo, cs := campos(e.do(t, "PATCH", "/crm/clientes/"+body["id"].(string), e.v1, map[string]any{"nome": "X\u202e"}, 400))
	if motivo != "DADOS_INVALIDOS" || len(cs) != 1 || cs[0] != "nome" {
		t.Errorf("patch: %s %v", motivo, cs)
	}
	if motivo, cs := campos(e.do(t, "GET", "/crm/clientes?q="+url.QueryEscape("a\x00"), e.v1, nil, 400)); motivo != "DADOS_INVALIDOS" || len(cs) != 1 || cs[0] != "q" {
		t.Errorf("consulta: %s %v", motivo, cs)
	}
	if motivo, cs := campos(e.do(t, "GET", "/crm/cep/00000000", e.v1, nil, 400)); motivo != "DADOS_INVALIDOS" || len(cs) != 1 || cs[0] != "cep" {
		t.Errorf("cep: %s %v", motivo, cs)
	}
	// The import refuses a formula in a text column, at its row; the phone "+55…" passes.
	csv := "documento;nome;telefone;cidade;uf;vendedor_id\n" +
		cnpjs[5] + ";=HYPERLINK(\"\"http://x\"\");+55 41 3333-2222;Curitiba;PR;" + e.ids["v2"] + "\n" +
		cpf + ";Pessoa Física;+55 41 3333-2222;Curitiba;PR;" + e.ids["v2"] + "\n"
	var res struct {
		NadaGravado bool `json:"nada_gravado"`
		Rejeitadas  []struct {
			Linha int      `json:"linha"`
			Erros []string `json:"erros"`
		} `json:"rejeitadas"`
	}
	json.Unmarshal(e.do(t, "POST", "/crm/clientes/importar", e.admin, map[string]any{"csv": csv}, 200), &res)
	if !res.NadaGravado || len(res.Rejeitadas) != 1 || res.Rejeitadas[0].Linha != 2 || len(res.Rejeitadas[0].Erros) != 1 ||
		!strings.HasPrefix(res.Rejeitadas[0].Erros[0], "coluna nome: não pode começar com =") {
		t.Fatalf("importação: %+v", res)
	}
}
