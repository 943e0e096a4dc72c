package sales_test

import (
	"bytes"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// pedidosEnv: company A's catalogue (products pa at R$ 10,00 and pb at R$ 25,00 in the default
// table), a policy with v1's cap of 5% and a R$ 10,00 bonificação budget, a term that uses the
// credit limit, and customers of v1 (c1), v2 (c2) and company B (cB).
type pedidosEnv struct {
	*env
	c1, c2, cB string
}

func setupPedidos(t *testing.T) *pedidosEnv {
	e := &pedidosEnv{env: setup(t)}
	e.do(t, "POST", "/crm/produtos", e.admin, map[string]any{"id": "pa", "codigo": "A1", "descricao": "Açúcar Cristal 5kg", "ncm": "17019900", "grupo": "Mercearia", "peso_gramas": 5000}, 200)
	e.do(t, "POST", "/crm/produtos", e.admin, map[string]any{"id": "pb", "codigo": "B1", "descricao": "Café Torrado 500g", "ncm": "09012100", "grupo": "Café", "peso_gramas": 500}, 200)
	e.do(t, "POST", "/crm/tabelas-preco", e.admin, map[string]any{"id": "ta", "nome": "Padrão", "padrao": true}, 200)
	e.do(t, "PUT", "/crm/tabelas-preco/ta/precos/pa", e.admin, map[string]any{"preco_centavos": 1000}, 200)
	e.do(t, "PUT", "/crm/tabelas-preco/ta/precos/pb", e.admin, map[string]any{"preco_centavos": 2500}, 200)
	e.do(t, "POST", "/crm/condicoes-pagamento", e.admin, map[string]any{"id": "boleto30", "nome": "Boleto 30 dias", "forma": "boleto",
		"usa_limite_credito": true}, 200)
	e.do(t, "PUT", "/crm/politica-comercial", e.admin, map[string]any{"uf_origem": "SP",
		"vendedores": []map[string]any{{"id": e.ids["v1"], "desconto_maximo_percentual": 5, "verba_bonificacao_centavos": 1000}}}, 200)
	e.c1 = e.cliente(t, e.v1, "11.222.333/0001-81", "SP", false)
	e.c2 = e.cliente(t, e.v2, "45.997.418/0001-53", "SP", false)
	e.cB = e.cliente(t, e.vB, "11.444.777/0001-61", "SP", false)
	return e
}

func (e *pedidosEnv) criar(t *testing.T, tok string, corpo map[string]any, want int) map[string]any {
	t.Helper()
	return decode(t, e.do(t, "POST", "/crm/pedidos", tok, corpo, want))
}

func itens(xs ...map[string]any) []map[string]any { return xs }

func item(produto string, qtd int, desconto float64) map[string]any {
	return map[string]any{"produto_id": produto, "quantidade": qtd, "desconto_percentual": desconto}
}

func historico(p map[string]any) []string {
	var out []string
	for _, h := range asListOrEmpty(p["historico"]) {
		out = append(out, fmt.Sprint(h["acao"], ":", h["status"]))
	}
	return out
}

// TestPedidoFluxo: a seller's order from draft to delivery over REST — priced on the server,
// the idempotent create, approval by the supervisor, the summaries, the status flow with its
// history, duplicate and PDF.
func TestPedidoFluxo(t *testing.T) {
	e := setupPedidos(t)
	id := uuid.NewString()
	corpo := map[string]any{"id": id, "cliente_id": e.c1, "tipo": "venda", "itens": itens(item("pa", 3, 0), item("pb", 2, 0)),
		"frete_centavos": 500, "observacoes": "Entregar pela manhã", "observacoes_internas": "cliente novo"}
	p := e.criar(t, e.v1, corpo, 200)
	// 3 × 10,00 + 2 × 25,00 + frete 5,00: the server's numbers, the order a draft with number 1.
	if p["status"] != "orcamento" || p["numero"] != "1" || p["total_centavos"] != "8500" || p["total_produtos_centavos"] != "8000" ||
		p["vendedor_id"] != e.ids["v1"] || asMap(p["cliente"])["documento"] != "11222333000181" {
		t.Fatalf("criado: %v", p)
	}
	// The same create again (an outbox replay): the same order and number, nothing new.
	again := e.criar(t, e.v1, corpo, 200)
	if again["numero"] != "1" || again["versao"] != p["versao"] {
		t.Errorf("repetido: %v", again)
	}
	// Sent with a discount over the cap: waiting for approval with the reason.
	corpo["itens"] = itens(item("pa", 3, 7.5), item("pb", 2, 0))
	p = decode(t, e.do(t, "PATCH", "/crm/pedidos/"+id, e.v1, merge(corpo, map[string]any{"versao": p["versao"], "enviar": true}), 200))
	motivos := asListOrEmpty(p["motivos_aprovacao"])
	if p["status"] != "aguardando_aprovacao" || len(motivos) != 1 || motivos[0]["motivo"] != "DESCONTO_ACIMA_DO_LIMITE" ||
		!strings.Contains(motivos[0]["mensagem"].(string), "%") {
		t.Fatalf("enviado com desconto: %v", p)
	}
	// Neither the seller nor another seller approves; the supervisor of v1 does.
	erro(t, e.do(t, "POST", "/crm/pedidos/"+id+"/aprovar", e.v1, map[string]any{}, 403), "PERFIL_NAO_PERMITIDO")
	erro(t, e.do(t, "POST", "/crm/pedidos/"+id+"/aprovar", e.adminB, map[string]any{}, 403), "")
	p = decode(t, e.do(t, "POST", "/crm/pedidos/"+id+"/aprovar", e.sup, map[string]any{"observacao": "ok, cliente antigo"}, 200))
	if p["status"] != "enviado" {
		t.Fatalf("aprovado: %v", p)
	}
	// The month's figures count it now.
	r := decode(t, e.do(t, "GET", "/crm/vendas/resumo", e.v1, nil, 200))
	if r["pedidos"] != "1" || r["valor_centavos"] != p["total_produtos_centavos"] || r["clientes"] != "1" {
		t.Errorf("resumo: %v (pedido %v)", r, p["total_produtos_centavos"])
	}
	// Later states: only an ADMIN; an invoice is needed to invoice.
	erro(t, e.do(t, "POST", "/crm/pedidos/"+id+"/status", e.v1, map[string]any{"status": "em_separacao"}, 403), "")
	e.do(t, "POST", "/crm/pedidos/"+id+"/status", e.admin, map[string]any{"status": "em_separacao"}, 200)
	erro(t, e.do(t, "POST", "/crm/pedidos/"+id+"/status", e.admin, map[string]any{"status": "faturado"}, 400), "", "nota_fiscal.numero")
	p = decode(t, e.do(t, "POST", "/crm/pedidos/"+id+"/status", e.admin, map[string]any{"status": "faturado",
		"nota_fiscal": map[string]any{"numero": "1234", "valor_centavos": 3000}}, 200))
	if p["status"] != "faturado" || p["faturamento_parcial"] != true {
		t.Errorf("faturado em parte: %v", p)
	}
	erro(t, e.do(t, "POST", "/crm/pedidos/"+id+"/cancelar", e.v1, map[string]any{"motivo": "desistiu"}, 409), "TRANSICAO_NAO_PERMITIDA")
	p = decode(t, e.do(t, "POST", "/crm/pedidos/"+id+"/status", e.admin, map[string]any{"status": "entregue"}, 200))
	if got := strings.Join(historico(p), " "); got != "criado:orcamento enviado:aguardando_aprovacao aprovado:enviado status:em_separacao status:faturado status:entregue" {
		t.Errorf("histórico: %s", got)
	}
	// Duplicate for the same customer: a new draft, re-priced, with its own number.
	d := decode(t, e.do(t, "POST", "/crm/pedidos/"+id+"/duplicar", e.v1, map[string]any{"novo_id": "dup-1"}, 200))
	if d["status"] != "orcamento" || d["numero"] != "2" || len(asListOrEmpty(d["itens"])) != 2 ||
		!strings.Contains(fmt.Sprint(asListOrEmpty(d["historico"])[0]["observacao"]), "Cópia do pedido 1") {
		t.Errorf("duplicado: %v", d)
	}
	// The PDF.
	code, ct, b := e.baixar(t, "/crm/pedidos/"+id+"/pdf", e.v1)
	if code != 200 || ct != "application/pdf" || !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Errorf("pdf: %d %s %q", code, ct, b[:min(len(b), 40)])
	}
	// The summaries equal a recomputation.
	rec := decode(t, e.do(t, "POST", "/crm/vendas/resumos/reconciliar", e.admin, map[string]any{"apenas_verificar": true}, 200))
	if len(asListOrEmpty(rec["divergencias"])) != 0 || rec["pedidos"] != float64(2) {
		t.Errorf("reconciliar: %v", rec)
	}
	erro(t, e.do(t, "POST", "/crm/vendas/resumos/reconciliar", e.v1, map[string]any{}, 403), "PERFIL_NAO_PERMITIDO")
}

