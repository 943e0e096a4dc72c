package app

import (
	"context"
	"strings"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// ResumoVendas is a month's figures of a seller, or summed over the caller's scope.
type ResumoVendas struct {
	Mes, VendedorID string
	Campos          map[string]int64
}

// ObterResumoVendas reads the month's figures (default: this month) of a seller in the caller's
// scope, or of the whole scope (VENDEDOR themself, SUPERVISOR themself and the team, ADMIN every
// seller), from the summaries kept on write.
func (s *Service) ObterResumoVendas(ctx context.Context, mes, vendedor string) (*ResumoVendas, error) {
	c := caller.From(ctx)
	mes = strings.TrimSpace(mes)
	if mes == "" {
		mes = domain.MesDe(s.now())
	} else if !domain.MesValido(mes) {
		return nil, errs.Field("mes", "Mês deve ser AAAA-MM.")
	}
	vendedor = strings.TrimSpace(vendedor)
	out := &ResumoVendas{Mes: mes, VendedorID: vendedor, Campos: map[string]int64{}}
	sc := store.ScopeOf(c)
	if vendedor != "" {
		if !c.Sees(vendedor) {
			return nil, errs.OutOfScope(MsgVendedorForaDoEscopo)
		}
		l, err := s.Col.Resumos.VendedorMes.Get(ctx, sc, &domain.LinhaVendedorMes{VendedorID: vendedor, Mes: mes})
		if err != nil {
			return nil, err
		}
		out.Campos = l.FigurasVenda.Campos()
		return out, nil
	}
	// The month of every seller in the scope (VENDEDOR themself, SUPERVISOR themself and the
	// team, ADMIN every seller), summed.
	linhas, err := s.Col.Resumos.VendedorMes.All(ctx, sc, store.Query{Where: []store.Cond{store.Eq("mes", mes)}})
	if err != nil {
		return nil, err
	}
	for _, l := range linhas {
		for k, v := range l.FigurasVenda.Campos() {
			out.Campos[k] += v
		}
	}
	return out, nil
}
