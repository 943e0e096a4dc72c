// Package app holds the sales service's use cases: the catalogue (products), price tables and
// their prices, payment terms, the commercial policy, ICMS-ST rules and the pricing of a draft,
// always within the caller's company. Every collection is company-wide: ADMIN writes (the method
// policies), every operator reads. One file per resource: produtos.go, tabelas.go (and their
// prices), condicoes.go, regras_st.go, politica.go, the orders (pedidos.go and pedido_*.go), the
// pricing of a draft (calculo.go), imports (importar*.go) and photos (foto.go).
package app

import (
	"context"
	"log/slog"
	"regexp"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/crmvendas/crm/services/platform/caller"
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
	// Resumos: the sales summaries, read models kept on each order's write (pedidos_resumos.go).
	Resumos *Resumos
}

// Service implements the sales use cases.
type Service struct {
	Col      *Collections
	Clientes Clientes
	Espelho  Espelho
	Nomes    Nomes
	Log      *slog.Logger
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// Messages a user reads.
const (
	MsgCursor = "Cursor inválido: use o valor de cursor da resposta anterior (ou vazio para começar)."
	MsgID     = "Id inválido: use um UUID (letras, números, - e _; até 64 caracteres)."
)

var idPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// newID validates a client-generated id or makes one.
func newID(id string) (string, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return uuid.NewString(), nil
	}
	if !idPattern.MatchString(id) {
		return "", errs.Field("id", MsgID)
	}
	return id, nil
}

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
