package app

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// ObterPedido reads an order in the caller's scope.
func (s *Service) ObterPedido(ctx context.Context, id string) (*domain.Pedido, error) {
	if err := exigirID(id, "id", "Informe o pedido."); err != nil {
		return nil, err
	}
	return s.Col.Pedidos.Get(ctx, store.ScopeOf(caller.From(ctx)), id)
}

// FiltroPedidos filters the order search.
type FiltroPedidos struct {
	Q, ClienteID, Status, Vendedor, De, Ate string
	PageSize                                int32
	PageToken                               string
}

// MsgVendedorForaDoEscopo refuses a search by a seller outside the caller's scope.
const MsgVendedorForaDoEscopo = "Este vendedor não está na sua equipe."

var soDigitos = regexp.MustCompile(`^\d{1,9}$`)

// ListarPedidos searches the orders in the caller's scope, newest first, one page: by number (q of
// digits only), customer name or document (other q), customer, status (one or several separated by
// commas), seller (within the scope) and creation period (de, ate: AAAA-MM-DD, inclusive).
func (s *Service) ListarPedidos(ctx context.Context, f FiltroPedidos) (*store.Page[domain.Pedido], error) {
	c := caller.From(ctx)
	q := store.Query{PageSize: f.PageSize, PageToken: f.PageToken}
	if t := strings.TrimSpace(f.Q); soDigitos.MatchString(t) {
		n, _ := strconv.ParseInt(t, 10, 64)
		q.Where = append(q.Where, store.Eq("numero", n))
	} else if t != "" {
		ids, poucos, err := s.clientesDaBusca(ctx, c.Empresa, t)
		if err != nil {
			return nil, err
		}
		if poucos {
			q.Where = append(q.Where, store.In("cliente_id", ids))
		} else {
			q.Search = t
		}
	}
	if v := strings.TrimSpace(f.Vendedor); v != "" {
		if !c.Sees(v) {
			return nil, errs.OutOfScope(MsgVendedorForaDoEscopo)
		}
		q.Where = append(q.Where, store.Eq("vendedor_id", v))
	}
	if v := strings.TrimSpace(f.ClienteID); v != "" {
		q.Where = append(q.Where, store.Eq("cliente_id", v))
	}
	if v := strings.TrimSpace(f.Status); v != "" {
		var sts []string
		for _, x := range strings.Split(v, ",") {
			st := domain.StatusPedido(strings.ToLower(strings.TrimSpace(x)))
			if !st.Valido() {
				return nil, errs.Field("status", fmt.Sprintf("Status desconhecido: %s.", strings.TrimSpace(x)))
			}
			sts = append(sts, string(st))
		}
		q.Where = append(q.Where, store.In("status", sts))
	}
	for _, d := range []struct {
		campo, v string
		cond     func(string, any) store.Cond
	}{{"de", f.De, store.Gte}, {"ate", f.Ate, store.Lte}} {
		if v := strings.TrimSpace(d.v); v != "" {
			if !domain.DataValida(domain.Data(v)) {
				return nil, errs.Field(d.campo, "Data deve ser AAAA-MM-DD.")
			}
			q.Where = append(q.Where, d.cond("data", v))
		}
	}
	return s.Col.Pedidos.List(ctx, store.ScopeOf(c), q)
}

// AlteracoesPedidos is the feed of the orders in the caller's scope. The device keeps 90 days (by
// last change): a new copy starts with those only, not the company's whole history (an ADMIN's
// phone would otherwise download every order ever made); later changes come whatever their age.
func (s *Service) AlteracoesPedidos(ctx context.Context, desde string, size int32) (*store.Changes[domain.Pedido], error) {
	ch, err := s.Col.Pedidos.Changes(ctx, store.ScopeOf(caller.From(ctx)), desde, size,
		store.SnapshotWhere(store.Gte("alterado", string(domain.InicioNoAparelho(s.now())))))
	if errs.IsKind(err, errs.KindInvalid) {
		return nil, errs.Field("desde", MsgCursor)
	}
	return ch, err
}
