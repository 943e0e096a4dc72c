package store

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

// The one-time copy of a data directory left by the FerretDB embedded default (before this
// store): every declared collection reads its legacy collection (Spec.Legacy, or its name) in
// its service's database and stores the documents as they are, bookkeeping included.

type legacyImporter interface {
	importLegacy(ctx context.Context, client *mongo.Client) (string, int, []string, error)
}

// Transform, when a collection's Spec needs it, adapts a legacy document after decoding.
type legacyFixer interface{ FixLegacy() }

func (c *Collection[T]) importLegacy(ctx context.Context, client *mongo.Client) (string, int, []string, error) {
	name := c.spec.Legacy
	if name == "" {
		name = c.spec.Name
	}
	where := c.st.db + "." + name
	if c.st.db == "" {
		return where, 0, nil, nil
	}
	cur, err := client.Database(c.st.db).Collection(name).Find(ctx, bson.D{})
	if err != nil {
		return where, 0, nil, err
	}
	defer cur.Close(ctx)
	total := 0
	var conflicts []string
	var batch []*T
	flush := func() error {
		n, cs, err := c.Import(ctx, batch)
		total += n
		conflicts = append(conflicts, cs...)
		batch = batch[:0]
		return err
	}
	for cur.Next(ctx) {
		t := new(T)
		if err := bson.Unmarshal(cur.Current, t); err != nil {
			return where, total, conflicts, fmt.Errorf("%s: %w", where, err)
		}
		if f, ok := any(t).(legacyFixer); ok {
			f.FixLegacy()
		}
		batch = append(batch, t)
		if len(batch) == 500 {
			if err := flush(); err != nil {
				return where, total, conflicts, err
			}
		}
	}
	if err := cur.Err(); err != nil {
		return where, total, conflicts, err
	}
	err = flush()
	return where, total, conflicts, err
}

// ImportLegacy copies every declared collection from the legacy databases reached by client and
// returns how many documents moved, per collection, and the unique keys it had to leave out
// (two old records holding one key).
func (s *Store) ImportLegacy(ctx context.Context, client *mongo.Client) (map[string]int, []string, error) {
	s.reg.mu.Lock()
	cols := append([]legacyImporter(nil), s.reg.cols...)
	s.reg.mu.Unlock()
	out := map[string]int{}
	var conflicts []string
	for _, c := range cols {
		where, n, cs, err := c.importLegacy(ctx, client)
		conflicts = append(conflicts, cs...)
		if err != nil {
			return out, conflicts, err
		}
		if n > 0 {
			out[where] = n
		}
	}
	return out, conflicts, nil
}

// Fingerprint identifies the store's whole content on SQLite (every write appends to the feed,
// claims or releases keys, or moves a counter): tests prove with it that a refused call wrote
// nothing.
func (s *Store) Fingerprint(ctx context.Context) (string, error) {
	b, ok := s.b.(*sqliteBackend)
	if !ok {
		return "", fmt.Errorf("store: Fingerprint só no SQLite")
	}
	var seq, keys, counters int64
	var ksum, csum string
	err := b.r.QueryRowContext(ctx, `SELECT (SELECT COALESCE(MAX(seq), 0) FROM _changes), (SELECT COUNT(*) FROM _keys),
		(SELECT COALESCE(group_concat(col || empresa || name || key || id), '') FROM _keys),
		(SELECT COUNT(*) FROM _counters), (SELECT COALESCE(group_concat(name || id || field || value), '') FROM _counters)`).Scan(&seq, &keys, &ksum, &counters, &csum)
	return fmt.Sprintf("changes=%d keys=%d/%x counters=%d/%x", seq, keys, hash(ksum), counters, hash(csum)), err
}

func hash(s string) uint64 {
	var h uint64 = 14695981039346656037
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}
