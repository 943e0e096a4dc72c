package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/textfold"
)

// Collection is a declared collection of entities T (a struct embedding Meta) on a store.
type Collection[T any] struct {
	st   *Store
	spec Spec[T]
	sc   *schema
}

// Declare registers a collection: its table or collection and indexes are created (or
// completed) at once. It fails on a spec that does not hold together.
func Declare[T any](ctx context.Context, st *Store, spec Spec[T]) (*Collection[T], error) {
	return declare(ctx, st, spec, true)
}

// declare is Declare; legacy registers the collection for the one-time copy of a legacy data
// directory (read models are built from their records instead).
func declare[T any](ctx context.Context, st *Store, spec Spec[T], legacy bool) (*Collection[T], error) {
	var zero T
	if _, ok := any(&zero).(metaer); !ok {
		return nil, fmt.Errorf("store: %T não embute store.Meta", zero)
	}
	sc, err := spec.schema()
	if err != nil {
		return nil, err
	}
	added, err := st.b.ensure(ctx, sc)
	if err != nil {
		return nil, fmt.Errorf("store: preparar %s: %w", spec.Name, err)
	}
	c := &Collection[T]{st: st, spec: spec, sc: sc}
	if len(added) > 0 {
		// A field declared after records were stored: compute it for them now, so that every
		// filter on it is right from the first request.
		if _, err := st.b.refresh(ctx, sc, c.computed); err != nil {
			return nil, fmt.Errorf("store: calcular %v em %s: %w", added, spec.Name, err)
		}
	}
	if legacy {
		st.reg.mu.Lock()
		st.reg.cols = append(st.reg.cols, c)
		st.reg.mu.Unlock()
	}
	return c, nil
}

// MustDeclare is Declare for package-level wiring; it panics on a bad spec.
func MustDeclare[T any](ctx context.Context, st *Store, spec Spec[T]) *Collection[T] {
	c, err := Declare(ctx, st, spec)
	if err != nil {
		panic(err)
	}
	return c
}

// Name is the collection's name.
func (c *Collection[T]) Name() string { return c.spec.Name }

// Store is the collection's store.
func (c *Collection[T]) Store() *Store { return c.st }

func meta[T any](t *T) *Meta { return any(t).(metaer).StoreMeta() }

func (c *Collection[T]) decode(r *record) (*T, error) {
	var t T
	if err := bson.Unmarshal(r.Doc, &t); err != nil {
		return nil, errs.Internal(fmt.Errorf("store: decodificar %s/%s: %w", c.spec.Name, r.ID, err))
	}
	return &t, nil
}

// computed is what the store derives from a stored entity: its declared fields and search text.
func (c *Collection[T]) computed(doc []byte) (map[string]any, string, error) {
	var t T
	if err := bson.Unmarshal(doc, &t); err != nil {
		return nil, "", err
	}
	r, err := c.encode(&t, "")
	if err != nil {
		return nil, "", err
	}
	return r.Fields, r.Busca, nil
}

// encode builds the record of t (its Meta already filled).
func (c *Collection[T]) encode(t *T, hash string) (*record, error) {
	m := meta(t)
	doc, err := bson.Marshal(t)
	if err != nil {
		return nil, errs.Internal(fmt.Errorf("store: codificar %s/%s: %w", c.spec.Name, m.ID, err))
	}
	r := &record{ID: m.ID, Empresa: m.Empresa, Versao: m.Versao, Excluido: m.Excluido, Hash: hash, Doc: doc,
		Fields: make(map[string]any, len(c.spec.Fields))}
	for _, f := range c.spec.Fields {
		r.Fields[f.Name] = norm(f.Value(t))
	}
	if c.spec.Search != nil {
		r.Busca = textfold.Fold(c.spec.Search(t))
	}
	r.Keys = c.keys(t)
	return r, nil
}

// adoptKey is the unique key a record holds for each create it answered (Adopt): the create's
// id, so that the id is never taken by another record nor adopted twice. Declared key names start
// with a letter, so it can't clash with one.
const adoptKey = "_criacao"

