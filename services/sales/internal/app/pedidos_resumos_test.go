package app_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/mongo"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/mongox"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/testkit"
	"github.com/crmvendas/crm/services/sales/internal/adapters"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// The summaries kept on write through the store's counters equal a recomputation from the
// orders, after random status changes applied concurrently (several orders of the same customers
// and sellers at once, so the distinct counts race).
func TestResumosNoStoreIgualARecalculo(t *testing.T) {
	s := servico(t)
	ctx, _ := vendedor("e1", "v1")
	r := rand.New(rand.NewPCG(7, 11))
	status := domain.StatusesPedido
	const n = 30
	pedidos := make([]*domain.Pedido, n)
	for i := range pedidos {
		p := &domain.Pedido{VendedorID: fmt.Sprintf("v%d", r.IntN(3)), ClienteID: fmt.Sprintf("c%d", r.IntN(4)), Status: domain.StatusOrcamento,
			Tipo: domain.TipoVenda, Cliente: domain.ClientePedido{RegiaoID: []string{"", "r1", "r|2"}[r.IntN(3)]},
			EnviadoEm: time.Date(2026, time.Month(1+r.IntN(2)), 1+r.IntN(3), 15, 0, 0, 0, time.UTC)}
		for range 1 + r.IntN(3) {
			q := int64(1 + r.IntN(9))
			p.Itens = append(p.Itens, domain.ItemPedido{Grupo: []string{"BEB", "DOC", "A|B"}[r.IntN(3)], Quantidade: q,
				ValorCentavos: q * 100, TotalCentavos: q * 110, PesoGramas: int64(r.IntN(3) * 250)})
			p.TotalProdutosCentavos += q * 100
			p.TotalCentavos += q * 110
		}
		p.ID = fmt.Sprintf("p%d", i)
		pedidos[i] = p
	}
	// Each order goes through 6 random statuses; the orders change concurrently.
	var wg sync.WaitGroup
	var mu sync.Mutex
	for i := range pedidos {
		passos := make([]domain.StatusPedido, 6)
		for k := range passos {
			passos[k] = status[r.IntN(len(status))]
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			antes := (*domain.Pedido)(nil)
			for _, st := range passos {
				depois := *pedidos[i]
				depois.Status = st
				if st == domain.StatusFaturado {
					depois.FaturadoCentavos = depois.TotalCentavos
				}
				if err := app.AplicarResumos(s, ctx, "e1", antes, &depois); err != nil {
					t.Error(err)
					return
				}
				antes = &depois
			}
			mu.Lock()
			pedidos[i] = antes
			mu.Unlock()
		}()
	}
	wg.Wait()
	recalculado := domain.RecalcularResumos(pedidos)
	gravado, err := s.ResumosGravados(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if d := domain.Divergencias(gravado, recalculado); len(d) != 0 {
		t.Fatalf("%d divergências, a primeira: %+v", len(d), d[0])
	}
	medidos := map[string]bool{}
	for k, campos := range recalculado {
		medidos[k.Resumo] = true
		if campos[domain.CampoPeso] != 0 {
			medidos[domain.CampoPeso] = true
		}
	}
	for _, r := range []string{domain.ResumoVendedorMes, domain.ResumoRegiaoVendedorMes, domain.ResumoClienteVendedorDia, domain.CampoPeso} {
		if !medidos[r] {
			t.Fatalf("nenhum pedido moveu %s: o teste não o mediu", r)
		}
	}
	// The reconciliation, over the same orders stored, finds nothing to fix.
	adm := caller.With(context.Background(), &caller.Caller{Empresa: "e1", Operador: "adm", Perfil: caller.Admin})
	for _, p := range pedidos {
		if _, _, err := s.Col.Pedidos.Create(adm, store.Company("e1"), p); err != nil {
			t.Fatal(err)
		}
	}
	if n, d, err := s.ReconciliarResumos(adm, true); err != nil || n != len(pedidos) || len(d) != 0 {
		t.Fatalf("reconciliação: %d pedidos, %+v, %v", n, d, err)
	}
	// Another company's figures are apart.
	if c, _ := s.Col.Resumos.ClienteEmAberto.Get(ctx, store.Company("e2"), &domain.LinhaClienteEmAberto{ClienteID: "c0"}); len(c.Campos()) != 0 {
		t.Fatalf("outra empresa: %v", c)
	}
}

// The reconciliation finds the drift — a figure changed behind the orders' back, and one no order
// explains — reports it without writing when asked to, fixes it otherwise, and then finds none.
func TestReconciliarResumos(t *testing.T) {
	s := servico(t)
	ctxV, sc := vendedor("e1", "v1")
	ctx := caller.With(context.Background(), &caller.Caller{Empresa: "e1", Operador: "adm", Perfil: caller.Admin})
	for i, st := range []domain.StatusPedido{domain.StatusEnviado, domain.StatusFaturado, domain.StatusCancelado, domain.StatusAguardandoAprovacao} {
		p := &domain.Pedido{VendedorID: "v1", ClienteID: fmt.Sprintf("c%d", i%2), Status: st, TotalProdutosCentavos: 1000, TotalCentavos: 1100,
			EnviadoEm: time.Date(2026, 3, 10, 15, 0, 0, 0, time.UTC), Itens: []domain.ItemPedido{{Grupo: "BEB", Quantidade: 2, ValorCentavos: 1000, TotalCentavos: 1100}}}
		p.ID = fmt.Sprintf("p%d", i)
		if _, _, err := s.Col.Pedidos.Create(ctxV, sc, p); err != nil {
			t.Fatal(err)
		}
		if err := app.AplicarResumos(s, ctxV, "e1", nil, p); err != nil {
			t.Fatal(err)
		}
	}
	if n, d, err := s.ReconciliarResumos(ctx, true); err != nil || n != 4 || len(d) != 0 {
		t.Fatalf("em dia: %d pedidos, %v, %v", n, d, err)
	}
	st, r := s.Col.Pedidos.Store(), s.Col.Resumos
	if err := st.Apply(ctx, r.VendedorMes.Add("e1", &domain.LinhaVendedorMes{VendedorID: "v1", Mes: "2026-03", FigurasVenda: domain.FigurasVenda{ValorCentavos: 7}}),
		r.ClienteMes.Add("e1", &domain.LinhaClienteMes{ClienteID: "c9", Mes: "2026-03", VendedorID: "v1", FigurasVenda: domain.FigurasVenda{Pedidos: 1}})); err != nil {
		t.Fatal(err)
	}
	_, d, err := s.ReconciliarResumos(ctx, true)
	if err != nil || len(d) != 2 {
		t.Fatalf("verificar: %+v %v", d, err)
	}
	if _, d2, _ := s.ReconciliarResumos(ctx, true); len(d2) != 2 {
		t.Fatalf("apenas verificar gravou: %+v", d2)
	}
	if _, _, err := s.ReconciliarResumos(ctx, false); err != nil {
		t.Fatal(err)
	}
	if _, d, err := s.ReconciliarResumos(ctx, true); err != nil || len(d) != 0 {
		t.Fatalf("depois de corrigir: %+v %v", d, err)
	}
	if v, _ := r.VendedorMes.Get(ctx, store.Company("e1"), &domain.LinhaVendedorMes{VendedorID: "v1", Mes: "2026-03"}); v.Pedidos != 2 || v.ValorCentavos != 2000 {
		t.Fatalf("vendedor × mês: %+v", v)
	}
}

// envMorrer puts the test binary in the child's part of TestResumosProcessoMorto: "sqlite <file>"
// or "mongodb <uri> <database>", the store the parent prepared.
const envMorrer = "CRM_TESTE_MORRER_ENTRE_PEDIDO_E_RESUMOS"

// pedidoQueConta is an order already sent, with items of two groups: it moves every summary.
func pedidoQueConta(vendedorID, clienteID string) func() (*domain.Pedido, error) {
	return func() (*domain.Pedido, error) {
		em := time.Date(2026, 3, 10, 15, 0, 0, 0, time.UTC)
		return &domain.Pedido{VendedorID: vendedorID, ClienteID: clienteID, Status: domain.StatusEnviado, Tipo: domain.TipoVenda, EnviadoEm: em,
			Itens:                 []domain.ItemPedido{{Grupo: "BEB", Quantidade: 3, ValorCentavos: 3000, TotalCentavos: 3300}, {Grupo: "DOC", Quantidade: 1, ValorCentavos: 500, TotalCentavos: 500}},
			TotalProdutosCentavos: 3500, TotalCentavos: 3800, FlexCentavos: -20,
			Historico: []domain.EventoPedido{{Status: domain.StatusEnviado, Acao: domain.AcaoCriado, Por: vendedorID, Em: em}}}, nil
	}
}

// A process killed (SIGKILL) after an order's write and before its summaries' increments: on
// SQLite the two are one transaction, so the store shows no drift at all (neither was written);
// on MongoDB the order is there without its figures, and the reconciliation finds the drift
// and repairs it: the stored summaries then equal the recomputation from the orders. The child
// is this test binary, which kills itself at the store's point between the two writes.
func TestResumosProcessoMorto(t *testing.T) {
	if modo := os.Getenv(envMorrer); modo != "" {
		morrerEntreAsEscritas(t, strings.Fields(modo))
		return
	}
	ctxV, sc := vendedor("e1", "v1")
	ctx := caller.With(context.Background(), &caller.Caller{Empresa: "e1", Operador: "adm", Perfil: caller.Admin})
	var s *app.Service
	var modo string
	if os.Getenv("CRM_TEST_STORE") == "mongodb" {
		db := testkit.DB(t, "crm_sales")
		st, err := store.OpenMongo(context.Background(), db)
		if err != nil {
			t.Fatal(err)
		}
		s = servicoEm(t, st)
		modo = "mongodb " + testkit.MongoURI(t) + " " + db.Name()
	} else {
		arquivo := filepath.Join(t.TempDir(), store.SQLiteFile)
		st, err := store.OpenSQLite(context.Background(), arquivo)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		s = servicoEm(t, st)
		modo = "sqlite " + arquivo
	}
	// Two orders written whole before the crash.
	for i, cl := range []string{"c1", "c2"} {
		if _, _, err := app.GravarPedidoNovo(s, ctxV, sc, fmt.Sprintf("antes-%d", i), pedidoQueConta("v1", cl)); err != nil {
			t.Fatal(err)
		}
	}
	if _, d, err := s.ReconciliarResumos(ctx, true); err != nil || len(d) != 0 {
		t.Fatalf("antes da queda: %v %v", d, err)
	}
	// The child writes a third order (c1 again, and c3) and dies between the two writes.
	cmd := exec.Command(os.Args[0], "-test.run=^TestResumosProcessoMorto$", "-test.count=1")
	cmd.Env = append(os.Environ(), envMorrer+"="+modo)
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("o processo filho devia morrer por SIGKILL entre as escritas: %v\n%s", err, out)
	}
	n, d, err := s.ReconciliarResumos(ctx, true)
	if err != nil {
		t.Fatal(err)
	}
	_, gerr := s.Col.Pedidos.Get(ctxV, sc, "morto")
	switch s.Col.Pedidos.Store().Kind() {
	case "sqlite":
		// One transaction: rolled back whole (the kill came before its commit).
		if len(d) != 0 || n != 2 || !errs.IsKind(gerr, errs.KindNotFound) {
			t.Fatalf("SQLite: %d pedidos, pedido do filho %v, divergências %+v", n, gerr, d)
		}
	default:
		// The order is stored, its figures are not: the reconciliation sees the drift.
		if len(d) == 0 || n != 3 || gerr != nil {
			t.Fatalf("MongoDB: %d pedidos, pedido do filho %v, divergências %+v", n, gerr, d)
		}
		if _, _, err := s.ReconciliarResumos(ctx, false); err != nil {
			t.Fatal(err)
		}
	}
	pedidos, err := s.Col.Pedidos.All(ctx, store.Company("e1"), store.Query{})
	if err != nil {
		t.Fatal(err)
	}
	gravado, err := s.ResumosGravados(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if d := domain.Divergencias(gravado, domain.RecalcularResumos(pedidos)); len(d) != 0 {
		t.Fatalf("resumos ≠ recálculo depois da queda: %+v", d)
	}
	if v, _ := s.Col.Resumos.VendedorMes.Get(ctx, store.Company("e1"), &domain.LinhaVendedorMes{VendedorID: "v1", Mes: "2026-03"}); v.Pedidos != int64(len(pedidos)) || v.Clientes != int64(len(pedidos)) {
		t.Fatalf("vendedor × mês com %d pedidos: %+v", len(pedidos), v)
	}
}

// morrerEntreAsEscritas is the child: the store the parent prepared, one order written, and a
// SIGKILL to itself once the order is written and before its summaries are.
func morrerEntreAsEscritas(t *testing.T, modo []string) {
	var st *store.Store
	var err error
	switch {
	case len(modo) == 2 && modo[0] == "sqlite":
		st, err = store.OpenSQLite(context.Background(), modo[1])
	case len(modo) == 3 && modo[0] == "mongodb":
		var client *mongo.Client
		if client, err = mongox.Connect(context.Background(), modo[1]); err == nil {
			st, err = store.OpenMongo(context.Background(), client.Database(modo[2]))
		}
	default:
		t.Fatalf("%s inválido: %q", envMorrer, modo)
	}
	if err != nil {
		t.Fatal(err)
	}
	st.SetBetweenWrites(func(id string) {
		if id == "morto" {
			_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
			select {} // the signal is on its way
		}
	})
	s := servicoEm(t, st)
	ctxV, sc := vendedor("e1", "v1")
	_, _, err = app.GravarPedidoNovo(s, ctxV, sc, "morto", pedidoQueConta("v1", "c3"))
	t.Fatalf("o pedido foi gravado sem o processo morrer entre as escritas: %v", err)
}

func servicoEm(t *testing.T, st *store.Store) *app.Service {
	t.Helper()
	col, err := adapters.Declare(context.Background(), st.For("crm_sales"))
	if err != nil {
		t.Fatal(err)
	}
	return &app.Service{Col: col}
}
