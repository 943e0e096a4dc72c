package ports

import (
	"context"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// Calendario implements salesv1.CalendarioServiceServer: the company's working days.
type Calendario struct {
	salesv1.UnimplementedCalendarioServiceServer
	App *app.Service
}

// PoliticasCalendario: every operator reads the calendar; ADMIN changes it.
var PoliticasCalendario = auth.Policies{
	salesv1.CalendarioService_ObterDiasUteis_FullMethodName:                {},
	salesv1.CalendarioService_ObterConfiguracaoCalendario_FullMethodName:   {},
	salesv1.CalendarioService_ListarFolgas_FullMethodName:                  {},
	salesv1.CalendarioService_CriarFolga_FullMethodName:                    auth.Roles(caller.Admin),
	salesv1.CalendarioService_ExcluirFolga_FullMethodName:                  auth.Roles(caller.Admin),
	salesv1.CalendarioService_DefinirConfiguracaoCalendario_FullMethodName: auth.Roles(caller.Admin),
}

func (s *Calendario) ObterDiasUteis(ctx context.Context, r *salesv1.ObterDiasUteisRequest) (*salesv1.DiasUteisAno, error) {
	d, err := s.App.ObterDiasUteis(ctx, int(r.GetAno()))
	if err != nil {
		return nil, err
	}
	out := &salesv1.DiasUteisAno{
		Meses: mapear(d.Meses, func(m domain.DiasUteisMes) *salesv1.DiasUteisMes {
			return &salesv1.DiasUteisMes{Mes: m.Mes, DiasUteis: int32(m.Total)}
		}),
		Feriados: mapear(d.Feriados, feriadoToProto),
	}
	return out, nil
}

func feriadoToProto(f domain.Feriado) *salesv1.Feriado {
	return &salesv1.Feriado{Data: string(f.Data), Nome: f.Nome, Tipo: f.Tipo}
}

func (s *Calendario) ListarFolgas(ctx context.Context, r *salesv1.ListarFolgasRequest) (*salesv1.FolgasPeriodo, error) {
	fs, err := s.App.ListarFolgas(ctx, r.GetDe(), r.GetAte())
	if err != nil {
		return nil, err
	}
	return &salesv1.FolgasPeriodo{Feriados: mapear(fs, feriadoToProto)}, nil
}

func folgaToProto(f *domain.Folga) *salesv1.Folga {
	return &salesv1.Folga{Data: string(f.Data), Nome: f.Nome, Versao: f.Versao, Excluido: f.Excluido, AlteradoEm: ts(f.AlteradoEm)}
}

func (s *Calendario) CriarFolga(ctx context.Context, r *salesv1.CriarFolgaRequest) (*salesv1.Folga, error) {
	f, err := s.App.CriarFolga(ctx, domain.Folga{Data: domain.Data(r.GetData()), Nome: r.GetNome()})
	if err != nil {
		return nil, err
	}
	return folgaToProto(f), nil
}

func (s *Calendario) ExcluirFolga(ctx context.Context, r *salesv1.ExcluirFolgaRequest) (*salesv1.Folga, error) {
	f, err := s.App.ExcluirFolga(ctx, r.GetData())
	if err != nil {
		return nil, err
	}
	return folgaToProto(f), nil
}

func configToProto(c *domain.ConfigCalendarioCadastro) *salesv1.ConfiguracaoCalendario {
	return &salesv1.ConfiguracaoCalendario{CarnavalUtil: c.CarnavalUtil, CorpusChristiUtil: c.CorpusChristiUtil, Versao: c.Versao,
		AlteradoEm: ts(c.AlteradoEm)}
}

func (s *Calendario) ObterConfiguracaoCalendario(ctx context.Context, _ *salesv1.ObterConfiguracaoCalendarioRequest) (*salesv1.ConfiguracaoCalendario, error) {
	c, err := s.App.ObterConfiguracaoCalendario(ctx)
	if err != nil {
		return nil, err
	}
	return configToProto(c), nil
}

func (s *Calendario) DefinirConfiguracaoCalendario(ctx context.Context, r *salesv1.DefinirConfiguracaoCalendarioRequest) (*salesv1.ConfiguracaoCalendario, error) {
	c, err := s.App.DefinirConfiguracaoCalendario(ctx, domain.ConfigCalendario{CarnavalUtil: r.GetCarnavalUtil(), CorpusChristiUtil: r.GetCorpusChristiUtil()})
	if err != nil {
		return nil, err
	}
	return configToProto(c), nil
}
