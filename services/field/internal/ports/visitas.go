// Package ports holds the field service's gRPC handlers (the REST routes reach them through the
// gateway): thin mappings between the protos and the use cases.
package ports

import (
	"context"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	fieldv1 "github.com/crmvendas/crm/proto/gen/go/crm/field/v1"
	"github.com/crmvendas/crm/services/field/internal/app"
	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/entity"
)

// Visitas implements fieldv1.VisitasServiceServer.
type Visitas struct {
	fieldv1.UnimplementedVisitasServiceServer
	App *app.Visitas
}

// PoliticasVisitas: every operator reads the settings and checks in and out of their own visits
// and reads those in their scope (the use cases apply it); ADMIN sets the settings and accepts a
// check-in's coordinates for an address.
var PoliticasVisitas = auth.Policies{
	fieldv1.VisitasService_ObterConfiguracaoVisitas_FullMethodName:   {},
	fieldv1.VisitasService_DefinirConfiguracaoVisitas_FullMethodName: auth.Roles(caller.Admin),
	fieldv1.VisitasService_FazerCheckin_FullMethodName:               {},
	fieldv1.VisitasService_FazerCheckout_FullMethodName:              {},
	fieldv1.VisitasService_ListarVisitas_FullMethodName:              {},
	fieldv1.VisitasService_ObterVisita_FullMethodName:                {},
	fieldv1.VisitasService_AlteracoesVisitas_FullMethodName:          {},
	fieldv1.VisitasService_AceitarCoordenadas_FullMethodName:         auth.Roles(caller.Admin),
	fieldv1.VisitasService_DescartarCoordenadas_FullMethodName:       auth.Roles(caller.Admin),
}

func ts(t time.Time) *timestamppb.Timestamp {
	if t.IsZero() {
		return nil
	}
	return timestamppb.New(t)
}

func tempo(t *timestamppb.Timestamp) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.AsTime()
}

func motivosProto(ms []domain.MotivoSemVenda) []*fieldv1.MotivoSemVenda {
	out := make([]*fieldv1.MotivoSemVenda, 0, len(ms))
	for _, m := range ms {
		out = append(out, &fieldv1.MotivoSemVenda{Id: m.ID, Nome: m.Nome, ExigeFoto: m.ExigeFoto})
	}
	return out
}

func configuracaoProto(c *domain.ConfiguracaoCadastro) *fieldv1.ConfiguracaoVisitas {
	return &fieldv1.ConfiguracaoVisitas{RaioMetros: c.RaioMetros, ForaDoRaio: c.ForaDoRaio, PrecisaoMaximaMetros: c.PrecisaoMaximaMetros,
		IdadeMaximaPosicaoSegundos: c.IdadeMaximaPosicaoSegundos, CheckoutAutomaticoMinutos: c.CheckoutAutomaticoMinutos,
		MotivosSemVenda: motivosProto(c.MotivosSemVenda), Versao: c.Versao, AlteradoEm: ts(c.AlteradoEm)}
}

// VisitaProto is a visit as the API shows it.
func VisitaProto(v *domain.Visita) *fieldv1.Visita {
	return &fieldv1.Visita{Id: v.ID, ClienteId: v.ClienteID, ClienteNome: v.ClienteNome, VendedorId: v.VendedorID, Status: v.Status,
		Inicio: ts(v.Inicio), RecebidoEm: ts(v.RecebidoEm), Latitude: v.Latitude, Longitude: v.Longitude, PrecisaoMetros: v.Precisao,
		CapturadoEm: ts(v.CapturadoEm), DistanciaMetros: v.Distancia, Veredito: v.Veredito, RaioMetros: v.RaioMetros, Aviso: v.Aviso,
		CoordenadasPropostas: v.CoordenadasPropostas, CoordenadasAceitas: v.CoordenadasAceitas, CoordenadasDescartadas: v.CoordenadasDescartadas, Fim: ts(v.Fim),
		DuracaoMinutos: v.DuracaoMinutos(), Resultado: v.Resultado, PedidoId: v.PedidoID, MotivoId: v.MotivoID, MotivoNome: v.MotivoNome,
		Observacao: v.Observacao, CheckoutAutomatico: v.CheckoutAutomatico, Versao: v.Versao, AlteradoEm: ts(v.AlteradoEm), Excluido: v.Excluido,
		Fotos: fotosProto(v.Fotos)}
}

func (s *Visitas) portas() *entity.Portas[domain.Visita, *domain.Visita, *fieldv1.Visita] {
	return &entity.Portas[domain.Visita, *domain.Visita, *fieldv1.Visita]{Entidade: s.App.Entidade(), ParaProto: VisitaProto}
}

func um(v *domain.Visita, err error) (*fieldv1.Visita, error) {
	if err != nil {
		return nil, err
	}
	return VisitaProto(v), nil
}

