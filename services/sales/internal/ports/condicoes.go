package ports

import (
	"context"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// PoliticasCondicoes: every operator reads the payment terms, ADMIN maintains them.
var PoliticasCondicoes = entity.Politicas(&salesv1.SalesService_ServiceDesc, "Condicao", "Condicoes", entity.AdminEscreve)

// mapaCondicao: the payment term's proto fields are its domain fields by name.
var mapaCondicao = entity.NovoMapa[domain.CondicaoCadastro](percentual)

func (s *Server) condicoes() *entity.Portas[domain.CondicaoCadastro, *domain.CondicaoCadastro, *salesv1.CondicaoPagamento] {
	return entity.Expor[*salesv1.CondicaoPagamento](s.App.Condicoes(), mapaCondicao)
}

// condicaoDeCriar: a new term is active unless the request says otherwise.
func condicaoDeCriar(r *salesv1.CriarCondicaoRequest) (*domain.CondicaoCadastro, error) {
	c, err := mapaCondicao.Novo(r)
	if c != nil {
		c.Ativo = r.Ativo == nil || r.GetAtivo()
	}
	return c, err
}

func (s *Server) ListarCondicoes(ctx context.Context, r *salesv1.ListarCondicoesRequest) (*salesv1.ListarCondicoesResponse, error) {
	return entity.Listar[*salesv1.ListarCondicoesResponse](ctx, s.condicoes(), r)
}

func (s *Server) ObterCondicao(ctx context.Context, r *salesv1.ObterCondicaoRequest) (*salesv1.CondicaoPagamento, error) {
	return entity.Obter(ctx, s.condicoes(), r)
}

func (s *Server) AlteracoesCondicoes(ctx context.Context, r *salesv1.AlteracoesRequest) (*salesv1.AlteracoesCondicoesResponse, error) {
	return entity.Alteracoes[*salesv1.AlteracoesCondicoesResponse](ctx, s.condicoes(), r)
}

func (s *Server) CriarCondicao(ctx context.Context, r *salesv1.CriarCondicaoRequest) (*salesv1.CondicaoPagamento, error) {
	return entity.Criar(ctx, s.condicoes(), r, condicaoDeCriar)
}

func (s *Server) AtualizarCondicao(ctx context.Context, r *salesv1.AtualizarCondicaoRequest) (*salesv1.CondicaoPagamento, error) {
	return entity.AtualizarPorNome(ctx, s.condicoes(), r)
}

func (s *Server) ExcluirCondicao(ctx context.Context, r *salesv1.ExcluirRequest) (*salesv1.CondicaoPagamento, error) {
	return entity.Excluir(ctx, s.condicoes(), r)
}
