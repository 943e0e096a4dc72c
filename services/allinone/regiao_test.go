package allinone_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/crmvendas/crm/services/address/cidades"
	"github.com/crmvendas/crm/services/allinone"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// TestRegiaoAlteradaNoProcesso: in the all-in-one, a region's change reaches the customer service
// (registry.Events, wired by the registrations of address and customer): a region created with a
// city gives that city's customers the region at once.
func TestRegiaoAlteradaNoProcesso(t *testing.T) {
	viacep := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) }))
	defer viacep.Close()
	st, _ := fullStack(t, viacep.URL)
	admin := testkit.SignIn(t, "admin@demo.example.com", allinone.DemoPassword)
	bh, ok := cidades.PorNome("Belo Horizonte", "MG")
	if !ok {
		t.Fatal("Belo Horizonte fora da lista do IBGE")
	}
	type cliente struct {
		ID       string `json:"id"`
		RegiaoID string `json:"regiao_id"`
	}
	code, body := st.Do(t, "GET", "/crm/clientes?page_size=5&cidade="+bh.IBGE, admin, nil)
	var lista struct{ Clientes []cliente }
	if code != 200 || json.Unmarshal(body, &lista) != nil || len(lista.Clientes) == 0 {
		t.Fatalf("clientes demo em Belo Horizonte: %d %s", code, body)
	}
	c := lista.Clientes[0]
	if c.RegiaoID != "" {
		t.Fatalf("o cliente %s já tem a região %s (nenhuma região demo tem cidades de MG)", c.ID, c.RegiaoID)
	}
	code, body = st.Do(t, "POST", "/crm/regioes", admin, map[string]any{"nome": "Grande BH", "cidades": []string{bh.IBGE}})
	var reg struct{ ID string }
	if code != 200 || json.Unmarshal(body, &reg) != nil || reg.ID == "" {
		t.Fatalf("criar região: %d %s", code, body)
	}
	code, body = st.Do(t, "GET", "/crm/clientes/"+c.ID, admin, nil)
	var depois cliente
	if code != 200 || json.Unmarshal(body, &depois) != nil {
		t.Fatalf("obter cliente: %d %s", code, body)
	}
	if depois.RegiaoID != reg.ID {
		t.Errorf("o cliente %s de Belo Horizonte ficou na região %q depois de criada a região %s com a cidade", c.ID, depois.RegiaoID, reg.ID)
	}
}