// TestPedidoRegras: what refuses an order and what sends it to approval, with pt-BR reasons; a
// price changed since the device priced it; cancelling; the search.
func TestPedidoRegras(t *testing.T) {
	e := setupPedidos(t)
	// The device showed R$ 9,00: the server prices R$ 10,00, keeps the draft and says so.
	p := e.criar(t, e.v1, map[string]any{"id": uuid.NewString(), "cliente_id": e.c1, "enviar": true,
		"itens": []map[string]any{{"produto_id": "pa", "quantidade": 1, "preco_esperado_centavos": 900}}}, 200)
	alt := asListOrEmpty(p["precos_alterados"])
	if p["status"] != "orcamento" || len(alt) != 1 || alt[0]["mensagem"] != "Preço de A1 Açúcar Cristal 5kg mudou de R$ 9,00 para R$ 10,00." {
		t.Fatalf("preço mudou: %v", p)
	}
	// Sending it now (the seller saw the new price) works.
	p = decode(t, e.do(t, "POST", "/crm/pedidos/"+p["id"].(string)+"/enviar", e.v1, map[string]any{}, 200))
	if p["status"] != "enviado" || len(asListOrEmpty(p["precos_alterados"])) != 0 {
		t.Fatalf("enviado: %v", p)
	}
	// A price raised after the draft: the send re-prices, keeps the draft and refuses with 409.
	q := e.criar(t, e.v1, map[string]any{"id": uuid.NewString(), "cliente_id": e.c1, "itens": itens(item("pb", 1, 0))}, 200)
	e.do(t, "PUT", "/crm/tabelas-preco/ta/precos/pb", e.admin, map[string]any{"preco_centavos": 2600}, 200)
	m := erro(t, e.do(t, "POST", "/crm/pedidos/"+q["id"].(string)+"/enviar", e.v1, map[string]any{}, 409), "PRECOS_ALTERADOS")
	if !strings.Contains(m["mensagem"].(string), "de R$ 25,00 para R$ 26,00") {
		t.Errorf("mensagem: %v", m)
	}
	q = decode(t, e.do(t, "GET", "/crm/pedidos/"+q["id"].(string), e.v1, nil, 200))
	if q["status"] != "orcamento" || q["total_centavos"] != "2600" {
		t.Errorf("recalculado: %v", q)
	}
	// Credit: the term uses the limit and the customer has none → approval with the figures.
	p = e.criar(t, e.v1, map[string]any{"id": uuid.NewString(), "cliente_id": e.c1, "condicao_id": "boleto30", "enviar": true,
		"itens": itens(item("pa", 2, 0))}, 200)
	if p["status"] != "aguardando_aprovacao" || asListOrEmpty(p["motivos_aprovacao"])[0]["motivo"] != "LIMITE_DE_CREDITO_EXCEDIDO" {
		t.Fatalf("crédito: %v", p)
	}
	// Bonificação over the R$ 10,00 budget (2 × 25,00 given) → approval.
	b := e.criar(t, e.v1, map[string]any{"id": uuid.NewString(), "cliente_id": e.c1, "tipo": "bonificacao", "enviar": true,
		"itens": itens(item("pb", 2, 0))}, 200)
	if b["status"] != "aguardando_aprovacao" || asListOrEmpty(b["motivos_aprovacao"])[0]["motivo"] != "BONIFICACAO_ACIMA_DA_VERBA" ||
		b["total_centavos"] != "0" || b["bonificacao_centavos"] != "5200" {
		t.Fatalf("bonificação: %v", b)
	}
	// The company blocks credit: the same order is refused with the reason's message, and nothing is saved.
	e.do(t, "PUT", "/crm/politica-comercial", e.admin, map[string]any{"uf_origem": "SP", "motivos_bloqueantes": []string{"LIMITE_DE_CREDITO_EXCEDIDO"},
		"vendedores": []map[string]any{{"id": e.ids["v1"], "desconto_maximo_percentual": 5, "verba_bonificacao_centavos": 1000}}}, 200)
	negado := uuid.NewString()
	m = erro(t, e.do(t, "POST", "/crm/pedidos", e.v1, map[string]any{"id": negado, "cliente_id": e.c1, "condicao_id": "boleto30", "enviar": true,
		"itens": itens(item("pa", 2, 0))}, 400), "PEDIDO_BLOQUEADO")
	if !strings.HasPrefix(m["mensagem"].(string), "Limite de crédito do cliente excedido") {
		t.Errorf("bloqueado: %v", m)
	}
	e.do(t, "GET", "/crm/pedidos/"+negado, e.v1, nil, 404)
	// A blocked customer is refused with the reason.
	cli := decode(t, e.do(t, "GET", "/crm/clientes/"+e.c1, e.admin, nil, 200))
	e.do(t, "PATCH", "/crm/clientes/"+e.c1, e.admin, map[string]any{"status": "bloqueado", "versao": cli["versao"]}, 200)
	m = erro(t, e.do(t, "POST", "/crm/pedidos", e.v1, map[string]any{"id": uuid.NewString(), "cliente_id": e.c1, "itens": itens(item("pa", 1, 0))}, 400),
		"CLIENTE_BLOQUEADO", "cliente_id")
	if !strings.HasPrefix(m["mensagem"].(string), "Cliente bloqueado: ") {
		t.Errorf("cliente bloqueado: %v", m)
	}
	// Cancelling needs a reason; a cancelled order leaves the figures.
	erro(t, e.do(t, "POST", "/crm/pedidos/"+p["id"].(string)+"/cancelar", e.v1, map[string]any{}, 400), "", "motivo")
	e.do(t, "POST", "/crm/pedidos/"+p["id"].(string)+"/cancelar", e.v1, map[string]any{"motivo": "Cliente desistiu"}, 200)
	// Search: by number, by status (several), by a seller outside the scope.
	l := decode(t, e.do(t, "GET", "/crm/pedidos?q=1", e.v1, nil, 200))
	if ps := asListOrEmpty(l["pedidos"]); len(ps) != 1 || ps[0]["numero"] != "1" {
		t.Errorf("q=1: %v", l)
	}
	l = decode(t, e.do(t, "GET", "/crm/pedidos?status=cancelado,aguardando_aprovacao", e.v1, nil, 200))
	if ps := asListOrEmpty(l["pedidos"]); len(ps) != 2 || ps[0]["status"] != "aguardando_aprovacao" || ps[1]["status"] != "cancelado" {
		t.Errorf("status: %v", l)
	}
	// By customer name (accents and case aside); a customer's first order after the search index
	// was built is found too; v2 (another seller) finds none of v1's.
	l = decode(t, e.do(t, "GET", "/crm/pedidos?q=cliente%20sp", e.v1, nil, 200))
	if ps := asListOrEmpty(l["pedidos"]); len(ps) != 4 || ps[0]["numero"] != "4" || ps[3]["cliente_id"] != e.c1 {
		t.Errorf("q=cliente sp: %v", l)
	}
	cMG := e.cliente(t, e.v1, "06.990.590/0001-23", "MG", false)
	e.criar(t, e.v1, map[string]any{"id": uuid.NewString(), "cliente_id": cMG, "itens": itens(item("pa", 1, 0))}, 200)
	l = decode(t, e.do(t, "GET", "/crm/pedidos?q=CLIENTE%20mg", e.v1, nil, 200))
	if ps := asListOrEmpty(l["pedidos"]); len(ps) != 1 || ps[0]["cliente_id"] != cMG {
		t.Errorf("q=cliente mg: %v", l)
	}
	l = decode(t, e.do(t, "GET", "/crm/pedidos?q=cliente", e.v2, nil, 200))
	if ps := asListOrEmpty(l["pedidos"]); len(ps) != 0 {
		t.Errorf("q=cliente as v2: %v", l)
	}
	erro(t, e.do(t, "GET", "/crm/pedidos?status=pago", e.v1, nil, 400), "", "status")
	erro(t, e.do(t, "GET", "/crm/pedidos?vendedor="+e.ids["v2"], e.v1, nil, 403), "FORA_DO_ESCOPO")
	erro(t, e.do(t, "GET", "/crm/pedidos?de=2026-13-01", e.v1, nil, 400), "", "de")
	r := decode(t, e.do(t, "GET", "/crm/vendas/resumo", e.v1, nil, 200))
	if r["pedidos"] != "1" || r["total_centavos"] != "1000" {
		t.Errorf("resumo depois do cancelamento: %v", r)
	}
}

