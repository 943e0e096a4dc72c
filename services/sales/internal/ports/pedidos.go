package ports

import (
	"context"
	"strconv"

	"google.golang.org/genproto/googleapis/api/httpbody"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// Pedidos implements salesv1.PedidosServiceServer.
type Pedidos struct {
	salesv1.UnimplementedPedidosServiceServer
	App *app.Service
}

func itemPedidoToProto(it domain.ItemPedido) *salesv1.ItemPedido {
	return &salesv1.ItemPedido{ProdutoId: it.ProdutoID, Codigo: it.Codigo, Descricao: it.Descricao, Unidade: it.Unidade, Ncm: it.NCM,
		Grupo: it.Grupo, Quantidade: it.Quantidade, DescontoPercentual: num(it.DescontoPercentual), TabelaId: it.TabelaID,
		PrecoListaCentavos: it.PrecoListaCentavos, Descontos: mapear(it.Descontos, func(d domain.DescontoItem) *salesv1.DescontoAplicado {
			return &salesv1.DescontoAplicado{Origem: string(d.Origem), Percentual: num(d.Percentual), RegraId: d.RegraID}
		}), PrecoUnitarioCentavos: it.PrecoUnitarioCentavos, ValorCentavos: it.ValorCentavos, IpiCentavos: it.IPICentavos,
		StCentavos: it.STCentavos, TotalCentavos: it.TotalCentavos, Bonificacao: it.Bonificacao, BonificacaoCentavos: it.BonificacaoCentavos,
		FlexCentavos: it.FlexCentavos}
}

func pedidoToProto(p *domain.Pedido) *salesv1.Pedido {
	c := p.Cliente
	return &salesv1.Pedido{Id: p.ID, Empresa: p.Empresa, Numero: p.Numero, Status: string(p.Status), Tipo: string(p.Tipo),
		ClienteId: p.ClienteID, Cliente: &salesv1.ClientePedido{Nome: c.Nome, Documento: c.Documento, InscricaoEstadual: c.InscricaoEstadual,
			Uf: c.UF, Suframa: c.Suframa, RegiaoId: c.RegiaoID, ContribuinteIcms: c.ContribuinteICMS, Telefone: c.Telefone},
		VendedorId: p.VendedorID, TabelaId: p.TabelaID, CondicaoId: p.CondicaoID, CondicaoNome: p.CondicaoNome,
		FormaPagamento: p.FormaPagamento, Itens: mapear(p.Itens, itemPedidoToProto), FreteCentavos: p.FreteCentavos,
		Observacoes: p.Observacoes, ObservacoesInternas: p.ObservacoesInternas, DataEntrega: string(p.DataEntrega),
		Latitude: p.Latitude, Longitude: p.Longitude, VisitaId: p.VisitaID, TotalProdutosCentavos: p.TotalProdutosCentavos,
		TotalIpiCentavos: p.TotalIPICentavos, TotalStCentavos: p.TotalSTCentavos, TotalCentavos: p.TotalCentavos,
		FlexCentavos: p.FlexCentavos, BonificacaoCentavos: p.BonificacaoCentavos,
		MotivosAprovacao: mapear(p.MotivosAprovacao, func(m domain.MotivoAprovacao) *salesv1.MotivoAprovacao {
			return &salesv1.MotivoAprovacao{Motivo: string(m.Motivo), Mensagem: m.Mensagem, ProdutoId: m.ProdutoID, Bloqueante: m.Bloqueante}
		}),
		Historico: mapear(p.Historico, func(e domain.EventoPedido) *salesv1.EventoPedido {
			return &salesv1.EventoPedido{Status: string(e.Status), Acao: string(e.Acao), Por: e.Por, PorNome: e.PorNome, Em: ts(e.Em), Observacao: e.Observacao}
		}),
		EnviadoEm: ts(p.EnviadoEm),
		NotasFiscais: mapear(p.NotasFiscais, func(n domain.NotaFiscal) *salesv1.NotaFiscal {
			return &salesv1.NotaFiscal{Numero: n.Numero, ValorCentavos: n.ValorCentavos, Em: ts(n.Em)}
		}),
		FaturadoCentavos: p.FaturadoCentavos, FaturamentoParcial: p.FaturamentoParcial, MotivoCancelamento: p.MotivoCancelamento,
		PrecosAlterados: mapear(p.PrecosAlterados, func(x domain.PrecoAlterado) *salesv1.PrecoAlterado {
			return &salesv1.PrecoAlterado{ProdutoId: x.ProdutoID, Descricao: x.Descricao, DeCentavos: x.DeCentavos, ParaCentavos: x.ParaCentavos,
				Mensagem: x.Mensagem}
		}),
		Versao: p.Versao, CriadoEm: ts(p.CriadoEm), CriadoPor: p.CriadoPor, AlteradoEm: ts(p.AlteradoEm), Excluido: p.Excluido}
}

func pedido(p *domain.Pedido, err error) (*salesv1.Pedido, error) {
	if err != nil {
		return nil, err
	}
	return pedidoToProto(p), nil
}

// entrada is the wire's order input: percentages read exactly (itens[i].desconto_percentual).
type camposEntrada interface {
	GetClienteId() string
	GetCondicaoId() string
	GetTipo() string
	GetItens() []*salesv1.ItemPedidoEntrada
	GetFreteCentavos() int64
	GetObservacoes() string
	GetObservacoesInternas() string
	GetDataEntrega() string
	GetVisitaId() string
	GetEnviar() bool
}

func entrada(r camposEntrada, id string, versao int64, lat, lng *float64) (app.EntradaPedido, error) {
	in := app.EntradaPedido{ID: id, Versao: versao, ClienteID: r.GetClienteId(), CondicaoID: r.GetCondicaoId(), Tipo: r.GetTipo(),
		FreteCentavos: r.GetFreteCentavos(), Observacoes: r.GetObservacoes(), ObservacoesInternas: r.GetObservacoesInternas(),
		DataEntrega: r.GetDataEntrega(), Latitude: lat, Longitude: lng, VisitaID: r.GetVisitaId(), Enviar: r.GetEnviar()}
	for i, it := range r.GetItens() {
		d, err := pct(it.GetDescontoPercentual(), "itens["+strconv.Itoa(i)+"].desconto_percentual")
		if err != nil {
			return in, err
		}
		in.Itens = append(in.Itens, app.ItemEntradaPedido{ProdutoID: it.GetProdutoId(), Quantidade: it.GetQuantidade(), Desconto: d,
			Bonificacao: it.GetBonificacao(), PrecoEsperado: it.GetPrecoEsperadoCentavos()})
	}
	return in, nil
}

func (s *Pedidos) CriarPedido(ctx context.Context, r *salesv1.CriarPedidoRequest) (*salesv1.Pedido, error) {
	in, err := entrada(r, r.GetId(), 0, r.Latitude, r.Longitude)
	if err != nil {
		return nil, err
	}
	return pedido(s.App.CriarPedido(ctx, in))
}

func (s *Pedidos) AtualizarPedido(ctx context.Context, r *salesv1.AtualizarPedidoRequest) (*salesv1.Pedido, error) {
	in, err := entrada(r, r.GetId(), r.GetVersao(), r.Latitude, r.Longitude)
	if err != nil {
		return nil, err
	}
	return pedido(s.App.AtualizarPedido(ctx, in))
}

func (s *Pedidos) ListarPedidos(ctx context.Context, r *salesv1.ListarPedidosRequest) (*salesv1.ListarPedidosResponse, error) {
	p, err := s.App.ListarPedidos(ctx, app.FiltroPedidos{Q: r.GetQ(), ClienteID: r.GetClienteId(), Status: r.GetStatus(),
		Vendedor: r.GetVendedor(), De: r.GetDe(), Ate: r.GetAte(), PageSize: r.GetPageSize(), PageToken: r.GetPageToken()})
	if err != nil {
		return nil, err
	}
	return &salesv1.ListarPedidosResponse{Pedidos: mapear(p.Items, pedidoToProto), NextPageToken: p.Next}, nil
}

func (s *Pedidos) ObterPedido(ctx context.Context, r *salesv1.ObterPedidoRequest) (*salesv1.Pedido, error) {
	return pedido(s.App.ObterPedido(ctx, r.GetId()))
}

func (s *Pedidos) AlteracoesPedidos(ctx context.Context, r *salesv1.AlteracoesRequest) (*salesv1.AlteracoesPedidosResponse, error) {
	ch, err := s.App.AlteracoesPedidos(ctx, r.GetDesde(), r.GetPageSize())
	if err != nil {
		return nil, err
	}
	return &salesv1.AlteracoesPedidosResponse{Alteracoes: mapear(ch.Items, func(a store.Change[domain.Pedido]) *salesv1.AlteracaoPedido {
		return &salesv1.AlteracaoPedido{Id: a.ID, Removido: a.Removido, Pedido: seHouver(a.Doc, pedidoToProto)}
	}), Cursor: ch.Cursor, Mais: ch.Mais, Total: ch.Total32()}, nil
}

func (s *Pedidos) EnviarPedido(ctx context.Context, r *salesv1.AcaoPedidoRequest) (*salesv1.Pedido, error) {
	return pedido(s.App.EnviarPedido(ctx, r.GetId(), r.GetVersao()))
}

func (s *Pedidos) AprovarPedido(ctx context.Context, r *salesv1.AcaoPedidoRequest) (*salesv1.Pedido, error) {
	return pedido(s.App.AprovarPedido(ctx, r.GetId(), r.GetVersao(), r.GetObservacao()))
}

func (s *Pedidos) ReprovarPedido(ctx context.Context, r *salesv1.AcaoPedidoRequest) (*salesv1.Pedido, error) {
	return pedido(s.App.ReprovarPedido(ctx, r.GetId(), r.GetVersao(), r.GetObservacao()))
}

func (s *Pedidos) CancelarPedido(ctx context.Context, r *salesv1.CancelarPedidoRequest) (*salesv1.Pedido, error) {
	return pedido(s.App.CancelarPedido(ctx, r.GetId(), r.GetVersao(), r.GetMotivo()))
}

func (s *Pedidos) ReabrirPedido(ctx context.Context, r *salesv1.AcaoPedidoRequest) (*salesv1.Pedido, error) {
	return pedido(s.App.ReabrirPedido(ctx, r.GetId(), r.GetVersao(), r.GetObservacao()))
}

func (s *Pedidos) DuplicarPedido(ctx context.Context, r *salesv1.DuplicarPedidoRequest) (*salesv1.Pedido, error) {
	return pedido(s.App.DuplicarPedido(ctx, r.GetId(), r.GetNovoId(), r.GetClienteId()))
}

func (s *Pedidos) AlterarStatusPedido(ctx context.Context, r *salesv1.AlterarStatusPedidoRequest) (*salesv1.Pedido, error) {
	var nf *domain.NotaFiscal
	if n := r.GetNotaFiscal(); n != nil {
		nf = &domain.NotaFiscal{Numero: n.GetNumero(), ValorCentavos: n.GetValorCentavos()}
	}
	return pedido(s.App.AlterarStatusPedido(ctx, r.GetId(), r.GetVersao(), r.GetStatus(), nf, r.GetObservacao()))
}

// ObterPdfPedido answers the "espelho do pedido" (over REST: the body, Content-Type application/pdf).
func (s *Pedidos) ObterPdfPedido(ctx context.Context, r *salesv1.ObterPedidoRequest) (*httpbody.HttpBody, error) {
	b, err := s.App.PdfPedido(ctx, r.GetId())
	if err != nil {
		return nil, err
	}
	return &httpbody.HttpBody{ContentType: "application/pdf", Data: b}, nil
}

func (s *Pedidos) ObterResumoVendas(ctx context.Context, r *salesv1.ObterResumoVendasRequest) (*salesv1.ResumoVendas, error) {
	res, err := s.App.ObterResumoVendas(ctx, r.GetMes(), r.GetVendedorId())
	if err != nil {
		return nil, err
	}
	c := res.Campos
	return &salesv1.ResumoVendas{Mes: res.Mes, VendedorId: res.VendedorID, ValorCentavos: c[domain.CampoValor], TotalCentavos: c[domain.CampoTotal],
		Quantidade: c[domain.CampoQuantidade], Pedidos: c[domain.CampoPedidos], Clientes: c[domain.CampoClientes],
		BonificacaoCentavos: c[domain.CampoBonificacao], FaturadoCentavos: c[domain.CampoFaturado]}, nil
}

func (s *Pedidos) ReconciliarResumos(ctx context.Context, r *salesv1.ReconciliarResumosRequest) (*salesv1.ReconciliarResumosResponse, error) {
	n, div, err := s.App.ReconciliarResumos(ctx, r.GetApenasVerificar())
	if err != nil {
		return nil, err
	}
	return &salesv1.ReconciliarResumosResponse{Pedidos: int32(n), Corrigido: !r.GetApenasVerificar() && len(div) > 0,
		Divergencias: mapear(div, func(d domain.Divergencia) *salesv1.Divergencia {
			return &salesv1.Divergencia{Resumo: d.Resumo, Chave: d.ID, Campo: d.Campo, Gravado: d.Gravado, Recalculado: d.Recalculado}
		})}, nil
}
