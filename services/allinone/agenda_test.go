package allinone_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/store"
)

// visitaFeita is a visit as the agenda reads it from the field service's `visitas` collection
// ({id, cliente_id, vendedor_id, inicio, dia, veredito, distancia_metros}); the visits' own code
// writes the real ones.
type visitaFeita struct {
	store.Meta `bson:",inline"`
	ClienteID  string    `bson:"cliente_id"`
	VendedorID string    `bson:"vendedor_id"`
	Status     string    `bson:"status"`
	Inicio     time.Time `bson:"inicio"`
	Veredito   string    `bson:"veredito"`
	Distancia  *float64  `bson:"distancia_metros,omitempty"`
}

// diaDaVisita is a visit's day in São Paulo, the `dia` the agenda reads the period by.
func diaDaVisita(v *visitaFeita) any {
	return v.Inicio.In(time.FixedZone("BRT", -3*3600)).Format(time.DateOnly)
}

func (v *visitaFeita) StoreMeta() *store.Meta { return &v.Meta }

func jsonDe(t *testing.T, code int, body []byte, want int) map[string]any {
	t.Helper()
	if code != want {
		t.Fatalf("status %d, want %d: %s", code, want, body)
	}
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// campoErrado checks a 400 names the field, with a pt-BR message.
func campoErrado(t *testing.T, code int, body []byte, campo string) {
	t.Helper()
	if code != 400 || !strings.Contains(string(body), `"`+campo+`"`) || !strings.Contains(string(body), " ") {
		t.Errorf("want 400 at %s: %d %s", campo, code, body)
	}
}

// TestTarefas: the tasks over REST through the real store, operator and customer services — the
// defaults, a replayed create, who may assign to whom, the rules' pt-BR refusals, versao, the
// feed, and another company that can neither read nor write them (and writes nothing trying).
func TestTarefas(t *testing.T) {
	st, s := fullStack(t, "http://127.0.0.1:1")
	_, tok := matrixActors(t, s)
	const c1 = "demo-cliente-00001" // demo-vendedor's portfolio
	ok := func(code int, body []byte) map[string]any { t.Helper(); return jsonDe(t, code, body, 200) }
	nova := map[string]any{"id": "t-ligar", "titulo": "  Ligar para o comprador ", "vence_em": "2031-03-04T14:30:00Z", "cliente_id": c1, "lembrete_minutos_antes": 30}
	tar := ok(st.Do(t, "POST", "/crm/tarefas", tok["vendedor"], nova))
	if tar["titulo"] != "Ligar para o comprador" || tar["prioridade"] != "media" || tar["status"] != "aberta" || tar["responsavel_id"] != "demo-vendedor" ||
		tar["vence_em"] != "2031-03-04T14:30:00Z" || tar["lembrete_minutos_antes"] != float64(30) {
		t.Errorf("tarefa criada: %v", tar)
	}
	// A replay returns the first answer; the same id with another payload is refused.
	again := ok(st.Do(t, "POST", "/crm/tarefas", tok["vendedor"], nova))
	if again["versao"] != tar["versao"] || again["criado_em"] != tar["criado_em"] {
		t.Errorf("replay: %v", again)
	}
	outro := map[string]any{"id": "t-ligar", "titulo": "Outra", "vence_em": "2031-03-04T14:30:00Z"}
	if code, body := st.Do(t, "POST", "/crm/tarefas", tok["vendedor"], outro); code != 409 || !strings.Contains(string(body), "ID_REUTILIZADO") {
		t.Errorf("id reutilizado: %d %s", code, body)
	}
	// The rules, in pt-BR at their fields.
	code, body := st.Do(t, "POST", "/crm/tarefas", tok["vendedor"], map[string]any{"titulo": " ", "vence_em": "2031-03-04T14:30:00Z"})
	campoErrado(t, code, body, "titulo")
	code, body = st.Do(t, "POST", "/crm/tarefas", tok["vendedor"], map[string]any{"titulo": "X"})
	campoErrado(t, code, body, "vence_em")
	code, body = st.Do(t, "POST", "/crm/tarefas", tok["vendedor"], map[string]any{"titulo": "X", "vence_em": "2031-03-04T14:30:00Z", "prioridade": "urgente"})
	campoErrado(t, code, body, "prioridade")
	code, body = st.Do(t, "POST", "/crm/tarefas", tok["vendedor"], map[string]any{"titulo": "X", "vence_em": "2031-03-04T14:30:00Z", "lembrete_minutos_antes": 20000})
	campoErrado(t, code, body, "lembrete_minutos_antes")
	// Assignees: a seller only themself; a supervisor their team; an ADMIN an active operator.
	para := func(tok, resp string) (int, []byte) {
		return st.Do(t, "POST", "/crm/tarefas", tok, map[string]any{"titulo": "Visitar", "vence_em": "2031-03-05T12:00:00Z", "responsavel_id": resp})
	}
	if code, body := para(tok["vendedor"], "demo-vendedor2"); code != 403 {
		t.Errorf("vendedor atribui a outro: %d %s", code, body)
	}
	if code, body := para(tok["supervisor"], "demo-vendedor2"); code != 200 {
		t.Errorf("supervisor atribui à equipe: %d %s", code, body)
	}
	if code, body := para(tok["supervisor"], "demo-admin"); code != 403 {
		t.Errorf("supervisor atribui fora da equipe: %d %s", code, body)
	}
	code, body = para(tok["admin"], "nao-existe")
	campoErrado(t, code, body, "responsavel_id")
	// A customer outside the seller's portfolio is refused by the customer service.
	if code, body := st.Do(t, "POST", "/crm/tarefas", tok["vendedor2"], map[string]any{"titulo": "X", "vence_em": "2031-03-04T14:30:00Z", "cliente_id": c1}); code != 403 {
		t.Errorf("cliente de outra carteira: %d %s", code, body)
	}
	// Scope: the team sees it, another seller does not.
	if code, _ := st.Do(t, "GET", "/crm/tarefas/t-ligar", tok["supervisor"], nil); code != 200 {
		t.Errorf("supervisor lê a tarefa da equipe: %d", code)
	}
	if code, _ := st.Do(t, "GET", "/crm/tarefas/t-ligar", tok["vendedor2"], nil); code != 403 {
		t.Errorf("outro vendedor lê: %d", code)
	}
	lista := func(tok, q string) []string {
		t.Helper()
		m := ok(st.Do(t, "GET", "/crm/tarefas"+q, tok, nil))
		var ids []string
		for _, x := range asList(m["tarefas"]) {
			ids = append(ids, fmt.Sprint(x["id"]))
		}
		return ids
	}
	if ids := lista(tok["vendedor"], "?cliente_id="+c1+"&status=aberta&de=2031-03-04&ate=2031-03-04"); !slices.Equal(ids, []string{"t-ligar"}) {
		t.Errorf("filtros: %v", ids)
	}
	if ids := lista(tok["vendedor"], "?de=2031-03-05"); slices.Contains(ids, "t-ligar") {
		t.Errorf("de depois do vencimento: %v", ids)
	}
	if ids := lista(tok["vendedor2"], ""); slices.Contains(ids, "t-ligar") {
		t.Errorf("outro vendedor lista: %v", ids)
	}
	code, body = st.Do(t, "GET", "/crm/tarefas?de=04/03/2031", tok["vendedor"], nil)
	campoErrado(t, code, body, "de")
	// Another company: neither reads nor writes, and its refused calls write nothing.
	antes := snapshot(t)
	for _, c := range []struct{ m, p string }{{"GET", "/crm/tarefas/t-ligar"}, {"PATCH", "/crm/tarefas/t-ligar"}, {"DELETE", "/crm/tarefas/t-ligar"}} {
		if code, body := st.Do(t, c.m, c.p, tok["outra"], map[string]any{"status": "concluida"}); code != 403 {
			t.Errorf("outra empresa %s: %d %s", c.m, code, body)
		}
	}
	if code, body := st.Do(t, "POST", "/crm/tarefas", tok["outra"], map[string]any{"id": "t-ligar", "titulo": "Roubar", "vence_em": "2031-03-04T14:30:00Z"}); code != 403 {
		t.Errorf("outra empresa cria com o mesmo id: %d %s", code, body)
	}
	if snapshot(t) != antes {
		t.Error("outra empresa gravou")
	}
	if ids := lista(tok["outra"], ""); len(ids) != 0 {
		t.Errorf("outra empresa lista: %v", ids)
	}
	// versao: a stale one is refused, the right one applies.
	if code, body := st.Do(t, "PATCH", "/crm/tarefas/t-ligar", tok["vendedor"], map[string]any{"versao": 7, "status": "concluida"}); code != 409 {
		t.Errorf("versao velha: %d %s", code, body)
	}
	upd := ok(st.Do(t, "PATCH", "/crm/tarefas/t-ligar", tok["vendedor"], map[string]any{"versao": 1, "status": "concluida", "prioridade": "alta"}))
	if upd["status"] != "concluida" || upd["prioridade"] != "alta" || upd["versao"] != "2" || upd["titulo"] != "Ligar para o comprador" {
		t.Errorf("atualizada: %v", upd)
	}
	// The feed carries it, and its removal.
	feed := ok(st.Do(t, "GET", "/crm/tarefas/alteracoes", tok["vendedor"], nil))
	cursor := fmt.Sprint(feed["cursor"])
	if !strings.Contains(fmt.Sprint(feed["alteracoes"]), "t-ligar") {
		t.Errorf("feed: %v", feed)
	}
	ok(st.Do(t, "DELETE", "/crm/tarefas/t-ligar", tok["vendedor"], nil))
	feed = ok(st.Do(t, "GET", "/crm/tarefas/alteracoes?desde="+cursor, tok["vendedor"], nil))
	if a := asList(feed["alteracoes"]); len(a) != 1 || a[0]["id"] != "t-ligar" || a[0]["removido"] != true {
		t.Errorf("feed depois de excluir: %v", feed)
	}
}

// TestAgenda: a month of a seller's agenda through the real services — a weekly and a monthly
// frequency on the company's working days (a national holiday and a company day off move the
// visit to the next working day), a one-off visit, a task, the visits done (realizada, and one
// nobody planned); the supervisor's view; the day's route with its map links; the customers
// without a visit put on a day in one tap; another company sees none of it.
func TestAgenda(t *testing.T) {
	viacep := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`{"cep":"01001-000","logradouro":"Praça da Sé","bairro":"Sé","localidade":"São Paulo","uf":"SP","ibge":"3550308"}`))
	}))
	defer viacep.Close()
	st, s := fullStack(t, viacep.URL)
	_, tok := matrixActors(t, s)
	const c1, c3, c5 = "demo-cliente-00001", "demo-cliente-00003", "demo-cliente-00005" // demo-vendedor's
	ok := func(code int, body []byte) map[string]any { t.Helper(); return jsonDe(t, code, body, 200) }
	// The demo portfolios' visit frequencies (the field service's demo data) go: this agenda is
	// the one the test plans.
	demoFreq := asList(ok(st.Do(t, "GET", "/crm/frequencias-visita?page_size=200", tok["admin"], nil))["frequencias"])
	if len(demoFreq) == 0 {
		t.Fatal("a empresa demo não tem frequências de visita")
	}
	for _, f := range demoFreq {
		ok(st.Do(t, "DELETE", "/crm/frequencias-visita/"+fmt.Sprint(f["cliente_id"]), tok["admin"], nil))
	}
	// A company day off on Monday 2031-01-13; 2031-01-01 (a Wednesday) is a national holiday.
	ok(st.Do(t, "POST", "/crm/calendario/folgas", tok["admin"], map[string]any{"data": "2031-01-13", "nome": "Inventário"}))
	f := ok(st.Do(t, "PUT", "/crm/frequencias-visita/"+c1, tok["vendedor"], map[string]any{"frequencia": "semanal", "dias_semana": []int{1}, "inicio": "2031-01-01"}))
	if f["vendedor_id"] != "demo-vendedor" || f["id"] != c1 {
		t.Errorf("frequência: %v", f)
	}
	ok(st.Do(t, "PUT", "/crm/frequencias-visita/"+c3, tok["supervisor"], map[string]any{"frequencia": "mensal", "dias_semana": []int{3}, "inicio": "2031-01-01"}))
	code, body := st.Do(t, "PUT", "/crm/frequencias-visita/"+c1, tok["vendedor"], map[string]any{"frequencia": "diaria", "dias_semana": []int{6}})
	campoErrado(t, code, body, "frequencia")
	campoErrado(t, code, body, "dias_semana")
	if code, body := st.Do(t, "PUT", "/crm/frequencias-visita/"+c1, tok["vendedor2"], map[string]any{"frequencia": "semanal", "dias_semana": []int{2}}); code != 403 {
		t.Errorf("outro vendedor define: %d %s", code, body)
	}
	ok(st.Do(t, "POST", "/crm/agenda/visitas", tok["vendedor"], map[string]any{"data": "2031-01-09", "cliente_ids": []string{c3}}))
	ok(st.Do(t, "POST", "/crm/tarefas", tok["vendedor"], map[string]any{"id": "t-agenda", "titulo": "Levar amostras", "vence_em": "2031-01-10T13:00:00Z", "cliente_id": c5}))
	// The visits done: c1 on Monday the 6th (planned), c3 on Thursday the 2nd (the monthly
	// Wednesday moved off the holiday), c5 on the 7th (not planned).
	vis := store.MustDeclare(context.Background(), stackStore.For("crm_field"), store.Spec[visitaFeita]{Name: "visitas",
		Fields: []store.Field[visitaFeita]{{Name: "vendedor_id", Value: func(v *visitaFeita) any { return v.VendedorID }}, {Name: "dia", Value: diaDaVisita}},
		Owner:  "vendedor_id"})
	perto, longe := 35.0, 1240.0
	for _, v := range []visitaFeita{
		{Meta: store.Meta{ID: "v-1"}, ClienteID: c1, VendedorID: "demo-vendedor", Inicio: time.Date(2031, 1, 6, 14, 0, 0, 0, time.UTC), Veredito: "verificado", Distancia: &perto},
		{Meta: store.Meta{ID: "v-2"}, ClienteID: c3, VendedorID: "demo-vendedor", Inicio: time.Date(2031, 1, 2, 12, 0, 0, 0, time.UTC)},
		{Meta: store.Meta{ID: "v-3"}, ClienteID: c5, VendedorID: "demo-vendedor", Inicio: time.Date(2031, 1, 7, 18, 0, 0, 0, time.UTC), Veredito: "fora_do_raio", Distancia: &longe},
	} {
		if _, _, err := vis.Create(context.Background(), store.Company("demo"), &v); err != nil {
			t.Fatal(err)
		}
	}
	linhas := func(tok, q string) []string {
		t.Helper()
		var out []string
		for _, it := range asList(ok(st.Do(t, "GET", "/crm/agenda"+q, tok, nil))["itens"]) {
			out = append(out, fmt.Sprint(it["data"], " ", it["tipo"], " ", it["cliente_id"], " ", it["situacao"], " ", it["visita_id"], it["tarefa_id"]))
		}
		return out
	}
	want := []string{
		"2031-01-02 frequencia " + c3 + " realizada v-2",
		"2031-01-06 frequencia " + c1 + " realizada v-1",
		"2031-01-07 visita " + c5 + " nao_planejada v-3",
		"2031-01-09 avulsa " + c3 + " planejada ",
		"2031-01-10 tarefa " + c5 + " planejada t-agenda",
		"2031-01-14 frequencia " + c1 + " planejada ",
		"2031-01-20 frequencia " + c1 + " planejada ",
		"2031-01-27 frequencia " + c1 + " planejada ",
	}
	if got := linhas(tok["vendedor"], "?de=2031-01-01&ate=2031-01-31"); !slices.Equal(got, want) {
		t.Errorf("agenda de janeiro:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The supervisor sees the seller's; another seller sees none of it; another company neither.
	if got := linhas(tok["supervisor"], "?de=2031-01-01&ate=2031-01-31&vendedor_id=demo-vendedor"); !slices.Equal(got, want) {
		t.Errorf("agenda vista pelo supervisor: %v", got)
	}
	// The supervisor's day view: the team's days of the 6th and 7th, each visit done with its
	// check-in's verdict and distance.
	var dia []string
	for _, it := range asList(ok(st.Do(t, "GET", "/crm/agenda?de=2031-01-06&ate=2031-01-07", tok["supervisor"], nil))["itens"]) {
		dia = append(dia, fmt.Sprint(it["data"], " ", it["vendedor_id"], " ", it["cliente_id"], " ", it["situacao"], " ", it["veredito"], " ", it["distancia_metros"], " ", it["inicio"]))
	}
	if want := []string{
		"2031-01-06 demo-vendedor " + c1 + " realizada verificado 35 2031-01-06T14:00:00Z",
		"2031-01-07 demo-vendedor " + c5 + " nao_planejada fora_do_raio 1240 2031-01-07T18:00:00Z",
	}; !slices.Equal(dia, want) {
		t.Errorf("dia da equipe visto pelo supervisor:\n%s\nwant\n%s", strings.Join(dia, "\n"), strings.Join(want, "\n"))
	}
	if got := linhas(tok["vendedor2"], "?de=2031-01-01&ate=2031-01-31"); len(got) != 0 {
		t.Errorf("agenda de outro vendedor: %v", got)
	}
	if got := linhas(tok["outra"], "?de=2031-01-01&ate=2031-01-31"); len(got) != 0 {
		t.Errorf("agenda de outra empresa: %v", got)
	}
	// A day off the ADMIN adds once the agenda was read is in the very next one (the calendar is
	// read on every request: ListarFolgas), and removed, it is gone.
	ok(st.Do(t, "POST", "/crm/calendario/folgas", tok["admin"], map[string]any{"data": "2031-01-27", "nome": "Dedetização"}))
	if got := linhas(tok["vendedor"], "?de=2031-01-01&ate=2031-01-31"); !slices.Equal(got, append(slices.Clone(want[:len(want)-1]), "2031-01-28 frequencia "+c1+" planejada ")) {
		t.Errorf("agenda depois da folga do dia 27:\n%s", strings.Join(got, "\n"))
	}
	ok(st.Do(t, "DELETE", "/crm/calendario/folgas/2031-01-27", tok["admin"], nil))
	if got := linhas(tok["vendedor"], "?de=2031-01-01&ate=2031-01-31"); !slices.Equal(got, want) {
		t.Errorf("agenda sem a folga do dia 27:\n%s", strings.Join(got, "\n"))
	}
	code, body = st.Do(t, "GET", "/crm/agenda?de=2031-01-01&ate=2031-04-30", tok["vendedor"], nil)
	campoErrado(t, code, body, "ate")
	// The route of Monday the 20th: c1 (planned) and c3 (put on the day), from near c3.
	// Their main addresses get coordinates (the same address, now with its position).
	for _, e := range []struct {
		cliente  string
		lat, lon float64
	}{{c1, -23.5613, -46.6565}, {c3, -23.5489, -46.6388}} {
		cl := ok(st.Do(t, "GET", "/crm/clientes/"+e.cliente, tok["vendedor"], nil))
		for _, end := range asList(cl["enderecos"]) {
			if end["principal"] == true {
				end["latitude"], end["longitude"] = e.lat, e.lon
				ok(st.Do(t, "POST", "/crm/clientes/"+e.cliente+"/enderecos", tok["vendedor"], end))
			}
		}
	}
	ok(st.Do(t, "POST", "/crm/agenda/visitas", tok["vendedor"], map[string]any{"data": "2031-01-20", "cliente_ids": []string{c3}}))
	rota := ok(st.Do(t, "GET", "/crm/agenda/rota?data=2031-01-20&latitude=-23.5480&longitude=-46.6380", tok["vendedor"], nil))
	paradas := asList(rota["paradas"])
	if len(paradas) != 2 || paradas[0]["cliente_id"] != c3 || paradas[1]["cliente_id"] != c1 ||
		!regexp.MustCompile(`^https://www\.google\.com/maps/search/\?api=1&query=[a-z0-9+]+$`).MatchString(fmt.Sprint(paradas[0]["link_mapa"])) {
		t.Errorf("rota: %v", rota)
	}
	if d := rota["distancia_total_metros"].(float64); d < 2000 || d > 3000 {
		t.Errorf("distância total %.0f m", d)
	}
	// Customers without a visit in 30 days: not c5 (visited 3 days ago), nor c3 once it is put on
	// the next working day; c1 is (its frequency plans nothing before 2031).
	if _, _, err := vis.Create(context.Background(), store.Company("demo"), &visitaFeita{Meta: store.Meta{ID: "v-4"}, ClienteID: c5, VendedorID: "demo-vendedor",
		Inicio: time.Now().Add(-72 * time.Hour)}); err != nil {
		t.Fatal(err)
	}
	for d := time.Now().AddDate(0, 0, 1); ; d = d.AddDate(0, 0, 1) {
		code, body := st.Do(t, "POST", "/crm/agenda/visitas", tok["vendedor"], map[string]any{"data": d.Format("2006-01-02"), "cliente_ids": []string{c3}})
		if code == 200 {
			break
		}
		campoErrado(t, code, body, "data") // a day off: the next one
	}
	// The demo's past visits (the field service's demo data) may have visited c1 in the last 30
	// days: they go, so that c1 is a customer without a visit.
	demo, err := vis.All(context.Background(), store.Company("demo"), store.Query{Where: []store.Cond{store.Eq("vendedor_id", "demo-vendedor")}})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range demo {
		if v.ClienteID == c1 {
			if _, err := vis.Delete(context.Background(), store.Company("demo"), v.ID, v.Versao); err != nil {
				t.Fatal(err)
			}
		}
	}
	sem := map[string]bool{}
	for _, c := range asList(ok(st.Do(t, "GET", "/crm/agenda/sem-visita?dias=30", tok["vendedor"], nil))["clientes"]) {
		sem[fmt.Sprint(c["cliente_id"])] = true
	}
	if !sem[c1] || sem[c3] || sem[c5] {
		t.Errorf("sem visita: c1 %v (quer true), c3 %v, c5 %v (querem false); %d clientes", sem[c1], sem[c3], sem[c5], len(sem))
	}
	// "Without a visit or an order": an order sent for c1 today (the sales service's last
	// counting order) takes it off the list.
	pedido := map[string]any{"id": "agenda-pedido-c1", "cliente_id": c1, "condicao_id": "demo-cond-avista-pix",
		"itens": []map[string]any{{"produto_id": "demo-produto-0002", "quantidade": 12}}}
	ok(st.Do(t, "POST", "/crm/pedidos", tok["vendedor"], pedido))
	if r := ok(st.Do(t, "POST", "/crm/pedidos/agenda-pedido-c1/enviar", tok["vendedor"], map[string]any{})); r["status"] != "enviado" {
		t.Fatalf("pedido de c1 não foi enviado (um orçamento não conta): %v", r["status"])
	}
	for _, c := range asList(ok(st.Do(t, "GET", "/crm/agenda/sem-visita?dias=30", tok["vendedor"], nil))["clientes"]) {
		if c["cliente_id"] == c1 {
			t.Errorf("sem visita: c1 tem pedido hoje e continua na lista: %v", c)
		}
	}
	code, body = st.Do(t, "POST", "/crm/agenda/visitas", tok["vendedor"], map[string]any{"data": "2031-01-13", "cliente_ids": []string{c5}})
	campoErrado(t, code, body, "data")
	if code, body := st.Do(t, "POST", "/crm/agenda/visitas", tok["vendedor"], map[string]any{"data": "2031-01-15", "cliente_ids": []string{c5, "demo-cliente-00002"}}); code != 403 {
		t.Errorf("planejar cliente de outra carteira: %d %s", code, body)
	}
	// Removing the frequency takes its visits off the agenda.
	ok(st.Do(t, "DELETE", "/crm/frequencias-visita/"+c1, tok["vendedor"], nil))
	if got := linhas(tok["vendedor"], "?de=2031-01-27&ate=2031-01-27"); len(got) != 0 {
		t.Errorf("depois de excluir a frequência: %v", got)
	}
	// Set again, it comes back.
	ok(st.Do(t, "PUT", "/crm/frequencias-visita/"+c1, tok["vendedor"], map[string]any{"frequencia": "quinzenal", "dias_semana": []int{1}, "inicio": "2031-01-06"}))
	if got := linhas(tok["vendedor"], "?de=2031-01-20&ate=2031-01-31"); !slices.Equal(got, []string{"2031-01-20 avulsa " + c3 + " planejada ", "2031-01-20 frequencia " + c1 + " planejada "}) {
		t.Errorf("quinzenal: %v", got)
	}
}

// asList is a JSON list of objects (nil: empty).
func asList(v any) []map[string]any {
	var out []map[string]any
	l, _ := v.([]any)
	for _, x := range l {
		if m, ok := x.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}
