package adapters

import (
	"context"
	"time"

	"github.com/crmvendas/crm/services/field/internal/agenda"
	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/store"
)

// VisitasDaAgenda is how the agenda reads the visits done: through the visits' own collection
// (VisitasSpec, declared once), by seller and day on its (vendedor_id, dia) index.
type VisitasDaAgenda struct {
	Col *store.Collection[domain.Visita]
}

var _ agenda.Visitas = VisitasDaAgenda{}

// VisitasDoPeriodo are the visits in sc (of a seller; empty: every seller sc sees) whose
// check-in day (America/Sao_Paulo) falls from de to ate, inclusive.
func (v VisitasDaAgenda) VisitasDoPeriodo(ctx context.Context, sc store.Scope, vendedor string, de, ate time.Time) ([]agenda.Visita, error) {
	q := store.Query{Where: []store.Cond{store.Gte("dia", de.Format(time.DateOnly)), store.Lte("dia", ate.Format(time.DateOnly))}}
	if vendedor != "" {
		q.Where = append(q.Where, store.Eq("vendedor_id", vendedor))
	}
	docs, err := v.Col.All(ctx, sc, q)
	if err != nil {
		return nil, err
	}
	out := make([]agenda.Visita, 0, len(docs))
	for _, d := range docs {
		out = append(out, agenda.Visita{ID: d.ID, ClienteID: d.ClienteID, VendedorID: d.VendedorID, Inicio: d.Inicio,
			Veredito: d.Veredito, Distancia: d.Distancia, Resultado: d.Resultado})
	}
	return out, nil
}
