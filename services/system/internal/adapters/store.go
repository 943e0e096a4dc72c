// Package adapters declares the system service's collections on the platform store.
package adapters

import (
	"context"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/system/internal/app"
	"github.com/crmvendas/crm/services/system/internal/domain"
)

// VersaoSpec declares the version policies (company-wide; id empresa/tipo).
var VersaoSpec = store.Spec[domain.ConfigVersao]{
	Name:       "versoes",
	NotFound:   "Configuração de versão não encontrada.",
	OutOfScope: errs.MsgOtherCompany,
	Fields:     []store.Field[domain.ConfigVersao]{{Name: "tipo", Value: func(v *domain.ConfigVersao) any { return v.Tipo }}},
	Sort:       store.Sort{Fields: []string{"tipo"}},
}

// AcessoSpec declares the access log: newest first; the owner is the operator, so the store
// indexes (operador, registrado_em) for the list by operator and period.
var AcessoSpec = store.Spec[domain.Acesso]{
	Name:       "acessos",
	NotFound:   "Registro de acesso não encontrado.",
	OutOfScope: errs.MsgOtherCompany,
	Fields: []store.Field[domain.Acesso]{
		{Name: "operador", Value: func(a *domain.Acesso) any { return a.Operador }},
		{Name: "registrado_em", Value: func(a *domain.Acesso) any { return a.RegistradoEm }},
	},
	Owner: "operador",
	Sort:  store.Sort{Fields: []string{"registrado_em"}, Desc: true},
}

// EmpresaSpec declares the companies.
var EmpresaSpec = store.Spec[domain.Empresa]{
	Name:       "empresas",
	NotFound:   domain.MsgEmpresaNaoEncontrada,
	OutOfScope: errs.MsgOtherCompany,
	Fields:     []store.Field[domain.Empresa]{{Name: "nome", Value: func(e *domain.Empresa) any { return e.Nome }}},
	Sort:       store.Sort{Fields: []string{"nome"}},
}

// Declare declares every collection of the service on st.
func Declare(ctx context.Context, st *store.Store) (*app.Collections, error) {
	var c app.Collections
	var err error
	if c.Versoes, err = store.Declare(ctx, st, VersaoSpec); err != nil {
		return nil, err
	}
	if c.Acessos, err = store.Declare(ctx, st, AcessoSpec); err != nil {
		return nil, err
	}
	if c.Empresas, err = store.Declare(ctx, st, EmpresaSpec); err != nil {
		return nil, err
	}
	return &c, nil
}
