package sales_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/crmvendas/crm/services/platform/testkit"
)

// TestVendasAnoMes: GET /crm/vendas/ano-mes over REST on orders sent this month — by seller,
// group and customer, with the names; each role sees its scope; another company nothing; pt-BR
// refusals at their fields.
func TestVendasAnoMes(t *testing.T) {
	e := setupPedidos(t)
	e.criar(t, e.v1, map[string]any{"cliente_id": e.c1, "itens": itens(item("pa", 3, 0), item("pb", 2, 0)), "enviar": true}, 200) // 30,00 + 50,00
	e.criar(t, e.v2, map[string]any{"cliente_id": e.c2, "itens": itens(item("pb", 4, 0)), "enviar": true}, 200)                   // 100,00
	e.criar(t, e.v1, map[string]any{"cliente_id": e.c1, "itens": itens(item("pa", 1, 0))}, 200)                                   // a draft: not counted
	mes := time.Now().In(time.FixedZone("BRT", -3*3600)).Format("2006-01")
	linhas := func(tok, query string) string {
		t.Helper()
		m := decode(t, e.do(t, "GET", "/crm/vendas/ano-mes?de="+mes+"&ate="+mes+query, tok, nil, 200))
		out := ""
		for _, l := range asListOrEmpty(m["linhas"]) {
			ms := asList(l["meses"])
			if len(ms) != 1 || ms[0]["mes"] != mes {
				t.Fatalf("meses: %v", ms)
			}
			if _, tem := ms[0]["variacao_ano_anterior"]; tem {
				t.Errorf("variação sem base: %v", ms[0])
			}
			out += fmt.Sprintf("%s=%s:%v/%v;", l["chave"], l["nome"], ms[0]["valor_centavos"], ms[0]["pedidos"])
		}
		return out
	}
	v1, v2 := e.ids["v1"], e.ids["v2"]
	for _, c := range []struct{ tok, query, want string }{
		{e.admin, "", v2 + "=Operador v2:10000/1;" + v1 + "=Operador v1:8000/1;"},
		{e.admin, "&por=vendedor&vendedor_id=" + v1, v1 + "=Operador v1:8000/1;"},
		{e.sup, "", v1 + "=Operador v1:8000/1;"},
		{e.v1, "", v1 + "=Operador v1:8000/1;"},
		{e.v2, "&por=grupo", "Café=Café:10000/1;"},
		{e.admin, "&por=grupo", "Café=Café:15000/2;Mercearia=Mercearia:3000/1;"},
		{e.sup, "&por=cliente", e.c1 + "=Cliente SP:8000/1;"},
		{e.adminB, "&por=cliente", ""},
		{e.vB, "", ""},
	} {
		if got := linhas(c.tok, c.query); got != c.want {
			t.Errorf("%s%s: %s, esperado %s", e.quem(c.tok), c.query, got, c.want)
		}
	}
	before := testkit.Fingerprint(t, e.store)
	erro(t, e.do(t, "GET", "/crm/vendas/ano-mes?vendedor_id="+v2, e.sup, nil, 403), "FORA_DO_ESCOPO")
	erro(t, e.do(t, "GET", "/crm/vendas/ano-mes?vendedor_id="+v2, e.v1, nil, 403), "FORA_DO_ESCOPO")
	// Another company's ADMIN naming a seller of this one: its own company's rows (none).
	if m := decode(t, e.do(t, "GET", "/crm/vendas/ano-mes?vendedor_id="+v1, e.adminB, nil, 200)); len(asListOrEmpty(m["linhas"])) != 0 {
		t.Errorf("outra empresa: %v", m)
	}
	erro(t, e.do(t, "GET", "/crm/vendas/ano-mes?de=2024-01&ate=2026-01", e.admin, nil, 400), "", "ate")
	erro(t, e.do(t, "GET", "/crm/vendas/ano-mes?por=produto", e.admin, nil, 400), "", "por")
	erro(t, e.do(t, "GET", "/crm/vendas/ano-mes?de=janeiro", e.admin, nil, 400), "", "de")
	if testkit.Fingerprint(t, e.store) != before {
		t.Error("uma leitura gravou")
	}
	// The goals of each month of the span, of the query's sellers: the whole-month valor goals
	// only (a group's or a customer's cut is not the month's goal), in the caller's company.
	meta := func(tok, vendedor string, alvo int64, extra map[string]any) {
		t.Helper()
		corpo := map[string]any{"id": uuid.NewString(), "mes": mes, "vendedor_id": vendedor, "tipo": "valor", "alvo": alvo}
		for k, v := range extra {
			corpo[k] = v
		}
		e.do(t, "POST", "/crm/metas", tok, corpo, 200)
	}
	meta(e.admin, v1, 10000, nil)
	meta(e.admin, v2, 20000, nil)
	meta(e.admin, v1, 5000, map[string]any{"grupo": "Café"})
	meta(e.admin, v1, 7000, map[string]any{"cliente_id": e.c1})
	meta(e.adminB, e.ids["vB"], 40000, nil)
	hoje := time.Now().In(time.FixedZone("BRT", -3*3600))
	anterior := hoje.AddDate(0, 0, -hoje.Day()).Format("2006-01")
	metas := func(tok, query string) string {
		t.Helper()
		m := decode(t, e.do(t, "GET", "/crm/vendas/ano-mes?de="+anterior+"&ate="+mes+query, tok, nil, 200))
		out := ""
		for _, x := range asList(m["metas"]) {
			out += fmt.Sprintf("%s=%v;", x["mes"], x["meta_centavos"])
		}
		return out
	}
	for _, c := range []struct{ tok, query, want string }{
		{e.admin, "", "30000"},
		{e.admin, "&por=grupo", "30000"},
		{e.admin, "&vendedor_id=" + v2, "20000"},
		{e.sup, "", "10000"},
		{e.v1, "&por=cliente", "10000"},
		{e.v2, "", "20000"},
		{e.adminB, "", "40000"},
		{e.adminB, "&vendedor_id=" + v1, "0"},
	} {
		// Every month of the span, in order; the month before has no goal.
		want := anterior + "=0;" + mes + "=" + c.want + ";"
		if c.want == "0" {
			want = anterior + "=0;" + mes + "=0;"
		}
		if got := metas(c.tok, c.query); got != want {
			t.Errorf("metas de %s%s: %s, esperado %s", e.quem(c.tok), c.query, got, want)
		}
	}
	erro(t, e.do(t, "GET", "/crm/vendas/ano-mes?vendedor_id="+v1, e.v2, nil, 403), "FORA_DO_ESCOPO")
	// The default span: the 12 months to this one.
	m := decode(t, e.do(t, "GET", "/crm/vendas/ano-mes", e.v1, nil, 200))
	if ls := asList(m["linhas"]); len(ls) != 1 || len(asList(ls[0]["meses"])) != 12 || asList(ls[0]["meses"])[11]["mes"] != mes {
		t.Errorf("período padrão: %v", m)
	}
}
