package app

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// ResumoVisitas is the visits' summary (domain/visitas_resumo.go): three declared read models
// kept by the visits' writes (Junto) and rebuilt by the reconciliation (Reconciliar).
type ResumoVisitas struct {
	Dia         *store.ReadModel[domain.LinhaVisitasDia]
	VendedorMes *store.ReadModel[domain.LinhaVisitasVendedorMes]
	ClienteMes  *store.ReadModel[domain.LinhaVisitasClienteMes]
}

// Junto is what a visit's write carries: its change's increments (on SQLite in the visit's
// transaction). nil without a summary (nothing carried).
func (r *ResumoVisitas) Junto(empresa string) store.Along[domain.Visita] {
	if r == nil {
		return nil
	}
	return func(antes, depois *domain.Visita) []*store.Inc { return r.incrementos(empresa, antes, depois) }
}

// incrementos are a visit's change as increments: each day's presence, then the monthly distinct
// counts its new value moves (in the same transaction on SQLite; on MongoDB the row's increment is
// atomic, so two check-ins of one day still count once).
func (r *ResumoVisitas) incrementos(empresa string, antes, depois *domain.Visita) []*store.Inc {
	var out []*store.Inc
	for _, d := range domain.VariacaoVisita(antes, depois) {
		out = append(out, r.Dia.AddThen(empresa, &domain.LinhaVisitasDia{VendedorID: d.VendedorID, ClienteID: d.ClienteID, Dia: d.Dia,
			ContagemVisitas: d.Delta}, func(l *domain.LinhaVisitasDia) []*store.Inc {
			ef := domain.EfeitoPresenca(l.ContagemVisitas, d.Delta)
			if ef == (domain.ContagemVisitas{}) {
				return nil
			}
			return r.mensais(empresa, d.VendedorID, d.ClienteID, d.Mes(), ef)
		}))
	}
	return out
}

// mensais are the increments of a seller's month and of the seller's month at a customer.
func (r *ResumoVisitas) mensais(empresa, vendedor, cliente, mes string, c domain.ContagemVisitas) []*store.Inc {
	return []*store.Inc{
		r.VendedorMes.Add(empresa, &domain.LinhaVisitasVendedorMes{VendedorID: vendedor, Mes: mes, ContagemVisitas: c}),
		r.ClienteMes.Add(empresa, &domain.LinhaVisitasClienteMes{VendedorID: vendedor, ClienteID: cliente, Mes: mes, ContagemVisitas: c}),
	}
}

// Pendentes reports a visit written without its summary increments (MongoDB: err wraps
// store.ErrIncrementsPending): logged, not failed — the visit is saved; the reconciliation
// repairs the figures.
func (s *Visitas) Pendentes(ctx context.Context, id string, err error) error {
	if !errors.Is(err, store.ErrIncrementsPending) {
		return err
	}
	if s.Log != nil {
		s.Log.ErrorContext(ctx, "resumo de visitas não atualizado (a reconciliação corrige)", "visita", id, "erro", err)
	}
	return nil
}

// Messages of the summary's queries.
const (
	MsgMesResumo = "Mês inválido: use AAAA-MM (ex.: 2026-03)."
)

// ContagemMes is a row of a month's figures: of a seller (ClienteID empty) or of a seller at a
// customer.
type ContagemMes struct {
	VendedorID, ClienteID string
	domain.ContagemVisitas
}

// ResumoDoMes is a month's figures in the caller's scope.
type ResumoDoMes struct {
	Mes        string
	Vendedores []ContagemMes
	// Clientes: the sellers' months at the customer asked for (empty without one).
	Clientes []ContagemMes
}

