// Package storetest is the store's contract suite: the same tests run against every backend
// (SQLite; MongoDB through FerretDB; a real MongoDB when MONGODB_TEST_URI is set), as
// wild-workouts runs one repository suite against each implementation. Its order-like entity is
// also what the benchmark stores.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// Item is an order line.
type Item struct {
	Produto    string `bson:"produto"`
	Descricao  string `bson:"descricao"`
	Quantidade int64  `bson:"quantidade"`
	PrecoCents int64  `bson:"preco_centavos"`
	NCM        string `bson:"ncm"`
}

// Pedido is an order-like entity: about 3 KB with 10 items.
type Pedido struct {
	store.Meta `bson:",inline"`
	Numero     string    `bson:"numero"`
	Vendedor   string    `bson:"vendedor"`
	Cliente    string    `bson:"cliente"`
	Status     string    `bson:"status"`
	Data       time.Time `bson:"data"`
	Descricao  string    `bson:"descricao"`
	Itens      []Item    `bson:"itens"`
	Marcas     []string  `bson:"marcas"`
	TotalCents int64     `bson:"total_centavos"`
}

// PedidoSpec declares the orders of the suite (and of the benchmark).
var PedidoSpec = store.Spec[Pedido]{
	Name:       "pedidos",
	NotFound:   "Pedido não encontrado.",
	OutOfScope: "Acesso negado: o pedido é de outra empresa ou fora da sua carteira.",
	Fields: []store.Field[Pedido]{
		{Name: "vendedor", Value: func(p *Pedido) any { return p.Vendedor }},
		{Name: "cliente", Value: func(p *Pedido) any { return p.Cliente }},
		{Name: "status", Value: func(p *Pedido) any { return p.Status }},
		{Name: "data", Value: func(p *Pedido) any { return p.Data }},
		{Name: "total", Value: func(p *Pedido) any { return p.TotalCents }},
	},
	Owner:   "vendedor",
	Search:  func(p *Pedido) string { return p.Numero + " " + p.Descricao },
	Sort:    store.Sort{Fields: []string{"data"}, Desc: true},
	Indexes: [][]string{{"cliente", "data"}, {"status"}},
	Unique: []store.Unique[Pedido]{{Name: "numero", Keys: func(p *Pedido) []string { return []string{p.Numero} },
		Conflict: func(key, owner string) error {
			return errs.Conflict("Número de pedido já usado.").WithReason("NUMERO_DUPLICADO", "pedido_id", owner)
		}}},
}

// NewPedido builds an order of about 3 KB with 10 items.
func NewPedido(id, numero, vendedor, cliente, status string, data time.Time) *Pedido {
	p := &Pedido{Meta: store.Meta{ID: id}, Numero: numero, Vendedor: vendedor, Cliente: cliente, Status: status, Data: data,
		Descricao: "Pedido de reposição — São João " + numero, Marcas: []string{}}
	for i := 0; i < 10; i++ {
		p.Itens = append(p.Itens, Item{Produto: fmt.Sprintf("P%05d", i), Descricao: strings.Repeat("Produto de limpeza concentrado açaí ", 6),
			Quantidade: int64(i + 1), PrecoCents: int64(1000 + i*37), NCM: "34022000"})
		p.TotalCents += int64(i+1) * int64(1000+i*37)
	}
	return p
}

// Open returns a fresh, empty store for one test.
type Open func(t *testing.T) *store.Store

var seq atomic.Int64

func uid(prefix string) string {
	return fmt.Sprintf("%s-%d-%d", prefix, time.Now().UnixNano(), seq.Add(1))
}

func ctxOf(operador string) context.Context {
	return caller.With(context.Background(), &caller.Caller{Operador: operador, Empresa: "e1", Perfil: caller.Vendedor})
}

