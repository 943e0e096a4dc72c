package sales_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/crmvendas/crm/services/platform/testkit"
)

// contrato is contracts/precos.json (see its descricao).
type contrato struct {
	Data     string                     `json:"data"`
	Produtos []map[string]any           `json:"produtos"`
	Cliente  map[string]any             `json:"cliente"`
	Politica map[string]any             `json:"politica"`
	Casos    []map[string]any           `json:"casos"`
	_        map[string]json.RawMessage `json:"-"`
}

func lerContrato(t *testing.T) contrato {
	t.Helper()
	root, err := testkit.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, "contracts", "precos.json"))
	if err != nil {
		t.Fatal(err)
	}
	var c contrato
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

func merge(base, over map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range base {
		out[k] = v
	}
	for k, v := range over {
		out[k] = v
	}
	return out
}

// TestCalcularContrato runs cases of the shared pricing contract end to end: the case's products,
// tables and prices, policy, ST rules and payment term are written through the API, its customer
// is created in the customer service (in the seller's portfolio, in a city of its UF), and the
// seller prices the draft with POST /crm/precos/calcular; the answer must be the contract's.
func TestCalcularContrato(t *testing.T) {
	c := lerContrato(t)
	casos := []string{
		"ICMS-ST dentro do estado (SP → SP): o exemplo do README",
		"ICMS-ST entre estados (SP → MG, MVA ajustada): o exemplo do README",
		"todos juntos, em cascata: 1.000 × 0,95 × 0,97 × 0,98 × 1,02 = 921,1314",
		"produto fora da tabela do cliente não é vendido, mesmo estando na padrão",
		"condição de pagamento de outros clientes",
		"Suframa entre estados: sem IPI, nem na base da ST",
		// Issue 22: the rule's and the policy's new fields stored through the API and read back by pricing.
		"CST 70 dentro do estado: a redução vale para a base da ST e a do ICMS próprio (SP → SP)",
		"remetente do Simples Nacional usa a MVA original entre estados (SP → MG)",
		"ALQ intra efetiva abaixo da interestadual (10,8 % < 12 %) com ajuste só se a interna for maior: MVA original (SP → MG)",
	}
	for _, nome := range casos {
		i := slices.IndexFunc(c.Casos, func(x map[string]any) bool { return x["nome"] == nome })
		if i < 0 {
			t.Fatalf("caso %q fora do contrato", nome)
		}
		caso := c.Casos[i]
		t.Run(nome, func(t *testing.T) { rodarCaso(t, c, caso) })
	}
}

