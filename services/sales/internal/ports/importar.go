package ports

import (
	"context"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/sales/internal/app"
)

func importacao(res *app.Importacao, err error) (*salesv1.ImportarResponse, error) {
	if err != nil {
		return nil, err
	}
	out := &salesv1.ImportarResponse{Total: res.Total, Criados: res.Criados, Atualizados: res.Atualizados, NadaGravado: res.NadaGravado, ACriar: res.ACriar, AAtualizar: res.AAtualizar,
		Rejeitadas: make([]*salesv1.LinhaRecusada, 0, len(res.Rejeitadas))}
	for _, l := range res.Rejeitadas {
		out.Rejeitadas = append(out.Rejeitadas, &salesv1.LinhaRecusada{Linha: l.Linha, Codigo: l.Codigo, Erros: l.Erros})
	}
	return out, nil
}

func (s *Server) ImportarProdutos(ctx context.Context, r *salesv1.ImportarRequest) (*salesv1.ImportarResponse, error) {
	return importacao(s.App.ImportarProdutos(ctx, r.GetCsv(), r.GetValidarApenas()))
}

func (s *Server) ImportarRegrasST(ctx context.Context, r *salesv1.ImportarRequest) (*salesv1.ImportarResponse, error) {
	return importacao(s.App.ImportarRegrasST(ctx, r.GetCsv(), r.GetValidarApenas()))
}

func (s *Server) ImportarPrecos(ctx context.Context, r *salesv1.ImportarPrecosRequest) (*salesv1.ImportarResponse, error) {
	return importacao(s.App.ImportarPrecos(ctx, r.GetTabelaId(), r.GetCsv(), r.GetValidarApenas()))
}
