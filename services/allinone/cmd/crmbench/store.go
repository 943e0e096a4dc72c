package main

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/store/storetest"
)

// benchStore measures the store on its SQLite default with order-sized documents (about 3 KB,
// 10 items) in one company, at 10,000 and 500,000 documents: the insert rate and p50/p99 of the
// operations orders, goals and devices will use, each beside the same query written as raw SQL
// on the same file in the same run (the floor: the least any code could do for that answer,
// decoding included).
func benchStore(sizes []int) error {
	fmt.Printf("\n== Store (SQLite embutido), pedidos de ~3 KB com 10 itens, uma empresa; cada linha ao lado do SQL puro no mesmo arquivo\n")
	for _, n := range sizes {
		if _, err := benchStoreSize(n); err != nil {
			return err
		}
	}
	return nil
}

const (
	benchEmpresa   = "bench"
	benchSellers   = 10
	benchNClientes = 5000
	benchRounds    = 400
)

var benchStart = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)

func benchStoreSize(n int) (bool, error) {
	dir, err := os.MkdirTemp("", "crmbench-store-*")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(dir)
	ctx := context.Background()
	path := filepath.Join(dir, store.SQLiteFile)
	st, err := store.OpenSQLite(ctx, path)
	if err != nil {
		return false, err
	}
	defer st.Close()
	col, err := store.Declare(ctx, st, storetest.PedidoSpec)
	if err != nil {
		return false, err
	}
	sc := store.Company(benchEmpresa)
	r := rand.New(rand.NewPCG(7, uint64(n)))
	statuses := []string{"orcamento", "enviado", "em_separacao", "faturado", "entregue", "cancelado"}
	span := 2 * 365 * 24 * time.Hour
	started := time.Now()
	const batch = 2000
	for i := 0; i < n; i += batch {
		var ps []*storetest.Pedido
		for j := i; j < min(i+batch, n); j++ {
			d := benchStart.Add(time.Duration(r.Int64N(int64(span))))
			ps = append(ps, storetest.NewPedido(fmt.Sprintf("p%07d", j), fmt.Sprintf("N%07d", j), fmt.Sprintf("v%02d", j%benchSellers),
				fmt.Sprintf("c%05d", r.IntN(benchNClientes)), statuses[r.IntN(len(statuses))], d))
		}
		if err := col.CreateMany(ctx, sc, ps); err != nil {
			return false, err
		}
	}
	insertRate := float64(n) / time.Since(started).Seconds()

	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=synchronous(FULL)&_txlock=immediate")
	if err != nil {
		return false, err
	}
	defer raw.Close()
	raw.SetMaxOpenConns(1)
	decode := func(rows *sql.Rows) (int, error) {
		k := 0
		for rows.Next() {
			var b []byte
			if err := rows.Scan(&b); err != nil {
				return 0, err
			}
			var p storetest.Pedido
			if err := bson.Unmarshal(b, &p); err != nil {
				return 0, err
			}
			k++
		}
		return k, rows.Err()
	}
	seller := store.Scope{Empresa: benchEmpresa, Owners: []string{"v03"}}
	from, to := benchStart.Add(300*24*time.Hour), benchStart.Add(330*24*time.Hour)
	// A feed position 200 writes before the end, for a page of 200.
	var head int64
	raw.QueryRow(`SELECT MAX(seq) FROM _changes`).Scan(&head)
	type op struct {
		name        string
		store, sqlf func(i int) error
	}
	ops := []op{
		{"pedido por id", func(i int) error {
			_, err := col.Get(ctx, sc, fmt.Sprintf("p%07d", (i*7919)%n))
			return err
		}, func(i int) error {
			rows, err := raw.Query(`SELECT doc FROM pedidos WHERE id = ?`, fmt.Sprintf("p%07d", (i*7919)%n))
			if err != nil {
				return err
			}
			defer rows.Close()
			_, err = decode(rows)
			return err
		}},
		{"página do vendedor (50) por período", func(i int) error {
			p, err := col.List(ctx, seller, store.Query{PageSize: 50, Where: []store.Cond{store.Gte("data", from), store.Lt("data", to)}})
			if err == nil && len(p.Items) == 0 {
				err = fmt.Errorf("página vazia")
			}
			return err
		}, func(i int) error {
			rows, err := raw.Query(`SELECT doc FROM pedidos WHERE empresa = ? AND excluido = 0 AND f_vendedor = ? AND f_data >= ? AND f_data < ?
				ORDER BY f_data DESC, id DESC LIMIT 51`, benchEmpresa, "v03", from.UnixMilli(), to.UnixMilli())
			if err != nil {
				return err
			}
			defer rows.Close()
			_, err = decode(rows)
			return err
		}},
		{"página do cliente (50)", func(i int) error {
			_, err := col.List(ctx, sc, store.Query{PageSize: 50, Where: []store.Cond{store.Eq("cliente", fmt.Sprintf("c%05d", i%benchNClientes))}})
			return err
		}, func(i int) error {
			rows, err := raw.Query(`SELECT doc FROM pedidos WHERE empresa = ? AND excluido = 0 AND f_cliente = ? ORDER BY f_data DESC, id DESC LIMIT 51`,
				benchEmpresa, fmt.Sprintf("c%05d", i%benchNClientes))
			if err != nil {
				return err
			}
			defer rows.Close()
			_, err = decode(rows)
			return err
		}},
		{"contagem por situação", func(i int) error {
			_, err := col.Count(ctx, sc, store.Query{}, "status")
			return err
		}, func(i int) error {
			rows, err := raw.Query(`SELECT f_status, COUNT(*) FROM pedidos WHERE empresa = ? AND excluido = 0 GROUP BY f_status`, benchEmpresa)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
			}
			return rows.Err()
		}},
		{"incremento de contador", func(i int) error {
			_, err := st.Incr(ctx, "metas", benchEmpresa, fmt.Sprintf("v%02d", i%benchSellers), map[string]int64{"pedidos": 1, "valor_centavos": 1999})
			return err
		}, func(i int) error {
			tx, err := raw.Begin()
			if err != nil {
				return err
			}
			for _, f := range []string{"pedidos_raw", "valor_raw"} {
				if _, err := tx.Exec(`INSERT INTO _counters (name, empresa, id, field, value) VALUES ('metas', ?, ?, ?, 1)
					ON CONFLICT (name, empresa, id, field) DO UPDATE SET value = value + excluded.value`, benchEmpresa, fmt.Sprintf("v%02d", i%benchSellers), f); err != nil {
					tx.Rollback()
					return err
				}
			}
			return tx.Commit()
		}},
		{"página do feed (200)", func(i int) error {
			ch, err := col.Changes(ctx, sc, store.CursorAt(head-200), 200)
			if err == nil && len(ch.Items) == 0 {
				err = fmt.Errorf("feed vazio")
			}
			return err
		}, func(i int) error {
			rows, err := raw.Query(`SELECT id FROM _changes WHERE col = 'pedidos' AND empresa = ? AND seq > ? ORDER BY seq LIMIT 200`, benchEmpresa, head-200)
			if err != nil {
				return err
			}
			var ids []any
			for rows.Next() {
				var id string
				rows.Scan(&id)
				ids = append(ids, id)
			}
			rows.Close()
			rows, err = raw.Query(`SELECT doc FROM pedidos WHERE id IN (`+strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")+`)`, ids...)
			if err != nil {
				return err
			}
			defer rows.Close()
			_, err = decode(rows)
			return err
		}},
	}
	fmt.Printf("\n-- %d pedidos: inserção %.0f pedidos/s (lotes de %d numa transação)\n", n, insertRate, batch)
	fmt.Printf("%-38s %10s %10s %10s %10s %9s\n", "operação", "p50", "p99", "SQL p50", "SQL p99", "p99÷SQL")
	good := true
	for _, o := range ops {
		for i := 0; i < 20; i++ { // warm-up
			o.store(i)
			o.sqlf(i)
		}
		// Each round asks both the same question, in alternating order: whichever goes second
		// finds the pages the first one read already in the cache.
		var a, b []time.Duration
		timed := func(f func(int) error, i int) (time.Duration, error) {
			t0 := time.Now()
			err := f(i)
			return time.Since(t0), err
		}
		for i := 0; i < benchRounds; i++ {
			var da, db time.Duration
			var ea, eb error
			if i%2 == 0 {
				da, ea = timed(o.store, i)
				db, eb = timed(o.sqlf, i)
			} else {
				db, eb = timed(o.sqlf, i)
				da, ea = timed(o.store, i)
			}
			if ea != nil {
				return false, fmt.Errorf("%s: %w", o.name, ea)
			}
			if eb != nil {
				return false, fmt.Errorf("%s (SQL): %w", o.name, eb)
			}
			a, b = append(a, da), append(b, db)
		}
		sort.Slice(a, func(i, j int) bool { return a[i] < a[j] })
		sort.Slice(b, func(i, j int) bool { return b[i] < b[j] })
		p := func(l []time.Duration, q int) time.Duration { return l[len(l)*q/100] }
		ratio := float64(p(a, 99)) / float64(p(b, 99))
		fmt.Printf("%-38s %10s %10s %10s %10s %9.2f\n", o.name, p(a, 50).Round(time.Microsecond), p(a, 99).Round(time.Microsecond),
			p(b, 50).Round(time.Microsecond), p(b, 99).Round(time.Microsecond), ratio)
		if n >= 500000 {
			switch o.name {
			case "pedido por id":
				good = good && p(a, 99) <= 2*time.Millisecond && ratio <= 3
			case "página do vendedor (50) por período":
				good = good && p(a, 99) <= 10*time.Millisecond && ratio <= 3
			}
		}
	}
	if n >= 500000 {
		mark := "OK  "
		if !good {
			mark = "FORA"
		}
		fmt.Printf("\nMetas (500.000):\n  [%s] pedido por id p99 ≤ 2 ms e página do vendedor p99 ≤ 10 ms, cada um ≤ 3× o SQL puro\n", mark)
	}
	return good, nil
}
