package sales_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
)

// mesAtual is this month in São Paulo (the month of an order sent now).
func mesAtual(t *testing.T) string {
	t.Helper()
	sp, err := time.LoadLocation("America/Sao_Paulo")
	if err != nil {
		t.Fatal(err)
	}
	return time.Now().In(sp).Format("2006-01")
}

func proximoMes(mes string) string {
	t, _ := time.Parse("2006-01", mes)
	return t.AddDate(0, 1, 0).Format("2006-01")
}

// metasDe lists the goals tok sees for a month (and a seller), by tipo|grupo|cliente.
func (e *pedidosEnv) metasDe(t *testing.T, tok, mes, vendedor string) map[string]map[string]any {
	t.Helper()
	path := "/crm/metas?mes=" + mes
	if vendedor != "" {
		path += "&vendedor_id=" + vendedor
	}
	out := map[string]map[string]any{}
	for _, m := range asListOrEmpty(decode(t, e.do(t, "GET", path, tok, nil, 200))["metas"]) {
		out[fmt.Sprint(m["vendedor_id"], "|", m["tipo"], "|", m["grupo"], "|", m["cliente_id"])] = m
	}
	return out
}

// TestMetas: goals over REST through the real store, operator and customer services — who sets
// them (a supervisor for the team, an ADMIN for any seller of the company), what a seller sees,
// the achievement from the summaries (and after a cancellation), the rules' pt-BR refusals, the
// unique cut, update, delete and the feed.
func TestMetas(t *testing.T) {
	e := setupPedidos(t)
	mes := mesAtual(t)
	v1, v2 := e.ids["v1"], e.ids["v2"]
	// v1 sells 3 × R$ 10,00 (Mercearia) and 2 × R$ 25,00 (Café) to c1: R$ 80,00 and 5 units.
	p := e.criar(t, e.v1, map[string]any{"id": uuid.NewString(), "cliente_id": e.c1, "enviar": true, "tipo": "venda",
		"itens": itens(item("pa", 3, 0), item("pb", 2, 0))}, 200)
	if p["status"] != "enviado" {
		t.Fatalf("pedido: %v", p)
	}
	meta := func(tok, vendedor, tipo string, alvo int64, extra map[string]any, want int) map[string]any {
		t.Helper()
		corpo := map[string]any{"id": uuid.NewString(), "mes": mes, "vendedor_id": vendedor, "tipo": tipo, "alvo": alvo}
		for k, v := range extra {
			corpo[k] = v
		}
		return decode(t, e.do(t, "POST", "/crm/metas", tok, corpo, want))
	}
	// The supervisor sets v1's goals: value, a group's quantity, a customer's value, positivação.
	valor := meta(e.sup, v1, "valor", 10000, nil, 200)
	if valor["realizado"] != "8000" || valor["percentual"] != float64(80) {
		t.Errorf("meta de valor: %v", valor)
	}
	meta(e.sup, v1, "quantidade", 2, map[string]any{"grupo": "Café"}, 200)
	meta(e.sup, v1, "valor", 16000, map[string]any{"cliente_id": e.c1}, 200)
	meta(e.sup, v1, "positivacao", 5000, nil, 200)
	// The weight: 3 × 5 kg of sugar and 2 × 500 g of coffee = 16 kg.
	meta(e.sup, v1, "peso", 20000, nil, 200)
	// Not for a seller outside the team, nor for themself; a seller sets none.
	erro(t, e.do(t, "POST", "/crm/metas", e.sup, map[string]any{"mes": mes, "vendedor_id": v2, "tipo": "valor", "alvo": 1}, 403), "")
	erro(t, e.do(t, "POST", "/crm/metas", e.sup, map[string]any{"mes": mes, "vendedor_id": e.ids["sup"], "tipo": "valor", "alvo": 1}, 403), "")
	erro(t, e.do(t, "POST", "/crm/metas", e.v1, map[string]any{"mes": mes, "vendedor_id": v1, "tipo": "valor", "alvo": 1}, 403), "PERFIL_NAO_PERMITIDO")
	// An ADMIN sets any seller's goal, but only a seller's of the company.
	meta(e.admin, v2, "valor", 5000, nil, 200)
	erro(t, e.do(t, "POST", "/crm/metas", e.admin, map[string]any{"mes": mes, "vendedor_id": e.ids["sup"], "tipo": "valor", "alvo": 1}, 400), "", "vendedor_id")
	erro(t, e.do(t, "POST", "/crm/metas", e.admin, map[string]any{"mes": mes, "vendedor_id": e.ids["vB"], "tipo": "valor", "alvo": 1}, 400), "", "vendedor_id")
	// The rules, in pt-BR at their fields.
	b := e.do(t, "POST", "/crm/metas", e.admin, map[string]any{"mes": "2026-13", "vendedor_id": v1, "tipo": "ligacoes", "alvo": 0}, 400)
	erro(t, b, "", "mes", "tipo", "alvo")
	if !strings.Contains(string(b), "Mês inválido") {
		t.Errorf("mensagem do mês: %s", b)
	}
	erro(t, e.do(t, "POST", "/crm/metas", e.admin, map[string]any{"mes": mes, "vendedor_id": v1, "tipo": "peso", "alvo": 1000, "grupo": "Café", "regiao_id": "r1"}, 400), "", "regiao_id")
	erro(t, e.do(t, "POST", "/crm/metas", e.admin, map[string]any{"mes": mes, "vendedor_id": v1, "tipo": "positivacao", "alvo": 10, "regiao_id": "r1"}, 400), "", "tipo")
	erro(t, e.do(t, "POST", "/crm/metas", e.admin, map[string]any{"mes": mes, "vendedor_id": v1, "tipo": "positivacao", "alvo": 10001}, 400), "", "alvo")
	// One goal per month, seller, kind and cut.
	erro(t, e.do(t, "POST", "/crm/metas", e.admin, map[string]any{"mes": mes, "vendedor_id": v1, "tipo": "valor", "alvo": 1}, 409), "CHAVE_DUPLICADA")

	// What each one sees, with the achievement from the summaries.
	visto := e.metasDe(t, e.v1, mes, "")
	if len(visto) != 5 {
		t.Fatalf("o vendedor vê %d metas: %v", len(visto), visto)
	}
	for k, want := range map[string][2]any{
		v1 + "|valor||":          {"8000", float64(80)},
		v1 + "|quantidade|Café|": {"2", float64(100)},
		v1 + "|valor||" + e.c1:   {"8000", float64(50)},
		v1 + "|positivacao||":    {"10000", float64(200)}, // c1 is v1's only customer
		v1 + "|peso||":           {"16000", float64(80)},
	} {
		if m := visto[k]; m == nil || m["realizado"] != want[0] || m["percentual"] != want[1] {
			t.Errorf("%s: %v, esperado %v", k, m, want)
		}
	}
	if got := e.metasDe(t, e.v2, mes, ""); len(got) != 1 || got[v2+"|valor||"]["realizado"] != "0" {
		t.Errorf("v2 vê: %v", got)
	}
	erro(t, e.do(t, "GET", "/crm/metas?vendedor_id="+v2, e.v1, nil, 403), "")
	if got := e.metasDe(t, e.sup, mes, v1); len(got) != 5 {
		t.Errorf("supervisor filtrando v1: %v", got)
	}
	if got := e.metasDe(t, e.admin, mes, ""); len(got) != 6 {
		t.Errorf("admin vê %d metas", len(got))
	}
	erro(t, e.do(t, "GET", "/crm/metas?mes=03-2026", e.admin, nil, 400), "", "mes")

	// Another company neither reads nor writes them.
	if got := e.metasDe(t, e.adminB, mes, ""); len(got) != 0 {
		t.Errorf("empresa B vê metas de A: %v", got)
	}
	id := valor["id"].(string)
	e.do(t, "PATCH", "/crm/metas/"+id, e.adminB, map[string]any{"alvo": 1}, 403)
	e.do(t, "DELETE", "/crm/metas/"+id, e.adminB, nil, 403)
	if ch := decode(t, e.do(t, "GET", "/crm/metas/alteracoes", e.adminB, nil, 200)); len(asListOrEmpty(ch["alteracoes"])) != 0 {
		t.Errorf("feed de B: %v", ch)
	}

	// Update on versao; the supervisor can't move a goal out of the team.
	e.do(t, "PATCH", "/crm/metas/"+id, e.sup, map[string]any{"alvo": 1, "versao": 99}, 409)
	erro(t, e.do(t, "PATCH", "/crm/metas/"+id, e.sup, map[string]any{"vendedor_id": v2}, 403), "")
	up := decode(t, e.do(t, "PATCH", "/crm/metas/"+id, e.sup, map[string]any{"alvo": 8000, "versao": valor["versao"]}, 200))
	if up["alvo"] != "8000" || up["percentual"] != float64(100) {
		t.Errorf("atualizada: %v", up)
	}
	// The reconciliation recomputes the goals' achievement from the orders: no difference.
	semDiferenca := func(quando string) {
		t.Helper()
		rec := decode(t, e.do(t, "POST", "/crm/vendas/resumos/reconciliar", e.admin, map[string]any{"apenas_verificar": true}, 200))
		if len(asListOrEmpty(rec["divergencias"])) != 0 {
			t.Errorf("reconciliação %s: %v", quando, rec)
		}
	}
	semDiferenca("com as metas")
	// A cancelled order leaves the achievement.
	e.do(t, "POST", "/crm/pedidos/"+p["id"].(string)+"/cancelar", e.v1, map[string]any{"motivo": "desistiu"}, 200)
	if m := e.metasDe(t, e.v1, mes, v1)[v1+"|valor||"]; m["realizado"] != "0" || m["percentual"] != float64(0) {
		t.Errorf("depois de cancelado: %v", m)
	}
	semDiferenca("depois do cancelamento")
	// Delete and the feed: a device that has the goals learns of the removal.
	antes := decode(t, e.do(t, "GET", "/crm/metas/alteracoes", e.v1, nil, 200))
	if len(asListOrEmpty(antes["alteracoes"])) != 5 {
		t.Errorf("feed do vendedor: %v", antes)
	}
	del := decode(t, e.do(t, "DELETE", "/crm/metas/"+id, e.sup, nil, 200))
	if del["excluido"] != true {
		t.Errorf("excluída: %v", del)
	}
	ch := asListOrEmpty(decode(t, e.do(t, "GET", "/crm/metas/alteracoes?desde="+antes["cursor"].(string), e.v1, nil, 200))["alteracoes"])
	if len(ch) != 1 || ch[0]["id"] != id || ch[0]["removido"] != true {
		t.Errorf("feed depois da exclusão: %v", ch)
	}
	// The freed cut takes a new goal.
	meta(e.sup, v1, "valor", 12000, nil, 200)
}

