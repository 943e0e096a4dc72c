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
	// Each refusal names the file's own column, as its header wrote it (issue 21 §5); the rule's
	// field aliquota_interna_percentual is the column "Alíquota interna".
	for _, want := range []string{"coluna UF: UF XX inválida.", "colunas NCM e UF: repetidas no arquivo (já na linha 2).", "coluna MVA_percentual: use um percentual",
		"coluna Alíquota interna: Alíquota interna deve ficar entre 0% e 100%.", "coluna MVA_percentual: informe o valor."} {
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

// The optional columns of issue 22: the kind of base reduction, the MVA adjustment and the
// effective ALQ intra. A file without them imports as before (defaults on new rules, existing
// values kept); unknown values are refused at their row in pt-BR; the REST API takes and shows
// the same fields.
func TestImportarRegrasSTTiposDeReducaoEAjuste(t *testing.T) {
	e := setup(t)
	ruim := "ncm;uf;mva;aliquota_interna;tipo_reducao;mva_ajustada;carga_efetiva;reducao_base\n" +
		"2202;SP;40;18;metade;;;10\n" + // unknown kind of reduction
		"2203;SP;40;18;;talvez;;10\n" + // unknown adjustment
		"2204;SP;40;18;;;talvez;10\n" + // not a yes/no
		"2205;SP;40;18;propria_e_st;;;\n" + // both operations reduced, without a reduction
		"2206;MG;40;18;;;sim;\n" // effective ALQ intra without a reduction
	before := testkit.Fingerprint(t, e.store)
	r := decode(t, e.do(t, "POST", "/crm/regras-st/importar", e.admin, map[string]any{"csv": ruim}, 200))
	rej := asList(r["rejeitadas"])
	if r["nada_gravado"] != true || len(rej) != 5 {
		t.Fatalf("relatório: %v", r)
	}
	for i, want := range []string{"coluna tipo_reducao: use st (só a base da ST) ou propria_e_st (operação própria e ST).",
		"coluna mva_ajustada: use sempre, se_interna_maior ou nao.", "coluna carga_efetiva: use sim ou não.",
		"coluna reducao_base: Informe a redução da base que vale para a operação própria e a ST.",
		"coluna carga_efetiva: A alíquota interna efetiva precisa de uma redução da base."} {
		if got := fmtAny(rej[i]["erros"]); !strings.Contains(got, want) {
			t.Errorf("linha %v: %s; want %q", rej[i]["linha"], got, want)
		}
	}
	if testkit.Fingerprint(t, e.store) != before {
		t.Error("arquivo com erros gravou")
	}

	// Today's columns only: the new rules take the defaults.
	antigo := "ncm;uf;mva;aliquota_interna;aliquota_interestadual;reducao_base\n2202;SP;40;18;12;10\n2202;MG;40;18;12;20\n"
	if r := decode(t, e.do(t, "POST", "/crm/regras-st/importar", e.admin, map[string]any{"csv": antigo}, 200)); r["criados"] != 2.0 {
		t.Fatalf("arquivo antigo: %v", r)
	}
	regras := func() map[string]map[string]any {
		out := map[string]map[string]any{}
		for _, x := range asList(decode(t, e.do(t, "GET", "/crm/regras-st", e.v1, nil, 200))["regras"]) {
			out[x["ncm"].(string)+"/"+x["uf"].(string)] = x
		}
		return out
	}
	for k, x := range regras() {
		if x["reducao_base_tipo"] != "st" || x["ajuste_mva"] != "sempre" || x["aliquota_intra_efetiva"] != false {
			t.Errorf("%s sem as colunas novas: %v", k, x)
		}
	}
	// The new columns, in words a fiscal sheet uses (accents, capitals, spaces).
	novo := "ncm;uf;mva;aliquota_interna;reducao_base_tipo;ajuste_mva;aliquota_intra_efetiva\n" +
		"2202;SP;40;18;Própria e ST;;\n" +
		"2202;MG;40;18;;se interna maior;Sim\n" +
		"3305;PR;35;19;;Não;\n"
	if r := decode(t, e.do(t, "POST", "/crm/regras-st/importar", e.admin, map[string]any{"csv": novo}, 200)); r["criados"] != 1.0 || r["atualizados"] != 2.0 {
		t.Fatalf("colunas novas: %v", r)
	}
	rs := regras()
	if sp := rs["2202/SP"]; sp["reducao_base_tipo"] != "propria_e_st" || sp["ajuste_mva"] != "sempre" || sp["reducao_base_percentual"] != 10.0 {
		t.Errorf("SP: %v", sp)
	}
	if mg := rs["2202/MG"]; mg["reducao_base_tipo"] != "st" || mg["ajuste_mva"] != "se_interna_maior" || mg["aliquota_intra_efetiva"] != true || mg["reducao_base_percentual"] != 20.0 {
		t.Errorf("MG: %v", mg)
	}
	if pr := rs["3305/PR"]; pr["ajuste_mva"] != "nao" || pr["reducao_base_tipo"] != "st" {
		t.Errorf("PR: %v", pr)
	}
	// Empty cells of the new columns keep what the rule has.
	if r := decode(t, e.do(t, "POST", "/crm/regras-st/importar", e.admin, map[string]any{"csv": antigo}, 200)); r["atualizados"] != 2.0 {
		t.Fatalf("arquivo antigo de novo: %v", r)
	}
	if mg := regras()["2202/MG"]; mg["ajuste_mva"] != "se_interna_maior" || mg["aliquota_intra_efetiva"] != true {
		t.Errorf("MG depois do arquivo antigo: %v", mg)
	}

	// REST: the fields on create, their defaults, and a clear error at the field.
	x := decode(t, e.do(t, "POST", "/crm/regras-st", e.admin, map[string]any{"id": "st-rj", "ncm": "3401", "uf": "RJ", "mva_percentual": 45,
		"aliquota_interna_percentual": 25, "aliquota_interestadual_percentual": 12, "ajuste_mva": "nao"}, 200))
	if x["ajuste_mva"] != "nao" || x["reducao_base_tipo"] != "st" || x["aliquota_intra_efetiva"] != false {
		t.Errorf("criada: %v", x)
	}
	erro(t, e.do(t, "POST", "/crm/regras-st", e.admin, map[string]any{"id": "st-es", "ncm": "3401", "uf": "ES", "mva_percentual": 45,
		"aliquota_interna_percentual": 17, "reducao_base_tipo": "metade"}, 400), "", "reducao_base_tipo")
}
