// Package app holds the field service's use cases, one file per command: the visit settings
// (configuracao_visitas.go), the check-in (checkin.go), the check-out (checkout.go), the lists and
// the feed (visitas_consulta.go) and the address's coordinates from a check-in (coordenadas.go).
package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/platform/store"
)

// ColecoesVisitas are the visits' collections.
type ColecoesVisitas struct {
	Visitas      *store.Collection[domain.Visita]
	Configuracao *store.Collection[domain.ConfiguracaoCadastro]
	// Resumo: the visits' summary kept on write (visitas_resumo.go).
	Resumo *ResumoVisitas
}

// ClienteVisita is what a visit needs of a customer: its name, its seller and where its main
// address is (nil: no coordinates).
type ClienteVisita struct {
	ID, Nome, VendedorID string
	Endereco             *domain.Ponto
}

// ClientesVisita reaches the customer service on the caller's behalf.
type ClientesVisita interface {
	// Obter is the customer in the caller's scope (403 outside it, 404 missing).
	Obter(ctx context.Context, id string) (ClienteVisita, error)
	// DefinirCoordenadas gives the customer's main address coordinates.
	DefinirCoordenadas(ctx context.Context, id string, p domain.Ponto) error
}

// Visitas are the visits' use cases.
type Visitas struct {
	Col      *ColecoesVisitas
	Clientes ClientesVisita
	Log      *slog.Logger
}

// Entidade is the visits as the entity kit serves them (get, list pages, feed) in the caller's
// role scope: VENDEDOR their own, SUPERVISOR the team's, ADMIN the company's.
func (s *Visitas) Entidade() *entity.Entidade[domain.Visita, *domain.Visita] {
	e := entity.Nova[domain.Visita](s.Col.Visitas, domain.MsgSemIDVisita)
	e.Escopo = escopo
	return e
}

func escopo(ctx context.Context) store.Scope { return store.ScopeOf(caller.From(ctx)) }

func empresa(ctx context.Context) store.Scope { return store.Company(caller.From(ctx).Empresa) }

// agora is the server's clock (the store's, which tests set).
func (s *Visitas) agora() time.Time { return s.Col.Visitas.Store().Now() }