// TestMetasCopiarEImportar: the copy from a month with a % change (rounded half up, re-run
// updates) and the CSV import (every row first, nothing written when one fails, errors at the
// file's column and line, re-run updates), each within the caller's scope.
func TestMetasCopiarEImportar(t *testing.T) {
	e := setupPedidos(t)
	mes := mesAtual(t)
	prox := proximoMes(mes)
	v1, v2 := e.ids["v1"], e.ids["v2"]
	for _, m := range []map[string]any{
		{"mes": mes, "vendedor_id": v1, "tipo": "valor", "alvo": 10005},
		{"mes": mes, "vendedor_id": v1, "tipo": "quantidade", "alvo": 3, "grupo": "Café"},
		{"mes": mes, "vendedor_id": v2, "tipo": "valor", "alvo": 20000},
	} {
		e.do(t, "POST", "/crm/metas", e.admin, m, 200)
	}
	// The supervisor copies the team's (v1's) goals only: +10 %, 10005 → 11005.5 → 11006; 3 → 3.3 → 3.
	c := decode(t, e.do(t, "POST", "/crm/metas/copiar", e.sup, map[string]any{"de_mes": mes, "para_mes": prox, "percentual": 10}, 200))
	if c["criadas"] != float64(2) || len(asListOrEmpty(c["metas"])) != 2 {
		t.Fatalf("copiadas: %v", c)
	}
	got := e.metasDe(t, e.admin, prox, "")
	if len(got) != 2 || got[v1+"|valor||"]["alvo"] != "11006" || got[v1+"|quantidade|Café|"]["alvo"] != "3" {
		t.Errorf("no mês seguinte: %v", got)
	}
	// Again, with another %: the same goals updated, none duplicated.
	c = decode(t, e.do(t, "POST", "/crm/metas/copiar", e.admin, map[string]any{"de_mes": mes, "para_mes": prox, "percentual": -50}, 200))
	if c["criadas"] != float64(1) || c["atualizadas"] != float64(2) {
		t.Errorf("copiadas de novo: %v", c)
	}
	got = e.metasDe(t, e.admin, prox, "")
	if len(got) != 3 || got[v1+"|valor||"]["alvo"] != "5003" || got[v2+"|valor||"]["alvo"] != "10000" {
		t.Errorf("depois da segunda cópia: %v", got)
	}
	erro(t, e.do(t, "POST", "/crm/metas/copiar", e.admin, map[string]any{"de_mes": mes, "para_mes": mes, "percentual": 0}, 400), "", "para_mes")
	erro(t, e.do(t, "POST", "/crm/metas/copiar", e.admin, map[string]any{"de_mes": mes, "para_mes": prox, "percentual": -100}, 400), "", "percentual")
	erro(t, e.do(t, "POST", "/crm/metas/copiar", e.v1, map[string]any{"de_mes": mes, "para_mes": prox}, 403), "PERFIL_NAO_PERMITIDO")

	// Import: one bad row (a seller outside the supervisor's team, a bad month) → nothing written.
	const mes3 = "2030-01"
	csv := "Mês;Vendedor_ID;Tipo;Alvo;Grupo\n" +
		mes3 + ";" + v1 + ";valor;1.500,50;\n" +
		mes3 + ";" + v2 + ";valor;100,00;\n" +
		"2030-13;" + v1 + ";quantidade;10;Café\n"
	r := decode(t, e.do(t, "POST", "/crm/metas/importar", e.sup, map[string]any{"csv": csv}, 200))
	rej := asListOrEmpty(r["rejeitadas"])
	if r["nada_gravado"] != true || len(rej) != 2 || rej[0]["linha"] != float64(3) || rej[1]["linha"] != float64(4) ||
		!strings.Contains(fmt.Sprint(rej[0]["erros"]), "coluna Vendedor_ID") || !strings.Contains(fmt.Sprint(rej[1]["erros"]), "coluna Mês") {
		t.Fatalf("importação recusada: %v", r)
	}
	if got := e.metasDe(t, e.admin, mes3, ""); len(got) != 0 {
		t.Fatalf("gravou com linha recusada: %v", got)
	}
	// Fixed: written, in the kinds' units (R$ → centavos, % → hundredths).
	csv = "mes;vendedor_id;tipo;alvo;grupo\n" +
		mes3 + ";" + v1 + ";valor;1.500,50;\n" +
		mes3 + ";" + v1 + ";positivacao;65,5;\n" +
		mes3 + ";" + v1 + ";quantidade;10;Café\n"
	r = decode(t, e.do(t, "POST", "/crm/metas/importar", e.sup, map[string]any{"csv": csv}, 200))
	if r["nada_gravado"] == true || r["criados"] != float64(3) {
		t.Fatalf("importação: %v", r)
	}
	got = e.metasDe(t, e.v1, mes3, "")
	if got[v1+"|valor||"]["alvo"] != "150050" || got[v1+"|positivacao||"]["alvo"] != "6550" || got[v1+"|quantidade|Café|"]["alvo"] != "10" {
		t.Errorf("importadas: %v", got)
	}
	// Again with a new target: updated, never duplicated.
	r = decode(t, e.do(t, "POST", "/crm/metas/importar", e.admin, map[string]any{"csv": strings.Replace(csv, "1.500,50", "2.000", 1)}, 200))
	if r["criados"] != float64(0) || r["atualizados"] != float64(3) {
		t.Errorf("reimportação: %v", r)
	}
	if got = e.metasDe(t, e.v1, mes3, ""); len(got) != 3 || got[v1+"|valor||"]["alvo"] != "200000" {
		t.Errorf("depois da reimportação: %v", got)
	}
	// Company B's ADMIN can't set A's sellers' goals by file either.
	r = decode(t, e.do(t, "POST", "/crm/metas/importar", e.adminB, map[string]any{"csv": csv}, 200))
	if r["nada_gravado"] != true || len(asListOrEmpty(r["rejeitadas"])) != 3 {
		t.Errorf("importação de B com vendedores de A: %v", r)
	}
}
