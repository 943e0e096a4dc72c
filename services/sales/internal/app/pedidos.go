package app

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// The orders' use cases (issue 11). Each command reads what the rules need (the customer from the
// customer service in the caller's scope, the catalogue, the policy, the running figures of the
// summaries), calls one method of domain.Pedido and saves the order on its versao; the summaries
// follow the change in the same write (resumosJunto). Every order is read and written in the
// caller's role scope (store.ScopeOf: VENDEDOR own, SUPERVISOR team, ADMIN company).
//
// One file per command: pedido_criar.go, pedido_atualizar.go, pedido_enviar.go, pedido_decidir.go
// (aprovar, reprovar), pedido_mudar_status.go (cancelar, reabrir, alterar status),
// pedido_duplicar.go, pedido_pdf.go; the reads in pedidos_consulta.go and pedido_resumo_vendas.go.
// Here: what they share (the entry, its evaluation against the rules, saving on versao).

// ItemEntradaPedido is an item as the client sends it (never a price or a total: only the price
// the device showed, to tell the seller when the server's differs).
type ItemEntradaPedido struct {
	ProdutoID     string
	Quantidade    int64
	Desconto      domain.Percentual
	Bonificacao   bool
	PrecoEsperado int64
}

// EntradaPedido is an order as the client sends it to create or edit it.
type EntradaPedido struct {
	ID                  string
	Versao              int64
	ClienteID           string
	CondicaoID          string
	Tipo                string
	Itens               []ItemEntradaPedido
	FreteCentavos       int64
	Observacoes         string
	ObservacoesInternas string
	DataEntrega         string
	Latitude, Longitude *float64
	VisitaID            string
	// Enviar: send it at once (when no price changed since the device priced it).
	Enviar bool
}

// ReasonPrecosAlterados: the server's prices differ from those the order was priced with; the
// order was re-priced and kept as a draft (detalhes: none; the order's precos_alterados list them).
const ReasonPrecosAlterados = errs.ReasonPrecosAlterados

// avaliacao is an order's pricing on the server and the context of its rules.
type avaliacao struct {
	pr        domain.Precificacao
	regras    domain.ContextoPedido
	cliente   domain.ClienteVenda
	vendedor  string
	alterados []domain.PrecoAlterado
}

func tipoDe(s string) domain.TipoPedido {
	t := domain.TipoPedido(strings.ToLower(strings.TrimSpace(s)))
	if t == "" {
		return domain.TipoVenda
	}
	return t
}

// vendedorDoPedido is the seller a new order belongs to: a VENDEDOR's own; for a SUPERVISOR or an
// ADMIN, the seller whose portfolio the customer is in (when the caller sees them), else the caller.
func vendedorDoPedido(c *caller.Caller, cl domain.ClienteVenda) string {
	if c.Perfil != caller.Vendedor && cl.VendedorID != "" && c.Sees(cl.VendedorID) {
		return cl.VendedorID
	}
	return c.Operador
}

// avaliar prices an order's items now, as the policy applies to its seller (vendedor; empty: a new
// order's, vendedorDoPedido), and reads the context of its rules. atual is the stored order being
// edited or sent (nil for a new one): its own open total is not counted twice.
func (s *Service) avaliar(ctx context.Context, vendedor string, atual *domain.Pedido, in EntradaPedido) (*avaliacao, error) {
	if len(in.Itens) > domain.MaxItensPedido {
		return nil, errs.Field("itens", fmt.Sprintf("Um pedido tem no máximo %d itens.", domain.MaxItensPedido))
	}
	hoje := Hoje(s.now())
	ids := make([]string, len(in.Itens))
	for i, it := range in.Itens {
		ids[i] = it.ProdutoID
	}
	b, err := s.carregarBase(ctx, in.ClienteID, in.CondicaoID, ids, hoje)
	if err != nil {
		return nil, err
	}
	c := caller.From(ctx)
	if vendedor == "" {
		vendedor = vendedorDoPedido(c, b.cliente)
	}
	// The running figures the rules read (the company's, whatever the caller's scope).
	resumos, empresa := s.Col.Resumos, store.Company(c.Empresa)
	flex, err := resumos.FlexVendedor.Get(ctx, empresa, &domain.LinhaFlexVendedor{VendedorID: vendedor})
	if err != nil {
		return nil, err
	}
	pol := b.politica(vendedor)
	pol.Vendedor = pol.Vendedor.ComFlexDosPedidos(flex.FlexCentavos)
	itens := make([]domain.ItemEntrada, len(in.Itens))
	esperados := make([]int64, len(in.Itens))
	for i, it := range in.Itens {
		itens[i] = domain.ItemEntrada{Produto: b.produtos[it.ProdutoID].Produto(), Quantidade: it.Quantidade,
			DescontoPercentual: it.Desconto, Bonificacao: it.Bonificacao}
		esperados[i] = it.PrecoEsperado
	}
	if err := domain.ValidarEsperados(esperados); err != nil {
		return nil, err
	}
	pr, err := domain.PrecificarItens(itens, tipoDe(in.Tipo), b.cliente.Preco, b.cond, pol, hoje)
	if err != nil {
		return nil, err
	}
	aberto, err := resumos.ClienteEmAberto.Get(ctx, empresa, &domain.LinhaClienteEmAberto{ClienteID: b.cliente.Preco.ID})
	if err != nil {
		return nil, err
	}
	mes, err := resumos.VendedorMes.Get(ctx, empresa, &domain.LinhaVendedorMes{VendedorID: vendedor, Mes: domain.MesDe(s.now())})
	if err != nil {
		return nil, err
	}
	sit := b.cliente.Situacao
	sit.EmAbertoCentavos = aberto.TotalCentavos
	if atual != nil && atual.Status.EmAberto() && atual.ClienteID == b.cliente.Preco.ID {
		sit.EmAbertoCentavos -= atual.TotalCentavos
	}
	return &avaliacao{pr: pr, cliente: b.cliente, vendedor: vendedor, alterados: domain.PrecosMudaram(esperados, pr),
		regras: domain.ContextoPedido{Cliente: sit, Bloqueantes: b.pol.MotivosBloqueantes,
			Verba: domain.VerbaBonificacao{LimiteCentavos: b.pol.VerbaBonificacao(vendedor), UsadoCentavos: mes.BonificacaoCentavos}}}, nil
}

