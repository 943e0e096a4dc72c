// Package ports translates between the sales protos and the use cases.
package ports

import (
	"context"
	"strconv"
	"time"

	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/types/known/timestamppb"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// Server implements salesv1.SalesServiceServer.
type Server struct {
	salesv1.UnimplementedSalesServiceServer
	App *app.Service
}

// MsgPercentual is the message of a percentage with more than two decimals.
const MsgPercentual = "Percentual inválido: use um número com no máximo 2 casas decimais (ex.: 7.5)."

// pct reads a percentage from the wire exactly: at most two decimals.
func pct(d float64, campo string) (domain.Percentual, error) {
	p, err := domain.ParsePercentual(strconv.FormatFloat(d, 'f', -1, 64))
	if err != nil {
		return 0, errs.Field(campo, MsgPercentual)
	}
	return p, nil
}

func pctOpt(d *float64, campo string) (*domain.Percentual, error) {
	if d == nil {
		return nil, nil
	}
	p, err := pct(*d, campo)
	return &p, err
}

// num writes a percentage as a JSON number (7.5).
func num(p domain.Percentual) float64 {
	f, _ := strconv.ParseFloat(p.Decimal(), 64)
	return f
}

func ts(t time.Time) *timestamppb.Timestamp {
	if t.IsZero() {
		return nil
	}
	return timestamppb.New(t)
}

func strs(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func lista(l []string, limpar bool) *[]string {
	if len(l) == 0 && !limpar {
		return nil
	}
	return &l
}

// ---------- products ----------

// mapear translates a list item by item.
func mapear[T, P any](xs []T, f func(T) P) []P {
	out := make([]P, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

// seHouver translates a record that may be absent (a removal in the feed carries none).
func seHouver[T any, P any](d *T, f func(*T) P) P {
	if d == nil {
		var zero P
		return zero
	}
	return f(d)
}

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
	}), Cursor: ch.Cursor, Mais: ch.Mais}, nil
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

// ---------- price tables ----------

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
	}), Cursor: ch.Cursor, Mais: ch.Mais}, nil
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
	}), Cursor: ch.Cursor, Mais: ch.Mais}, nil
}

// ---------- payment terms ----------

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

// ---------- commercial policy ----------

func politicaToProto(p *domain.PoliticaCadastro) *salesv1.PoliticaComercial {
	out := &salesv1.PoliticaComercial{Empresa: p.Empresa, UfOrigem: p.UFOrigem, FlexPermitido: p.FlexPermitido,
		DescontoMaximoPadraoPercentual: num(p.DescontoPadrao), Versao: p.Versao, AlteradoEm: ts(p.AlteradoEm),
		Vendedores: []*salesv1.VendedorPolitica{}, LimitesGrupo: []*salesv1.LimiteGrupo{}, Promocoes: []*salesv1.Promocao{},
		DescontosVolume: []*salesv1.DescontoVolume{}}
	for _, v := range p.Vendedores {
		out.Vendedores = append(out.Vendedores, &salesv1.VendedorPolitica{Id: v.ID, DescontoMaximoPercentual: num(v.DescontoMaximo),
			SaldoFlexCentavos: v.SaldoFlexCentavos, PedidoMinimoCentavos: v.PedidoMinimoCentavos,
			VerbaBonificacaoCentavos: v.VerbaBonificacaoCentavos})
	}
	out.MotivosBloqueantes = make([]string, 0, len(p.MotivosBloqueantes))
	for _, m := range p.MotivosBloqueantes {
		out.MotivosBloqueantes = append(out.MotivosBloqueantes, string(m))
	}
	for _, l := range p.LimitesGrupo {
		out.LimitesGrupo = append(out.LimitesGrupo, &salesv1.LimiteGrupo{Grupo: l.Grupo, DescontoMaximoPercentual: num(l.DescontoMaximo)})
	}
	for _, x := range p.Promocoes {
		out.Promocoes = append(out.Promocoes, &salesv1.Promocao{Id: x.ID, ProdutoId: x.ProdutoID, Grupo: x.Grupo, Percentual: num(x.Percentual),
			Inicio: string(x.Inicio), Fim: string(x.Fim)})
	}
	for _, x := range p.DescontosVolume {
		out.DescontosVolume = append(out.DescontosVolume, &salesv1.DescontoVolume{Id: x.ID, ProdutoId: x.ProdutoID, Grupo: x.Grupo,
			QuantidadeMinima: x.QuantidadeMinima, Percentual: num(x.Percentual)})
	}
	return out
}

func (s *Server) ObterPolitica(ctx context.Context, _ *salesv1.ObterPoliticaRequest) (*salesv1.PoliticaComercial, error) {
	p, err := s.App.ObterPolitica(ctx)
	if err != nil {
		return nil, err
	}
	return politicaToProto(p), nil
}

