package ports

import (
	"context"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// Figuras implements salesv1.FigurasServiceServer: the sales figures, from the summaries.
type Figuras struct {
	salesv1.UnimplementedFigurasServiceServer
	App *app.Service
}

// PoliticasFiguras: every operator, in their role scope (the use cases).
var PoliticasFiguras = auth.Policies{
	salesv1.FigurasService_VendasAnoMes_FullMethodName: {},
	salesv1.FigurasService_Painel_FullMethodName:       {},
	// in the caller's scope (the customers the customer service lists for them)
	salesv1.FigurasService_ClientesSemPedido_FullMethodName: {},
}

func (s *Figuras) ClientesSemPedido(ctx context.Context, r *salesv1.ClientesSemPedidoRequest) (*salesv1.ClientesSemPedidoResponse, error) {
	cs, err := s.App.ClientesSemPedido(ctx, r.GetDias(), r.GetVendedorId())
	if err != nil {
		return nil, err
	}
	return &salesv1.ClientesSemPedidoResponse{Clientes: mapear(cs, func(c app.ClienteSemPedido) *salesv1.ClienteSemPedido {
		return &salesv1.ClienteSemPedido{ClienteId: c.ClienteID, VendedorId: c.VendedorID, UltimoPedido: string(c.UltimoPedido)}
	})}, nil
}

func (s *Figuras) VendasAnoMes(ctx context.Context, r *salesv1.VendasAnoMesRequest) (*salesv1.VendasAnoMesResponse, error) {
	ls, err := s.App.VendasAnoMes(ctx, r.GetDe(), r.GetAte(), r.GetPor(), r.GetVendedorId())
	if err != nil {
		return nil, err
	}
	metas, err := s.App.MetasDoPeriodo(ctx, r.GetDe(), r.GetAte(), r.GetVendedorId())
	if err != nil {
		return nil, err
	}
	return &salesv1.VendasAnoMesResponse{Metas: mapear(metas, func(m app.MetaDoMes) *salesv1.MetaDoMes {
		return &salesv1.MetaDoMes{Mes: m.Mes, MetaCentavos: m.MetaCentavos}
	}), Linhas: mapear(ls, func(l app.LinhaAnoMes) *salesv1.LinhaAnoMes {
		return &salesv1.LinhaAnoMes{Chave: l.Chave, Nome: l.Nome, Meses: mapear(l.Meses, func(m app.VendasMes) *salesv1.VendasMes {
			out := &salesv1.VendasMes{Mes: m.Mes, ValorCentavos: m.ValorCentavos, Pedidos: m.Pedidos}
			if m.Variacao != nil {
				v := num(*m.Variacao)
				out.VariacaoAnoAnterior = &v
			}
			return out
		})}
	})}, nil
}

func (s *Figuras) Painel(ctx context.Context, r *salesv1.PainelRequest) (*salesv1.PainelResponse, error) {
	p, err := s.App.ObterPainel(ctx, r.GetMes(), r.GetVendedorId())
	if err != nil {
		return nil, err
	}
	pc := func(v int64) float64 { return num(domain.Percentual(v)) }
	var sem *salesv1.SemPedido
	if p.SemPedido != nil {
		sem = &salesv1.SemPedido{Dias_30: p.SemPedido.Dias30, Dias_60: p.SemPedido.Dias60, Dias_90: p.SemPedido.Dias90}
	}
	return &salesv1.PainelResponse{SemPedido: sem, Mes: p.Mes, MetaCentavos: p.MetaCentavos, VendidoCentavos: p.VendidoCentavos,
		Percentual: pc(p.Percentual), FaltaCentavos: p.FaltaCentavos, DiasUteis: int64(p.DiasUteis),
		DiasUteisPassados: int64(p.DiasUteisPassados), DiasUteisRestantes: int64(p.DiasUteisRestantes),
		NecessarioPorDiaUtilCentavos: p.NecessarioPorDiaUtilCentavos, ProjecaoCentavos: p.ProjecaoCentavos,
		TicketMedioCentavos: p.TicketMedioCentavos, Pedidos: p.Pedidos, ClientesComPedido: p.ClientesComPedido,
		ClientesCarteira: p.ClientesCarteira, PositivacaoPercentual: pc(p.PositivacaoPercentual),
		MixMedio: pc(p.MixMedio), EmAbertoCentavos: p.EmAbertoCentavos, AguardandoAprovacao: p.AguardandoAprovacao,
		Metas: mapear(p.Metas, metaProto),
		Ranking: mapear(p.Ranking, func(l app.LinhaRanking) *salesv1.RankingVendedor {
			return &salesv1.RankingVendedor{VendedorId: l.VendedorID, Nome: l.Nome, VendidoCentavos: l.VendidoCentavos,
				MetaCentavos: l.MetaCentavos, Percentual: pc(l.Percentual), ProjecaoCentavos: l.ProjecaoCentavos, Ritmo: pc(l.Ritmo)}
		})}, nil
}
