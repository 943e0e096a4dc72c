package agenda

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/errs"
)

func dia(s string) time.Time {
	d, ok := ParseData(s)
	if !ok {
		panic(s)
	}
	return d
}

// feriados2026 are a company's days off around 2026 (national holidays, Carnaval and a
// company one), as the sales service's calendar lists them.
var feriados2026 = map[time.Time]bool{
	dia("2025-12-25"): true, dia("2026-01-01"): true, dia("2026-02-16"): true, dia("2026-02-17"): true,
	dia("2026-04-03"): true, dia("2026-04-21"): true, dia("2026-05-01"): true, dia("2026-06-04"): true,
	dia("2026-03-09"): true, // the company's inventory day (a Monday)
}

func util2026(d time.Time) bool { return diaISO(d) <= 5 && !feriados2026[d] }

// TestPlanejar: the visits each frequency plans, across months, years and holidays (a visit on a
// day off moves to the next working day; a customer once a day).
func TestPlanejar(t *testing.T) {
	casos := []struct {
		nome       string
		frequencia string
		dias       []int32
		inicio     string
		de, ate    string
		want       string
	}{
		{"semanal às segundas, Carnaval empurra para quarta", Semanal, []int32{1}, "2026-01-05", "2026-01-01", "2026-02-28",
			"2026-01-05 2026-01-12 2026-01-19 2026-01-26 2026-02-02 2026-02-09 2026-02-18 2026-02-23"},
		{"segunda e terça no Carnaval: uma visita só na quarta", Semanal, []int32{1, 2}, "2026-02-09", "2026-02-09", "2026-02-20",
			"2026-02-09 2026-02-10 2026-02-18"},
		{"período que começa depois do feriado recebe a visita adiada", Semanal, []int32{1}, "2026-01-05", "2026-02-18", "2026-02-28",
			"2026-02-18 2026-02-23"},
		{"quinzenal às terças, contando da semana do início (uma quinta): Carnaval", Quinzenal, []int32{2}, "2026-01-08", "2026-01-01", "2026-03-10",
			"2026-01-20 2026-02-03 2026-02-18 2026-03-03"},
		{"quinzenal atravessa o ano", Quinzenal, []int32{1}, "2025-12-22", "2025-12-15", "2026-01-31",
			"2025-12-22 2026-01-05 2026-01-19"},
		{"mensal na primeira quinta: 1º de janeiro é feriado", Mensal, []int32{4}, "2026-01-01", "2026-01-01", "2026-04-30",
			"2026-01-02 2026-02-05 2026-03-05 2026-04-02"},
		{"mensal na primeira sexta: Sexta-feira Santa vai para segunda", Mensal, []int32{5}, "2026-03-01", "2026-03-01", "2026-05-31",
			"2026-03-06 2026-04-06 2026-05-04"},
		{"folga da empresa numa segunda", Semanal, []int32{1}, "2026-03-01", "2026-03-01", "2026-03-15",
			"2026-03-02 2026-03-10"},
		{"Tiradentes numa terça e Corpus Christi numa quinta", Semanal, []int32{2, 4}, "2026-04-20", "2026-04-20", "2026-04-24",
			"2026-04-22 2026-04-23"},
		{"início no meio do período", Semanal, []int32{3}, "2026-01-15", "2026-01-01", "2026-01-31",
			"2026-01-21 2026-01-28"},
		{"início depois do período", Semanal, []int32{3}, "2026-03-01", "2026-01-01", "2026-01-31", ""},
	}
	for _, c := range casos {
		t.Run(c.nome, func(t *testing.T) {
			f := &Frequencia{ClienteID: "c", VendedorID: "v", Frequencia: c.frequencia, DiasSemana: c.dias, Inicio: c.inicio}
			if err := f.Normalizar(); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range Planejar([]*Frequencia{f}, dia(c.de), dia(c.ate), util2026) {
				if p.ClienteID != "c" || p.VendedorID != "v" || p.Tipo != TipoFrequencia {
					t.Errorf("planejamento: %+v", p)
				}
				got = append(got, FormatarData(p.Data))
			}
			if strings.Join(got, " ") != c.want {
				t.Errorf("got  %s\nwant %s", strings.Join(got, " "), c.want)
			}
		})
	}
}