func rodarCaso(t *testing.T, c contrato, caso map[string]any) {
	e := setup(t)
	over := func(k string) map[string]any { m, _ := caso[k].(map[string]any); return m }
	cli := merge(c.Cliente, over("cliente"))
	pol := merge(c.Politica, over("politica"))
	uf := cli["uf"].(string)
	if r, _ := cli["regiao_id"].(string); r != "" {
		e.do(t, "POST", "/crm/regioes", e.admin, map[string]any{"id": r, "nome": "Região " + r, "cidades": []string{ibgeDe[uf]}}, 200)
	}
	docs := map[string]string{"SP": "11.222.333/0001-81", "MG": "45.997.418/0001-53", "PR": "11.444.777/0001-61"}
	clienteID := e.cliente(t, e.v1, docs[uf], uf, cli["contribuinte_icms"] == true)
	if s, _ := cli["suframa"].(string); s != "" {
		// The customer service keeps the inscription; pricing reads it from there.
		e.do(t, "PATCH", "/crm/clientes/"+clienteID, e.v1, map[string]any{"suframa": s}, 200)
	}
	ids := map[string]string{cli["id"].(string): clienteID}
	mapIDs := func(l any) []string {
		var out []string
		for _, x := range asAny(l) {
			if v, ok := ids[x.(string)]; ok {
				out = append(out, v)
			} else {
				out = append(out, x.(string))
			}
		}
		return out
	}
	// Products: the base ones with the case's fields over them.
	prods, _ := caso["produtos"].(map[string]any)
	for _, p := range c.Produtos {
		p = merge(p, asMap(prods[p["id"].(string)]))
		body := map[string]any{}
		for _, k := range []string{"id", "codigo", "descricao", "marca", "grupo", "unidade", "multiplo_venda", "ean", "ncm", "ipi_percentual", "peso_gramas", "ativo"} {
			body[k] = p[k]
		}
		e.do(t, "POST", "/crm/produtos", e.admin, body, 200)
	}
	// Tables and their prices.
	for _, x := range asAny(pol["tabelas"]) {
		tb := x.(map[string]any)
		body := map[string]any{"id": tb["id"], "nome": tb["nome"], "padrao": tb["padrao"] == true, "validade_inicio": tb["validade_inicio"],
			"validade_fim": tb["validade_fim"], "clientes": mapIDs(tb["clientes"]), "regioes": mapIDs(tb["regioes"]), "ufs": mapIDs(tb["ufs"]),
			"desconto_percentual": tb["desconto_percentual"]}
		for k, v := range body {
			if v == nil {
				delete(body, k)
			}
		}
		e.do(t, "POST", "/crm/tabelas-preco", e.admin, body, 200)
		for pid, pr := range asMap(tb["precos"]) {
			e.do(t, "PUT", fmt.Sprintf("/crm/tabelas-preco/%s/precos/%s", tb["id"], pid), e.admin, pr, 200)
		}
	}
	// The policy: the contract's seller is the caller (v1).
	vend := asMap(pol["vendedor"])
	vend["id"] = e.ids["v1"]
	politica := map[string]any{"uf_origem": pol["uf_origem"], "flex_permitido": pol["flex_permitido"],
		"vendedores": []any{vend}, "limites_grupo": pol["limites_grupo"], "promocoes": pol["promocoes"], "descontos_volume": pol["descontos_volume"]}
	if sn, ok := pol["simples_nacional"]; ok {
		politica["simples_nacional"] = sn
	}
	e.do(t, "PUT", "/crm/politica-comercial", e.admin, politica, 200)
	for _, x := range asAny(pol["regras_st"]) {
		e.do(t, "POST", "/crm/regras-st", e.admin, x, 200)
	}
	req := map[string]any{"cliente_id": clienteID, "itens": caso["itens"], "data": c.Data}
	if d, ok := caso["data"].(string); ok {
		req["data"] = d
	}
	if cond := asMap(caso["condicao"]); len(cond) > 0 {
		cond["clientes"] = mapIDs(cond["clientes"])
		e.do(t, "POST", "/crm/condicoes-pagamento", e.admin, cond, 200)
		req["condicao_id"] = cond["id"]
	}

	if want := asMap(caso["erro"]); len(want) > 0 {
		var campos []string
		for _, x := range asAny(want["campos"]) {
			campos = append(campos, x.(string))
		}
		m := erro(t, e.do(t, "POST", "/crm/precos/calcular", e.v1, req, 400), want["motivo"].(string), campos...)
		if m["mensagem"] != want["mensagem"] {
			t.Errorf("mensagem %q, esperada %q", m["mensagem"], want["mensagem"])
		}
		return
	}
	got := decode(t, e.do(t, "POST", "/crm/precos/calcular", e.v1, req, 200))
	want := asMap(caso["esperado"])
	// Money is int64 (a JSON string); percentages are numbers.
	str := func(v any) string { return fmt.Sprint(v) }
	for _, k := range []string{"total_produtos_centavos", "total_ipi_centavos", "total_st_centavos", "total_centavos"} {
		if str(got[k]) != str(want[k]) {
			t.Errorf("%s: %v, esperado %v", k, got[k], want[k])
		}
	}
	gi, wi := asAny(got["itens"]), asAny(want["itens"])
	if len(gi) != len(wi) {
		t.Fatalf("itens: %v, esperado %v", gi, wi)
	}
	for i := range wi {
		g, w := gi[i].(map[string]any), wi[i].(map[string]any)
		for _, k := range []string{"preco_lista_centavos", "preco_unitario_centavos", "ipi_centavos", "st_centavos", "total_centavos"} {
			if str(g[k]) != str(w[k]) {
				t.Errorf("itens[%d].%s: %v, esperado %v", i, k, g[k], w[k])
			}
		}
		var wd []any
		for _, d := range asAny(w["descontos"]) {
			d := asMap(d)
			if d["origem"] == "vendedor" || d["origem"] == "flex" {
				d["regra_id"] = e.ids["v1"]
			}
			wd = append(wd, d)
		}
		if gd := asAny(g["descontos"]); !reflect.DeepEqual(gd, wd) && (len(gd) > 0 || len(wd) > 0) {
			t.Errorf("itens[%d].descontos: %v, esperado %v", i, gd, wd)
		}
	}
	var ga, wa []string
	for _, a := range asAny(got["avisos"]) {
		ga = append(ga, fmt.Sprint(asMap(a)["motivo"], ": ", asMap(a)["mensagem"]))
	}
	for _, a := range asAny(want["avisos"]) {
		wa = append(wa, fmt.Sprint(asMap(a)["motivo"], ": ", asMap(a)["mensagem"]))
	}
	if !slices.Equal(ga, wa) {
		t.Errorf("avisos: %v, esperado %v", ga, wa)
	}
}