func declare(t *testing.T, st *store.Store) *store.Collection[Pedido] {
	t.Helper()
	c, err := store.Declare(context.Background(), st, PedidoSpec)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Run runs the whole suite.
func Run(t *testing.T, open Open) {
	t.Run("GetScope", func(t *testing.T) { testGetScope(t, open(t)) })
	t.Run("CreateReplay", func(t *testing.T) { testCreateReplay(t, open(t)) })
	t.Run("UniqueRace", func(t *testing.T) { testUniqueRace(t, open(t)) })
	t.Run("FailedWriteReleasesKey", func(t *testing.T) { testFailedWriteReleasesKey(t, open(t)) })
	t.Run("ConcurrentVersao", func(t *testing.T) { testConcurrentVersao(t, open(t)) })
	t.Run("DeleteReplay", func(t *testing.T) { testDeleteReplay(t, open(t)) })
	t.Run("AdoptedCreateReplay", func(t *testing.T) { testAdoptedCreateReplay(t, open(t)) })
	t.Run("ListFiltersSearchCount", func(t *testing.T) { testList(t, open(t)) })
	t.Run("KeysetStableUnderInserts", func(t *testing.T) { testKeysetStable(t, open(t)) })
	t.Run("Counters", func(t *testing.T) { testCounters(t, open(t)) })
	t.Run("UpdateMany", func(t *testing.T) { testUpdateMany(t, open(t)) })
	t.Run("FieldDeclaredLater", func(t *testing.T) { testFieldDeclaredLater(t, open(t)) })
	t.Run("FeedScopeAndRemovals", func(t *testing.T) { testFeedScope(t, open(t)) })
	t.Run("FeedConcurrentSlowWriter", func(t *testing.T) { testFeedConcurrent(t, open(t)) })
	t.Run("FeedSnapshotWhere", func(t *testing.T) { testFeedSnapshotWhere(t, open(t)) })
	t.Run("CancelledCalls", func(t *testing.T) { testCancelledCalls(t, open(t)) })
	t.Run("ReadModel", func(t *testing.T) { testReadModel(t, open(t)) })
	t.Run("ReadModelSameWrite", func(t *testing.T) { testReadModelSameWrite(t, open(t)) })
}

var t0 = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

func testGetScope(t *testing.T, st *store.Store) {
	c := declare(t, st)
	ctx := ctxOf("v1")
	e1v1 := store.Scope{Empresa: "e1", Owners: []string{"v1"}}
	p, created, err := c.Create(ctx, e1v1, NewPedido(uid("p"), uid("n"), "v1", "c1", "aberto", t0))
	if err != nil || !created {
		t.Fatalf("create: %v %v", created, err)
	}
	if p.Versao != 1 || p.Empresa != "e1" || p.CriadoPor != "v1" || p.CriadoEm.IsZero() {
		t.Fatalf("bookkeeping: %+v", p.Meta)
	}
	got, err := c.Get(ctx, e1v1, p.ID)
	if err != nil || got.Numero != p.Numero || len(got.Itens) != 10 || !got.Data.Equal(t0) {
		t.Fatalf("get: %v %+v", err, got)
	}
	_, err = c.Get(ctx, store.Company("e2"), p.ID)
	testkit.WantReason(t, err, errs.KindForbidden, errs.ReasonForaDoEscopo)
	_, err = c.Get(ctx, store.Scope{Empresa: "e1", Owners: []string{"v2"}}, p.ID)
	testkit.WantReason(t, err, errs.KindForbidden, errs.ReasonForaDoEscopo)
	_, err = c.Get(ctx, e1v1, "nao-existe")
	testkit.WantReason(t, err, errs.KindNotFound, errs.ReasonNaoEncontrado)
	// Writes out of scope change nothing.
	_, err = c.Update(ctx, store.Company("e2"), p.ID, 0, func(p *Pedido) error { p.Status = "x"; return nil })
	testkit.WantReason(t, err, errs.KindForbidden, errs.ReasonForaDoEscopo)
	_, err = c.Delete(ctx, store.Scope{Empresa: "e1", Owners: []string{"v2"}}, p.ID, 0)
	testkit.WantReason(t, err, errs.KindForbidden, errs.ReasonForaDoEscopo)
	// A VENDEDOR can't hand a record to someone out of their scope.
	_, err = c.Update(ctx, e1v1, p.ID, 0, func(p *Pedido) error { p.Vendedor = "v2"; return nil })
	testkit.WantReason(t, err, errs.KindForbidden, errs.ReasonForaDoEscopo)
	got, _ = c.Get(ctx, e1v1, p.ID)
	if got.Versao != 1 || got.Status != "aberto" || got.Vendedor != "v1" {
		t.Fatalf("a refused write changed the record: %+v", got)
	}
	// A create out of scope is refused too.
	_, _, err = c.Create(ctx, e1v1, NewPedido(uid("p"), uid("n"), "v2", "c1", "aberto", t0))
	testkit.WantReason(t, err, errs.KindForbidden, errs.ReasonForaDoEscopo)
	// Tombstone: 404 on Get, visible to GetAny.
	if _, err := c.Delete(ctx, e1v1, p.ID, 1); err != nil {
		t.Fatal(err)
	}
	_, err = c.Get(ctx, e1v1, p.ID)
	testkit.WantReason(t, err, errs.KindNotFound, errs.ReasonNaoEncontrado)
	if d, err := c.GetAny(ctx, e1v1, p.ID); err != nil || !d.Excluido || d.Versao != 2 {
		t.Fatalf("tombstone: %v %+v", err, d)
	}
}

func testCreateReplay(t *testing.T, st *store.Store) {
	c := declare(t, st)
	ctx := ctxOf("v1")
	sc := store.Company("e1")
	id := uid("p")
	first, created, err := c.Create(ctx, sc, NewPedido(id, uid("n"), "v1", "c1", "aberto", t0))
	if err != nil || !created {
		t.Fatal(err)
	}
	again, created, err := c.Create(ctx, sc, NewPedido(id, first.Numero, "v1", "c1", "aberto", t0))
	if err != nil || created || again.ID != id || again.Versao != 1 {
		t.Fatalf("replay: created=%v %v %+v", created, err, again)
	}
	_, _, err = c.Create(ctx, sc, NewPedido(id, first.Numero, "v1", "c2", "aberto", t0))
	testkit.WantReason(t, err, errs.KindConflict, errs.ReasonIDReutilizado)
	_, _, err = c.Create(ctx, store.Company("e2"), NewPedido(id, first.Numero, "v1", "c1", "aberto", t0))
	testkit.WantReason(t, err, errs.KindForbidden, errs.ReasonForaDoEscopo)
	// A replay after an edit still returns the record (the create happened).
	if _, err := c.Update(ctx, sc, id, 1, func(p *Pedido) error { p.Status = "enviado"; return nil }); err != nil {
		t.Fatal(err)
	}
	again, created, err = c.Create(ctx, sc, NewPedido(id, first.Numero, "v1", "c1", "aberto", t0))
	if err != nil || created || again.Status != "enviado" {
		t.Fatalf("replay after edit: %v %v %+v", created, err, again)
	}
	// An update that changes nothing writes nothing.
	same, err := c.Update(ctx, sc, id, 2, func(p *Pedido) error { p.Status = "enviado"; return nil })
	if err != nil || same.Versao != 2 {
		t.Fatalf("no-op update: %v %+v", err, same)
	}
	// A stale versao is its own reason, distinct from a duplicate.
	_, err = c.Update(ctx, sc, id, 1, func(p *Pedido) error { p.Status = "x"; return nil })
	testkit.WantReason(t, err, errs.KindConflict, errs.ReasonVersaoDesatualizada)
}

func testUniqueRace(t *testing.T, st *store.Store) {
	c := declare(t, st)
	sc := store.Company("e1")
	for round := 0; round < 5; round++ {
		num := uid("n")
		var wg sync.WaitGroup
		var ok, dup atomic.Int32
		var winner atomic.Value
		for i := 0; i < 2; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				id := uid("p")
				_, _, err := c.Create(ctxOf("v1"), sc, NewPedido(id, num, "v1", "c1", "aberto", t0))
				switch {
				case err == nil:
					ok.Add(1)
					winner.Store(id)
				case errs.ReasonOf(err) == "NUMERO_DUPLICADO":
					dup.Add(1)
				default:
					t.Errorf("unexpected: %v", err)
				}
			}()
		}
		wg.Wait()
		if ok.Load() != 1 || dup.Load() != 1 {
			t.Fatalf("round %d: %d won, %d duplicate", round, ok.Load(), dup.Load())
		}
		// The key is another company's to use too.
		if _, _, err := c.Create(ctxOf("v1"), store.Company("e2"), NewPedido(uid("p"), num, "v1", "c1", "aberto", t0)); err != nil {
			t.Fatalf("same key in another company: %v", err)
		}
		owner, err := c.KeyOwner(context.Background(), "e1", "numero", num)
		if err != nil || owner != winner.Load().(string) {
			t.Fatalf("key owner %q %v, want %v", owner, err, winner.Load())
		}
		var de *errs.Error
		_, _, err = c.Create(ctxOf("v1"), sc, NewPedido(uid("p"), num, "v1", "c1", "aberto", t0))
		if !errors.As(err, &de) || de.Details["pedido_id"] != owner {
			t.Fatalf("conflict names the holder: %v %+v", err, de)
		}
	}
}

