package ports

import (
	"context"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// PoliticasCondicoes: every operator reads the payment terms, ADMIN maintains them.
var PoliticasCondicoes = entity.Politicas(&salesv1.SalesService_ServiceDesc, "Condicao", "Condicoes", entity.AdminEscreve)

func (s *Server) condicoes() *entity.Portas[domain.CondicaoCadastro, *domain.CondicaoCadastro, *salesv1.CondicaoPagamento] {
	return entity.Expor(s.App.Condicoes(), condicaoToProto)
}

func dias(l []int) []int32 {
	out := make([]int32, 0, len(l))
	for _, d := range l {
		out = append(out, int32(d))
	}
	return out
}

func diasDe(l []int32) []int {
	out := make([]int, 0, len(l))
	for _, d := range l {
		out = append(out, int(d))
	}
	return out
}

func condicaoToProto(c *domain.CondicaoCadastro) *salesv1.CondicaoPagamento {
	return &salesv1.CondicaoPagamento{Id: c.ID, Empresa: c.Empresa, Nome: c.Nome, ParcelasDias: dias(c.ParcelasDias), Forma: c.Forma,
		AcrescimoPercentual: num(c.Acrescimo), ValorMinimoCentavos: c.ValorMinimoCentavos, UsaLimiteCredito: c.UsaLimiteCredito,
		Clientes: strs(c.Clientes), Ativo: c.Ativo, Versao: c.Versao, CriadoEm: ts(c.CriadoEm), AlteradoEm: ts(c.AlteradoEm), Excluido: c.Excluido}
}

func condicaoDeCriar(r *salesv1.CriarCondicaoRequest) (*domain.CondicaoCadastro, error) {
	a, err := pct(r.GetAcrescimoPercentual(), "acrescimo_percentual")
	if err != nil {
		return nil, err
	}
	return &domain.CondicaoCadastro{Meta: store.Meta{ID: r.GetId()}, Nome: r.GetNome(), ParcelasDias: diasDe(r.GetParcelasDias()),
		Forma: r.GetForma(), Acrescimo: a, ValorMinimoCentavos: r.GetValorMinimoCentavos(), UsaLimiteCredito: r.GetUsaLimiteCredito(),
		Clientes: r.GetClientes(), Ativo: r.Ativo == nil || r.GetAtivo()}, nil
}

// condicaoAlterada: the fields sent replace the stored ones; parcelas_dias and clientes replace the
// list when sent (limpar_clientes empties it).
func condicaoAlterada(r *salesv1.AtualizarCondicaoRequest) (func(*domain.CondicaoCadastro), error) {
	a, err := pctOpt(r.AcrescimoPercentual, "acrescimo_percentual")
	if err != nil {
		return nil, err
	}
	return func(c *domain.CondicaoCadastro) {
		entity.Definir(&c.Nome, r.Nome)
		entity.Definir(&c.Forma, r.Forma)
		if len(r.GetParcelasDias()) > 0 {
			c.ParcelasDias = diasDe(r.GetParcelasDias())
		}
		entity.Definir(&c.Acrescimo, a)
		entity.Definir(&c.ValorMinimoCentavos, r.ValorMinimoCentavos)
		entity.Definir(&c.UsaLimiteCredito, r.UsaLimiteCredito)
		entity.Definir(&c.Clientes, lista(r.GetClientes(), r.GetLimparClientes()))
		entity.Definir(&c.Ativo, r.Ativo)
	}, nil
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
	return entity.Atualizar(ctx, s.condicoes(), r, condicaoAlterada)
}

func (s *Server) ExcluirCondicao(ctx context.Context, r *salesv1.ExcluirRequest) (*salesv1.CondicaoPagamento, error) {
	return entity.Excluir(ctx, s.condicoes(), r)
}
