package ports

import (
	"context"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/sales/internal/app"
)

// Sugestoes implements salesv1.SugestoesServiceServer: what each customer stopped buying.
type Sugestoes struct {
	salesv1.UnimplementedSugestoesServiceServer
	App *app.Service
}

func (s *Sugestoes) ListarSugestoes(ctx context.Context, r *salesv1.ListarSugestoesRequest) (*salesv1.ListarSugestoesResponse, error) {
	sug, err := s.App.Sugestoes(ctx, r.GetClienteId())
	if err != nil {
		return nil, err
	}
	return &salesv1.ListarSugestoesResponse{Sugestoes: mapear(sug, func(x app.SugestaoProduto) *salesv1.Sugestao {
		return &salesv1.Sugestao{ProdutoId: x.ProdutoID, Descricao: x.Descricao, Unidade: x.Unidade, QuantidadeUsual: x.QuantidadeUsual,
			UltimaCompra: string(x.UltimaCompra), MesesComprados: x.MesesComprados}
	})}, nil
}
