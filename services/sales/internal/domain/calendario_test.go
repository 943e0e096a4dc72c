package domain

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/errs"
)

// The official calendar, written by hand (not computed by the code under test).
//
// Source: the national holidays of Lei 662/1949, art. 1º (redação da Lei 10.607/2002: 1º/1, 21/4,
// 1º/5, 7/9, 2/11, 15/11, 25/12), Lei 6.802/1980 (12/10) and Lei 14.759/2023 (20/11, from 2024);
// the movable days as the federal government's yearly portaria lists them (Paixão de Cristo,
// feriado nacional; Carnaval and Corpus Christi, ponto facultativo — e.g. for 2025: Carnaval 3 e
// 4/3, Paixão 18/4, Corpus Christi 19/6), for the years without a portaria yet counted by hand
// from Easter as the published Easter tables give it (2027: 28/3, 2028: 16/4, 2029: 1/4, 2030:
// 21/4): Paixão two days before, Carnaval 48 and 47 days before, Corpus Christi 60 days after.
var moveisOficiais = map[int][4]string{ // Paixão, Carnaval segunda, Carnaval terça, Corpus Christi
	2024: {"03-29", "02-12", "02-13", "05-30"}, // Páscoa 2024-03-31; Paixão sex, Carnaval seg/ter, Corpus Christi qui
	2025: {"04-18", "03-03", "03-04", "06-19"}, // Páscoa 2025-04-20
	2026: {"04-03", "02-16", "02-17", "06-04"}, // Páscoa 2026-04-05
	2027: {"03-26", "02-08", "02-09", "05-27"}, // Páscoa 2027-03-28
	2028: {"04-14", "02-28", "02-29", "06-15"}, // Páscoa 2028-04-16 (ano bissexto: Carnaval 28 e 29/2)
	2029: {"03-30", "02-12", "02-13", "05-31"}, // Páscoa 2029-04-01
	2030: {"04-19", "03-04", "03-05", "06-20"}, // Páscoa 2030-04-21
}

var fixosOficiais = []string{"01-01", "04-21", "05-01", "09-07", "10-12", "11-02", "11-15", "11-20", "12-25"}

// Working days of every month of 2024–2030 with the defaults (Carnaval and Corpus Christi off),
// counted by hand: the month's Mondays–Fridays minus the days off above that fall on one. The
// days off on a weekday and (in brackets) those on a weekend:
//
//	2024: 1/1 seg, 12/2 seg, 13/2 ter, 29/3 sex, 1/5 qua, 30/5 qui, 15/11 sex, 20/11 qua, 25/12 qua [21/4, 7/9, 12/10, 2/11]
//	2025: 1/1 qua, 3/3 seg, 4/3 ter, 18/4 sex, 21/4 seg, 1/5 qui, 19/6 qui, 20/11 qui, 25/12 qui [7/9, 12/10, 2/11, 15/11]
//	2026: 1/1 qui, 16/2 seg, 17/2 ter, 3/4 sex, 21/4 ter, 1/5 sex, 4/6 qui, 7/9 seg, 12/10 seg, 2/11 seg, 20/11 sex, 25/12 sex [15/11]
//	2027: 1/1 sex, 8/2 seg, 9/2 ter, 26/3 sex, 21/4 qua, 27/5 qui, 7/9 ter, 12/10 ter, 2/11 ter, 15/11 seg [1/5, 20/11, 25/12]
//	2028: 28/2 seg, 29/2 ter, 14/4 sex, 21/4 sex, 1/5 seg, 15/6 qui, 7/9 qui, 12/10 qui, 2/11 qui, 15/11 qua, 20/11 seg, 25/12 seg [1/1]
//	2029: 1/1 seg, 12/2 seg, 13/2 ter, 30/3 sex, 1/5 ter, 31/5 qui, 7/9 sex, 12/10 sex, 2/11 sex, 15/11 qui, 20/11 ter, 25/12 ter [21/4]
//	2030: 1/1 ter, 4/3 seg, 5/3 ter, 19/4 sex, 1/5 qua, 20/6 qui, 15/11 sex, 20/11 qua, 25/12 qua [21/4, 7/9, 12/10, 2/11]
//
// E.g. February 2026 starts on a Sunday: 28 days, 20 weekdays, minus Carnaval (16 and 17) = 18;
// November 2024 starts on a Friday: 21 weekdays, minus 15 (sex) and 20 (qua) = 19.
var diasUteisOficiais = map[int][12]int{
	//     jan fev mar abr mai jun jul ago set out nov dez
	2024: {22, 19, 20, 22, 21, 20, 23, 22, 21, 23, 19, 21}, // 253
	2025: {22, 20, 19, 20, 21, 20, 23, 21, 22, 23, 19, 22}, // 252
	2026: {21, 18, 22, 20, 20, 21, 23, 21, 21, 21, 19, 22}, // 249
	2027: {20, 18, 22, 21, 20, 22, 22, 22, 21, 20, 20, 23}, // 251
	2028: {21, 19, 23, 18, 22, 21, 21, 23, 20, 21, 19, 20}, // 248
	2029: {22, 18, 21, 21, 21, 21, 22, 23, 19, 22, 19, 20}, // 249
	2030: {22, 20, 19, 21, 22, 19, 23, 22, 21, 23, 19, 21}, // 252
}

