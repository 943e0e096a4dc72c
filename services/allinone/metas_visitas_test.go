package allinone_test

import (
	"fmt"
	"strconv"
	"testing"
	"time"
)

// TestMetasDeVisitas: the visitas goal kind over REST through the real sales and field services
// (sales reads field's visits' summary over gRPC, in the caller's scope): a supervisor sets a
// seller's visits goal, the seller's check-in moves it by one (a second check-in at the same
// customer that day does not), a customer's goal counts that customer's days, the cuts a visits
// goal refuses, the copy and the CSV import, the panel, both reconciliations at 0, and another
// company that reads none of it.
func TestMetasDeVisitas(t *testing.T) {
	st, s := fullStack(t, "http://127.0.0.1:1")
	_, tok := matrixActors(t, s)
	const c1 = "demo-cliente-00001" // demo-vendedor's portfolio
	ok := func(code int, body []byte) map[string]any { t.Helper(); return jsonDe(t, code, body, 200) }
	num := func(v any) int64 {
		t.Helper()
		n, err := strconv.ParseInt(fmt.Sprint(v), 10, 64)
		if err != nil {
			t.Fatalf("número: %v", v)
		}
		return n
	}
	sp, _ := time.LoadLocation("America/Sao_Paulo")
	mes := time.Now().In(sp).Format("2006-01")
	meta := func(id, cliente string, alvo int64) map[string]any {
		t.Helper()
		corpo := map[string]any{"id": id, "mes": mes, "vendedor_id": "demo-vendedor", "tipo": "visitas", "alvo": alvo}
		if cliente != "" {
			corpo["cliente_id"] = cliente
		}
		return ok(st.Do(t, "POST", "/crm/metas", tok["supervisor"], corpo))
	}
	mv := meta("meta-visitas", "", 40)
	mc := meta("meta-visitas-c1", c1, 4)
	antes, antesC1 := num(mv["realizado"]), num(mc["realizado"])
	if mv["aviso"] != "" || mv["tipo"] != "visitas" {
		t.Fatalf("meta de visitas: %v", mv)
	}
	// What the goal shows is the field service's figure for the seller's month.
	res := ok(st.Do(t, "GET", "/crm/visitas/resumo/"+mes+"?vendedor_id=demo-vendedor", tok["vendedor"], nil))
	var doResumo int64
	for _, l := range res["vendedores"].([]any) {
		if l := l.(map[string]any); l["vendedor_id"] == "demo-vendedor" {
			doResumo = num(l["visitas"])
		}
	}
	if doResumo != antes {
		t.Fatalf("meta %d, resumo de visitas %d: %v", antes, doResumo, res)
	}
	// A group or a region is refused in pt-BR at tipo.
	for _, corte := range []map[string]any{{"grupo": "Bebidas"}, {"regiao_id": "demo-regiao-grande-sp"}} {
		corpo := map[string]any{"mes": mes, "vendedor_id": "demo-vendedor", "tipo": "visitas", "alvo": 10}
		for k, v := range corte {
			corpo[k] = v
		}
		code, body := st.Do(t, "POST", "/crm/metas", tok["supervisor"], corpo)
		campoErrado(t, code, body, "tipo")
	}
	// The seller checks in at c1, at its address, with a fresh and accurate fix: one more visit.
	cli := ok(st.Do(t, "GET", "/crm/clientes/"+c1, tok["vendedor"], nil))
	var lat, lon float64
	for _, e := range cli["enderecos"].([]any) {
		if e := e.(map[string]any); e["principal"] == true {
			lat, lon = e["latitude"].(float64), e["longitude"].(float64)
		}
	}
	checkin := func(id string) map[string]any {
		t.Helper()
		return ok(st.Do(t, "POST", "/crm/visitas/checkin", tok["vendedor"], map[string]any{"id": id, "cliente_id": c1,
			"latitude": lat, "longitude": lon, "precisao_metros": 10, "capturado_em": time.Now().UTC().Format(time.RFC3339)}))
	}
	if v := checkin("visita-meta-1"); v["veredito"] != "verificado" {
		t.Fatalf("check-in: %v", v)
	}
	metas := func(tk string) map[string]map[string]any {
		t.Helper()
		out := map[string]map[string]any{}
		for _, m := range asList(ok(st.Do(t, "GET", "/crm/metas?mes="+mes, tk, nil))["metas"]) {
			out[m["id"].(string)] = m
		}
		return out
	}
	ms := metas(tok["vendedor"])
	if num(ms["meta-visitas"]["realizado"]) != antes+1 || num(ms["meta-visitas-c1"]["realizado"]) != antesC1+1 {
		t.Fatalf("depois do check-in: %v (antes %d, %d)", ms, antes, antesC1)
	}
	verificadas := num(ms["meta-visitas"]["verificadas"])
	// Again at c1 the same day: the same visit for the goal.
	checkin("visita-meta-2")
	ms = metas(tok["supervisor"])
	if num(ms["meta-visitas"]["realizado"]) != antes+1 || num(ms["meta-visitas"]["verificadas"]) != verificadas {
		t.Fatalf("segundo check-in no mesmo dia: %v", ms["meta-visitas"])
	}
	// The panel lists it with its achievement.
	painel := ok(st.Do(t, "GET", "/crm/painel?mes="+mes+"&vendedor_id=demo-vendedor", tok["supervisor"], nil))
	achou := false
	for _, m := range asList(painel["metas"]) {
		if m["id"] == "meta-visitas" {
			achou = num(m["realizado"]) == antes+1
		}
	}
	if !achou {
		t.Fatalf("painel sem a meta de visitas: %v", painel["metas"])
	}
	// Copy to next month and a CSV import of a visits goal.
	prox := time.Now().In(sp).AddDate(0, 0, -time.Now().In(sp).Day()+1).AddDate(0, 1, 0).Format("2006-01")
	cp := ok(st.Do(t, "POST", "/crm/metas/copiar", tok["supervisor"], map[string]any{"de_mes": mes, "para_mes": prox, "percentual": 10, "vendedor_id": "demo-vendedor"}))
	copiadas := 0
	for _, m := range asList(cp["metas"]) {
		if m["tipo"] == "visitas" && m["cliente_id"] == "" && num(m["alvo"]) == 44 {
			copiadas++
		}
	}
	if copiadas != 1 {
		t.Fatalf("cópia da meta de visitas: %v", cp)
	}
	imp := ok(st.Do(t, "POST", "/crm/metas/importar", tok["admin"], map[string]any{"csv": "mes;vendedor_id;tipo;alvo\n" + prox + ";demo-vendedor2;visitas;30"}))
	if fmt.Sprint(imp["criados"]) != "1" {
		t.Fatalf("importação: %v", imp)
	}
	// Both reconciliations: 0 differences (the goals' check compares the summary with field's recount).
	rec := ok(st.Do(t, "POST", "/crm/vendas/resumos/reconciliar", tok["admin"], map[string]any{"apenas_verificar": true}))
	if d := asList(rec["divergencias"]); len(d) != 0 {
		t.Fatalf("reconciliação de vendas: %v", d)
	}
	recv := ok(st.Do(t, "POST", "/crm/visitas/resumo/reconciliar", tok["admin"], map[string]any{"apenas_verificar": true}))
	if d := asList(recv["divergencias"]); len(d) != 0 || num(recv["visitas"]) == 0 {
		t.Fatalf("reconciliação de visitas: %v", recv)
	}
	// Another company: none of the goals, none of the figures.
	if ms := metas(tok["outra"]); len(ms) != 0 {
		t.Fatalf("outra empresa vê metas: %v", ms)
	}
	res = ok(st.Do(t, "GET", "/crm/visitas/resumo/"+mes+"?vendedor_id=demo-vendedor", tok["outra"], nil))
	if len(asList(res["vendedores"])) != 0 {
		t.Fatalf("outra empresa vê o resumo de visitas: %v", res)
	}
	if code, _ := st.Do(t, "GET", "/crm/visitas/resumo/"+mes+"?vendedor_id=demo-vendedor", tok["vendedor2"], nil); code != 403 {
		t.Fatalf("outro vendedor lendo o resumo: %d", code)
	}
	if code, _ := st.Do(t, "PATCH", "/crm/metas/meta-visitas", tok["outra"], map[string]any{"alvo": 1}); code != 403 && code != 404 {
		t.Fatalf("outra empresa alterando a meta: %d", code)
	}
}
