package sales_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/crmvendas/crm/services/platform/testkit"
)

func TestImportarProdutosEPrecos(t *testing.T) {
	e := setup(t)
	ruim := "Código;Descrição;Grupo;EAN;NCM;IPI;Múltiplo\n" +
		"A-1;Açúcar refinado 1 kg;Mercearia;7891000100103;1701.99.00;0;1\n" +
		"A-2;Café torrado 500 g;Café;7891000100104;09012100;7,5;10\n" + // bad check digit
		"a-1;Outro;Mercearia;;17019900;101;0\n" // repeated code, IPI and multiple out of range
	before := testkit.Fingerprint(t, e.store)
	r := decode(t, e.do(t, "POST", "/crm/produtos/importar", e.admin, map[string]any{"csv": ruim}, 200))
	rej := asList(r["rejeitadas"])
	if r["nada_gravado"] != true || r["total"] != 3.0 || len(rej) != 2 || rej[0]["linha"] != 3.0 || rej[1]["linha"] != 4.0 ||
		r["criados"] != 0.0 || r["a_criar"] != 1.0 {
		t.Fatalf("relatório: %v", r)
	}
	erros := strings.Join(strings.Fields(strings.Trim(strings.ReplaceAll(strings.Join([]string{fmtAny(rej[0]["erros"]), fmtAny(rej[1]["erros"])}, " "), "\n", " "), " ")), " ")
	// Each refusal names the file's own column, as its header wrote it (issue 21 §5).
	for _, want := range []string{"coluna EAN: Código de barras inválido", "coluna Código: repetido no arquivo (já na linha 2)", "coluna IPI: ", "coluna Múltiplo: "} {
		if !strings.Contains(erros, want) {
			t.Errorf("falta %q em %s", want, erros)
		}
	}
	if testkit.Fingerprint(t, e.store) != before {
		t.Error("arquivo com erros gravou")
	}
	erro(t, e.do(t, "POST", "/crm/produtos/importar", e.admin, map[string]any{"csv": "codigo;cor\nA;azul"}, 400), "", "csv")
	erro(t, e.do(t, "POST", "/crm/produtos/importar", e.v1, map[string]any{"csv": ruim}, 403), "PERFIL_NAO_PERMITIDO")

	bom := "codigo,descricao,grupo,ean,ncm,ipi_percentual,multiplo_venda,estoque\n" +
		"A-1,Açúcar refinado 1 kg,Mercearia,7891000100103,1701.99.00,0,1,10\n" +
		"A-2,Café torrado 500 g,Café,,09012100,\"7,5\",10,\n" +
		"A-3,Feijão carioca 1 kg,Mercearia,,07133399,0,1,\n"
	r = decode(t, e.do(t, "POST", "/crm/produtos/importar", e.admin, map[string]any{"csv": bom, "validar_apenas": true}, 200))
	if r["nada_gravado"] != true || r["criados"] != 0.0 || r["a_criar"] != 3.0 || r["a_atualizar"] != 0.0 {
		t.Fatalf("só validar: %v", r)
	}
	if testkit.Fingerprint(t, e.store) != before {
		t.Error("validar_apenas gravou")
	}
	r = decode(t, e.do(t, "POST", "/crm/produtos/importar", e.admin, map[string]any{"csv": bom}, 200))
	if r["nada_gravado"] != false || r["criados"] != 3.0 || r["atualizados"] != 0.0 || r["a_criar"] != 3.0 {
		t.Fatalf("importação: %v", r)
	}
	// Again, with a changed description: keyed by code, nothing duplicates.
	r = decode(t, e.do(t, "POST", "/crm/produtos/importar", e.admin, map[string]any{"csv": strings.Replace(bom, "Feijão carioca 1 kg", "Feijão carioca tipo 1", 1)}, 200))
	if r["criados"] != 0.0 || r["atualizados"] != 3.0 {
		t.Fatalf("segunda importação: %v", r)
	}
	l := asList(decode(t, e.do(t, "GET", "/crm/produtos?q=feijao", e.v1, nil, 200))["produtos"])
	if len(l) != 1 || l[0]["descricao"] != "Feijão carioca tipo 1" || l[0]["ncm"] != "07133399" {
		t.Errorf("produto atualizado: %v", l)
	}
	all := asList(decode(t, e.do(t, "GET", "/crm/produtos", e.v1, nil, 200))["produtos"])
	var codigos []string
	for _, p := range all {
		codigos = append(codigos, p["codigo"].(string))
		if p["codigo"] == "A-2" && (p["ipi_percentual"] != 7.5 || p["multiplo_venda"] != "10") {
			t.Errorf("A-2: %v", p)
		}
	}
	slices.Sort(codigos)
	if !slices.Equal(codigos, []string{"A-1", "A-2", "A-3"}) {
		t.Errorf("produtos: %v", codigos)
	}

	// Prices of a table, keyed by product code.
	e.do(t, "POST", "/crm/tabelas-preco", e.admin, map[string]any{"id": "tab-imp", "nome": "Importada", "padrao": true}, 200)
	ruim = "codigo;preco;preco_minimo\nA-1;12,90;11,50\nNAO-EXISTE;1,00;\nA-2;abc;\nA-3;5,00;6,00\n"
	before = testkit.Fingerprint(t, e.store)
	r = decode(t, e.do(t, "POST", "/crm/tabelas-preco/tab-imp/precos/importar", e.admin, map[string]any{"csv": ruim}, 200))
	if rej := asList(r["rejeitadas"]); r["nada_gravado"] != true || len(rej) != 3 || rej[0]["codigo"] != "NAO-EXISTE" || r["criados"] != 0.0 || r["a_criar"] != 1.0 {
		t.Fatalf("preços com erros: %v", r)
	}
	if testkit.Fingerprint(t, e.store) != before {
		t.Error("preços com erros gravaram")
	}
	bom = "codigo;preco;preco_minimo\nA-1;12,90;11,50\nA-2;R$ 1.234,00;\na-3;5;\n"
	r = decode(t, e.do(t, "POST", "/crm/tabelas-preco/tab-imp/precos/importar", e.admin, map[string]any{"csv": bom}, 200))
	if r["criados"] != 3.0 || r["nada_gravado"] != false {
		t.Fatalf("preços: %v", r)
	}
	r = decode(t, e.do(t, "POST", "/crm/tabelas-preco/tab-imp/precos/importar", e.admin, map[string]any{"csv": bom}, 200))
	if r["criados"] != 0.0 || r["atualizados"] != 3.0 {
		t.Fatalf("preços de novo: %v", r)
	}
	precos := map[string]string{}
	for _, p := range asList(decode(t, e.do(t, "GET", "/crm/tabelas-preco/tab-imp/precos", e.v1, nil, 200))["precos"]) {
		precos[p["produto_id"].(string)] = p["preco_centavos"].(string) + "/" + p["preco_minimo_centavos"].(string)
	}
	if len(precos) != 3 || !slices.Contains(mapValues(precos), "1290/1150") || !slices.Contains(mapValues(precos), "123400/0") || !slices.Contains(mapValues(precos), "500/0") {
		t.Errorf("preços gravados: %v", precos)
	}
	// Another company's table: 403, nothing written.
	before = testkit.Fingerprint(t, e.store)
	erro(t, e.do(t, "POST", "/crm/tabelas-preco/tab-imp/precos/importar", e.adminB, map[string]any{"csv": bom}, 403), "FORA_DO_ESCOPO")
	if testkit.Fingerprint(t, e.store) != before {
		t.Error("outra empresa gravou")
	}
}

func fmtAny(v any) string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return strings.Join(out, " | ")
}

func mapValues(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// TestImportarProdutosFormula: a product description a spreadsheet would run as a formula is
// refused at its row (the shared rule of every import); a code or a number is not free text.
func TestImportarProdutosFormula(t *testing.T) {
	e := setup(t)
	csv := "codigo;descricao;marca;ncm\nA-1;=1+1;Marca;17019900\n-B2;Feijão 1 kg;@marca;07133399\nC-3;Arroz 5 kg;Boa;10063021\n"
	r := decode(t, e.do(t, "POST", "/crm/produtos/importar", e.admin, map[string]any{"csv": csv, "validar_apenas": true}, 200))
	rej := asList(r["rejeitadas"])
	if len(rej) != 2 || rej[0]["linha"] != 2.0 || rej[1]["linha"] != 3.0 || r["a_criar"] != 1.0 ||
		!strings.HasPrefix(fmtAny(rej[0]["erros"]), "coluna descricao: não pode começar com =") || !strings.HasPrefix(fmtAny(rej[1]["erros"]), "coluna marca: não pode começar") {
		t.Fatalf("relatório: %v", r)
	}
}
