package app

import (
	"context"

	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/platform/store"
)

// gravarPorID writes the record of a fixed id (a price of a table, a product's photo, a day off
// on a date): the platform's entity.GravarPorID.
func gravarPorID[T any, P entity.ComMeta[T]](ctx context.Context, col *store.Collection[T], sc store.Scope, id string, aplicar func(P), msgConcorrencia string) (*T, error) {
	return entity.GravarPorID(ctx, col, sc, id, aplicar, msgConcorrencia)
}
