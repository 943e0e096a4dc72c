package app

import (
	"context"

	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// aplicarResumos keeps the sales summaries on write: what a change of an order from antes to
// depois does (domain.VariacaoResumos; antes nil for a new order) is applied with the store's
// atomic counters. A presence counter is applied first and its effect (a customer entering or
// leaving a distinct count) follows from the counter's new value, so two orders of the same
// customer changing at once still move the distinct count once.
func (s *Service) aplicarResumos(ctx context.Context, empresa string, antes, depois *domain.Pedido) error {
	_, err := s.aplicarResumosValores(ctx, empresa, antes, depois)
	return err
}

// aplicarResumosValores is aplicarResumos returning each summary document's figures right after
// this change's increment (by resumo|id): atomic, so they order concurrent changes.
func (s *Service) aplicarResumosValores(ctx context.Context, empresa string, antes, depois *domain.Pedido) (map[string]map[string]int64, error) {
	v := domain.VariacaoResumos(antes, depois)
	st := s.Col.Pedidos.Store()
	out := map[string]map[string]int64{}
	for _, inc := range v.Incrementos {
		novo, err := st.Incr(ctx, inc.Resumo, empresa, inc.ID, inc.Campos)
		if err != nil {
			return nil, err
		}
		out[inc.Resumo+"|"+inc.ID] = novo
	}
	for _, pr := range v.Presencas {
		novo, err := st.Incr(ctx, domain.ResumoPresencas, empresa, pr.ID, map[string]int64{domain.CampoPedidos: pr.Delta})
		if err != nil {
			return nil, err
		}
		if ef, ok := pr.Efeito(novo[domain.CampoPedidos]); ok {
			if _, err := st.Incr(ctx, ef.Resumo, empresa, ef.ID, ef.Campos); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// resumosGravados are the names of every summary document of the orders.
var resumosGravados = []string{domain.ResumoVendedorMes, domain.ResumoClienteMes, domain.ResumoGrupoVendedorMes,
	domain.ResumoPresencas, domain.ResumoClienteEmAberto, domain.ResumoFlexVendedor}

// ReconciliarResumos recomputes every summary of the caller's company from its orders
// (domain.RecalcularResumos) and compares it with the stored counters, those no order explains
// any more included. The drift is reported and, unless apenasVerificar, fixed by adding the
// difference to each stored figure. It returns how many orders were read.
func (s *Service) ReconciliarResumos(ctx context.Context, apenasVerificar bool) (int, []domain.Divergencia, error) {
	sc := scope(ctx)
	pedidos, err := s.Col.Pedidos.All(ctx, sc, store.Query{})
	if err != nil {
		return 0, nil, err
	}
	recalculado := domain.RecalcularResumos(pedidos)
	gravado := domain.Resumos{}
	st := s.Col.Pedidos.Store()
	for _, nome := range resumosGravados {
		docs, err := st.AllCounters(ctx, nome, sc.Empresa)
		if err != nil {
			return 0, nil, err
		}
		for id, campos := range docs {
			gravado[domain.ChaveResumo{Resumo: nome, ID: id}] = campos
		}
	}
	div := domain.Divergencias(gravado, recalculado)
	if apenasVerificar {
		return len(pedidos), div, nil
	}
	for _, d := range div {
		if _, err := st.Incr(ctx, d.Resumo, sc.Empresa, d.ID, map[string]int64{d.Campo: d.Recalculado - d.Gravado}); err != nil {
			return len(pedidos), div, err
		}
	}
	return len(pedidos), div, nil
}
