package ports

import (
	"context"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

func regraToProto(r *domain.RegraSTCadastro) *salesv1.RegraST {
	return &salesv1.RegraST{Id: r.ID, Empresa: r.Empresa, Ncm: r.NCM, Uf: r.UF, MvaPercentual: num(r.MVA),
		AliquotaInternaPercentual: num(r.AliquotaInterna), AliquotaInterestadualPercentual: num(r.AliquotaInterestadual),
		ReducaoBasePercentual: num(r.ReducaoBase), Versao: r.Versao, AlteradoEm: ts(r.AlteradoEm), Excluido: r.Excluido,
		ReducaoBaseTipo: r.TipoReducao, AjusteMva: r.AjusteMVA, AliquotaIntraEfetiva: r.AliquotaIntraEfetiva}
}

func (s *Server) ListarRegrasST(ctx context.Context, r *salesv1.ListarRegrasSTRequest) (*salesv1.ListarRegrasSTResponse, error) {
	p, err := s.App.ListarRegrasST(ctx, r.GetUf(), r.GetPageSize(), r.GetPageToken())
	if err != nil {
		return nil, err
	}
	return &salesv1.ListarRegrasSTResponse{Regras: mapear(p.Items, regraToProto), NextPageToken: p.Next}, nil
}

func (s *Server) CriarRegraST(ctx context.Context, r *salesv1.CriarRegraSTRequest) (*salesv1.RegraST, error) {
	var err error
	pc := func(d float64, campo string) domain.Percentual {
		p, e := pct(d, campo)
		if e != nil && err == nil {
			err = e
		}
		return p
	}
	in := domain.RegraSTCadastro{Meta: store.Meta{ID: r.GetId()}, NCM: r.GetNcm(), UF: r.GetUf(),
		MVA: pc(r.GetMvaPercentual(), "mva_percentual"), AliquotaInterna: pc(r.GetAliquotaInternaPercentual(), "aliquota_interna_percentual"),
		AliquotaInterestadual: pc(r.GetAliquotaInterestadualPercentual(), "aliquota_interestadual_percentual"),
		ReducaoBase:           pc(r.GetReducaoBasePercentual(), "reducao_base_percentual"),
		TipoReducao:           r.GetReducaoBaseTipo(), AjusteMVA: r.GetAjusteMva(), AliquotaIntraEfetiva: r.GetAliquotaIntraEfetiva()}
	if err != nil {
		return nil, err
	}
	out, err := s.App.CriarRegraST(ctx, in)
	if err != nil {
		return nil, err
	}
	return regraToProto(out), nil
}

func (s *Server) ExcluirRegraST(ctx context.Context, r *salesv1.ExcluirRequest) (*salesv1.RegraST, error) {
	out, err := s.App.ExcluirRegraST(ctx, r.GetId(), r.GetVersao())
	if err != nil {
		return nil, err
	}
	return regraToProto(out), nil
}
