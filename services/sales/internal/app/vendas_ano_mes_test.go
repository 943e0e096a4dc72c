package app_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// Property: for generated orders (random sellers, customers, groups, statuses and send times
// over 30 months, some at the turn of a month in São Paulo), the month-by-month sales of every
// grouping and scope equal an independent sum over the orders, and the change against the year
// before equals the exact ratio.
func TestVendasAnoMesIgualASomaDosPedidos(t *testing.T) {
	s := servico(t)
	sp, err := time.LoadLocation("America/Sao_Paulo")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(23, 5))
	conta := map[domain.StatusPedido]bool{"enviado": true, "em_separacao": true, "faturado": true, "entregue": true}
	type chave struct{ por, linha, mes string }
	esperado := map[string]map[chave][2]int64{} // scope → line × month → valor, pedidos
	somar := func(escopo string, k chave, valor int64) {
		if esperado[escopo] == nil {
			esperado[escopo] = map[chave][2]int64{}
		}
		v := esperado[escopo][k]
		esperado[escopo][k] = [2]int64{v[0] + valor, v[1] + 1}
	}
	equipe := map[string]bool{"v0": true, "v1": true} // the supervisor's (sup) team
	for i := range 400 {
		v := fmt.Sprintf("v%d", r.IntN(3))
		p := &domain.Pedido{VendedorID: v, ClienteID: fmt.Sprintf("c%d", r.IntN(5)), Status: domain.StatusesPedido[r.IntN(len(domain.StatusesPedido))]}
		p.ID = fmt.Sprintf("p%d", i)
		// 2024-01 .. 2026-06; a quarter of them at 01:00 UTC on the 1st: the last day of the month before in São Paulo.
		mes := time.Date(2024, time.Month(1+r.IntN(30)), 1, 0, 0, 0, 0, time.UTC)
		p.EnviadoEm = mes.Add(time.Duration(r.IntN(27*24)+13) * time.Hour)
		if r.IntN(4) == 0 {
			p.EnviadoEm = mes.Add(time.Hour)
		}
		p.CriadoEm = p.EnviadoEm
		grupos := map[string]int64{}
		for range 1 + r.IntN(3) {
			g := []string{"Bebidas", "Doces", ""}[r.IntN(3)]
			q := int64(1 + r.IntN(9))
			it := domain.ItemPedido{Grupo: g, Quantidade: q, ValorCentavos: q * int64(100+r.IntN(900)), TotalCentavos: q * 1100}
			p.Itens = append(p.Itens, it)
			p.TotalProdutosCentavos += it.ValorCentavos
			p.TotalCentavos += it.TotalCentavos
			grupos[g] += it.ValorCentavos
		}
		ctxV := caller.With(context.Background(), &caller.Caller{Empresa: "e1", Operador: v, Perfil: caller.Vendedor})
		if err := app.AplicarResumos(s, ctxV, "e1", nil, p); err != nil {
			t.Fatal(err)
		}
		if !conta[p.Status] {
			continue
		}
		m := p.EnviadoEm.In(sp).Format("2006-01")
		escopos := []string{"admin", v}
		if equipe[v] {
			escopos = append(escopos, "sup")
		}
		for _, e := range escopos {
			somar(e, chave{"vendedor", v, m}, p.TotalProdutosCentavos)
			for g, valor := range grupos {
				somar(e, chave{"grupo", g, m}, valor)
			}
		}
		somar("admin", chave{"cliente", p.ClienteID, m}, p.TotalProdutosCentavos)
	}
	// Another company's orders never show.
	outro := &domain.Pedido{VendedorID: "v0", ClienteID: "c0", Status: domain.StatusEnviado, TotalProdutosCentavos: 999,
		EnviadoEm: time.Date(2025, 6, 10, 15, 0, 0, 0, time.UTC), Itens: []domain.ItemPedido{{Grupo: "Bebidas", Quantidade: 1, ValorCentavos: 999}}}
	outro.ID = "outro"
	if err := app.AplicarResumos(s, admin("e2"), "e2", nil, outro); err != nil {
		t.Fatal(err)
	}
	ctxs := map[string]context.Context{
		"admin": admin("e1"),
		"sup":   caller.With(context.Background(), &caller.Caller{Empresa: "e1", Operador: "sup", Perfil: caller.Supervisor, Equipe: []string{"v0", "v1"}}),
	}
	for _, v := range []string{"v0", "v1", "v2"} {
		ctxs[v] = caller.With(context.Background(), &caller.Caller{Empresa: "e1", Operador: v, Perfil: caller.Vendedor})
	}
	const de, ate = "2025-01", "2026-06" // 18 months, with a year of base before
	meses := 0
	for escopo, ctx := range ctxs {
		for _, por := range []string{"vendedor", "grupo", "cliente"} {
			if por == "cliente" && escopo != "admin" {
				continue // a customer's month belongs to the seller of its latest order: checked for ADMIN
			}
			ls, err := s.VendasAnoMes(ctx, de, ate, por, "")
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]bool{}
			var totais []int64
			for _, l := range ls {
				got[l.Chave] = true
				var total int64
				if len(l.Meses) != 18 || l.Meses[0].Mes != de || l.Meses[17].Mes != ate {
					t.Fatalf("%s/%s %s: meses %v", escopo, por, l.Chave, l.Meses)
				}
				for _, m := range l.Meses {
					want := esperado[escopo][chave{por, l.Chave, m.Mes}]
					if m.ValorCentavos != want[0] || m.Pedidos != want[1] {
						t.Errorf("%s/%s %s %s: %d em %d pedidos, esperado %d em %d", escopo, por, l.Chave, m.Mes, m.ValorCentavos, m.Pedidos, want[0], want[1])
					}
					mm, _ := time.Parse("2006-01", m.Mes)
					base := esperado[escopo][chave{por, l.Chave, mm.AddDate(-1, 0, 0).Format("2006-01")}][0]
					switch {
					case base == 0 && m.Variacao != nil:
						t.Errorf("%s/%s %s %s: variação %v sem base", escopo, por, l.Chave, m.Mes, *m.Variacao)
					case base != 0 && (m.Variacao == nil || math.Abs(float64(*m.Variacao)/100-(float64(m.ValorCentavos)/float64(base)-1)*100) > 0.005+1e-9): // half a hundredth: the rounding
						t.Errorf("%s/%s %s %s: variação %v, valor %d, base %d", escopo, por, l.Chave, m.Mes, m.Variacao, m.ValorCentavos, base)
					}
					total += m.ValorCentavos
					meses++
				}
				totais = append(totais, total)
				if por == "grupo" && l.Chave == "" && l.Nome != app.MsgSemGrupo {
					t.Errorf("grupo vazio: nome %q", l.Nome)
				}
			}
			if !sort.SliceIsSorted(totais, func(i, j int) bool { return totais[i] > totais[j] }) {
				t.Errorf("%s/%s: linhas fora de ordem: %v", escopo, por, totais)
			}
			// Every line with sales in the span is there, and no other.
			for k := range esperado[escopo] {
				if k.por == por && k.mes >= de && k.mes <= ate && !got[k.linha] {
					t.Errorf("%s/%s: falta a linha %s", escopo, por, k.linha)
				}
			}
			for k := range got {
				if por == "vendedor" && escopo != "admin" && !(k == escopo || escopo == "sup" && equipe[k]) {
					t.Errorf("%s vê o vendedor %s", escopo, k)
				}
			}
		}
	}
	if meses < 500 {
		t.Fatalf("só %d meses comparados: o teste não mediu nada", meses)
	}
	// One seller of the team; one outside it; the other company sees only its own order.
	ls, err := s.VendasAnoMes(ctxs["sup"], de, ate, "vendedor", "v1")
	if err != nil || len(ls) != 1 || ls[0].Chave != "v1" {
		t.Errorf("supervisor, um vendedor: %v %v", ls, err)
	}
	if _, err := s.VendasAnoMes(ctxs["sup"], de, ate, "vendedor", "v2"); !errs.IsKind(err, errs.KindForbidden) {
		t.Errorf("supervisor, vendedor de fora: %v", err)
	}
	if _, err := s.VendasAnoMes(ctxs["v0"], de, ate, "grupo", "v1"); !errs.IsKind(err, errs.KindForbidden) {
		t.Errorf("vendedor, outro vendedor: %v", err)
	}
	ls, err = s.VendasAnoMes(admin("e2"), de, ate, "cliente", "")
	if err != nil || len(ls) != 1 || ls[0].Meses[5].ValorCentavos != 999 {
		t.Errorf("outra empresa: %v %v", ls, err)
	}
	// Bad spans and groupings, each at its field.
	for _, c := range []struct{ de, ate, por, campo string }{
		{"2024-01", "2026-01", "", "ate"}, // 25 months
		{"2026-02", "2026-01", "", "de"},
		{"2026-1", "2026-06", "", "de"},
		{"", "junho", "", "ate"},
		{"", "", "produto", "por"},
	} {
		_, err := s.VendasAnoMes(ctxs["admin"], c.de, c.ate, c.por, "")
		e, _ := err.(*errs.Error)
		if e == nil || len(e.Fields) != 1 || e.Fields[0].Field != c.campo || !strings.Contains(e.Message, " ") {
			t.Errorf("%+v: %v", c, err)
		}
	}
	// 24 months is the limit, not over it.
	if _, err := s.VendasAnoMes(ctxs["admin"], "2024-07", "2026-06", "", ""); err != nil {
		t.Errorf("24 meses: %v", err)
	}
}
