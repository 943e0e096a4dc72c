package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/crmvendas/crm/services/platform/errs"
)

// Read models: rows of int64 counters kept on write (the summaries behind goals and dashboards),
// declared like collections — the key fields that identify a row, the owner field of the role
// scope, the counters — and read like them: one row or a keyset page in the caller's scope
// (ScopeOf: a seller their own rows, a SUPERVISOR the team's, an ADMIN every row), and a change
// feed with the collections' cursor, so a device keeps the figures it shows offline.
//
// A row changes only by increments (ReadModel.Add). They are applied on their own
// (Store.Apply) or carried by the write of a record (Collection.CreateWith, UpdateWith): on
// SQLite in that write's transaction, so the record and its figures change together or not at
// all; on MongoDB right after the record, so a process dying in between leaves drift that the
// owner's reconciliation repairs. A row is a stored entity (T embeds Meta): the key and the
// other fields as the latest increment gave them, the counters summed.

// Key is a field of a read model's key; the values of the keys, in order, identify a row.
type Key[T any] struct {
	Name string
	Get  func(*T) string
}

// Counter is a counter of a read model: what increments add to.
type Counter[T any] struct {
	Name string
	Ptr  func(*T) *int64
}

// ReadModelSpec declares a read model.
type ReadModelSpec[T any] struct {
	// Name of the table / collection (lowercase letters, digits and _).
	Name string
	// OutOfScope is the pt-BR message of a row outside the caller's role scope.
	OutOfScope string
	Keys       []Key[T]
	// Owner names the field (a key or one of Fields) holding the operator a row belongs to, for
	// the role scope; empty: the rows are company-wide.
	Owner string
	// Fields are further declared fields (an owner that is not part of the key); a row takes
	// them from its latest increment, which must therefore carry them.
	Fields   []Field[T]
	Counters []Counter[T]
	// Sort of the lists (default: the keys, in order).
	Sort    Sort
	Indexes [][]string
}

// ReadModel is a declared read model of rows T (a struct embedding Meta).
type ReadModel[T any] struct {
	c     *Collection[T]
	spec  ReadModelSpec[T]
	owner func(*T) string
}

// DeclareReadModel declares a read model on a store (its table or collection and indexes are
// created or completed at once).
func DeclareReadModel[T any](ctx context.Context, st *Store, spec ReadModelSpec[T]) (*ReadModel[T], error) {
	if len(spec.Keys) == 0 || len(spec.Counters) == 0 {
		return nil, fmt.Errorf("store: o modelo de leitura %s precisa de chaves e contadores", spec.Name)
	}
	cs := Spec[T]{Name: spec.Name, OutOfScope: spec.OutOfScope, Owner: spec.Owner, Sort: spec.Sort, Indexes: spec.Indexes}
	rm := &ReadModel[T]{spec: spec}
	for _, k := range spec.Keys {
		cs.Fields = append(cs.Fields, Field[T]{Name: k.Name, Value: func(t *T) any { return k.Get(t) }})
		if k.Name == spec.Owner {
			rm.owner = k.Get
		}
		if spec.Sort.Fields == nil {
			cs.Sort.Fields = append(cs.Sort.Fields, k.Name)
		}
	}
	for _, f := range spec.Fields {
		cs.Fields = append(cs.Fields, f)
		if f.Name == spec.Owner {
			rm.owner = func(t *T) string { s, _ := norm(f.Value(t)).(string); return s }
		}
	}
	for _, k := range spec.Counters {
		cs.Fields = append(cs.Fields, Field[T]{Name: k.Name, Value: func(t *T) any { return *k.Ptr(t) }})
	}
	var err error
	if rm.c, err = declare(ctx, st, cs, false); err != nil {
		return nil, err
	}
	return rm, nil
}

// Name is the read model's name.
func (rm *ReadModel[T]) Name() string { return rm.spec.Name }

// escapeKey escapes a key's value in a row id ('|' separates them).
var escapeKey = strings.NewReplacer("%", "%25", "|", "%7C")

// ID is the id of the company's row of key's key fields: the company and their values, escaped,
// joined by '|' (records' ids are unique across companies, and so are rows').
func (rm *ReadModel[T]) ID(empresa string, key *T) string {
	parts := make([]string, 1, len(rm.spec.Keys)+1)
	parts[0] = escapeKey.Replace(empresa)
	for _, k := range rm.spec.Keys {
		parts = append(parts, escapeKey.Replace(k.Get(key)))
	}
	return strings.Join(parts, "|")
}

// zero is the row of key before any increment: its fields, zero counters.
func (rm *ReadModel[T]) zero(key *T, empresa string) *T {
	row := *key
	for _, k := range rm.spec.Counters {
		*k.Ptr(&row) = 0
	}
	*meta(&row) = Meta{ID: rm.ID(empresa, key), Empresa: empresa}
	return &row
}

// Get returns the row of key's key fields in the scope; a row never incremented is returned
// with zero counters. A row outside the scope → 403 FORA_DO_ESCOPO.
func (rm *ReadModel[T]) Get(ctx context.Context, sc Scope, key *T) (*T, error) {
	row, err := rm.c.GetAny(ctx, sc, rm.ID(sc.Empresa, key))
	if errs.IsKind(err, errs.KindNotFound) {
		if rm.owner != nil && !sc.Sees(rm.owner(key)) {
			return nil, outOfScope(rm.spec.OutOfScope)
		}
		return rm.zero(key, sc.Empresa), nil
	}
	return row, err
}

// List returns one page of the rows in scope matching q, in the declared order.
func (rm *ReadModel[T]) List(ctx context.Context, sc Scope, q Query) (*Page[T], error) {
	return rm.c.List(ctx, sc, q)
}