// TestPedidoIsolamento: the role matrix of orders over REST and gRPC — a seller reads and writes
// only their own orders (for customers of their portfolio), a supervisor their team's, an ADMIN
// their company's; another company's ADMIN none, whatever the id.
func TestPedidoIsolamento(t *testing.T) {
	e := setupPedidos(t)
	p1 := e.criar(t, e.v1, map[string]any{"id": "p-v1", "cliente_id": e.c1, "itens": itens(item("pa", 1, 0))}, 200)
	e.criar(t, e.v2, map[string]any{"id": "p-v2", "cliente_id": e.c2, "itens": itens(item("pa", 1, 0))}, 200)
	before := testkit.Fingerprint(t, e.store)
	// Creating for a customer outside the portfolio, or another company's; reusing an id.
	erro(t, e.do(t, "POST", "/crm/pedidos", e.v1, map[string]any{"id": uuid.NewString(), "cliente_id": e.c2, "itens": itens(item("pa", 1, 0))}, 403), "FORA_DO_ESCOPO")
	erro(t, e.do(t, "POST", "/crm/pedidos", e.v1, map[string]any{"id": uuid.NewString(), "cliente_id": e.cB, "itens": itens(item("pa", 1, 0))}, 403), "FORA_DO_ESCOPO")
	erro(t, e.do(t, "POST", "/crm/pedidos", e.v2, map[string]any{"id": "p-v1", "cliente_id": e.c2, "itens": itens(item("pa", 1, 0))}, 403), "FORA_DO_ESCOPO")
	erro(t, e.do(t, "POST", "/crm/pedidos", e.adminB, map[string]any{"id": "p-v1", "cliente_id": e.cB, "itens": []map[string]any{}}, 403), "FORA_DO_ESCOPO")
	// Every route on another seller's order (v2) and on another company's (adminB, vB).
	for _, tok := range []string{e.v2, e.adminB, e.vB} {
		for _, r := range []struct {
			method, path string
			corpo        map[string]any
		}{
			{"GET", "/crm/pedidos/p-v1", nil},
			{"PATCH", "/crm/pedidos/p-v1", map[string]any{"cliente_id": e.c2, "itens": itens(item("pa", 1, 0))}},
			{"POST", "/crm/pedidos/p-v1/enviar", map[string]any{}},
			{"POST", "/crm/pedidos/p-v1/cancelar", map[string]any{"motivo": "x"}},
			{"POST", "/crm/pedidos/p-v1/reabrir", map[string]any{}},
			{"POST", "/crm/pedidos/p-v1/duplicar", map[string]any{"novo_id": uuid.NewString()}},
			{"GET", "/crm/pedidos/p-v1/pdf", nil},
		} {
			if code, b := e.st.Do(t, r.method, r.path, tok, r.corpo); code != 403 {
				t.Errorf("%s %s por %s: %d %s", r.method, r.path, e.quem(tok), code, b)
			}
		}
	}
	for r, corpo := range map[string]map[string]any{"/aprovar": {"observacao": "x"}, "/reprovar": {"observacao": "x"},
		"/status": {"status": "em_separacao"}} {
		for _, tok := range []string{e.adminB, e.v2} {
			if code, b := e.st.Do(t, "POST", "/crm/pedidos/p-v1"+r, tok, corpo); code != 403 {
				t.Errorf("POST %s por %s: %d %s", r, e.quem(tok), code, b)
			}
		}
	}
	if testkit.Fingerprint(t, e.store) != before {
		t.Error("uma recusa gravou")
	}
	// Lists and feeds: each sees their scope.
	ver := func(tok, path, campo string, want ...string) {
		t.Helper()
		m := decode(t, e.do(t, "GET", path, tok, nil, 200))
		var got []string
		for _, x := range asListOrEmpty(m[campo]) {
			if campo == "alteracoes" {
				x = asMap(x["pedido"])
			}
			got = append(got, x["id"].(string))
		}
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s por %s: %v, queria %v", path, e.quem(tok), got, want)
		}
	}
	ver(e.v1, "/crm/pedidos", "pedidos", "p-v1")
	ver(e.sup, "/crm/pedidos", "pedidos", "p-v1")
	ver(e.admin, "/crm/pedidos", "pedidos", "p-v2", "p-v1")
	ver(e.adminB, "/crm/pedidos", "pedidos")
	ver(e.v2, "/crm/pedidos/alteracoes", "alteracoes", "p-v2")
	ver(e.vB, "/crm/pedidos/alteracoes", "alteracoes")
	// The supervisor reads their team's order, not v2's; gRPC answers the same.
	e.do(t, "GET", "/crm/pedidos/p-v1", e.sup, nil, 200)
	e.do(t, "GET", "/crm/pedidos/p-v2", e.sup, nil, 403)
	cli := salesv1.NewPedidosServiceClient(e.st.Conn)
	if _, err := cli.ObterPedido(testkit.Ctx(e.adminB), &salesv1.ObterPedidoRequest{Id: "p-v1"}); status.Code(err) != codes.PermissionDenied {
		t.Errorf("gRPC outra empresa: %v", err)
	}
	if _, err := cli.ObterPedido(testkit.Ctx(e.v2), &salesv1.ObterPedidoRequest{Id: "p-v1"}); status.Code(err) != codes.PermissionDenied {
		t.Errorf("gRPC outro vendedor: %v", err)
	}
	if g, err := cli.ObterPedido(testkit.Ctx(e.v1), &salesv1.ObterPedidoRequest{Id: "p-v1"}); err != nil || fmt.Sprint(g.GetNumero()) != p1["numero"] {
		t.Errorf("gRPC dono: %v %v", g, err)
	}
	if _, err := cli.AprovarPedido(testkit.Ctx(e.v1), &salesv1.AcaoPedidoRequest{Id: "p-v1"}); status.Code(err) != codes.PermissionDenied {
		t.Errorf("gRPC vendedor aprova: %v", err)
	}
	// Summaries of someone outside the scope.
	erro(t, e.do(t, "GET", "/crm/vendas/resumo?vendedor_id="+e.ids["v2"], e.sup, nil, 403), "FORA_DO_ESCOPO")
}

