package sales_test

import (
	"strings"
	"testing"

	"github.com/crmvendas/crm/services/platform/testkit"
)

func TestImportarRegrasST(t *testing.T) {
	e := setup(t)
	// Accents, capitals and the API's names in the header; pt-BR percentages.
	ruim := "NCM;UF;MVA_percentual;Alíquota interna;aliquota_interestadual;redução_base\n" +
		"2202;SP;40,5;18;;\n" +
		"2203;XX;40;18;12;\n" + // unknown UF
		"22.02;sp;30;18;;\n" + // the same NCM × UF as line 2
		"3305;MG;abc;100;12;\n" + // MVA unreadable, internal rate of 100 %
		"3401;PR;;18;;\n" // MVA missing
	before := testkit.Fingerprint(t, e.store)
	r := decode(t, e.do(t, "POST", "/crm/regras-st/importar", e.admin, map[string]any{"csv": ruim}, 200))
	rej := asList(r["rejeitadas"])
	if r["nada_gravado"] != true || r["total"] != 5.0 || len(rej) != 4 || rej[0]["linha"] != 3.0 || rej[1]["codigo"] != "22.02/SP" {
		t.Fatalf("relatório: %v", r)
	}
	var erros []string
	for _, l := range rej {
		erros = append(erros, fmtAny(l["erros"]))
	}
	todos := strings.Join(erros, " | ")
	for _, want := range []string{"uf: UF XX inválida.", "ncm e uf repetidos no arquivo (já na linha 2).", "mva: use um percentual",
		"aliquota_interna_percentual: Alíquota interna deve ficar entre 0% e 100%.", "mva: informe o valor."} {
		if !strings.Contains(todos, want) {
			t.Errorf("falta %q em %s", want, todos)
		}
	}
	if testkit.Fingerprint(t, e.store) != before {
		t.Error("arquivo com erros gravou")
	}
	erro(t, e.do(t, "POST", "/crm/regras-st/importar", e.admin, map[string]any{"csv": "ncm;uf\n2202;SP"}, 400), "", "csv")
	erro(t, e.do(t, "POST", "/crm/regras-st/importar", e.v1, map[string]any{"csv": ruim}, 403), "PERFIL_NAO_PERMITIDO")
	erro(t, e.do(t, "POST", "/crm/regras-st/importar", e.sup, map[string]any{"csv": ruim}, 403), "PERFIL_NAO_PERMITIDO")

	// A rule made by hand is updated by the file, not duplicated.
	e.do(t, "POST", "/crm/regras-st", e.admin, map[string]any{"id": "st-manual", "ncm": "2202", "uf": "SP", "mva_percentual": 10,
		"aliquota_interna_percentual": 17, "reducao_base_percentual": 5}, 200)
	bom := "ncm,uf,mva,aliquota_interna,aliquota_interestadual,reducao_base\n" +
		"2202,SP,\"40,5\",18%,,\n" + // reducao_base empty: kept
		"2202.10.00,MG,40,18,12,10\n" +
		"3305,PR,\"35,25\",\"19,5\",12,\n"
	before = testkit.Fingerprint(t, e.store)
	r = decode(t, e.do(t, "POST", "/crm/regras-st/importar", e.admin, map[string]any{"csv": bom, "validar_apenas": true}, 200))
	if r["nada_gravado"] != true || r["criados"] != 0.0 || r["atualizados"] != 0.0 || r["a_criar"] != 2.0 || r["a_atualizar"] != 1.0 {
		t.Fatalf("só validar: %v", r)
	}
	if testkit.Fingerprint(t, e.store) != before {
		t.Error("validar_apenas gravou")
	}
	r = decode(t, e.do(t, "POST", "/crm/regras-st/importar", e.admin, map[string]any{"csv": bom}, 200))
	if r["nada_gravado"] != false || r["criados"] != 2.0 || r["atualizados"] != 1.0 || r["a_criar"] != 2.0 || len(asList(r["rejeitadas"])) != 0 {
		t.Fatalf("importação: %v", r)
	}
	// Again: keyed by NCM × UF, nothing duplicates and nothing changes.
	before = testkit.Fingerprint(t, e.store)
	r = decode(t, e.do(t, "POST", "/crm/regras-st/importar", e.admin, map[string]any{"csv": bom}, 200))
	if r["criados"] != 0.0 || r["atualizados"] != 3.0 {
		t.Fatalf("segunda importação: %v", r)
	}
	if testkit.Fingerprint(t, e.store) != before {
		t.Error("o mesmo arquivo de novo mudou regras")
	}
	regras := map[string]map[string]any{}
	for _, x := range asList(decode(t, e.do(t, "GET", "/crm/regras-st", e.v1, nil, 200))["regras"]) {
		regras[x["ncm"].(string)+"/"+x["uf"].(string)] = x
	}
	if len(regras) != 3 {
		t.Fatalf("regras: %v", regras)
	}
	if sp := regras["2202/SP"]; sp["id"] != "st-manual" || sp["mva_percentual"] != 40.5 || sp["aliquota_interna_percentual"] != 18.0 || sp["reducao_base_percentual"] != 5.0 {
		t.Errorf("regra de SP: %v", sp)
	}
	if mg := regras["22021000/MG"]; mg["mva_percentual"] != 40.0 || mg["aliquota_interestadual_percentual"] != 12.0 || mg["reducao_base_percentual"] != 10.0 {
		t.Errorf("regra de MG: %v", mg)
	}
	if pr := regras["3305/PR"]; pr["mva_percentual"] != 35.25 || pr["aliquota_interna_percentual"] != 19.5 {
		t.Errorf("regra do PR: %v", pr)
	}
	// Another company imports its own rules: the first company's are untouched.
	r = decode(t, e.do(t, "POST", "/crm/regras-st/importar", e.adminB, map[string]any{"csv": bom}, 200))
	if r["criados"] != 3.0 || r["atualizados"] != 0.0 {
		t.Fatalf("outra empresa: %v", r)
	}
	if n := len(asList(decode(t, e.do(t, "GET", "/crm/regras-st", e.v1, nil, 200))["regras"])); n != 3 {
		t.Errorf("regras da empresa A depois da B: %d", n)
	}
}
