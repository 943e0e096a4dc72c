package app_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/testkit"
	"github.com/crmvendas/crm/services/sales/internal/adapters"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

func servico(t *testing.T) *app.Service {
	t.Helper()
	col, err := adapters.Declare(context.Background(), testkit.Store(t, "crm_sales"))
	if err != nil {
		t.Fatal(err)
	}
	return &app.Service{Col: col}
}

func vendedor(empresa, id string) (context.Context, store.Scope) {
	c := &caller.Caller{Empresa: empresa, Operador: id, Perfil: caller.Vendedor}
	return caller.With(context.Background(), c), store.ScopeOf(c)
}

func montar(vendedorID string) func() (*domain.Pedido, error) {
	return func() (*domain.Pedido, error) {
		return &domain.Pedido{VendedorID: vendedorID, ClienteID: "c1", Status: domain.StatusOrcamento, Tipo: domain.TipoVenda,
			Historico: []domain.EventoPedido{{Status: domain.StatusOrcamento, Acao: domain.AcaoCriado, Por: vendedorID, Em: time.Now()}}}, nil
	}
}

// The idempotent create retried 100 times at once gives one order and one number, and spends no
// other number: the next order takes the next one.
func TestPedidoRepetidoUmNumero(t *testing.T) {
	s := servico(t)
	ctx, sc := vendedor("e1", "v1")
	var wg sync.WaitGroup
	numeros := make([]int64, 100)
	falhas := make([]error, 100)
	var criados atomic.Int32
	for i := range numeros {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, criado, err := app.GravarPedidoNovo(s, ctx, sc, "ped-repetido", montar("v1"))
			if err != nil {
				falhas[i] = err
				return
			}
			if criado {
				criados.Add(1)
			}
			numeros[i] = p.Numero
		}()
	}
	wg.Wait()
	if n := criados.Load(); n != 1 {
		t.Fatalf("%d tentativas se disseram criadoras, queria 1 (os resumos seriam somados de novo)", n)
	}
	// The creator answers number 1; a replay answers 1, or 0 ("a enviar") when it gave up waiting
	// for the creator under load — never another number.
	semNumero := 0
	for i, err := range falhas {
		if err != nil {
			t.Fatalf("tentativa %d: %v", i, err)
		}
		if numeros[i] != 1 && numeros[i] != 0 {
			t.Fatalf("tentativa %d: número %d, queria 1", i, numeros[i])
		}
		if numeros[i] == 0 {
			semNumero++
		}
	}
	if semNumero > 0 {
		t.Logf("%d repetições voltaram sem número (o criador ainda não o tinha tomado)", semNumero)
	}
	todos, err := s.Col.Pedidos.All(ctx, sc, store.Query{})
	if err != nil || len(todos) != 1 || todos[0].Numero != 1 {
		t.Fatalf("pedidos gravados: %d (%v)", len(todos), err)
	}
	p, _, err := app.GravarPedidoNovo(s, ctx, sc, "ped-seguinte", montar("v1"))
	if err != nil || p.Numero != 2 {
		t.Fatalf("o seguinte: %+v %v", p, err)
	}
}

// Concurrent creates of different orders take distinct numbers 1..n, per company.
func TestPedidosNumerosUnicos(t *testing.T) {
	s := servico(t)
	const n = 40
	var wg sync.WaitGroup
	var mu sync.Mutex
	vistos := map[string]map[int64]bool{"e1": {}, "e2": {}}
	for i := range n {
		for _, emp := range []string{"e1", "e2"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ctx, sc := vendedor(emp, fmt.Sprintf("v%d", i%3))
				p, _, err := app.GravarPedidoNovo(s, ctx, sc, fmt.Sprintf("%s-ped-%d", emp, i), montar(fmt.Sprintf("v%d", i%3)))
				if err != nil {
					t.Errorf("%s %d: %v", emp, i, err)
					return
				}
				mu.Lock()
				defer mu.Unlock()
				if vistos[emp][p.Numero] {
					t.Errorf("%s: número %d repetido", emp, p.Numero)
				}
				vistos[emp][p.Numero] = true
			}()
		}
	}
	wg.Wait()
	for emp, ns := range vistos {
		for k := int64(1); k <= n; k++ {
			if !ns[k] {
				t.Errorf("%s: faltou o número %d (%v)", emp, k, ns)
			}
		}
	}
}

// A replay by another seller (out of scope) or another company is refused, not returned; an
// order left without a number (the process died after the create) is numbered by its next replay.
func TestPedidoEscopoERecuperacao(t *testing.T) {
	s := servico(t)
	ctx, sc := vendedor("e1", "v1")
	if _, _, err := app.GravarPedidoNovo(s, ctx, sc, "ped-1", montar("v1")); err != nil {
		t.Fatal(err)
	}
	for _, quem := range [][2]string{{"e1", "v2"}, {"e2", "v1"}} {
		c2, sc2 := vendedor(quem[0], quem[1])
		if _, _, err := app.GravarPedidoNovo(s, c2, sc2, "ped-1", montar(quem[1])); !errs.IsKind(err, errs.KindForbidden) {
			t.Fatalf("%v: %v", quem, err)
		}
	}
	// A seller cannot create an order owned by someone else.
	if _, _, err := app.GravarPedidoNovo(s, ctx, sc, "ped-de-outro", montar("v9")); !errs.IsKind(err, errs.KindForbidden) {
		t.Fatalf("pedido de outro vendedor: %v", err)
	}
	// The crash: stored without a number.
	orfao, _ := montar("v1")()
	orfao.ID = "ped-orfao"
	if _, _, err := s.Col.Pedidos.Create(ctx, sc, orfao); err != nil {
		t.Fatal(err)
	}
	defer func(d, o time.Duration) { *app.EsperaNumero, *app.OrfaoApos = d, o }(*app.EsperaNumero, *app.OrfaoApos)
	*app.EsperaNumero = 50 * time.Millisecond
	// Young, it may still be its creator's to number: returned without one.
	p, _, err := app.GravarPedidoNovo(s, ctx, sc, "ped-orfao", montar("v1"))
	if err != nil || p.Numero != 0 {
		t.Fatalf("jovem: %+v %v", p, err)
	}
	*app.OrfaoApos = 0
	p, _, err = app.GravarPedidoNovo(s, ctx, sc, "ped-orfao", montar("v1"))
	if err != nil || p.Numero != 2 {
		t.Fatalf("recuperado: %+v %v", p, err)
	}
}