func (e *env) quem(tok string) string {
	for k, id := range e.ids {
		if e.idDe[tok] == id {
			return k
		}
	}
	return "?"
}

// TestPedidoEnviosSimultaneos: orders of one customer sent at the same moment, each within the
// credit limit alone and over it together: the ones left enviado never pass the limit together;
// the others go to approval with the reason (each read the open total before the others counted):
// as if sent one after the other, 3 pass and 5 wait.
func TestPedidoEnviosSimultaneos(t *testing.T) {
	e := setupPedidos(t)
	cli := decode(t, e.do(t, "GET", "/crm/clientes/"+e.c1, e.admin, nil, 200))
	e.do(t, "PATCH", "/crm/clientes/"+e.c1, e.admin, map[string]any{"limite_credito_centavos": 10000, "versao": cli["versao"]}, 200)
	const n = 8
	var wg sync.WaitGroup
	falhas := make([]string, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// 3 × R$ 10,00 = R$ 30,00: 3 fit in R$ 100,00, 8 do not.
			code, b := e.st.Do(t, "POST", "/crm/pedidos", e.v1, map[string]any{"id": uuid.NewString(), "cliente_id": e.c1,
				"condicao_id": "boleto30", "enviar": true, "itens": itens(item("pa", 3, 0))})
			if code != 200 {
				falhas[i] = fmt.Sprintf("%d %s", code, b)
			}
		}()
	}
	wg.Wait()
	for _, f := range falhas {
		if f != "" {
			t.Fatal(f)
		}
	}
	l := decode(t, e.do(t, "GET", "/crm/pedidos?page_size=50&cliente_id="+e.c1, e.v1, nil, 200))
	enviados, aguardando := int64(0), 0
	for _, p := range asListOrEmpty(l["pedidos"]) {
		switch p["status"] {
		case "enviado":
			v, _ := strconv.ParseInt(p["total_centavos"].(string), 10, 64)
			enviados += v
		case "aguardando_aprovacao":
			aguardando++
			ms := asListOrEmpty(p["motivos_aprovacao"])
			if len(ms) == 0 || ms[len(ms)-1]["motivo"] != "LIMITE_DE_CREDITO_EXCEDIDO" {
				t.Errorf("aguardando sem o motivo: %v", p)
			}
		default:
			t.Errorf("status %v", p["status"])
		}
	}
	if enviados != 9000 || aguardando != n-3 {
		t.Fatalf("enviados somam %d centavos (limite 10000), %d aguardando aprovação", enviados, aguardando)
	}
	// The summaries still agree with the orders.
	r := decode(t, e.do(t, "POST", "/crm/vendas/resumos/reconciliar", e.admin, map[string]any{"apenas_verificar": true}, 200))
	if d := asListOrEmpty(r["divergencias"]); len(d) != 0 {
		t.Errorf("divergências: %v", d)
	}
}

