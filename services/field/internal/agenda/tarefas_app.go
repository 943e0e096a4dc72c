package agenda

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// Service is the tasks' and the agenda's use cases.
type Service struct {
	Tarefas     *store.Collection[Tarefa]
	Frequencias *store.Collection[Frequencia]
	Planejadas  *store.Collection[VisitaPlanejada]
	Visitas     Visitas
	Clientes    Clientes
	Calendario  Calendario
	Pedidos     Pedidos
	Operadores  Operadores
	// Agora is the clock (time.Now by default).
	Agora func() time.Time
}

// NovoServico declares the agenda's collections on st; the visits done are read through vis.
func NovoServico(ctx context.Context, st *store.Store, vis Visitas, clientes Clientes, cal Calendario, pedidos Pedidos, ops Operadores) (*Service, error) {
	tarefas, err := store.Declare(ctx, st, SpecTarefas)
	if err != nil {
		return nil, err
	}
	freq, err := store.Declare(ctx, st, SpecFrequencias)
	if err != nil {
		return nil, err
	}
	plan, err := store.Declare(ctx, st, SpecPlanejadas)
	if err != nil {
		return nil, err
	}
	return &Service{Tarefas: tarefas, Frequencias: freq, Planejadas: plan, Visitas: vis, Clientes: clientes, Calendario: cal,
		Pedidos: pedidos, Operadores: ops, Agora: time.Now}, nil
}

// Messages of the tasks' use cases.
const (
	MsgResponsavelForaDaEquipe = "Acesso negado: atribua a tarefa a você mesmo ou, sendo supervisor, a um vendedor da sua equipe."
	MsgVendedorForaDaEquipe    = "Acesso negado: este vendedor é de fora da sua equipe."
)

// TarefasEntidade is the tasks' stored use cases (the entity kit) in the caller's role scope.
func (s *Service) TarefasEntidade() *entity.Entidade[Tarefa, *Tarefa] {
	e := entity.Nova(s.Tarefas, MsgTarefaSemID)
	e.Escopo = func(ctx context.Context) store.Scope { return store.ScopeOf(caller.From(ctx)) }
	return e
}

// podeAtribuir checks a task's assignee: the caller; a member of a SUPERVISOR's team; any active
// operator of the company for an ADMIN.
func (s *Service) podeAtribuir(ctx context.Context, responsavel string) error {
	c := caller.From(ctx)
	if c == nil {
		return errs.Unauthenticated("Faça login para continuar.")
	}
	if responsavel == c.Operador {
		return nil
	}
	if !c.Sees(responsavel) {
		return errs.OutOfScope(MsgResponsavelForaDaEquipe)
	}
	return s.Operadores.Ativo(ctx, responsavel, "responsavel_id")
}

// clienteNoEscopo checks that the task's customer is one the caller sees (the customer
// service's answer: 403 for another company's or another portfolio's, 404 for none).
func (s *Service) clienteNoEscopo(ctx context.Context, id string) error {
	if id == "" {
		return nil
	}
	_, err := s.Clientes.Obter(ctx, id)
	return err
}

// CriarTarefa stores a new task (its client id; a replay returns the first answer), assigned to
// the caller unless another assignee is given.
func (s *Service) CriarTarefa(ctx context.Context, t *Tarefa) (*Tarefa, error) {
	if strings.TrimSpace(t.ResponsavelID) == "" {
		if c := caller.From(ctx); c != nil {
			t.ResponsavelID = c.Operador
		}
	}
	if err := t.Normalizar(); err != nil {
		return nil, err
	}
	if err := s.podeAtribuir(ctx, t.ResponsavelID); err != nil {
		return nil, err
	}
	if err := s.clienteNoEscopo(ctx, t.ClienteID); err != nil {
		return nil, err
	}
	return s.TarefasEntidade().Criar(ctx, t)
}

