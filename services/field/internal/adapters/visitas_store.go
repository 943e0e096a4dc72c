// Package adapters declares the field service's collections on the platform store and holds its
// client of the customer service.
package adapters

import (
	"context"

	"github.com/crmvendas/crm/services/field/internal/app"
	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/store"
)

// VisitasSpec: the visits, newest check-in first; the seller owns them (VENDEDOR sees their own,
// SUPERVISOR the team's, ADMIN all), listed by day, customer, status and a coordinate proposal
// still to accept.
var VisitasSpec = store.Spec[domain.Visita]{
	Name:       "visitas",
	NotFound:   domain.MsgVisitaNaoEncontrada,
	OutOfScope: domain.MsgVisitaForaDoEscopo,
	Owner:      "vendedor_id",
	Fields: []store.Field[domain.Visita]{
		{Name: "vendedor_id", Value: func(v *domain.Visita) any { return v.VendedorID }},
		{Name: "cliente_id", Value: func(v *domain.Visita) any { return v.ClienteID }},
		{Name: "inicio", Value: func(v *domain.Visita) any { return v.Inicio }},
		{Name: "dia", Value: func(v *domain.Visita) any { return v.Dia() }},
		{Name: "status", Value: func(v *domain.Visita) any { return v.Status }},
		{Name: "proposta_pendente", Value: func(v *domain.Visita) any { return v.PropostaPendente() }},
	},
	Sort:    store.Sort{Fields: []string{"inicio"}, Desc: true},
	Indexes: [][]string{{"cliente_id", "inicio"}, {"vendedor_id", "status"}, {"dia"}, {"vendedor_id", "dia"}, {"proposta_pendente"}},
	// A replayed check-in is compared by what the device sent, not by the server's judgement.
	Derived: func(v *domain.Visita) { v.LimparDerivados() },
}

// ConfiguracaoSpec: the company's visit settings (one per company).
var ConfiguracaoSpec = store.Spec[domain.ConfiguracaoCadastro]{
	Name:       "configuracao_visitas",
	NotFound:   "Configuração de visitas não encontrada.",
	OutOfScope: domain.MsgOutraEmpresa,
}

// DeclararVisitas declares the visits' collections.
func DeclararVisitas(ctx context.Context, st *store.Store) (*app.ColecoesVisitas, error) {
	var c app.ColecoesVisitas
	var err error
	if c.Visitas, err = store.Declare(ctx, st, VisitasSpec); err != nil {
		return nil, err
	}
	if c.Configuracao, err = store.Declare(ctx, st, ConfiguracaoSpec); err != nil {
		return nil, err
	}
	if c.Resumo, err = DeclararResumoVisitas(ctx, st, c.Visitas); err != nil {
		return nil, err
	}
	return &c, nil
}
