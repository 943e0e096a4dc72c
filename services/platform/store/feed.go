package store

import (
	"context"
	"encoding/base64"
	"encoding/json"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/page"
)

// The change feed. Every write appends to a per-company log in commit order (SQLite: inside the
// write's transaction; MongoDB: a per-company sequence whose readers stop at a gap until it
// fills). A device syncs in two phases, both behind one opaque cursor:
//   - snapshot (empty cursor): the log's head H is taken first, then the records in scope are
//     listed by id; anything written meanwhile has a position after H;
//   - log: the entries after the position, filtered by the scope (the owners before and after
//     each write, so a record leaving a portfolio reaches its former owner as Removido), each
//     resolved to the record as it is now.
// The cursor holds positions only, never a clock: a slow writer is read when it commits, and a
// device that syncs at any moment converges.

type feedCursor struct {
	// P is the phase: "s" snapshot, "l" log.
	P string `json:"p"`
	// H: the log position the snapshot started at; S: the log position read up to.
	H int64  `json:"h,omitempty"`
	S int64  `json:"s,omitempty"`
	A string `json:"a,omitempty"` // snapshot: last id listed
}

func encodeCursor(c feedCursor) string {
	b, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(b)
}

func decodeCursor(s string) (*feedCursor, error) {
	if s == "" {
		return nil, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	var c feedCursor
	if err != nil || json.Unmarshal(b, &c) != nil || (c.P != "s" && c.P != "l") || c.H < 0 || c.S < 0 {
		return nil, errs.Field("cursor", MsgCursor)
	}
	return &c, nil
}

// feedScanBudget bounds the log entries one request reads for a scoped reader.
const feedScanBudget = 2000

// FeedOpt tunes a read of the change feed.
type FeedOpt func(*feedOpts)

type feedOpts struct{ snapshotWhere []Cond }

// SnapshotWhere: a new copy (the snapshot) starts with the records matching conds only — the
// orders of the last 90 days rather than the company's whole history; the log that follows brings
// every later change in scope, and the reader keeps what it wants. The same conds on every call
// of one sync.
func SnapshotWhere(conds ...Cond) FeedOpt {
	return func(o *feedOpts) { o.snapshotWhere = conds }
}

// Changes returns the changes in scope after cursor (empty: from the start), oldest first, at
// most limit records (page.FeedSize rules: up to 1,000).
func (c *Collection[T]) Changes(ctx context.Context, sc Scope, cursor string, limit int32, opts ...FeedOpt) (*Changes[T], error) {
	var o feedOpts
	for _, f := range opts {
		f(&o)
	}
	cur, err := decodeCursor(cursor)
	if err != nil {
		return nil, err
	}
	n := page.FeedSize(limit)
	if cur == nil {
		h, err := c.st.b.head(ctx, c.sc, sc.Empresa)
		if err != nil {
			return nil, errs.Internal(err)
		}
		cur = &feedCursor{P: "s", H: h}
	}
	if cur.P != "s" {
		return c.logPage(ctx, sc, cur, n)
	}
	ch, err := c.snapshot(ctx, sc, cur, n, o.snapshotWhere)
	if err != nil || cursor != "" {
		return ch, err
	}
	gs, err := c.Count(ctx, sc, Query{Where: o.snapshotWhere})
	if err != nil {
		return nil, err
	}
	for _, g := range gs {
		ch.Total += g.N
	}
	return ch, nil
}

func (c *Collection[T]) snapshot(ctx context.Context, sc Scope, cur *feedCursor, n int, where []Cond) (*Changes[T], error) {
	b, err := c.bq(sc, Query{Where: where})
	if err != nil {
		return nil, err
	}
	b.byID, b.limit = true, n+1
	if cur.A != "" {
		b.afterID, b.hasAfter = cur.A, true
	}
	rs, err := c.st.b.list(ctx, c.sc, b)
	if err != nil {
		return nil, errs.Internal(err)
	}
	out := &Changes[T]{Items: make([]Change[T], 0, min(n, len(rs)))}
	for i, r := range rs {
		if i == n {
			break
		}
		t, err := c.decode(r)
		if err != nil {
			return nil, err
		}
		out.Items = append(out.Items, Change[T]{ID: r.ID, Doc: t})
	}
	if len(rs) > n {
		out.Cursor, out.Mais = encodeCursor(feedCursor{P: "s", H: cur.H, A: rs[n-1].ID}), true
		return out, nil
	}
	// Snapshot done: continue from the head taken before it.
	next := &feedCursor{P: "l", S: cur.H}
	if len(out.Items) < n {
		more, err := c.logPage(ctx, sc, next, n-len(out.Items))
		if err != nil {
			return nil, err
		}
		seen := map[string]int{}
		for i, it := range out.Items {
			seen[it.ID] = i
		}
		for _, it := range more.Items {
			if i, ok := seen[it.ID]; ok {
				out.Items[i] = it
				continue
			}
			out.Items = append(out.Items, it)
		}
		out.Cursor, out.Mais = more.Cursor, more.Mais
		return out, nil
	}
	out.Cursor, out.Mais = encodeCursor(*next), true
	return out, nil
}

func (c *Collection[T]) logPage(ctx context.Context, sc Scope, cur *feedCursor, n int) (*Changes[T], error) {
	pos := cur.S
	var ids []string
	last := map[string]int{} // id -> index in ids
	scanned, more := 0, false
	scoped := c.spec.Owner != "" && sc.Owners != nil
	for len(ids) < n && scanned < feedScanBudget {
		batch := min(feedScanBudget-scanned, max(n*2, 200))
		es, err := c.st.b.changes(ctx, c.sc, sc.Empresa, pos, batch)
		if err != nil {
			return nil, errs.Internal(err)
		}
		for _, e := range es {
			if len(ids) == n {
				more = true
				break
			}
			pos = e.seq
			scanned++
			if e.id == "" { // a voided position (MongoDB)
				continue
			}
			if scoped && !anySeen(sc, e.owners) {
				continue
			}
			if i, ok := last[e.id]; ok { // keep the latest position of each record
				ids = append(ids[:i], ids[i+1:]...)
				for j := i; j < len(ids); j++ {
					last[ids[j]] = j
				}
			}
			last[e.id] = len(ids)
			ids = append(ids, e.id)
		}
		if more || len(es) < batch {
			break
		}
	}
	if scanned >= feedScanBudget {
		more = true
	}
	rs, err := c.st.b.getMany(ctx, c.sc, ids)
	if err != nil {
		return nil, errs.Internal(err)
	}
	out := &Changes[T]{Items: make([]Change[T], 0, len(ids)), Cursor: encodeCursor(feedCursor{P: "l", S: pos}), Mais: more}
	for _, id := range ids {
		r := rs[id]
		if r == nil || r.Excluido || c.check(sc, r) != nil {
			out.Items = append(out.Items, Change[T]{ID: id, Removido: true})
			continue
		}
		t, err := c.decode(r)
		if err != nil {
			return nil, err
		}
		out.Items = append(out.Items, Change[T]{ID: id, Doc: t})
	}
	return out, nil
}

func anySeen(sc Scope, owners []string) bool {
	for _, o := range owners {
		if sc.Sees(o) {
			return true
		}
	}
	return false
}

// CursorAt is the feed cursor right after log position pos (benchmarks and tools; devices use
// the cursors the feed returns).
func CursorAt(pos int64) string { return encodeCursor(feedCursor{P: "l", S: pos}) }
