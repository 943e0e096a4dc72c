package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver ("sqlite")
)

// The SQLite backend: one database file, WAL with synchronous commits (an acknowledged write
// survives a crash), one writer connection (writes take BEGIN IMMEDIATE, so a read-modify-write
// never fails half-way) and a small pool of readers that never wait for it.
//
// Each collection is a table: the bookkeeping and every declared field as columns, the entity
// as a BSON blob, real indexes over (empresa, excluido, fields…, id). Unique keys live in _keys,
// the feed in _changes (its AUTOINCREMENT seq, taken inside the write's transaction, is the
// commit order: writers are serialized), counters in _counters.

type sqliteBackend struct {
	w, r  *sql.DB
	stmts sync.Map // *sql.DB + query -> *sql.Stmt
}

// SQLiteFile is the database file under a data directory.
const SQLiteFile = "crm.db"

// OpenSQLite opens (creating it when missing) the database file at path.
func OpenSQLite(ctx context.Context, path string) (*Store, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("criar diretório de dados: %w", err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	dsn := func(extra ...string) string {
		q := url.Values{}
		q.Add("_pragma", "busy_timeout(10000)")
		q.Add("_pragma", "synchronous(FULL)")
		q.Add("_pragma", "cache_size(-8000)")
		q.Add("_pragma", "temp_store(MEMORY)")
		for _, e := range extra {
			k, v, _ := strings.Cut(e, "=")
			q.Add(k, v)
		}
		return "file:" + abs + "?" + q.Encode()
	}
	w, err := sql.Open("sqlite", dsn("_txlock=immediate"))
	if err != nil {
		return nil, err
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	if _, err := w.ExecContext(ctx, "PRAGMA journal_mode=WAL"); err != nil {
		w.Close()
		return nil, fmt.Errorf("abrir %s: %w", path, err)
	}
	r, err := sql.Open("sqlite", dsn("_pragma=query_only(1)"))
	if err != nil {
		w.Close()
		return nil, err
	}
	r.SetMaxOpenConns(4)
	r.SetMaxIdleConns(4)
	r.SetConnMaxLifetime(0)
	b := &sqliteBackend{w: w, r: r}
	if err := b.init(ctx); err != nil {
		b.close()
		return nil, fmt.Errorf("abrir %s: %w", path, err)
	}
	return newStore(b), nil
}

func (b *sqliteBackend) kind() string { return "sqlite" }

// ping reads the feed's last position through the pool of readers.
func (b *sqliteBackend) ping(ctx context.Context) (err error) {
	defer func() { err = ended(ctx, err) }()
	var seq int64
	err = b.r.QueryRowContext(ctx, `SELECT COALESCE(MAX(seq), 0) FROM _changes`).Scan(&seq)
	return err
}

func (b *sqliteBackend) close() error {
	b.stmts.Range(func(_, v any) bool { v.(*sql.Stmt).Close(); return true })
	err1 := b.r.Close()
	err2 := b.w.Close()
	return errors.Join(err1, err2)
}

// DB is the SQLite database (read-only connections), for the benchmark's raw-SQL floor.
func (s *Store) SQLiteDB() *sql.DB {
	if b, ok := s.b.(*sqliteBackend); ok {
		return b.r
	}
	return nil
}

func (b *sqliteBackend) init(ctx context.Context) error {
	for _, q := range []string{
		`CREATE TABLE IF NOT EXISTS _keys (col TEXT NOT NULL, empresa TEXT NOT NULL, name TEXT NOT NULL, key TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (col, empresa, name, key)) WITHOUT ROWID`,
		`CREATE TABLE IF NOT EXISTS _changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, col TEXT NOT NULL, empresa TEXT NOT NULL, id TEXT NOT NULL, owners TEXT NOT NULL)`,
		`CREATE INDEX IF NOT EXISTS _changes_col ON _changes (col, empresa, seq)`,
		`CREATE TABLE IF NOT EXISTS _counters (name TEXT NOT NULL, empresa TEXT NOT NULL, id TEXT NOT NULL, field TEXT NOT NULL, value INTEGER NOT NULL, PRIMARY KEY (name, empresa, id, field)) WITHOUT ROWID`,
	} {
		if _, err := b.w.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	return nil
}

func qi(s string) string   { return `"` + s + `"` }
func fcol(f string) string { return qi("f_" + f) }

func (b *sqliteBackend) ensure(ctx context.Context, sc *schema) ([]string, error) {
	t := qi(sc.name)
	if _, err := b.w.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS `+t+` (id TEXT PRIMARY KEY, empresa TEXT NOT NULL, versao INTEGER NOT NULL, excluido INTEGER NOT NULL, hash TEXT NOT NULL, busca TEXT NOT NULL DEFAULT '', doc BLOB NOT NULL)`); err != nil {
		return nil, err
	}
	rows, err := b.w.QueryContext(ctx, `SELECT name FROM pragma_table_info(?)`, sc.name)
	if err != nil {
		return nil, err
	}
	have := map[string]bool{}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return nil, err
		}
		have[n] = true
	}
	rows.Close()
	var added []string
	for _, f := range sc.fields {
		if !have["f_"+f] {
			if _, err := b.w.ExecContext(ctx, `ALTER TABLE `+t+` ADD COLUMN `+fcol(f)+` DEFAULT ''`); err != nil {
				return nil, err
			}
			added = append(added, f)
		}
	}
	for _, idx := range sc.indexes {
		cols := []string{"empresa", "excluido"}
		for _, f := range idx {
			cols = append(cols, fcol(f))
		}
		cols = append(cols, "id")
		name := qi(indexName(sc.name+"_", idx))
		if _, err := b.w.ExecContext(ctx, `CREATE INDEX IF NOT EXISTS `+name+` ON `+t+` (`+strings.Join(cols, ", ")+`)`); err != nil {
			return nil, err
		}
	}
	return added, nil
}

func (b *sqliteBackend) refresh(ctx context.Context, sc *schema, compute func([]byte) (map[string]any, string, error)) (int, error) {
	n := 0
	after := ""
	for {
		rows, err := b.r.QueryContext(ctx, `SELECT id, doc FROM `+qi(sc.name)+` WHERE id > ? ORDER BY id LIMIT 500`, after)
		if err != nil {
			return n, err
		}
		type item struct {
			id  string
			doc []byte
		}
		var items []item
		for rows.Next() {
			var it item
			if err := rows.Scan(&it.id, &it.doc); err != nil {
				rows.Close()
				return n, err
			}
			items = append(items, it)
		}
		rows.Close()
		if len(items) == 0 {
			return n, nil
		}
		set := []string{"busca = ?"}
		for _, f := range sc.fields {
			set = append(set, fcol(f)+" = ?")
		}
		err = b.tx(ctx, func(tx *sql.Tx) error {
			for _, it := range items {
				fields, busca, err := compute(it.doc)
				if err != nil {
					return err
				}
				args := []any{busca}
				for _, f := range sc.fields {
					args = append(args, fields[f])
				}
				if _, err := tx.ExecContext(ctx, `UPDATE `+qi(sc.name)+` SET `+strings.Join(set, ", ")+` WHERE id = ?`, append(args, it.id)...); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return n, err
		}
		n += len(items)
		after = items[len(items)-1].id
	}
}

func (b *sqliteBackend) stmt(ctx context.Context, db *sql.DB, q string) (*sql.Stmt, error) {
	type key struct {
		db *sql.DB
		q  string
	}
	if s, ok := b.stmts.Load(key{db, q}); ok {
		return s.(*sql.Stmt), nil
	}
	s, err := db.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	if prev, loaded := b.stmts.LoadOrStore(key{db, q}, s); loaded {
		s.Close()
		return prev.(*sql.Stmt), nil
	}
	return s, nil
}

func (b *sqliteBackend) cols(sc *schema) string {
	var sb strings.Builder
	sb.WriteString("id, empresa, versao, excluido, hash, busca, doc")
	for _, f := range sc.fields {
		sb.WriteString(", ")
		sb.WriteString(fcol(f))
	}
	return sb.String()
}

type scanner interface{ Scan(dest ...any) error }

func (b *sqliteBackend) scan(sc *schema, s scanner) (*record, error) {
	r := &record{Fields: make(map[string]any, len(sc.fields))}
	vals := make([]any, len(sc.fields))
	dest := []any{&r.ID, &r.Empresa, &r.Versao, &r.Excluido, &r.Hash, &r.Busca, &r.Doc}
	for i := range vals {
		dest = append(dest, &vals[i])
	}
	if err := s.Scan(dest...); err != nil {
		return nil, err
	}
	for i, f := range sc.fields {
		switch v := vals[i].(type) {
		case int64:
			r.Fields[f] = v
		case string:
			r.Fields[f] = v
		case []byte:
			r.Fields[f] = string(v)
		case nil:
			r.Fields[f] = ""
		default:
			r.Fields[f] = fmt.Sprint(v)
		}
	}
	return r, nil
}

func (b *sqliteBackend) get(ctx context.Context, sc *schema, id string) (_ *record, err error) {
	defer func() { err = ended(ctx, err) }()
	st, err := b.stmt(ctx, b.r, `SELECT `+b.cols(sc)+` FROM `+qi(sc.name)+` WHERE id = ?`)
	if err != nil {
		return nil, err
	}
	r, err := b.scan(sc, st.QueryRowContext(ctx, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return r, err
}

func (b *sqliteBackend) getMany(ctx context.Context, sc *schema, ids []string) (_ map[string]*record, err error) {
	defer func() { err = ended(ctx, err) }()
	out := make(map[string]*record, len(ids))
	for start := 0; start < len(ids); start += 500 {
		part := ids[start:min(start+500, len(ids))]
		args := make([]any, len(part))
		for i, id := range part {
			args[i] = id
		}
		rows, err := b.r.QueryContext(ctx, `SELECT `+b.cols(sc)+` FROM `+qi(sc.name)+` WHERE id IN (`+placeholders(len(part))+`)`, args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			r, err := b.scan(sc, rows)
			if err != nil {
				rows.Close()
				return nil, err
			}
			out[r.ID] = r
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func placeholders(n int) string {
	if n <= 0 {
		return ""
	}
	return strings.Repeat("?, ", n-1) + "?"
}

func (b *sqliteBackend) keyOwner(ctx context.Context, sc *schema, empresa string, k ukey) (_ string, err error) {
	defer func() { err = ended(ctx, err) }()
	st, err := b.stmt(ctx, b.r, `SELECT id FROM _keys WHERE col = ? AND empresa = ? AND name = ? AND key = ?`)
	if err != nil {
		return "", err
	}
	var id string
	err = st.QueryRowContext(ctx, sc.name, empresa, k.name, k.key).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return id, err
}

func joinOwners(os []string) string {
	if len(os) == 0 {
		return "|"
	}
	return "|" + strings.Join(os, "|") + "|"
}

func splitOwners(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == '|' })
}

// put runs one write in its own transaction.
func (b *sqliteBackend) put(ctx context.Context, sc *schema, w *write) error {
	return b.tx(ctx, func(tx *sql.Tx) error { return b.putTx(ctx, tx, sc, w) })
}

func (b *sqliteBackend) putMany(ctx context.Context, sc *schema, ws []*write) error {
	return b.tx(ctx, func(tx *sql.Tx) error {
		for _, w := range ws {
			if err := b.putTx(ctx, tx, sc, w); err != nil {
				return err
			}
		}
		return nil
	})
}

func (b *sqliteBackend) tx(ctx context.Context, f func(*sql.Tx) error) (err error) {
	defer func() { err = ended(ctx, err) }()
	tx, err := b.w.BeginTx(ctx, nil) // BEGIN IMMEDIATE (_txlock)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

func (b *sqliteBackend) putTx(ctx context.Context, tx *sql.Tx, sc *schema, w *write) error {
	r := w.rec
	for _, k := range r.Keys {
		res, err := tx.ExecContext(ctx, `INSERT INTO _keys (col, empresa, name, key, id) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, sc.name, r.Empresa, k.name, k.key, r.ID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			var owner string
			if err := tx.QueryRowContext(ctx, `SELECT id FROM _keys WHERE col = ? AND empresa = ? AND name = ? AND key = ?`, sc.name, r.Empresa, k.name, k.key).Scan(&owner); err != nil {
				return err
			}
			if owner != r.ID {
				return &dupKeyError{key: k, owner: owner}
			}
		}
	}
	args := []any{r.ID, r.Empresa, r.Versao, r.Excluido, r.Hash, r.Busca, r.Doc}
	for _, f := range sc.fields {
		args = append(args, r.Fields[f])
	}
	if w.prev == 0 {
		res, err := tx.ExecContext(ctx, `INSERT INTO `+qi(sc.name)+` (`+b.cols(sc)+`) VALUES (`+placeholders(len(args))+`) ON CONFLICT (id) DO NOTHING`, args...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errExists
		}
	} else {
		set := []string{"versao = ?", "excluido = ?", "busca = ?", "doc = ?"}
		uargs := []any{r.Versao, r.Excluido, r.Busca, r.Doc}
		for _, f := range sc.fields {
			set = append(set, fcol(f)+" = ?")
			uargs = append(uargs, r.Fields[f])
		}
		uargs = append(uargs, r.ID, r.Empresa, w.prev)
		res, err := tx.ExecContext(ctx, `UPDATE `+qi(sc.name)+` SET `+strings.Join(set, ", ")+` WHERE id = ? AND empresa = ? AND versao = ?`, uargs...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errVersion
		}
	}
	for _, k := range w.release {
		if _, err := tx.ExecContext(ctx, `DELETE FROM _keys WHERE col = ? AND empresa = ? AND name = ? AND key = ? AND id = ?`, sc.name, r.Empresa, k.name, k.key, r.ID); err != nil {
			return err
		}
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO _changes (col, empresa, id, owners) VALUES (?, ?, ?, ?)`, sc.name, r.Empresa, r.ID, joinOwners(w.owners))
	if err == nil && w.slow != nil {
		w.slow(r.ID)
	}
	if err != nil || len(w.along) == 0 {
		return err
	}
	if w.between != nil {
		w.between(r.ID)
	}
	return b.applyTx(ctx, tx, w.along)
}

// applyTx applies read-model increments inside a write's transaction: each row is read and
// written there (the one writer connection serializes them), and the increments that follow
// from a new row are applied after it, in the same transaction.
func (b *sqliteBackend) applyTx(ctx context.Context, tx *sql.Tx, bs []*bump) error {
	for _, bm := range bs {
		old, err := b.scan(bm.sc, tx.QueryRowContext(ctx, `SELECT `+b.cols(bm.sc)+` FROM `+qi(bm.sc.name)+` WHERE id = ?`, bm.id))
		if errors.Is(err, sql.ErrNoRows) {
			old, err = nil, nil
		}
		if err != nil {
			return err
		}
		w, then, err := bm.next(old)
		if err != nil {
			return err
		}
		if err := b.putTx(ctx, tx, bm.sc, w); err != nil {
			return err
		}
		if err := b.applyTx(ctx, tx, then); err != nil {
			return err
		}
	}
	return nil
}

func (b *sqliteBackend) apply(ctx context.Context, bs []*bump) error {
	return b.tx(ctx, func(tx *sql.Tx) error { return b.applyTx(ctx, tx, bs) })
}

func (b *sqliteBackend) companies(ctx context.Context, sc *schema) (_ []string, err error) {
	defer func() { err = ended(ctx, err) }()
	rows, err := b.r.QueryContext(ctx, `SELECT DISTINCT empresa FROM `+qi(sc.name)+` ORDER BY empresa`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var e string
		if err := rows.Scan(&e); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// where builds the WHERE clause of a query.
func (b *sqliteBackend) where(sc *schema, q *bquery) (string, []any) {
	conds := []string{"empresa = ?"}
	args := []any{q.empresa}
	if !q.withDeleted {
		conds = append(conds, "excluido = 0")
	}
	for _, c := range q.conds {
		col := fcol(c.Field)
		if c.Op == "in" {
			vs := c.Value.([]any)
			if len(vs) == 1 {
				conds = append(conds, col+" = ?")
				args = append(args, vs[0])
				continue
			}
			if len(vs) == 0 {
				conds = append(conds, "0")
				continue
			}
			conds = append(conds, col+" IN ("+placeholders(len(vs))+")")
			args = append(args, vs...)
			continue
		}
		conds = append(conds, col+" "+c.Op+" ?")
		args = append(args, c.Value)
	}
	for _, w := range q.words {
		conds = append(conds, `busca LIKE ? ESCAPE '\'`)
		args = append(args, "%"+likeEscape(w)+"%")
	}
	return strings.Join(conds, " AND "), args
}

func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

func (b *sqliteBackend) list(ctx context.Context, sc *schema, q *bquery) (_ []*record, err error) {
	defer func() { err = ended(ctx, err) }()
	where, args := b.where(sc, q)
	var order []string
	dir, cmp := " ASC", " > "
	if !q.byID {
		for _, f := range sc.sort.Fields {
			order = append(order, fcol(f))
		}
		if sc.sort.Desc {
			dir, cmp = " DESC", " < "
		}
	}
	if q.hasAfter {
		lhs := append(append([]string{}, order...), "id")
		where += " AND (" + strings.Join(lhs, ", ") + ")" + cmp + "(" + placeholders(len(lhs)) + ")"
		if !q.byID {
			args = append(args, q.after...)
		}
		args = append(args, q.afterID)
	}
	order = append(order, "id")
	for i := range order {
		order[i] += dir
	}
	args = append(args, q.limit)
	rows, err := b.r.QueryContext(ctx, `SELECT `+b.cols(sc)+` FROM `+qi(sc.name)+` WHERE `+where+` ORDER BY `+strings.Join(order, ", ")+` LIMIT ?`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*record
	for rows.Next() {
		r, err := b.scan(sc, rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

func (b *sqliteBackend) count(ctx context.Context, sc *schema, q *bquery, by []string) (_ []Group, err error) {
	defer func() { err = ended(ctx, err) }()
	where, args := b.where(sc, q)
	var cols []string
	for _, f := range by {
		cols = append(cols, fcol(f))
	}
	sel := "COUNT(*)"
	group := ""
	if len(cols) > 0 {
		sel = strings.Join(cols, ", ") + ", COUNT(*)"
		group = " GROUP BY " + strings.Join(cols, ", ")
	}
	rows, err := b.r.QueryContext(ctx, `SELECT `+sel+` FROM `+qi(sc.name)+` WHERE `+where+group, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Group
	for rows.Next() {
		vals := make([]any, len(by)+1)
		ptrs := make([]any, len(vals))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		g := Group{N: vals[len(by)].(int64)}
		for i := range by {
			if bs, ok := vals[i].([]byte); ok {
				vals[i] = string(bs)
			}
			g.Keys = append(g.Keys, vals[i])
		}
		if len(by) == 0 && g.N == 0 {
			continue
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

func (b *sqliteBackend) head(ctx context.Context, sc *schema, empresa string) (_ int64, err error) {
	defer func() { err = ended(ctx, err) }()
	var h int64
	err = b.r.QueryRowContext(ctx, `SELECT COALESCE(MAX(seq), 0) FROM _changes WHERE col = ? AND empresa = ?`, sc.name, empresa).Scan(&h)
	return h, err
}

func (b *sqliteBackend) changes(ctx context.Context, sc *schema, empresa string, after int64, limit int) (_ []logEntry, err error) {
	defer func() { err = ended(ctx, err) }()
	st, err := b.stmt(ctx, b.r, `SELECT seq, id, owners FROM _changes WHERE col = ? AND empresa = ? AND seq > ? ORDER BY seq LIMIT ?`)
	if err != nil {
		return nil, err
	}
	rows, err := st.QueryContext(ctx, sc.name, empresa, after, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []logEntry
	for rows.Next() {
		var e logEntry
		var owners string
		if err := rows.Scan(&e.seq, &e.id, &owners); err != nil {
			return nil, err
		}
		e.owners = splitOwners(owners)
		out = append(out, e)
	}
	return out, rows.Err()
}

func (b *sqliteBackend) incr(ctx context.Context, name, empresa, id string, deltas map[string]int64) (map[string]int64, error) {
	out := map[string]int64{}
	err := b.tx(ctx, func(tx *sql.Tx) error {
		for f, d := range deltas {
			var v int64
			if err := tx.QueryRowContext(ctx, `INSERT INTO _counters (name, empresa, id, field, value) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (name, empresa, id, field) DO UPDATE SET value = value + excluded.value RETURNING value`, name, empresa, id, f, d).Scan(&v); err != nil {
				return err
			}
			out[f] = v
		}
		return nil
	})
	return out, err
}

func (b *sqliteBackend) counters(ctx context.Context, name, empresa, id string) (_ map[string]int64, err error) {
	defer func() { err = ended(ctx, err) }()
	rows, err := b.r.QueryContext(ctx, `SELECT field, value FROM _counters WHERE name = ? AND empresa = ? AND id = ?`, name, empresa, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var f string
		var v int64
		if err := rows.Scan(&f, &v); err != nil {
			return nil, err
		}
		out[f] = v
	}
	return out, rows.Err()
}

func (b *sqliteBackend) allCounters(ctx context.Context, name, empresa string) (_ map[string]map[string]int64, err error) {
	defer func() { err = ended(ctx, err) }()
	rows, err := b.r.QueryContext(ctx, `SELECT id, field, value FROM _counters WHERE name = ? AND empresa = ?`, name, empresa)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]map[string]int64{}
	for rows.Next() {
		var id, f string
		var v int64
		if err := rows.Scan(&id, &f, &v); err != nil {
			return nil, err
		}
		if out[id] == nil {
			out[id] = map[string]int64{}
		}
		out[id][f] = v
	}
	return out, rows.Err()
}

// indexName names an index by its fields ("ix_" + prefix + fields, or "_id" for none).
func indexName(prefix string, fields []string) string {
	if len(fields) == 0 {
		return "ix_" + prefix + "_id" // field names start with a letter: no clash
	}
	return "ix_" + prefix + strings.Join(fields, "_")
}
