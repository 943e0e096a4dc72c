package store

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"go.mongodb.org/mongo-driver/v2/x/bsonx/bsoncore"
)

// The MongoDB backend (production: a replica set, write concern majority with journal). Each
// collection holds the entity's fields at the top level plus `_s` (the declared fields, the
// search text, the create hash and the unique keys held), with an index per declared index.
//
// MongoDB is used without transactions (FerretDB, which runs this backend in the tests, has
// none), so the two rules that need atomicity across documents are built from single-document
// operations:
//   - unique keys are claim documents in `_keys` (_id = col|empresa|name|key); a claim whose
//     record does not hold the key (a writer that died between the claim and its write) is stale
//     and taken over;
//   - the feed is a per-company sequence: a writer takes seq n ($inc on `_seq`), writes the
//     record, then appends change n to `_changes`. Readers stop at a missing n until it fills;
//     when the change after the gap is older than gapTimeout, the reader voids n, and a writer
//     that finds its n voided appends its change again with a new n. Nothing is skipped, however
//     slow the writer.

type mongoBackend struct {
	db         *mongo.Database
	gapTimeout time.Duration
	staleAfter time.Duration
	heads      sync.Map // col|empresa -> int64, the contiguous head known to this process
	rows       [rowStripes]sync.Mutex
}

// OpenMongo uses db (its client connected with write concern majority) as the store.
func OpenMongo(ctx context.Context, db *mongo.Database) (*Store, error) {
	b := &mongoBackend{db: db, gapTimeout: 10 * time.Second, staleAfter: 30 * time.Second}
	if err := b.init(ctx); err != nil {
		return nil, err
	}
	return newStore(b), nil
}

// SetGapTimeout changes how long a MongoDB feed reader waits on a missing change (tests).
func (s *Store) SetGapTimeout(d time.Duration) {
	if b, ok := s.b.(*mongoBackend); ok {
		b.gapTimeout = d
	}
}

func (b *mongoBackend) kind() string { return "mongodb" }
func (b *mongoBackend) close() error { return nil }

func (b *mongoBackend) init(ctx context.Context) error {
	_, err := b.db.Collection("_counters").Indexes().CreateOne(ctx, mongo.IndexModel{Keys: bson.D{{Key: "empresa", Value: 1}}, Options: options.Index().SetName("empresa")})
	return err
}

func (b *mongoBackend) ensure(ctx context.Context, sc *schema) ([]string, error) {
	// The declared fields of each collection are recorded in _schemas: a field missing there was
	// declared after the stored records were written, and must be computed for them.
	var prev struct {
		Fields []string `bson:"fields"`
	}
	err := b.db.Collection("_schemas").FindOne(ctx, bson.D{{Key: "_id", Value: sc.name}}).Decode(&prev)
	if err != nil && !errors.Is(err, mongo.ErrNoDocuments) {
		return nil, err
	}
	var added []string
	if err == nil {
		for _, f := range sc.fields {
			known := false
			for _, p := range prev.Fields {
				known = known || p == f
			}
			if !known {
				added = append(added, f)
			}
		}
	}
	if _, err := b.db.Collection("_schemas").UpdateOne(ctx, bson.D{{Key: "_id", Value: sc.name}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "fields", Value: sc.fields}}}}, options.UpdateOne().SetUpsert(true)); err != nil {
		return nil, err
	}
	return added, b.ensureIndexes(ctx, sc)
}

func (b *mongoBackend) refresh(ctx context.Context, sc *schema, compute func([]byte) (map[string]any, string, error)) (int, error) {
	cur, err := b.db.Collection(sc.name).Find(ctx, bson.D{})
	if err != nil {
		return 0, err
	}
	defer cur.Close(ctx)
	n := 0
	for cur.Next(ctx) {
		r, err := b.record(sc, cur.Current)
		if err != nil {
			return n, err
		}
		fields, busca, err := compute(r.Doc)
		if err != nil {
			return n, err
		}
		f := bson.D{}
		for _, name := range sc.fields {
			f = append(f, bson.E{Key: name, Value: fields[name]})
		}
		if _, err := b.db.Collection(sc.name).UpdateOne(ctx, bson.D{{Key: "_id", Value: r.ID}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "_s.f", Value: f}, {Key: "_s.b", Value: busca}}}}); err != nil {
			return n, err
		}
		n++
	}
	return n, cur.Err()
}