func testFailedWriteReleasesKey(t *testing.T, st *store.Store) {
	c := declare(t, st)
	ctx := ctxOf("v1")
	sc := store.Company("e1")
	id := uid("p")
	if _, _, err := c.Create(ctx, sc, NewPedido(id, uid("n"), "v1", "c1", "aberto", t0)); err != nil {
		t.Fatal(err)
	}
	// The same id with another key: the key is claimed, the insert fails (id exists).
	k2 := uid("n")
	_, _, err := c.Create(ctx, sc, NewPedido(id, k2, "v1", "c1", "aberto", t0))
	testkit.WantReason(t, err, errs.KindConflict, errs.ReasonIDReutilizado)
	if _, _, err := c.Create(ctx, sc, NewPedido(uid("p"), k2, "v1", "c1", "aberto", t0)); err != nil {
		t.Fatalf("the key of a failed create stayed claimed: %v", err)
	}
	// An update changing the key with a stale versao: the new key is free again afterwards.
	k3 := uid("n")
	_, err = c.Update(ctx, sc, id, 7, func(p *Pedido) error { p.Numero = k3; return nil })
	testkit.WantReason(t, err, errs.KindConflict, errs.ReasonVersaoDesatualizada)
	if _, _, err := c.Create(ctx, sc, NewPedido(uid("p"), k3, "v1", "c1", "aberto", t0)); err != nil {
		t.Fatalf("the key of a failed update stayed claimed: %v", err)
	}
	// A key changed by an update is released; the new one is held.
	k4 := uid("n")
	cur, _ := c.Get(ctx, sc, id)
	if _, err := c.Update(ctx, sc, id, 1, func(p *Pedido) error { p.Numero = k4; return nil }); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.Create(ctx, sc, NewPedido(uid("p"), cur.Numero, "v1", "c1", "aberto", t0)); err != nil {
		t.Fatalf("old key not released: %v", err)
	}
	if got, err := c.GetByKey(ctx, sc, "numero", k4); err != nil || got.ID != id {
		t.Fatalf("GetByKey: %v", err)
	}
}

