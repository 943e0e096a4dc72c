package app

import (
	"context"
	"strings"

	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// ListarRegrasST lists the company's ST rules by UF then NCM (optionally of one UF).
func (s *Service) ListarRegrasST(ctx context.Context, uf string, size int32, token string) (*store.Page[domain.RegraSTCadastro], error) {
	q := store.Query{PageSize: size, PageToken: token}
	if uf = strings.ToUpper(strings.TrimSpace(uf)); uf != "" {
		q.Where = append(q.Where, store.Eq("uf", uf))
	}
	return s.Col.RegrasST.List(ctx, scope(ctx), q)
}

// CriarRegraST adds an ST rule (one per NCM × UF).
func (s *Service) CriarRegraST(ctx context.Context, r domain.RegraSTCadastro) (*domain.RegraSTCadastro, error) {
	id, err := newID(r.ID)
	if err != nil {
		return nil, err
	}
	r.Meta = store.Meta{ID: id}
	if err := r.Normalizar(); err != nil {
		return nil, err
	}
	out, _, err := s.Col.RegrasST.Create(ctx, scope(ctx), &r)
	return out, err
}

// ExcluirRegraST deletes an ST rule (its NCM × UF is free again).
func (s *Service) ExcluirRegraST(ctx context.Context, id string, versao int64) (*domain.RegraSTCadastro, error) {
	if err := exigirID(id, "id", "Informe o id da regra."); err != nil {
		return nil, err
	}
	return s.Col.RegrasST.Delete(ctx, scope(ctx), id, versao)
}
