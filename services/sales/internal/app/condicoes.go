package app

import (
	"context"

	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// ListarCondicoes lists the company's payment terms by name.
func (s *Service) ListarCondicoes(ctx context.Context, size int32, token string) (*store.Page[domain.CondicaoCadastro], error) {
	return s.Col.Condicoes.List(ctx, scope(ctx), store.Query{PageSize: size, PageToken: token})
}

// ObterCondicao reads a term of the caller's company.
func (s *Service) ObterCondicao(ctx context.Context, id string) (*domain.CondicaoCadastro, error) {
	if err := exigirID(id, "id", "Informe o id da condição de pagamento."); err != nil {
		return nil, err
	}
	return s.Col.Condicoes.Get(ctx, scope(ctx), id)
}

// CriarCondicao adds a payment term.
func (s *Service) CriarCondicao(ctx context.Context, c domain.CondicaoCadastro) (*domain.CondicaoCadastro, error) {
	id, err := newID(c.ID)
	if err != nil {
		return nil, err
	}
	c.Meta = store.Meta{ID: id}
	if err := c.Normalizar(); err != nil {
		return nil, err
	}
	out, _, err := s.Col.Condicoes.Create(ctx, scope(ctx), &c)
	return out, err
}

// PatchCondicao lists the fields an update changes (nil: unchanged).
type PatchCondicao struct {
	Nome, Forma         *string
	ParcelasDias        *[]int
	Acrescimo           *domain.Percentual
	ValorMinimoCentavos *int64
	UsaLimiteCredito    *bool
	Clientes            *[]string
	Ativo               *bool
}

// AtualizarCondicao changes a payment term.
func (s *Service) AtualizarCondicao(ctx context.Context, id string, versao int64, p PatchCondicao) (*domain.CondicaoCadastro, error) {
	if err := exigirID(id, "id", "Informe o id da condição de pagamento."); err != nil {
		return nil, err
	}
	return s.Col.Condicoes.Update(ctx, scope(ctx), id, versao, func(c *domain.CondicaoCadastro) error {
		set(&c.Nome, p.Nome)
		set(&c.Forma, p.Forma)
		set(&c.ParcelasDias, p.ParcelasDias)
		set(&c.Acrescimo, p.Acrescimo)
		set(&c.ValorMinimoCentavos, p.ValorMinimoCentavos)
		set(&c.UsaLimiteCredito, p.UsaLimiteCredito)
		set(&c.Clientes, p.Clientes)
		set(&c.Ativo, p.Ativo)
		return c.Normalizar()
	})
}

// ExcluirCondicao soft-deletes a payment term.
func (s *Service) ExcluirCondicao(ctx context.Context, id string, versao int64) (*domain.CondicaoCadastro, error) {
	if err := exigirID(id, "id", "Informe o id da condição de pagamento."); err != nil {
		return nil, err
	}
	return s.Col.Condicoes.Delete(ctx, scope(ctx), id, versao)
}

// AlteracoesCondicoes is the terms' change feed.
func (s *Service) AlteracoesCondicoes(ctx context.Context, desde string, size int32) (*store.Changes[domain.CondicaoCadastro], error) {
	return changes(ctx, s.Col.Condicoes, desde, size)
}
