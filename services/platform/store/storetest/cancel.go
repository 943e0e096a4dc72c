package storetest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// testCancelledCalls: reads and writes whose context ends at random points (a phone that loses
// signal, a gRPC deadline) never leave a connection, a statement or a transaction in a state that
// affects a later call. While readers abandon lists, gets, counts and feed pages after 0–3 ms, a
// writer creates records (some with contexts that end too); then every acknowledged create is
// read back by id and through the list, many times in parallel so that every pooled connection
// answers, and no call failed with anything but its context's own error.
func testCancelledCalls(t *testing.T, st *store.Store) {
	c := declare(t, st)
	ctx := ctxOf("v1")
	sc := store.Company("e1")
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var seed []*Pedido
	for i := 0; i < 600; i++ {
		seed = append(seed, NewPedido(uid("p"), uid("n"), fmt.Sprintf("v%d", i%3), fmt.Sprintf("c%d", i%40), "aberto", base.Add(time.Duration(i)*time.Minute)))
	}
	if err := c.CreateMany(ctx, sc, seed); err != nil {
		t.Fatal(err)
	}

	var (
		mu       sync.Mutex
		acked    []string
		failures []string
	)
	fail := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		if len(failures) < 20 {
			failures = append(failures, fmt.Sprintf(format, args...))
		}
	}
	// ok: nil, or the context's own error (as the store reports it: Canceled/DeadlineExceeded).
	// The MongoDB driver may give up a moment before the deadline (when the time left is under
	// the round trip it measured), with DeadlineExceeded all the same.
	check := func(what string, cctx context.Context, err error) {
		if err == nil {
			return
		}
		_, short := cctx.Deadline()
		if (cctx.Err() != nil || short) && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
			return
		}
		fail("%s: %v (contexto: %v)", what, err, cctx.Err())
	}
	short := func(r *rand.Rand) (context.Context, context.CancelFunc) {
		return context.WithTimeout(ctx, time.Duration(r.IntN(3000))*time.Microsecond)
	}

	const readers, readsEach, creates = 6, 120, 150
	var wg sync.WaitGroup
	for w := 0; w < readers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), uint64(time.Now().UnixNano())))
			for i := 0; i < readsEach; i++ {
				cctx, cancel := short(r)
				var err error
				what := ""
				switch r.IntN(5) {
				case 0:
					what = "List"
					_, err = c.List(cctx, sc, store.Query{Search: "joao", PageSize: 200})
				case 1:
					what = "Get"
					_, err = c.Get(cctx, sc, seed[r.IntN(len(seed))].ID)
				case 2:
					what = "Changes"
					_, err = c.Changes(cctx, sc, "", 1000)
				case 3:
					what = "Count"
					_, err = c.Count(cctx, sc, store.Query{}, "cliente")
				default:
					what = "GetMany"
					ids := []string{seed[r.IntN(len(seed))].ID, seed[r.IntN(len(seed))].ID}
					_, err = c.GetMany(cctx, sc, ids)
				}
				check(what, cctx, err)
				cancel()
			}
		}(w)
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		r := rand.New(rand.NewPCG(99, uint64(time.Now().UnixNano())))
		for i := 0; i < creates; i++ {
			p := NewPedido(uid("novo"), uid("n"), "v1", "c1", "aberto", base.Add(-time.Duration(i)*time.Hour))
			p.Descricao = "tempestade joao"
			cctx, cancel := context.WithCancel(ctx)
			if i%3 == 0 { // a third of the writes are abandoned too: acknowledged or not, never half
				cctx, cancel = short(r)
			}
			_, _, err := c.Create(cctx, sc, p)
			check("Create", cctx, err)
			if err == nil {
				mu.Lock()
				acked = append(acked, p.ID)
				mu.Unlock()
			}
			cancel()
		}
	}()
	wg.Wait()
	if len(failures) > 0 {
		t.Fatalf("%d falhas durante a tempestade:\n%s", len(failures), strings.Join(failures, "\n"))
	}
	if len(acked) < creates/2 {
		t.Fatalf("só %d de %d criações confirmadas", len(acked), creates)
	}

	// Every acknowledged create, read back in parallel on every pooled connection.
	var wg2 sync.WaitGroup
	for k := 0; k < 8; k++ {
		wg2.Add(1)
		go func(k int) {
			defer wg2.Done()
			for _, id := range acked {
				if _, err := c.Get(ctx, sc, id); err != nil {
					fail("Get %s depois: %v", id, err)
					return
				}
			}
			got := map[string]bool{}
			tok := ""
			for {
				pg, err := c.List(ctx, sc, store.Query{Search: "tempestade", PageSize: 200, PageToken: tok})
				if err != nil {
					fail("List depois: %v", err)
					return
				}
				for _, p := range pg.Items {
					got[p.ID] = true
				}
				if tok = pg.Next; tok == "" {
					break
				}
			}
			for _, id := range acked {
				if !got[id] {
					fail("lista %d: falta %s (veio %d de %d confirmados)", k, id, len(got), len(acked))
					return
				}
			}
		}(k)
	}
	wg2.Wait()
	if len(failures) > 0 {
		t.Fatalf("%d falhas:\n%s", len(failures), strings.Join(failures, "\n"))
	}
	// And a call that is cancelled before it starts says so (not an internal error).
	done, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := c.List(done, sc, store.Query{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("List com contexto cancelado: %v (interno: %v)", err, errs.IsKind(err, errs.KindInternal))
	}
}
