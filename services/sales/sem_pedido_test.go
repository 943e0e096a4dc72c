package sales_test

import (
	"fmt"
	"testing"

	"github.com/crmvendas/crm/services/platform/testkit"
)

// TestClientesSemPedido: GET /crm/painel/sem-pedido and the panel's sem_pedido over REST, with the
// real customer service: the active customers of each role's portfolios without an order, a
// cancellation bringing one back, another company's customers never listed (nor counted), pt-BR
// refusals at their fields, and no read that writes.
func TestClientesSemPedido(t *testing.T) {
	e := setupPedidos(t)
	p := e.criar(t, e.v1, map[string]any{"cliente_id": e.c1, "itens": itens(item("pa", 3, 0)), "enviar": true}, 200)
	lista := func(tok, query string) string {
		t.Helper()
		m := decode(t, e.do(t, "GET", "/crm/painel/sem-pedido?dias=30"+query, tok, nil, 200))
		out := ""
		for _, c := range asListOrEmpty(m["clientes"]) {
			out += fmt.Sprintf("%s/%s/%v;", c["cliente_id"], c["vendedor_id"], c["ultimo_pedido"])
		}
		return out
	}
	v1, v2 := e.ids["v1"], e.ids["v2"]
	c2, cB := e.c2+"/"+v2+"/;", e.cB+"/"+e.ids["vB"]+"/;"
	for _, c := range []struct{ tok, query, want string }{
		{e.admin, "", c2}, {e.admin, "&vendedor_id=" + v2, c2}, {e.admin, "&vendedor_id=" + v1, ""},
		{e.sup, "", ""}, {e.v1, "", ""}, {e.v2, "", c2},
		{e.adminB, "", cB}, {e.vB, "", cB},
	} {
		if got := lista(c.tok, c.query); got != c.want {
			t.Errorf("%s%s: %s, esperado %s", e.quem(c.tok), c.query, got, c.want)
		}
	}
	painel := func(tok string) string {
		t.Helper()
		return fmt.Sprint(decode(t, e.do(t, "GET", "/crm/painel", tok, nil, 200))["sem_pedido"])
	}
	if got := painel(e.admin); got != "map[dias_30:1 dias_60:1 dias_90:1]" {
		t.Errorf("painel do admin: %s", got)
	}
	if got := painel(e.v1); got != "map[]" && got != "map[dias_30:0 dias_60:0 dias_90:0]" {
		t.Errorf("painel de v1: %s", got)
	}
	before := testkit.Fingerprint(t, e.store)
	erro(t, e.do(t, "GET", "/crm/painel/sem-pedido?dias=30&vendedor_id="+v2, e.v1, nil, 403), "FORA_DO_ESCOPO")
	erro(t, e.do(t, "GET", "/crm/painel/sem-pedido?dias=30&vendedor_id="+v2, e.sup, nil, 403), "FORA_DO_ESCOPO")
	erro(t, e.do(t, "GET", "/crm/painel/sem-pedido?dias=trinta", e.admin, nil, 400), "", "dias")
	erro(t, e.do(t, "GET", "/crm/painel/sem-pedido", e.admin, nil, 400), "", "dias")
	// Another company's ADMIN naming a seller of this one: nothing of this company.
	if got := lista(e.adminB, "&vendedor_id="+v1); got != "" {
		t.Errorf("outra empresa com um vendedor desta: %s", got)
	}
	if testkit.Fingerprint(t, e.store) != before {
		t.Error("uma leitura gravou")
	}
	// The order cancelled: c1 has no counting order any more (never ordered).
	e.do(t, "POST", "/crm/pedidos/"+p["id"].(string)+"/cancelar", e.v1, map[string]any{"motivo": "Cliente desistiu"}, 200)
	if got := lista(e.v1, ""); got != e.c1+"/"+v1+"/;" {
		t.Errorf("depois de cancelar: %s", got)
	}
	if got := painel(e.admin); got != "map[dias_30:2 dias_60:2 dias_90:2]" {
		t.Errorf("painel do admin depois de cancelar: %s", got)
	}
}
