package customer_test

import (
	"net/url"
	"testing"
)

// The feed's first page (desde empty) says how many customers the caller's scope holds, so a
// device can show how far its first copy is; the pages after it do not count again.
func TestTotalNaPrimeiraPaginaDoFeed(t *testing.T) {
	e := setup(t)
	var ids []string
	for i, nome := range []string{"Mercado Um", "Mercado Dois", "Mercado Três"} {
		c := decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, novoCliente(cnpjs[i], nome, ""), 200))
		ids = append(ids, c.ID)
	}
	e.do(t, "POST", "/crm/clientes", e.v3, novoCliente(cnpjs[3], "Mercado do V3", ""), 200)
	e.do(t, "POST", "/crm/clientes", e.vB, novoCliente(cnpjs[0], "Mercado da B", ""), 200)
	// A deleted customer is not part of what the copy will hold.
	e.do(t, "DELETE", "/crm/clientes/"+ids[2], e.admin, nil, 200)

	type pagina struct {
		Alteracoes []struct {
			ID string `json:"id"`
		} `json:"alteracoes"`
		Cursor string `json:"cursor"`
		Mais   bool   `json:"mais"`
		Total  int    `json:"total"`
	}
	ler := func(tok, desde string) pagina {
		t.Helper()
		return decode[pagina](t, e.do(t, "GET", "/crm/clientes/alteracoes?page_size=1&desde="+url.QueryEscape(desde), tok, nil, 200))
	}
	for _, c := range []struct {
		quem, tok string
		total     int
	}{
		{"vendedor v1 (2 clientes, 1 excluído)", e.v1, 2},
		{"vendedor v3", e.v3, 1},
		{"supervisor (v1 e v2)", e.sup, 2},
		{"ADMIN da empresa A", e.admin, 3},
		{"vendedor da B", e.vB, 1},
		{"vendedor v2 (nenhum)", e.v2, 0},
	} {
		p := ler(c.tok, "")
		if p.Total != c.total {
			t.Errorf("%s: total %d na primeira página, esperado %d", c.quem, p.Total, c.total)
		}
		if p.Mais {
			if seguinte := ler(c.tok, p.Cursor); seguinte.Total != 0 {
				t.Errorf("%s: a página seguinte conta de novo (%d)", c.quem, seguinte.Total)
			}
		}
	}
}