func (c *Collection[T]) keys(t *T) []ukey {
	var ks []ukey
	m := meta(t)
	del := m.Excluido
	for _, a := range m.Adocoes {
		ks = append(ks, ukey{adoptKey, a.ID})
	}
	for _, u := range c.spec.Unique {
		if del && u.ReleaseOnDelete {
			continue
		}
		seen := map[string]bool{}
		for _, k := range u.Keys(t) {
			if k != "" && !seen[k] {
				seen[k] = true
				ks = append(ks, ukey{u.Name, k})
			}
		}
	}
	return ks
}

func (c *Collection[T]) owner(r *record) string {
	if c.spec.Owner == "" {
		return ""
	}
	s, _ := r.Fields[c.spec.Owner].(string)
	return s
}

// check applies company and role scope to a stored record.
func (c *Collection[T]) check(sc Scope, r *record) error {
	if r.Empresa != sc.Empresa {
		return outOfScope(c.spec.OutOfScope)
	}
	if c.spec.Owner != "" && !sc.Sees(c.owner(r)) {
		return outOfScope(c.spec.OutOfScope)
	}
	return nil
}

// payloadHash identifies a create's payload: the entity without its bookkeeping (nor the
// fields derived by the server).
func (c *Collection[T]) payloadHash(t *T) (string, error) {
	cp := *t
	m := meta(&cp)
	*m = Meta{ID: m.ID}
	if c.spec.Derived != nil {
		c.spec.Derived(&cp)
	}
	b, err := bson.Marshal(&cp)
	if err != nil {
		return "", err
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:16]), nil
}

func (c *Collection[T]) mapErr(err error) error {
	var dk *dupKeyError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, errVersion):
		return versionConflict()
	case errors.As(err, &dk):
		if dk.key.name == adoptKey { // the create's id was answered by another record meanwhile
			return errs.Conflict(MsgIDReusado).WithReason(errs.ReasonIDReutilizado, "id", dk.key.key)
		}
		for _, u := range c.spec.Unique {
			if u.Name == dk.key.name && u.Conflict != nil {
				return u.Conflict(dk.key.key, dk.owner)
			}
		}
		return errs.Conflict(MsgChave).WithReason(errs.ReasonChaveDuplicada, "chave", dk.key.name, "id", dk.owner)
	}
	var de *errs.Error
	if errors.As(err, &de) {
		return err
	}
	return errs.Internal(err)
}

// Get returns a record within the scope: another company's id or one out of scope → 403
// FORA_DO_ESCOPO; a missing record or a tombstone → 404.
func (c *Collection[T]) Get(ctx context.Context, sc Scope, id string) (*T, error) {
	t, err := c.GetAny(ctx, sc, id)
	if err != nil {
		return nil, err
	}
	if meta(t).Excluido {
		return nil, notFound(c.spec.NotFound)
	}
	return t, nil
}

// GetAny is Get that also returns a tombstone.
func (c *Collection[T]) GetAny(ctx context.Context, sc Scope, id string) (*T, error) {
	if id == "" {
		return nil, notFound(c.spec.NotFound)
	}
	r, err := c.st.b.get(ctx, c.sc, id)
	if err != nil {
		return nil, errs.Internal(err)
	}
	if r == nil {
		return nil, notFound(c.spec.NotFound)
	}
	if err := c.check(sc, r); err != nil {
		return nil, err
	}
	return c.decode(r)
}

// GetMany returns the records of ids that exist within the scope (tombstones and others are
// left out), by id.
func (c *Collection[T]) GetMany(ctx context.Context, sc Scope, ids []string) (map[string]*T, error) {
	out := map[string]*T{}
	if len(ids) == 0 {
		return out, nil
	}
	rs, err := c.st.b.getMany(ctx, c.sc, ids)
	if err != nil {
		return nil, errs.Internal(err)
	}
	for id, r := range rs {
		if r.Excluido || c.check(sc, r) != nil {
			continue
		}
		t, err := c.decode(r)
		if err != nil {
			return nil, err
		}
		out[id] = t
	}
	return out, nil
}

