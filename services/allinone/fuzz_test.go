package allinone_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/crmvendas/crm/services/allinone"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// FuzzRequestDecoding sends arbitrary bodies to the JSON routes: whatever arrives, the answer is a
// decided status (never a 5xx) with a JSON body, and errors carry a pt-BR message.
// Parser vocabulary that must never reach a user's screen (the detail goes to the log).
var tecnico = regexp.MustCompile(`proto:|protojson|invalid value|invalid character|unexpected EOF|max depth|looking for|syntax error|unexpected token|json:|strconv|int64|unknown field|\(line \d`)

// TestMalformedFieldNamedInPortuguese: a value the parser refuses (a credit limit beyond int64)
// gets a pt-BR sentence and the field, so the form highlights it; no parser text.
func TestMalformedFieldNamedInPortuguese(t *testing.T) {
	st, _ := fullStack(t, "http://127.0.0.1:1")
	tok := testkit.SignIn(t, "vendedor@demo.example.com", allinone.DemoPassword)
	req := httptest.NewRequest("POST", "/crm/clientes", strings.NewReader(`{"documento":"11222333000181","nome":"X","limite_credito_centavos":"99999999999999999999999"}`))
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	st.Server.Handler().ServeHTTP(rec, req)
	var e struct {
		Mensagem string
		Motivo   string
		Campos   []struct{ Campo, Descricao string }
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || rec.Code != http.StatusBadRequest {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if tecnico.MatchString(e.Mensagem) || !strings.Contains(e.Mensagem, "formato inválido") {
		t.Errorf("mensagem %q", e.Mensagem)
	}
	if len(e.Campos) != 1 || e.Campos[0].Campo != "limite_credito_centavos" || e.Motivo != "DADOS_INVALIDOS" {
		t.Errorf("campos %+v motivo %q", e.Campos, e.Motivo)
	}
}

func FuzzRequestDecoding(f *testing.F) {
	for _, s := range []string{
		`{"empresa":"demo","tipo":"web"}`, `{"empresa":"demo","tipo":"android","versao_app":"0.9"}`, `{"empresa":12}`, `{}`, ``, `null`, `[]`,
		`{"empresa":"demo","operador":"demo-vendedor","historico":"x","localizacao":"y","latitude":null,"longitude":null}`,
		`{"empresa":"demo","operador":"demo-vendedor","latitude":"NaN","longitude":"Infinity"}`,
		`{"empresa":"demo","operador":"demo-vendedor","latitude":1e400,"longitude":-1e400}`,
		`{"email":"a@b.co","nome_operador":"A","perfil_app":"VENDEDOR","equipe":["x","x"]}`,
		`{"nome_operador":null,"equipe":{"operadores":[1,2]}}`, `{"empresa":"demo","tipo":"web","tipo":"android"}`,
		"{\"empresa\":\"\xff\xfe\"}", `{"empresa":"demo"` + strings.Repeat(" ", 100),
		`{"documento":"11.222.333/0001-81","nome":"X","enderecos":[{"ibge":"3550308","latitude":91}]}`,
		`{"tipo_pessoa":"FISICA","documento":"12.ABC.345/01DE-35","limite_credito_centavos":"-1","versao":"9223372036854775807"}`,
		`{"csv":"documento;nome\n\"11.222.333/0001-81;\"X","validar_apenas":true}`,
		`{"pesquisa_id":"demo-pesquisa-satisfacao","respostas":[{"pergunta_id":"atendimento","valores":["Bom","Bom"]}]}`,
		"hello", "{", `{"nome":`, strings.Repeat("[", 10001), "\x00",
	} {
		for route := 0; route < 9; route++ {
			f.Add(uint8(route), s)
		}
	}
	st, _ := fullStack(f, "http://127.0.0.1:1")
	tok := testkit.SignIn(f, "vendedor@demo.example.com", allinone.DemoPassword)
	h := st.Server.Handler()
	routes := []struct{ method, path string }{
		{"POST", "/crm/sistema/versao"}, {"POST", "/crm/sistema/logacesso"}, {"POST", "/crm/operadores"}, {"PATCH", "/crm/operadores/demo-vendedor"},
		{"POST", "/crm/clientes"}, {"PATCH", "/crm/clientes/demo-cliente-00001"}, {"POST", "/crm/clientes/demo-cliente-00001/enderecos"},
		{"POST", "/crm/clientes/importar"}, {"POST", "/crm/clientes/demo-cliente-00001/respostas"},
	}
	f.Fuzz(func(t *testing.T, route uint8, body string) {
		r := routes[int(route)%len(routes)]
		req := httptest.NewRequest(r.method, r.path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+tok)
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%s %s %q: %d %s", r.method, r.path, body, rec.Code, rec.Body)
		}
		if rec.Code >= 400 {
			var e map[string]any
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e["mensagem"] == "" || e["status"] != float64(rec.Code) {
				t.Fatalf("%s %q: error body %s", r.path, body, rec.Body)
			}
			if m, _ := e["mensagem"].(string); tecnico.MatchString(m) {
				t.Fatalf("%s %q: technical text reaches the user: %q", r.path, body, m)
			}
			if m, _ := e["motivo"].(string); rec.Code == http.StatusBadRequest && m == "" {
				t.Fatalf("%s %q: a 400 without its reason: %s", r.path, body, rec.Body)
			}
		}
		if rec.Code == http.StatusOK && !json.Valid(rec.Body.Bytes()) {
			t.Fatalf("invalid JSON answer: %s", rec.Body)
		}
	})
}
