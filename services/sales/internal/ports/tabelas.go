package ports

import (
	"context"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

func tabelaToProto(t *domain.TabelaCadastro) *salesv1.TabelaPreco {
	return &salesv1.TabelaPreco{Id: t.ID, Empresa: t.Empresa, Nome: t.Nome, Padrao: t.Padrao, ValidadeInicio: string(t.ValidadeInicio),
		ValidadeFim: string(t.ValidadeFim), Clientes: strs(t.Clientes), Regioes: strs(t.Regioes), Ufs: strs(t.UFs),
		DescontoPercentual: num(t.Desconto), Versao: t.Versao, CriadoEm: ts(t.CriadoEm), AlteradoEm: ts(t.AlteradoEm), Excluido: t.Excluido}
}

func tabela(t *domain.TabelaCadastro, err error) (*salesv1.TabelaPreco, error) {
	if err != nil {
		return nil, err
	}
	return tabelaToProto(t), nil
}

func (s *Server) ListarTabelas(ctx context.Context, r *salesv1.ListarTabelasRequest) (*salesv1.ListarTabelasResponse, error) {
	p, err := s.App.ListarTabelas(ctx, r.GetPageSize(), r.GetPageToken())
	if err != nil {
		return nil, err
	}
	return &salesv1.ListarTabelasResponse{Tabelas: mapear(p.Items, tabelaToProto), NextPageToken: p.Next}, nil
}

func (s *Server) ObterTabela(ctx context.Context, r *salesv1.ObterTabelaRequest) (*salesv1.TabelaPreco, error) {
	return tabela(s.App.ObterTabela(ctx, r.GetId()))
}

func (s *Server) AlteracoesTabelas(ctx context.Context, r *salesv1.AlteracoesRequest) (*salesv1.AlteracoesTabelasResponse, error) {
	ch, err := s.App.AlteracoesTabelas(ctx, r.GetDesde(), r.GetPageSize())
	if err != nil {
		return nil, err
	}
	return &salesv1.AlteracoesTabelasResponse{Alteracoes: mapear(ch.Items, func(a store.Change[domain.TabelaCadastro]) *salesv1.AlteracaoTabela {
		return &salesv1.AlteracaoTabela{Id: a.ID, Removido: a.Removido, Tabela: seHouver(a.Doc, tabelaToProto)}
	}), Cursor: ch.Cursor, Mais: ch.Mais, Total: ch.Total32()}, nil
}

func (s *Server) CriarTabela(ctx context.Context, r *salesv1.CriarTabelaRequest) (*salesv1.TabelaPreco, error) {
	d, err := pct(r.GetDescontoPercentual(), "desconto_percentual")
	if err != nil {
		return nil, err
	}
	return tabela(s.App.CriarTabela(ctx, domain.TabelaCadastro{Meta: store.Meta{ID: r.GetId()}, Nome: r.GetNome(), Padrao: r.GetPadrao(),
		ValidadeInicio: domain.Data(r.GetValidadeInicio()), ValidadeFim: domain.Data(r.GetValidadeFim()), Clientes: r.GetClientes(),
		Regioes: r.GetRegioes(), UFs: r.GetUfs(), Desconto: d}))
}

func (s *Server) AtualizarTabela(ctx context.Context, r *salesv1.AtualizarTabelaRequest) (*salesv1.TabelaPreco, error) {
	d, err := pctOpt(r.DescontoPercentual, "desconto_percentual")
	if err != nil {
		return nil, err
	}
	return tabela(s.App.AtualizarTabela(ctx, r.GetId(), r.GetVersao(), app.PatchTabela{Nome: r.Nome, Padrao: r.Padrao,
		ValidadeInicio: r.ValidadeInicio, ValidadeFim: r.ValidadeFim, Clientes: lista(r.GetClientes(), r.GetLimparClientes()),
		Regioes: lista(r.GetRegioes(), r.GetLimparRegioes()), UFs: lista(r.GetUfs(), r.GetLimparUfs()), Desconto: d}))
}

func (s *Server) ExcluirTabela(ctx context.Context, r *salesv1.ExcluirRequest) (*salesv1.TabelaPreco, error) {
	return tabela(s.App.ExcluirTabela(ctx, r.GetId(), r.GetVersao()))
}

func precoToProto(p *domain.PrecoCadastro) *salesv1.Preco {
	return &salesv1.Preco{TabelaId: p.TabelaID, ProdutoId: p.ProdutoID, PrecoCentavos: p.PrecoCentavos,
		PrecoMinimoCentavos: p.PrecoMinimoCentavos, Versao: p.Versao, AlteradoEm: ts(p.AlteradoEm), Excluido: p.Excluido}
}

func (s *Server) ListarPrecos(ctx context.Context, r *salesv1.ListarPrecosRequest) (*salesv1.ListarPrecosResponse, error) {
	p, err := s.App.ListarPrecos(ctx, r.GetTabelaId(), r.GetPageSize(), r.GetPageToken())
	if err != nil {
		return nil, err
	}
	return &salesv1.ListarPrecosResponse{Precos: mapear(p.Items, precoToProto), NextPageToken: p.Next}, nil
}

func (s *Server) DefinirPreco(ctx context.Context, r *salesv1.DefinirPrecoRequest) (*salesv1.Preco, error) {
	p, err := s.App.DefinirPreco(ctx, domain.PrecoCadastro{TabelaID: r.GetTabelaId(), ProdutoID: r.GetProdutoId(),
		PrecoCentavos: r.GetPrecoCentavos(), PrecoMinimoCentavos: r.GetPrecoMinimoCentavos()})
	if err != nil {
		return nil, err
	}
	return precoToProto(p), nil
}

func (s *Server) RemoverPreco(ctx context.Context, r *salesv1.RemoverPrecoRequest) (*salesv1.Preco, error) {
	p, err := s.App.RemoverPreco(ctx, r.GetTabelaId(), r.GetProdutoId())
	if err != nil {
		return nil, err
	}
	return precoToProto(p), nil
}

func (s *Server) AlteracoesPrecos(ctx context.Context, r *salesv1.AlteracoesRequest) (*salesv1.AlteracoesPrecosResponse, error) {
	ch, err := s.App.AlteracoesPrecos(ctx, r.GetDesde(), r.GetPageSize())
	if err != nil {
		return nil, err
	}
	return &salesv1.AlteracoesPrecosResponse{Alteracoes: mapear(ch.Items, func(a store.Change[domain.PrecoCadastro]) *salesv1.AlteracaoPreco {
		return &salesv1.AlteracaoPreco{Id: a.ID, Removido: a.Removido, Preco: seHouver(a.Doc, precoToProto)}
	}), Cursor: ch.Cursor, Mais: ch.Mais, Total: ch.Total32()}, nil
}
