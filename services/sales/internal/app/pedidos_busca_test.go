package app_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// importar writes orders as a bulk load does (no index kept on the way): per customer of the
// company, n orders of seller v1, numbered from the company's next number.
func importar(t *testing.T, s *app.Service, empresa string, clientes map[string]string, n int) {
	t.Helper()
	var ps []*domain.Pedido
	numero := int64(0)
	ids := make([]string, 0, len(clientes))
	for id := range clientes {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, cid := range ids {
		for range n {
			numero++
			p := &domain.Pedido{VendedorID: "v1", ClienteID: cid, Cliente: domain.ClientePedido{Nome: clientes[cid], Documento: "11222333000181"},
				Numero: numero, Status: domain.StatusEnviado, Tipo: domain.TipoVenda}
			p.ID, p.Empresa, p.Versao, p.CriadoEm = fmt.Sprintf("%s-%s-%d", empresa, cid, numero), empresa, 1, time.Now()
			ps = append(ps, p)
		}
	}
	if _, _, err := s.Col.Pedidos.Import(context.Background(), ps); err != nil {
		t.Fatal(err)
	}
}

func numeros(t *testing.T, s *app.Service, ctx context.Context, f app.FiltroPedidos) []int64 {
	t.Helper()
	var out []int64
	for {
		p, err := s.ListarPedidos(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range p.Items {
			out = append(out, x.Numero)
		}
		if p.Next == "" {
			return out
		}
		f.PageToken = p.Next
	}
}

// The search by customer name: a rare name is a filter by the few customers that match (the
// index built from the orders on the first search), a common one scans; both give every match,
// newest first, page after page, in the caller's company and scope only; a customer renamed by a
// later order is found by the new name.
func TestBuscaPedidosPorCliente(t *testing.T) {
	s := servico(t)
	clientes := map[string]string{"padaria": "Padaria Beta", "acougue": "Açougue São João"}
	for i := range 25 {
		clientes[fmt.Sprintf("m%02d", i)] = fmt.Sprintf("Mercado Alfa %02d", i)
	}
	importar(t, s, "e1", clientes, 3)
	importar(t, s, "e2", map[string]string{"padaria": "Padaria Beta"}, 2)
	ctx, _ := vendedor("e1", "v1")

	// 81 orders: padaria 1..3, açougue 4..6 (ids sort "acougue" < "m00" < ... < "padaria").
	if got := numeros(t, s, ctx, app.FiltroPedidos{Q: "padaria", PageSize: 2}); !slices.Equal(got, []int64{81, 80, 79}) {
		t.Errorf("padaria: %v", got)
	}
	if got := numeros(t, s, ctx, app.FiltroPedidos{Q: "sao joao", PageSize: 2}); !slices.Equal(got, []int64{3, 2, 1}) {
		t.Errorf("são joão (sem acento): %v", got)
	}
	if got := numeros(t, s, ctx, app.FiltroPedidos{Q: "mercado", PageSize: 10}); len(got) != 75 || got[0] != 78 || got[74] != 4 {
		t.Errorf("mercado (muitos clientes): %d %v", len(got), got)
	}
	if got := numeros(t, s, ctx, app.FiltroPedidos{Q: "alfa 07"}); !slices.Equal(got, []int64{27, 26, 25}) {
		t.Errorf("alfa 07: %v", got)
	}
	if got := numeros(t, s, ctx, app.FiltroPedidos{Q: "padaria", Status: "cancelado"}); len(got) != 0 {
		t.Errorf("padaria canceladas: %v", got)
	}
	if got := numeros(t, s, ctx, app.FiltroPedidos{Q: "inexistente"}); len(got) != 0 {
		t.Errorf("inexistente: %v", got)
	}
	// Another seller of the company sees none of v1's orders; the other company only its own.
	outro, _ := vendedor("e1", "v2")
	if got := numeros(t, s, outro, app.FiltroPedidos{Q: "padaria"}); len(got) != 0 {
		t.Errorf("v2: %v", got)
	}
	e2, _ := vendedor("e2", "v1")
	if got := numeros(t, s, e2, app.FiltroPedidos{Q: "padaria"}); !slices.Equal(got, []int64{2, 1}) {
		t.Errorf("e2: %v", got)
	}
	// An order that names the customer anew (kept on write, after the index was built).
	if err := app.GravarClientePedidos(s, ctx, "e1", "padaria", domain.ClientePedido{Nome: "Panificadora Gama"}); err != nil {
		t.Fatal(err)
	}
	if got := numeros(t, s, ctx, app.FiltroPedidos{Q: "panificadora"}); !slices.Equal(got, []int64{81, 80, 79}) {
		t.Errorf("novo nome: %v", got)
	}
}
