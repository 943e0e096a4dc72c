package app

import (
	"context"
	"strings"
	"time"

	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// FiltroVisitas is a visits list request.
type FiltroVisitas struct {
	De, Ate, VendedorID, ClienteID string
	PageSize                       int32
	PageToken                      string
	// Only the visits whose coordinate proposal waits for an ADMIN (domain.Visita.PropostaPendente).
	CoordenadasPropostas bool
}

// ListarVisitas is one page of the visits in the caller's scope, newest first: by check-in day
// (de, ate: AAAA-MM-DD, inclusive, in Brazil's time), seller (within the scope), customer and,
// with CoordenadasPropostas, the coordinate proposals still to accept.
func (s *Visitas) ListarVisitas(ctx context.Context, f FiltroVisitas) (*store.Page[domain.Visita], error) {
	c := caller.From(ctx)
	q := store.Query{PageSize: f.PageSize, PageToken: f.PageToken}
	if v := strings.TrimSpace(f.VendedorID); v != "" {
		if !c.Sees(v) {
			return nil, errs.OutOfScope(domain.MsgVendedorForaEscopo)
		}
		q.Where = append(q.Where, store.Eq("vendedor_id", v))
	}
	if v := strings.TrimSpace(f.ClienteID); v != "" {
		q.Where = append(q.Where, store.Eq("cliente_id", v))
	}
	if f.CoordenadasPropostas {
		q.Where = append(q.Where, store.Eq("proposta_pendente", true))
	}
	var de, ate string
	for _, d := range []struct {
		campo string
		v     *string
		cond  func(string, any) store.Cond
		ptr   *string
	}{{"de", &f.De, store.Gte, &de}, {"ate", &f.Ate, store.Lte, &ate}} {
		v := strings.TrimSpace(*d.v)
		if v == "" {
			continue
		}
		if _, err := time.Parse(time.DateOnly, v); err != nil {
			return nil, errs.Field(d.campo, "Data inválida: use AAAA-MM-DD.")
		}
		*d.ptr = v
		q.Where = append(q.Where, d.cond("dia", v))
	}
	if de != "" && ate != "" && ate < de {
		return nil, errs.Field("ate", "A data final vem antes da inicial.")
	}
	return s.Entidade().Listar(ctx, q)
}

func minutos(n int32) time.Duration { return time.Duration(n) * time.Minute }
