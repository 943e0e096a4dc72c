package storetest

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"testing"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// Figura is the suite's read-model row: a seller's figures of a month.
type Figura struct {
	store.Meta `bson:",inline"`
	Vendedor   string `bson:"vendedor"`
	Mes        string `bson:"mes"`
	Pedidos    int64  `bson:"pedidos"`
	Valor      int64  `bson:"valor"`
	Clientes   int64  `bson:"clientes"`
}

// FiguraSpec: keyed by seller and month, owned by the seller.
var FiguraSpec = store.ReadModelSpec[Figura]{
	Name:       "figuras",
	OutOfScope: "Acesso negado: números de outro vendedor.",
	Keys: []store.Key[Figura]{
		{Name: "vendedor", Get: func(f *Figura) string { return f.Vendedor }},
		{Name: "mes", Get: func(f *Figura) string { return f.Mes }},
	},
	Owner: "vendedor",
	Counters: []store.Counter[Figura]{
		{Name: "pedidos", Ptr: func(f *Figura) *int64 { return &f.Pedidos }},
		{Name: "valor", Ptr: func(f *Figura) *int64 { return &f.Valor }},
		{Name: "clientes", Ptr: func(f *Figura) *int64 { return &f.Clientes }},
	},
}

// Presenca counts a customer's orders of a seller's month; its owner is a field outside the key.
type Presenca struct {
	store.Meta `bson:",inline"`
	Cliente    string `bson:"cliente"`
	Mes        string `bson:"mes"`
	Vendedor   string `bson:"vendedor"`
	N          int64  `bson:"n"`
}

// PresencaSpec: keyed by customer and month; the seller of the latest increment owns it.
var PresencaSpec = store.ReadModelSpec[Presenca]{
	Name: "presencas",
	Keys: []store.Key[Presenca]{
		{Name: "cliente", Get: func(p *Presenca) string { return p.Cliente }},
		{Name: "mes", Get: func(p *Presenca) string { return p.Mes }},
	},
	Owner:    "vendedor",
	Fields:   []store.Field[Presenca]{{Name: "vendedor", Value: func(p *Presenca) any { return p.Vendedor }}},
	Counters: []store.Counter[Presenca]{{Name: "n", Ptr: func(p *Presenca) *int64 { return &p.N }}},
}

func declareRM[T any](t *testing.T, st *store.Store, spec store.ReadModelSpec[T]) *store.ReadModel[T] {
	t.Helper()
	rm, err := store.DeclareReadModel(context.Background(), st, spec)
	if err != nil {
		t.Fatal(err)
	}
	return rm
}

func figura(v, mes string, pedidos, valor int64) *Figura {
	return &Figura{Vendedor: v, Mes: mes, Pedidos: pedidos, Valor: valor}
}

// presenca is the increment of a customer's presence by d, followed by the seller's distinct
// count when the presence leaves or reaches zero.
func presenca(fig *store.ReadModel[Figura], pres *store.ReadModel[Presenca], empresa, cliente, v, mes string, d int64) *store.Inc {
	return pres.AddThen(empresa, &Presenca{Cliente: cliente, Mes: mes, Vendedor: v, N: d}, func(row *Presenca) []*store.Inc {
		switch antes := row.N - d; {
		case antes <= 0 && row.N > 0:
			return []*store.Inc{fig.Add(empresa, &Figura{Vendedor: v, Mes: mes, Clientes: 1})}
		case antes > 0 && row.N <= 0:
			return []*store.Inc{fig.Add(empresa, &Figura{Vendedor: v, Mes: mes, Clientes: -1})}
		}
		return nil
	})
}

