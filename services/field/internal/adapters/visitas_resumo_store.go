package adapters

import (
	"context"

	"github.com/crmvendas/crm/services/field/internal/app"
	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/store"
)

// The visits' summary (domain/visitas_resumo.go): three read models owned by the seller (a
// VENDEDOR reads their own rows, a SUPERVISOR the team's, an ADMIN every row).

func contagem[T any](f func(*T) *domain.ContagemVisitas) []store.Counter[T] {
	return []store.Counter[T]{
		{Name: domain.CampoVisitas, Ptr: func(t *T) *int64 { return &f(t).Visitas }},
		{Name: domain.CampoVerificadas, Ptr: func(t *T) *int64 { return &f(t).Verificadas }},
	}
}

// The declarations of the visits' read models.
var (
	VisitasDiaSpec = store.ReadModelSpec[domain.LinhaVisitasDia]{
		Name: domain.ResumoVisitasDia, OutOfScope: domain.MsgVisitaForaDoEscopo, Owner: "vendedor_id",
		Keys: []store.Key[domain.LinhaVisitasDia]{
			{Name: "vendedor_id", Get: func(l *domain.LinhaVisitasDia) string { return l.VendedorID }},
			{Name: "cliente_id", Get: func(l *domain.LinhaVisitasDia) string { return l.ClienteID }},
			{Name: "dia", Get: func(l *domain.LinhaVisitasDia) string { return l.Dia }}},
		Counters: contagem(func(l *domain.LinhaVisitasDia) *domain.ContagemVisitas { return &l.ContagemVisitas }),
		Indexes:  [][]string{{"dia"}},
	}
	VisitasVendedorMesSpec = store.ReadModelSpec[domain.LinhaVisitasVendedorMes]{
		Name: domain.ResumoVisitasVendedorMes, OutOfScope: domain.MsgVisitaForaDoEscopo, Owner: "vendedor_id",
		Keys: []store.Key[domain.LinhaVisitasVendedorMes]{
			{Name: "vendedor_id", Get: func(l *domain.LinhaVisitasVendedorMes) string { return l.VendedorID }},
			{Name: "mes", Get: func(l *domain.LinhaVisitasVendedorMes) string { return l.Mes }}},
		Counters: contagem(func(l *domain.LinhaVisitasVendedorMes) *domain.ContagemVisitas { return &l.ContagemVisitas }),
		Indexes:  [][]string{{"mes"}},
	}
	VisitasClienteMesSpec = store.ReadModelSpec[domain.LinhaVisitasClienteMes]{
		Name: domain.ResumoVisitasClienteMes, OutOfScope: domain.MsgVisitaForaDoEscopo, Owner: "vendedor_id",
		Keys: []store.Key[domain.LinhaVisitasClienteMes]{
			{Name: "vendedor_id", Get: func(l *domain.LinhaVisitasClienteMes) string { return l.VendedorID }},
			{Name: "cliente_id", Get: func(l *domain.LinhaVisitasClienteMes) string { return l.ClienteID }},
			{Name: "mes", Get: func(l *domain.LinhaVisitasClienteMes) string { return l.Mes }}},
		Counters: contagem(func(l *domain.LinhaVisitasClienteMes) *domain.ContagemVisitas { return &l.ContagemVisitas }),
		Indexes:  [][]string{{"mes"}},
	}
)

// DeclararResumoVisitas declares the visits' read models and, the first time on a store whose
// visits predate them, builds them from the visits of every company (app.ResumoVisitas.Construir).
func DeclararResumoVisitas(ctx context.Context, st *store.Store, visitas *store.Collection[domain.Visita]) (*app.ResumoVisitas, error) {
	r := &app.ResumoVisitas{}
	var err error
	if r.Dia, err = store.DeclareReadModel(ctx, st, VisitasDiaSpec); err != nil {
		return nil, err
	}
	if r.VendedorMes, err = store.DeclareReadModel(ctx, st, VisitasVendedorMesSpec); err != nil {
		return nil, err
	}
	if r.ClienteMes, err = store.DeclareReadModel(ctx, st, VisitasClienteMesSpec); err != nil {
		return nil, err
	}
	return r, r.Construir(ctx, visitas)
}