// KeyOwner returns the id of the record holding a unique key in the company ("" when free).
func (c *Collection[T]) KeyOwner(ctx context.Context, empresa, name, key string) (string, error) {
	id, err := c.st.b.keyOwner(ctx, c.sc, empresa, ukey{name, key})
	if err != nil {
		return "", errs.Internal(err)
	}
	return id, nil
}

// GetByKey returns the record holding a unique key, within the scope (404 when free).
func (c *Collection[T]) GetByKey(ctx context.Context, sc Scope, name, key string) (*T, error) {
	id, err := c.KeyOwner(ctx, sc.Empresa, name, key)
	if err != nil {
		return nil, err
	}
	if id == "" {
		return nil, notFound(c.spec.NotFound)
	}
	return c.Get(ctx, sc, id)
}

// Create stores a new record with its client-generated id (meta.ID). A replay of the same
// payload returns the stored record and created=false — also when the first create was answered
// by another record (Adopt): the replay returns that record, never a conflict with it; the same
// id with another payload → 409 ID_REUTILIZADO; an id of another company (or out of scope) →
// 403. Unique keys are claimed atomically (409 from the key's Conflict when taken).
func (c *Collection[T]) Create(ctx context.Context, sc Scope, t *T) (*T, bool, error) {
	return c.create(ctx, sc, t, nil)
}

func (c *Collection[T]) create(ctx context.Context, sc Scope, t *T, along Along[T]) (*T, bool, error) {
	m := meta(t)
	if m.ID == "" {
		return nil, false, errs.Internal(fmt.Errorf("store: %s sem id", c.spec.Name))
	}
	hash, err := c.payloadHash(t)
	if err != nil {
		return nil, false, errs.Internal(err)
	}
	now := c.st.Now()
	who := actor(ctx)
	*m = Meta{ID: m.ID, Empresa: sc.Empresa, Versao: 1, CriadoEm: now, CriadoPor: who, AlteradoEm: now, AlteradoPor: who}
	r, err := c.encode(t, hash)
	if err != nil {
		return nil, false, err
	}
	if o := c.owner(r); c.spec.Owner != "" && !sc.Sees(o) {
		return nil, false, outOfScope(c.spec.OutOfScope)
	}
	// A replay is recognized before any key is claimed: keys taken since the first create (a
	// name another record uses now) must not turn a replay into a conflict.
	old, err := c.st.b.get(ctx, c.sc, m.ID)
	if err != nil {
		return nil, false, errs.Internal(err)
	}
	if old == nil {
		// A create answered by an existing record (Adopt) is replayed as that record.
		holder, kerr := c.st.b.keyOwner(ctx, c.sc, sc.Empresa, ukey{adoptKey, m.ID})
		if kerr != nil {
			return nil, false, errs.Internal(kerr)
		}
		if holder != "" {
			if prev, aerr := c.adopted(ctx, sc, holder, m.ID, hash); prev != nil || aerr != nil {
				return prev, false, aerr
			}
		}
		w := &write{rec: r, owners: ownersOf(c.owner(r)), slow: c.st.slow}
		if along != nil {
			w.along, w.between = toBumps(along(nil, t), now, who), c.st.between
		}
		err = c.st.b.put(ctx, c.sc, w)
		if errors.Is(err, ErrIncrementsPending) {
			return t, true, err
		}
		if errors.Is(err, errExists) { // a concurrent create of the same id won
			if old, err = c.st.b.get(ctx, c.sc, m.ID); err != nil {
				return nil, false, errs.Internal(err)
			}
		}
	}
	if old != nil {
		if cerr := c.check(sc, old); cerr != nil {
			return nil, false, cerr
		}
		if old.Hash != hash {
			return nil, false, errs.Conflict(MsgIDReusado).WithReason(errs.ReasonIDReutilizado, "id", m.ID)
		}
		prev, derr := c.decode(old)
		return prev, false, derr
	}
	if err != nil {
		return nil, false, c.mapErr(err)
	}
	return t, true, nil
}

