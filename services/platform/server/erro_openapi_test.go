package server

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// TestErroNoOpenAPI: the REST error body this package writes (errorBody) is the OpenAPI
// document's crm.platform.v1.Erro (proto/crm/platform/v1/erro.proto, every operation's default
// response), field for field and in their JSON types, so the app's client, typed from the
// document, reads what the server writes.
func TestErroNoOpenAPI(t *testing.T) {
	b, err := os.ReadFile("../../../proto/gen/openapi/crm.swagger.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Definitions map[string]struct {
			Properties map[string]struct {
				Type  string `json:"type"`
				Ref   string `json:"$ref"`
				Items struct {
					Ref string `json:"$ref"`
				} `json:"items"`
			} `json:"properties"`
		} `json:"definitions"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	tipos := func(def string) map[string]string {
		out := map[string]string{}
		for k, p := range doc.Definitions[def].Properties {
			out[k] = p.Type
			if p.Items.Ref != "" {
				out[k] += " of " + p.Items.Ref
			}
		}
		return out
	}
	corpo, _ := json.Marshal(errorBody{Status: 409, Code: "AlreadyExists", Mensagem: "m", Message: "m",
		Campos: []fieldError{{Campo: "c", Descricao: "d"}}, Motivo: "CONFLITO", Detalhes: map[string]string{"k": "v"}})
	var escrito map[string]any
	if err := json.Unmarshal(corpo, &escrito); err != nil {
		t.Fatal(err)
	}
	jsonTipo := func(v any) string {
		switch x := v.(type) {
		case float64:
			return "integer"
		case string:
			return "string"
		case map[string]any:
			return "object"
		case []any:
			var c map[string]any
			b, _ := json.Marshal(x[0])
			_ = json.Unmarshal(b, &c)
			var campos []string
			for k := range c {
				campos = append(campos, k)
			}
			slices.Sort(campos)
			return "array of " + campos[0] + "," + campos[1]
		}
		return "?"
	}
	doc2 := tipos("v1Erro")
	if len(doc2) != len(escrito) {
		t.Errorf("OpenAPI v1Erro has %v, the server writes %v", doc2, escrito)
	}
	for k, v := range escrito {
		want := doc2[k]
		if want == "array of #/definitions/v1CampoComErro" {
			c := tipos("v1CampoComErro")
			if c["campo"] != "string" || c["descricao"] != "string" || len(c) != 2 {
				t.Errorf("v1CampoComErro = %v, want campo and descricao", c)
			}
			want = "array of campo,descricao"
		}
		if got := jsonTipo(v); got != want {
			t.Errorf("field %s: the server writes %s, the OpenAPI says %q", k, got, want)
		}
	}
}
