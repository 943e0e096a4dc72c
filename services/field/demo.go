package field

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/crmvendas/crm/services/field/internal/agenda"
	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/store"
)

// ClienteDemo is what the demo visits need of a demo customer: its seller, its name and where its
// main address is.
type ClienteDemo struct {
	ID, VendedorID, Nome string
	Latitude, Longitude  float64
}

// DemoVisitasPorDia is how many customers each demo seller visits on a working day.
const DemoVisitasPorDia = 5

// carteiras are the demo customers by seller, and the sellers in the order they first appear.
func carteiras(clientes []ClienteDemo) (map[string][]ClienteDemo, []string) {
	por := map[string][]ClienteDemo{}
	var vendedores []string
	for _, c := range clientes {
		if len(por[c.VendedorID]) == 0 {
			vendedores = append(vendedores, c.VendedorID)
		}
		por[c.VendedorID] = append(por[c.VendedorID], c)
	}
	return por, vendedores
}

// DemoVisitas are a month of past visits of the demo sellers up to agora's day (exclusive), on
// weekdays, from a fixed seed: mostly verified (a fix a few dozen metres from the customer, fresh
// and accurate), a few out of the radius and a few with a stale fix, each judged by the same rule
// as a real check-in (domain.Veredito, the default settings) and checked out with a result.
func DemoVisitas(empresa string, clientes []ClienteDemo, agora time.Time, dias int) []*domain.Visita {
	cfg := domain.ConfiguracaoPadrao()
	porVendedor, vendedores := carteiras(clientes)
	r := rand.New(rand.NewPCG(2026, 24))
	hoje := time.Date(agora.In(domain.Fuso).Year(), agora.In(domain.Fuso).Month(), agora.In(domain.Fuso).Day(), 0, 0, 0, 0, domain.Fuso)
	var out []*domain.Visita
	semFoto := []domain.MotivoSemVenda{}
	for _, m := range cfg.MotivosSemVenda {
		if !m.ExigeFoto {
			semFoto = append(semFoto, m)
		}
	}
	for d := dias; d >= 1; d-- {
		dia := hoje.AddDate(0, 0, -d)
		if dia.Weekday() == time.Saturday || dia.Weekday() == time.Sunday {
			continue
		}
		for _, vend := range vendedores {
			carteira := porVendedor[vend]
			inicio := dia.Add(8*time.Hour + 30*time.Minute + time.Duration(r.IntN(30))*time.Minute)
			for k := 0; k < DemoVisitasPorDia && len(carteira) > 0; k++ {
				cli := carteira[r.IntN(len(carteira))]
				metros, precisao, idade := 5+r.Float64()*90, 4+r.Float64()*30, time.Duration(3+r.IntN(50))*time.Second
				switch x := r.IntN(100); {
				case x < 8: // out of the radius: the next street over, or the wrong customer
					metros = 300 + r.Float64()*1500
				case x < 13: // a stale fix: taken long before the check-in
					idade = time.Duration(5+r.IntN(40)) * time.Minute
				}
				ang := 2 * math.Pi * r.Float64()
				p := domain.Ponto{Latitude: cli.Latitude + metros*math.Cos(ang)/111_195,
					Longitude: cli.Longitude + metros*math.Sin(ang)/(111_195*math.Cos(cli.Latitude*math.Pi/180))}
				fix := domain.Fix{Ponto: &p, Precisao: math.Round(precisao*10) / 10, CapturadoEm: inicio.Add(-idade).UTC()}
				a := domain.Veredito(cfg, inicio, fix, &domain.Ponto{Latitude: cli.Latitude, Longitude: cli.Longitude})
				lat, lon, prec := p.Latitude, p.Longitude, fix.Precisao
				v := &domain.Visita{Meta: store.Meta{ID: fmt.Sprintf("demo-visita-%s-%s-%d", vend, dia.Format("20060102"), k+1), Empresa: empresa,
					CriadoPor: vend, AlteradoPor: vend},
					ClienteID: cli.ID, ClienteNome: cli.Nome, VendedorID: vend, Status: domain.StatusEmAndamento, Inicio: inicio.UTC(),
					RecebidoEm: inicio.Add(time.Duration(1+r.IntN(4)) * time.Second).UTC(), Latitude: &lat, Longitude: &lon, Precisao: &prec,
					CapturadoEm: fix.CapturadoEm, Distancia: a.Distancia, Veredito: a.Veredito, RaioMetros: cfg.RaioMetros, Aviso: domain.Aviso(a, cfg, fix)}
				co := domain.Checkout{Fim: inicio.Add(time.Duration(12+r.IntN(40)) * time.Minute)}
				switch x := r.IntN(100); {
				case x < 40:
					co.Resultado = domain.ResultadoPedido
				case x < 85:
					co.Resultado, co.MotivoID = domain.ResultadoSemVenda, semFoto[r.IntN(len(semFoto))].ID
				default:
					co.Resultado, co.Observacao = domain.ResultadoOutro, "Visita de relacionamento."
				}
				if err := v.Encerrar(co, cfg, co.Fim); err != nil {
					continue // the demo's own reasons are the defaults': never refused
				}
				v.Fim = v.Fim.UTC()
				v.CriadoEm, v.AlteradoEm = v.RecebidoEm, v.Fim
				out = append(out, v)
				inicio = v.Fim.Add(time.Duration(15+r.IntN(45)) * time.Minute)
			}
		}
	}
	return out
}

