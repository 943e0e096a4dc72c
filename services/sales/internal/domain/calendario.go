package domain

import (
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// The working-day calendar (calendário): Monday to Friday minus the days off, pure (no store, no
// clock). The days off of a year are:
//
//   - Brazil's national holidays by law (FeriadosNacionais; the law beside each);
//   - Carnaval Monday and Tuesday and Corpus Christi, "pontos facultativos" of the federal
//     calendar that commerce usually keeps as days off: off by default, each turned back into a
//     working day by the company's switches (ConfigCalendario);
//   - the company's own days off (state and city holidays, collective vacations: Folga).
//
// The movable days come from Easter (Pascoa, the anonymous Gregorian algorithm). A day off that
// falls on a Saturday or Sunday is listed but changes no count.

// Kinds of a day off (Feriado.Tipo).
const (
	TipoFeriadoNacional         = "nacional"
	TipoFeriadoPontoFacultativo = "ponto_facultativo"
	TipoFeriadoEmpresa          = "empresa"
)

// The years the calendar answers for (the laws below hold for them).
const (
	AnoCalendarioMin = 2000
	AnoCalendarioMax = 2100
)

// Messages of the calendar.
const (
	MsgAnoCalendario       = "Ano deve estar entre 2000 e 2100."
	MsgDataFolga           = "Data deve ser uma data AAAA-MM-DD entre 2000 e 2100."
	MsgNomeFolga           = "Informe o nome da folga (ex.: Aniversário da cidade)."
	MsgFolgaNaoEncontrada  = "Folga não encontrada."
	MsgConfigNaoEncontrada = "Configuração do calendário não encontrada."
	MsgPeriodoFolgas       = "Período inválido: a data final deve ser a inicial ou posterior, em no máximo 366 dias."
)

// MaxDiasFolgas bounds the period of a list of days off (a year, leap or not).
const MaxDiasFolgas = 366

// MaxNomeFolga bounds a day off's name.
const MaxNomeFolga = MaxTexto

// Feriado is a day off: its date, name and kind (TipoFeriado*).
type Feriado struct {
	Data Data
	Nome string
	Tipo string
}

// ConfigCalendario are the company's switches: each turns one of the days off by default back
// into a working day.
type ConfigCalendario struct {
	CarnavalUtil      bool `bson:"carnaval_util"`
	CorpusChristiUtil bool `bson:"corpus_christi_util"`
}

// ConfigCalendarioCadastro is the stored switches of a company (one per company, id
// ConfigCalendarioID(empresa)); none stored: the defaults (every switch off).
type ConfigCalendarioCadastro struct {
	store.Meta       `bson:",inline"`
	ConfigCalendario `bson:",inline"`
}

// ConfigCalendarioID is the stored id of a company's calendar switches.
func ConfigCalendarioID(empresa string) string { return "calendario-" + empresa }

// Folga is a company's own day off (stored, company-wide; id FolgaID(empresa, data)).
type Folga struct {
	store.Meta `bson:",inline"`
	Data       Data   `bson:"data"`
	Nome       string `bson:"nome"`
}

// FolgaID is the stored id of a company's day off on a date: one per date (adding it again
// renames it).
func FolgaID(empresa string, d Data) string { return "folga-" + empresa + "-" + string(d) }

// Normalizar trims a day off and checks it: an existing date from 2000 to 2100, a name.
func (f *Folga) Normalizar() error {
	var v errs.Violacoes
	f.Data = Data(strings.TrimSpace(string(f.Data)))
	if _, ok := DiaCalendario(f.Data); !ok {
		v.Add("data", MsgDataFolga)
	}
	f.Nome = strings.TrimSpace(f.Nome)
	switch {
	case f.Nome == "":
		v.Add("nome", MsgNomeFolga)
	case utf8.RuneCountInString(f.Nome) > MaxNomeFolga:
		v.Add("nome", fmt.Sprintf("O nome da folga deve ter no máximo %d caracteres.", MaxNomeFolga))
	}
	return v.Err()
}

// DiaCalendario reads an "AAAA-MM-DD" date within the calendar's years (ok false otherwise).
func DiaCalendario(d Data) (time.Time, bool) {
	t, err := time.Parse("2006-01-02", string(d))
	if err != nil || t.Year() < AnoCalendarioMin || t.Year() > AnoCalendarioMax {
		return time.Time{}, false
	}
	return t, true
}

// ValidarAnoCalendario refuses a year the calendar does not answer for.
func ValidarAnoCalendario(ano int) error {
	if ano < AnoCalendarioMin || ano > AnoCalendarioMax {
		return errs.Field("ano", MsgAnoCalendario)
	}
	return nil
}

// Pascoa is Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, also known as
// Meeus/Jones/Butcher), as a UTC date.
func Pascoa(ano int) time.Time {
	a := ano % 19
	b, c := ano/100, ano%100
	d, e := b/4, b%4
	f := (b + 8) / 25
	g := (b - f + 1) / 3
	h := (19*a + b - d - g + 15) % 30
	i, k := c/4, c%4
	l := (32 + 2*e + 2*i - h - k) % 7
	m := (a + 11*h + 22*l) / 451
	mes := (h + l - 7*m + 114) / 31
	dia := (h+l-7*m+114)%31 + 1
	return time.Date(ano, time.Month(mes), dia, 0, 0, 0, 0, time.UTC)
}

func dataDe(t time.Time) Data { return Data(t.Format("2006-01-02")) }

func fixo(ano int, mes time.Month, dia int) Data {
	return dataDe(time.Date(ano, mes, dia, 0, 0, 0, 0, time.UTC))
}

// FeriadosNacionais are the national holidays of a year, by date.
func FeriadosNacionais(ano int) []Feriado {
	pascoa := Pascoa(ano)
	n := func(d Data, nome string) Feriado { return Feriado{Data: d, Nome: nome, Tipo: TipoFeriadoNacional} }
	out := []Feriado{
		// Lei 662/1949, art. 1º, na redação da Lei 10.607/2002: 1º/1, 21/4, 1º/5, 7/9, 2/11, 15/11, 25/12.
		n(fixo(ano, time.January, 1), "Confraternização Universal"),
		n(fixo(ano, time.April, 21), "Tiradentes"),
		n(fixo(ano, time.May, 1), "Dia do Trabalho"),
		n(fixo(ano, time.September, 7), "Independência do Brasil"),
		n(fixo(ano, time.November, 2), "Finados"),
		n(fixo(ano, time.November, 15), "Proclamação da República"),
		n(fixo(ano, time.December, 25), "Natal"),
		// Lei 6.802/1980, art. 1º.
		n(fixo(ano, time.October, 12), "Nossa Senhora Aparecida"),
		// Sexta-feira da Paixão: Lei 9.093/1995, art. 2º (o feriado religioso que a lei nomeia),
		// listada como feriado nacional na portaria anual do governo federal; Páscoa − 2 dias.
		n(dataDe(pascoa.AddDate(0, 0, -2)), "Sexta-feira da Paixão"),
	}
	// Lei 14.759/2023 (de 21/12/2023), art. 1º: Dia Nacional de Zumbi e da Consciência Negra, a
	// partir de 2024.
	if ano >= 2024 {
		out = append(out, n(fixo(ano, time.November, 20), "Dia Nacional de Zumbi e da Consciência Negra"))
	}
	ordenarFeriados(out)
	return out
}

// PontosFacultativos are the days off by default that the company may turn back into working
// days, by date: Carnaval Monday and Tuesday (Easter − 48 and − 47 days) and Corpus Christi
// (Easter + 60), pontos facultativos of the federal calendar (the yearly portaria of the federal
// government), each left out when its switch is on.
func (c ConfigCalendario) PontosFacultativos(ano int) []Feriado {
	pascoa := Pascoa(ano)
	p := func(dias int, nome string) Feriado {
		return Feriado{Data: dataDe(pascoa.AddDate(0, 0, dias)), Nome: nome, Tipo: TipoFeriadoPontoFacultativo}
	}
	var out []Feriado
	if !c.CarnavalUtil {
		out = append(out, p(-48, "Carnaval (segunda-feira)"), p(-47, "Carnaval (terça-feira)"))
	}
	if !c.CorpusChristiUtil {
		out = append(out, p(60, "Corpus Christi"))
	}
	return out
}

// Calendario is a company's calendar: its switches and its own days off (of any years).
type Calendario struct {
	Config ConfigCalendario
	Folgas []Feriado
}

// Feriados are the company's days off of a year, by date (national holidays first on a shared
// date), those on a weekend included.
func (c Calendario) Feriados(ano int) []Feriado {
	out := append(FeriadosNacionais(ano), c.Config.PontosFacultativos(ano)...)
	prefixo := fmt.Sprintf("%04d-", ano)
	for _, f := range c.Folgas {
		if strings.HasPrefix(string(f.Data), prefixo) {
			f.Tipo = TipoFeriadoEmpresa
			out = append(out, f)
		}
	}
	ordenarFeriados(out)
	return out
}

// FeriadosDoPeriodo are the company's days off from de to ate ("AAAA-MM-DD", inclusive), by date
// (national holidays first on a shared date), those on a weekend included.
func (c Calendario) FeriadosDoPeriodo(de, ate Data) []Feriado {
	out := []Feriado{}
	t0, _ := DiaCalendario(de)
	t1, _ := DiaCalendario(ate)
	for ano := t0.Year(); ano <= t1.Year(); ano++ {
		for _, f := range c.Feriados(ano) {
			if f.Data >= de && f.Data <= ate {
				out = append(out, f)
			}
		}
	}
	return out
}

var ordemTipo = map[string]int{TipoFeriadoNacional: 0, TipoFeriadoPontoFacultativo: 1, TipoFeriadoEmpresa: 2}

func ordenarFeriados(fs []Feriado) {
	sort.SliceStable(fs, func(i, j int) bool {
		if fs[i].Data != fs[j].Data {
			return fs[i].Data < fs[j].Data
		}
		return ordemTipo[fs[i].Tipo] < ordemTipo[fs[j].Tipo]
	})
}

// folgasDoAno are the dates off of a year.
func (c Calendario) folgasDoAno(ano int) map[Data]bool {
	out := map[Data]bool{}
	for _, f := range c.Feriados(ano) {
		out[f.Data] = true
	}
	return out
}

// DiasUteisMes are a month's working days and, on a given day, how many of them have passed.
type DiasUteisMes struct {
	// Mes is "AAAA-MM".
	Mes string
	// Total is the month's working days: Monday to Friday minus the days off.
	Total int
	// Passados are the month's working days before the given day (the day itself not included):
	// all of them for a month already over, none for a month still to come.
	Passados int
	// HojeUtil: the given day is a working day of this month.
	HojeUtil bool
}

// Restantes are the working days still to work, the given day included when it is one.
func (d DiasUteisMes) Restantes() int { return d.Total - d.Passados }

// Decorridos are the working days worked so far, the given day included when it is one (its
// sales are already counted): the base of a projection.
func (d DiasUteisMes) Decorridos() int {
	if d.HojeUtil {
		return d.Passados + 1
	}
	return d.Passados
}

// DiasUteis are the working days of every month of a year (index 0: January).
func (c Calendario) DiasUteis(ano int) [12]int {
	var out [12]int
	for m := time.January; m <= time.December; m++ {
		out[m-1] = c.DiasUteisDoMes(ano, m, "").Total
	}
	return out
}

// DiasUteisDoMes counts a month's working days and, of them, those before hoje ("AAAA-MM-DD",
// the day in America/Sao_Paulo; empty: none passed).
func (c Calendario) DiasUteisDoMes(ano int, mes time.Month, hoje Data) DiasUteisMes {
	off := c.folgasDoAno(ano)
	out := DiasUteisMes{Mes: fmt.Sprintf("%04d-%02d", ano, int(mes))}
	for d := time.Date(ano, mes, 1, 0, 0, 0, 0, time.UTC); d.Month() == mes; d = d.AddDate(0, 0, 1) {
		if wd := d.Weekday(); wd == time.Saturday || wd == time.Sunday || off[dataDe(d)] {
			continue
		}
		out.Total++
		switch dia := dataDe(d); {
		case hoje != "" && dia < hoje:
			out.Passados++
		case dia == hoje:
			out.HojeUtil = true
		}
	}
	return out
}

// MesCalendario reads "AAAA-MM" within the calendar's years (ok false otherwise).
func MesCalendario(mes string) (int, time.Month, bool) {
	t, err := time.Parse("2006-01", mes)
	if err != nil || len(mes) != 7 || t.Year() < AnoCalendarioMin || t.Year() > AnoCalendarioMax {
		return 0, 0, false
	}
	return t.Year(), t.Month(), true
}

// DiaEmSaoPaulo is the day "AAAA-MM-DD" of t in America/Sao_Paulo.
func DiaEmSaoPaulo(t time.Time) Data { return Data(t.In(saoPaulo).Format("2006-01-02")) }