func (s *Visitas) ObterConfiguracaoVisitas(ctx context.Context, _ *fieldv1.ObterConfiguracaoVisitasRequest) (*fieldv1.ConfiguracaoVisitas, error) {
	c, err := s.App.ObterConfiguracao(ctx)
	if err != nil {
		return nil, err
	}
	return configuracaoProto(c), nil
}

// configuracaoDoPedido is the settings a PUT /crm/configuracao-visitas sends.
func configuracaoDoPedido(r *fieldv1.DefinirConfiguracaoVisitasRequest) domain.Configuracao {
	cfg := domain.Configuracao{RaioMetros: r.GetRaioMetros(), ForaDoRaio: r.GetForaDoRaio(), PrecisaoMaximaMetros: r.GetPrecisaoMaximaMetros(),
		IdadeMaximaPosicaoSegundos: r.GetIdadeMaximaPosicaoSegundos(), CheckoutAutomaticoMinutos: r.GetCheckoutAutomaticoMinutos()}
	for _, m := range r.GetMotivosSemVenda() {
		cfg.MotivosSemVenda = append(cfg.MotivosSemVenda, domain.MotivoSemVenda{ID: m.GetId(), Nome: m.GetNome(), ExigeFoto: m.GetExigeFoto()})
	}
	return cfg
}

func (s *Visitas) DefinirConfiguracaoVisitas(ctx context.Context, r *fieldv1.DefinirConfiguracaoVisitasRequest) (*fieldv1.ConfiguracaoVisitas, error) {
	c, err := s.App.DefinirConfiguracao(ctx, configuracaoDoPedido(r))
	if err != nil {
		return nil, err
	}
	return configuracaoProto(c), nil
}

func (s *Visitas) FazerCheckin(ctx context.Context, r *fieldv1.FazerCheckinRequest) (*fieldv1.Visita, error) {
	in := app.Checkin{ID: r.GetId(), ClienteID: r.GetClienteId(), Inicio: tempo(r.GetInicio()),
		Fix: domain.Fix{Precisao: r.GetPrecisaoMetros(), CapturadoEm: tempo(r.GetCapturadoEm())}}
	if r.Latitude != nil && r.Longitude != nil {
		in.Fix.Ponto = &domain.Ponto{Latitude: r.GetLatitude(), Longitude: r.GetLongitude()}
	}
	return um(s.App.FazerCheckin(ctx, in))
}

func (s *Visitas) FazerCheckout(ctx context.Context, r *fieldv1.FazerCheckoutRequest) (*fieldv1.Visita, error) {
	return um(s.App.FazerCheckout(ctx, r.GetId(), domain.Checkout{Resultado: r.GetResultado(), PedidoID: r.GetPedidoId(),
		MotivoID: r.GetMotivoId(), Observacao: r.GetObservacao(), Fim: tempo(r.GetFim())}))
}

func (s *Visitas) ListarVisitas(ctx context.Context, r *fieldv1.ListarVisitasRequest) (*fieldv1.ListarVisitasResponse, error) {
	pg, err := s.App.ListarVisitas(ctx, app.FiltroVisitas{De: r.GetDe(), Ate: r.GetAte(), VendedorID: r.GetVendedorId(),
		ClienteID: r.GetClienteId(), PageSize: r.GetPageSize(), PageToken: r.GetPageToken(), CoordenadasPropostas: r.GetCoordenadasPropostas()})
	if err != nil {
		return nil, err
	}
	out := &fieldv1.ListarVisitasResponse{Visitas: make([]*fieldv1.Visita, 0, len(pg.Items)), NextPageToken: pg.Next}
	for _, v := range pg.Items {
		out.Visitas = append(out.Visitas, VisitaProto(v))
	}
	return out, nil
}

func (s *Visitas) ObterVisita(ctx context.Context, r *fieldv1.ObterVisitaRequest) (*fieldv1.Visita, error) {
	return entity.Obter(ctx, s.portas(), r)
}

func (s *Visitas) AlteracoesVisitas(ctx context.Context, r *fieldv1.AlteracoesVisitasRequest) (*fieldv1.AlteracoesVisitasResponse, error) {
	return entity.Alteracoes[*fieldv1.AlteracoesVisitasResponse](ctx, s.portas(), r)
}

func (s *Visitas) AceitarCoordenadas(ctx context.Context, r *fieldv1.AceitarCoordenadasRequest) (*fieldv1.Visita, error) {
	return um(s.App.AceitarCoordenadas(ctx, r.GetId()))
}

func (s *Visitas) DescartarCoordenadas(ctx context.Context, r *fieldv1.DescartarCoordenadasRequest) (*fieldv1.Visita, error) {
	return um(s.App.DescartarCoordenadas(ctx, r.GetId()))
}