func TestDiasUteisDoCalendarioOficial(t *testing.T) {
	if len(diasUteisOficiais) != 7 {
		t.Fatal("a tabela deve cobrir 2024 a 2030")
	}
	for ano := 2024; ano <= 2030; ano++ {
		got := Calendario{}.DiasUteis(ano)
		want := diasUteisOficiais[ano]
		for m := range 12 {
			if got[m] != want[m] {
				t.Errorf("%04d-%02d: %d dias úteis, o calendário oficial dá %d", ano, m+1, got[m], want[m])
			}
		}
	}
}

func TestFeriadosDoCalendarioOficial(t *testing.T) {
	for ano := 2024; ano <= 2030; ano++ {
		m := moveisOficiais[ano]
		want := map[string]string{
			m[0]: TipoFeriadoNacional, m[1]: TipoFeriadoPontoFacultativo, m[2]: TipoFeriadoPontoFacultativo, m[3]: TipoFeriadoPontoFacultativo,
		}
		for _, d := range fixosOficiais {
			want[d] = TipoFeriadoNacional
		}
		got := map[string]string{}
		for _, f := range (Calendario{}).Feriados(ano) {
			if !strings.HasPrefix(string(f.Data), fmt.Sprint(ano)+"-") || f.Nome == "" {
				t.Errorf("%d: %+v", ano, f)
			}
			got[string(f.Data)[5:]] = f.Tipo
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%d: feriados %v, o calendário oficial dá %v", ano, got, want)
		}
		if p := Pascoa(ano).AddDate(0, 0, -2).Format("01-02"); p != m[0] {
			t.Errorf("%d: Páscoa − 2 = %s, Paixão oficial %s", ano, p, m[0])
		}
	}
	// 20 de novembro is a national holiday from 2024 on (Lei 14.759/2023), not before.
	for _, f := range FeriadosNacionais(2023) {
		if f.Data == "2023-11-20" {
			t.Error("20/11/2023 não era feriado nacional")
		}
	}
	// Easter of a few years far from the table (the algorithm's edge cases: 2285 on 22/3, 2038 on
	// 25/4, 2049 on 18/4, 1981 on 19/4).
	for ano, want := range map[int]string{2285: "03-22", 2038: "04-25", 2049: "04-18", 1981: "04-19", 2000: "04-23", 2100: "03-28"} {
		if got := Pascoa(ano).Format("01-02"); got != want {
			t.Errorf("Páscoa de %d: %s, esperada %s", ano, got, want)
		}
	}
}