func asAny(v any) []any {
	l, _ := v.([]any)
	return l
}

// asMap copies a JSON object (nil: empty).
func asMap(v any) map[string]any {
	out := map[string]any{}
	m, _ := v.(map[string]any)
	for k, x := range m {
		out[k] = x
	}
	return out
}

// TestCalcularEscopo: a seller prices only for customers of their portfolio; another company's
// customer, product or term is refused (403) and nothing is written; a seller sees the warnings
// of their own cap.
func TestCalcularEscopo(t *testing.T) {
	e := setup(t)
	e.do(t, "POST", "/crm/produtos", e.admin, map[string]any{"id": "pa", "codigo": "1", "descricao": "Produto A", "ncm": "22021000"}, 200)
	e.do(t, "POST", "/crm/tabelas-preco", e.admin, map[string]any{"id": "ta", "nome": "Padrão", "padrao": true}, 200)
	e.do(t, "PUT", "/crm/tabelas-preco/ta/precos/pa", e.admin, map[string]any{"preco_centavos": 1000}, 200)
	e.do(t, "PUT", "/crm/politica-comercial", e.admin, map[string]any{"uf_origem": "SP",
		"vendedores": []map[string]any{{"id": e.ids["v1"], "desconto_maximo_percentual": 5}}}, 200)
	c1 := e.cliente(t, e.v1, "11.222.333/0001-81", "SP", false)
	c2 := e.cliente(t, e.v2, "45.997.418/0001-53", "SP", false)
	e.do(t, "POST", "/crm/produtos", e.adminB, map[string]any{"id": "pb", "codigo": "1", "descricao": "Produto B", "ncm": "22021000"}, 200)
	e.do(t, "POST", "/crm/condicoes-pagamento", e.adminB, map[string]any{"id": "cb", "nome": "B", "forma": "pix"}, 200)
	cB := e.cliente(t, e.vB, "11.444.777/0001-61", "SP", false)

	item := []map[string]any{{"produto_id": "pa", "quantidade": 3, "desconto_percentual": 7.5}}
	got := decode(t, e.do(t, "POST", "/crm/precos/calcular", e.v1, map[string]any{"cliente_id": c1, "itens": item}, 200))
	if got["total_centavos"] != "2775" || len(asList(got["avisos"])) != 1 || asList(got["avisos"])[0]["motivo"] != "DESCONTO_ACIMA_DO_LIMITE" {
		t.Errorf("calcular: %v", got)
	}
	before := testkit.Fingerprint(t, e.store)
	erro(t, e.do(t, "POST", "/crm/precos/calcular", e.v1, map[string]any{"cliente_id": c2, "itens": item}, 403), "FORA_DO_ESCOPO")
	erro(t, e.do(t, "POST", "/crm/precos/calcular", e.v1, map[string]any{"cliente_id": cB, "itens": item}, 403), "FORA_DO_ESCOPO")
	erro(t, e.do(t, "POST", "/crm/precos/calcular", e.v1, map[string]any{"cliente_id": c1, "itens": []map[string]any{{"produto_id": "pb", "quantidade": 1}}}, 403), "FORA_DO_ESCOPO")
	erro(t, e.do(t, "POST", "/crm/precos/calcular", e.v1, map[string]any{"cliente_id": c1, "condicao_id": "cb", "itens": item}, 403), "FORA_DO_ESCOPO")
	erro(t, e.do(t, "POST", "/crm/precos/calcular", e.v1, map[string]any{"cliente_id": c1, "itens": []map[string]any{{"produto_id": "nao-existe", "quantidade": 1}}}, 400),
		"NAO_ENCONTRADO", "itens[0].produto_id")
	erro(t, e.do(t, "POST", "/crm/precos/calcular", e.v1, map[string]any{"cliente_id": c1, "itens": []map[string]any{{"produto_id": "pa", "quantidade": 1, "desconto_percentual": 1.234}}}, 400),
		"", "itens[0].desconto_percentual")
	if testkit.Fingerprint(t, e.store) != before {
		t.Error("calcular gravou")
	}
	// The supervisor prices for their team's customers; another company's ADMIN for none of ours.
	e.do(t, "POST", "/crm/precos/calcular", e.sup, map[string]any{"cliente_id": c1, "itens": item}, 200)
	erro(t, e.do(t, "POST", "/crm/precos/calcular", e.adminB, map[string]any{"cliente_id": c1, "itens": []map[string]any{}}, 403), "FORA_DO_ESCOPO")
}
