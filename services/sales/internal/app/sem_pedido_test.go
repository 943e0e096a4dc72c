package app_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sort"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// carteiraClientes stands for the customer service's list of active customers: the company e1's,
// in the caller's scope (of one seller when asked).
type carteiraClientes []app.ClienteDaCarteira

func (c carteiraClientes) ClientesAtivos(ctx context.Context, vendedor string) ([]app.ClienteDaCarteira, error) {
	cl := caller.From(ctx)
	var out []app.ClienteDaCarteira
	for _, x := range c {
		if cl.Empresa == "e1" && cl.Sees(x.VendedorID) && (vendedor == "" || x.VendedorID == vendedor) {
			out = append(out, x)
		}
	}
	return out, nil
}

// Property: for orders generated over 200 days (any seller of any customer, some at 23h in São
// Paulo, sales and bonificações), taken through random status changes and cancellations, the
// customers without an order for 30/60/90 days of each scope — and the list of those without one
// for 45 days — equal an independent computation over the orders; another company's orders never
// count.
func TestSemPedidoIgualAoCalculoDosPedidos(t *testing.T) {
	s := servico(t)
	agora := time.Date(2026, 5, 13, 15, 0, 0, 0, time.UTC)
	s.Now = func() time.Time { return agora }
	vendedores := []string{"v0", "v1", "v2"}
	var carteira carteiraClientes
	for i := range 15 { // c12, c13 and c14 never order
		carteira = append(carteira, app.ClienteDaCarteira{ID: fmt.Sprintf("c%d", i), VendedorID: vendedores[i%3]})
	}
	s.ClientesCarteira = carteira
	r := rand.New(rand.NewPCG(5, 23))
	adm := admin("e1")
	var pedidos []*domain.Pedido
	for i := range 250 {
		// c15 orders too but is in no portfolio (another seller's customer, or inactive).
		k := r.IntN(13)
		cli := []string{"c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "c11", "c15"}[k]
		// Spread by customer (ck between 10k and 10k+40 days ago), so that the last orders fall on
		// both sides of every cut-off.
		dias := 10*k + r.IntN(41)
		em := agora.AddDate(0, 0, -dias)
		if r.IntN(4) == 0 {
			em = time.Date(em.Year(), em.Month(), em.Day(), 2, 30, 0, 0, time.UTC) // 23:30 of the day before in São Paulo
		}
		p := &domain.Pedido{VendedorID: vendedores[r.IntN(3)], ClienteID: cli, Status: domain.StatusesPedido[r.IntN(len(domain.StatusesPedido))],
			Tipo: []domain.TipoPedido{domain.TipoVenda, domain.TipoBonificacao}[r.IntN(2)], EnviadoEm: em,
			Itens: []domain.ItemPedido{{ProdutoID: "p1", Quantidade: 1, ValorCentavos: 100}}, TotalProdutosCentavos: 100}
		p.ID = fmt.Sprintf("p%d", i)
		if err := app.AplicarResumos(s, adm, "e1", nil, p); err != nil {
			t.Fatal(err)
		}
		pedidos = append(pedidos, p)
	}
	// Random status changes (cancellations among them) on a third of the orders.
	for range 120 {
		i := r.IntN(len(pedidos))
		depois := *pedidos[i]
		depois.Status = domain.StatusesPedido[r.IntN(len(domain.StatusesPedido))]
		if r.IntN(3) == 0 {
			depois.Status = domain.StatusCancelado
		}
		if err := app.AplicarResumos(s, adm, "e1", pedidos[i], &depois); err != nil {
			t.Fatal(err)
		}
		pedidos[i] = &depois
	}
	// Another company's order today for c12 (who never ordered in e1) and c0.
	for _, c := range []string{"c12", "c0"} {
		outro := &domain.Pedido{VendedorID: "v0", ClienteID: c, Status: domain.StatusEnviado, Tipo: domain.TipoVenda, EnviadoEm: agora}
		outro.ID = "outro-" + c
		if err := app.AplicarResumos(s, admin("e2"), "e2", nil, outro); err != nil {
			t.Fatal(err)
		}
	}
	// The oracle: each customer's last counting order's day in UTC-3, and whole days to today.
	conta := map[domain.StatusPedido]bool{"enviado": true, "em_separacao": true, "faturado": true, "entregue": true}
	ultimo := map[string]time.Time{}
	for _, p := range pedidos {
		if !conta[p.Status] {
			continue
		}
		d := p.EnviadoEm.In(time.FixedZone("BRT", -3*3600)) // São Paulo, without summer time since 2019
		d = time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)
		if d.After(ultimo[p.ClienteID]) {
			ultimo[p.ClienteID] = d
		}
	}
	hoje := time.Date(2026, 5, 13, 0, 0, 0, 0, time.UTC)
	semHa := func(c string, n int) bool {
		u, ok := ultimo[c]
		return !ok || int(hoje.Sub(u).Hours()/24) >= n
	}
	esperado := func(vs ...string) domain.SemPedido {
		var out domain.SemPedido
		for _, cl := range carteira {
			for _, v := range vs {
				if cl.VendedorID == v {
					out.Dias30 += b2i(semHa(cl.ID, 30))
					out.Dias60 += b2i(semHa(cl.ID, 60))
					out.Dias90 += b2i(semHa(cl.ID, 90))
				}
			}
		}
		return out
	}
	sup := caller.With(context.Background(), &caller.Caller{Empresa: "e1", Operador: "sup", Perfil: caller.Supervisor, Equipe: []string{"v0", "v1"}})
	vend := func(v string) context.Context {
		return caller.With(context.Background(), &caller.Caller{Empresa: "e1", Operador: v, Perfil: caller.Vendedor})
	}
	casos := []struct {
		nome     string
		ctx      context.Context
		vendedor string
		vs       []string
	}{
		{"admin", adm, "", vendedores}, {"admin, v2", adm, "v2", []string{"v2"}}, {"supervisor", sup, "", []string{"v0", "v1"}},
		{"supervisor, v1", sup, "v1", []string{"v1"}}, {"v0", vend("v0"), "", []string{"v0"}}, {"v1", vend("v1"), "", []string{"v1"}},
	}
	for _, c := range casos {
		p, err := s.ObterPainel(c.ctx, "2026-05", c.vendedor)
		if err != nil {
			t.Fatalf("%s: %v", c.nome, err)
		}
		if want := esperado(c.vs...); p.SemPedido == nil || *p.SemPedido != want {
			t.Errorf("%s: sem pedido %+v, esperado %+v", c.nome, p.SemPedido, want)
		}
	}
	// The data reaches every side of the cut-offs (else the test measures little).
	todos := esperado(vendedores...)
	if !(todos.Dias30 > todos.Dias60 && todos.Dias60 > todos.Dias90 && todos.Dias90 > 3 && todos.Dias30 < int64(len(carteira))) {
		t.Fatalf("dados fracos: %+v", todos)
	}
	// The list of 45 days: the same customers, the last order's day, the oldest first.
	lista, err := s.ClientesSemPedido(adm, "45", "")
	if err != nil {
		t.Fatal(err)
	}
	var want []app.ClienteSemPedido
	for _, cl := range carteira {
		if semHa(cl.ID, 45) {
			x := app.ClienteSemPedido{ClienteID: cl.ID, VendedorID: cl.VendedorID}
			if u, ok := ultimo[cl.ID]; ok {
				x.UltimoPedido = domain.Data(u.Format("2006-01-02"))
			}
			want = append(want, x)
		}
	}
	sort.Slice(want, func(i, j int) bool {
		if want[i].UltimoPedido != want[j].UltimoPedido {
			return want[i].UltimoPedido < want[j].UltimoPedido
		}
		return want[i].ClienteID < want[j].ClienteID
	})
	if !reflect.DeepEqual(lista, want) {
		t.Errorf("lista de 45 dias:\n got  %+v\n want %+v", lista, want)
	}
	// Bad input and another seller.
	for _, d := range []string{"0", "abc", "3651"} {
		if _, err := s.ClientesSemPedido(adm, d, ""); err == nil || err.(*errs.Error).Fields[0].Field != "dias" {
			t.Errorf("dias %q: %v", d, err)
		}
	}
	if _, err := s.ClientesSemPedido(vend("v0"), "30", "v1"); !errs.IsKind(err, errs.KindForbidden) {
		t.Errorf("vendedor, outro vendedor: %v", err)
	}
	// Another company sees none of e1's portfolio.
	if l, err := s.ClientesSemPedido(admin("e2"), "30", ""); err != nil || len(l) != 0 {
		t.Errorf("outra empresa: %+v %v", l, err)
	}
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