func (b *mongoBackend) ensureIndexes(ctx context.Context, sc *schema) error {
	// Only the missing ones are created (FerretDB drops the connection when asked to create an
	// index that exists; MongoDB would ignore it).
	have := map[string]bool{}
	cur, err := b.db.Collection(sc.name).Indexes().List(ctx)
	if err != nil {
		return err
	}
	var specs []struct {
		Name string `bson:"name"`
	}
	if err := cur.All(ctx, &specs); err != nil {
		return err
	}
	for _, x := range specs {
		have[x.Name] = true
	}
	var models []mongo.IndexModel
	for _, idx := range sc.indexes {
		if have[indexName("", idx)] {
			continue
		}
		keys := bson.D{{Key: "empresa", Value: 1}, {Key: "excluido", Value: 1}}
		for _, f := range idx {
			keys = append(keys, bson.E{Key: "_s.f." + f, Value: 1})
		}
		keys = append(keys, bson.E{Key: "_id", Value: 1})
		name := indexName("", idx)
		models = append(models, mongo.IndexModel{Keys: keys, Options: options.Index().SetName(name)})
		have[name] = true
	}
	if len(models) == 0 {
		return nil
	}
	_, err = b.db.Collection(sc.name).Indexes().CreateMany(ctx, models)
	return err
}

type side struct {
	F bson.D   `bson:"f"`
	B string   `bson:"b"`
	H string   `bson:"h"`
	K []string `bson:"k"`
}

func keyID(col, empresa string, k ukey) string {
	return col + "|" + empresa + "|" + k.name + "|" + k.key
}
func keyStr(k ukey) string { return k.name + "|" + k.key }

func (b *mongoBackend) doc(sc *schema, r *record) (bson.Raw, error) {
	s := side{B: r.Busca, H: r.Hash, K: []string{}}
	for _, f := range sc.fields {
		s.F = append(s.F, bson.E{Key: f, Value: r.Fields[f]})
	}
	for _, k := range r.Keys {
		s.K = append(s.K, keyStr(k))
	}
	sb, err := bson.Marshal(s)
	if err != nil {
		return nil, err
	}
	els, err := bson.Raw(r.Doc).Elements()
	if err != nil {
		return nil, err
	}
	idx, dst := bsoncore.AppendDocumentStart(nil)
	for _, e := range els {
		if e.Key() == "_s" {
			continue
		}
		dst = append(dst, e...)
	}
	dst = bsoncore.AppendDocumentElement(dst, "_s", sb)
	dst, err = bsoncore.AppendDocumentEnd(dst, idx)
	return bson.Raw(dst), err
}

func (b *mongoBackend) record(sc *schema, raw bson.Raw) (*record, error) {
	r := &record{Fields: map[string]any{}}
	els, err := raw.Elements()
	if err != nil {
		return nil, err
	}
	idx, dst := bsoncore.AppendDocumentStart(nil)
	for _, e := range els {
		v := e.Value()
		switch e.Key() {
		case "_s":
			var s side
			if err := bson.Unmarshal(v.Value, &s); err != nil {
				return nil, err
			}
			for _, f := range s.F {
				r.Fields[f.Key] = norm(f.Value)
			}
			r.Busca, r.Hash = s.B, s.H
			for _, k := range s.K {
				n, key, _ := strings.Cut(k, "|")
				r.Keys = append(r.Keys, ukey{n, key})
			}
			continue
		case "_id":
			r.ID, _ = v.StringValueOK()
		case "empresa":
			r.Empresa, _ = v.StringValueOK()
		case "versao":
			r.Versao, _ = v.AsInt64OK()
		case "excluido":
			r.Excluido, _ = v.BooleanOK()
		}
		dst = append(dst, e...)
	}
	dst, err = bsoncore.AppendDocumentEnd(dst, idx)
	if err != nil {
		return nil, err
	}
	for _, f := range sc.fields {
		if _, ok := r.Fields[f]; !ok {
			r.Fields[f] = ""
		}
	}
	r.Doc = dst
	return r, nil
}