// All lists every row in scope matching q.
func (rm *ReadModel[T]) All(ctx context.Context, sc Scope, q Query) ([]*T, error) {
	return rm.c.All(ctx, sc, q)
}

// Changes is the rows' change feed in the scope (the collections' cursor and rules).
func (rm *ReadModel[T]) Changes(ctx context.Context, sc Scope, cursor string, limit int32, opts ...FeedOpt) (*Changes[T], error) {
	return rm.c.Changes(ctx, sc, cursor, limit, opts...)
}

// Inc is one increment of a read-model row, to apply (Store.Apply) or to carry with a record's
// write (Collection.CreateWith, UpdateWith). Once written, Row gives the row as it became.
type Inc struct {
	sc   *schema
	id   string
	make func(old *record, now time.Time, who string) (*write, []*Inc, error)
	row  any
}

// Add is the increment of the row of delta's key fields in the company: its counters are added
// to the row's, its other fields replace the row's.
func (rm *ReadModel[T]) Add(empresa string, delta *T) *Inc {
	return rm.AddThen(empresa, delta, nil)
}

// AddThen is Add followed by the increments then returns from the row as it became (in the
// same transaction on SQLite): a distinct count moved when a presence counter leaves or
// reaches zero.
func (rm *ReadModel[T]) AddThen(empresa string, delta *T, then func(row *T) []*Inc) *Inc {
	in := &Inc{sc: rm.c.sc, id: rm.ID(empresa, delta)}
	d := *delta
	in.make = func(old *record, now time.Time, who string) (*write, []*Inc, error) {
		row := d
		m := meta(&row)
		prev, before := int64(0), ""
		if old != nil {
			cur, err := rm.c.decode(old)
			if err != nil {
				return nil, nil, err
			}
			for _, k := range rm.spec.Counters {
				*k.Ptr(&row) += *k.Ptr(cur)
			}
			*m = *meta(cur)
			prev, before = old.Versao, rm.c.owner(old)
		} else {
			*m = Meta{CriadoEm: now, CriadoPor: who}
		}
		m.ID, m.Empresa, m.Versao, m.Excluido = in.id, empresa, prev+1, false
		m.AlteradoEm, m.AlteradoPor = now, who
		r, err := rm.c.encode(&row, "")
		if err != nil {
			return nil, nil, err
		}
		in.row = &row
		var next []*Inc
		if then != nil {
			next = then(&row)
		}
		return &write{rec: r, prev: prev, owners: ownersOf(before, rm.c.owner(r))}, next, nil
	}
	return in
}

// Row is the row an increment of this read model left, once written (nil before).
func (rm *ReadModel[T]) Row(in *Inc) *T {
	t, _ := in.row.(*T)
	return t
}

func toBumps(incs []*Inc, now time.Time, who string) []*bump {
	if len(incs) == 0 {
		return nil
	}
	out := make([]*bump, 0, len(incs))
	for _, in := range incs {
		if in == nil {
			continue
		}
		out = append(out, &bump{sc: in.sc, id: in.id, next: func(old *record) (*write, []*bump, error) {
			w, then, err := in.make(old, now, who)
			if err != nil {
				return nil, nil, err
			}
			return w, toBumps(then, now, who), nil
		}})
	}
	return out
}

// Apply applies increments on their own: in one transaction on SQLite; one row after the other
// on MongoDB.
func (s *Store) Apply(ctx context.Context, incs ...*Inc) error {
	if err := s.b.apply(ctx, toBumps(incs, s.Now(), actor(ctx))); err != nil {
		return mapIncErr(err)
	}
	return nil
}

// ErrIncrementsPending: the record was written, the read-model increments its write carried
// were not (MongoDB, where the two are not one transaction). The write itself succeeded; the
// drift is for the reconciliation of whoever owns the read model.
var ErrIncrementsPending = errors.New("store: registro gravado sem os incrementos que o acompanham")

type alongError struct{ err error }

func (e *alongError) Error() string   { return ErrIncrementsPending.Error() + ": " + e.err.Error() }
func (e *alongError) Unwrap() []error { return []error{ErrIncrementsPending, e.err} }

func mapIncErr(err error) error {
	var de *errs.Error
	if err == nil || errors.Is(err, ErrIncrementsPending) || errors.As(err, &de) {
		return err
	}
	return errs.Internal(err)
}

// Along is what a record's write carries: the read-model increments of the change from antes
// (nil for a new record) to depois.
type Along[T any] func(antes, depois *T) []*Inc

// CreateWith is Create whose write carries the increments along(nil, t) gives: in its
// transaction on SQLite (neither is written without the other); right after it on MongoDB,
// where an error wrapping ErrIncrementsPending reports a record written without them (the
// record is returned). A replay writes nothing, increments included.
func (c *Collection[T]) CreateWith(ctx context.Context, sc Scope, t *T, along Along[T]) (*T, bool, error) {
	return c.create(ctx, sc, t, along)
}

// UpdateWith is Update whose write carries the increments along(antes, depois) gives for the
// change it writes (computed again on each attempt), as in CreateWith. A change that writes
// nothing carries nothing.
func (c *Collection[T]) UpdateWith(ctx context.Context, sc Scope, id string, versao int64, apply func(*T) error, along Along[T], opts ...UpdateOpt) (*T, error) {
	return c.updateAlong(ctx, sc, id, versao, apply, nil, along, opts)
}

// SetBetweenWrites makes every write that carries increments call f after its record is written
// and before the increments (tests: a process killed between the two).
func (s *Store) SetBetweenWrites(f func(id string)) { s.between = f }
