package app

import (
	"context"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/imagem"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// A product's photo is stored in its own collection (one document per product, the product's
// id) and the product keeps only its version (foto_versao): the products' feed stays small and a
// device downloads a photo only when it needs it, caching it by product id and foto_versao.
// Two writes without a transaction: the photo first, then the product; a failure in between
// leaves the product pointing at its previous photo until the upload is retried.

// produtoParaFoto reads the product a photo call is about (another company's → 403, a missing
// one → 404) and checks the versao the client saw, before any image work.
func (s *Service) produtoParaFoto(ctx context.Context, id string, versao int64) (*domain.ProdutoCadastro, error) {
	if err := exigirID(id, "id", "Informe o id do produto."); err != nil {
		return nil, err
	}
	p, err := s.Col.Produtos.Get(ctx, scope(ctx), id)
	if err != nil {
		return nil, err
	}
	if versao > 0 && p.Versao != versao {
		return nil, errs.Conflict(store.MsgVersao).WithReason(errs.ReasonVersaoDesatualizada)
	}
	return p, nil
}

// DefinirFotoProduto stores a product's photo (a JPEG, PNG or WebP in base64, resized and
// re-encoded as JPEG by the domain) and sets the product's foto_versao, which bumps its versao and
// puts it in the feed. The same image again changes nothing.
func (s *Service) DefinirFotoProduto(ctx context.Context, id string, versao int64, imagemBase64 string) (*domain.ProdutoCadastro, error) {
	if _, err := s.produtoParaFoto(ctx, id, versao); err != nil {
		return nil, err
	}
	raw, err := domain.LerBase64(imagemBase64)
	if err != nil {
		return nil, err
	}
	f, err := imagem.PrepararUmaDeCadaVez(ctx, raw, domain.TamanhosFoto)
	if err != nil {
		return nil, err
	}
	if err := s.gravarFoto(ctx, id, f); err != nil {
		return nil, err
	}
	return s.Col.Produtos.Update(ctx, scope(ctx), id, versao, func(p *domain.ProdutoCadastro) error {
		p.FotoVersao = f.Hash
		return nil
	})
}

// gravarFoto creates or replaces the photo document of a product (bringing back an erased one).
func (s *Service) gravarFoto(ctx context.Context, id string, f *domain.Foto) error {
	_, err := gravarPorID(ctx, s.Col.Fotos, scope(ctx), id, func(x *domain.FotoCadastro) {
		x.Hash, x.Grande, x.Miniatura, x.Largura, x.Altura = f.Hash, f.Grande, f.Miniatura, f.Largura, f.Altura
	}, "A foto foi alterada ao mesmo tempo por outra pessoa. Tente de novo.")
	return err
}

// RemoverFotoProduto erases a product's photo (its bytes, not only a mark) and empties its
// foto_versao. A product without a photo is returned as it is.
func (s *Service) RemoverFotoProduto(ctx context.Context, id string, versao int64) (*domain.ProdutoCadastro, error) {
	if _, err := s.produtoParaFoto(ctx, id, versao); err != nil {
		return nil, err
	}
	sc := scope(ctx)
	_, err := s.Col.Fotos.Update(ctx, sc, id, 0, func(x *domain.FotoCadastro) error {
		*x = domain.FotoCadastro{Meta: x.Meta}
		x.Excluido = true
		return nil
	})
	if err != nil && !errs.IsKind(err, errs.KindNotFound) {
		return nil, err
	}
	return s.Col.Produtos.Update(ctx, sc, id, versao, func(p *domain.ProdutoCadastro) error {
		p.FotoVersao = ""
		return nil
	})
}

// ObterFotoProduto returns the JPEG of a product's photo: tamanho "miniatura" (at most 200 px)
// or "grande" (at most 800 px, the default). A product without a photo → 404 PRODUTO_SEM_FOTO.
func (s *Service) ObterFotoProduto(ctx context.Context, id, tamanho string) ([]byte, error) {
	if tamanho != "" && tamanho != domain.TamanhoMiniatura && tamanho != domain.TamanhoGrande {
		return nil, errs.Field("tamanho", domain.MsgFotoTamanho)
	}
	p, err := s.produtoParaFoto(ctx, id, 0)
	if err != nil {
		return nil, err
	}
	semFoto := errs.NotFound(domain.MsgSemFoto).WithReason(domain.ReasonSemFoto, "produto_id", id)
	if p.FotoVersao == "" {
		return nil, semFoto
	}
	f, err := s.Col.Fotos.Get(ctx, scope(ctx), id)
	if errs.IsKind(err, errs.KindNotFound) {
		return nil, semFoto
	}
	if err != nil {
		return nil, err
	}
	if tamanho == domain.TamanhoMiniatura {
		return f.Miniatura, nil
	}
	return f.Grande, nil
}