func (in EntradaPedido) dados(a *avaliacao) domain.DadosPedido {
	return domain.DadosPedido{ID: in.ID, Tipo: tipoDe(in.Tipo), ClienteID: in.ClienteID, Cliente: a.cliente.Snapshot, VendedorID: a.vendedor,
		FreteCentavos: in.FreteCentavos, Observacoes: in.Observacoes, ObservacoesInternas: in.ObservacoesInternas,
		DataEntrega: domain.Data(in.DataEntrega), Latitude: in.Latitude, Longitude: in.Longitude, VisitaID: in.VisitaID}
}

// quem is the caller as the order's rules see them.
func quem(c *caller.Caller) domain.Operador { return domain.Operador{ID: c.Operador, Perfil: c.Perfil} }

// mudarPedido applies f to the stored order (in the caller's scope, on versao; 0: the current
// one) and the change to the summaries.
func (s *Service) mudarPedido(ctx context.Context, id string, versao int64, f func(p *domain.Pedido) error) (*domain.Pedido, error) {
	p, _, err := s.mudarPedidoResumos(ctx, id, versao, f)
	return p, err
}

// mudarPedidoResumos is mudarPedido returning the summaries' figures right after the change.
func (s *Service) mudarPedidoResumos(ctx context.Context, id string, versao int64, f func(p *domain.Pedido) error) (*domain.Pedido, map[string]map[string]int64, error) {
	if err := exigirID(id, "id", "Informe o pedido."); err != nil {
		return nil, nil, err
	}
	var antes domain.Pedido
	c := caller.From(ctx)
	feitos := map[string]*store.Inc{}
	p, err := s.Col.Pedidos.UpdateWith(ctx, store.ScopeOf(c), id, versao, func(p *domain.Pedido) error {
		antes = *p
		antes.Itens, antes.NotasFiscais = slices.Clone(p.Itens), slices.Clone(p.NotasFiscais)
		return f(p)
	}, s.resumosJunto(c.Empresa, feitos))
	var valores map[string]map[string]int64
	if err == nil {
		valores = s.Col.Resumos.valores(feitos)
	}
	if err = s.pendentes(ctx, id, err); err != nil {
		return nil, nil, err
	}
	if antes.ClienteID != p.ClienteID || antes.Cliente.Nome != p.Cliente.Nome || antes.Cliente.Documento != p.Cliente.Documento {
		s.lembrarCliente(ctx, p.Empresa, p)
	}
	return p, valores, nil
}

// entradaDe is a stored order as an entry: its items priced again as they were asked for, each
// expecting the unit price it has now.
func entradaDe(p *domain.Pedido) EntradaPedido {
	in := EntradaPedido{ID: p.ID, ClienteID: p.ClienteID, CondicaoID: p.CondicaoID, Tipo: string(p.Tipo),
		FreteCentavos: p.FreteCentavos, Observacoes: p.Observacoes, ObservacoesInternas: p.ObservacoesInternas,
		DataEntrega: string(p.DataEntrega), Latitude: p.Latitude, Longitude: p.Longitude, VisitaID: p.VisitaID}
	for _, it := range p.Itens {
		in.Itens = append(in.Itens, ItemEntradaPedido{ProdutoID: it.ProdutoID, Quantidade: it.Quantidade, Desconto: it.DescontoPercentual,
			Bonificacao: it.Bonificacao, PrecoEsperado: it.PrecoUnitarioCentavos})
	}
	return in
}
