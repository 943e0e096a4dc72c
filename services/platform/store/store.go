// Package store is the one data layer of every service: declared collections (fields, unique
// keys, indexes, the owner field of the role scope, the text to search) and typed operations
// (get in scope, idempotent create, optimistic update by versao, tombstone delete, keyset
// lists, counts, counters and a commit-ordered change feed) and read models (readmodel.go:
// summaries kept on write, in the record's transaction on SQLite), over two backends: SQLite
// (modernc.org/sqlite, pure Go, one file: the embedded default) and MongoDB (production).
//
// A service declares a Spec per entity and works through Collection[T]; it never writes
// versao, idempotency, paging, scope or feed code of its own. The same contract suite
// (storetest) runs against every backend.
package store

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/page"
)

// Meta is the bookkeeping every stored entity carries, embedded inline in the entity:
//
//	type Regiao struct {
//		store.Meta `bson:",inline"`
//		Nome string `bson:"nome"`
//	}
//
// The store fills it on every write; services read it.
type Meta struct {
	ID          string    `bson:"_id"`
	Empresa     string    `bson:"empresa"`
	Versao      int64     `bson:"versao"`
	CriadoEm    time.Time `bson:"criado_em"`
	CriadoPor   string    `bson:"criado_por"`
	AlteradoEm  time.Time `bson:"alterado_em"`
	AlteradoPor string    `bson:"alterado_por"`
	Excluido    bool      `bson:"excluido"`
	// Adocoes are the creates this record answered instead of being created by them: a create
	// whose unique key this record held and that the use case resolved by bringing this record
	// back (Collection.Adopt). A replay of one of them returns this record. The store keeps them.
	Adocoes []Adocao `bson:"_adocoes,omitempty"`
}

// Adocao is a create answered by an existing record: the create's client id and payload hash.
type Adocao struct {
	ID   string `bson:"id"`
	Hash string `bson:"hash"`
}

// StoreMeta gives the store the bookkeeping of an entity that embeds Meta.
func (m *Meta) StoreMeta() *Meta { return m }

type metaer interface{ StoreMeta() *Meta }

// Scope is what a caller may see: one company and, for collections with an owner field, the
// owners (operators) whose records are in reach; nil Owners is the whole company.
type Scope struct {
	Empresa string
	Owners  []string
}

// Company is the whole company (ADMIN, or the system itself).
func Company(empresa string) Scope { return Scope{Empresa: empresa} }

// ScopeOf is the role scope of a caller: ADMIN the company, SUPERVISOR themself and their team,
// VENDEDOR themself.
func ScopeOf(c *caller.Caller) Scope {
	if c == nil {
		return Scope{Empresa: "\x00"} // sees nothing
	}
	switch c.Perfil {
	case caller.Admin:
		return Scope{Empresa: c.Empresa}
	case caller.Supervisor:
		return Scope{Empresa: c.Empresa, Owners: append([]string{c.Operador}, c.Equipe...)}
	}
	return Scope{Empresa: c.Empresa, Owners: []string{c.Operador}}
}

// Sees reports whether owner is within the scope.
func (s Scope) Sees(owner string) bool {
	if s.Owners == nil {
		return true
	}
	for _, o := range s.Owners {
		if o == owner {
			return true
		}
	}
	return false
}

// Page sizes of every list (the rule lives in package page, shared with in-memory lists).
const (
	DefaultPageSize = page.DefaultSize
	MaxPageSize     = page.MaxSize
	// MaxSearchLen bounds a search term (characters) and MaxSearchWords its words.
	MaxSearchLen   = 100
	MaxSearchWords = 6
)

// PageSize is the effective page size of a request.
func PageSize(n int32) int { return page.Size(n) }

// Store is an open backend.
type Store struct {
	b    backend
	now  func() time.Time
	slow func(id string)
	// between runs between a record's write and the increments it carries (tests).
	between func(id string)
	// db is the database of the service using this view (MongoDB: its own database; SQLite: the
	// name of its legacy FerretDB database).
	db    string
	reg   *registry
	batch int
}

// SetUpdateBatch changes how many records UpdateMany writes at once (tests; 0: the default).
func (s *Store) SetUpdateBatch(n int) { s.batch = n }

// registry is what was declared on a backend (for the one-time legacy copy).
type registry struct {
	mu   sync.Mutex
	cols []legacyImporter
}

// For returns the store as the service owning database db sees it. On SQLite every service
// shares the one file (collection names are unique across services); on MongoDB open one
// store per database with OpenMongo instead.
func (s *Store) For(db string) *Store {
	c := *s
	c.db = db
	return &c
}

// SetSlowWriter makes every write call f after it took its feed position and before it
// commits (the contract suite's deliberately slow writer).
func (s *Store) SetSlowWriter(f func(id string)) { s.slow = f }

