package agenda

import (
	"slices"
	"strings"
	"time"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// Frequencia is a customer's visit frequency: every week, every other week or once a month on
// set weekdays, from a first week on. Its id is the customer's id; it belongs to the customer's
// seller (vendedor_id, the owner for the role scope).
type Frequencia struct {
	store.Meta `bson:",inline"`
	ClienteID  string  `bson:"cliente_id"`
	VendedorID string  `bson:"vendedor_id"`
	Frequencia string  `bson:"frequencia"`
	DiasSemana []int32 `bson:"dias_semana"`
	Inicio     string  `bson:"inicio"`
}

// The frequencies.
const (
	Semanal   = "semanal"
	Quinzenal = "quinzenal"
	Mensal    = "mensal"
)

// Frequencias are the frequencies a customer may have.
var Frequencias = []string{Semanal, Quinzenal, Mensal}

// Messages of the frequencies.
const (
	MsgFrequenciaNaoEncontrada = "Este cliente não tem frequência de visita."
	MsgFrequenciaForaDoEscopo  = "Acesso negado: este cliente é de outra empresa ou de um vendedor fora da sua equipe."
	MsgFrequencia              = "Frequência inválida: use semanal, quinzenal ou mensal."
	MsgDiasSemana              = "Escolha de 1 a 5 dias da semana, de 1 (segunda) a 5 (sexta)."
	MsgData                    = "Data inválida: use AAAA-MM-DD (ex.: 2026-03-02)."
	MsgClienteID               = "Informe o cliente."
)

// StoreMeta is the record's bookkeeping (entity.Registro).
func (f *Frequencia) StoreMeta() *store.Meta { return &f.Meta }

// Normalizar trims and checks the frequency: a known frequency, weekdays 1 to 5 (sorted, once
// each), a first day AAAA-MM-DD.
func (f *Frequencia) Normalizar() error {
	var v errs.Violacoes
	f.ClienteID = strings.TrimSpace(f.ClienteID)
	f.VendedorID = strings.TrimSpace(f.VendedorID)
	f.Frequencia = strings.ToLower(strings.TrimSpace(f.Frequencia))
	f.Inicio = strings.TrimSpace(f.Inicio)
	if f.ClienteID == "" {
		v.Add("cliente_id", MsgClienteID)
	}
	if !slices.Contains(Frequencias, f.Frequencia) {
		v.Add("frequencia", MsgFrequencia)
	}
	dias := slices.Clone(f.DiasSemana)
	slices.Sort(dias)
	dias = slices.Compact(dias)
	if len(dias) == 0 || dias[0] < 1 || dias[len(dias)-1] > 5 {
		v.Add("dias_semana", MsgDiasSemana)
	}
	f.DiasSemana = dias
	if _, ok := ParseData(f.Inicio); !ok {
		v.Add("inicio", MsgData)
	}
	return v.Err()
}

// SpecFrequencias declares the frequencies' collection (one per customer, its id the
// customer's), owned by the customer's seller.
var SpecFrequencias = store.Spec[Frequencia]{
	Name:       "frequencias_visita",
	NotFound:   MsgFrequenciaNaoEncontrada,
	OutOfScope: MsgFrequenciaForaDoEscopo,
	Fields: []store.Field[Frequencia]{
		{Name: "vendedor_id", Value: func(f *Frequencia) any { return f.VendedorID }},
		{Name: "cliente_id", Value: func(f *Frequencia) any { return f.ClienteID }},
	},
	Owner: "vendedor_id",
	Sort:  store.Sort{Fields: []string{"cliente_id"}},
}

// VisitaPlanejada is a one-off planned visit: a customer on a day (id data:cliente_id, so a
// customer is planned once a day), owned by the seller.
type VisitaPlanejada struct {
	store.Meta `bson:",inline"`
	ClienteID  string `bson:"cliente_id"`
	VendedorID string `bson:"vendedor_id"`
	Data       string `bson:"data"`
}

// StoreMeta is the record's bookkeeping.
func (p *VisitaPlanejada) StoreMeta() *store.Meta { return &p.Meta }

// SpecPlanejadas declares the one-off planned visits' collection.
var SpecPlanejadas = store.Spec[VisitaPlanejada]{
	Name:       "visitas_planejadas",
	NotFound:   "Visita planejada não encontrada.",
	OutOfScope: MsgFrequenciaForaDoEscopo,
	Fields: []store.Field[VisitaPlanejada]{
		{Name: "vendedor_id", Value: func(p *VisitaPlanejada) any { return p.VendedorID }},
		{Name: "data", Value: func(p *VisitaPlanejada) any { return p.Data }},
	},
	Owner: "vendedor_id",
	Sort:  store.Sort{Fields: []string{"data"}},
}

// Datas: days are "AAAA-MM-DD", kept as time.Time at midnight UTC.
const formatoData = "2006-01-02"

// ParseData reads a day "AAAA-MM-DD".
func ParseData(s string) (time.Time, bool) {
	if len(s) != len(formatoData) {
		return time.Time{}, false
	}
	d, err := time.Parse(formatoData, s)
	return d, err == nil
}

// FormatarData writes a day.
func FormatarData(d time.Time) string { return d.Format(formatoData) }

var saoPaulo = func() *time.Location {
	l, err := time.LoadLocation("America/Sao_Paulo")
	if err != nil {
		return time.FixedZone("BRT", -3*3600)
	}
	return l
}()

// DiaEmSaoPaulo is the day of t in America/Sao_Paulo (midnight UTC of that date).
func DiaEmSaoPaulo(t time.Time) time.Time {
	y, m, d := t.In(saoPaulo).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// diaISO is the ISO weekday of d: 1 Monday … 7 Sunday.
func diaISO(d time.Time) int32 {
	w := int32(d.Weekday())
	if w == 0 {
		return 7
	}
	return w
}

// segunda is the Monday of d's week.
func segunda(d time.Time) time.Time { return d.AddDate(0, 0, 1-int(diaISO(d))) }

// NaFrequencia reports whether day d is a visit day of f, before the working days are applied:
// one of its weekdays, on or after its first day, and: every week (semanal); in the weeks an even
// number of weeks after the first one (quinzenal); the first such weekday of the month (mensal).
func (f *Frequencia) NaFrequencia(d time.Time) bool {
	inicio, ok := ParseData(f.Inicio)
	return ok && naFrequencia(f, inicio, d)
}

// naFrequencia is NaFrequencia with the first day already read (an agenda asks it for every day
// of every customer).
func naFrequencia(f *Frequencia, inicio, d time.Time) bool {
	if d.Before(inicio) || !slices.Contains(f.DiasSemana, diaISO(d)) {
		return false
	}
	switch f.Frequencia {
	case Semanal:
		return true
	case Quinzenal:
		semanas := int(segunda(d).Sub(segunda(inicio)).Hours()/24) / 7
		return semanas%2 == 0
	case Mensal:
		return d.Day() <= 7
	}
	return false
}