// TestPlanejarMesmoDiaEmQualquerPeriodo: a visit's day does not depend on the period asked (a
// month view and a week view agree).
func TestPlanejarMesmoDiaEmQualquerPeriodo(t *testing.T) {
	f := &Frequencia{ClienteID: "c", Frequencia: Semanal, DiasSemana: []int32{1, 2, 5}, Inicio: "2026-01-01"}
	mes := map[string]bool{}
	for _, p := range Planejar([]*Frequencia{f}, dia("2026-02-01"), dia("2026-04-30"), util2026) {
		mes[FormatarData(p.Data)] = true
	}
	semanas := map[string]bool{}
	for d := dia("2026-02-01"); d.Before(dia("2026-05-01")); d = d.AddDate(0, 0, 7) {
		fim := d.AddDate(0, 0, 6)
		if fim.After(dia("2026-04-30")) {
			fim = dia("2026-04-30")
		}
		for _, p := range Planejar([]*Frequencia{f}, d, fim, util2026) {
			semanas[FormatarData(p.Data)] = true
		}
	}
	if len(mes) == 0 || len(mes) != len(semanas) {
		t.Fatalf("mês %d dias, semanas %d", len(mes), len(semanas))
	}
	for d := range mes {
		if !semanas[d] {
			t.Errorf("%s no mês e não na semana", d)
		}
	}
}

func TestFrequenciaNormalizar(t *testing.T) {
	f := &Frequencia{ClienteID: " c ", Frequencia: " Semanal ", DiasSemana: []int32{3, 1, 3}, Inicio: "2026-01-05"}
	if err := f.Normalizar(); err != nil || f.Frequencia != Semanal || !slices.Equal(f.DiasSemana, []int32{1, 3}) || f.ClienteID != "c" {
		t.Errorf("normalizada: %+v %v", f, err)
	}
	for _, ruim := range []Frequencia{
		{ClienteID: "c", Frequencia: "diaria", DiasSemana: []int32{1}, Inicio: "2026-01-05"},
		{ClienteID: "c", Frequencia: Semanal, DiasSemana: []int32{6}, Inicio: "2026-01-05"},
		{ClienteID: "c", Frequencia: Semanal, DiasSemana: nil, Inicio: "2026-01-05"},
		{ClienteID: "c", Frequencia: Semanal, DiasSemana: []int32{1}, Inicio: "05/01/2026"},
		{Frequencia: Semanal, DiasSemana: []int32{1}, Inicio: "2026-01-05"},
	} {
		if err := ruim.Normalizar(); err == nil {
			t.Errorf("aceitou %+v", ruim)
		}
	}
}