// testReadModel: increments are atomic (concurrent ones on one row all count, a presence moves
// its distinct count once), rows are read one by one and in keyset pages in the role scope
// (a row never incremented reads as zeros, another seller's is refused even then), another
// company's rows are apart, and the change feed brings a seller's rows, and only theirs, with
// each later change.
func testReadModel(t *testing.T, st *store.Store) {
	ctx := ctxOf("adm")
	fig := declareRM(t, st, FiguraSpec)
	pres := declareRM(t, st, PresencaSpec)
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := st.Apply(ctx, fig.Add("e1", figura("v1", "2026-11", 1, 1050)), presenca(fig, pres, "e1", "c1", "v1", "2026-11", 1)); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	v1 := store.Scope{Empresa: "e1", Owners: []string{"v1"}}
	got, err := fig.Get(ctx, v1, &Figura{Vendedor: "v1", Mes: "2026-11"})
	if err != nil || got.Pedidos != 20 || got.Valor != 21000 || got.Clientes != 1 || got.Versao < 21 {
		t.Fatalf("20 concurrent increments and presences: %v %+v", err, got)
	}
	if p, err := pres.Get(ctx, v1, &Presenca{Cliente: "c1", Mes: "2026-11"}); err != nil || p.N != 20 || p.Vendedor != "v1" {
		t.Fatalf("presence: %v %+v", err, p)
	}
	// Presences leaving: the distinct count moves back once, at zero.
	for i := 0; i < 20; i++ {
		if err := st.Apply(ctx, presenca(fig, pres, "e1", "c1", "v1", "2026-11", -1)); err != nil {
			t.Fatal(err)
		}
		got, _ = fig.Get(ctx, v1, &Figura{Vendedor: "v1", Mes: "2026-11"})
		if want := int64(1); i == 19 {
			want = 0
			if got.Clientes != want {
				t.Fatalf("presence back to 0: clientes %d", got.Clientes)
			}
		} else if got.Clientes != want {
			t.Fatalf("presence %d: clientes %d", 19-i, got.Clientes)
		}
	}
	// Never incremented: zeros, in scope only.
	if z, err := fig.Get(ctx, v1, &Figura{Vendedor: "v1", Mes: "2020-01"}); err != nil || z.Pedidos != 0 || z.ID != "e1|v1|2020-01" {
		t.Fatalf("zero row: %v %+v", err, z)
	}
	_, err = fig.Get(ctx, v1, &Figura{Vendedor: "v2", Mes: "2020-01"})
	testkit.WantReason(t, err, errs.KindForbidden, errs.ReasonForaDoEscopo)
	// Ids escape the separator; other sellers, months and companies.
	if err := st.Apply(ctx, fig.Add("e1", figura("v2", "2026-11", 1, 5)), fig.Add("e1", figura("v|3", "2026-10", 2, 7)),
		fig.Add("e1", figura("v1", "2026-10", 1, 1)), fig.Add("e2", figura("v1", "2026-11", 9, 9))); err != nil {
		t.Fatal(err)
	}
	_, err = fig.Get(ctx, v1, &Figura{Vendedor: "v2", Mes: "2026-11"})
	testkit.WantReason(t, err, errs.KindForbidden, errs.ReasonForaDoEscopo)
	if g, err := fig.Get(ctx, store.Company("e1"), &Figura{Vendedor: "v|3", Mes: "2026-10"}); err != nil || g.ID != "e1|v%7C3|2026-10" || g.Pedidos != 2 {
		t.Fatalf("escaped id: %v %+v", err, g)
	}
	if g, _ := fig.Get(ctx, store.Company("e2"), &Figura{Vendedor: "v1", Mes: "2026-11"}); g.Pedidos != 9 {
		t.Fatalf("another company: %+v", g)
	}
	// Keyset pages in scope.
	ids := func(sc store.Scope, q store.Query) []string {
		t.Helper()
		var out []string
		q.PageSize = 2
		for {
			p, err := fig.List(ctx, sc, q)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range p.Items {
				out = append(out, f.ID)
			}
			if p.Next == "" {
				return out
			}
			q.PageToken = p.Next
		}
	}
	if got := ids(store.Company("e1"), store.Query{}); fmt.Sprint(got) != "[e1|v1|2026-10 e1|v1|2026-11 e1|v2|2026-11 e1|v%7C3|2026-10]" {
		t.Fatalf("ADMIN's rows: %v", got)
	}
	if got := ids(v1, store.Query{}); fmt.Sprint(got) != "[e1|v1|2026-10 e1|v1|2026-11]" {
		t.Fatalf("v1's rows: %v", got)
	}
	if got := ids(store.Scope{Empresa: "e1", Owners: []string{"v1", "v2"}}, store.Query{Where: []store.Cond{store.Eq("mes", "2026-11")}}); fmt.Sprint(got) != "[e1|v1|2026-11 e1|v2|2026-11]" {
		t.Fatalf("a team's month: %v", got)
	}
	// The feed: v1's device gets v1's rows, then each later change of them, never another's.
	type copia struct {
		cursor string
		rows   map[string]Figura
	}
	sync1 := func(d *copia, sc store.Scope) {
		t.Helper()
		for {
			ch, err := fig.Changes(ctx, sc, d.cursor, 2)
			if err != nil {
				t.Fatal(err)
			}
			for _, it := range ch.Items {
				if it.Removido {
					delete(d.rows, it.ID)
				} else {
					d.rows[it.ID] = *it.Doc
				}
			}
			d.cursor = ch.Cursor
			if !ch.Mais {
				return
			}
		}
	}
	dev := &copia{rows: map[string]Figura{}}
	sync1(dev, v1)
	keys := func(m map[string]Figura) []string {
		var out []string
		for k := range m {
			out = append(out, k)
		}
		sort.Strings(out)
		return out
	}
	if fmt.Sprint(keys(dev.rows)) != "[e1|v1|2026-10 e1|v1|2026-11]" || dev.rows["e1|v1|2026-11"].Pedidos != 20 {
		t.Fatalf("first sync: %v", dev.rows)
	}
	if err := st.Apply(ctx, fig.Add("e1", figura("v1", "2026-11", 1, 100)), fig.Add("e1", figura("v2", "2026-11", 1, 100)),
		fig.Add("e1", figura("v1", "2026-12", 1, 3))); err != nil {
		t.Fatal(err)
	}
	sync1(dev, v1)
	if fmt.Sprint(keys(dev.rows)) != "[e1|v1|2026-10 e1|v1|2026-11 e1|v1|2026-12]" || dev.rows["e1|v1|2026-11"].Pedidos != 21 || dev.rows["e1|v1|2026-11"].Valor != 21100 {
		t.Fatalf("second sync: %v", dev.rows)
	}
	// A row whose owner moves leaves its former owner's copy.
	pdev := &struct{ ids map[string]bool }{ids: map[string]bool{}}
	psync := func(cursor string) string {
		for {
			ch, err := pres.Changes(ctx, v1, cursor, 50)
			if err != nil {
				t.Fatal(err)
			}
			for _, it := range ch.Items {
				if it.Removido {
					delete(pdev.ids, it.ID)
				} else {
					pdev.ids[it.ID] = true
				}
			}
			cursor = ch.Cursor
			if !ch.Mais {
				return cursor
			}
		}
	}
	if err := st.Apply(ctx, pres.Add("e1", &Presenca{Cliente: "c2", Mes: "2026-11", Vendedor: "v1", N: 1})); err != nil {
		t.Fatal(err)
	}
	cur := psync("")
	if !pdev.ids["e1|c2|2026-11"] {
		t.Fatalf("presence feed: %v", pdev.ids)
	}
	if err := st.Apply(ctx, pres.Add("e1", &Presenca{Cliente: "c2", Mes: "2026-11", Vendedor: "v2", N: 1})); err != nil {
		t.Fatal(err)
	}
	psync(cur)
	if pdev.ids["e1|c2|2026-11"] {
		t.Fatalf("a row now v2's stayed on v1's copy: %v", pdev.ids)
	}
	if p, _ := pres.Get(ctx, store.Company("e1"), &Presenca{Cliente: "c2", Mes: "2026-11"}); p.N != 2 || p.Vendedor != "v2" {
		t.Fatalf("presence moved: %+v", p)
	}
}

