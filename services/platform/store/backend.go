package store

import (
	"context"
	"errors"
	"fmt"
)

// record is a stored entity as the backends see it.
type record struct {
	ID       string
	Empresa  string
	Versao   int64
	Excluido bool
	// Hash of the create payload (idempotent replays compare it).
	Hash   string
	Fields map[string]any // normalized (string or int64)
	Busca  string
	Keys   []ukey // unique keys held
	Doc    []byte // the entity, BSON
}

// ukey is one unique key.
type ukey struct{ name, key string }

// write is one atomic write of a record: an insert (Prev 0) or a replace of versao Prev. The
// record's keys are claimed (a key held by another record fails the write with dupKeyError);
// Release are keys the record held and no longer does. Owners go into the change log (the
// owner before and after, so that a record leaving a portfolio reaches its former owner).
type write struct {
	rec     *record
	prev    int64
	release []ukey
	owners  []string
	// slow, when set (tests), runs inside the write after its feed position is taken.
	slow func(id string)
	// along are the read-model increments this write carries: applied in its transaction on
	// SQLite (all or nothing), right after it on MongoDB. between, when set (tests), runs after
	// the record is written and before them.
	along   []*bump
	between func(id string)
}

// bump is an increment of one read-model row (ReadModel.Add), as the backends apply it: next
// builds the row's write from the stored record (nil: none yet) and returns the increments that
// follow from the new row (a distinct count moved by a presence counter). A backend retries
// next on a fresh read when another write of the row landed in between.
type bump struct {
	sc   *schema
	id   string
	next func(old *record) (*write, []*bump, error)
}

// logEntry is one change of the feed, in commit order.
type logEntry struct {
	seq    int64
	id     string
	owners []string
}

// bquery is a list query in backend terms.
type bquery struct {
	empresa     string
	conds       []Cond // values normalized; "in" values []any
	words       []string
	withDeleted bool
	// after: the sort values and id of the last record of the previous page.
	after    []any
	afterID  string
	hasAfter bool
	// byID orders by id alone (the feed's snapshot) instead of the declared sort.
	byID  bool
	limit int
}

type backend interface {
	kind() string
	// ensure creates or completes the collection; it reports the declared fields it added to a
	// collection that existed (their values must be computed for the stored records).
	ensure(ctx context.Context, sc *schema) (added []string, err error)
	// refresh recomputes the declared fields and search text of every stored record.
	refresh(ctx context.Context, sc *schema, compute func(doc []byte) (map[string]any, string, error)) (int, error)
	get(ctx context.Context, sc *schema, id string) (*record, error) // nil when missing
	getMany(ctx context.Context, sc *schema, ids []string) (map[string]*record, error)
	keyOwner(ctx context.Context, sc *schema, empresa string, k ukey) (string, error) // "" when free
	put(ctx context.Context, sc *schema, w *write) error
	// putMany inserts records in one go (seeds, migration, bulk loads): all or nothing where the
	// backend has transactions.
	putMany(ctx context.Context, sc *schema, ws []*write) error
	list(ctx context.Context, sc *schema, q *bquery) ([]*record, error)
	count(ctx context.Context, sc *schema, q *bquery, by []string) ([]Group, error)
	// head is the feed position at or below which every change of the company is readable.
	head(ctx context.Context, sc *schema, empresa string) (int64, error)
	// changes reads the log after a position, in commit order, never past a write still in flight.
	changes(ctx context.Context, sc *schema, empresa string, after int64, limit int) ([]logEntry, error)
	// companies lists the companies with records in the collection (tombstones included).
	companies(ctx context.Context, sc *schema) ([]string, error)
	// apply applies read-model increments on their own (one transaction on SQLite).
	apply(ctx context.Context, bs []*bump) error
	incr(ctx context.Context, name, empresa, id string, deltas map[string]int64) (map[string]int64, error)
	counters(ctx context.Context, name, empresa, id string) (map[string]int64, error)
	allCounters(ctx context.Context, name, empresa string) (map[string]map[string]int64, error)
	// ping reads from the database (the readiness probe): an error when it can't.
	ping(ctx context.Context) error
	close() error
}

// ended reports the failure of a call whose context has ended as that context's error. A call
// abandoned by its client (a phone losing signal, a gRPC deadline) fails inside the driver with
// whatever it was doing — SQLite's "interrupted", database/sql's "transaction has already been
// committed or rolled back" — and that is not a store failure: it must neither be logged as one
// nor answered as an internal error. The store's own outcomes (a duplicate key, a stale versao,
// an existing id) stay what they are.
func ended(ctx context.Context, err error) error {
	cerr := ctx.Err()
	if err == nil || cerr == nil || errors.Is(err, cerr) {
		return err
	}
	var dk *dupKeyError
	if errors.Is(err, errVersion) || errors.Is(err, errExists) || errors.As(err, &dk) {
		return err
	}
	return fmt.Errorf("%w (%v)", cerr, err)
}
