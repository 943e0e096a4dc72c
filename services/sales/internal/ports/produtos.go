package ports

import (
	"context"

	"google.golang.org/genproto/googleapis/api/httpbody"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

func produtoToProto(p *domain.ProdutoCadastro) *salesv1.Produto {
	return &salesv1.Produto{Id: p.ID, Empresa: p.Empresa, Codigo: p.Codigo, Descricao: p.Descricao, Marca: p.Marca, Grupo: p.Grupo,
		Unidade: p.Unidade, MultiploVenda: p.MultiploVenda, Ean: p.EAN, Ncm: p.NCM, IpiPercentual: num(p.IPI), PesoGramas: p.PesoGramas,
		Ativo: p.Ativo, Estoque: p.Estoque, EstoqueEm: ts(p.EstoqueEm), UnidadesCaixa: p.UnidadesCaixa, Versao: p.Versao,
		CriadoEm: ts(p.CriadoEm), AlteradoEm: ts(p.AlteradoEm), CriadoPor: p.CriadoPor, AlteradoPor: p.AlteradoPor, Excluido: p.Excluido,
		FotoVersao: p.FotoVersao}
}

func produto(p *domain.ProdutoCadastro, err error) (*salesv1.Produto, error) {
	if err != nil {
		return nil, err
	}
	return produtoToProto(p), nil
}

func (s *Server) ListarProdutos(ctx context.Context, r *salesv1.ListarProdutosRequest) (*salesv1.ListarProdutosResponse, error) {
	p, err := s.App.ListarProdutos(ctx, app.FiltroProdutos{PageSize: r.GetPageSize(), PageToken: r.GetPageToken(), Q: r.GetQ(),
		Grupo: r.GetGrupo(), Marca: r.GetMarca(), Ativo: r.Ativo})
	if err != nil {
		return nil, err
	}
	return &salesv1.ListarProdutosResponse{Produtos: mapear(p.Items, produtoToProto), NextPageToken: p.Next}, nil
}

func (s *Server) ObterProduto(ctx context.Context, r *salesv1.ObterProdutoRequest) (*salesv1.Produto, error) {
	return produto(s.App.ObterProduto(ctx, r.GetId()))
}

func (s *Server) AlteracoesProdutos(ctx context.Context, r *salesv1.AlteracoesRequest) (*salesv1.AlteracoesProdutosResponse, error) {
	ch, err := s.App.AlteracoesProdutos(ctx, r.GetDesde(), r.GetPageSize())
	if err != nil {
		return nil, err
	}
	return &salesv1.AlteracoesProdutosResponse{Alteracoes: mapear(ch.Items, func(a store.Change[domain.ProdutoCadastro]) *salesv1.AlteracaoProduto {
		return &salesv1.AlteracaoProduto{Id: a.ID, Removido: a.Removido, Produto: seHouver(a.Doc, produtoToProto)}
	}), Cursor: ch.Cursor, Mais: ch.Mais, Total: ch.Total32()}, nil
}

func (s *Server) CriarProduto(ctx context.Context, r *salesv1.CriarProdutoRequest) (*salesv1.Produto, error) {
	ipi, err := pct(r.GetIpiPercentual(), "ipi_percentual")
	if err != nil {
		return nil, err
	}
	p := domain.ProdutoCadastro{Meta: store.Meta{ID: r.GetId()}, Codigo: r.GetCodigo(), Descricao: r.GetDescricao(), Marca: r.GetMarca(),
		Grupo: r.GetGrupo(), Unidade: r.GetUnidade(), MultiploVenda: r.GetMultiploVenda(), EAN: r.GetEan(), NCM: r.GetNcm(), IPI: ipi,
		PesoGramas: r.GetPesoGramas(), Ativo: r.Ativo == nil || r.GetAtivo(), UnidadesCaixa: r.GetUnidadesCaixa(), Estoque: r.GetEstoque()}
	if p.MultiploVenda == 0 {
		p.MultiploVenda = 1
	}
	return produto(s.App.CriarProduto(ctx, p, r.Estoque != nil))
}

func (s *Server) AtualizarProduto(ctx context.Context, r *salesv1.AtualizarProdutoRequest) (*salesv1.Produto, error) {
	ipi, err := pctOpt(r.IpiPercentual, "ipi_percentual")
	if err != nil {
		return nil, err
	}
	return produto(s.App.AtualizarProduto(ctx, r.GetId(), r.GetVersao(), app.PatchProduto{Codigo: r.Codigo, Descricao: r.Descricao,
		Marca: r.Marca, Grupo: r.Grupo, Unidade: r.Unidade, EAN: r.Ean, NCM: r.Ncm, MultiploVenda: r.MultiploVenda, PesoGramas: r.PesoGramas,
		UnidadesCaixa: r.UnidadesCaixa, Estoque: r.Estoque, IPI: ipi, Ativo: r.Ativo}))
}

func (s *Server) ExcluirProduto(ctx context.Context, r *salesv1.ExcluirRequest) (*salesv1.Produto, error) {
	return produto(s.App.ExcluirProduto(ctx, r.GetId(), r.GetVersao()))
}

func (s *Server) DefinirFotoProduto(ctx context.Context, r *salesv1.DefinirFotoProdutoRequest) (*salesv1.Produto, error) {
	return produto(s.App.DefinirFotoProduto(ctx, r.GetId(), r.GetVersao(), r.GetImagemBase64()))
}

func (s *Server) RemoverFotoProduto(ctx context.Context, r *salesv1.ExcluirRequest) (*salesv1.Produto, error) {
	return produto(s.App.RemoverFotoProduto(ctx, r.GetId(), r.GetVersao()))
}

// ObterFotoProduto answers the JPEG itself (over REST: the body, Content-Type image/jpeg).
func (s *Server) ObterFotoProduto(ctx context.Context, r *salesv1.ObterFotoProdutoRequest) (*httpbody.HttpBody, error) {
	b, err := s.App.ObterFotoProduto(ctx, r.GetId(), r.GetTamanho())
	if err != nil {
		return nil, err
	}
	return &httpbody.HttpBody{ContentType: "image/jpeg", Data: b}, nil
}
