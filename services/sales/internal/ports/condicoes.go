package ports

import (
	"context"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

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

func condicao(c *domain.CondicaoCadastro, err error) (*salesv1.CondicaoPagamento, error) {
	if err != nil {
		return nil, err
	}
	return condicaoToProto(c), nil
}

func (s *Server) ListarCondicoes(ctx context.Context, r *salesv1.ListarCondicoesRequest) (*salesv1.ListarCondicoesResponse, error) {
	p, err := s.App.ListarCondicoes(ctx, r.GetPageSize(), r.GetPageToken())
	if err != nil {
		return nil, err
	}
	return &salesv1.ListarCondicoesResponse{Condicoes: mapear(p.Items, condicaoToProto), NextPageToken: p.Next}, nil
}

func (s *Server) ObterCondicao(ctx context.Context, r *salesv1.ObterCondicaoRequest) (*salesv1.CondicaoPagamento, error) {
	return condicao(s.App.ObterCondicao(ctx, r.GetId()))
}

func (s *Server) AlteracoesCondicoes(ctx context.Context, r *salesv1.AlteracoesRequest) (*salesv1.AlteracoesCondicoesResponse, error) {
	ch, err := s.App.AlteracoesCondicoes(ctx, r.GetDesde(), r.GetPageSize())
	if err != nil {
		return nil, err
	}
	return &salesv1.AlteracoesCondicoesResponse{Alteracoes: mapear(ch.Items, func(a store.Change[domain.CondicaoCadastro]) *salesv1.AlteracaoCondicao {
		return &salesv1.AlteracaoCondicao{Id: a.ID, Removido: a.Removido, Condicao: seHouver(a.Doc, condicaoToProto)}
	}), Cursor: ch.Cursor, Mais: ch.Mais}, nil
}

func (s *Server) CriarCondicao(ctx context.Context, r *salesv1.CriarCondicaoRequest) (*salesv1.CondicaoPagamento, error) {
	a, err := pct(r.GetAcrescimoPercentual(), "acrescimo_percentual")
	if err != nil {
		return nil, err
	}
	return condicao(s.App.CriarCondicao(ctx, domain.CondicaoCadastro{Meta: store.Meta{ID: r.GetId()}, Nome: r.GetNome(),
		ParcelasDias: diasDe(r.GetParcelasDias()), Forma: r.GetForma(), Acrescimo: a, ValorMinimoCentavos: r.GetValorMinimoCentavos(),
		UsaLimiteCredito: r.GetUsaLimiteCredito(), Clientes: r.GetClientes(), Ativo: r.Ativo == nil || r.GetAtivo()}))
}

func (s *Server) AtualizarCondicao(ctx context.Context, r *salesv1.AtualizarCondicaoRequest) (*salesv1.CondicaoPagamento, error) {
	a, err := pctOpt(r.AcrescimoPercentual, "acrescimo_percentual")
	if err != nil {
		return nil, err
	}
	p := app.PatchCondicao{Nome: r.Nome, Forma: r.Forma, Acrescimo: a, ValorMinimoCentavos: r.ValorMinimoCentavos,
		UsaLimiteCredito: r.UsaLimiteCredito, Clientes: lista(r.GetClientes(), r.GetLimparClientes()), Ativo: r.Ativo}
	if len(r.GetParcelasDias()) > 0 {
		d := diasDe(r.GetParcelasDias())
		p.ParcelasDias = &d
	}
	return condicao(s.App.AtualizarCondicao(ctx, r.GetId(), r.GetVersao(), p))
}

func (s *Server) ExcluirCondicao(ctx context.Context, r *salesv1.ExcluirRequest) (*salesv1.CondicaoPagamento, error) {
	return condicao(s.App.ExcluirCondicao(ctx, r.GetId(), r.GetVersao()))
}
