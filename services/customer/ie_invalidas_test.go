package customer_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/crmvendas/crm/services/customer/internal/adapters"
	"github.com/crmvendas/crm/services/customer/internal/domain"
	"github.com/crmvendas/crm/services/platform/store"
)

// TestIEInvalidas: customers whose stored inscrição estadual fails today's rule (stored before
// it) are not blocked (an edit that keeps the IE and the UF goes through) and are listed for
// the ADMIN at GET /crm/clientes/ie-invalidas, keyset paged; a seller or supervisor may not see
// the report, another company's ADMIN sees only theirs.
func TestIEInvalidas(t *testing.T) {
	e := setup(t)
	criar := func(doc, nome, ie string) string {
		b := novoCliente(doc, nome, "")
		b["inscricao_estadual"] = ie
		return decode[clienteJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, b, 200)).ID
	}
	a := criar(cnpjs[0], "Antigo A", "110.042.490.114")
	d := criar(cnpjs[1], "Antigo D", "110.042.490.114")
	criar(cnpjs[3], "Isento", "ISENTO")
	criar(cnpjs[4], "Sem IE", "")
	criar(cnpjs[5], "Válida", "692.015.742-119")
	// An MG IE on an SP address is refused, with a message that says so.
	b := novoCliente(cnpjs[2], "Mineira", "")
	b["inscricao_estadual"] = "062.307.904/0081"
	er := decode[erroJSON](t, e.do(t, "POST", "/crm/clientes", e.v1, b, 400))
	if len(er.Campos) != 1 || er.Campos[0].Campo != "inscricao_estadual" || er.Campos[0].Descricao != "Inscrição estadual inválida para SP." {
		t.Fatalf("IE de MG em SP: %+v", er)
	}

	// Stored before the rule: written straight to the store.
	col, err := store.Declare(context.Background(), e.store, adapters.ClientesSpec)
	if err != nil {
		t.Fatal(err)
	}
	for id, ie := range map[string]string{a: "692015742110", d: "12345"} {
		if _, err := col.Update(context.Background(), store.Company(e.empA), id, 0, func(c *domain.Cliente) error {
			c.InscricaoEstadual = ie
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}

	type item struct {
		Cliente struct {
			ID                string `json:"id"`
			InscricaoEstadual string `json:"inscricao_estadual"`
		} `json:"cliente"`
		UF     string `json:"uf"`
		Motivo string `json:"motivo"`
	}
	type pagina struct {
		Clientes      []item `json:"clientes"`
		NextPageToken string `json:"next_page_token"`
	}
	ler := func(tok, q string, want int) pagina {
		var p pagina
		if err := json.Unmarshal(e.do(t, "GET", "/crm/clientes/ie-invalidas"+q, tok, nil, want), &p); err != nil && want == 200 {
			t.Fatal(err)
		}
		return p
	}
	p := ler(e.admin, "", 200)
	if len(p.Clientes) != 2 || p.NextPageToken != "" || p.Clientes[0].Cliente.ID != a || p.Clientes[1].Cliente.ID != d {
		t.Fatalf("relatório: %+v", p)
	}
	if x := p.Clientes[0]; x.UF != "SP" || x.Motivo != "Inscrição estadual inválida para SP." || x.Cliente.InscricaoEstadual != "692015742110" {
		t.Fatalf("item: %+v", x)
	}
	// Keyset pages of one.
	p1 := ler(e.admin, "?page_size=1", 200)
	if len(p1.Clientes) != 1 || p1.Clientes[0].Cliente.ID != a || p1.NextPageToken == "" {
		t.Fatalf("página 1: %+v", p1)
	}
	p2 := ler(e.admin, "?page_size=1&page_token="+p1.NextPageToken, 200)
	if len(p2.Clientes) != 1 || p2.Clientes[0].Cliente.ID != d {
		t.Fatalf("página 2: %+v", p2)
	}
	ler(e.v1, "", 403)
	ler(e.sup, "", 403)
	if p := ler(e.adminB, "", 200); len(p.Clientes) != 0 {
		t.Fatalf("outra empresa: %+v", p)
	}

	// Not blocked: the seller edits the customer; the IE stays as stored.
	var c struct {
		InscricaoEstadual string `json:"inscricao_estadual"`
	}
	if err := json.Unmarshal(e.do(t, "PATCH", "/crm/clientes/"+a, e.v1, map[string]any{"telefone": "1144445555"}, 200), &c); err != nil || c.InscricaoEstadual != "692015742110" {
		t.Fatalf("edição: %+v %v", c, err)
	}
	// A new IE is checked.
	er = decode[erroJSON](t, e.do(t, "PATCH", "/crm/clientes/"+a, e.v1, map[string]any{"inscricao_estadual": "692015742111"}, 400))
	if len(er.Campos) != 1 || er.Campos[0].Descricao != "Inscrição estadual inválida para SP." {
		t.Fatalf("nova IE: %+v", er)
	}
	// Fixed: it leaves the report.
	e.do(t, "PATCH", "/crm/clientes/"+a, e.v1, map[string]any{"inscricao_estadual": "692.015.742-119"}, 200)
	if p := ler(e.admin, "", 200); len(p.Clientes) != 1 || p.Clientes[0].Cliente.ID != d {
		t.Fatalf("depois de corrigir: %+v", p)
	}
}