// TestPedidoEntradaRecusada (issue 20, part 4): a delivery date out of its window (1900, or
// more than a year ahead) and a negative expected price are refused at their fields.
func TestPedidoEntradaRecusada(t *testing.T) {
	e := setupPedidos(t)
	hoje := time.Now().In(time.FixedZone("BRT", -3*3600))
	for _, c := range []struct {
		mudar func(map[string]any)
		campo string
	}{
		{func(p map[string]any) { p["data_entrega"] = "1900-01-01" }, "data_entrega"},
		{func(p map[string]any) { p["data_entrega"] = hoje.AddDate(1, 0, 10).Format("2006-01-02") }, "data_entrega"},
		{func(p map[string]any) {
			p["itens"] = itens(item("pa", 1, 0), map[string]any{"produto_id": "pb", "quantidade": 1, "preco_esperado_centavos": -1})
		}, "itens[1].preco_esperado_centavos"},
	} {
		corpo := map[string]any{"id": uuid.NewString(), "cliente_id": e.c1, "itens": itens(item("pa", 1, 0))}
		c.mudar(corpo)
		r := decode(t, e.do(t, "POST", "/crm/pedidos", e.v1, corpo, 400))
		cs := asListOrEmpty(r["campos"])
		if r["motivo"] != "DADOS_INVALIDOS" || len(cs) != 1 || cs[0]["campo"] != c.campo {
			t.Errorf("%s: %v", c.campo, r)
		}
	}
	// A date a few days back (an offline order synced late) and one within the year pass.
	for _, d := range []time.Time{hoje.AddDate(0, 0, -5), hoje.AddDate(0, 11, 0)} {
		e.criar(t, e.v1, map[string]any{"id": uuid.NewString(), "cliente_id": e.c1, "itens": itens(item("pa", 1, 0)), "data_entrega": d.Format("2006-01-02")}, 200)
	}
}