// testReadModelSameWrite: a record's write carries its read-model increments. They follow the
// change the write really makes (a replayed create, an update that changes nothing: none), and
// the two are never apart for a caller that goes away between them: on SQLite the transaction
// is rolled back whole (neither written), on MongoDB the increments are applied whatever the
// caller's context (both written).
func testReadModelSameWrite(t *testing.T, st *store.Store) {
	c := declare(t, st)
	fig := declareRM(t, st, FiguraSpec)
	ctx := ctxOf("v1")
	sc := store.Scope{Empresa: "e1", Owners: []string{"v1"}}
	var last []*store.Inc
	along := func(antes, depois *Pedido) []*store.Inc {
		var out []*store.Inc
		for _, x := range []struct {
			p *Pedido
			s int64
		}{{antes, -1}, {depois, 1}} {
			if x.p != nil && x.p.Status == "enviado" {
				out = append(out, fig.Add("e1", figura(x.p.Vendedor, x.p.Data.Format("2006-01"), x.s, x.s*x.p.TotalCents)))
			}
		}
		last = out
		return out
	}
	figs := func() *Figura {
		t.Helper()
		f, err := fig.Get(ctx, sc, &Figura{Vendedor: "v1", Mes: "2026-11"})
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	p := NewPedido(uid("p"), uid("n"), "v1", "c1", "enviado", t0)
	if _, created, err := c.CreateWith(ctx, sc, p, along); err != nil || !created {
		t.Fatalf("create: %v %v", created, err)
	}
	if f := figs(); f.Pedidos != 1 || f.Valor != p.TotalCents {
		t.Fatalf("after create: %+v", f)
	}
	if es, err := c.Companies(ctx); err != nil || fmt.Sprint(es) != "[e1]" {
		t.Fatalf("companies with records: %v %v", es, err)
	}
	if r := fig.Row(last[0]); r == nil || r.Pedidos != 1 {
		t.Fatalf("the row an increment left: %+v", r)
	}
	// A replay writes nothing.
	if _, created, err := c.CreateWith(ctx, sc, NewPedido(p.ID, p.Numero, "v1", "c1", "enviado", t0), along); err != nil || created {
		t.Fatalf("replay: %v %v", created, err)
	}
	if f := figs(); f.Pedidos != 1 {
		t.Fatalf("a replay counted again: %+v", f)
	}
	// An update: the change from before to after; one that changes nothing carries nothing.
	if _, err := c.UpdateWith(ctx, sc, p.ID, 0, func(x *Pedido) error { x.Status = "cancelado"; return nil }, along); err != nil {
		t.Fatal(err)
	}
	if f := figs(); f.Pedidos != 0 || f.Valor != 0 {
		t.Fatalf("after cancel: %+v", f)
	}
	if _, err := c.UpdateWith(ctx, sc, p.ID, 0, func(x *Pedido) error { x.Status = "enviado"; return nil }, along); err != nil {
		t.Fatal(err)
	}
	if _, err := c.UpdateWith(ctx, sc, p.ID, 0, func(x *Pedido) error { return nil }, func(antes, depois *Pedido) []*store.Inc {
		t.Error("a write of nothing asked for its increments")
		return along(antes, depois)
	}); err != nil {
		t.Fatal(err)
	}
	if f := figs(); f.Pedidos != 1 || f.Valor != p.TotalCents {
		t.Fatalf("sent again: %+v", f)
	}
	// Concurrent updates of several orders of one row: every change counted once.
	var ps []*Pedido
	for i := 0; i < 8; i++ {
		q := NewPedido(uid("p"), uid("n"), "v1", "c1", "aberto", t0)
		if _, _, err := c.CreateWith(ctx, sc, q, along); err != nil {
			t.Fatal(err)
		}
		ps = append(ps, q)
	}
	var wg sync.WaitGroup
	for _, q := range ps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := c.UpdateWith(ctx, sc, q.ID, 0, func(x *Pedido) error { x.Status = "enviado"; return nil }, func(antes, depois *Pedido) []*store.Inc {
				if depois.Status != "enviado" || antes.Status != "aberto" {
					return nil
				}
				return []*store.Inc{fig.Add("e1", figura("v1", "2026-11", 1, depois.TotalCents))}
			}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if f := figs(); f.Pedidos != 9 || f.Valor != 9*p.TotalCents {
		t.Fatalf("8 concurrent sends: %+v", f)
	}
	// The caller goes away between the record and its increments.
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	st.SetBetweenWrites(func(string) { cancel() })
	defer st.SetBetweenWrites(nil)
	q := NewPedido(uid("p"), uid("n"), "v1", "c1", "enviado", t0)
	_, _, err := c.CreateWith(cctx, sc, q, along)
	st.SetBetweenWrites(nil)
	_, gerr := c.Get(ctx, sc, q.ID)
	f := figs()
	switch st.Kind() {
	case "sqlite":
		if err == nil || gerr == nil || f.Pedidos != 9 {
			t.Fatalf("SQLite: the transaction must be rolled back whole: create %v, order %v, figures %+v", err, gerr, f)
		}
	default:
		if err != nil || gerr != nil || f.Pedidos != 10 {
			t.Fatalf("MongoDB: the increments must follow the written record: create %v, order %v, figures %+v", err, gerr, f)
		}
	}
}
