package ports

import (
	"context"
	"strconv"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/sales/internal/app"
)

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
