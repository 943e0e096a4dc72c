package customer_test

import (
	"strings"
	"testing"
)

// The inscrição Suframa flows through create, update, import and the feed like the other fiscal
// fields, checked (9 digits and the check digit) at its field.
func TestSuframa(t *testing.T) {
	e := setup(t)
	feed := decode[map[string]any](t, e.do(t, "GET", "/crm/clientes/alteracoes", e.v1, nil, 200))["cursor"].(string)
	body := novoCliente(cnpjs[0], "Atacado Manaus Ltda", "Atacado Manaus")
	body["suframa"] = "21.0140.267"
	c := decode[map[string]any](t, e.do(t, "POST", "/crm/clientes", e.v1, body, 200))
	if c["suframa"] != "210140267" {
		t.Fatalf("criado: %v", c["suframa"])
	}
	id := c["id"].(string)
	if g := decode[map[string]any](t, e.do(t, "GET", "/crm/clientes/"+id, e.v1, nil, 200)); g["suframa"] != "210140267" {
		t.Errorf("lido: %v", g["suframa"])
	}
	ch := decode[map[string]any](t, e.do(t, "GET", "/crm/clientes/alteracoes?desde="+feed, e.v1, nil, 200))
	if alt, _ := ch["alteracoes"].([]any); len(alt) != 1 || alt[0].(map[string]any)["cliente"].(map[string]any)["suframa"] != "210140267" {
		t.Errorf("feed: %v", ch)
	}
	// Refused at the field, in pt-BR.
	for in, msg := range map[string]string{"210140268": "Inscrição Suframa inválida: confira os dígitos.", "2101402": "Inscrição Suframa deve ter 9 dígitos."} {
		b := novoCliente(cnpjs[1], "Outro", "")
		b["suframa"] = in
		er := decode[erroJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, b, 400))
		if len(er.Campos) != 1 || er.Campos[0].Campo != "suframa" || er.Campos[0].Descricao != msg {
			t.Errorf("%s: %+v", in, er)
		}
		er = decode[erroJSON](t, e.do(t, "PATCH", "/crm/clientes/"+id, e.v1, map[string]any{"suframa": in}, 400))
		if len(er.Campos) != 1 || er.Campos[0].Campo != "suframa" {
			t.Errorf("PATCH %s: %+v", in, er)
		}
	}
	// PATCH without it keeps it; an empty one clears it.
	if u := decode[map[string]any](t, e.do(t, "PATCH", "/crm/clientes/"+id, e.v1, map[string]any{"segmento": "Atacado"}, 200)); u["suframa"] != "210140267" {
		t.Errorf("PATCH sem suframa: %v", u["suframa"])
	}
	if u := decode[map[string]any](t, e.do(t, "PATCH", "/crm/clientes/"+id, e.v1, map[string]any{"suframa": ""}, 200)); u["suframa"] != "" {
		t.Errorf("PATCH vazio: %v", u["suframa"])
	}
	// The import: column suframa (or inscricao_suframa), checked per row; an empty cell keeps it.
	csv := "documento;nome;inscricao_suframa;vendedor_id\n" + cnpjs[0] + ";Atacado Manaus Ltda;210140267;" + e.ids["v1"] + "\n" +
		cnpjs[3] + ";Distribuidora Norte;123;" + e.ids["v1"] + "\n"
	r := decode[map[string]any](t, e.do(t, "POST", "/crm/clientes/importar", e.admin, map[string]any{"csv": csv}, 200))
	rej, _ := r["rejeitadas"].([]any)
	if r["nada_gravado"] != true || len(rej) != 1 || !strings.Contains(strings.Join(toStrings(rej[0].(map[string]any)["erros"]), " "), "suframa: Inscrição Suframa deve ter 9 dígitos.") {
		t.Fatalf("importação com erro: %v", r)
	}
	csv = strings.Replace(csv, ";123;", ";148451780;", 1)
	r = decode[map[string]any](t, e.do(t, "POST", "/crm/clientes/importar", e.admin, map[string]any{"csv": csv}, 200))
	if r["nada_gravado"] != false || r["atualizados"] != 1.0 || r["criados"] != 1.0 {
		t.Fatalf("importação: %v", r)
	}
	if g := decode[map[string]any](t, e.do(t, "GET", "/crm/clientes/"+id, e.v1, nil, 200)); g["suframa"] != "210140267" {
		t.Errorf("importado: %v", g["suframa"])
	}
	csv = "documento;nome;suframa\n" + cnpjs[0] + ";Atacado Manaus Ltda;\n"
	e.do(t, "POST", "/crm/clientes/importar", e.admin, map[string]any{"csv": csv}, 200)
	if g := decode[map[string]any](t, e.do(t, "GET", "/crm/clientes/"+id, e.v1, nil, 200)); g["suframa"] != "210140267" {
		t.Errorf("célula vazia apagou: %v", g["suframa"])
	}
}

func toStrings(v any) []string {
	var out []string
	l, _ := v.([]any)
	for _, x := range l {
		out = append(out, x.(string))
	}
	return out
}
