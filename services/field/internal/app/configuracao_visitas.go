package app

import (
	"context"

	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/platform/errs"
)

// ObterConfiguracao is the company's visit settings: the stored ones, or the defaults (versao 0)
// until an ADMIN sets them.
func (s *Visitas) ObterConfiguracao(ctx context.Context) (*domain.ConfiguracaoCadastro, error) {
	c, err := s.Col.Configuracao.Get(ctx, empresa(ctx), domain.ConfiguracaoID(caller.From(ctx).Empresa))
	if errs.IsKind(err, errs.KindNotFound) {
		return &domain.ConfiguracaoCadastro{Configuracao: domain.ConfiguracaoPadrao()}, nil
	}
	return c, err
}

// DefinirConfiguracao replaces the company's visit settings after their rules.
func (s *Visitas) DefinirConfiguracao(ctx context.Context, cfg domain.Configuracao) (*domain.ConfiguracaoCadastro, error) {
	if err := cfg.Normalizar(); err != nil {
		return nil, err
	}
	return entity.GravarPorID(ctx, s.Col.Configuracao, empresa(ctx), domain.ConfiguracaoID(caller.From(ctx).Empresa),
		func(x *domain.ConfiguracaoCadastro) { x.Configuracao = cfg },
		"A configuração de visitas foi alterada ao mesmo tempo por outra pessoa. Tente de novo.")
}
