// Package entity gives a simple stored entity its use cases and its gRPC handlers from
// declarations: the store spec (collection), the domain type with its rules (Normalizar), the role
// policy (who reads, who writes) and the mapping between the protos and the domain, which is the
// only code a service writes by hand besides the domain.
//
// The use cases (Entidade) are the store's operations in the caller's scope with the checks every
// simple entity repeats: a client-generated id on create (a replay returns the first answer), the
// domain's rules on every write, an update on versao with patch semantics, a tombstone on delete,
// keyset pages with filters and search, and the change feed for the devices. The gRPC helpers
// (grpc.go) read the usual request fields (id, versao, page_size, page_token, desde and the
// declared filters), build the list and feed answers, and leave a port method one line each, as
// wild-workouts' command and query handlers leave its ports thin.
package entity

import (
	"context"
	"regexp"
	"strings"

	"github.com/google/uuid"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// Messages a user reads.
const (
	MsgID     = "Id inválido: use um UUID (letras, números, - e _; até 64 caracteres)."
	MsgCursor = "Cursor inválido: use o valor de cursor da resposta anterior (ou vazio para começar)."
)

// Registro is what the platform needs of a domain type: its bookkeeping (store.Meta, embedded)
// and its rules, which trim and complete the record and refuse it with pt-BR field violations.
type Registro[T any] interface {
	*T
	StoreMeta() *store.Meta
	Normalizar() error
}

// Entidade is a simple entity's use cases over its collection.
type Entidade[T any, P Registro[T]] struct {
	Col *store.Collection[T]
	// MsgSemID is the pt-BR message of a request without an id ("Informe o id da condição de
	// pagamento.").
	MsgSemID string
	// Escopo is what the caller sees (default: the caller's company; store.ScopeOf(caller) for
	// a collection owned by operators).
	Escopo func(context.Context) store.Scope
}

// Nova declares a simple entity on its collection.
func Nova[T any, P Registro[T]](col *store.Collection[T], msgSemID string) *Entidade[T, P] {
	return &Entidade[T, P]{Col: col, MsgSemID: msgSemID}
}

var idPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// NovoID validates a client-generated id, or makes one when it is empty.
func NovoID(id string) (string, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return uuid.NewString(), nil
	}
	if !idPattern.MatchString(id) {
		return "", errs.Field("id", MsgID)
	}
	return id, nil
}

// Definir is a patch's step: the field takes v when v is set (nil: unchanged).
func Definir[V any](campo *V, v *V) {
	if v != nil {
		*campo = *v
	}
}

func (e *Entidade[T, P]) escopo(ctx context.Context) store.Scope {
	if e.Escopo != nil {
		return e.Escopo(ctx)
	}
	return store.Company(caller.From(ctx).Empresa)
}

func (e *Entidade[T, P]) exigirID(id string) error {
	if strings.TrimSpace(id) == "" {
		return errs.Field("id", e.MsgSemID)
	}
	return nil
}

// Criar stores a new record under its client-generated id (made here when empty) after the
// domain's rules; a replay of the same payload returns the first record, another payload under
// the same id is 409 ID_REUTILIZADO (the store's rule).
func (e *Entidade[T, P]) Criar(ctx context.Context, t *T) (*T, error) {
	m := P(t).StoreMeta()
	id, err := NovoID(m.ID)
	if err != nil {
		return nil, err
	}
	*m = store.Meta{ID: id}
	if err := P(t).Normalizar(); err != nil {
		return nil, err
	}
	out, _, err := e.Col.Create(ctx, e.escopo(ctx), t)
	return out, err
}

// Obter reads a record in the caller's scope.
func (e *Entidade[T, P]) Obter(ctx context.Context, id string) (*T, error) {
	if err := e.exigirID(id); err != nil {
		return nil, err
	}
	return e.Col.Get(ctx, e.escopo(ctx), id)
}

// Listar is one page of the records in scope matching q, in the collection's order.
func (e *Entidade[T, P]) Listar(ctx context.Context, q store.Query) (*store.Page[T], error) {
	return e.Col.List(ctx, e.escopo(ctx), q)
}

// Atualizar applies a patch on the stored record, then the domain's rules; versao > 0 must be the
// stored one (409 VERSAO_DESATUALIZADA otherwise).
func (e *Entidade[T, P]) Atualizar(ctx context.Context, id string, versao int64, patch func(*T)) (*T, error) {
	if err := e.exigirID(id); err != nil {
		return nil, err
	}
	return e.Col.Update(ctx, e.escopo(ctx), id, versao, func(t *T) error {
		patch(t)
		return P(t).Normalizar()
	})
}

// Excluir turns a record into a tombstone (versao > 0 must match).
func (e *Entidade[T, P]) Excluir(ctx context.Context, id string, versao int64) (*T, error) {
	if err := e.exigirID(id); err != nil {
		return nil, err
	}
	return e.Col.Delete(ctx, e.escopo(ctx), id, versao)
}

// Alteracoes is the change feed in the caller's scope after a cursor (empty: from the start).
func (e *Entidade[T, P]) Alteracoes(ctx context.Context, desde string, size int32) (*store.Changes[T], error) {
	ch, err := e.Col.Changes(ctx, e.escopo(ctx), desde, size)
	if errs.IsKind(err, errs.KindInvalid) {
		return nil, errs.Field("desde", MsgCursor)
	}
	return ch, err
}
