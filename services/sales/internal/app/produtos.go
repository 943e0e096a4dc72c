package app

import (
	"context"
	"strings"
	"time"

	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/textfold"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// FiltroProdutos filters a product list.
type FiltroProdutos struct {
	PageSize     int32
	PageToken, Q string
	Grupo, Marca string
	Ativo        *bool
}

// ListarProdutos lists the company's products by description, one page.
func (s *Service) ListarProdutos(ctx context.Context, f FiltroProdutos) (*store.Page[domain.ProdutoCadastro], error) {
	q := store.Query{PageSize: f.PageSize, PageToken: f.PageToken, Search: strings.TrimSpace(f.Q)}
	if g := strings.TrimSpace(f.Grupo); g != "" {
		q.Where = append(q.Where, store.Eq("grupo", textfold.Fold(g)))
	}
	if m := strings.TrimSpace(f.Marca); m != "" {
		q.Where = append(q.Where, store.Eq("marca", textfold.Fold(m)))
	}
	if f.Ativo != nil {
		q.Where = append(q.Where, store.Eq("ativo", *f.Ativo))
	}
	return s.Col.Produtos.List(ctx, scope(ctx), q)
}

// ObterProduto reads a product of the caller's company.
func (s *Service) ObterProduto(ctx context.Context, id string) (*domain.ProdutoCadastro, error) {
	if err := exigirID(id, "id", "Informe o id do produto."); err != nil {
		return nil, err
	}
	return s.Col.Produtos.Get(ctx, scope(ctx), id)
}

// CriarProduto adds a product. A retry with the same id returns the first result; a code
// already in the company → 409 CODIGO_DUPLICADO.
func (s *Service) CriarProduto(ctx context.Context, p domain.ProdutoCadastro, comEstoque bool) (*domain.ProdutoCadastro, error) {
	id, err := newID(p.ID)
	if err != nil {
		return nil, err
	}
	p.Meta = store.Meta{ID: id}
	if err := p.Normalizar(); err != nil {
		return nil, err
	}
	if comEstoque {
		p.EstoqueEm = s.now().UTC().Truncate(time.Millisecond)
	}
	out, _, err := s.Col.Produtos.Create(ctx, scope(ctx), &p)
	return out, err
}

// PatchProduto lists the fields an update changes (nil: unchanged).
type PatchProduto struct {
	Codigo, Descricao, Marca, Grupo, Unidade, EAN, NCM *string
	MultiploVenda, PesoGramas, UnidadesCaixa, Estoque  *int64
	IPI                                                *domain.Percentual
	Ativo                                              *bool
}

func set[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

// AtualizarProduto changes a product's fields (versao, when non-zero, must be the stored one).
func (s *Service) AtualizarProduto(ctx context.Context, id string, versao int64, p PatchProduto) (*domain.ProdutoCadastro, error) {
	if err := exigirID(id, "id", "Informe o id do produto."); err != nil {
		return nil, err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	return s.Col.Produtos.Update(ctx, scope(ctx), id, versao, func(x *domain.ProdutoCadastro) error {
		set(&x.Codigo, p.Codigo)
		set(&x.Descricao, p.Descricao)
		set(&x.Marca, p.Marca)
		set(&x.Grupo, p.Grupo)
		set(&x.Unidade, p.Unidade)
		set(&x.EAN, p.EAN)
		set(&x.NCM, p.NCM)
		set(&x.MultiploVenda, p.MultiploVenda)
		set(&x.PesoGramas, p.PesoGramas)
		set(&x.UnidadesCaixa, p.UnidadesCaixa)
		set(&x.IPI, p.IPI)
		set(&x.Ativo, p.Ativo)
		if p.Estoque != nil {
			x.Estoque, x.EstoqueEm = *p.Estoque, now
		}
		return x.Normalizar()
	})
}

// ExcluirProduto soft-deletes a product (its code stays reserved; deleting again succeeds).
func (s *Service) ExcluirProduto(ctx context.Context, id string, versao int64) (*domain.ProdutoCadastro, error) {
	if err := exigirID(id, "id", "Informe o id do produto."); err != nil {
		return nil, err
	}
	return s.Col.Produtos.Delete(ctx, scope(ctx), id, versao)
}

// AlteracoesProdutos is the products' change feed.
func (s *Service) AlteracoesProdutos(ctx context.Context, desde string, size int32) (*store.Changes[domain.ProdutoCadastro], error) {
	return changes(ctx, s.Col.Produtos, desde, size)
}
