package sales_test

import (
	"fmt"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// diasUteis is GET /crm/calendario/dias-uteis as tok: the working days by month and the days off
// by date ("data tipo nome").
func (e *env) diasUteis(t *testing.T, tok, ano string) (map[string]int, []string) {
	t.Helper()
	m := decode(t, e.do(t, "GET", "/crm/calendario/dias-uteis?ano="+ano, tok, nil, 200))
	meses := map[string]int{}
	for _, x := range asList(m["meses"]) {
		meses[x["mes"].(string)] = int(x["dias_uteis"].(float64))
	}
	var feriados []string
	for _, f := range asListOrEmpty(m["feriados"]) {
		feriados = append(feriados, fmt.Sprint(f["data"], " ", f["tipo"], " ", f["nome"]))
	}
	return meses, feriados
}

// TestCalendario: the working days over REST — what every operator reads, what only an ADMIN
// changes (days off, the switches), pt-BR refusals at their fields, and another company's
// calendar apart.
func TestCalendario(t *testing.T) {
	e := setup(t)
	meses, feriados := e.diasUteis(t, e.v1, "2026")
	if len(meses) != 12 || meses["2026-02"] != 18 || meses["2026-06"] != 21 || meses["2026-11"] != 19 {
		t.Fatalf("2026: %v", meses)
	}
	if !strings.Contains(strings.Join(feriados, "|"), "2026-02-16 ponto_facultativo Carnaval") ||
		!strings.Contains(strings.Join(feriados, "|"), "2026-11-20 nacional Dia Nacional de Zumbi") {
		t.Errorf("feriados 2026: %v", feriados)
	}
	// Only an ADMIN changes the calendar; a refusal writes nothing.
	before := testkit.Fingerprint(t, e.store)
	folga := map[string]any{"data": "2026-06-05", "nome": "Ponte de Corpus Christi"}
	for _, tok := range []string{e.v1, e.sup} {
		erro(t, e.do(t, "POST", "/crm/calendario/folgas", tok, folga, 403), "PERFIL_NAO_PERMITIDO")
		erro(t, e.do(t, "DELETE", "/crm/calendario/folgas/2026-06-05", tok, nil, 403), "PERFIL_NAO_PERMITIDO")
		erro(t, e.do(t, "PUT", "/crm/calendario/configuracao", tok, map[string]any{"carnaval_util": true}, 403), "PERFIL_NAO_PERMITIDO")
	}
	erro(t, e.do(t, "POST", "/crm/calendario/folgas", e.admin, map[string]any{"data": "2026-02-30", "nome": "x"}, 400), "", "data")
	erro(t, e.do(t, "POST", "/crm/calendario/folgas", e.admin, map[string]any{"data": "05/06/2026", "nome": ""}, 400), "", "data", "nome")
	erro(t, e.do(t, "DELETE", "/crm/calendario/folgas/amanha", e.admin, nil, 400), "", "data")
	erro(t, e.do(t, "GET", "/crm/calendario/dias-uteis?ano=1999", e.v1, nil, 400), "", "ano")
	if testkit.Fingerprint(t, e.store) != before {
		t.Fatal("uma recusa gravou")
	}
	// A day off, then the switches: every operator of the company sees them.
	f := decode(t, e.do(t, "POST", "/crm/calendario/folgas", e.admin, folga, 200))
	if f["data"] != "2026-06-05" || f["nome"] != "Ponte de Corpus Christi" || f["excluido"] != false {
		t.Fatalf("folga: %v", f)
	}
	e.do(t, "POST", "/crm/calendario/folgas", e.admin, folga, 200) // again: the same
	cfg := decode(t, e.do(t, "PUT", "/crm/calendario/configuracao", e.admin, map[string]any{"carnaval_util": true}, 200))
	if cfg["carnaval_util"] != true || cfg["corpus_christi_util"] != false {
		t.Fatalf("configuração: %v", cfg)
	}
	if c := decode(t, e.do(t, "GET", "/crm/calendario/configuracao", e.v2, nil, 200)); c["carnaval_util"] != true {
		t.Errorf("configuração lida pelo vendedor: %v", c)
	}
	meses, feriados = e.diasUteis(t, e.sup, "2026")
	if meses["2026-02"] != 20 || meses["2026-06"] != 20 {
		t.Errorf("com a folga e o Carnaval útil: %v", meses)
	}
	lista := strings.Join(feriados, "|")
	if strings.Contains(lista, "Carnaval") || !strings.Contains(lista, "2026-06-05 empresa Ponte de Corpus Christi") {
		t.Errorf("feriados: %v", feriados)
	}
	// Another company: its own calendar; it can't remove this one's day off.
	meses, _ = e.diasUteis(t, e.vB, "2026")
	if meses["2026-02"] != 18 || meses["2026-06"] != 21 {
		t.Errorf("outra empresa: %v", meses)
	}
	before = testkit.Fingerprint(t, e.store)
	erro(t, e.do(t, "DELETE", "/crm/calendario/folgas/2026-06-05", e.adminB, nil, 404), "")
	if testkit.Fingerprint(t, e.store) != before {
		t.Fatal("a outra empresa gravou")
	}
	if meses, _ = e.diasUteis(t, e.v1, "2026"); meses["2026-06"] != 20 {
		t.Errorf("depois da outra empresa: %v", meses)
	}
	// Removing it (again: the same answer) brings the day back.
	if d := decode(t, e.do(t, "DELETE", "/crm/calendario/folgas/2026-06-05", e.admin, nil, 200)); d["excluido"] != true {
		t.Errorf("excluir: %v", d)
	}
	e.do(t, "DELETE", "/crm/calendario/folgas/2026-06-05", e.admin, nil, 200)
	if meses, _ = e.diasUteis(t, e.v1, "2026"); meses["2026-06"] != 21 {
		t.Errorf("depois de excluir: %v", meses)
	}
	// gRPC answers the same.
	cli := salesv1.NewCalendarioServiceClient(e.st.Conn)
	if _, err := cli.CriarFolga(testkit.Ctx(e.v1), &salesv1.CriarFolgaRequest{Data: "2026-12-24", Nome: "Véspera"}); status.Code(err) != codes.PermissionDenied {
		t.Errorf("gRPC vendedor cria folga: %v", err)
	}
	if d, err := cli.ObterDiasUteis(testkit.Ctx(e.v1), &salesv1.ObterDiasUteisRequest{Ano: 2024}); err != nil || d.Meses[10].DiasUteis != 19 {
		t.Errorf("gRPC 2024: %v %v", d, err)
	}
}
