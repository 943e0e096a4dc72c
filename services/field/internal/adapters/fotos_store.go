package adapters

import (
	"context"

	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/store"
)

// FotosVisitaSpec: the visits' photos, one document per photo (the picture's two JPEGs), apart
// from the visit so that the visits' feed stays small; the seller owns them, as their visits.
var FotosVisitaSpec = store.Spec[domain.FotoVisitaCadastro]{
	Name:       "fotos_visita",
	NotFound:   domain.MsgFotoNaoEncontrada,
	OutOfScope: domain.MsgFotoForaDoEscopo,
	Owner:      "vendedor_id",
	Fields: []store.Field[domain.FotoVisitaCadastro]{
		{Name: "vendedor_id", Value: func(f *domain.FotoVisitaCadastro) any { return f.VendedorID }},
		{Name: "visita_id", Value: func(f *domain.FotoVisitaCadastro) any { return f.VisitaID }},
	},
	Indexes: [][]string{{"visita_id"}},
}

// DeclararFotos declares the visits' photos.
func DeclararFotos(ctx context.Context, st *store.Store) (*store.Collection[domain.FotoVisitaCadastro], error) {
	return store.Declare(ctx, st, FotosVisitaSpec)
}
