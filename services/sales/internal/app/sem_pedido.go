package app

import (
	"context"
	"sort"
	"strconv"
	"strings"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// Customers without an order (the panel's sem_pedido and GET /crm/painel/sem-pedido): the active
// customers of the portfolios in scope (customer service, in the caller's scope) whose last
// counting order (resumo_cliente_vendedor_dia, kept on write: domain/ultimo_pedido.go) is at
// least N days old in São Paulo, those that never ordered included. An order of any seller
// counts: the rows are read for the portfolio's customers, whoever's orders moved them.

// ClienteDaCarteira is an active customer of a portfolio and its seller.
type ClienteDaCarteira struct{ ID, VendedorID string }

// ClientesDasCarteiras lists the active customers of the portfolios in the caller's scope (of
// one seller when vendedor is set).
type ClientesDasCarteiras interface {
	ClientesAtivos(ctx context.Context, vendedor string) ([]ClienteDaCarteira, error)
}

// ClienteSemPedido is a customer without an order for the days asked: its last order's day
// (empty: never ordered).
type ClienteSemPedido struct {
	ClienteID, VendedorID string
	UltimoPedido          domain.Data
}

// Messages of the customers without an order.
const (
	MsgSemPedidoDias = "Informe os dias sem pedido: um número de 1 a 3650 (ex.: 30)."
	MsgSemCarteira   = "Serviço de clientes indisponível: não foi possível ler a carteira. Tente novamente em instantes."
)

// loteClientes bounds the customers of one read of their days (the store's "in").
const loteClientes = 500

// ultimosPedidos is the last order's day of each of ids that had one from desde on (desde
// empty: ever), read in the company (a portfolio's customer may have ordered from another seller).
func (s *Service) ultimosPedidos(ctx context.Context, ids []string, desde domain.Data) (map[string]domain.Data, error) {
	sc := store.Company(caller.From(ctx).Empresa)
	out := map[string]domain.Data{}
	for i := 0; i < len(ids); i += loteClientes {
		where := []store.Cond{store.In("cliente_id", ids[i:min(i+loteClientes, len(ids))]), store.Gt(domain.CampoPedidos, 0)}
		if desde != "" {
			where = append(where, store.Gte("dia", string(desde)))
		}
		linhas, err := s.Col.Resumos.ClienteVendedorDia.All(ctx, sc, store.Query{Where: where})
		if err != nil {
			return nil, err
		}
		for c, d := range domain.UltimosPedidos(linhas) {
			if d > out[c] {
				out[c] = d
			}
		}
	}
	return out, nil
}

// carteiraNoEscopo are the active customers of the portfolios the figures cover, and their ids:
// of vendedor (checked against the caller's scope before) or of the caller's whole scope.
func (s *Service) carteiraNoEscopo(ctx context.Context, vendedor string) ([]ClienteDaCarteira, []string, error) {
	if s.ClientesCarteira == nil {
		return nil, nil, errs.Unavailable(MsgSemCarteira, nil)
	}
	c := caller.From(ctx)
	todos, err := s.ClientesCarteira.ClientesAtivos(ctx, vendedor)
	if err != nil {
		return nil, nil, err
	}
	out, ids := todos[:0], make([]string, 0, len(todos))
	for _, cl := range todos {
		if (vendedor == "" || cl.VendedorID == vendedor) && c.Sees(cl.VendedorID) {
			out = append(out, cl)
			ids = append(ids, cl.ID)
		}
	}
	return out, ids, nil
}

// semPedido counts the customers of the portfolios in scope (of vendedor, or the whole scope)
// without an order for 30, 60 and 90 days on hoje: only the days since InicioSemPedido are read.
func (s *Service) semPedido(ctx context.Context, vendedor string, hoje domain.Data) (*domain.SemPedido, error) {
	_, ids, err := s.carteiraNoEscopo(ctx, vendedor)
	if err != nil {
		return nil, err
	}
	ultimos, err := s.ultimosPedidos(ctx, ids, domain.InicioSemPedido(hoje))
	if err != nil {
		return nil, err
	}
	n := domain.ContarSemPedido(ids, ultimos, hoje)
	return &n, nil
}

// ClientesSemPedido lists the customers of the portfolios in the caller's scope (of one seller
// with vendedor) without an order for at least dias days ("30"; 1 to 3650), the longest without
// one first (never ordered before all), then by id.
func (s *Service) ClientesSemPedido(ctx context.Context, dias, vendedor string) ([]ClienteSemPedido, error) {
	n, err := strconv.Atoi(strings.TrimSpace(dias))
	if err != nil || n < 1 || n > 3650 {
		return nil, errs.Field("dias", MsgSemPedidoDias)
	}
	vendedor = strings.TrimSpace(vendedor)
	if vendedor != "" && !caller.From(ctx).Sees(vendedor) {
		return nil, errs.OutOfScope(MsgVendedorForaDoEscopo)
	}
	carteira, ids, err := s.carteiraNoEscopo(ctx, vendedor)
	if err != nil {
		return nil, err
	}
	ultimos, err := s.ultimosPedidos(ctx, ids, "")
	if err != nil {
		return nil, err
	}
	hoje := Hoje(s.now())
	out := []ClienteSemPedido{}
	for _, cl := range carteira {
		if u := ultimos[cl.ID]; domain.SemPedidoHa(u, hoje, n) {
			out = append(out, ClienteSemPedido{ClienteID: cl.ID, VendedorID: cl.VendedorID, UltimoPedido: u})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].UltimoPedido != out[j].UltimoPedido {
			return out[i].UltimoPedido < out[j].UltimoPedido
		}
		return out[i].ClienteID < out[j].ClienteID
	})
	return out, nil
}
