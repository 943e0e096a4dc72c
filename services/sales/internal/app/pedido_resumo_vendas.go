package app

import (
	"context"
	"regexp"
	"strings"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// ResumoVendas is a month's figures of a seller, or summed over the caller's scope.
type ResumoVendas struct {
	Mes, VendedorID string
	Campos          map[string]int64
}

var mesValido = regexp.MustCompile(`^\d{4}-(0[1-9]|1[0-2])$`)

// ObterResumoVendas reads the month's figures (default: this month) of a seller in the caller's
// scope, or of the whole scope (VENDEDOR themself, SUPERVISOR themself and the team, ADMIN every
// seller), from the summaries kept on write.
func (s *Service) ObterResumoVendas(ctx context.Context, mes, vendedor string) (*ResumoVendas, error) {
	c := caller.From(ctx)
	mes = strings.TrimSpace(mes)
	if mes == "" {
		mes = domain.MesDe(s.now())
	} else if !mesValido.MatchString(mes) {
		return nil, errs.Field("mes", "Mês deve ser AAAA-MM.")
	}
	vendedor = strings.TrimSpace(vendedor)
	out := &ResumoVendas{Mes: mes, VendedorID: vendedor, Campos: map[string]int64{}}
	st := s.Col.Pedidos.Store()
	somar := func(campos map[string]int64) {
		for k, v := range campos {
			out.Campos[k] += v
		}
	}
	var vendedores []string
	switch {
	case vendedor != "":
		if !c.Sees(vendedor) {
			return nil, errs.OutOfScope(MsgVendedorForaDoEscopo)
		}
		vendedores = []string{vendedor}
	case c.Perfil == caller.Admin:
		todos, err := st.AllCounters(ctx, domain.ResumoVendedorMes, c.Empresa)
		if err != nil {
			return nil, err
		}
		for id, campos := range todos {
			if strings.HasSuffix(id, "|"+mes) {
				somar(campos)
			}
		}
		return out, nil
	case c.Perfil == caller.Supervisor:
		vendedores = append([]string{c.Operador}, c.Equipe...)
	default:
		vendedores = []string{c.Operador}
	}
	for _, v := range vendedores {
		campos, err := st.Counters(ctx, domain.ResumoVendedorMes, c.Empresa, domain.ChaveVendedorMes(v, mes))
		if err != nil {
			return nil, err
		}
		somar(campos)
	}
	return out, nil
}
