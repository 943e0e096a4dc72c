package ports

import (
	"context"
	"strconv"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

func politicaToProto(p *domain.PoliticaCadastro) *salesv1.PoliticaComercial {
	out := &salesv1.PoliticaComercial{Empresa: p.Empresa, UfOrigem: p.UFOrigem, FlexPermitido: p.FlexPermitido, SimplesNacional: p.SimplesNacional,
		DescontoMaximoPadraoPercentual: num(p.DescontoPadrao), Versao: p.Versao, AlteradoEm: ts(p.AlteradoEm),
		Vendedores: []*salesv1.VendedorPolitica{}, LimitesGrupo: []*salesv1.LimiteGrupo{}, Promocoes: []*salesv1.Promocao{},
		DescontosVolume: []*salesv1.DescontoVolume{}, FlexPedidosCentavos: p.FlexPedidos}
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
	p := domain.PoliticaCadastro{UFOrigem: r.GetUfOrigem(), FlexPermitido: r.GetFlexPermitido(), SimplesNacional: r.GetSimplesNacional(),
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