// ResumoDoMes reads the month's figures in the caller's role scope: every seller in scope (one
// when vendedor is set: outside the scope → 403) and, when cliente is set, each seller's visits
// to that customer. recontar counts them from the visits themselves instead of the summary (the
// reconciliation's independent side, which the sales service compares its goals with).
func (s *Visitas) ResumoDoMes(ctx context.Context, mes, vendedor, cliente string, recontar bool) (*ResumoDoMes, error) {
	mes, vendedor, cliente = strings.TrimSpace(mes), strings.TrimSpace(vendedor), strings.TrimSpace(cliente)
	if !mesValido(mes) {
		return nil, errs.Field("mes", MsgMesResumo)
	}
	c := caller.From(ctx)
	if vendedor != "" && !c.Sees(vendedor) {
		return nil, errs.OutOfScope(domain.MsgVendedorForaEscopo)
	}
	sc := escopo(ctx)
	out := &ResumoDoMes{Mes: mes, Vendedores: []ContagemMes{}, Clientes: []ContagemMes{}}
	if recontar {
		q := store.Query{Where: []store.Cond{store.Gte("dia", mes+"-01"), store.Lte("dia", mes+"-31")}}
		if vendedor != "" {
			q.Where = append(q.Where, store.Eq("vendedor_id", vendedor))
		}
		vs, err := s.Col.Visitas.All(ctx, sc, q)
		if err != nil {
			return nil, err
		}
		rec := domain.RecalcularResumoVisitas(vs)
		for k, n := range rec.VendedorMes {
			out.Vendedores = append(out.Vendedores, ContagemMes{VendedorID: k[0], ContagemVisitas: n})
		}
		for k, n := range rec.ClienteMes {
			if cliente != "" && k[1] == cliente {
				out.Clientes = append(out.Clientes, ContagemMes{VendedorID: k[0], ClienteID: k[1], ContagemVisitas: n})
			}
		}
	} else {
		r := s.Col.Resumo
		q := store.Query{Where: []store.Cond{store.Eq("mes", mes)}}
		if vendedor != "" {
			q.Where = append(q.Where, store.Eq("vendedor_id", vendedor))
		}
		vm, err := r.VendedorMes.All(ctx, sc, q)
		if err != nil {
			return nil, err
		}
		for _, l := range vm {
			out.Vendedores = append(out.Vendedores, ContagemMes{VendedorID: l.VendedorID, ContagemVisitas: l.ContagemVisitas})
		}
		if cliente != "" {
			cq := store.Query{Where: append([]store.Cond{store.Eq("cliente_id", cliente)}, q.Where...)}
			cm, err := r.ClienteMes.All(ctx, sc, cq)
			if err != nil {
				return nil, err
			}
			for _, l := range cm {
				out.Clientes = append(out.Clientes, ContagemMes{VendedorID: l.VendedorID, ClienteID: l.ClienteID, ContagemVisitas: l.ContagemVisitas})
			}
		}
	}
	semZeros := func(ls []ContagemMes) []ContagemMes {
		n := ls[:0]
		for _, l := range ls {
			if l.ContagemVisitas != (domain.ContagemVisitas{}) {
				n = append(n, l)
			}
		}
		sort.Slice(n, func(i, j int) bool {
			return n[i].VendedorID+"|"+n[i].ClienteID < n[j].VendedorID+"|"+n[j].ClienteID
		})
		return n
	}
	out.Vendedores, out.Clientes = semZeros(out.Vendedores), semZeros(out.Clientes)
	return out, nil
}

func mesValido(m string) bool {
	_, err := time.Parse("2006-01", m)
	return err == nil
}

// Divergencia is a figure of the summary that differs from the recount of the visits.
type Divergencia struct {
	Resumo, Chave, Campo string
	Gravado, Recalculado int64
}

// linhaResumo is a stored row of any of the three read models, by its summary and key.
type linhaResumo struct {
	resumo string
	chave  [3]string
}

