// Package adapters declares the operator service's collections on the platform store and holds
// its Firebase identity client.
package adapters

import (
	"context"

	"github.com/crmvendas/crm/services/operator/internal/app"
	"github.com/crmvendas/crm/services/operator/internal/domain"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/textfold"
)

// OperadorSpec declares the operators (record id: the Firebase uid). The owner field is the
// operator id itself, so the role scope (ADMIN: the company; SUPERVISOR: themself and their
// team; VENDEDOR: themself) is applied by the store on every read, list and write. Listed by
// folded name; the operator id is unique in the company.
var OperadorSpec = store.Spec[domain.Operador]{
	Name:       "operadores",
	NotFound:   domain.MsgNaoEncontrado,
	OutOfScope: domain.MsgForaDoEscopo,
	Fields: []store.Field[domain.Operador]{
		{Name: "id", Value: func(o *domain.Operador) any { return o.Operador }},
		{Name: "nome_busca", Value: func(o *domain.Operador) any { return textfold.Fold(o.NomeOperador) }},
		{Name: "ativo", Value: func(o *domain.Operador) any { return o.Ativo }},
	},
	Owner:   "id",
	Search:  func(o *domain.Operador) string { return o.NomeOperador + " " + o.Email },
	Sort:    store.Sort{Fields: []string{"nome_busca"}},
	Indexes: [][]string{{"ativo", "nome_busca"}},
	Unique: []store.Unique[domain.Operador]{{
		Name:     "id",
		Keys:     func(o *domain.Operador) []string { return []string{o.Operador} },
		Conflict: func(key, _ string) error { return app.IDDuplicado(key) },
	}},
}

// IndiceSpec declares the cross-company directory of operators (app.Indice), filled from the
// same legacy collection as the operators (app.Indice.FixLegacy).
var IndiceSpec = store.Spec[app.Indice]{
	Name:     "operadores_indice",
	Legacy:   "operadores",
	NotFound: domain.MsgNaoEncontrado,
	Fields: []store.Field[app.Indice]{
		{Name: "id", Value: func(d *app.Indice) any { return d.Operador }},
	},
	Sort: store.Sort{Fields: []string{"id"}},
}

// Declare declares every collection of the service on st.
func Declare(ctx context.Context, st *store.Store) (*app.Collections, error) {
	var c app.Collections
	var err error
	if c.Operadores, err = store.Declare(ctx, st, OperadorSpec); err != nil {
		return nil, err
	}
	if c.Indice, err = store.Declare(ctx, st, IndiceSpec); err != nil {
		return nil, err
	}
	return &c, nil
}