func (s *Server) DefinirPolitica(ctx context.Context, r *salesv1.DefinirPoliticaRequest) (*salesv1.PoliticaComercial, error) {
	var err error
	pc := func(d float64, campo string) domain.Percentual {
		p, e := pct(d, campo)
		if e != nil && err == nil {
			err = e
		}
		return p
	}
	p := domain.PoliticaCadastro{UFOrigem: r.GetUfOrigem(), FlexPermitido: r.GetFlexPermitido(),
		DescontoPadrao: pc(r.GetDescontoMaximoPadraoPercentual(), "desconto_maximo_padrao_percentual")}
	for i, v := range r.GetVendedores() {
		p.Vendedores = append(p.Vendedores, domain.VendedorPolitica{ID: v.GetId(),
			DescontoMaximo:    pc(v.GetDescontoMaximoPercentual(), "vendedores["+strconv.Itoa(i)+"].desconto_maximo_percentual"),
			SaldoFlexCentavos: v.GetSaldoFlexCentavos(), PedidoMinimoCentavos: v.GetPedidoMinimoCentavos(),
			VerbaBonificacaoCentavos: v.GetVerbaBonificacaoCentavos()})
	}
	for _, m := range r.GetMotivosBloqueantes() {
		p.MotivosBloqueantes = append(p.MotivosBloqueantes, domain.Motivo(m))
	}
	for i, l := range r.GetLimitesGrupo() {
		p.LimitesGrupo = append(p.LimitesGrupo, domain.LimiteGrupo{Grupo: l.GetGrupo(),
			DescontoMaximo: pc(l.GetDescontoMaximoPercentual(), "limites_grupo["+strconv.Itoa(i)+"].desconto_maximo_percentual")})
	}
	for i, x := range r.GetPromocoes() {
		p.Promocoes = append(p.Promocoes, domain.Promocao{ID: x.GetId(), ProdutoID: x.GetProdutoId(), Grupo: x.GetGrupo(),
			Percentual: pc(x.GetPercentual(), "promocoes["+strconv.Itoa(i)+"].percentual"), Inicio: domain.Data(x.GetInicio()), Fim: domain.Data(x.GetFim())})
	}
	for i, x := range r.GetDescontosVolume() {
		p.DescontosVolume = append(p.DescontosVolume, domain.DescontoVolume{ID: x.GetId(), ProdutoID: x.GetProdutoId(), Grupo: x.GetGrupo(),
			QuantidadeMinima: x.GetQuantidadeMinima(), Percentual: pc(x.GetPercentual(), "descontos_volume["+strconv.Itoa(i)+"].percentual")})
	}
	if err != nil {
		return nil, err
	}
	out, err := s.App.DefinirPolitica(ctx, r.GetVersao(), p)
	if err != nil {
		return nil, err
	}
	return politicaToProto(out), nil
}

// ---------- ICMS-ST rules ----------

func regraToProto(r *domain.RegraSTCadastro) *salesv1.RegraST {
	return &salesv1.RegraST{Id: r.ID, Empresa: r.Empresa, Ncm: r.NCM, Uf: r.UF, MvaPercentual: num(r.MVA),
		AliquotaInternaPercentual: num(r.AliquotaInterna), AliquotaInterestadualPercentual: num(r.AliquotaInterestadual),
		ReducaoBasePercentual: num(r.ReducaoBase), Versao: r.Versao, AlteradoEm: ts(r.AlteradoEm), Excluido: r.Excluido}
}

func (s *Server) ListarRegrasST(ctx context.Context, r *salesv1.ListarRegrasSTRequest) (*salesv1.ListarRegrasSTResponse, error) {
	p, err := s.App.ListarRegrasST(ctx, r.GetUf(), r.GetPageSize(), r.GetPageToken())
	if err != nil {
		return nil, err
	}
	return &salesv1.ListarRegrasSTResponse{Regras: mapear(p.Items, regraToProto), NextPageToken: p.Next}, nil
}

func (s *Server) CriarRegraST(ctx context.Context, r *salesv1.CriarRegraSTRequest) (*salesv1.RegraST, error) {
	var err error
	pc := func(d float64, campo string) domain.Percentual {
		p, e := pct(d, campo)
		if e != nil && err == nil {
			err = e
		}
		return p
	}
	in := domain.RegraSTCadastro{Meta: store.Meta{ID: r.GetId()}, NCM: r.GetNcm(), UF: r.GetUf(),
		MVA: pc(r.GetMvaPercentual(), "mva_percentual"), AliquotaInterna: pc(r.GetAliquotaInternaPercentual(), "aliquota_interna_percentual"),
		AliquotaInterestadual: pc(r.GetAliquotaInterestadualPercentual(), "aliquota_interestadual_percentual"),
		ReducaoBase:           pc(r.GetReducaoBasePercentual(), "reducao_base_percentual")}
	if err != nil {
		return nil, err
	}
	out, err := s.App.CriarRegraST(ctx, in)
	if err != nil {
		return nil, err
	}
	return regraToProto(out), nil
}