// Reconciliar recounts the company's visits (domain.RecalcularResumoVisitas), compares the counts
// with the stored rows (rows no visit explains any more included) and, unless apenasVerificar,
// adds each difference to its row (one transaction on SQLite). It returns how many visits it read
// and the differences found (0 expected).
func (r *ResumoVisitas) Reconciliar(ctx context.Context, visitas *store.Collection[domain.Visita], empresa string, apenasVerificar bool) (int, []Divergencia, error) {
	sc := store.Company(empresa)
	vs, err := visitas.All(ctx, sc, store.Query{})
	if err != nil {
		return 0, nil, err
	}
	rec := domain.RecalcularResumoVisitas(vs)
	esperado := map[linhaResumo]domain.ContagemVisitas{}
	for k, c := range rec.Dias {
		esperado[linhaResumo{domain.ResumoVisitasDia, [3]string{k.VendedorID, k.ClienteID, k.Dia}}] = c
	}
	for k, c := range rec.VendedorMes {
		esperado[linhaResumo{domain.ResumoVisitasVendedorMes, [3]string{k[0], k[1]}}] = c
	}
	for k, c := range rec.ClienteMes {
		esperado[linhaResumo{domain.ResumoVisitasClienteMes, k}] = c
	}
	gravado := map[linhaResumo]domain.ContagemVisitas{}
	dias, err := r.Dia.All(ctx, sc, store.Query{})
	if err != nil {
		return 0, nil, err
	}
	for _, l := range dias {
		gravado[linhaResumo{domain.ResumoVisitasDia, [3]string{l.VendedorID, l.ClienteID, l.Dia}}] = l.ContagemVisitas
	}
	vms, err := r.VendedorMes.All(ctx, sc, store.Query{})
	if err != nil {
		return 0, nil, err
	}
	for _, l := range vms {
		gravado[linhaResumo{domain.ResumoVisitasVendedorMes, [3]string{l.VendedorID, l.Mes}}] = l.ContagemVisitas
	}
	cms, err := r.ClienteMes.All(ctx, sc, store.Query{})
	if err != nil {
		return 0, nil, err
	}
	for _, l := range cms {
		gravado[linhaResumo{domain.ResumoVisitasClienteMes, [3]string{l.VendedorID, l.ClienteID, l.Mes}}] = l.ContagemVisitas
	}
	chaves := make([]linhaResumo, 0, len(esperado)+len(gravado))
	for k := range esperado {
		chaves = append(chaves, k)
	}
	for k := range gravado {
		if _, ok := esperado[k]; !ok {
			chaves = append(chaves, k)
		}
	}
	sort.Slice(chaves, func(i, j int) bool {
		return chaves[i].resumo+"|"+strings.Join(chaves[i].chave[:], "|") < chaves[j].resumo+"|"+strings.Join(chaves[j].chave[:], "|")
	})
	var div []Divergencia
	var incs []*store.Inc
	for _, k := range chaves {
		g, e := gravado[k], esperado[k]
		if g == e {
			continue
		}
		chave := strings.TrimRight(strings.Join(k.chave[:], "|"), "|")
		if g.Visitas != e.Visitas {
			div = append(div, Divergencia{Resumo: k.resumo, Chave: chave, Campo: domain.CampoVisitas, Gravado: g.Visitas, Recalculado: e.Visitas})
		}
		if g.Verificadas != e.Verificadas {
			div = append(div, Divergencia{Resumo: k.resumo, Chave: chave, Campo: domain.CampoVerificadas, Gravado: g.Verificadas, Recalculado: e.Verificadas})
		}
		d := domain.ContagemVisitas{Visitas: e.Visitas - g.Visitas, Verificadas: e.Verificadas - g.Verificadas}
		switch k.resumo {
		case domain.ResumoVisitasDia:
			incs = append(incs, r.Dia.Add(empresa, &domain.LinhaVisitasDia{VendedorID: k.chave[0], ClienteID: k.chave[1], Dia: k.chave[2], ContagemVisitas: d}))
		case domain.ResumoVisitasVendedorMes:
			incs = append(incs, r.VendedorMes.Add(empresa, &domain.LinhaVisitasVendedorMes{VendedorID: k.chave[0], Mes: k.chave[1], ContagemVisitas: d}))
		default:
			incs = append(incs, r.ClienteMes.Add(empresa, &domain.LinhaVisitasClienteMes{VendedorID: k.chave[0], ClienteID: k.chave[1], Mes: k.chave[2], ContagemVisitas: d}))
		}
	}
	if apenasVerificar || len(incs) == 0 {
		return len(vs), div, nil
	}
	return len(vs), div, visitas.Store().Apply(ctx, incs...)
}

// ReconciliarResumo is Reconciliar for the caller's company (ADMIN).
func (s *Visitas) ReconciliarResumo(ctx context.Context, apenasVerificar bool) (int, []Divergencia, error) {
	return s.Col.Resumo.Reconciliar(ctx, s.Col.Visitas, caller.From(ctx).Empresa, apenasVerificar)
}

// marcaResumoVisitas marks a store whose visits' summary was built from its visits (Construir).
const (
	marcaResumoVisitas  = "resumo_visitas_modelos"
	versaoResumoVisitas = 1
)

// Construir builds the summary from the visits of every company the first time it is declared on
// a store whose visits predate it (until then every figure would read 0); a mark written once the
// build is done makes a start that died half-way build it again.
func (r *ResumoVisitas) Construir(ctx context.Context, visitas *store.Collection[domain.Visita]) error {
	st := visitas.Store()
	marca, err := st.Counters(ctx, marcaResumoVisitas, "", marcaResumoVisitas)
	if err != nil || marca["feito"] >= versaoResumoVisitas {
		return err
	}
	empresas, err := visitas.Companies(ctx)
	if err != nil {
		return err
	}
	for _, e := range empresas {
		if _, _, err := r.Reconciliar(ctx, visitas, e, false); err != nil {
			return fmt.Errorf("resumo de visitas da empresa %s: %w", e, err)
		}
	}
	_, err = st.Incr(ctx, marcaResumoVisitas, "", marcaResumoVisitas, map[string]int64{"feito": versaoResumoVisitas - marca["feito"]})
	return err
}
