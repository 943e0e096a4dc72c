package field

import (
	"context"
	"errors"

	"github.com/crmvendas/crm/services/field/internal/adapters"
	"github.com/crmvendas/crm/services/field/internal/agenda"
	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/store"
)

// novaAgenda builds the tasks and the agenda (issue 24) on the service's store: customers from
// the customer service, the working days from the sales service, assignees checked with the
// operator service, each on the caller's behalf; the visits done through the visits' collection.
func novaAgenda(d Deps, visitas *store.Collection[domain.Visita]) (*agenda.Service, error) {
	if d.Customer == nil || d.Sales == nil || d.Operator == nil {
		return nil, errors.New("field: Deps.Customer, Deps.Sales e Deps.Operator são obrigatórios (tarefas e agenda)")
	}
	return agenda.NovoServico(context.Background(), d.Store, adapters.VisitasDaAgenda{Col: visitas}, agenda.NewClientes(d.Customer), agenda.NewCalendario(d.Sales), agenda.NewPedidos(d.Sales),
		agenda.NewOperadores(d.Operator))
}
