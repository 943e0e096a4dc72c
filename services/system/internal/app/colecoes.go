package app

import (
	"context"
	"time"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/system/internal/domain"
)

// Collections are the service's stored entities (declared in adapters). Every read and write is
// scoped by company: a record of another company is 403 FORA_DO_ESCOPO.
type Collections struct {
	// Versoes: the version policies an ADMIN set, one per company and platform (id empresa/tipo).
	Versoes *store.Collection[domain.ConfigVersao]
	// Acessos: the access log, newest first, owned by the operator.
	Acessos *store.Collection[domain.Acesso]
	// Empresas: the companies (id: the company itself).
	Empresas *store.Collection[domain.Empresa]
}

func personalizada(c *domain.ConfigVersao) *domain.ConfigVersao {
	c.Personalizada = true
	return c
}

// versao reads the policy of a platform of the company (nil when never set).
func (s *Service) versao(ctx context.Context, empresa, tipo string) (*domain.ConfigVersao, error) {
	v, err := s.Col.Versoes.Get(ctx, store.Company(empresa), domain.VersaoID(empresa, tipo))
	if errs.IsKind(err, errs.KindNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return personalizada(v), nil
}

// saveVersao stores the policy of c.Empresa and c.Tipo and returns it as stored: versao > 0 must
// be the stored versao (else 409 VERSAO_DESATUALIZADA); 0 replaces whatever is current, creating
// it when missing. Nothing is written when nothing changes.
func (s *Service) saveVersao(ctx context.Context, c *domain.ConfigVersao, versao int64) (*domain.ConfigVersao, error) {
	sc, id := store.Company(c.Empresa), domain.VersaoID(c.Empresa, c.Tipo)
	set := func(v *domain.ConfigVersao) error {
		v.Tipo, v.VersaoAtual, v.VersaoMinima, v.URLAtualizacao, v.Mensagem = c.Tipo, c.VersaoAtual, c.VersaoMinima, c.URLAtualizacao, c.Mensagem
		return nil
	}
	for attempt := 0; ; attempt++ {
		v, err := s.Col.Versoes.Update(ctx, sc, id, versao, set)
		if err == nil {
			return personalizada(v), nil
		}
		if !errs.IsKind(err, errs.KindNotFound) {
			return nil, err
		}
		if versao > 0 {
			// The client saw a versao of a policy that is not there.
			return nil, errs.Conflict(store.MsgVersao).WithReason(errs.ReasonVersaoDesatualizada)
		}
		nv := &domain.ConfigVersao{Meta: store.Meta{ID: id}}
		_ = set(nv)
		v, _, err = s.Col.Versoes.Create(ctx, sc, nv)
		if err == nil {
			return personalizada(v), nil
		}
		// Created by someone else meanwhile: replace theirs.
		if !errs.IsReason(err, errs.ReasonIDReutilizado) || attempt >= 2 {
			return nil, err
		}
	}
}

// acessoFilter selects access-log entries of a company, newest first, one page at a time.
type acessoFilter struct {
	Empresa  string
	Operador string
	De, Ate  time.Time // zero: open; De inclusive, Ate exclusive
	// PageSize: default 50, at most 200; PageToken: the next_page_token of the previous page.
	PageSize  int32
	PageToken string
}

// listAcessos returns one page of the company's access log, newest first, and the token of the
// next ("" on the last).
func (s *Service) listAcessos(ctx context.Context, f acessoFilter) ([]*domain.Acesso, string, error) {
	q := store.Query{PageSize: f.PageSize, PageToken: f.PageToken}
	if f.Operador != "" {
		q.Where = append(q.Where, store.Eq("operador", f.Operador))
	}
	if !f.De.IsZero() {
		q.Where = append(q.Where, store.Gte("registrado_em", f.De))
	}
	if !f.Ate.IsZero() {
		q.Where = append(q.Where, store.Lt("registrado_em", f.Ate))
	}
	p, err := s.Col.Acessos.List(ctx, store.Company(f.Empresa), q)
	if err != nil {
		return nil, "", err
	}
	return p.Items, p.Next, nil
}

// ensureEmpresa creates the company when missing; an existing one is returned as it is.
func (s *Service) ensureEmpresa(ctx context.Context, id, nome string) (*domain.Empresa, error) {
	if got, err := s.Empresa(ctx, id); !errs.IsKind(err, errs.KindNotFound) {
		return got, err
	}
	got, _, err := s.Col.Empresas.Create(ctx, store.Company(id), &domain.Empresa{Meta: store.Meta{ID: id}, Nome: nome})
	if errs.IsReason(err, errs.ReasonIDReutilizado) {
		// Created meanwhile with another name: that one stays.
		return s.Empresa(ctx, id)
	}
	if err != nil {
		return nil, err
	}
	return got, nil
}

// Empresa reads a company (404 when it does not exist).
func (s *Service) Empresa(ctx context.Context, id string) (*domain.Empresa, error) {
	return s.Col.Empresas.Get(ctx, store.Company(id), id)
}