func (s *Server) ExcluirRegraST(ctx context.Context, r *salesv1.ExcluirRequest) (*salesv1.RegraST, error) {
	out, err := s.App.ExcluirRegraST(ctx, r.GetId(), r.GetVersao())
	if err != nil {
		return nil, err
	}
	return regraToProto(out), nil
}

// ---------- pricing ----------

func (s *Server) CalcularPrecos(ctx context.Context, r *salesv1.CalcularPrecosRequest) (*salesv1.CalcularPrecosResponse, error) {
	in := app.Calculo{ClienteID: r.GetClienteId(), CondicaoID: r.GetCondicaoId(), Data: r.GetData()}
	for i, it := range r.GetItens() {
		d, err := pct(it.GetDescontoPercentual(), "itens["+strconv.Itoa(i)+"].desconto_percentual")
		if err != nil {
			return nil, err
		}
		in.Itens = append(in.Itens, app.ItemCalculo{ProdutoID: it.GetProdutoId(), Quantidade: it.GetQuantidade(), Desconto: d})
	}
	res, err := s.App.Calcular(ctx, in)
	if err != nil {
		return nil, err
	}
	out := &salesv1.CalcularPrecosResponse{Itens: make([]*salesv1.ItemCalculado, 0, len(res.Itens)),
		TotalProdutosCentavos: res.TotalProdutosCentavos, TotalIpiCentavos: res.TotalIPICentavos, TotalStCentavos: res.TotalSTCentavos,
		TotalCentavos: res.TotalCentavos, Avisos: make([]*salesv1.Aviso, 0, len(res.Avisos))}
	for _, l := range res.Itens {
		x := &salesv1.ItemCalculado{ProdutoId: l.ProdutoID, Quantidade: l.Quantidade, PrecoListaCentavos: l.PrecoListaCentavos,
			Descontos: make([]*salesv1.DescontoAplicado, 0, len(l.Descontos)), PrecoUnitarioCentavos: l.PrecoUnitarioCentavos,
			IpiCentavos: l.IPICentavos, StCentavos: l.STCentavos, TotalCentavos: l.TotalCentavos}
		for _, d := range l.Descontos {
			x.Descontos = append(x.Descontos, &salesv1.DescontoAplicado{Origem: string(d.Origem), Percentual: num(d.Percentual), RegraId: d.RegraID})
		}
		out.Itens = append(out.Itens, x)
	}
	for _, a := range res.Avisos {
		out.Avisos = append(out.Avisos, &salesv1.Aviso{Motivo: string(a.Motivo), Mensagem: a.Mensagem})
	}
	return out, nil
}

// ---------- imports ----------

func importacao(res *app.Importacao, err error) (*salesv1.ImportarResponse, error) {
	if err != nil {
		return nil, err
	}
	out := &salesv1.ImportarResponse{Total: res.Total, Criados: res.Criados, Atualizados: res.Atualizados, NadaGravado: res.NadaGravado, ACriar: res.ACriar, AAtualizar: res.AAtualizar,
		Rejeitadas: make([]*salesv1.LinhaRecusada, 0, len(res.Rejeitadas))}
	for _, l := range res.Rejeitadas {
		out.Rejeitadas = append(out.Rejeitadas, &salesv1.LinhaRecusada{Linha: l.Linha, Codigo: l.Codigo, Erros: l.Erros})
	}
	return out, nil
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

func (s *Server) ImportarProdutos(ctx context.Context, r *salesv1.ImportarRequest) (*salesv1.ImportarResponse, error) {
	return importacao(s.App.ImportarProdutos(ctx, r.GetCsv(), r.GetValidarApenas()))
}

func (s *Server) ImportarRegrasST(ctx context.Context, r *salesv1.ImportarRequest) (*salesv1.ImportarResponse, error) {
	return importacao(s.App.ImportarRegrasST(ctx, r.GetCsv(), r.GetValidarApenas()))
}

func (s *Server) ImportarPrecos(ctx context.Context, r *salesv1.ImportarPrecosRequest) (*salesv1.ImportarResponse, error) {
	return importacao(s.App.ImportarPrecos(ctx, r.GetTabelaId(), r.GetCsv(), r.GetValidarApenas()))
}
