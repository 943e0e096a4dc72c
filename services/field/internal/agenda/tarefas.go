// Package agenda is the field service's tasks (tarefas), each customer's visit frequency, the
// sellers' agenda and the day's route (issue 24): the domain rules (tarefas.go, frequencia.go,
// agenda_gerar.go, rota.go), the use cases over the store (tarefas_app.go, agenda_app.go) and
// their gRPC ports (tarefas_ports.go, agenda_ports.go). The visits themselves are another part
// of the service; the agenda reads them through Visitas.
package agenda

import (
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// Tarefa is a task assigned to an operator (responsavel_id, the record's owner for the role
// scope), optionally about a customer, due at a date and time.
type Tarefa struct {
	store.Meta           `bson:",inline"`
	Titulo               string    `bson:"titulo"`
	Descricao            string    `bson:"descricao"`
	ClienteID            string    `bson:"cliente_id"`
	VenceEm              time.Time `bson:"vence_em"`
	Prioridade           string    `bson:"prioridade"`
	Status               string    `bson:"status"`
	ResponsavelID        string    `bson:"responsavel_id"`
	LembreteMinutosAntes int32     `bson:"lembrete_minutos_antes"`
}

// A task's priorities and statuses.
const (
	PrioridadeBaixa = "baixa"
	PrioridadeMedia = "media"
	PrioridadeAlta  = "alta"

	StatusAberta      = "aberta"
	StatusAndamento   = "em_andamento"
	StatusConcluida   = "concluida"
	StatusCancelada   = "cancelada"
	MaxTituloTarefa   = 120
	MaxDescricao      = 2000
	MaxLembreteMinuto = 7 * 24 * 60
)

var (
	// Prioridades are a task's priorities.
	Prioridades = []string{PrioridadeBaixa, PrioridadeMedia, PrioridadeAlta}
	// StatusTarefa are a task's statuses.
	StatusTarefa = []string{StatusAberta, StatusAndamento, StatusConcluida, StatusCancelada}
)

// Messages of the tasks.
const (
	MsgTarefaNaoEncontrada = "Tarefa não encontrada."
	MsgTarefaForaDoEscopo  = "Acesso negado: esta tarefa é de outra empresa ou de um operador fora da sua equipe."
	MsgTarefaSemID         = "Informe o id da tarefa."
	MsgTitulo              = "Informe o título da tarefa (até 120 caracteres)."
	MsgDescricao           = "A descrição deve ter no máximo 2000 caracteres."
	MsgVenceEm             = "Informe a data e a hora de vencimento da tarefa."
	MsgPrioridade          = "Prioridade inválida: use baixa, media ou alta."
	MsgStatus              = "Status inválido: use aberta, em_andamento, concluida ou cancelada."
	MsgResponsavel         = "Informe o responsável pela tarefa."
	MsgLembrete            = "Lembrete inválido: de 0 (sem lembrete) a 10080 minutos (7 dias) antes do vencimento."
)

// StoreMeta is the record's bookkeeping (entity.Registro).
func (t *Tarefa) StoreMeta() *store.Meta { return &t.Meta }

// Normalizar trims the task, completes its defaults (media, aberta) and checks it.
func (t *Tarefa) Normalizar() error {
	var v errs.Violacoes
	for _, s := range []*string{&t.Titulo, &t.Descricao, &t.ClienteID, &t.ResponsavelID} {
		*s = strings.TrimSpace(*s)
	}
	t.Prioridade = strings.ToLower(strings.TrimSpace(t.Prioridade))
	t.Status = strings.ToLower(strings.TrimSpace(t.Status))
	if t.Prioridade == "" {
		t.Prioridade = PrioridadeMedia
	}
	if t.Status == "" {
		t.Status = StatusAberta
	}
	if t.Titulo == "" || utf8.RuneCountInString(t.Titulo) > MaxTituloTarefa {
		v.Add("titulo", MsgTitulo)
	}
	if utf8.RuneCountInString(t.Descricao) > MaxDescricao {
		v.Add("descricao", MsgDescricao)
	}
	// An absent google.protobuf.Timestamp reads as the Unix epoch.
	if t.VenceEm.IsZero() || t.VenceEm.Unix() == 0 {
		v.Add("vence_em", MsgVenceEm)
	}
	t.VenceEm = t.VenceEm.UTC().Truncate(time.Second)
	if !slices.Contains(Prioridades, t.Prioridade) {
		v.Add("prioridade", MsgPrioridade)
	}
	if !slices.Contains(StatusTarefa, t.Status) {
		v.Add("status", MsgStatus)
	}
	if t.ResponsavelID == "" {
		v.Add("responsavel_id", MsgResponsavel)
	}
	if t.LembreteMinutosAntes < 0 || t.LembreteMinutosAntes > MaxLembreteMinuto {
		v.Add("lembrete_minutos_antes", MsgLembrete)
	}
	return v.Err()
}

// Aberta reports whether the task is still to be done.
func (t *Tarefa) Aberta() bool { return t.Status == StatusAberta || t.Status == StatusAndamento }

// SpecTarefas declares the tasks' collection: owned by the assignee, by due time.
var SpecTarefas = store.Spec[Tarefa]{
	Name:       "tarefas",
	NotFound:   MsgTarefaNaoEncontrada,
	OutOfScope: MsgTarefaForaDoEscopo,
	Fields: []store.Field[Tarefa]{
		{Name: "responsavel_id", Value: func(t *Tarefa) any { return t.ResponsavelID }},
		{Name: "cliente_id", Value: func(t *Tarefa) any { return t.ClienteID }},
		{Name: "status", Value: func(t *Tarefa) any { return t.Status }},
		{Name: "vence_em", Value: func(t *Tarefa) any { return t.VenceEm }},
	},
	Owner:   "responsavel_id",
	Sort:    store.Sort{Fields: []string{"vence_em"}},
	Indexes: [][]string{{"cliente_id", "vence_em"}, {"status", "vence_em"}},
}
