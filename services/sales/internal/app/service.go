// Package app holds the sales service's use cases: the catalogue (products), price tables and
// their prices, payment terms, the commercial policy, ICMS-ST rules and the pricing of a draft,
// always within the caller's company. Every collection is company-wide: ADMIN writes (the method
// policies), every operator reads. One file per resource: produtos.go, tabelas.go (and their
// prices), politica.go, the orders (pedidos.go and pedido_*.go), the pricing of a draft
// (calculo.go), imports (importar*.go) and photos (foto.go). Payment terms and ICMS-ST rules are
// simple entities: the platform's use cases over Col.Condicoes and Col.RegrasST (the ports).
package app

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// Clientes is the customer service's view of a customer, in the caller's scope.
type Clientes interface {
	Obter(ctx context.Context, id string) (domain.ClienteVenda, error)
}

// Collections are the service's stored entities (declared in adapters).
type Collections struct {
	Produtos  *store.Collection[domain.ProdutoCadastro]
	Tabelas   *store.Collection[domain.TabelaCadastro]
	Precos    *store.Collection[domain.PrecoCadastro]
	Condicoes *store.Collection[domain.CondicaoCadastro]
	RegrasST  *store.Collection[domain.RegraSTCadastro]
	Politicas *store.Collection[domain.PoliticaCadastro]
	Fotos     *store.Collection[domain.FotoCadastro]
	Pedidos   *store.Collection[domain.Pedido]
	// ClientesPedidos: the customers with orders, for the search by name (pedidos_busca.go).
	ClientesPedidos *store.Collection[domain.ClienteDosPedidos]
	// Metas: the sellers' monthly goals (metas.go).
	Metas *store.Collection[domain.Meta]
	// Resumos: the sales summaries, read models kept on each order's write (pedidos_resumos.go).
	Resumos *Resumos
	// Folgas and ConfigCalendario: the company's working-day calendar (calendario.go).
	Folgas           *store.Collection[domain.Folga]
	ConfigCalendario *store.Collection[domain.ConfigCalendarioCadastro]
}

// Service implements the sales use cases.
type Service struct {
	Col      *Collections
	Clientes Clientes
	Espelho  Espelho
	Nomes    Nomes
	// Vendedores and Carteiras: the sellers (operator service) and their portfolios' sizes
	// (customer service) the goals need.
	Vendedores Vendedores
	Carteiras  Carteiras
	// ClientesCarteira: the active customers of the portfolios (customer service), for the
	// customers without an order (sem_pedido.go).
	ClientesCarteira ClientesDasCarteiras
	// Visitas: the field service's visits' summary (the visitas goals, metas_visitas.go).
	Visitas VisitasDoMes
	Log     *slog.Logger
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// The messages of a bad cursor and a bad id are the entity kit's (every entity's and the
// orders' alike).
const (
	MsgCursor = entity.MsgCursor
	MsgID     = entity.MsgID
)

// newID validates a client-generated id or makes one (entity.NovoID: the same rule for every
// record with a client id).
func newID(id string) (string, error) { return entity.NovoID(id) }

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// scope is the caller's company (every sales collection is company-wide).
func scope(ctx context.Context) store.Scope { return store.Company(caller.From(ctx).Empresa) }

func exigirID(id, campo, msg string) error {
	if strings.TrimSpace(id) == "" {
		return errs.Field(campo, msg)
	}
	return nil
}

// changes reads a collection's feed in the caller's company after a cursor.
func changes[T any](ctx context.Context, col *store.Collection[T], desde string, size int32) (*store.Changes[T], error) {
	ch, err := col.Changes(ctx, scope(ctx), desde, size)
	if errs.IsKind(err, errs.KindInvalid) {
		return nil, errs.Field("desde", MsgCursor)
	}
	return ch, err
}
