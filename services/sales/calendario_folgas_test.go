package sales_test

import (
	"fmt"
	"slices"
	"testing"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// folgas is GET /crm/calendario/folgas as tok: the days off from de to ate ("data tipo nome").
func (e *env) folgas(t *testing.T, tok, de, ate string) []string {
	t.Helper()
	var out []string
	for _, f := range asListOrEmpty(decode(t, e.do(t, "GET", "/crm/calendario/folgas?de="+de+"&ate="+ate, tok, nil, 200))["feriados"]) {
		out = append(out, fmt.Sprint(f["data"], " ", f["tipo"], " ", f["nome"]))
	}
	return out
}

// entre are the days off of the years' lists (GET /crm/calendario/dias-uteis) from de to ate: the
// answer ListarFolgas must give, from the other route.
func (e *env) entre(t *testing.T, tok, de, ate string, anos ...string) []string {
	t.Helper()
	var out []string
	for _, ano := range anos {
		_, fs := e.diasUteis(t, tok, ano)
		for _, f := range fs {
			if d := f[:10]; d >= de && d <= ate {
				out = append(out, f)
			}
		}
	}
	return out
}

// TestListarFolgas: the days off of a period in one call (what the agenda reads) — across a
// year's end, the same as each year's list cut to the period; a company day off an ADMIN adds
// is in the next answer, removed it is gone; the company's switches apply; another company's
// days off never show; pt-BR refusals at their fields; gRPC answers the same.
func TestListarFolgas(t *testing.T) {
	e := setup(t)
	const de, ate = "2026-12-20", "2027-01-10"
	want := []string{"2026-12-25 nacional Natal", "2027-01-01 nacional Confraternização Universal"}
	if got := e.folgas(t, e.v1, de, ate); !slices.Equal(got, want) {
		t.Fatalf("%s a %s: %v, esperado %v", de, ate, got, want)
	}
	// A day off the ADMIN adds shows in the next answer, to every operator of the company only.
	e.do(t, "POST", "/crm/calendario/folgas", e.admin, map[string]any{"data": "2026-12-31", "nome": "Balanço"}, 200)
	e.do(t, "POST", "/crm/calendario/folgas", e.adminB, map[string]any{"data": "2027-01-04", "nome": "Férias coletivas"}, 200)
	want = []string{"2026-12-25 nacional Natal", "2026-12-31 empresa Balanço", "2027-01-01 nacional Confraternização Universal"}
	for _, tok := range []string{e.v1, e.sup, e.admin} {
		if got := e.folgas(t, tok, de, ate); !slices.Equal(got, want) {
			t.Errorf("com a folga: %v, esperado %v", got, want)
		}
	}
	if got, anos := e.folgas(t, e.v1, de, ate), e.entre(t, e.v1, de, ate, "2026", "2027"); !slices.Equal(got, anos) {
		t.Errorf("o período %v ≠ as listas dos anos %v", got, anos)
	}
	if got := e.folgas(t, e.vB, de, ate); !slices.Equal(got, []string{"2026-12-25 nacional Natal", "2027-01-01 nacional Confraternização Universal", "2027-01-04 empresa Férias coletivas"}) {
		t.Errorf("outra empresa: %v", got)
	}
	e.do(t, "DELETE", "/crm/calendario/folgas/2026-12-31", e.admin, nil, 200)
	if got := e.folgas(t, e.v1, de, ate); len(got) != 2 {
		t.Errorf("depois de excluir a folga: %v", got)
	}
	// The switches: Carnaval as working days leaves the list; one day, the period's bounds included.
	if got := e.folgas(t, e.v1, "2026-02-16", "2026-02-17"); len(got) != 2 {
		t.Errorf("Carnaval: %v", got)
	}
	e.do(t, "PUT", "/crm/calendario/configuracao", e.admin, map[string]any{"carnaval_util": true}, 200)
	if got := e.folgas(t, e.v1, "2026-02-01", "2026-02-28"); len(got) != 0 {
		t.Errorf("Carnaval útil: %v", got)
	}
	if got := e.folgas(t, e.v1, "2026-04-03", "2026-04-03"); !slices.Equal(got, []string{"2026-04-03 nacional Sexta-feira da Paixão"}) {
		t.Errorf("um dia: %v", got)
	}
	// Refusals, in pt-BR at their fields.
	erro(t, e.do(t, "GET", "/crm/calendario/folgas?de=2026-02-30&ate=", e.v1, nil, 400), "", "de", "ate")
	erro(t, e.do(t, "GET", "/crm/calendario/folgas?de=1999-12-31&ate=2000-01-02", e.v1, nil, 400), "", "de")
	erro(t, e.do(t, "GET", "/crm/calendario/folgas?de=2026-03-02&ate=2026-03-01", e.v1, nil, 400), "", "ate")
	erro(t, e.do(t, "GET", "/crm/calendario/folgas?de=2026-01-01&ate=2027-01-02", e.v1, nil, 400), "", "ate")
	if got := e.folgas(t, e.v1, "2028-01-01", "2028-12-31"); len(got) == 0 { // 366 days: a leap year
		t.Errorf("um ano bissexto inteiro: %v", got)
	}
	// gRPC answers the same.
	r, err := salesv1.NewCalendarioServiceClient(e.st.Conn).ListarFolgas(testkit.Ctx(e.vB), &salesv1.ListarFolgasRequest{De: de, Ate: ate})
	if err != nil || len(r.GetFeriados()) != 3 || r.GetFeriados()[2].GetNome() != "Férias coletivas" || r.GetFeriados()[2].GetTipo() != "empresa" {
		t.Errorf("gRPC: %v %v", r, err)
	}
}
