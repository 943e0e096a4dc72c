package domain

import (
	"time"

	"github.com/crmvendas/crm/services/platform/store"
)

// The visits' summary kept on write (the `visitas` goal kind of the sales service reads it): how
// many visits each seller did in a month, and to each customer, counted so that a supervisor can
// trust the figure:
//
//   - a visit counts from its check-in (status em_andamento or concluida alike: a visit being
//     done was done), in the month and on the day of its check-in (Inicio, America/Sao_Paulo);
//   - at most one visit per customer per day: a second check-in at the same customer on the same
//     day (the seller came back, or checked in twice) is the same visit for the figures;
//   - every verdict counts in `visitas` (the products sellers use count the visits done, and a
//     visit without a usable fix still happened); `verificadas` counts the customer-days with at
//     least one `verificado` check-in, the proof a supervisor can rely on. Both are kept and
//     shown side by side ("12 de 40 visitas, 10 comprovadas");
//   - a deleted visit (tombstone) counts no more.
//
// Three read models: the presence of a seller at a customer on a day (the number of visits and
// of verified visits that day: the distinct counts' presence counters) and the two monthly rows
// it drives, per seller and per seller × customer. A presence counter that leaves 0 adds 1 to
// both monthly rows, one that returns to 0 takes it back (EfeitoPresenca), in the visit's write
// (SQLite: one transaction; MongoDB: right after it, the reconciliation repairs a crash between).

// Names of the visits' read models.
const (
	ResumoVisitasDia         = "resumo_visitas_dia"
	ResumoVisitasVendedorMes = "resumo_visitas_vendedor_mes"
	ResumoVisitasClienteMes  = "resumo_visitas_cliente_mes"
)

// Counters of the visits' read models.
const (
	CampoVisitas     = "visitas"
	CampoVerificadas = "verificadas"
)

// ContagemVisitas are the two figures of a row: the visits and, of them, the verified ones.
type ContagemVisitas struct {
	Visitas     int64 `bson:"visitas"`
	Verificadas int64 `bson:"verificadas"`
}

// LinhaVisitasDia is a row of resumo_visitas_dia: a seller's visits to a customer on a day
// ("AAAA-MM-DD" in America/Sao_Paulo).
type LinhaVisitasDia struct {
	store.Meta      `bson:",inline"`
	VendedorID      string `bson:"vendedor_id"`
	ClienteID       string `bson:"cliente_id"`
	Dia             string `bson:"dia"`
	ContagemVisitas `bson:",inline"`
}

// LinhaVisitasVendedorMes is a row of resumo_visitas_vendedor_mes: a seller's month.
type LinhaVisitasVendedorMes struct {
	store.Meta      `bson:",inline"`
	VendedorID      string `bson:"vendedor_id"`
	Mes             string `bson:"mes"`
	ContagemVisitas `bson:",inline"`
}

// LinhaVisitasClienteMes is a row of resumo_visitas_cliente_mes: a seller's month at one customer.
type LinhaVisitasClienteMes struct {
	store.Meta      `bson:",inline"`
	VendedorID      string `bson:"vendedor_id"`
	ClienteID       string `bson:"cliente_id"`
	Mes             string `bson:"mes"`
	ContagemVisitas `bson:",inline"`
}

// MesDaVisita is the month "AAAA-MM" of a check-in in America/Sao_Paulo.
func MesDaVisita(inicio time.Time) string { return inicio.In(Fuso).Format("2006-01") }

// ContaNoResumo reports whether a visit counts in the summary (a stored check-in, not deleted).
func (v *Visita) ContaNoResumo() bool {
	return v != nil && !v.Excluido && v.VendedorID != "" && v.ClienteID != "" && !v.Inicio.IsZero()
}

// ChaveDia is the presence a visit counts in: its seller, customer and day.
type ChaveDia struct{ VendedorID, ClienteID, Dia string }

// Mes is the month of the day.
func (k ChaveDia) Mes() string { return k.Dia[:7] }