// adopted is the answer to a replay of create id that record holder answered (nil, nil when
// holder no longer records it).
func (c *Collection[T]) adopted(ctx context.Context, sc Scope, holder, id, hash string) (*T, error) {
	r, err := c.st.b.get(ctx, c.sc, holder)
	if err != nil {
		return nil, errs.Internal(err)
	}
	if r == nil {
		return nil, nil
	}
	if err := c.check(sc, r); err != nil {
		return nil, err
	}
	t, err := c.decode(r)
	if err != nil {
		return nil, err
	}
	for _, a := range meta(t).Adocoes {
		if a.ID == id {
			if a.Hash != hash {
				return nil, errs.Conflict(MsgIDReusado).WithReason(errs.ReasonIDReutilizado, "id", id)
			}
			return t, nil
		}
	}
	return nil, nil
}

// Adopt answers a create with an existing record instead of a new one: t is the create (its
// client id in meta.ID, as given to Create) whose unique key record id holds, and apply brings
// that record back (a customer reactivated with the new data). apply runs as in Update (versao
// 0, opts), and the create's id and payload are recorded on the record in the same write, so
// that a replay of the create (Create with the same id and payload) returns this record,
// whatever happened to the key since; the id never becomes a record of its own (Get → 404) and
// the same id with another payload → 409 ID_REUTILIZADO. Adopting a create the record already
// answered returns it unchanged, without calling apply (a replay that raced the first call).
func (c *Collection[T]) Adopt(ctx context.Context, sc Scope, t *T, id string, apply func(*T) error, opts ...UpdateOpt) (*T, error) {
	cid := meta(t).ID
	if cid == "" || cid == id {
		return nil, errs.Internal(fmt.Errorf("store: %s: adoção sem id de criação próprio", c.spec.Name))
	}
	hash, err := c.payloadHash(t)
	if err != nil {
		return nil, errs.Internal(err)
	}
	return c.updateAlong(ctx, sc, id, 0, apply, &Adocao{ID: cid, Hash: hash}, nil, opts)
}

// CreateMany inserts new records in one go (seeds, bulk loads), all or nothing on SQLite.
// Ids must be new; it is not for client requests (no replay check).
func (c *Collection[T]) CreateMany(ctx context.Context, sc Scope, ts []*T) error {
	now := c.st.Now()
	who := actor(ctx)
	ws := make([]*write, 0, len(ts))
	for _, t := range ts {
		m := meta(t)
		hash, err := c.payloadHash(t)
		if err != nil {
			return errs.Internal(err)
		}
		*m = Meta{ID: m.ID, Empresa: sc.Empresa, Versao: 1, CriadoEm: now, CriadoPor: who, AlteradoEm: now, AlteradoPor: who}
		r, err := c.encode(t, hash)
		if err != nil {
			return err
		}
		ws = append(ws, &write{rec: r, owners: ownersOf(c.owner(r)), slow: c.st.slow})
	}
	return c.mapErr(c.st.b.putMany(ctx, c.sc, ws))
}

// Import stores records exactly as given, bookkeeping included (the one-time copy of a legacy
// database). Records already there are left alone. A record whose unique key another record
// already holds (data the old code let in) is stored without that key and reported, never
// dropped.
func (c *Collection[T]) Import(ctx context.Context, ts []*T) (int, []string, error) {
	var ws []*write
	for _, t := range ts {
		m := meta(t)
		if m.ID == "" || m.Empresa == "" {
			continue
		}
		if m.Versao == 0 {
			m.Versao = 1
		}
		m.CriadoEm, m.AlteradoEm = m.CriadoEm.UTC().Truncate(1e6), m.AlteradoEm.UTC().Truncate(1e6)
		hash, err := c.payloadHash(t)
		if err != nil {
			return 0, nil, err
		}
		r, err := c.encode(t, hash)
		if err != nil {
			return 0, nil, err
		}
		if old, err := c.st.b.get(ctx, c.sc, m.ID); err != nil {
			return 0, nil, err
		} else if old != nil {
			continue
		}
		ws = append(ws, &write{rec: r, owners: ownersOf(c.owner(r)), slow: c.st.slow})
	}
	if len(ws) == 0 {
		return 0, nil, nil
	}
	err := c.st.b.putMany(ctx, c.sc, ws)
	var dk *dupKeyError
	if !errors.As(err, &dk) {
		if err != nil {
			return 0, nil, err
		}
		return len(ws), nil, nil
	}
	// A key conflict: one record at a time, each conflicting key left out and reported.
	var conflicts []string
	for _, w := range ws {
		for {
			err := c.st.b.put(ctx, c.sc, w)
			if errors.Is(err, errExists) {
				break // written by the batch before it failed (MongoDB has no transaction)
			}
			if !errors.As(err, &dk) {
				if err != nil {
					return 0, conflicts, err
				}
				break
			}
			conflicts = append(conflicts, fmt.Sprintf("%s %s: %s %q já é de %s; copiado sem essa chave", c.spec.Name, w.rec.ID, dk.key.name, dk.key.key, dk.owner))
			w.rec.Keys = released(w.rec.Keys, []ukey{dk.key})
		}
	}
	return len(ws), conflicts, nil
}