// The switches turn Carnaval and Corpus Christi back into working days; the company's days off
// come off, on a weekday only, and are listed as "empresa".
func TestCalendarioDaEmpresa(t *testing.T) {
	cases := []struct {
		nome string
		cal  Calendario
		mes  time.Month
		want int
	}{
		{"padrão", Calendario{}, time.February, 18},
		{"Carnaval útil", Calendario{Config: ConfigCalendario{CarnavalUtil: true}}, time.February, 20},
		{"Corpus Christi útil não muda fevereiro", Calendario{Config: ConfigCalendario{CorpusChristiUtil: true}}, time.February, 18},
		{"Corpus Christi padrão", Calendario{}, time.June, 21},
		{"Corpus Christi útil", Calendario{Config: ConfigCalendario{CorpusChristiUtil: true}}, time.June, 22},
		{"folga num dia útil", Calendario{Folgas: []Feriado{{Data: "2026-06-05", Nome: "Ponte"}}}, time.June, 20},
		{"folga num sábado", Calendario{Folgas: []Feriado{{Data: "2026-06-06", Nome: "Sábado"}}}, time.June, 21},
		{"folga num feriado", Calendario{Folgas: []Feriado{{Data: "2026-06-04", Nome: "Dupla"}}}, time.June, 21},
		{"folga de outro ano", Calendario{Folgas: []Feriado{{Data: "2025-06-05", Nome: "Outro ano"}}}, time.June, 21},
		{"férias coletivas", Calendario{Folgas: []Feriado{{Data: "2026-06-01", Nome: "Férias"}, {Data: "2026-06-02", Nome: "Férias"}, {Data: "2026-06-03", Nome: "Férias"}}}, time.June, 18},
	}
	for _, c := range cases {
		if got := c.cal.DiasUteisDoMes(2026, c.mes, "").Total; got != c.want {
			t.Errorf("%s: %d, esperado %d", c.nome, got, c.want)
		}
	}
	fs := Calendario{Config: ConfigCalendario{CarnavalUtil: true}, Folgas: []Feriado{{Data: "2026-06-04", Nome: "Dupla", Tipo: "qualquer"}}}.Feriados(2026)
	var tipos []string
	for _, f := range fs {
		if strings.HasPrefix(f.Nome, "Carnaval") {
			t.Errorf("Carnaval útil ainda listado: %+v", f)
		}
		if f.Data == "2026-06-04" {
			tipos = append(tipos, f.Tipo)
		}
	}
	if strings.Join(tipos, ",") != "ponto_facultativo,empresa" {
		t.Errorf("4/6/2026: %v", tipos)
	}
}

// Of a month's working days, those before the given day have passed; the day itself is the first
// of the remaining ones.
func TestDiasUteisPassados(t *testing.T) {
	cal := Calendario{}
	cases := []struct {
		hoje                 Data
		passados, restantes  int
		hojeUtil             bool
		decorridos, mesTotal int
	}{
		{"2026-06-01", 0, 21, true, 1, 21},  // a Monday, the 1st
		{"2026-06-04", 3, 18, false, 3, 21}, // Corpus Christi
		{"2026-06-05", 3, 18, true, 4, 21},
		{"2026-06-06", 4, 17, false, 4, 21}, // Saturday
		{"2026-06-30", 20, 1, true, 21, 21},
		{"2026-07-01", 21, 0, false, 21, 21}, // the month is over
		{"2026-05-31", 0, 21, false, 0, 21},  // still to come
	}
	for _, c := range cases {
		d := cal.DiasUteisDoMes(2026, time.June, c.hoje)
		if d.Mes != "2026-06" || d.Total != c.mesTotal || d.Passados != c.passados || d.Restantes() != c.restantes || d.HojeUtil != c.hojeUtil || d.Decorridos() != c.decorridos {
			t.Errorf("%s: %+v (restantes %d, decorridos %d)", c.hoje, d, d.Restantes(), d.Decorridos())
		}
	}
}

func TestFolgaNormalizar(t *testing.T) {
	ok := Folga{Data: " 2026-12-24 ", Nome: "  Véspera de Natal "}
	if err := ok.Normalizar(); err != nil || ok.Data != "2026-12-24" || ok.Nome != "Véspera de Natal" {
		t.Fatalf("%+v %v", ok, err)
	}
	for _, c := range []struct {
		f     Folga
		campo string
	}{
		{Folga{Data: "2026-02-30", Nome: "x"}, "data"},
		{Folga{Data: "24/12/2026", Nome: "x"}, "data"},
		{Folga{Data: "1999-12-24", Nome: "x"}, "data"},
		{Folga{Data: "2026-12-24", Nome: "  "}, "nome"},
		{Folga{Data: "2026-12-24", Nome: strings.Repeat("a", MaxNomeFolga+1)}, "nome"},
	} {
		err, _ := c.f.Normalizar().(*errs.Error)
		if err == nil || len(err.Fields) != 1 || err.Fields[0].Field != c.campo || !strings.Contains(err.Message, " ") {
			t.Errorf("%+v: %v, esperado erro no campo %s", c.f, err, c.campo)
		}
	}
}