// TestPoliticaFlexDosPedidos (issue 21 §2): the policy a caller reads carries what the counting
// orders did to each flex balance they see, so the device prices against the balance the server
// does (policy + orders; contracts/precos.json, flex_pedidos_centavos); no other seller's, no
// other company's.
func TestPoliticaFlexDosPedidos(t *testing.T) {
	e := setupPedidos(t)
	e.do(t, "PUT", "/crm/politica-comercial", e.admin, map[string]any{"uf_origem": "SP", "flex_permitido": true,
		"vendedores": []map[string]any{{"id": e.ids["v1"], "desconto_maximo_percentual": 5, "saldo_flex_centavos": 10000}}}, 200)
	flexVisto := func(tok string) map[string]any {
		m, _ := decode(t, e.do(t, "GET", "/crm/politica-comercial", tok, nil, 200))["flex_pedidos_centavos"].(map[string]any)
		return m
	}
	if m := flexVisto(e.v1); len(m) != 0 {
		t.Fatalf("sem pedidos, nada: %v", m)
	}
	// 100 × R$ 10,00 at 8 % with a 5 % cap: 3 % from the flex balance, R$ 30,00.
	p := e.criar(t, e.v1, map[string]any{"id": uuid.NewString(), "cliente_id": e.c1, "enviar": true, "itens": itens(item("pa", 100, 8))}, 200)
	if p["status"] != "enviado" {
		t.Fatalf("enviado: %v", p)
	}
	v1 := e.ids["v1"]
	if m := flexVisto(e.v1); !reflect.DeepEqual(m, map[string]any{v1: "-3000"}) {
		t.Errorf("o vendedor vê %v", m)
	}
	if m := flexVisto(e.admin); m[v1] != "-3000" {
		t.Errorf("o ADMIN vê %v", m)
	}
	if m := flexVisto(e.v2); m[v1] != nil {
		t.Errorf("outro vendedor vê o saldo de v1: %v", m)
	}
	if m := flexVisto(e.adminB); len(m) != 0 {
		t.Errorf("outra empresa vê %v", m)
	}
	// The next order is priced against R$ 100,00 − R$ 30,00, the figure the device computes.
	p = e.criar(t, e.v1, map[string]any{"id": uuid.NewString(), "cliente_id": e.c1, "enviar": true, "itens": itens(item("pa", 300, 8))}, 200)
	motivos := asListOrEmpty(p["motivos_aprovacao"])
	if p["status"] != "aguardando_aprovacao" || len(motivos) != 1 ||
		motivos[0]["mensagem"] != "Verba flex insuficiente: o pedido usa R$ 90,00 e o saldo é de R$ 70,00." {
		t.Errorf("segundo pedido: %v", p)
	}
}
