package sales_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// TestImportarEmLotes: the imports write in batches of 500 (the store's CreateMany and
// UpdateMany); a file of 1,201 rows crosses two batch boundaries on every path (create, update),
// and a removed product or price in the file comes back with the file's values.
func TestImportarEmLotes(t *testing.T) {
	e := setup(t)
	n := 1201
	if e.store.Kind() != "sqlite" {
		// FerretDB scans on every filter (ARCHITECTURE.md): 1,201 rows take longer than a call's
		// deadline there. The same paths, in one batch; MongoDB writes a batch record by record.
		n = 25
	}
	produtos := func(desc string) string {
		var b strings.Builder
		b.WriteString("codigo;descricao;grupo;ncm;multiplo_venda\n")
		for i := range n {
			fmt.Fprintf(&b, "L-%04d;%s %d;Lote;21069090;1\n", i, desc, i)
		}
		return b.String()
	}
	precos := func(reais int) string {
		var b strings.Builder
		b.WriteString("codigo;preco\n")
		for i := range n {
			fmt.Fprintf(&b, "L-%04d;%d,%02d\n", i, reais, i%100)
		}
		return b.String()
	}
	imp := func(path, csv string) map[string]any {
		t.Helper()
		return decode(t, e.do(t, "POST", path, e.admin, map[string]any{"csv": csv}, 200))
	}
	if r := imp("/crm/produtos/importar", produtos("Produto")); r["criados"] != float64(n) || r["atualizados"] != 0.0 || r["nada_gravado"] != false {
		t.Fatalf("produtos: %v", r)
	}
	e.do(t, "POST", "/crm/tabelas-preco", e.admin, map[string]any{"id": "tab-lote", "nome": "Lote", "padrao": true}, 200)
	// Every product exists: a price row of a missing product would be rejected.
	if r := imp("/crm/tabelas-preco/tab-lote/precos/importar", precos(10)); r["criados"] != float64(n) || r["nada_gravado"] != false {
		t.Fatalf("preços: %v", r)
	}

	produto := func(codigo string) map[string]any {
		t.Helper()
		l := asList(decode(t, e.do(t, "GET", "/crm/produtos?q="+codigo, e.admin, nil, 200))["produtos"])
		if len(l) != 1 {
			t.Fatalf("%s: %v", codigo, l)
		}
		return l[0]
	}
	// A product and a price removed in between come back with the file's values.
	p7, pUlt := produto("L-0007"), produto(fmt.Sprintf("L-%04d", n-1))
	e.do(t, "DELETE", "/crm/produtos/"+p7["id"].(string), e.admin, nil, 200)
	e.do(t, "DELETE", "/crm/tabelas-preco/tab-lote/precos/"+pUlt["id"].(string), e.admin, nil, 200)

	if r := imp("/crm/produtos/importar", produtos("Item")); r["criados"] != 0.0 || r["atualizados"] != float64(n) {
		t.Fatalf("produtos de novo: %v", r)
	}
	// The removed price counts as created (it was not in the table), the others as updated.
	if r := imp("/crm/tabelas-preco/tab-lote/precos/importar", precos(20)); r["criados"] != 1.0 || r["atualizados"] != float64(n-1) {
		t.Fatalf("preços de novo: %v", r)
	}
	for _, c := range []string{"L-0000", "L-0007", fmt.Sprintf("L-%04d", n/2), fmt.Sprintf("L-%04d", n-1)} {
		p := produto(c)
		i, _ := strconv.Atoi(c[2:])
		if p["descricao"] != fmt.Sprintf("Item %d", i) || p["ativo"] != true {
			t.Errorf("%s: %v", c, p)
		}
	}
	got := map[string]string{}
	token := ""
	for {
		r := decode(t, e.do(t, "GET", "/crm/tabelas-preco/tab-lote/precos?page_size=200&page_token="+token, e.admin, nil, 200))
		for _, p := range asList(r["precos"]) {
			got[p["produto_id"].(string)] = p["preco_centavos"].(string)
		}
		if token, _ = r["next_page_token"].(string); token == "" {
			break
		}
	}
	if len(got) != n || got[p7["id"].(string)] != "2007" || got[pUlt["id"].(string)] != fmt.Sprintf("20%02d", (n-1)%100) {
		t.Errorf("%d preços; L-0007 %s, o último %s", len(got), got[p7["id"].(string)], got[pUlt["id"].(string)])
	}
}
