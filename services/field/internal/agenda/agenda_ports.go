package agenda

import (
	"context"

	"google.golang.org/protobuf/types/known/timestamppb"

	fieldv1 "github.com/crmvendas/crm/proto/gen/go/crm/field/v1"
	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/platform/server"
)

// AgendaServer implements fieldv1.AgendaServiceServer.
type AgendaServer struct {
	fieldv1.UnimplementedAgendaServiceServer
	App *Service
}

// PoliticasAgenda: every operator of a company, in their role scope (checked by the use cases
// and the store's owner scope).
var PoliticasAgenda = auth.Policies{
	fieldv1.AgendaService_ListarFrequencias_FullMethodName: {},
	fieldv1.AgendaService_DefinirFrequencia_FullMethodName: {},
	fieldv1.AgendaService_ExcluirFrequencia_FullMethodName: {},
	fieldv1.AgendaService_ObterAgenda_FullMethodName:       {},
	fieldv1.AgendaService_ObterRota_FullMethodName:         {},
	fieldv1.AgendaService_ListarSemVisita_FullMethodName:   {},
	fieldv1.AgendaService_PlanejarVisitas_FullMethodName:   {},
}

// Policies are the tasks' and the agenda's policies.
var Policies = entity.Juntar(PoliticasTarefas, PoliticasAgenda)

var mapaFrequencia = entity.NovoMapa[Frequencia]()

func frequenciaProto(f *Frequencia) *fieldv1.FrequenciaVisita {
	return entity.ParaProto[*fieldv1.FrequenciaVisita](mapaFrequencia, f)
}

func itemProto(it Item) *fieldv1.ItemAgenda {
	out := &fieldv1.ItemAgenda{Data: FormatarData(it.Data), Tipo: it.Tipo, ClienteId: it.ClienteID, TarefaId: it.TarefaID,
		VisitaId: it.VisitaID, Situacao: it.Situacao, VendedorId: it.VendedorID, Titulo: it.Titulo,
		Veredito: it.Veredito, DistanciaMetros: it.Distancia, Resultado: it.Resultado}
	if !it.Inicio.IsZero() {
		out.Inicio = timestamppb.New(it.Inicio)
	}
	return out
}

func itensProto(its []Item) []*fieldv1.ItemAgenda {
	out := make([]*fieldv1.ItemAgenda, len(its))
	for i, it := range its {
		out[i] = itemProto(it)
	}
	return out
}

func (s *AgendaServer) ListarFrequencias(ctx context.Context, r *fieldv1.ListarFrequenciasRequest) (*fieldv1.ListarFrequenciasResponse, error) {
	pg, err := s.App.ListarFrequencias(ctx, r.GetVendedorId(), r.GetClienteId(), r.GetPageSize(), r.GetPageToken())
	if err != nil {
		return nil, err
	}
	out := &fieldv1.ListarFrequenciasResponse{NextPageToken: pg.Next}
	for _, f := range pg.Items {
		out.Frequencias = append(out.Frequencias, frequenciaProto(f))
	}
	return out, nil
}

func (s *AgendaServer) DefinirFrequencia(ctx context.Context, r *fieldv1.DefinirFrequenciaRequest) (*fieldv1.FrequenciaVisita, error) {
	f, err := s.App.DefinirFrequencia(ctx, &Frequencia{ClienteID: r.GetClienteId(), Frequencia: r.GetFrequencia(), DiasSemana: r.GetDiasSemana(), Inicio: r.GetInicio()})
	if err != nil {
		return nil, err
	}
	return frequenciaProto(f), nil
}

func (s *AgendaServer) ExcluirFrequencia(ctx context.Context, r *fieldv1.ExcluirFrequenciaRequest) (*fieldv1.FrequenciaVisita, error) {
	f, err := s.App.ExcluirFrequencia(ctx, r.GetClienteId())
	if err != nil {
		return nil, err
	}
	return frequenciaProto(f), nil
}

func (s *AgendaServer) ObterAgenda(ctx context.Context, r *fieldv1.ObterAgendaRequest) (*fieldv1.Agenda, error) {
	its, err := s.App.ObterAgenda(ctx, r.GetDe(), r.GetAte(), r.GetVendedorId())
	if err != nil {
		return nil, err
	}
	return &fieldv1.Agenda{Itens: itensProto(its)}, nil
}

func (s *AgendaServer) ObterRota(ctx context.Context, r *fieldv1.ObterRotaRequest) (*fieldv1.Rota, error) {
	rota, err := s.App.ObterRota(ctx, r.GetData(), Ponto{r.GetLatitude(), r.GetLongitude()}, r.GetVendedorId())
	if err != nil {
		return nil, err
	}
	out := &fieldv1.Rota{Data: rota.Data, DistanciaTotalMetros: rota.Total, SemCoordenadas: rota.SemCoordenadas}
	for i, p := range rota.Paradas {
		out.Paradas = append(out.Paradas, &fieldv1.ParadaRota{Ordem: int32(i + 1), ClienteId: p.ID, Nome: p.Nome, Endereco: p.Endereco,
			Latitude: p.Posicao.Latitude, Longitude: p.Posicao.Longitude, DistanciaMetros: p.Distancia, LinkMapa: LinkMapa(p.Endereco)})
	}
	return out, nil
}

func (s *AgendaServer) ListarSemVisita(ctx context.Context, r *fieldv1.ListarSemVisitaRequest) (*fieldv1.ListarSemVisitaResponse, error) {
	cs, err := s.App.ListarSemVisita(ctx, r.GetDias(), r.GetVendedorId())
	if err != nil {
		return nil, err
	}
	out := &fieldv1.ListarSemVisitaResponse{}
	for _, c := range cs {
		out.Clientes = append(out.Clientes, &fieldv1.ClienteSemVisita{ClienteId: c.ID, Nome: c.Nome, UltimaVisita: c.UltimaVisita, UltimoPedido: c.UltimoPedido})
	}
	return out, nil
}

func (s *AgendaServer) PlanejarVisitas(ctx context.Context, r *fieldv1.PlanejarVisitasRequest) (*fieldv1.PlanejarVisitasResponse, error) {
	n, its, err := s.App.PlanejarVisitas(ctx, r.GetData(), r.GetClienteIds())
	if err != nil {
		return nil, err
	}
	return &fieldv1.PlanejarVisitasResponse{Criadas: int32(n), Itens: itensProto(its)}, nil
}

// Servicos are the tasks' and the agenda's gRPC services with their REST gateways.
func Servicos(app *Service) []server.Service {
	return []server.Service{
		server.Servico(&fieldv1.TarefasService_ServiceDesc, &TarefasServer{App: app}, fieldv1.RegisterTarefasServiceHandlerClient, fieldv1.NewTarefasServiceClient),
		server.Servico(&fieldv1.AgendaService_ServiceDesc, &AgendaServer{App: app}, fieldv1.RegisterAgendaServiceHandlerClient, fieldv1.NewAgendaServiceClient),
	}
}
