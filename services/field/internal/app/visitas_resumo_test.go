package app_test

import (
	"context"
	"fmt"
	"math/rand"
	"reflect"
	"sort"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/crmvendas/crm/services/field/internal/adapters"
	"github.com/crmvendas/crm/services/field/internal/app"
	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// Where every test customer is: Praça da Sé, São Paulo.
var se = domain.Ponto{Latitude: -23.5503, Longitude: -46.6340}

// clientesFixos answers every customer as the seller's own, at Praça da Sé; its seller is the
// one the test wrote down for it.
type clientesFixos map[string]string

func (c clientesFixos) Obter(_ context.Context, id string) (app.ClienteVisita, error) {
	p := se
	return app.ClienteVisita{ID: id, Nome: "Cliente " + id, VendedorID: c[id], Endereco: &p}, nil
}

func (clientesFixos) DefinirCoordenadas(context.Context, string, domain.Ponto) error { return nil }

func como(empresa, operador, perfil string, equipe ...string) context.Context {
	return caller.With(context.Background(), &caller.Caller{Empresa: empresa, Operador: operador, Perfil: perfil, Equipe: equipe})
}

type chaveMes struct{ empresa, vendedor, mes string }

// contagem is the test's own count of a month: the customer-days visited and those with a
// verified check-in, per customer.
type contagem struct {
	dias, verificados map[string]map[string]bool // cliente → dia → seen
}

func (c *contagem) marcar(cliente, dia string, verificado bool) {
	if c.dias[cliente] == nil {
		c.dias[cliente], c.verificados[cliente] = map[string]bool{}, map[string]bool{}
	}
	c.dias[cliente][dia] = true
	if verificado {
		c.verificados[cliente][dia] = true
	}
}

func (c *contagem) total() (int64, int64) {
	var v, ver int64
	for cl := range c.dias {
		v += int64(len(c.dias[cl]))
		ver += int64(len(c.verificados[cl]))
	}
	return v, ver
}

// TestResumoVisitasPropriedade: for generated check-ins (two companies with the same customer
// ids, three sellers, days across a month's end in São Paulo, verified, out-of-radius and
// position-less check-ins, repeated visits on one day, check-outs and automatic ones), every
// figure of the summary equals the test's own count of what it sent, another company's visits
// never count, the recount from the visits agrees and the reconciliation finds no drift.
func TestResumoVisitasPropriedade(t *testing.T) {
	ctx := context.Background()
	st := testkit.Store(t, "crm_field")
	// 02:00 UTC on 2 March: still 1 March in São Paulo; the check-ins go back 7 days, into February.
	agora := time.Date(2026, 3, 2, 2, 0, 0, 0, time.UTC)
	st.SetClock(func() time.Time { return agora })
	col, err := adapters.DeclararVisitas(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	empA, empB := "a-"+uuid.NewString()[:8], "b-"+uuid.NewString()[:8]
	type vendedor struct{ empresa, id string }
	vendedores := []vendedor{{empA, "v1"}, {empA, "v2"}, {empB, "vb"}}
	clientes := []string{"c1", "c2", "c3", "c4"}
	svc := map[string]*app.Visitas{}
	for _, v := range vendedores {
		fixos := clientesFixos{}
		for _, c := range clientes {
			fixos[c] = v.id
		}
		svc[v.empresa+v.id] = &app.Visitas{Col: col, Clientes: fixos}
	}
	seed := time.Now().UnixNano()
	rng := rand.New(rand.NewSource(seed))
	t.Logf("semente %d", seed)
	esperado := map[chaveMes]*contagem{}
	for i := 0; i < 80; i++ {
		v := vendedores[rng.Intn(len(vendedores))]
		cli := clientes[rng.Intn(len(clientes))]
		inicio := agora.Add(-time.Duration(rng.Int63n(int64(7*24*time.Hour - time.Minute))))
		fix := domain.Fix{Precisao: 10, CapturadoEm: inicio.Add(-10 * time.Second)}
		verificado := false
		switch rng.Intn(3) {
		case 0:
			p := se
			fix.Ponto, verificado = &p, true
		case 1:
			fix.Ponto = &domain.Ponto{Latitude: se.Latitude + 0.05, Longitude: se.Longitude} // ~5,5 km
		}
		vctx := como(v.empresa, v.id, caller.Vendedor)
		s := svc[v.empresa+v.id]
		vis, err := s.FazerCheckin(vctx, app.Checkin{ID: uuid.NewString(), ClienteID: cli, Fix: fix, Inicio: inicio})
		if err != nil {
			t.Fatalf("check-in %d: %v", i, err)
		}
		if (vis.Veredito == domain.Verificado) != verificado {
			t.Fatalf("check-in %d: veredito %s, esperado verificado=%v", i, vis.Veredito, verificado)
		}
		k := chaveMes{v.empresa, v.id, inicio.In(domain.Fuso).Format("2006-01")}
		if esperado[k] == nil {
			esperado[k] = &contagem{dias: map[string]map[string]bool{}, verificados: map[string]map[string]bool{}}
		}
		esperado[k].marcar(cli, inicio.In(domain.Fuso).Format(time.DateOnly), verificado)
		if rng.Intn(2) == 0 && vis.Status == domain.StatusEmAndamento {
			if _, err := s.FazerCheckout(vctx, vis.ID, domain.Checkout{Resultado: domain.ResultadoOutro}); err != nil {
				t.Fatalf("check-out %d: %v", i, err)
			}
		}
	}
	if _, err := svc[empA+"v1"].EncerrarVencidas(ctx, agora.Add(48*time.Hour)); err != nil {
		t.Fatal(err)
	}
	// Every figure, read as each company's ADMIN (the other company's rows must not show).
	for _, emp := range []string{empA, empB} {
		admin := como(emp, "admin", caller.Admin)
		s := svc[empA+"v1"]
		for _, mes := range []string{"2026-02", "2026-03"} {
			for _, recontar := range []bool{false, true} {
				r, err := s.ResumoDoMes(admin, mes, "", "", recontar)
				if err != nil {
					t.Fatal(err)
				}
				var want []app.ContagemMes
				for k, c := range esperado {
					if k.empresa == emp && k.mes == mes {
						v, ver := c.total()
						want = append(want, app.ContagemMes{VendedorID: k.vendedor, ContagemVisitas: domain.ContagemVisitas{Visitas: v, Verificadas: ver}})
					}
				}
				sort.Slice(want, func(i, j int) bool { return want[i].VendedorID < want[j].VendedorID })
				if want == nil {
					want = []app.ContagemMes{}
				}
				if !reflect.DeepEqual(r.Vendedores, want) {
					t.Fatalf("empresa %s, %s (recontar=%v): vendedores %+v, esperado %+v (semente %d)", emp, mes, recontar, r.Vendedores, want, seed)
				}
				for _, cli := range clientes {
					r, err := s.ResumoDoMes(admin, mes, "", cli, recontar)
					if err != nil {
						t.Fatal(err)
					}
					var want []app.ContagemMes
					for k, c := range esperado {
						if k.empresa == emp && k.mes == mes && len(c.dias[cli]) > 0 {
							want = append(want, app.ContagemMes{VendedorID: k.vendedor, ClienteID: cli,
								ContagemVisitas: domain.ContagemVisitas{Visitas: int64(len(c.dias[cli])), Verificadas: int64(len(c.verificados[cli]))}})
						}
					}
					sort.Slice(want, func(i, j int) bool { return want[i].VendedorID < want[j].VendedorID })
					if want == nil {
						want = []app.ContagemMes{}
					}
					if !reflect.DeepEqual(r.Clientes, want) {
						t.Fatalf("empresa %s, %s, cliente %s (recontar=%v): %+v, esperado %+v (semente %d)", emp, mes, cli, recontar, r.Clientes, want, seed)
					}
				}
			}
		}
		if n, div, err := col.Resumo.Reconciliar(ctx, col.Visitas, emp, true); err != nil || len(div) != 0 {
			t.Fatalf("reconciliação da empresa %s (%d visitas): %v %+v", emp, n, err, div)
		}
	}
}

// TestResumoVisitasEscopoEReconciliacao: a seller reads only their own figures, and a figure
// broken behind the summary's back is reported by the reconciliation, repaired, and 0 after.
func TestResumoVisitasEscopoEReconciliacao(t *testing.T) {
	ctx := context.Background()
	st := testkit.Store(t, "crm_field")
	col, err := adapters.DeclararVisitas(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	emp := "e-" + uuid.NewString()[:8]
	s := &app.Visitas{Col: col, Clientes: clientesFixos{"c1": "v1"}}
	v1 := como(emp, "v1", caller.Vendedor)
	p := se
	agora := st.Now()
	for i := 0; i < 2; i++ { // twice at c1 today: one visit for the figures
		if _, err := s.FazerCheckin(v1, app.Checkin{ID: uuid.NewString(), ClienteID: "c1", Inicio: agora,
			Fix: domain.Fix{Ponto: &p, Precisao: 5, CapturadoEm: agora}}); err != nil {
			t.Fatal(err)
		}
	}
	mes := domain.MesDaVisita(agora)
	r, err := s.ResumoDoMes(v1, mes, "", "", false)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Vendedores) != 1 || r.Vendedores[0].Visitas != 1 || r.Vendedores[0].Verificadas != 1 {
		t.Fatalf("duas visitas no mesmo cliente e dia contam uma: %+v", r.Vendedores)
	}
	if _, err := s.ResumoDoMes(v1, mes, "v2", "", false); !errs.IsKind(err, errs.KindForbidden) {
		t.Fatalf("vendedor lendo outro vendedor: %v", err)
	}
	if _, err := s.ResumoDoMes(v1, "2026-13", "", "", false); !errs.IsKind(err, errs.KindInvalid) {
		t.Fatalf("mês inválido: %v", err)
	}
	// Drift: a month row moved without a visit.
	if err := st.Apply(ctx, col.Resumo.VendedorMes.Add(emp, &domain.LinhaVisitasVendedorMes{VendedorID: "v1", Mes: mes,
		ContagemVisitas: domain.ContagemVisitas{Visitas: 3}})); err != nil {
		t.Fatal(err)
	}
	_, div, err := col.Resumo.Reconciliar(ctx, col.Visitas, emp, false)
	if err != nil {
		t.Fatal(err)
	}
	want := []app.Divergencia{{Resumo: domain.ResumoVisitasVendedorMes, Chave: "v1|" + mes, Campo: domain.CampoVisitas, Gravado: 4, Recalculado: 1}}
	if !reflect.DeepEqual(div, want) {
		t.Fatalf("divergências %+v, esperado %+v", div, want)
	}
	if _, div, err := col.Resumo.Reconciliar(ctx, col.Visitas, emp, true); err != nil || len(div) != 0 {
		t.Fatalf("depois de corrigir: %v %+v", err, div)
	}
	r, _ = s.ResumoDoMes(v1, mes, "", "", false)
	if fmt.Sprint(r.Vendedores) != fmt.Sprint([]app.ContagemMes{{VendedorID: "v1", ContagemVisitas: domain.ContagemVisitas{Visitas: 1, Verificadas: 1}}}) {
		t.Fatalf("corrigido: %+v", r.Vendedores)
	}
}
