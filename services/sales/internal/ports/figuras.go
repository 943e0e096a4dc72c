package ports

import (
	"context"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/sales/internal/app"
)

// Figuras implements salesv1.FigurasServiceServer: the sales figures, from the summaries.
type Figuras struct {
	salesv1.UnimplementedFigurasServiceServer
	App *app.Service
}

// PoliticasFiguras: every operator, in their role scope (the use cases).
var PoliticasFiguras = auth.Policies{
	salesv1.FigurasService_VendasAnoMes_FullMethodName: {},
}

func (s *Figuras) VendasAnoMes(ctx context.Context, r *salesv1.VendasAnoMesRequest) (*salesv1.VendasAnoMesResponse, error) {
	ls, err := s.App.VendasAnoMes(ctx, r.GetDe(), r.GetAte(), r.GetPor(), r.GetVendedorId())
	if err != nil {
		return nil, err
	}
	return &salesv1.VendasAnoMesResponse{Linhas: mapear(ls, func(l app.LinhaAnoMes) *salesv1.LinhaAnoMes {
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
