package sales_test

import (
	"testing"

	"github.com/google/uuid"
)

// TestPedidoDecisaoNomeada (issue 21 §3): every history event carries the name of who recorded it
// (por_nome), so that a seller — who may not list the company's operators — reads the
// supervisor's name on a decision, never an operator id; a rejection without a note changes
// nothing and says why at the field; the rejected order goes back to orcamento by Reabrir.
func TestPedidoDecisaoNomeada(t *testing.T) {
	e := setupPedidos(t)
	id := uuid.NewString()
	corpo := map[string]any{"id": id, "cliente_id": e.c1, "tipo": "venda", "itens": itens(item("pa", 3, 7.5))}
	p := e.criar(t, e.v1, corpo, 200)
	if h := asListOrEmpty(p["historico"]); len(h) != 1 || h[0]["acao"] != "criado" || h[0]["por_nome"] != "Operador v1" {
		t.Fatalf("criado, com o nome de quem criou: %v", h)
	}
	p = decode(t, e.do(t, "POST", "/crm/pedidos/"+id+"/enviar", e.v1, map[string]any{"versao": p["versao"]}, 200))
	if p["status"] != "aguardando_aprovacao" {
		t.Fatalf("enviado: %v", p)
	}
	// A VENDEDOR may not list the operators: the names have to come with the order.
	e.do(t, "GET", "/crm/operadores", e.v1, nil, 403)

	// No note: 400 at the field, in pt-BR, and the order still waits.
	b := erro(t, e.do(t, "POST", "/crm/pedidos/"+id+"/reprovar", e.sup, map[string]any{"observacao": "  "}, 400), "", "observacao")
	if b["mensagem"] != "Informe o motivo da reprovação." {
		t.Errorf("mensagem sem observação: %v", b)
	}
	p = decode(t, e.do(t, "GET", "/crm/pedidos/"+id, e.v1, nil, 200))
	if p["status"] != "aguardando_aprovacao" {
		t.Fatalf("reprovado sem observação: %v", p)
	}

	p = decode(t, e.do(t, "POST", "/crm/pedidos/"+id+"/reprovar", e.sup, map[string]any{"observacao": "Desconto alto demais"}, 200))
	h := asListOrEmpty(p["historico"])
	ultimo := h[len(h)-1]
	if ultimo["acao"] != "reprovado" || ultimo["por"] != e.ids["sup"] || ultimo["por_nome"] != "Operador sup" || ultimo["observacao"] != "Desconto alto demais" {
		t.Fatalf("reprovação: %v", ultimo)
	}
	// The seller reads it as the supervisor wrote it, with the name.
	p = decode(t, e.do(t, "GET", "/crm/pedidos/"+id, e.v1, nil, 200))
	h = asListOrEmpty(p["historico"])
	if h[len(h)-1]["por_nome"] != "Operador sup" {
		t.Errorf("lido pelo vendedor: %v", h[len(h)-1])
	}
	// Corrigir e reenviar: back to orcamento, by the seller, named too.
	p = decode(t, e.do(t, "POST", "/crm/pedidos/"+id+"/reabrir", e.v1, map[string]any{"versao": p["versao"]}, 200))
	h = asListOrEmpty(p["historico"])
	if p["status"] != "orcamento" || h[len(h)-1]["acao"] != "reaberto" || h[len(h)-1]["por_nome"] != "Operador v1" {
		t.Fatalf("reaberto: %v", p)
	}
	// Sent again and approved: every event from the send on names its author.
	p = decode(t, e.do(t, "POST", "/crm/pedidos/"+id+"/enviar", e.v1, map[string]any{"versao": p["versao"]}, 200))
	p = decode(t, e.do(t, "POST", "/crm/pedidos/"+id+"/aprovar", e.sup, map[string]any{"observacao": "Cliente antigo"}, 200))
	h = asListOrEmpty(p["historico"])
	want := []string{"enviado:Operador v1", "aprovado:Operador sup"}
	for i, w := range want {
		x := h[len(h)-len(want)+i]
		if got := x["acao"].(string) + ":" + x["por_nome"].(string); got != w {
			t.Errorf("evento %d: %s, esperado %s", i, got, w)
		}
	}
	// An ADMIN's step names the ADMIN.
	p = decode(t, e.do(t, "POST", "/crm/pedidos/"+id+"/status", e.admin, map[string]any{"status": "em_separacao"}, 200))
	h = asListOrEmpty(p["historico"])
	if h[len(h)-1]["por_nome"] != "Operador admin" {
		t.Errorf("status pelo ADMIN: %v", h[len(h)-1])
	}
}