func ownersOf(os ...string) []string {
	var out []string
	for _, o := range os {
		if o == "" {
			continue
		}
		dup := false
		for _, x := range out {
			dup = dup || x == o
		}
		if !dup {
			out = append(out, o)
		}
	}
	return out
}

// UpdateOpt changes how Update treats a record.
type UpdateOpt int

const (
	// IncludeDeleted lets Update change a tombstone (to revive it).
	IncludeDeleted UpdateOpt = iota + 1
	// AnyOwner skips the owner scope on the stored record (the company is still checked): for
	// changes the use case has authorized itself.
	AnyOwner
)

// Update changes a record with optimistic concurrency: versao > 0 must be the stored versao
// (else 409 VERSAO_DESATUALIZADA); versao 0 applies the change to whatever is current,
// retrying when another write lands in between. apply runs on the current record and may
// refuse with a domain error; when it changes nothing, nothing is written. Bookkeeping
// (versao, alterado_em, alterado_por) is done here.
func (c *Collection[T]) Update(ctx context.Context, sc Scope, id string, versao int64, apply func(*T) error, opts ...UpdateOpt) (*T, error) {
	return c.updateAlong(ctx, sc, id, versao, apply, nil, nil, opts)
}

func (c *Collection[T]) updateAlong(ctx context.Context, sc Scope, id string, versao int64, apply func(*T) error, adopt *Adocao, along Along[T], opts []UpdateOpt) (*T, error) {
	for attempt := 0; ; attempt++ {
		r, err := c.st.b.get(ctx, c.sc, id)
		if err != nil {
			return nil, errs.Internal(err)
		}
		if r == nil {
			return nil, notFound(c.spec.NotFound)
		}
		if err := c.check(updateScope(sc, opts), r); err != nil {
			return nil, err
		}
		if r.Excluido && !hasOpt(opts, IncludeDeleted) {
			return nil, notFound(c.spec.NotFound)
		}
		if versao > 0 && r.Versao != versao {
			return nil, versionConflict()
		}
		t, w, err := c.change(ctx, sc, r, apply, adopt, opts)
		if err != nil || w == nil {
			return t, err
		}
		if along != nil {
			antes, err := c.decode(r)
			if err != nil {
				return nil, err
			}
			w.along, w.between = toBumps(along(antes, t), meta(t).AlteradoEm, meta(t).AlteradoPor), c.st.between
		}
		err = c.st.b.put(ctx, c.sc, w)
		if errors.Is(err, ErrIncrementsPending) {
			return t, err
		}
		if errors.Is(err, errVersion) && versao == 0 && attempt < defaultRetries {
			continue
		}
		if err != nil {
			return nil, c.mapErr(err)
		}
		return t, nil
	}
}

func hasOpt(opts []UpdateOpt, o UpdateOpt) bool {
	for _, x := range opts {
		if x == o {
			return true
		}
	}
	return false
}

func updateScope(sc Scope, opts []UpdateOpt) Scope {
	if hasOpt(opts, AnyOwner) {
		return Company(sc.Empresa)
	}
	return sc
}

