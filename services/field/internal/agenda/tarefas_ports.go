package agenda

import (
	"context"

	fieldv1 "github.com/crmvendas/crm/proto/gen/go/crm/field/v1"
	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/entity"
)

// TarefasServer implements fieldv1.TarefasServiceServer on the entity kit.
type TarefasServer struct {
	fieldv1.UnimplementedTarefasServiceServer
	App *Service
}

// PoliticasTarefas: every operator of a company reads and writes tasks in their role scope (a
// VENDEDOR their own, a SUPERVISOR the team's, an ADMIN the company's; the store's owner scope
// and podeAtribuir decide).
var PoliticasTarefas = entity.Politicas(&fieldv1.TarefasService_ServiceDesc, "Tarefa", "Tarefas",
	entity.Politica{Ler: auth.Policy{}, Escrever: auth.Policy{}})

var mapaTarefa = entity.NovoMapa[Tarefa]()

func (s *TarefasServer) tarefas() *entity.Portas[Tarefa, *Tarefa, *fieldv1.Tarefa] {
	return entity.Expor[*fieldv1.Tarefa](s.App.TarefasEntidade(), mapaTarefa)
}

func (s *TarefasServer) ListarTarefas(ctx context.Context, r *fieldv1.ListarTarefasRequest) (*fieldv1.ListarTarefasResponse, error) {
	pg, err := s.App.ListarTarefas(ctx, FiltroTarefas{Status: r.GetStatus(), ClienteID: r.GetClienteId(), ResponsavelID: r.GetResponsavelId(),
		De: r.GetDe(), Ate: r.GetAte(), PageSize: r.GetPageSize(), PageToken: r.GetPageToken()})
	if err != nil {
		return nil, err
	}
	out := &fieldv1.ListarTarefasResponse{NextPageToken: pg.Next}
	for _, t := range pg.Items {
		out.Tarefas = append(out.Tarefas, entity.ParaProto[*fieldv1.Tarefa](mapaTarefa, t))
	}
	return out, nil
}

func (s *TarefasServer) ObterTarefa(ctx context.Context, r *fieldv1.ObterTarefaRequest) (*fieldv1.Tarefa, error) {
	return entity.Obter(ctx, s.tarefas(), r)
}

func (s *TarefasServer) AlteracoesTarefas(ctx context.Context, r *fieldv1.AlteracoesTarefasRequest) (*fieldv1.AlteracoesTarefasResponse, error) {
	return entity.Alteracoes[*fieldv1.AlteracoesTarefasResponse](ctx, s.tarefas(), r)
}

func (s *TarefasServer) CriarTarefa(ctx context.Context, r *fieldv1.CriarTarefaRequest) (*fieldv1.Tarefa, error) {
	t, err := mapaTarefa.Novo(r)
	if err != nil {
		return nil, err
	}
	t, err = s.App.CriarTarefa(ctx, t)
	if err != nil {
		return nil, err
	}
	return entity.ParaProto[*fieldv1.Tarefa](mapaTarefa, t), nil
}

func (s *TarefasServer) AtualizarTarefa(ctx context.Context, r *fieldv1.AtualizarTarefaRequest) (*fieldv1.Tarefa, error) {
	patch, err := mapaTarefa.Patch(r)
	if err != nil {
		return nil, err
	}
	t, err := s.App.AtualizarTarefa(ctx, r.GetId(), r.GetVersao(), patch)
	if err != nil {
		return nil, err
	}
	return entity.ParaProto[*fieldv1.Tarefa](mapaTarefa, t), nil
}

func (s *TarefasServer) ExcluirTarefa(ctx context.Context, r *fieldv1.ExcluirTarefaRequest) (*fieldv1.Tarefa, error) {
	return entity.Excluir(ctx, s.tarefas(), r)
}
