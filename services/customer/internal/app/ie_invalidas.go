package app

import (
	"context"

	"github.com/crmvendas/crm/services/customer/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// ieScanBudget bounds the store pages one page of the report reads (a short page with a token
// means "more").
const ieScanBudget = 10

// IEInvalida is a customer whose stored inscrição estadual fails its state's rule, with the
// message its form would show.
type IEInvalida struct {
	Cliente *domain.Cliente
	UF      string
	Motivo  string
}

// ListarClientesIEInvalida lists, for the ADMIN, the company's customers whose stored IE fails today's rules
// (stored before them or imported): they are not changed or blocked, only listed to be fixed. In
// name order, keyset paged.
func (s *Service) ListarClientesIEInvalida(ctx context.Context, size int32, token string) ([]IEInvalida, string, error) {
	c := caller.From(ctx)
	if c.Perfil != caller.Admin {
		return nil, "", errs.Forbidden("Acesso negado: só o administrador vê este relatório.")
	}
	company := store.Company(c.Empresa)
	n := store.PageSize(size)
	out := []IEInvalida{}
	for i := 0; i < ieScanBudget; i++ {
		p, err := s.Col.Clientes.List(ctx, company, store.Query{PageSize: int32(n), PageToken: token})
		if err != nil {
			return nil, "", err
		}
		for j, cl := range p.Items {
			if cl.IEInvalida() {
				uf := cl.UFPrincipal()
				out = append(out, IEInvalida{Cliente: cl, UF: uf, Motivo: domain.ErroIE(cl.InscricaoEstadual, uf)})
			}
			if len(out) == n {
				if j == len(p.Items)-1 {
					return out, p.Next, nil
				}
				return out, s.Col.Clientes.TokenAfter(cl), nil
			}
		}
		token = p.Next
		if token == "" {
			return out, "", nil
		}
	}
	return out, token, nil
}