// change applies apply to a stored record and returns the record and its write (nil when
// apply changed nothing). Bookkeeping, scope and unique keys are handled here, for Update and
// UpdateMany alike; adopt, when set, is a create the record answers (Adopt).
func (c *Collection[T]) change(ctx context.Context, sc Scope, r *record, apply func(*T) error, adopt *Adocao, opts []UpdateOpt) (*T, *write, error) {
	incDel, anyOwner := hasOpt(opts, IncludeDeleted), hasOpt(opts, AnyOwner)
	if err := c.check(updateScope(sc, opts), r); err != nil {
		return nil, nil, err
	}
	if r.Excluido && !incDel {
		return nil, nil, notFound(c.spec.NotFound)
	}
	t, err := c.decode(r)
	if err != nil {
		return nil, nil, err
	}
	adocoes := meta(t).Adocoes
	if adopt != nil {
		for _, a := range adocoes {
			if a.ID == adopt.ID {
				if a.Hash != adopt.Hash {
					return nil, nil, errs.Conflict(MsgIDReusado).WithReason(errs.ReasonIDReutilizado, "id", a.ID)
				}
				return t, nil, nil // answered already
			}
		}
	}
	oldKeys := c.keys(t)
	before, err := bson.Marshal(t)
	if err != nil {
		return nil, nil, errs.Internal(err)
	}
	if err := apply(t); err != nil {
		return nil, nil, err
	}
	m := meta(t)
	m.ID, m.Empresa, m.Versao = r.ID, r.Empresa, r.Versao // apply may not touch these
	m.Adocoes = adocoes
	if adopt != nil {
		m.Adocoes = append(append([]Adocao(nil), adocoes...), *adopt)
	}
	nr, err := c.encode(t, r.Hash)
	if err != nil {
		return nil, nil, err
	}
	if bytes.Equal(nr.Doc, before) {
		return t, nil, nil
	}
	m.Versao = r.Versao + 1
	m.AlteradoEm, m.AlteradoPor = c.st.Now(), actor(ctx)
	if nr, err = c.encode(t, r.Hash); err != nil {
		return nil, nil, err
	}
	if o := c.owner(nr); !anyOwner && c.spec.Owner != "" && !sc.Sees(o) {
		return nil, nil, outOfScope(c.spec.OutOfScope)
	}
	return t, &write{rec: nr, prev: r.Versao, release: released(oldKeys, nr.Keys), owners: ownersOf(c.owner(r), c.owner(nr)), slow: c.st.slow}, nil
}

// DefaultUpdateBatch is how many records UpdateMany writes in one transaction.
const DefaultUpdateBatch = 500

// UpdateMany applies apply to every record of ids (as Update with versao 0), writing them in
// batches (DefaultUpdateBatch), each in one transaction on SQLite (a portfolio transfer or a region
// change touches thousands of customers). Every record is checked before its batch is written:
// one out of scope refuses the call; missing ones and tombstones (unless IncludeDeleted) are
// skipped. apply must be idempotent: when another write lands on a batch meanwhile, the batch
// is applied again record by record. It returns the records it changed.
func (c *Collection[T]) UpdateMany(ctx context.Context, sc Scope, ids []string, apply func(*T) error, opts ...UpdateOpt) ([]*T, error) {
	var out []*T
	batch := c.st.batch
	if batch <= 0 {
		batch = DefaultUpdateBatch
	}
	for start := 0; start < len(ids); start += batch {
		part := ids[start:min(start+batch, len(ids))]
		rs, err := c.st.b.getMany(ctx, c.sc, part)
		if err != nil {
			return out, errs.Internal(err)
		}
		var ws []*write
		var ts []*T
		for _, id := range part {
			r := rs[id]
			if r == nil {
				continue
			}
			t, w, err := c.change(ctx, sc, r, apply, nil, opts)
			if errs.IsKind(err, errs.KindNotFound) {
				continue
			}
			if err != nil {
				return out, err
			}
			if w != nil {
				ws, ts = append(ws, w), append(ts, t)
			}
		}
		err = c.st.b.putMany(ctx, c.sc, ws)
		if errors.Is(err, errVersion) {
			// Another write landed in between: one by one, each on its current record.
			for _, w := range ws {
				t, err := c.Update(ctx, sc, w.rec.ID, 0, apply, opts...)
				if errs.IsKind(err, errs.KindNotFound) {
					continue
				}
				if err != nil {
					return out, err
				}
				out = append(out, t)
			}
			continue
		}
		if err != nil {
			return out, c.mapErr(err)
		}
		out = append(out, ts...)
	}
	return out, nil
}

