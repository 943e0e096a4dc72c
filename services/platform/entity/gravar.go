package entity

import (
	"context"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// ComMeta is a stored type (T embeds store.Meta).
type ComMeta[T any] interface {
	*T
	StoreMeta() *store.Meta
}

// GravarPorID writes the record of a fixed id (a company's settings, a price of a table, a day
// off on a date): aplicar fills a new one, or changes the stored one — a tombstone is brought
// back. A create another request won in between is done again as a change (up to 3 tries; then
// 409 with msgConcorrencia).
func GravarPorID[T any, P ComMeta[T]](ctx context.Context, col *store.Collection[T], sc store.Scope, id string, aplicar func(P), msgConcorrencia string) (*T, error) {
	for range 3 {
		_, err := col.GetAny(ctx, sc, id)
		if errs.IsKind(err, errs.KindNotFound) {
			var novo T
			*P(&novo).StoreMeta() = store.Meta{ID: id}
			aplicar(&novo)
			out, _, err := col.Create(ctx, sc, &novo)
			if errs.IsReason(err, errs.ReasonIDReutilizado) {
				continue // created (with other data) in between: change it
			}
			return out, err
		}
		if err != nil {
			return nil, err
		}
		return col.Update(ctx, sc, id, 0, func(x *T) error {
			aplicar(x)
			P(x).StoreMeta().Excluido = false
			return nil
		}, store.IncludeDeleted)
	}
	return nil, errs.Conflict(msgConcorrencia)
}