func testConcurrentVersao(t *testing.T, st *store.Store) {
	c := declare(t, st)
	sc := store.Company("e1")
	id := uid("p")
	if _, _, err := c.Create(ctxOf("v1"), sc, NewPedido(id, uid("n"), "v1", "c1", "aberto", t0)); err != nil {
		t.Fatal(err)
	}
	const workers, rounds = 20, 5
	var wins sync.Map // versao -> winner
	var applied atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := 0; r < rounds; r++ {
				cur, err := c.Get(ctxOf("v1"), sc, id)
				if err != nil {
					t.Error(err)
					return
				}
				mark := fmt.Sprintf("w%d-r%d", w, r)
				_, err = c.Update(ctxOf("v1"), sc, id, cur.Versao, func(p *Pedido) error { p.Marcas = append(p.Marcas, mark); return nil })
				switch {
				case err == nil:
					applied.Add(1)
					if prev, dup := wins.LoadOrStore(cur.Versao, mark); dup {
						t.Errorf("two winners for versao %d: %v and %s", cur.Versao, prev, mark)
					}
				case errs.IsReason(err, errs.ReasonVersaoDesatualizada):
				default:
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	final, err := c.Get(ctxOf("v1"), sc, id)
	if err != nil {
		t.Fatal(err)
	}
	if applied.Load() == 0 {
		t.Fatal("no update was stored")
	}
	if int64(len(final.Marcas)) != applied.Load() || final.Versao != 1+applied.Load() {
		t.Fatalf("lost updates: %d applied, %d marks, versao %d", applied.Load(), len(final.Marcas), final.Versao)
	}
	// versao 0: every change applies to the current record, none lost.
	var wg2 sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg2.Add(1)
		go func() {
			defer wg2.Done()
			if _, err := c.Update(ctxOf("v1"), sc, id, 0, func(p *Pedido) error { p.TotalCents++; return nil }); err != nil {
				t.Error(err)
			}
		}()
	}
	wg2.Wait()
	after, _ := c.Get(ctxOf("v1"), sc, id)
	if after.TotalCents != final.TotalCents+workers {
		t.Fatalf("versao-0 changes lost: %d -> %d", final.TotalCents, after.TotalCents)
	}
}

func testDeleteReplay(t *testing.T, st *store.Store) {
	c := declare(t, st)
	ctx := ctxOf("v1")
	sc := store.Company("e1")
	id := uid("p")
	if _, _, err := c.Create(ctx, sc, NewPedido(id, uid("n"), "v1", "c1", "aberto", t0)); err != nil {
		t.Fatal(err)
	}
	d1, err := c.Delete(ctx, sc, id, 1)
	if err != nil || !d1.Excluido {
		t.Fatal(err)
	}
	d2, err := c.Delete(ctx, sc, id, 1) // the same request again
	if err != nil || !d2.Excluido || d2.Versao != d1.Versao {
		t.Fatalf("replayed delete: %v %+v", err, d2)
	}
	_, err = c.Update(ctx, sc, id, 0, func(p *Pedido) error { p.Status = "x"; return nil })
	testkit.WantReason(t, err, errs.KindNotFound, errs.ReasonNaoEncontrado)
	// Revival is explicit.
	back, err := c.Update(ctx, sc, id, 0, func(p *Pedido) error { p.Excluido = false; return nil }, store.IncludeDeleted)
	if err != nil || back.Excluido {
		t.Fatalf("revive: %v", err)
	}
}

// testAdoptedCreateReplay: a create whose key a tombstone holds, answered by bringing that
// record back (Adopt), is replayed as that record — not as a conflict with it, not as a new one.
func testAdoptedCreateReplay(t *testing.T, st *store.Store) {
	c := declare(t, st)
	ctx := ctxOf("v1")
	sc := store.Scope{Empresa: "e1", Owners: []string{"v1"}}
	num := uid("n")
	old := uid("p")
	if _, _, err := c.Create(ctxOf("v2"), store.Company("e1"), NewPedido(old, num, "v2", "c1", "aberto", t0)); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Delete(ctx, store.Company("e1"), old, 0); err != nil {
		t.Fatal(err)
	}
	// The client's create (its own id, the key the tombstone holds).
	cid := uid("p")
	create := func() *Pedido { return NewPedido(cid, num, "v1", "c9", "reaberto", t0) }
	var de *errs.Error
	_, _, err := c.Create(ctx, sc, create())
	if !errors.As(err, &de) || de.Reason != "NUMERO_DUPLICADO" || de.Details["pedido_id"] != old {
		t.Fatalf("create over a tombstone's key: %v", err)
	}
	revive := func(in *Pedido) func(*Pedido) error {
		return func(p *Pedido) error {
			if !p.Excluido {
				return errs.Conflict("Número de pedido já usado.").WithReason("NUMERO_DUPLICADO", "pedido_id", p.ID)
			}
			m := p.Meta
			*p = *in
			p.Meta, p.Excluido = m, false
			return nil
		}
	}
	first, err := c.Adopt(ctx, sc, create(), old, revive(create()), store.IncludeDeleted, store.AnyOwner)
	if err != nil || first.ID != old || first.Excluido || first.Cliente != "c9" || first.Vendedor != "v1" {
		t.Fatalf("adopt: %v %+v", err, first)
	}
	check := func(step string) {
		t.Helper()
		again, created, err := c.Create(ctx, sc, create())
		if err != nil || created || again.ID != old || again.Versao != first.Versao || again.Cliente != "c9" || again.Excluido {
			t.Fatalf("%s: replay must return the adopted record: created=%v %v %+v", step, created, err, again)
		}
		_, err = c.Get(ctx, sc, cid)
		testkit.WantReason(t, err, errs.KindNotFound, errs.ReasonNaoEncontrado)
	}
	check("replay")
	check("second replay")
	// A replay that raced the first call and adopts again: the record unchanged, apply not run.
	ran := false
	same, err := c.Adopt(ctx, sc, create(), old, func(*Pedido) error { ran = true; return nil }, store.IncludeDeleted, store.AnyOwner)
	if err != nil || ran || same.Versao != first.Versao {
		t.Fatalf("adopt replay: ran=%v %v %+v", ran, err, same)
	}
	// The id with another payload is a reused id; another record can't adopt it either.
	other := create()
	other.Cliente = "c8"
	_, _, err = c.Create(ctx, sc, other)
	testkit.WantReason(t, err, errs.KindConflict, errs.ReasonIDReutilizado)
	b := uid("p")
	if _, _, err := c.Create(ctx, sc, NewPedido(b, uid("n"), "v1", "c1", "aberto", t0)); err != nil {
		t.Fatal(err)
	}
	_, err = c.Adopt(ctx, sc, create(), b, func(p *Pedido) error { p.Status = "x"; return nil })
	testkit.WantReason(t, err, errs.KindConflict, errs.ReasonIDReutilizado)
	// An edit that rewrites the bookkeeping, and a new key on the record, don't undo the answer.
	if _, err := c.Update(ctx, sc, old, 0, func(p *Pedido) error {
		p.Meta = store.Meta{ID: p.ID}
		p.Numero = uid("n")
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	again, created, err := c.Create(ctx, sc, create())
	if err != nil || created || again.ID != old {
		t.Fatalf("replay after the key moved: created=%v %v %+v", created, err, again)
	}
	// Out of the caller's scope now: as any replay, 403.
	_, _, err = c.Create(ctxOf("v2"), store.Scope{Empresa: "e1", Owners: []string{"v2"}}, create())
	testkit.WantReason(t, err, errs.KindForbidden, errs.ReasonForaDoEscopo)
}

func testList(t *testing.T, st *store.Store) {
	c := declare(t, st)
	ctx := ctxOf("adm")
	sc := store.Company("e1")
	var ps []*Pedido
	for i := 0; i < 30; i++ {
		v := []string{"v1", "v2", "v3"}[i%3]
		status := []string{"aberto", "enviado"}[i%2]
		p := NewPedido(uid("p"), fmt.Sprintf("N%03d", i), v, fmt.Sprintf("c%d", i%4), status, t0.Add(time.Duration(i)*time.Hour))
		if i == 7 {
			p.Descricao = "Entrega em São José dos Pinhais"
		}
		ps = append(ps, p)
	}
	if err := c.CreateMany(ctx, sc, ps); err != nil {
		t.Fatal(err)
	}
	// Another company's records never show.
	if err := c.CreateMany(ctx, store.Company("e2"), []*Pedido{NewPedido(uid("p"), "X1", "v1", "c1", "aberto", t0)}); err != nil {
		t.Fatal(err)
	}
	page, err := c.List(ctx, store.Scope{Empresa: "e1", Owners: []string{"v1"}}, store.Query{PageSize: 4,
		Where: []store.Cond{store.Gte("data", t0.Add(3*time.Hour)), store.Lt("data", t0.Add(22*time.Hour))}})
	if err != nil {
		t.Fatal(err)
	}
	// v1 has i = 0,3,...,27; in [3h,22h): 3,6,9,12,15,18,21 → newest first.
	var got []string
	for _, p := range page.Items {
		got = append(got, p.Numero)
	}
	if strings.Join(got, ",") != "N021,N018,N015,N012" || page.Next == "" {
		t.Fatalf("seller page by date: %v next=%q", got, page.Next)
	}
	page, err = c.List(ctx, store.Scope{Empresa: "e1", Owners: []string{"v1"}}, store.Query{PageSize: 4, PageToken: page.Next,
		Where: []store.Cond{store.Gte("data", t0.Add(3*time.Hour)), store.Lt("data", t0.Add(22*time.Hour))}})
	if err != nil || len(page.Items) != 3 || page.Items[0].Numero != "N009" || page.Next != "" {
		t.Fatalf("second page: %v %d next=%q", err, len(page.Items), page.Next)
	}
	in, err := c.List(ctx, sc, store.Query{Where: []store.Cond{store.In("cliente", []string{"c1", "c2"}), store.Eq("status", "aberto")}})
	if err != nil || len(in.Items) != 7 { // even i with i%4 in {1,2}: i%4==2 → 2,6,10,14,18,22,26
		t.Fatalf("in+eq: %v %d", err, len(in.Items))
	}
	s, err := c.List(ctx, sc, store.Query{Search: "sao JOSÉ pinhais"})
	if err != nil || len(s.Items) != 1 || s.Items[0].Numero != "N007" {
		t.Fatalf("search: %v %v", err, s)
	}
	if _, err := c.List(ctx, sc, store.Query{Search: strings.Repeat("a", 101)}); !errs.IsKind(err, errs.KindInvalid) {
		t.Fatalf("long search: %v", err)
	}
	if _, err := c.List(ctx, sc, store.Query{PageToken: "lixo"}); !errs.IsKind(err, errs.KindInvalid) {
		t.Fatalf("bad token: %v", err)
	}
	big, _ := c.List(ctx, sc, store.Query{PageSize: 1000})
	if len(big.Items) != 30 {
		t.Fatalf("page size cap: %d", len(big.Items))
	}
	gs, err := c.Count(ctx, sc, store.Query{}, "vendedor", "status")
	if err != nil || len(gs) != 6 {
		t.Fatalf("count by vendedor,status: %v %v", err, gs)
	}
	for _, g := range gs {
		if g.N != 5 {
			t.Fatalf("group %v = %d, want 5", g.Keys, g.N)
		}
	}
	n, err := c.Count(ctx, store.Scope{Empresa: "e1", Owners: []string{"v2", "v3"}}, store.Query{Where: []store.Cond{store.Eq("status", "enviado")}})
	if err != nil || len(n) != 1 || n[0].N != 10 {
		t.Fatalf("scoped count: %v %v", err, n)
	}
	if _, err := c.Delete(ctx, sc, ps[0].ID, 0); err != nil {
		t.Fatal(err)
	}
	all, _ := c.All(ctx, sc, store.Query{})
	withDel, _ := c.All(ctx, sc, store.Query{WithDeleted: true})
	if len(all) != 29 || len(withDel) != 30 {
		t.Fatalf("tombstones: %d / %d", len(all), len(withDel))
	}
}

func testKeysetStable(t *testing.T, st *store.Store) {
	c := declare(t, st)
	ctx := ctxOf("adm")
	sc := store.Company("e1")
	var ps []*Pedido
	for i := 0; i < 120; i++ {
		// Ties on the sort field, broken by id.
		ps = append(ps, NewPedido(fmt.Sprintf("k%04d", i), uid("n"), "v1", "c1", "aberto", t0.Add(time.Duration(i/3)*time.Minute)))
	}
	if err := c.CreateMany(ctx, sc, ps); err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	tok := ""
	added := 0
	for {
		p, err := c.List(ctx, sc, store.Query{PageSize: 7, PageToken: tok})
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range p.Items {
			seen[x.ID]++
		}
		// Inserts between pages, before and after the position, with the same sort values.
		for j := 0; j < 3; j++ {
			added++
			d := t0.Add(time.Duration(rand.IntN(40)) * time.Minute)
			if _, _, err := c.Create(ctx, sc, NewPedido(fmt.Sprintf("z%04d", added), uid("n"), "v1", "c1", "aberto", d)); err != nil {
				t.Fatal(err)
			}
		}
		if p.Next == "" {
			break
		}
		tok = p.Next
	}
	for _, x := range ps {
		if seen[x.ID] != 1 {
			t.Fatalf("%s seen %d times", x.ID, seen[x.ID])
		}
	}
	for id, n := range seen {
		if n != 1 {
			t.Fatalf("%s seen %d times", id, n)
		}
	}
}

func testCounters(t *testing.T, st *store.Store) {
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := st.Incr(context.Background(), "metas", "e1", "v1-2026-11", map[string]int64{"pedidos": 1, "valor_centavos": 1050}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	v, err := st.Counters(context.Background(), "metas", "e1", "v1-2026-11")
	if err != nil || v["pedidos"] != 20 || v["valor_centavos"] != 21000 {
		t.Fatalf("counters: %v %v", err, v)
	}
	if v, _ := st.Counters(context.Background(), "metas", "e2", "v1-2026-11"); len(v) != 0 {
		t.Fatalf("another company's counters: %v", v)
	}
	// Every document of a name in the company, and only those (ids with the separator and
	// regular-expression characters too).
	for _, x := range []struct{ name, empresa, id string }{{"metas", "e1", "v2|2026.11"}, {"metas", "e1x", "v1"},
		{"metasx", "e1", "v1"}, {"metas", "e2", "v1"}} {
		if _, err := st.Incr(context.Background(), x.name, x.empresa, x.id, map[string]int64{"pedidos": 2}); err != nil {
			t.Fatal(err)
		}
	}
	all, err := st.AllCounters(context.Background(), "metas", "e1")
	want := map[string]map[string]int64{"v1-2026-11": {"pedidos": 20, "valor_centavos": 21000}, "v2|2026.11": {"pedidos": 2}}
	if err != nil || !reflect.DeepEqual(all, want) {
		t.Fatalf("AllCounters: %v %v", err, all)
	}
}

// device is a copy kept by syncing the feed.
type device struct {
	cursor string
	docs   map[string]*Pedido
	// total is what the first page of its first copy said the copy was heading for.
	total int64
}

func (d *device) sync(t *testing.T, c *store.Collection[Pedido], sc store.Scope) {
	for {
		primeira := d.cursor == ""
		ch, err := c.Changes(context.Background(), sc, d.cursor, 50)
		if err != nil {
			t.Fatal(err)
		}
		if primeira {
			d.total = ch.Total
		} else if ch.Total != 0 {
			t.Fatalf("a later page counts again: total %d", ch.Total)
		}
		for _, it := range ch.Items {
			if it.Removido {
				delete(d.docs, it.ID)
			} else {
				d.docs[it.ID] = it.Doc
			}
		}
		d.cursor = ch.Cursor
		if !ch.Mais {
			return
		}
	}
}

func testFeedScope(t *testing.T, st *store.Store) {
	c := declare(t, st)
	ctx := ctxOf("adm")
	sc := store.Company("e1")
	a := &device{docs: map[string]*Pedido{}}
	b := &device{docs: map[string]*Pedido{}}
	adm := &device{docs: map[string]*Pedido{}}
	scA := store.Scope{Empresa: "e1", Owners: []string{"va"}}
	scB := store.Scope{Empresa: "e1", Owners: []string{"vb"}}
	var ids []string
	for i := 0; i < 60; i++ {
		v := []string{"va", "vb"}[i%2]
		p, _, err := c.Create(ctx, sc, NewPedido(uid("p"), uid("n"), v, "c1", "aberto", t0))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, p.ID)
	}
	_, _, _ = c.Create(ctx, store.Company("e2"), NewPedido(uid("p"), uid("n"), "va", "c1", "aberto", t0))
	a.sync(t, c, scA)
	b.sync(t, c, scB)
	adm.sync(t, c, sc)
	if len(a.docs) != 30 || len(b.docs) != 30 || len(adm.docs) != 60 {
		t.Fatalf("snapshot: a=%d b=%d adm=%d", len(a.docs), len(b.docs), len(adm.docs))
	}
	// The first page said how many records each first copy was heading for (its scope's).
	if a.total != 30 || b.total != 30 || adm.total != 60 {
		t.Fatalf("first-copy totals: a=%d b=%d adm=%d", a.total, b.total, adm.total)
	}
	// Move one of va's to vb, delete one of vb's, edit one of va's.
	if _, err := c.Update(ctx, sc, ids[0], 0, func(p *Pedido) error { p.Vendedor = "vb"; return nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Delete(ctx, sc, ids[1], 0); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Update(ctx, sc, ids[2], 0, func(p *Pedido) error { p.Status = "enviado"; return nil }); err != nil {
		t.Fatal(err)
	}
	a.sync(t, c, scA)
	b.sync(t, c, scB)
	adm.sync(t, c, sc)
	if _, ok := a.docs[ids[0]]; ok || b.docs[ids[0]] == nil || a.docs[ids[2]].Status != "enviado" {
		t.Fatalf("move/edit not synced: a has moved=%v, b has moved=%v", ok, b.docs[ids[0]] != nil)
	}
	if _, ok := b.docs[ids[1]]; ok || len(adm.docs) != 59 || len(a.docs) != 29 || len(b.docs) != 30 {
		t.Fatalf("delete not synced: a=%d b=%d adm=%d", len(a.docs), len(b.docs), len(adm.docs))
	}
	// Nothing new: an empty page and the same position.
	ch, err := c.Changes(context.Background(), scA, a.cursor, 50)
	if err != nil || len(ch.Items) != 0 || ch.Mais {
		t.Fatalf("idle feed: %v %+v", err, ch)
	}
	if _, err := c.Changes(context.Background(), scA, "lixo", 50); !errs.IsKind(err, errs.KindInvalid) {
		t.Fatalf("bad cursor: %v", err)
	}
}

// A new copy that starts with part of the records (the recent ones): the snapshot lists only the
// matching records, page after page; the log then brings any later change in scope.
func testFeedSnapshotWhere(t *testing.T, st *store.Store) {
	c := declare(t, st)
	ctx := ctxOf("adm")
	sc := store.Company("e1")
	var velhos []string
	for i := 0; i < 120; i++ {
		status := []string{"aberto", "enviado"}[i%2]
		p, _, err := c.Create(ctx, sc, NewPedido(uid("p"), uid("n"), "va", "c1", status, t0))
		if err != nil {
			t.Fatal(err)
		}
		if status == "aberto" {
			velhos = append(velhos, p.ID)
		}
	}
	d := &device{docs: map[string]*Pedido{}}
	sync := func() {
		for {
			ch, err := c.Changes(context.Background(), sc, d.cursor, 50, store.SnapshotWhere(store.Eq("status", "enviado")))
			if err != nil {
				t.Fatal(err)
			}
			if d.cursor == "" {
				d.total = ch.Total
			}
			for _, it := range ch.Items {
				d.docs[it.ID] = it.Doc
			}
			d.cursor = ch.Cursor
			if !ch.Mais {
				return
			}
		}
	}
	sync()
	if d.total != 60 {
		t.Fatalf("a partial first copy heads for its matching records: total %d, want 60", d.total)
	}
	if len(d.docs) != 60 {
		t.Fatalf("snapshot filtrado: %d registros", len(d.docs))
	}
	for _, p := range d.docs {
		if p.Status != "enviado" {
			t.Fatalf("snapshot trouxe %+v", p)
		}
	}
	if _, err := c.Update(ctx, sc, velhos[0], 0, func(p *Pedido) error { p.Cliente = "c2"; return nil }); err != nil {
		t.Fatal(err)
	}
	sync()
	if len(d.docs) != 61 || d.docs[velhos[0]] == nil || d.docs[velhos[0]].Cliente != "c2" {
		t.Fatalf("mudança depois do snapshot: %d registros", len(d.docs))
	}
}

func testFeedConcurrent(t *testing.T, st *store.Store) {
	c := declare(t, st)
	st.SetGapTimeout(300 * time.Millisecond)
	sc := store.Company("e1")
	// Every 7th write of a record named "slow…" stalls after taking its position.
	st.SetSlowWriter(func(id string) {
		if strings.HasPrefix(id, "slow") {
			time.Sleep(700 * time.Millisecond)
		}
	})
	defer st.SetSlowWriter(nil)
	const writers, perWriter = 4, 25
	var ids sync.Map
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < perWriter; i++ {
				prefix := "p"
				if w == 0 && i%7 == 3 {
					prefix = "slow"
				}
				id := uid(prefix)
				v := []string{"va", "vb"}[i%2]
				if _, _, err := c.Create(ctxOf("adm"), sc, NewPedido(id, uid("n"), v, "c1", "aberto", t0)); err != nil {
					t.Error(err)
					return
				}
				ids.Store(id, true)
				if i%3 == 0 { // and an edit, moving it to the other seller
					if _, err := c.Update(ctxOf("adm"), sc, id, 0, func(p *Pedido) error {
						p.Status = "enviado"
						p.Vendedor = map[string]string{"va": "vb", "vb": "va"}[p.Vendedor]
						return nil
					}); err != nil {
						t.Error(err)
						return
					}
				}
			}
		}()
	}
	devs := []*device{{docs: map[string]*Pedido{}}, {docs: map[string]*Pedido{}}, {docs: map[string]*Pedido{}}}
	scopes := []store.Scope{sc, {Empresa: "e1", Owners: []string{"va"}}, {Empresa: "e1", Owners: []string{"vb"}}}
	var rwg sync.WaitGroup
	for i, d := range devs {
		rwg.Add(1)
		go func() {
			defer rwg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				d.sync(t, c, scopes[i])
				time.Sleep(time.Duration(rand.IntN(15)) * time.Millisecond)
			}
		}()
	}
	wg.Wait()
	close(stop)
	rwg.Wait()
	// The writes are done: one more sync must converge each device to the truth.
	for i, d := range devs {
		d.sync(t, c, scopes[i])
		truth, err := c.All(context.Background(), scopes[i], store.Query{})
		if err != nil {
			t.Fatal(err)
		}
		var missing, stale []string
		for _, p := range truth {
			got, ok := d.docs[p.ID]
			if !ok {
				missing = append(missing, p.ID)
			} else if got.Versao != p.Versao || got.Vendedor != p.Vendedor {
				stale = append(stale, p.ID)
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 || len(stale) > 0 || len(d.docs) != len(truth) {
			t.Fatalf("device %d: %d records, truth %d; missing %v; stale %v", i, len(d.docs), len(truth), missing, stale)
		}
	}
	n := 0
	ids.Range(func(_, _ any) bool { n++; return true })
	if n != writers*perWriter {
		t.Fatalf("%d writes, want %d", n, writers*perWriter)
	}
}

func testUpdateMany(t *testing.T, st *store.Store) {
	c := declare(t, st)
	ctx := ctxOf("adm")
	sc := store.Company("e1")
	st.SetUpdateBatch(25) // several batches, few records (FerretDB scans on every write)
	var ids []string
	var ps []*Pedido
	for i := 0; i < 110; i++ {
		p := NewPedido(uid("p"), uid("n"), []string{"va", "vb"}[i%2], "c1", "aberto", t0)
		ps, ids = append(ps, p), append(ids, p.ID)
	}
	if err := c.CreateMany(ctx, sc, ps); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Delete(ctx, sc, ids[7], 0); err != nil {
		t.Fatal(err)
	}
	// A seller's scope: one record of another seller refuses the whole call, nothing written.
	_, err := c.UpdateMany(ctx, store.Scope{Empresa: "e1", Owners: []string{"va"}}, ids[:4], func(p *Pedido) error { p.Status = "x"; return nil })
	testkit.WantReason(t, err, errs.KindForbidden, errs.ReasonForaDoEscopo)
	if p, _ := c.Get(ctx, sc, ids[0]); p.Status != "aberto" || p.Versao != 1 {
		t.Fatalf("a refused UpdateMany wrote: %+v", p.Meta)
	}
	// Concurrent single updates on the same records lose nothing: UpdateMany's batch is applied
	// again on the current records when another write lands in between.
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 20; i++ {
			if _, err := c.Update(ctx, sc, ids[i*5], 0, func(p *Pedido) error { p.TotalCents++; return nil }); err != nil {
				t.Error(err)
			}
		}
	}()
	changed, err := c.UpdateMany(ctx, sc, append([]string{"nao-existe"}, ids...), func(p *Pedido) error { p.Status = "enviado"; return nil })
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if len(changed) != 109 { // the tombstone and the missing id are skipped
		t.Fatalf("UpdateMany changed %d, want 109", len(changed))
	}
	all, err := c.All(ctx, sc, store.Query{})
	if err != nil {
		t.Fatal(err)
	}
	base := NewPedido("x", "x", "va", "c1", "aberto", t0).TotalCents
	for _, p := range all {
		want := base
		for i := 0; i < 20; i++ {
			if p.ID == ids[i*5] {
				want++
			}
		}
		if p.Status != "enviado" || p.TotalCents != want {
			t.Fatalf("%s: status %q total %d (want %d): an update was lost", p.ID, p.Status, p.TotalCents, want)
		}
	}
	// Nothing to change writes nothing.
	again, err := c.UpdateMany(ctx, sc, ids[:10], func(p *Pedido) error { p.Status = "enviado"; return nil })
	if err != nil || len(again) != 0 {
		t.Fatalf("no-op UpdateMany: %v %d", err, len(again))
	}
}

// testFieldDeclaredLater: a field added to a spec after records were stored is computed for
// them when the collection is declared again (the next start), so filters on it are right.
func testFieldDeclaredLater(t *testing.T, st *store.Store) {
	ctx := ctxOf("adm")
	sc := store.Company("e1")
	old := PedidoSpec
	old.Fields = old.Fields[:4] // without "total"
	c, err := store.Declare(context.Background(), st, old)
	if err != nil {
		t.Fatal(err)
	}
	cheap := NewPedido(uid("p"), uid("n"), "va", "c1", "aberto", t0)
	cheap.TotalCents = 100
	if err := c.CreateMany(ctx, sc, []*Pedido{cheap, NewPedido(uid("p"), uid("n"), "va", "c1", "aberto", t0)}); err != nil {
		t.Fatal(err)
	}
	c2, err := store.Declare(context.Background(), st, PedidoSpec)
	if err != nil {
		t.Fatal(err)
	}
	p, err := c2.List(ctx, sc, store.Query{Where: []store.Cond{store.Lt("total", 1000)}})
	if err != nil || len(p.Items) != 1 || p.Items[0].ID != cheap.ID {
		t.Fatalf("the new field was not computed for the stored records: %v %+v", err, p)
	}
}
