package agenda

import (
	"cmp"
	"slices"
	"time"
)

// The kinds and states of an agenda item.
const (
	TipoFrequencia = "frequencia"
	TipoAvulsa     = "avulsa"
	TipoVisita     = "visita"
	TipoTarefa     = "tarefa"

	Planejada    = "planejada"
	Realizada    = "realizada"
	Perdida      = "perdida"
	NaoPlanejada = "nao_planejada"
)

// MaxDiasAgenda bounds an agenda's period (a month view shows six weeks).
const MaxDiasAgenda = 62

// adiamentoMax is how far a visit planned on a day off may move to the next working day: it
// bounds how far before a period its visits are generated.
const adiamentoMax = 14

// DiasUteis says whether a day is a working day of the company.
type DiasUteis func(time.Time) bool

// Planejamento is a visit planned for a customer on a day.
type Planejamento struct {
	Data       time.Time
	ClienteID  string
	VendedorID string
	Tipo       string
}

// Visita is a visit done, as the agenda needs it.
type Visita struct {
	ID         string
	ClienteID  string
	VendedorID string
	// Inicio is the check-in's time (its day in America/Sao_Paulo is the visit's day).
	Inicio time.Time
	// The check-in's verdict and distance to the customer (metres; nil: no position or no
	// coordinates), the check-out's result (empty while the visit is open).
	Veredito  string
	Distancia *float64
	Resultado string
}

// Item is an agenda line.
type Item struct {
	Data       time.Time
	Tipo       string
	ClienteID  string
	VendedorID string
	TarefaID   string
	VisitaID   string
	Titulo     string
	Situacao   string
	// The visit done (VisitaID set): its check-in's verdict, distance, time and check-out result.
	Veredito  string
	Distancia *float64
	Inicio    time.Time
	Resultado string
}

// comVisita is it with the visit v's check-in and check-out.
func (it Item) comVisita(v Visita) Item {
	it.VisitaID, it.Veredito, it.Distancia, it.Inicio, it.Resultado = v.ID, v.Veredito, v.Distancia, v.Inicio, v.Resultado
	return it
}

// Planejar is the visits the frequencies plan from de to ate (days, inclusive): each day of a
// frequency (NaFrequencia) that is not a working day moves to the next working day, up to
// adiamentoMax days later; a customer is planned once a day.
func Planejar(fs []*Frequencia, de, ate time.Time, util DiasUteis) []Planejamento {
	var out []Planejamento
	// A customer once a day: keyed by the customer and the day's offset (no key to format).
	type chave struct {
		cliente string
		dia     int
	}
	visto := map[chave]bool{}
	// The next working day on or after each day from de-adiamentoMax on (by its offset from
	// inicio; -1: none within adiamentoMax days), computed once.
	inicio := de.AddDate(0, 0, -adiamentoMax)
	n := int(ate.Sub(inicio).Hours()/24) + 1
	proximo := make([]int, n)
	prox := -1
	for i := n + adiamentoMax - 1; i >= 0; i-- {
		if util(inicio.AddDate(0, 0, i)) {
			prox = i
		}
		if i < n {
			proximo[i] = -1
			if prox >= 0 && prox-i <= adiamentoMax {
				proximo[i] = prox
			}
		}
	}
	primeiroDia, ultimoDia := int(de.Sub(inicio).Hours()/24), n-1
	for _, f := range fs {
		primeiro, ok := ParseData(f.Inicio)
		if !ok {
			continue
		}
		for _, ds := range f.DiasSemana {
			// Every such weekday of the period, a week apart.
			i := (int(ds) - int(diaISO(inicio)) + 7) % 7
			for ; i < n; i += 7 {
				d := inicio.AddDate(0, 0, i)
				if !naFrequencia(f, primeiro, d) {
					continue
				}
				j := proximo[i]
				if j < primeiroDia || j > ultimoDia {
					continue
				}
				k := chave{f.ClienteID, j}
				if visto[k] {
					continue
				}
				visto[k] = true
				out = append(out, Planejamento{Data: inicio.AddDate(0, 0, j), ClienteID: f.ClienteID, VendedorID: f.VendedorID, Tipo: TipoFrequencia})
			}
		}
	}
	slices.SortFunc(out, func(a, b Planejamento) int {
		return cmp.Or(a.Data.Compare(b.Data), cmp.Compare(a.ClienteID, b.ClienteID))
	})
	return out
}

// Montar is the agenda from de to ate: the planned visits (frequencies and one-off) realizada
// when the customer had a visit that day, perdida when the day has passed without one (hoje is
// today's day), planejada otherwise; the visits no plan expected (nao_planejada); and the tasks
// due in the period (concluida: realizada; open and overdue: perdida; cancelled ones are left
// out). agora is the current time (a task due earlier today is overdue). In order of day, kind
// and customer.
func Montar(planos []Planejamento, visitas []Visita, tarefas []*Tarefa, de, ate, hoje time.Time, agora time.Time) []Item {
	type chave struct {
		cliente string
		dia     time.Time
	}
	feitas := map[chave][]Visita{}
	for _, v := range visitas {
		dia := DiaEmSaoPaulo(v.Inicio)
		if dia.Before(de) || dia.After(ate) {
			continue
		}
		k := chave{v.ClienteID, dia}
		feitas[k] = append(feitas[k], v)
	}
	var out []Item
	usadas := map[chave]bool{}
	planejado := map[chave]bool{}
	for _, p := range planos {
		k := chave{p.ClienteID, p.Data}
		if planejado[k] { // a one-off visit on a day the frequency already plans
			continue
		}
		planejado[k] = true
		it := Item{Data: p.Data, Tipo: p.Tipo, ClienteID: p.ClienteID, VendedorID: p.VendedorID}
		switch vs := feitas[k]; {
		case len(vs) > 0:
			it.Situacao = Realizada
			it = it.comVisita(vs[0])
			usadas[k] = true
		case p.Data.Before(hoje):
			it.Situacao = Perdida
		default:
			it.Situacao = Planejada
		}
		out = append(out, it)
	}
	for k, vs := range feitas {
		for i, v := range vs {
			if i == 0 && usadas[k] {
				continue
			}
			out = append(out, Item{Data: k.dia, Tipo: TipoVisita, ClienteID: v.ClienteID, VendedorID: v.VendedorID, Situacao: NaoPlanejada}.comVisita(v))
		}
	}
	for _, t := range tarefas {
		dia := DiaEmSaoPaulo(t.VenceEm)
		if t.Excluido || t.Status == StatusCancelada || dia.Before(de) || dia.After(ate) {
			continue
		}
		it := Item{Data: dia, Tipo: TipoTarefa, ClienteID: t.ClienteID, VendedorID: t.ResponsavelID, TarefaID: t.ID, Titulo: t.Titulo}
		switch {
		case t.Status == StatusConcluida:
			it.Situacao = Realizada
		case t.VenceEm.Before(agora):
			it.Situacao = Perdida
		default:
			it.Situacao = Planejada
		}
		out = append(out, it)
	}
	slices.SortFunc(out, func(a, b Item) int {
		return cmp.Or(a.Data.Compare(b.Data), cmp.Compare(a.Tipo, b.Tipo), cmp.Compare(a.ClienteID, b.ClienteID),
			cmp.Compare(a.TarefaID, b.TarefaID), cmp.Compare(a.VisitaID, b.VisitaID))
	})
	return out
}
