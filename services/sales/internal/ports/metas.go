package ports

import (
	"context"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// Metas implements salesv1.MetasServiceServer: the goals on the entity kit, their achievement
// from the summaries, the copy from a month and the CSV import.
type Metas struct {
	salesv1.UnimplementedMetasServiceServer
	App *app.Service
}

var definemMetas = auth.Roles(caller.Admin, caller.Supervisor)

// PoliticasMetas: every operator reads the goals in their role scope (a seller their own);
// SUPERVISOR (their team, checked by the use cases) and ADMIN set them.
var PoliticasMetas = entity.Juntar(
	entity.Politicas(&salesv1.MetasService_ServiceDesc, "Meta", "Metas", entity.Politica{Ler: auth.Policy{}, Escrever: definemMetas}),
	auth.Policies{
		salesv1.MetasService_CopiarMetas_FullMethodName:   definemMetas,
		salesv1.MetasService_ImportarMetas_FullMethodName: definemMetas,
	})

// mapaMeta: the goal's request fields are its domain fields by name.
var mapaMeta = entity.NovoMapa[domain.Meta]()

func (s *Metas) metas() *entity.Portas[domain.Meta, *domain.Meta, *salesv1.Meta] {
	return &entity.Portas[domain.Meta, *domain.Meta, *salesv1.Meta]{Entidade: s.App.Metas(), Mapa: mapaMeta,
		ParaProto: func(m *domain.Meta) *salesv1.Meta { return metaProto(app.MetaApurada{Meta: m}) }}
}

// metaProto is a goal with its achievement (percentual in percent, 2 decimals).
func metaProto(a app.MetaApurada) *salesv1.Meta {
	m := a.Meta
	return &salesv1.Meta{Id: m.ID, Empresa: m.Empresa, Mes: m.Mes, VendedorId: m.VendedorID, Tipo: m.Tipo, Alvo: m.Alvo,
		Grupo: m.Grupo, RegiaoId: m.RegiaoID, ClienteId: m.ClienteID, Realizado: a.Realizado,
		Percentual: num(domain.Percentual(a.Percentual)), Versao: m.Versao, CriadoEm: ts(m.CriadoEm), AlteradoEm: ts(m.AlteradoEm),
		Excluido: m.Excluido, Verificadas: a.Verificadas, Aviso: a.Aviso}
}

// apurada answers a write with the goal's achievement.
func (s *Metas) apurada(ctx context.Context, m *domain.Meta, err error) (*salesv1.Meta, error) {
	if err != nil {
		return nil, err
	}
	if m.Excluido {
		return metaProto(app.MetaApurada{Meta: m}), nil
	}
	a, err := s.App.ApurarMetas(ctx, []*domain.Meta{m})
	if err != nil {
		return nil, err
	}
	return metaProto(a[0]), nil
}

func (s *Metas) ListarMetas(ctx context.Context, r *salesv1.ListarMetasRequest) (*salesv1.ListarMetasResponse, error) {
	list, next, err := s.App.ListarMetas(ctx, r.GetMes(), r.GetVendedorId(), r.GetPageSize(), r.GetPageToken())
	if err != nil {
		return nil, err
	}
	return &salesv1.ListarMetasResponse{Metas: mapear(list, metaProto), NextPageToken: next}, nil
}

func (s *Metas) AlteracoesMetas(ctx context.Context, r *salesv1.AlteracoesRequest) (*salesv1.AlteracoesMetasResponse, error) {
	return entity.Alteracoes[*salesv1.AlteracoesMetasResponse](ctx, s.metas(), r)
}

func (s *Metas) CriarMeta(ctx context.Context, r *salesv1.CriarMetaRequest) (*salesv1.Meta, error) {
	m, err := mapaMeta.Novo(r)
	if err != nil {
		return nil, err
	}
	m, err = s.App.CriarMeta(ctx, m)
	return s.apurada(ctx, m, err)
}

func (s *Metas) AtualizarMeta(ctx context.Context, r *salesv1.AtualizarMetaRequest) (*salesv1.Meta, error) {
	patch, err := mapaMeta.Patch(r)
	if err != nil {
		return nil, err
	}
	m, err := s.App.AtualizarMeta(ctx, r.GetId(), r.GetVersao(), patch)
	return s.apurada(ctx, m, err)
}

func (s *Metas) ExcluirMeta(ctx context.Context, r *salesv1.ExcluirRequest) (*salesv1.Meta, error) {
	m, err := s.App.ExcluirMeta(ctx, r.GetId(), r.GetVersao())
	return s.apurada(ctx, m, err)
}

func (s *Metas) CopiarMetas(ctx context.Context, r *salesv1.CopiarMetasRequest) (*salesv1.CopiarMetasResponse, error) {
	p, err := pct(r.GetPercentual(), "percentual")
	if err != nil {
		return nil, err
	}
	c, err := s.App.CopiarMetas(ctx, r.GetDeMes(), r.GetParaMes(), int64(p), r.GetVendedorId())
	if err != nil {
		return nil, err
	}
	a, err := s.App.ApurarMetas(ctx, c.Metas)
	if err != nil {
		return nil, err
	}
	return &salesv1.CopiarMetasResponse{Criadas: c.Criadas, Atualizadas: c.Atualizadas, Metas: mapear(a, metaProto)}, nil
}

func (s *Metas) ImportarMetas(ctx context.Context, r *salesv1.ImportarRequest) (*salesv1.ImportarResponse, error) {
	return importacao(s.App.ImportarMetas(ctx, r.GetCsv(), r.GetValidarApenas()))
}