// Now is the store's clock: UTC, truncated to the millisecond (what both backends keep).
func (s *Store) Now() time.Time { return s.now().UTC().Truncate(time.Millisecond) }

// SetClock replaces the clock (tests).
func (s *Store) SetClock(now func() time.Time) { s.now = now }

// PingTimeout bounds the readiness probe's read.
const PingTimeout = 2 * time.Second

// Ping reads from the database within PingTimeout: the readiness probe (/readyz) fails when the
// store can't serve reads, whatever the reason (a broken connection, a locked file, a primary
// out of reach).
func (s *Store) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, PingTimeout)
	defer cancel()
	return s.b.ping(ctx)
}

// Close releases the backend.
func (s *Store) Close() error { return s.b.close() }

// Kind names the backend ("sqlite" or "mongodb").
func (s *Store) Kind() string { return s.b.kind() }

func newStore(b backend) *Store { return &Store{b: b, now: time.Now, reg: &registry{}} }

// actor is who writes: the calling operator, or "sistema" for the server's own work.
func actor(ctx context.Context) string {
	if c := caller.From(ctx); c != nil {
		if c.Operador != "" {
			return c.Operador
		}
		if c.UID != "" {
			return c.UID
		}
	}
	return "sistema"
}

// Cond is one condition of a list on a declared field.
type Cond struct {
	Field string
	Op    string // "=", "in", ">", ">=", "<", "<="
	Value any    // for "in": a slice
}

// Eq, In, Gte, Lt and Lte build conditions.
func Eq(f string, v any) Cond  { return Cond{Field: f, Op: "=", Value: v} }
func Gte(f string, v any) Cond { return Cond{Field: f, Op: ">=", Value: v} }
func Gt(f string, v any) Cond  { return Cond{Field: f, Op: ">", Value: v} }
func Lt(f string, v any) Cond  { return Cond{Field: f, Op: "<", Value: v} }
func Lte(f string, v any) Cond { return Cond{Field: f, Op: "<=", Value: v} }
func In[V any](f string, vs []V) Cond {
	a := make([]any, len(vs))
	for i, v := range vs {
		a[i] = v
	}
	return Cond{Field: f, Op: "in", Value: a}
}

// Query is a list request.
type Query struct {
	Where []Cond
	// Search: every word (folded) must be contained in the collection's search text.
	Search    string
	PageSize  int32
	PageToken string
	// WithDeleted lists tombstones too.
	WithDeleted bool
}

// Page is one page of a list.
type Page[T any] struct {
	Items []*T
	// Next is the token of the next page; empty on the last one.
	Next string
}

// Group is one row of a grouped count.
type Group struct {
	Keys []any
	N    int64
}

// Change is one entry of the change feed: the record as it is now, or Removido when it was
// deleted or left the caller's scope.
type Change[T any] struct {
	ID       string
	Removido bool
	Doc      *T
}

// Changes is one page of the feed.
type Changes[T any] struct {
	Items []Change[T]
	// Cursor resumes after this page; Mais says there is more right away.
	Cursor string
	Mais   bool
	// Total is set on the first page of a first copy (an empty cursor) only: how many records the
	// copy is heading for (the scope's live records now), so a device can say how far it is
	// ("1.200 de 2.000 clientes"). One count per first copy, not per page; 0 on every other page.
	Total int64
}

// Total32 is Total for an int32 field of an API (capped).
func (c *Changes[T]) Total32() int32 { return int32(min(c.Total, math.MaxInt32)) }

// Errors of the backends, mapped by Collection into domain errors.
var (
	errVersion = errors.New("store: versao changed")
	errExists  = errors.New("store: id exists")
)

type dupKeyError struct {
	key   ukey
	owner string
}

func (e *dupKeyError) Error() string {
	return fmt.Sprintf("store: key %s=%q held by %s", e.key.name, e.key.key, e.owner)
}

// Messages.
const (
	MsgVersao      = "Este registro foi alterado por outra pessoa desde que você o abriu (versão desatualizada). Recarregue e tente de novo."
	MsgIDReusado   = "Este id já foi usado para outro registro. Gere um novo id e envie de novo."
	MsgChave       = "Já existe um registro com este valor."
	MsgPageToken   = "page_token inválido: use o valor de next_page_token da página anterior."
	MsgCursor      = "Cursor de sincronização inválido: use o valor devolvido pela sincronização anterior (ou vazio para começar)."
	MsgSearchLong  = "Busca longa demais: use no máximo 100 caracteres."
	MsgNaoEncontr  = "Registro não encontrado."
	msgUnknownFld  = "store: campo não declarado %q em %s"
	defaultRetries = 20
)

func versionConflict() error {
	return errs.Conflict(MsgVersao).WithReason(errs.ReasonVersaoDesatualizada)
}
