package app

import (
	"context"
	"sort"
	"strings"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// The sales panel (GET /crm/painel): a month's sold value against the goal, paced on the
// company's working days, read only from the summaries kept on write (resumo_vendedor_mes,
// resumo_cliente_em_aberto), the goals and the portfolios' sizes, never from the orders.
//
// Percentages are hundredths of a percent here (8550 = 85,5 %), as the goals keep them; the API
// gives them in percent with at most two decimals (85.5).

// Painel is a month's figures of one seller or of the caller's whole scope.
type Painel struct {
	Mes                                       string
	MetaCentavos, VendidoCentavos, Percentual int64
	FaltaCentavos                             int64
	DiasUteis, DiasUteisPassados              int
	DiasUteisRestantes                        int
	NecessarioPorDiaUtilCentavos              int64
	ProjecaoCentavos, TicketMedioCentavos     int64
	Pedidos, ClientesComPedido                int64
	ClientesCarteira, PositivacaoPercentual   int64
	// MixMedio: the distinct products per order, in hundredths (250 = 2,5 produtos).
	// AguardandoAprovacao: the orders waiting for approval (of the customers' open totals).
	// SemPedido: the active customers of the portfolios in scope without a counting order for
	// 30, 60 and 90 days (today in São Paulo; never-ordered ones counted), from each customer's
	// last order the summaries keep (sem_pedido.go).
	MixMedio            int64
	EmAbertoCentavos    int64
	AguardandoAprovacao int64
	SemPedido           *domain.SemPedido
	Metas               []MetaApurada
	Ranking             []LinhaRanking
}

// LinhaRanking is a seller's month in the ranking: sold, the goal, the achievement and the pace
// (the projection against the goal), both in hundredths of a percent.
type LinhaRanking struct {
	VendedorID, Nome                          string
	VendidoCentavos, MetaCentavos, Percentual int64
	ProjecaoCentavos, Ritmo                   int64
}

// metaSemRecorte: a valor goal of the whole month (no group, region or customer) is the goal
// the panel measures.
func metaSemRecorte(m *domain.Meta) bool {
	return m.Tipo == domain.TipoValor && m.Grupo == "" && m.RegiaoID == "" && m.ClienteID == ""
}

// ObterPainel is the panel of mes ("AAAA-MM"; default this month in São Paulo) of one seller of
// the caller's scope, or of the whole scope (vendedor empty: a seller's own, a SUPERVISOR's
// team, an ADMIN's company), with the ranking of the scope's sellers for SUPERVISOR and ADMIN.
// The projection divides by the working days gone by counting today when it is one
// (DiasUteisMes.Decorridos): today's orders are already in the sold value.
func (s *Service) ObterPainel(ctx context.Context, mes, vendedor string) (*Painel, error) {
	c := caller.From(ctx)
	agora := s.now()
	if mes = strings.TrimSpace(mes); mes == "" {
		mes = domain.MesDe(agora)
	}
	if _, ok := domain.LerMes(mes); !ok {
		return nil, errs.Field("mes", MsgMesFiguras)
	}
	vendedor = strings.TrimSpace(vendedor)
	if vendedor != "" && !c.Sees(vendedor) {
		return nil, errs.OutOfScope(MsgVendedorForaDoEscopo)
	}
	dias, err := s.DiasUteisDoMes(ctx, mes, agora)
	if err != nil {
		return nil, err
	}
	sc := store.ScopeOf(c)
	doMes := store.Query{Where: []store.Cond{store.Eq("mes", mes)}}
	linhas, err := s.Col.Resumos.VendedorMes.All(ctx, sc, doMes)
	if err != nil {
		return nil, err
	}
	metas, err := s.Metas().Col.All(ctx, sc, doMes)
	if err != nil {
		return nil, err
	}
	abertos, err := s.Col.Resumos.ClienteEmAberto.All(ctx, sc, store.Query{})
	if err != nil {
		return nil, err
	}
	var carteira map[string]int64
	if s.Carteiras != nil {
		if carteira, err = s.Carteiras.Ativos(ctx); err != nil {
			return nil, err
		}
	}
	inclui := func(v string) bool { return (vendedor == "" || v == vendedor) && c.Sees(v) }
	// Per seller in scope: sold, orders, customers, goal.
	type figuras struct{ vendido, pedidos, clientes, produtos, meta int64 }
	porVendedor := map[string]*figuras{}
	de := func(v string) *figuras {
		if porVendedor[v] == nil {
			porVendedor[v] = &figuras{}
		}
		return porVendedor[v]
	}
	for _, l := range linhas {
		f := de(l.VendedorID)
		f.vendido += l.ValorCentavos
		f.pedidos += l.Pedidos
		f.clientes += l.Clientes
		f.produtos += l.Produtos
	}
	p := &Painel{Mes: mes, DiasUteis: dias.Total, DiasUteisPassados: dias.Passados, DiasUteisRestantes: dias.Restantes(), Ranking: []LinhaRanking{}}
	var escolhidas []*domain.Meta
	for _, m := range metas {
		if metaSemRecorte(m) {
			de(m.VendedorID).meta += m.Alvo
		}
		if inclui(m.VendedorID) {
			escolhidas = append(escolhidas, m)
		}
	}
	for v, n := range carteira {
		if inclui(v) {
			p.ClientesCarteira += n
		}
	}
	var produtos int64
	for v, f := range porVendedor {
		if !inclui(v) {
			continue
		}
		p.VendidoCentavos += f.vendido
		p.Pedidos += f.pedidos
		p.ClientesComPedido += f.clientes
		produtos += f.produtos
		p.MetaCentavos += f.meta
	}
	for _, a := range abertos {
		if inclui(a.VendedorID) {
			p.EmAbertoCentavos += a.TotalCentavos
			p.AguardandoAprovacao += a.Aguardando
		}
	}
	p.Percentual = (&domain.Meta{Alvo: p.MetaCentavos}).Percentual(p.VendidoCentavos)
	p.FaltaCentavos = max(p.MetaCentavos-p.VendidoCentavos, 0)
	p.NecessarioPorDiaUtilCentavos = domain.PorDia(p.FaltaCentavos, p.DiasUteisRestantes)
	p.ProjecaoCentavos = domain.Projecao(p.VendidoCentavos, dias.Decorridos(), dias.Total)
	p.TicketMedioCentavos = domain.Media(p.VendidoCentavos, p.Pedidos)
	p.PositivacaoPercentual = domain.Positivacao(p.ClientesComPedido, p.ClientesCarteira)
	p.MixMedio = domain.Media(produtos*100, p.Pedidos)
	if p.Metas, err = s.ApurarMetas(ctx, escolhidas); err != nil {
		return nil, err
	}
	if p.SemPedido, err = s.semPedido(ctx, vendedor, Hoje(agora)); err != nil {
		return nil, err
	}
	if c.Perfil == caller.Supervisor || c.IsAdmin() {
		for _, v := range c.Equipe {
			de(v)
		}
		for v, f := range porVendedor {
			if !c.Sees(v) || v == "" {
				continue
			}
			proj := domain.Projecao(f.vendido, dias.Decorridos(), dias.Total)
			meta := &domain.Meta{Alvo: f.meta}
			l := LinhaRanking{VendedorID: v, Nome: v, VendidoCentavos: f.vendido, MetaCentavos: f.meta,
				Percentual: meta.Percentual(f.vendido), ProjecaoCentavos: proj, Ritmo: meta.Percentual(proj)}
			if s.Nomes != nil {
				if n := s.Nomes.Operador(ctx, v); n != "" {
					l.Nome = n
				}
			}
			p.Ranking = append(p.Ranking, l)
		}
		sort.Slice(p.Ranking, func(i, j int) bool {
			a, b := p.Ranking[i], p.Ranking[j]
			if a.Percentual != b.Percentual {
				return a.Percentual > b.Percentual
			}
			if a.VendidoCentavos != b.VendidoCentavos {
				return a.VendidoCentavos > b.VendidoCentavos
			}
			return a.VendedorID < b.VendedorID
		})
	}
	return p, nil
}
