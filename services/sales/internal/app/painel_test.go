package app_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

type carteirasFixas map[string]int64

func (c carteirasFixas) Ativos(ctx context.Context) (map[string]int64, error) {
	out := map[string]int64{}
	for v, n := range c {
		if caller.From(ctx).Sees(v) {
			out[v] = n
		}
	}
	return out, nil
}

// Property: for generated orders (random sellers, customers, statuses, in May 2026 and the month
// before), the panel of every scope and seller equals an independent computation over the orders
// and the goals, paced on May 2026's working days by the official calendar (20: weekdays less
// Labour Day on Friday the 1st; 7 before Wednesday the 13th, which is one).
func TestPainelIgualAoCalculoDosPedidos(t *testing.T) {
	s := servico(t)
	s.Now = func() time.Time { return time.Date(2026, 5, 13, 15, 0, 0, 0, time.UTC) }
	s.Carteiras = carteirasFixas{"v0": 10, "v1": 8, "v2": 5}
	s.ClientesCarteira = carteiraClientes{} // sem_pedido: sem_pedido_test.go
	const total, passados = 20, 7
	r := rand.New(rand.NewPCG(27, 3))
	conta := map[domain.StatusPedido]bool{"enviado": true, "em_separacao": true, "faturado": true, "entregue": true}
	aberto := map[domain.StatusPedido]bool{"aguardando_aprovacao": true, "enviado": true, "em_separacao": true}
	type fig struct {
		vendido, pedidos, produtos int64
		clientes                   map[string]bool
	}
	porVendedor := map[string]*fig{}
	var emAberto, aguardando int64
	for i := range 300 {
		v := fmt.Sprintf("v%d", r.IntN(3))
		p := &domain.Pedido{VendedorID: v, ClienteID: fmt.Sprintf("c%d", r.IntN(8)), Status: domain.StatusesPedido[r.IntN(len(domain.StatusesPedido))]}
		p.ID = fmt.Sprintf("p%d", i)
		// April or May in São Paulo; 01:00 UTC on 1 May is still April there.
		p.EnviadoEm = time.Date(2026, 4, 1+r.IntN(60), 12, 0, 0, 0, time.UTC)
		if r.IntN(6) == 0 {
			p.EnviadoEm = time.Date(2026, 5, 1, 1, 0, 0, 0, time.UTC)
		}
		p.CriadoEm = p.EnviadoEm
		for range 1 + r.IntN(3) {
			q := int64(1 + r.IntN(9))
			it := domain.ItemPedido{ProdutoID: fmt.Sprintf("prod%d", r.IntN(4)), Grupo: "Bebidas", Quantidade: q, ValorCentavos: q * int64(100+r.IntN(900)), TotalCentavos: q * 1100}
			p.Itens = append(p.Itens, it)
			p.TotalProdutosCentavos += it.ValorCentavos
			p.TotalCentavos += it.TotalCentavos
		}
		ctxV := caller.With(context.Background(), &caller.Caller{Empresa: "e1", Operador: v, Perfil: caller.Vendedor})
		if err := app.AplicarResumos(s, ctxV, "e1", nil, p); err != nil {
			t.Fatal(err)
		}
		if aberto[p.Status] {
			emAberto += p.TotalCentavos
		}
		if p.Status == domain.StatusAguardandoAprovacao {
			aguardando++
		}
		if !conta[p.Status] || domain.MesDe(p.EnviadoEm) != "2026-05" {
			continue
		}
		f := porVendedor[v]
		if f == nil {
			f = &fig{clientes: map[string]bool{}}
			porVendedor[v] = f
		}
		f.vendido += p.TotalProdutosCentavos
		f.pedidos++
		distintos := map[string]bool{}
		for _, it := range p.Itens {
			distintos[it.ProdutoID] = true
		}
		f.produtos += int64(len(distintos))
		f.clientes[p.ClienteID] = true
	}
	// Goals: the valor goals without a cut are the panel's goal; a group's and a quantity goal are not.
	metas := map[string]int64{"v0": 900000, "v1": 50000}
	for v, alvo := range metas {
		for i, m := range []*domain.Meta{
			{Mes: "2026-05", VendedorID: v, Tipo: domain.TipoValor, Alvo: alvo},
			{Mes: "2026-05", VendedorID: v, Tipo: domain.TipoValor, Alvo: 777, Grupo: "Bebidas"},
			{Mes: "2026-05", VendedorID: v, Tipo: domain.TipoQuantidade, Alvo: 30},
			{Mes: "2026-04", VendedorID: v, Tipo: domain.TipoValor, Alvo: 5},
		} {
			m.Meta = store.Meta{ID: fmt.Sprintf("m-%s-%d", v, i)}
			if _, err := s.Metas().Criar(admin("e1"), m); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Another company's order never shows.
	outro := &domain.Pedido{VendedorID: "v0", ClienteID: "c0", Status: domain.StatusEnviado, TotalProdutosCentavos: 999, TotalCentavos: 1000,
		EnviadoEm: time.Date(2026, 5, 12, 15, 0, 0, 0, time.UTC), Itens: []domain.ItemPedido{{Quantidade: 1, ValorCentavos: 999}}}
	outro.ID = "outro"
	if err := app.AplicarResumos(s, admin("e2"), "e2", nil, outro); err != nil {
		t.Fatal(err)
	}
	sup := caller.With(context.Background(), &caller.Caller{Empresa: "e1", Operador: "sup", Perfil: caller.Supervisor, Equipe: []string{"v0", "v1"}})
	vend := func(v string) context.Context {
		return caller.With(context.Background(), &caller.Caller{Empresa: "e1", Operador: v, Perfil: caller.Vendedor})
	}
	pct := func(a, b int64) int64 { // hundredths of a percent, rounded half up
		if a <= 0 || b <= 0 {
			return 0
		}
		return int64(math.Floor(float64(a)*10000/float64(b) + 0.5))
	}
	conferir := func(nome string, ctx context.Context, vendedor string, vendedores []string, ranking bool) {
		t.Helper()
		p, err := s.ObterPainel(ctx, "2026-05", vendedor)
		if err != nil {
			t.Fatalf("%s: %v", nome, err)
		}
		var vendido, pedidos, clientes, meta, carteira, produtos int64
		for _, v := range vendedores {
			if f := porVendedor[v]; f != nil {
				vendido += f.vendido
				pedidos += f.pedidos
				clientes += int64(len(f.clientes))
				produtos += f.produtos
			}
			meta += metas[v]
			carteira += s.Carteiras.(carteirasFixas)[v]
		}
		proj := int64(math.Floor(float64(vendido)*total/(passados+1) + 0.5))
		falta := max(meta-vendido, 0)
		want := app.Painel{Mes: "2026-05", MetaCentavos: meta, VendidoCentavos: vendido, Percentual: pct(vendido, meta),
			FaltaCentavos: falta, DiasUteis: total, DiasUteisPassados: passados, DiasUteisRestantes: total - passados,
			NecessarioPorDiaUtilCentavos: int64(math.Ceil(float64(falta) / (total - passados))), ProjecaoCentavos: proj,
			TicketMedioCentavos: int64(math.Floor(float64(vendido)/float64(pedidos) + 0.5)), Pedidos: pedidos,
			ClientesComPedido: clientes, ClientesCarteira: carteira, PositivacaoPercentual: pct(clientes, carteira),
			MixMedio: int64(math.Floor(float64(produtos)*100/float64(pedidos) + 0.5))}
		got := *p
		if got.SemPedido == nil {
			t.Errorf("%s: sem_pedido ausente", nome)
		}
		got.Metas, got.Ranking, got.EmAbertoCentavos, got.AguardandoAprovacao, got.SemPedido = nil, nil, 0, 0, nil
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got  %+v\n want %+v", nome, got, want)
		}
		if vendido == 0 {
			t.Errorf("%s: nada vendido: o teste não mediu nada", nome)
		}
		for _, m := range p.Metas {
			if m.Mes != "2026-05" || (vendedor != "" && m.VendedorID != vendedor) {
				t.Errorf("%s: meta de fora %+v", nome, m.Meta)
			}
		}
		if !ranking {
			if len(p.Ranking) != 0 {
				t.Errorf("%s: ranking para um vendedor: %+v", nome, p.Ranking)
			}
			return
		}
		vistos := map[string]bool{}
		for i, l := range p.Ranking {
			f := porVendedor[l.VendedorID]
			pr := int64(math.Floor(float64(f.vendido)*total/(passados+1) + 0.5))
			if l.VendidoCentavos != f.vendido || l.MetaCentavos != metas[l.VendedorID] || l.Percentual != pct(f.vendido, metas[l.VendedorID]) ||
				l.ProjecaoCentavos != pr || l.Ritmo != pct(pr, metas[l.VendedorID]) {
				t.Errorf("%s: ranking %+v", nome, l)
			}
			if i > 0 && p.Ranking[i-1].Percentual < l.Percentual {
				t.Errorf("%s: ranking fora de ordem", nome)
			}
			vistos[l.VendedorID] = true
		}
		if len(vistos) != len(rankingDe(ctx)) {
			t.Errorf("%s: ranking com %v", nome, vistos)
		}
	}
	conferir("admin", admin("e1"), "", []string{"v0", "v1", "v2"}, true)
	conferir("admin, v2", admin("e1"), "v2", []string{"v2"}, true)
	conferir("supervisor", sup, "", []string{"v0", "v1"}, true)
	conferir("supervisor, v1", sup, "v1", []string{"v1"}, true)
	for _, v := range []string{"v0", "v1", "v2"} {
		conferir(v, vend(v), "", []string{v}, false)
	}
	// The open total and the orders waiting for approval (not a month's) of the whole company.
	if p, err := s.ObterPainel(admin("e1"), "2026-05", ""); err != nil || p.EmAbertoCentavos != emAberto || emAberto == 0 ||
		p.AguardandoAprovacao != aguardando || aguardando == 0 {
		t.Errorf("em aberto: %+v %v, esperado %d e %d aguardando", p, err, emAberto, aguardando)
	}
	// The other company sees only its own order; out of scope and bad months are refused.
	if p, err := s.ObterPainel(admin("e2"), "2026-05", ""); err != nil || p.VendidoCentavos != 999 || p.Pedidos != 1 || len(p.Metas) != 0 {
		t.Errorf("outra empresa: %+v %v", p, err)
	}
	if _, err := s.ObterPainel(sup, "2026-05", "v2"); !errs.IsKind(err, errs.KindForbidden) {
		t.Errorf("supervisor, vendedor de fora: %v", err)
	}
	if _, err := s.ObterPainel(vend("v0"), "2026-05", "v1"); !errs.IsKind(err, errs.KindForbidden) {
		t.Errorf("vendedor, outro vendedor: %v", err)
	}
	if _, err := s.ObterPainel(admin("e1"), "maio", ""); err == nil || err.(*errs.Error).Fields[0].Field != "mes" {
		t.Errorf("mês inválido: %v", err)
	}
}

// rankingDe is who a ranking lists in the test's data: every seller a caller sees.
func rankingDe(ctx context.Context) []string {
	var out []string
	for _, v := range []string{"v0", "v1", "v2"} {
		if caller.From(ctx).Sees(v) {
			out = append(out, v)
		}
	}
	return out
}
