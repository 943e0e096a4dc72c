package ports

import (
	"context"

	fieldv1 "github.com/crmvendas/crm/proto/gen/go/crm/field/v1"
	"github.com/crmvendas/crm/services/field/internal/app"
	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/caller"
)

// ResumoVisitas implements fieldv1.ResumoVisitasServiceServer: the visits' summary kept on write.
type ResumoVisitas struct {
	fieldv1.UnimplementedResumoVisitasServiceServer
	App *app.Visitas
}

// PoliticasResumoVisitas: every operator reads the figures of their scope (the use case applies
// it); ADMIN reconciles.
var PoliticasResumoVisitas = auth.Policies{
	fieldv1.ResumoVisitasService_ResumoVisitas_FullMethodName:            {},
	fieldv1.ResumoVisitasService_ReconciliarResumoVisitas_FullMethodName: auth.Roles(caller.Admin),
}

func contagensProto(ls []app.ContagemMes) []*fieldv1.ContagemVisitas {
	out := make([]*fieldv1.ContagemVisitas, 0, len(ls))
	for _, l := range ls {
		out = append(out, &fieldv1.ContagemVisitas{VendedorId: l.VendedorID, ClienteId: l.ClienteID, Visitas: l.Visitas, Verificadas: l.Verificadas})
	}
	return out
}

func (s *ResumoVisitas) ResumoVisitas(ctx context.Context, r *fieldv1.ResumoVisitasRequest) (*fieldv1.ResumoVisitasResponse, error) {
	res, err := s.App.ResumoDoMes(ctx, r.GetMes(), r.GetVendedorId(), r.GetClienteId(), r.GetRecontar())
	if err != nil {
		return nil, err
	}
	return &fieldv1.ResumoVisitasResponse{Mes: res.Mes, Vendedores: contagensProto(res.Vendedores), Clientes: contagensProto(res.Clientes)}, nil
}

func (s *ResumoVisitas) ReconciliarResumoVisitas(ctx context.Context, r *fieldv1.ReconciliarResumoVisitasRequest) (*fieldv1.ReconciliarResumoVisitasResponse, error) {
	n, div, err := s.App.ReconciliarResumo(ctx, r.GetApenasVerificar())
	if err != nil {
		return nil, err
	}
	out := &fieldv1.ReconciliarResumoVisitasResponse{Visitas: int32(n), Corrigido: !r.GetApenasVerificar() && len(div) > 0,
		Divergencias: make([]*fieldv1.DivergenciaVisitas, 0, len(div))}
	for _, d := range div {
		out.Divergencias = append(out.Divergencias, &fieldv1.DivergenciaVisitas{Resumo: d.Resumo, Chave: d.Chave, Campo: d.Campo,
			Gravado: d.Gravado, Recalculado: d.Recalculado})
	}
	return out, nil
}