// TestMontar: each planned visit's state against the visits done and today; the unplanned visits;
// the tasks (done, overdue, cancelled).
func TestMontar(t *testing.T) {
	hoje := dia("2026-03-11")
	agora := time.Date(2026, 3, 11, 15, 0, 0, 0, time.UTC) // 12:00 in São Paulo
	planos := []Planejamento{
		{Data: dia("2026-03-09"), ClienteID: "a", Tipo: TipoFrequencia}, // visited that day
		{Data: dia("2026-03-10"), ClienteID: "b", Tipo: TipoFrequencia}, // missed
		{Data: dia("2026-03-11"), ClienteID: "c", Tipo: TipoFrequencia}, // today, not yet
		{Data: dia("2026-03-11"), ClienteID: "c", Tipo: TipoAvulsa},     // the same day again: once
		{Data: dia("2026-03-12"), ClienteID: "d", Tipo: TipoAvulsa},
	}
	perto, longe := 35.0, 1240.0
	visitas := []Visita{
		// 2026-03-09 23:30 in São Paulo (02:30 UTC on the 10th): the 9th's visit.
		{ID: "va", ClienteID: "a", Inicio: time.Date(2026, 3, 10, 2, 30, 0, 0, time.UTC), Veredito: "verificado", Distancia: &perto},
		{ID: "vb", ClienteID: "b", Inicio: time.Date(2026, 3, 11, 13, 0, 0, 0, time.UTC), Veredito: "fora_do_raio", Distancia: &longe}, // a day late: unplanned
		{ID: "vx", ClienteID: "x", Inicio: time.Date(2026, 4, 1, 13, 0, 0, 0, time.UTC)},                                               // outside the period
	}
	tarefas := []*Tarefa{
		{Titulo: "feita", Status: StatusConcluida, VenceEm: time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)},
		{Titulo: "atrasada", Status: StatusAberta, VenceEm: time.Date(2026, 3, 11, 14, 0, 0, 0, time.UTC)},
		{Titulo: "adiante", Status: StatusAndamento, VenceEm: time.Date(2026, 3, 11, 16, 0, 0, 0, time.UTC)},
		{Titulo: "cancelada", Status: StatusCancelada, VenceEm: time.Date(2026, 3, 11, 16, 0, 0, 0, time.UTC)},
	}
	for i, tr := range tarefas {
		tr.ID = "t" + string(rune('1'+i))
	}
	var got []string
	for _, it := range Montar(planos, visitas, tarefas, dia("2026-03-09"), dia("2026-03-13"), hoje, agora) {
		linha := FormatarData(it.Data) + " " + it.Tipo + " " + it.ClienteID + it.TarefaID + " " + it.Situacao + " " + it.VisitaID
		if it.VisitaID != "" { // the check-in a supervisor reads: its verdict and distance
			linha += fmt.Sprintf(" %s %.0f m", it.Veredito, *it.Distancia)
		}
		got = append(got, linha)
	}
	want := []string{
		"2026-03-09 frequencia a realizada va verificado 35 m",
		"2026-03-10 frequencia b perdida ",
		"2026-03-10 tarefa t1 realizada ",
		"2026-03-11 frequencia c planejada ",
		"2026-03-11 tarefa t2 perdida ",
		"2026-03-11 tarefa t3 planejada ",
		"2026-03-11 visita b nao_planejada vb fora_do_raio 1240 m",
		"2026-03-12 avulsa d planejada ",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestTarefaNormalizar(t *testing.T) {
	tr := &Tarefa{Titulo: " Ligar ", VenceEm: time.Date(2026, 3, 11, 15, 0, 0, 5, time.FixedZone("x", -3*3600)), ResponsavelID: "v", Prioridade: "ALTA"}
	if err := tr.Normalizar(); err != nil || tr.Titulo != "Ligar" || tr.Status != StatusAberta || tr.Prioridade != PrioridadeAlta || tr.VenceEm.Location() != time.UTC {
		t.Errorf("normalizada: %+v %v", tr, err)
	}
	for campo, ruim := range map[string]Tarefa{
		"titulo":                 {VenceEm: agoraFixo, ResponsavelID: "v"},
		"vence_em":               {Titulo: "x", ResponsavelID: "v"},
		"prioridade":             {Titulo: "x", VenceEm: agoraFixo, ResponsavelID: "v", Prioridade: "urgente"},
		"status":                 {Titulo: "x", VenceEm: agoraFixo, ResponsavelID: "v", Status: "feita"},
		"responsavel_id":         {Titulo: "x", VenceEm: agoraFixo},
		"lembrete_minutos_antes": {Titulo: "x", VenceEm: agoraFixo, ResponsavelID: "v", LembreteMinutosAntes: -1},
		"descricao":              {Titulo: "x", VenceEm: agoraFixo, ResponsavelID: "v", Descricao: strings.Repeat("a", 2001)},
	} {
		err := ruim.Normalizar()
		if err == nil || !strings.Contains(err.Error(), " ") {
			t.Errorf("%s: aceitou %+v", campo, ruim)
			continue
		}
		if f := campos(err); !slices.Contains(f, campo) {
			t.Errorf("%s: erro em %v", campo, f)
		}
	}
}

var agoraFixo = time.Date(2026, 3, 11, 15, 0, 0, 0, time.UTC)

func campos(err error) []string {
	var out []string
	if v, ok := err.(*errs.Error); ok {
		for _, f := range v.Fields {
			out = append(out, f.Field)
		}
	}
	return out
}

// BenchmarkPlanejarMes: a month view (six weeks) of a seller with 400 customers with frequencies.
func BenchmarkPlanejarMes(b *testing.B) {
	fs := make([]*Frequencia, 400)
	freq := []string{Semanal, Quinzenal, Mensal}
	for i := range fs {
		fs[i] = &Frequencia{ClienteID: fmt.Sprint("c", i), Frequencia: freq[i%3], DiasSemana: []int32{int32(i%5 + 1)}, Inicio: "2026-01-05"}
	}
	for b.Loop() {
		Planejar(fs, dia("2026-02-23"), dia("2026-04-05"), util2026)
	}
}