func released(old, now []ukey) []ukey {
	var out []ukey
	for _, k := range old {
		keep := false
		for _, n := range now {
			keep = keep || n == k
		}
		if !keep {
			out = append(out, k)
		}
	}
	return out
}

// Delete turns a record into a tombstone (versao > 0 must match, as in Update). Deleting a
// tombstone again succeeds (a replay).
func (c *Collection[T]) Delete(ctx context.Context, sc Scope, id string, versao int64) (*T, error) {
	cur, err := c.GetAny(ctx, sc, id)
	if err != nil {
		return nil, err
	}
	if meta(cur).Excluido {
		return cur, nil
	}
	return c.Update(ctx, sc, id, versao, func(t *T) error {
		meta(t).Excluido = true
		return nil
	}, IncludeDeleted)
}

// pageToken is the position after the last record of a page.
type pageToken struct {
	V  []any  `json:"v"`
	ID string `json:"i"`
}

func encodeToken(v []any, id string) string {
	b, _ := json.Marshal(pageToken{V: v, ID: id})
	return base64.RawURLEncoding.EncodeToString(b)
}

func decodeToken(tok string, n int) (*pageToken, error) {
	b, err := base64.RawURLEncoding.DecodeString(tok)
	var p pageToken
	if err != nil || json.Unmarshal(b, &p) != nil || len(p.V) != n {
		return nil, errs.Field("page_token", MsgPageToken)
	}
	for i, v := range p.V {
		switch x := v.(type) {
		case string:
		case float64:
			p.V[i] = int64(x)
		default:
			return nil, errs.Field("page_token", MsgPageToken)
		}
	}
	return &p, nil
}

// searchWords folds a search term into its words (bounded).
func searchWords(q string) ([]string, error) {
	if len([]rune(q)) > MaxSearchLen {
		return nil, errs.Field("q", MsgSearchLong)
	}
	ws := strings.Fields(textfold.Fold(q))
	if len(ws) > MaxSearchWords {
		ws = ws[:MaxSearchWords]
	}
	return ws, nil
}

func (c *Collection[T]) bq(sc Scope, q Query) (*bquery, error) {
	b := &bquery{empresa: sc.Empresa, withDeleted: q.WithDeleted}
	for _, cd := range q.Where {
		if !c.sc.hasField(cd.Field) {
			return nil, errs.Internal(fmt.Errorf(msgUnknownFld, cd.Field, c.spec.Name))
		}
		if cd.Op == "in" {
			vs, _ := cd.Value.([]any)
			nv := make([]any, len(vs))
			for i, v := range vs {
				nv[i] = norm(v)
			}
			cd.Value = nv
		} else {
			cd.Value = norm(cd.Value)
		}
		b.conds = append(b.conds, cd)
	}
	if c.spec.Owner != "" && sc.Owners != nil {
		b.conds = append(b.conds, In(c.spec.Owner, sc.Owners))
	}
	if q.Search != "" {
		if c.spec.Search == nil {
			return nil, errs.Internal(fmt.Errorf("store: %s não declara busca", c.spec.Name))
		}
		ws, err := searchWords(q.Search)
		if err != nil {
			return nil, err
		}
		b.words = ws
	}
	return b, nil
}