// DemoDias is how far back the demo visits go.
const DemoDias = 30

// SeedDemoVisitas writes the demo visits once (a later start finds them and changes nothing). It
// returns how many it wrote.
func (f *Field) SeedDemoVisitas(ctx context.Context, empresa string, clientes []ClienteDemo, agora time.Time) (int, error) {
	ctx = caller.With(ctx, &caller.Caller{Empresa: empresa, Operador: "demo-admin", Perfil: caller.Admin})
	col := f.visitas.Col.Visitas
	if pg, err := col.List(ctx, store.Company(empresa), store.Query{PageSize: 1, WithDeleted: true}); err != nil || len(pg.Items) > 0 {
		return 0, err
	}
	vs := DemoVisitas(empresa, clientes, agora, DemoDias)
	if len(vs) == 0 {
		return 0, nil
	}
	// Some with a photo (demo_fotos.go): the photos first, so a listed photo is always there.
	fotos, err := DemoFotos(vs)
	if err != nil {
		return 0, err
	}
	if err := f.seedDemoFotos(ctx, fotos); err != nil {
		return 0, err
	}
	if _, _, err := col.Import(ctx, vs); err != nil {
		return 0, fmt.Errorf("visitas demo: %w", err)
	}
	// An import carries no summary increments: the visits' summary is counted from them.
	if _, _, err := f.visitas.Col.Resumo.Reconciliar(ctx, col, empresa, false); err != nil {
		return 0, fmt.Errorf("resumo das visitas demo: %w", err)
	}
	return len(vs), nil
}

// DemoFrequenciasPorVendedor is how many customers of each demo portfolio get a visit frequency:
// about five planned visits a working day, as many as the demo visits a day.
const DemoFrequenciasPorVendedor = 40

// segundaAntes is the Monday (a day "AAAA-MM-DD") weeks weeks before agora's week in São Paulo.
func segundaAntes(agora time.Time, semanas int) string {
	hoje := agenda.DiaEmSaoPaulo(agora)
	return agenda.FormatarData(hoje.AddDate(0, 0, -((int(hoje.Weekday())+6)%7)-7*semanas))
}

// DemoFrequencias are the visit frequencies of the demo portfolios: the first
// DemoFrequenciasPorVendedor customers of each seller, in turn weekly, fortnightly and monthly,
// on one weekday (a second one for every fourth weekly customer), from four weeks before agora.
func DemoFrequencias(clientes []ClienteDemo, agora time.Time) []*agenda.Frequencia {
	inicio := segundaAntes(agora, 4)
	por := map[string]int{}
	var out []*agenda.Frequencia
	for _, c := range clientes {
		i := por[c.VendedorID]
		if i >= DemoFrequenciasPorVendedor {
			continue
		}
		por[c.VendedorID]++
		f := &agenda.Frequencia{ClienteID: c.ID, VendedorID: c.VendedorID, Frequencia: agenda.Frequencias[i%3],
			DiasSemana: []int32{int32(i%5 + 1)}, Inicio: inicio}
		if i%12 == 0 {
			f.DiasSemana = append(f.DiasSemana, int32((i+2)%5+1))
		}
		f.ID = c.ID
		out = append(out, f)
	}
	return out
}

