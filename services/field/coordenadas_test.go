package field_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestCoordenadasDoMesmoCliente: accepting one check-in's position for a customer's address
// closes the customer's other proposals (they leave the list and can no longer overwrite the
// accepted coordinates); a wrong proposal is dismissed by an ADMIN ("Descartar"); another
// customer's proposals stay.
func TestCoordenadasDoMesmoCliente(t *testing.T) {
	e := setup(t)
	cli := e.cliente(t, e.v1, 0, true)
	outro := e.cliente(t, e.v1, 1, true)
	// Three check-ins at the same customer (the last one at the wrong place), one at another.
	for _, c := range []struct {
		id, cli string
		metros  float64
	}{{"mc-a", cli, 0}, {"mc-b", cli, 500}, {"mc-c", cli, 3000}, {"mc-x", outro, 0}} {
		if v := e.do(t, "POST", "/crm/visitas/checkin", e.v1, checkin(c.id, c.cli, c.metros, 8, 0), 200); v["coordenadas_propostas"] != true {
			t.Fatalf("%s: %v", c.id, v)
		}
	}
	propostas := func() []string {
		var ids []string
		for _, x := range e.do(t, "GET", "/crm/visitas?coordenadas_propostas=true", e.admin, nil, 200)["visitas"].([]any) {
			ids = append(ids, x.(map[string]any)["id"].(string))
		}
		slices.Sort(ids)
		return ids
	}
	if p := propostas(); fmt.Sprint(p) != "[mc-a mc-b mc-c mc-x]" {
		t.Fatalf("propostas: %v", p)
	}
	// "Descartar": an ADMIN only; the proposal leaves the list and cannot be accepted any more.
	e.do(t, "POST", "/crm/visitas/mc-c/descartar-coordenadas", e.v1, map[string]any{}, 403)
	e.do(t, "POST", "/crm/visitas/mc-c/descartar-coordenadas", e.sup, map[string]any{}, 403)
	e.do(t, "POST", "/crm/visitas/mc-c/descartar-coordenadas", e.adminB, map[string]any{}, 403)
	v := e.do(t, "POST", "/crm/visitas/mc-c/descartar-coordenadas", e.admin, map[string]any{}, 200)
	if v["coordenadas_descartadas"] != true || v["coordenadas_aceitas"] == true {
		t.Errorf("descartada: %v", v)
	}
	e.do(t, "POST", "/crm/visitas/mc-c/descartar-coordenadas", e.admin, map[string]any{}, 200) // a replay
	if p := propostas(); fmt.Sprint(p) != "[mc-a mc-b mc-x]" {
		t.Errorf("depois de descartar: %v", p)
	}
	m := e.do(t, "POST", "/crm/visitas/mc-c/aceitar-coordenadas", e.admin, map[string]any{}, 400)
	if !strings.Contains(fmt.Sprint(m["mensagem"]), "foi descartada") {
		t.Errorf("aceitar uma descartada: %v", m)
	}
	// Accepting mc-b closes mc-a (same customer), not mc-x (another one).
	if v := e.do(t, "POST", "/crm/visitas/mc-b/aceitar-coordenadas", e.admin, map[string]any{}, 200); v["coordenadas_aceitas"] != true {
		t.Fatalf("aceita: %v", v)
	}
	if p := propostas(); fmt.Sprint(p) != "[mc-x]" {
		t.Errorf("depois de aceitar: %v", p)
	}
	if v := e.do(t, "GET", "/crm/visitas/mc-a", e.v1, nil, 200); v["coordenadas_descartadas"] != true || v["coordenadas_aceitas"] == true {
		t.Errorf("a outra proposta do cliente: %v", v)
	}
	// The closed one can no longer overwrite the accepted coordinates; the accepted one is not
	// dismissed; a replayed accept answers the visit.
	e.do(t, "POST", "/crm/visitas/mc-a/aceitar-coordenadas", e.admin, map[string]any{}, 400)
	m = e.do(t, "POST", "/crm/visitas/mc-b/descartar-coordenadas", e.admin, map[string]any{}, 400)
	if !strings.Contains(fmt.Sprint(m["mensagem"]), "já foi aceita") {
		t.Errorf("descartar uma aceita: %v", m)
	}
	e.do(t, "POST", "/crm/visitas/mc-b/aceitar-coordenadas", e.admin, map[string]any{}, 200)
	// The address has mc-b's position: a check-in there is verified, at ~0 m.
	v = e.do(t, "POST", "/crm/visitas/checkin", e.v1, checkin("mc-d", cli, 500, 8, 0), 200)
	if d, _ := v["distancia_metros"].(float64); v["veredito"] != "verificado" || d > 5 {
		t.Errorf("depois de aceitar: %v", v)
	}
	// A visit without a proposal.
	e.do(t, "POST", "/crm/visitas/mc-d/descartar-coordenadas", e.admin, map[string]any{}, 400)
}