func (b *mongoBackend) get(ctx context.Context, sc *schema, id string) (*record, error) {
	raw, err := b.db.Collection(sc.name).FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Raw()
	if errors.Is(err, mongo.ErrNoDocuments) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return b.record(sc, raw)
}

func (b *mongoBackend) getMany(ctx context.Context, sc *schema, ids []string) (map[string]*record, error) {
	out := make(map[string]*record, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	cur, err := b.db.Collection(sc.name).Find(ctx, bson.D{{Key: "_id", Value: bson.D{{Key: "$in", Value: ids}}}})
	if err != nil {
		return nil, err
	}
	defer cur.Close(ctx)
	for cur.Next(ctx) {
		r, err := b.record(sc, cur.Current)
		if err != nil {
			return nil, err
		}
		out[r.ID] = r
	}
	return out, cur.Err()
}

func (b *mongoBackend) holds(ctx context.Context, sc *schema, id string, k ukey) (bool, error) {
	r, err := b.get(ctx, sc, id)
	if err != nil || r == nil {
		return false, err
	}
	for _, x := range r.Keys {
		if x == k {
			return true, nil
		}
	}
	return false, nil
}

func (b *mongoBackend) keyOwner(ctx context.Context, sc *schema, empresa string, k ukey) (string, error) {
	var c struct {
		ID string `bson:"id"`
	}
	err := b.db.Collection("_keys").FindOne(ctx, bson.D{{Key: "_id", Value: keyID(sc.name, empresa, k)}}).Decode(&c)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	ok, err := b.holds(ctx, sc, c.ID, k)
	if err != nil || !ok {
		return "", err // a stale claim is a free key
	}
	return c.ID, nil
}

// claim makes id the holder of k; it returns whether the claim is new (to release on failure).
// A claim older than staleAfter whose record does not hold the key was left by a writer that
// failed or died between its claim and its write: it is taken over.
func (b *mongoBackend) claim(ctx context.Context, sc *schema, empresa, id string, k ukey) (bool, error) {
	keys := b.db.Collection("_keys")
	kid := keyID(sc.name, empresa, k)
	for attempt := 0; attempt < 5; attempt++ {
		_, err := keys.InsertOne(ctx, bson.D{{Key: "_id", Value: kid}, {Key: "id", Value: id}, {Key: "empresa", Value: empresa}, {Key: "at", Value: time.Now().UTC()}})
		if err == nil {
			return true, nil
		}
		if !mongo.IsDuplicateKeyError(err) {
			return false, err
		}
		var c struct {
			ID string    `bson:"id"`
			At time.Time `bson:"at"`
		}
		if err := keys.FindOne(ctx, bson.D{{Key: "_id", Value: kid}}).Decode(&c); errors.Is(err, mongo.ErrNoDocuments) {
			continue // released meanwhile
		} else if err != nil {
			return false, err
		}
		if c.ID == id {
			return false, nil
		}
		held, err := b.holds(ctx, sc, c.ID, k)
		if err != nil {
			return false, err
		}
		if held || time.Since(c.At) < b.staleAfter {
			return false, &dupKeyError{key: k, owner: c.ID}
		}
		// Stale: remove exactly that claim and compete for the key again.
		if _, err := keys.DeleteOne(ctx, bson.D{{Key: "_id", Value: kid}, {Key: "id", Value: c.ID}, {Key: "at", Value: c.At}}); err != nil {
			return false, err
		}
	}
	return false, fmt.Errorf("store: disputa pela chave %s", kid)
}

// lock takes the right to write version prev+1 of a record: one insert of a lock document,
// which a unique _id makes atomic on every MongoDB-wire server (FerretDB runs a conditional
// replace as a read and a write, so two writers of the same versao could both succeed). The
// lock goes once the write is done; one left by a dead writer expires after staleAfter.
func (b *mongoBackend) lock(ctx context.Context, col, id string, prev int64) (func(), error) {
	locks := b.db.Collection("_locks")
	lid := fmt.Sprintf("%s|%s|%d", col, id, prev+1)
	for attempt := 0; attempt < 2; attempt++ {
		at := time.Now().UTC()
		_, err := locks.InsertOne(ctx, bson.D{{Key: "_id", Value: lid}, {Key: "at", Value: at}})
		if err == nil {
			return func() {
				_, _ = locks.DeleteOne(context.WithoutCancel(ctx), bson.D{{Key: "_id", Value: lid}, {Key: "at", Value: at}})
			}, nil
		}
		if !mongo.IsDuplicateKeyError(err) {
			return nil, err
		}
		var l struct {
			At time.Time `bson:"at"`
		}
		if err := locks.FindOne(ctx, bson.D{{Key: "_id", Value: lid}}).Decode(&l); err == nil && time.Since(l.At) > b.staleAfter {
			_, _ = locks.DeleteOne(ctx, bson.D{{Key: "_id", Value: lid}, {Key: "at", Value: l.At}})
			continue
		}
		return nil, errVersion
	}
	return nil, errVersion
}

func (b *mongoBackend) release(ctx context.Context, sc *schema, empresa, id string, ks []ukey) {
	for _, k := range ks {
		_, _ = b.db.Collection("_keys").DeleteOne(context.WithoutCancel(ctx), bson.D{{Key: "_id", Value: keyID(sc.name, empresa, k)}, {Key: "id", Value: id}})
	}
}

func seqID(col, empresa string, n int64) string { return fmt.Sprintf("%s|%s|%020d", col, empresa, n) }

func (b *mongoBackend) nextSeq(ctx context.Context, col, empresa string) (int64, error) {
	for attempt := 0; ; attempt++ {
		var c struct {
			N int64 `bson:"n"`
		}
		err := b.db.Collection("_seq").FindOneAndUpdate(ctx, bson.D{{Key: "_id", Value: col + "|" + empresa}},
			bson.D{{Key: "$inc", Value: bson.D{{Key: "n", Value: int64(1)}}}},
			options.FindOneAndUpdate().SetUpsert(true).SetReturnDocument(options.After)).Decode(&c)
		// Two first writers of a company race to create the counter: the loser tries again.
		if mongo.IsDuplicateKeyError(err) && attempt < 5 {
			continue
		}
		if refused(err) && attempt < 8 {
			time.Sleep(time.Duration(1<<attempt) * time.Millisecond)
			continue
		}
		return c.N, err
	}
}

// refused reports a command the server answered with an error of its own (FerretDB's "database
// is locked" when many writers meet): it was not carried out, and may be sent again. A position
// taken twice all the same would only leave a gap, which readers void (changes).
func refused(err error) bool {
	var ce mongo.CommandError
	return errors.As(err, &ce) && ce.Code != 11000 // (not a duplicate key: that one is an answer)
}

func (b *mongoBackend) appendChange(ctx context.Context, col, empresa string, n int64, id string, owners []string, void bool) error {
	if owners == nil {
		owners = []string{}
	}
	_, err := b.db.Collection("_changes").InsertOne(ctx, bson.D{{Key: "_id", Value: seqID(col, empresa, n)}, {Key: "seq", Value: n},
		{Key: "id", Value: id}, {Key: "owners", Value: owners}, {Key: "void", Value: void}, {Key: "at", Value: time.Now().UTC()}})
	return err
}

func (b *mongoBackend) put(ctx context.Context, sc *schema, w *write) error {
	r := w.rec
	var claimed []ukey
	for _, k := range r.Keys {
		isNew, err := b.claim(ctx, sc, r.Empresa, r.ID, k)
		if err != nil {
			b.release(ctx, sc, r.Empresa, r.ID, claimed)
			return err
		}
		if isNew {
			claimed = append(claimed, k)
		}
	}
	n, err := b.nextSeq(ctx, sc.name, r.Empresa)
	if err != nil {
		b.release(ctx, sc, r.Empresa, r.ID, claimed)
		return err
	}
	if w.slow != nil {
		w.slow(r.ID)
	}
	err = b.write(ctx, sc, w)
	if err != nil {
		b.release(ctx, sc, r.Empresa, r.ID, claimed)
		_ = b.appendChange(context.WithoutCancel(ctx), sc.name, r.Empresa, n, "", nil, true)
		return err
	}
	b.release(ctx, sc, r.Empresa, r.ID, w.release)
	for {
		err := b.appendChange(context.WithoutCancel(ctx), sc.name, r.Empresa, n, r.ID, w.owners, false)
		if err == nil {
			break
		}
		if !mongo.IsDuplicateKeyError(err) {
			return err
		}
		// A reader voided n while this writer was slow: append under a new position.
		if n, err = b.nextSeq(context.WithoutCancel(ctx), sc.name, r.Empresa); err != nil {
			return err
		}
	}
	if len(w.along) == 0 {
		return nil
	}
	if w.between != nil {
		w.between(r.ID)
	}
	// The record is written: its increments follow even when the caller has gone (a process that
	// dies here leaves drift for the reconciliation).
	if err := b.apply(context.WithoutCancel(ctx), w.along); err != nil {
		return &alongError{err: err}
	}
	return nil
}

// applyRetries bounds how often one increment is tried again when other writes of its row keep
// landing in between.
const applyRetries = 1000

// apply applies read-model increments one row at a time: a read, then a write on the row's versao
// (the same lock as every record write), again on a fresh read when another write landed first.
// Within the process, the increments of one row take turns (a striped mutex): concurrent orders
// of one seller's month would otherwise mostly retry, each failed attempt costing a sequence
// position and a voided change.
func (b *mongoBackend) apply(ctx context.Context, bs []*bump) error {
	for _, bm := range bs {
		if err := b.applyOne(ctx, bm); err != nil {
			return err
		}
	}
	return nil
}

func (b *mongoBackend) applyOne(ctx context.Context, bm *bump) error {
	var then []*bump
	mu := &b.rows[stripe(bm.sc.name+"|"+bm.id)]
	mu.Lock()
	err := func() error {
		defer mu.Unlock()
		for attempt := 0; ; attempt++ {
			old, err := b.get(ctx, bm.sc, bm.id)
			if err != nil {
				return err
			}
			w, next, err := bm.next(old)
			if err != nil {
				return err
			}
			err = b.put(ctx, bm.sc, w)
			if (errors.Is(err, errVersion) || errors.Is(err, errExists) || refused(err)) && attempt < applyRetries {
				time.Sleep(time.Duration(1+attempt%8) * time.Millisecond)
				continue
			}
			then = next
			return err
		}
	}()
	if err != nil {
		return err
	}
	return b.apply(ctx, then) // after the row's turn: one row held at a time
}

// stripe spreads row ids over the mutexes of mongoBackend.rows.
func stripe(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h % rowStripes
}

// rowStripes is how many mutexes the rows' increments share in a process.
const rowStripes = 256

func (b *mongoBackend) companies(ctx context.Context, sc *schema) ([]string, error) {
	res := b.db.Collection(sc.name).Distinct(ctx, "empresa", bson.D{})
	if err := res.Err(); err != nil {
		return nil, err
	}
	var out []string
	if err := res.Decode(&out); err != nil {
		return nil, err
	}
	sort.Strings(out)
	return out, nil
}

func (b *mongoBackend) write(ctx context.Context, sc *schema, w *write) error {
	d, err := b.doc(sc, w.rec)
	if err != nil {
		return err
	}
	c := b.db.Collection(sc.name)
	if w.prev == 0 {
		_, err := c.InsertOne(ctx, d)
		if mongo.IsDuplicateKeyError(err) {
			return errExists
		}
		return err
	}
	unlock, err := b.lock(ctx, sc.name, w.rec.ID, w.prev)
	if err != nil {
		return err
	}
	defer unlock()
	res, err := c.ReplaceOne(ctx, bson.D{{Key: "_id", Value: w.rec.ID}, {Key: "empresa", Value: w.rec.Empresa}, {Key: "versao", Value: w.prev}}, d)
	if err != nil {
		return err
	}
	if res.MatchedCount == 0 {
		return errVersion
	}
	return nil
}

func (b *mongoBackend) putMany(ctx context.Context, sc *schema, ws []*write) error {
	for _, w := range ws {
		if err := b.put(ctx, sc, w); err != nil {
			return err
		}
	}
	return nil
}

func (b *mongoBackend) filter(sc *schema, q *bquery) bson.D {
	f := bson.D{{Key: "empresa", Value: q.empresa}}
	if !q.withDeleted {
		f = append(f, bson.E{Key: "excluido", Value: false})
	}
	var and bson.A
	ops := map[string]string{"=": "$eq", ">": "$gt", ">=": "$gte", "<": "$lt", "<=": "$lte", "in": "$in"}
	for _, c := range q.conds {
		v := c.Value
		if c.Op == "in" {
			v = bson.A(c.Value.([]any))
		}
		and = append(and, bson.D{{Key: "_s.f." + c.Field, Value: bson.D{{Key: ops[c.Op], Value: v}}}})
	}
	for _, w := range q.words {
		and = append(and, bson.D{{Key: "_s.b", Value: bson.D{{Key: "$regex", Value: regexp.QuoteMeta(w)}}}})
	}
	if q.hasAfter {
		var cols []string
		vals := []any{}
		if !q.byID {
			for _, fl := range sc.sort.Fields {
				cols = append(cols, "_s.f."+fl)
			}
			vals = append(vals, q.after...)
		}
		cols = append(cols, "_id")
		vals = append(vals, q.afterID)
		op := "$gt"
		if !q.byID && sc.sort.Desc {
			op = "$lt"
		}
		var or bson.A
		for i := range cols {
			d := bson.D{}
			for j := 0; j < i; j++ {
				d = append(d, bson.E{Key: cols[j], Value: vals[j]})
			}
			d = append(d, bson.E{Key: cols[i], Value: bson.D{{Key: op, Value: vals[i]}}})
			or = append(or, d)
		}
		and = append(and, bson.D{{Key: "$or", Value: or}})
	}
	if len(and) > 0 {
		f = append(f, bson.E{Key: "$and", Value: and})
	}
	return f
}

func (b *mongoBackend) list(ctx context.Context, sc *schema, q *bquery) ([]*record, error) {
	dir := 1
	sort := bson.D{}
	if !q.byID {
		if sc.sort.Desc {
			dir = -1
		}
		for _, f := range sc.sort.Fields {
			sort = append(sort, bson.E{Key: "_s.f." + f, Value: dir})
		}
	}
	sort = append(sort, bson.E{Key: "_id", Value: dir})
	cur, err := b.db.Collection(sc.name).Find(ctx, b.filter(sc, q), options.Find().SetSort(sort).SetLimit(int64(q.limit)))
	if err != nil {
		return nil, err
	}
	defer cur.Close(ctx)
	var out []*record
	for cur.Next(ctx) {
		r, err := b.record(sc, cur.Current)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, cur.Err()
}

func (b *mongoBackend) count(ctx context.Context, sc *schema, q *bquery, by []string) ([]Group, error) {
	f := b.filter(sc, q)
	if len(by) == 0 {
		n, err := b.db.Collection(sc.name).CountDocuments(ctx, f)
		if err != nil || n == 0 {
			return nil, err
		}
		return []Group{{N: n}}, nil
	}
	id := bson.D{}
	for i, fl := range by {
		id = append(id, bson.E{Key: fmt.Sprintf("k%d", i), Value: "$_s.f." + fl})
	}
	cur, err := b.db.Collection(sc.name).Aggregate(ctx, bson.A{
		bson.D{{Key: "$match", Value: f}},
		bson.D{{Key: "$group", Value: bson.D{{Key: "_id", Value: id}, {Key: "n", Value: bson.D{{Key: "$sum", Value: 1}}}}}},
	})
	if err != nil {
		return nil, err
	}
	defer cur.Close(ctx)
	var out []Group
	for cur.Next(ctx) {
		var row struct {
			ID bson.D `bson:"_id"`
			N  int64  `bson:"n"`
		}
		if err := cur.Decode(&row); err != nil {
			return nil, err
		}
		g := Group{N: row.N}
		for i := range by {
			var v any = ""
			for _, e := range row.ID {
				if e.Key == fmt.Sprintf("k%d", i) {
					v = norm(e.Value)
				}
			}
			g.Keys = append(g.Keys, v)
		}
		out = append(out, g)
	}
	return out, cur.Err()
}

type changeDoc struct {
	Seq    int64     `bson:"seq"`
	ID     string    `bson:"id"`
	Owners []string  `bson:"owners"`
	Void   bool      `bson:"void"`
	At     time.Time `bson:"at"`
}

// changes reads the contiguous entries after a position (void ones come back with an empty id,
// so that the reader moves past them).
func (b *mongoBackend) changes(ctx context.Context, sc *schema, empresa string, after int64, limit int) ([]logEntry, error) {
	for {
		cur, err := b.db.Collection("_changes").Find(ctx, bson.D{{Key: "_id", Value: bson.D{
			{Key: "$gt", Value: seqID(sc.name, empresa, after)}, {Key: "$lt", Value: sc.name + "|" + empresa + "|~"}}}},
			options.Find().SetSort(bson.D{{Key: "_id", Value: 1}}).SetLimit(int64(limit)))
		if err != nil {
			return nil, err
		}
		var docs []changeDoc
		if err := cur.All(ctx, &docs); err != nil {
			return nil, err
		}
		var out []logEntry
		want := after + 1
		filled := false
		for _, d := range docs {
			if d.Seq != want {
				// A gap: writes still in flight. Wait for them unless they are long overdue.
				if time.Since(d.At) < b.gapTimeout {
					return out, nil
				}
				for n := want; n < d.Seq; n++ {
					if err := b.appendChange(ctx, sc.name, empresa, n, "", nil, true); err != nil && !mongo.IsDuplicateKeyError(err) {
						return nil, err
					}
				}
				filled = true
				break
			}
			out = append(out, logEntry{seq: d.Seq, id: d.ID, owners: d.Owners})
			if d.Void {
				out[len(out)-1].id = ""
			}
			want++
		}
		if !filled {
			return out, nil
		}
		// Read again: the voided positions (or the late writes that won) are in place now.
	}
}

// ping reads one document of the feed's heads (none is fine): the primary answers reads.
func (b *mongoBackend) ping(ctx context.Context) error {
	err := b.db.Collection("_heads").FindOne(ctx, bson.D{}).Err()
	if errors.Is(err, mongo.ErrNoDocuments) {
		return nil
	}
	return err
}

func (b *mongoBackend) head(ctx context.Context, sc *schema, empresa string) (int64, error) {
	key := sc.name + "|" + empresa
	h := int64(0)
	if v, ok := b.heads.Load(key); ok {
		h = v.(int64)
	} else {
		var d struct {
			H int64 `bson:"h"`
		}
		if err := b.db.Collection("_heads").FindOne(ctx, bson.D{{Key: "_id", Value: key}}).Decode(&d); err == nil {
			h = d.H
		} else if !errors.Is(err, mongo.ErrNoDocuments) {
			return 0, err
		}
	}
	start := h
	for {
		es, err := b.changes(ctx, sc, empresa, h, 1000)
		if err != nil {
			return 0, err
		}
		if len(es) > 0 {
			h = es[len(es)-1].seq
		}
		if len(es) < 1000 {
			break
		}
	}
	b.heads.Store(key, h)
	if h > start {
		_, _ = b.db.Collection("_heads").UpdateOne(ctx, bson.D{{Key: "_id", Value: key}}, bson.D{{Key: "$max", Value: bson.D{{Key: "h", Value: h}}}}, options.UpdateOne().SetUpsert(true))
	}
	return h, nil
}

type counterDoc struct {
	ID      string           `bson:"_id"`
	Empresa string           `bson:"empresa"`
	Versao  int64            `bson:"versao"`
	V       map[string]int64 `bson:"v"`
}

// incr is a compare-and-set loop over the summary document (the same lock as every record
// write), so no increment is lost on a server whose $inc is not atomic.
func (b *mongoBackend) incr(ctx context.Context, name, empresa, id string, deltas map[string]int64) (map[string]int64, error) {
	c := b.db.Collection("_counters")
	cid := name + "|" + empresa + "|" + id
	for {
		var d counterDoc
		err := c.FindOne(ctx, bson.D{{Key: "_id", Value: cid}}).Decode(&d)
		if errors.Is(err, mongo.ErrNoDocuments) {
			d = counterDoc{ID: cid, Empresa: empresa, Versao: 1, V: map[string]int64{}}
			for f, v := range deltas {
				d.V[f] = v
			}
			if _, err := c.InsertOne(ctx, d); mongo.IsDuplicateKeyError(err) {
				continue
			} else if err != nil {
				return nil, err
			}
			return pick(d.V, deltas), nil
		}
		if err != nil {
			return nil, err
		}
		unlock, err := b.lock(ctx, "_counters", cid, d.Versao)
		if errors.Is(err, errVersion) {
			time.Sleep(time.Millisecond)
			continue
		}
		if err != nil {
			return nil, err
		}
		if d.V == nil {
			d.V = map[string]int64{}
		}
		for f, v := range deltas {
			d.V[f] += v
		}
		prev := d.Versao
		d.Versao++
		res, err := c.ReplaceOne(ctx, bson.D{{Key: "_id", Value: cid}, {Key: "versao", Value: prev}}, d)
		unlock()
		if err != nil {
			return nil, err
		}
		if res.MatchedCount == 1 {
			return pick(d.V, deltas), nil
		}
	}
}

func pick(v, deltas map[string]int64) map[string]int64 {
	out := map[string]int64{}
	for f := range deltas {
		out[f] = v[f]
	}
	return out
}

func (b *mongoBackend) allCounters(ctx context.Context, name, empresa string) (map[string]map[string]int64, error) {
	prefix := name + "|" + empresa + "|"
	cur, err := b.db.Collection("_counters").Find(ctx, bson.D{{Key: "empresa", Value: empresa},
		{Key: "_id", Value: bson.D{{Key: "$regex", Value: "^" + regexp.QuoteMeta(prefix)}}}})
	if err != nil {
		return nil, err
	}
	defer cur.Close(ctx)
	out := map[string]map[string]int64{}
	for cur.Next(ctx) {
		var d counterDoc
		if err := cur.Decode(&d); err != nil {
			return nil, err
		}
		if d.V == nil {
			d.V = map[string]int64{}
		}
		out[strings.TrimPrefix(d.ID, prefix)] = d.V
	}
	return out, cur.Err()
}

func (b *mongoBackend) counters(ctx context.Context, name, empresa, id string) (map[string]int64, error) {
	var d counterDoc
	err := b.db.Collection("_counters").FindOne(ctx, bson.D{{Key: "_id", Value: name + "|" + empresa + "|" + id}}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return map[string]int64{}, nil
	}
	if err != nil {
		return nil, err
	}
	if d.V == nil {
		d.V = map[string]int64{}
	}
	return d.V, nil
}