// contribuicaoVisita is what a visit adds to its day's presence (nothing when it does not count).
func contribuicaoVisita(v *Visita) (ChaveDia, ContagemVisitas, bool) {
	if !v.ContaNoResumo() {
		return ChaveDia{}, ContagemVisitas{}, false
	}
	c := ContagemVisitas{Visitas: 1}
	if v.Veredito == Verificado {
		c.Verificadas = 1
	}
	return ChaveDia{v.VendedorID, v.ClienteID, v.Dia()}, c, true
}

// VariacaoDia is a change of one day's presence counters.
type VariacaoDia struct {
	ChaveDia
	Delta ContagemVisitas
}

// VariacaoVisita is what a visit's change from antes (nil: a new visit) to depois (nil: gone)
// does to the presence counters: nothing when the counted fields did not change.
func VariacaoVisita(antes, depois *Visita) []VariacaoDia {
	acc := map[ChaveDia]ContagemVisitas{}
	var ordem []ChaveDia
	somar := func(v *Visita, sinal int64) {
		k, c, ok := contribuicaoVisita(v)
		if !ok {
			return
		}
		cur, visto := acc[k]
		if !visto {
			ordem = append(ordem, k)
		}
		cur.Visitas += sinal * c.Visitas
		cur.Verificadas += sinal * c.Verificadas
		acc[k] = cur
	}
	somar(antes, -1)
	somar(depois, +1)
	var out []VariacaoDia
	for _, k := range ordem {
		if d := acc[k]; d != (ContagemVisitas{}) {
			out = append(out, VariacaoDia{ChaveDia: k, Delta: d})
		}
	}
	return out
}

// EfeitoPresenca is the change of the monthly distinct counts once a day's presence holds novo
// after adding delta: +1 where a counter left 0, -1 where it returned to 0.
func EfeitoPresenca(novo, delta ContagemVisitas) ContagemVisitas {
	ef := func(n, d int64) int64 {
		antes := n - d
		switch {
		case antes <= 0 && n > 0:
			return 1
		case antes > 0 && n <= 0:
			return -1
		}
		return 0
	}
	return ContagemVisitas{Visitas: ef(novo.Visitas, delta.Visitas), Verificadas: ef(novo.Verificadas, delta.Verificadas)}
}

// ResumoRecalculado is every figure of the three read models recomputed from the visits (the
// reconciliation's side), zero rows left out.
type ResumoRecalculado struct {
	Dias        map[ChaveDia]ContagemVisitas
	VendedorMes map[[2]string]ContagemVisitas // vendedor, mes
	ClienteMes  map[[3]string]ContagemVisitas // vendedor, cliente, mes
}

// RecalcularResumoVisitas counts the visits from scratch.
func RecalcularResumoVisitas(visitas []*Visita) ResumoRecalculado {
	r := ResumoRecalculado{Dias: map[ChaveDia]ContagemVisitas{}, VendedorMes: map[[2]string]ContagemVisitas{},
		ClienteMes: map[[3]string]ContagemVisitas{}}
	for _, v := range visitas {
		k, c, ok := contribuicaoVisita(v)
		if !ok {
			continue
		}
		cur := r.Dias[k]
		cur.Visitas += c.Visitas
		cur.Verificadas += c.Verificadas
		r.Dias[k] = cur
	}
	for k, c := range r.Dias {
		um := ContagemVisitas{Visitas: 1}
		if c.Verificadas > 0 {
			um.Verificadas = 1
		}
		vm, cm := [2]string{k.VendedorID, k.Mes()}, [3]string{k.VendedorID, k.ClienteID, k.Mes()}
		a, b := r.VendedorMes[vm], r.ClienteMes[cm]
		a.Visitas, a.Verificadas = a.Visitas+um.Visitas, a.Verificadas+um.Verificadas
		b.Visitas, b.Verificadas = b.Visitas+um.Visitas, b.Verificadas+um.Verificadas
		r.VendedorMes[vm], r.ClienteMes[cm] = a, b
	}
	return r
}