// List returns one page of the records in scope that match q, in the declared order.
func (c *Collection[T]) List(ctx context.Context, sc Scope, q Query) (*Page[T], error) {
	b, err := c.bq(sc, q)
	if err != nil {
		return nil, err
	}
	n := PageSize(q.PageSize)
	b.limit = n + 1
	if q.PageToken != "" {
		tok, err := decodeToken(q.PageToken, len(c.spec.Sort.Fields))
		if err != nil {
			return nil, err
		}
		b.after, b.afterID, b.hasAfter = tok.V, tok.ID, true
	}
	rs, err := c.st.b.list(ctx, c.sc, b)
	if err != nil {
		return nil, errs.Internal(err)
	}
	p := &Page[T]{Items: make([]*T, 0, min(len(rs), n))}
	for i, r := range rs {
		if i == n {
			last := rs[n-1]
			v := make([]any, len(c.spec.Sort.Fields))
			for j, f := range c.spec.Sort.Fields {
				v[j] = last.Fields[f]
			}
			p.Next = encodeToken(v, last.ID)
			break
		}
		t, err := c.decode(r)
		if err != nil {
			return nil, err
		}
		p.Items = append(p.Items, t)
	}
	return p, nil
}

// All lists every record in scope matching q (pages of MaxPageSize; for bounded sets such as a
// company's regions, or server-side work).
func (c *Collection[T]) All(ctx context.Context, sc Scope, q Query) ([]*T, error) {
	var out []*T
	q.PageSize = MaxPageSize
	for {
		p, err := c.List(ctx, sc, q)
		if err != nil {
			return nil, err
		}
		out = append(out, p.Items...)
		if p.Next == "" {
			return out, nil
		}
		q.PageToken = p.Next
	}
}

// Count counts the records in scope matching q, grouped by fields (none: one group).
func (c *Collection[T]) Count(ctx context.Context, sc Scope, q Query, by ...string) ([]Group, error) {
	for _, f := range by {
		if !c.sc.hasField(f) {
			return nil, errs.Internal(fmt.Errorf(msgUnknownFld, f, c.spec.Name))
		}
	}
	b, err := c.bq(sc, q)
	if err != nil {
		return nil, err
	}
	gs, err := c.st.b.count(ctx, c.sc, b, by)
	if err != nil {
		return nil, errs.Internal(err)
	}
	sort.Slice(gs, func(i, j int) bool { return fmt.Sprint(gs[i].Keys) < fmt.Sprint(gs[j].Keys) })
	return gs, nil
}

// Incr adds deltas to the counters of a summary document (name, id) of the company,
// atomically, and returns the new values (the computed pattern for goals and dashboards).
func (s *Store) Incr(ctx context.Context, name, empresa, id string, deltas map[string]int64) (map[string]int64, error) {
	v, err := s.b.incr(ctx, name, empresa, id, deltas)
	if err != nil {
		return nil, errs.Internal(err)
	}
	return v, nil
}

// Counters reads a summary document (zero values when it does not exist).
func (s *Store) Counters(ctx context.Context, name, empresa, id string) (map[string]int64, error) {
	v, err := s.b.counters(ctx, name, empresa, id)
	if err != nil {
		return nil, errs.Internal(err)
	}
	return v, nil
}

// AllCounters reads every summary document of a name in the company, by id (for a
// reconciliation that must also find figures no record explains any more).
func (s *Store) AllCounters(ctx context.Context, name, empresa string) (map[string]map[string]int64, error) {
	v, err := s.b.allCounters(ctx, name, empresa)
	if err != nil {
		return nil, errs.Internal(err)
	}
	return v, nil
}

// Companies lists the companies that have records in the collection (server-side work that
// runs over every company, such as building a read model from its records).
func (c *Collection[T]) Companies(ctx context.Context) ([]string, error) {
	es, err := c.st.b.companies(ctx, c.sc)
	if err != nil {
		return nil, errs.Internal(err)
	}
	return es, nil
}

// TokenAfter is the page token that resumes a list right after t (for a use case that stops
// in the middle of a page it read).
func (c *Collection[T]) TokenAfter(t *T) string {
	v := make([]any, len(c.spec.Sort.Fields))
	for i, f := range c.spec.Sort.Fields {
		for _, fd := range c.spec.Fields {
			if fd.Name == f {
				v[i] = norm(fd.Value(t))
			}
		}
	}
	return encodeToken(v, meta(t).ID)
}