// demoTarefas are the titles, days ahead, times (São Paulo) and priorities of each demo seller's
// open tasks.
var demoTarefas = []struct {
	titulo, descricao string
	dias, hora        int
	prioridade        string
}{
	{"Levar amostras do lançamento", "Separar as amostras no depósito antes de sair.", 0, 17, agenda.PrioridadeAlta},
	{"Cobrar pedido pendente de aprovação", "", 1, 10, agenda.PrioridadeMedia},
	{"Confirmar data de entrega", "O cliente pediu entrega antes do feriado.", 3, 14, agenda.PrioridadeMedia},
	{"Apresentar a tabela de preços nova", "", 7, 9, agenda.PrioridadeBaixa},
}

// DemoTarefas are the open tasks of the demo sellers from agora's day on, each about one of the
// seller's customers, with a reminder an hour before.
func DemoTarefas(empresa string, clientes []ClienteDemo, agora time.Time) []*agenda.Tarefa {
	porVendedor, vendedores := carteiras(clientes)
	hoje := agenda.DiaEmSaoPaulo(agora)
	var out []*agenda.Tarefa
	for _, v := range vendedores {
		carteira := porVendedor[v]
		for k, d := range demoTarefas {
			dia := hoje.AddDate(0, 0, d.dias)
			t := &agenda.Tarefa{Titulo: d.titulo, Descricao: d.descricao, ClienteID: carteira[(k*7)%len(carteira)].ID,
				VenceEm:    time.Date(dia.Year(), dia.Month(), dia.Day(), d.hora, 0, 0, 0, domain.Fuso).UTC(),
				Prioridade: d.prioridade, Status: agenda.StatusAberta, ResponsavelID: v, LembreteMinutosAntes: 60}
			t.ID, t.Empresa = fmt.Sprintf("demo-tarefa-%s-%d", v, k+1), empresa
			out = append(out, t)
		}
	}
	return out
}

// SeedDemoAgenda writes the demo portfolios' visit frequencies and the demo sellers' open tasks
// once (a later start finds the frequencies and changes nothing). It returns how many of each.
func (f *Field) SeedDemoAgenda(ctx context.Context, empresa string, clientes []ClienteDemo, agora time.Time) (int, int, error) {
	ctx = caller.With(ctx, &caller.Caller{Empresa: empresa, Operador: "demo-admin", Perfil: caller.Admin})
	sc := store.Company(empresa)
	if pg, err := f.agenda.Frequencias.List(ctx, sc, store.Query{PageSize: 1, WithDeleted: true}); err != nil || len(pg.Items) > 0 {
		return 0, 0, err
	}
	fs, ts := DemoFrequencias(clientes, agora), DemoTarefas(empresa, clientes, agora)
	for _, fr := range fs {
		if err := fr.Normalizar(); err != nil {
			return 0, 0, fmt.Errorf("frequência demo de %s: %w", fr.ClienteID, err)
		}
	}
	for _, t := range ts {
		if err := t.Normalizar(); err != nil {
			return 0, 0, fmt.Errorf("tarefa demo %s: %w", t.ID, err)
		}
	}
	if len(fs) > 0 {
		if err := f.agenda.Frequencias.CreateMany(ctx, sc, fs); err != nil {
			return 0, 0, fmt.Errorf("frequências demo: %w", err)
		}
	}
	if len(ts) > 0 {
		if err := f.agenda.Tarefas.CreateMany(ctx, sc, ts); err != nil {
			return len(fs), 0, fmt.Errorf("tarefas demo: %w", err)
		}
	}
	return len(fs), len(ts), nil
}
