package adapters

import (
	"context"

	"github.com/crmvendas/crm/services/address/internal/domain"
	"github.com/crmvendas/crm/services/platform/store"
)

// ColRegioes is the regions collection (the name of the old MongoDB collection too, which the
// one-time copy of a legacy data directory reads).
const ColRegioes = "regioes"

// Unique keys of a region.
const (
	// KeyNome: the folded name of a live region (one region per name in a company).
	KeyNome = "nome"
	// KeyCidade: each IBGE code of a live region (one region per city in a company).
	KeyCidade = "cidade"
)

// RegiaoSpec declares the regions: company-wide (no owner), listed by folded name then id,
// searched by name, with one live region per name and per city. A deleted region frees its
// name and cities (ReleaseOnDelete).
var RegiaoSpec = store.Spec[domain.Regiao]{
	Name:     ColRegioes,
	NotFound: domain.MsgRegiaoNaoEnc,
	Fields: []store.Field[domain.Regiao]{
		{Name: "nome_ordem", Value: func(r *domain.Regiao) any { return domain.NomeOrdem(r.Nome) }},
	},
	Search: func(r *domain.Regiao) string { return domain.NomeOrdem(r.Nome) },
	Sort:   store.Sort{Fields: []string{"nome_ordem"}},
	Unique: []store.Unique[domain.Regiao]{
		{
			Name:            KeyNome,
			Keys:            func(r *domain.Regiao) []string { return []string{domain.NomeOrdem(r.Nome)} },
			Conflict:        func(_, owner string) error { return domain.NomeRepetido(owner) },
			ReleaseOnDelete: true,
		},
		{
			Name: KeyCidade,
			Keys: func(r *domain.Regiao) []string { return r.Cidades },
			// The store knows the holder's id only; the use case adds its name to the message.
			Conflict:        func(ibge, owner string) error { return domain.CidadeOcupada(ibge, owner, "") },
			ReleaseOnDelete: true,
		},
	},
}

// DeclareRegioes declares the regions collection on st.
func DeclareRegioes(ctx context.Context, st *store.Store) (*store.Collection[domain.Regiao], error) {
	return store.Declare(ctx, st, RegiaoSpec)
}