// AtualizarTarefa applies a patch to a task in scope; a new assignee or customer is checked as
// on create.
func (s *Service) AtualizarTarefa(ctx context.Context, id string, versao int64, patch func(*Tarefa)) (*Tarefa, error) {
	atual, err := s.TarefasEntidade().Obter(ctx, id)
	if err != nil {
		return nil, err
	}
	novo := *atual
	patch(&novo)
	if err := novo.Normalizar(); err != nil {
		return nil, err
	}
	if novo.ResponsavelID != atual.ResponsavelID {
		if err := s.podeAtribuir(ctx, novo.ResponsavelID); err != nil {
			return nil, err
		}
	}
	if novo.ClienteID != atual.ClienteID {
		if err := s.clienteNoEscopo(ctx, novo.ClienteID); err != nil {
			return nil, err
		}
	}
	return s.TarefasEntidade().Atualizar(ctx, id, versao, patch)
}

// FiltroTarefas is a tasks list's filters.
type FiltroTarefas struct {
	Status, ClienteID, ResponsavelID, De, Ate string
	PageSize                                  int32
	PageToken                                 string
}

// ListarTarefas is one page of the tasks in scope matching f, by due time.
func (s *Service) ListarTarefas(ctx context.Context, f FiltroTarefas) (*store.Page[Tarefa], error) {
	q := store.Query{PageSize: f.PageSize, PageToken: f.PageToken}
	if st := strings.ToLower(strings.TrimSpace(f.Status)); st != "" {
		if !slices.Contains(StatusTarefa, st) {
			return nil, errs.Field("status", MsgStatus)
		}
		q.Where = append(q.Where, store.Eq("status", st))
	}
	if cl := strings.TrimSpace(f.ClienteID); cl != "" {
		q.Where = append(q.Where, store.Eq("cliente_id", cl))
	}
	if r := strings.TrimSpace(f.ResponsavelID); r != "" {
		if !caller.From(ctx).Sees(r) {
			return nil, errs.OutOfScope(MsgVendedorForaDaEquipe)
		}
		q.Where = append(q.Where, store.Eq("responsavel_id", r))
	}
	de, ate, err := periodo(f.De, f.Ate, 0)
	if err != nil {
		return nil, err
	}
	if !de.IsZero() {
		q.Where = append(q.Where, store.Gte("vence_em", inicioDoDia(de)))
	}
	if !ate.IsZero() {
		q.Where = append(q.Where, store.Lt("vence_em", inicioDoDia(ate.AddDate(0, 0, 1))))
	}
	return s.TarefasEntidade().Listar(ctx, q)
}

// inicioDoDia is the instant day d starts in America/Sao_Paulo.
func inicioDoDia(d time.Time) time.Time {
	return time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, saoPaulo)
}

// Messages of a period.
const (
	MsgPeriodo     = "Período inválido: a data final (ate) vem antes da inicial (de)."
	MsgPeriodoLong = "Período longo demais: a agenda mostra até 62 dias de uma vez."
)

// periodo reads the days de and ate (either may be empty unless max > 0, when both are
// required and at most max days apart).
func periodo(deS, ateS string, max int) (de, ate time.Time, err error) {
	var v errs.Violacoes
	deS, ateS = strings.TrimSpace(deS), strings.TrimSpace(ateS)
	if deS != "" || max > 0 {
		var ok bool
		if de, ok = ParseData(deS); !ok {
			v.Add("de", MsgData)
		}
	}
	if ateS != "" || max > 0 {
		var ok bool
		if ate, ok = ParseData(ateS); !ok {
			v.Add("ate", MsgData)
		}
	}
	if len(v) > 0 {
		return de, ate, v.Err()
	}
	if !de.IsZero() && !ate.IsZero() && ate.Before(de) {
		return de, ate, errs.Field("ate", MsgPeriodo)
	}
	if max > 0 && ate.Sub(de) > time.Duration(max-1)*24*time.Hour {
		return de, ate, errs.Field("ate", MsgPeriodoLong)
	}
	return de, ate, nil
}
