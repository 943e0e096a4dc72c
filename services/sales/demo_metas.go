package sales

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// DemoMetas are the demo sellers' goals for the months of the demo orders, set from what the
// summaries say they sold so that some are met and some are not: per seller and month a value
// goal (alternately 90 % and 115 % of the month's sales) and a positivação goal (60 %); for the
// two groups each seller sold most in the month, a quantity goal (110 % or 85 %); for the
// three customers who bought most in the latest month, a value goal (120 %); per seller and
// month a weight goal (alternately 95 % and 110 % of the month's grams) and, in the latest month,
// a value goal for each region the seller sold in (alternately 90 % and 110 %).
func DemoMetas(vm []*domain.LinhaVendedorMes, gm []*domain.LinhaGrupoVendedorMes, cm []*domain.LinhaClienteMes, rm []*domain.LinhaRegiaoVendedorMes) []*domain.Meta {
	var out []*domain.Meta
	add := func(id string, m domain.Meta) {
		m.Meta = store.Meta{ID: id}
		if m.Alvo < 1 {
			m.Alvo = 1
		}
		out = append(out, &m)
	}
	pct := func(v, p int64) int64 { return (v*p + 50) / 100 }
	sort.Slice(vm, func(i, j int) bool { return vm[i].Mes+vm[i].VendedorID < vm[j].Mes+vm[j].VendedorID })
	ultimo := ""
	for i, l := range vm {
		fator := int64(90)
		if i%2 == 1 {
			fator = 115
		}
		base := fmt.Sprintf("demo-meta-%s-%s", l.VendedorID, l.Mes)
		add(base+"-valor", domain.Meta{Mes: l.Mes, VendedorID: l.VendedorID, Tipo: domain.TipoValor, Alvo: pct(l.ValorCentavos, fator)})
		add(base+"-positivacao", domain.Meta{Mes: l.Mes, VendedorID: l.VendedorID, Tipo: domain.TipoPositivacao, Alvo: 6000})
		if l.PesoGramas > 0 {
			add(base+"-peso", domain.Meta{Mes: l.Mes, VendedorID: l.VendedorID, Tipo: domain.TipoPeso, Alvo: pct(l.PesoGramas, 205-fator)})
		}
		ultimo = max(ultimo, l.Mes)
	}
	grupos := map[string][]*domain.LinhaGrupoVendedorMes{}
	for _, g := range gm {
		grupos[g.VendedorID+"|"+g.Mes] = append(grupos[g.VendedorID+"|"+g.Mes], g)
	}
	chaves := make([]string, 0, len(grupos))
	for k := range grupos {
		chaves = append(chaves, k)
	}
	sort.Strings(chaves)
	for _, k := range chaves {
		gs := grupos[k]
		sort.Slice(gs, func(i, j int) bool { return gs[i].ValorCentavos > gs[j].ValorCentavos })
		for i, g := range gs[:min(2, len(gs))] {
			fator := int64(110)
			if i == 1 {
				fator = 85
			}
			add(fmt.Sprintf("demo-meta-%s-%s-grupo-%d", g.VendedorID, g.Mes, i+1),
				domain.Meta{Mes: g.Mes, VendedorID: g.VendedorID, Tipo: domain.TipoQuantidade, Grupo: g.Grupo, Alvo: pct(g.Quantidade, fator)})
		}
	}
	var clientes []*domain.LinhaClienteMes
	for _, c := range cm {
		if c.Mes == ultimo && c.VendedorID != "" {
			clientes = append(clientes, c)
		}
	}
	sort.Slice(clientes, func(i, j int) bool { return clientes[i].ValorCentavos > clientes[j].ValorCentavos })
	for i, c := range clientes[:min(3, len(clientes))] {
		add(fmt.Sprintf("demo-meta-%s-cliente-%d", c.Mes, i+1),
			domain.Meta{Mes: c.Mes, VendedorID: c.VendedorID, Tipo: domain.TipoValor, ClienteID: c.ClienteID, Alvo: pct(c.ValorCentavos, 120)})
	}
	sort.Slice(rm, func(i, j int) bool { return rm[i].VendedorID+"|"+rm[i].RegiaoID < rm[j].VendedorID+"|"+rm[j].RegiaoID })
	n := 0
	for _, r := range rm {
		if r.Mes != ultimo || r.ValorCentavos <= 0 {
			continue
		}
		fator := int64(90)
		if n%2 == 1 {
			fator = 110
		}
		n++
		add(fmt.Sprintf("demo-meta-%s-%s-regiao-%s", r.VendedorID, r.Mes, r.RegiaoID),
			domain.Meta{Mes: r.Mes, VendedorID: r.VendedorID, Tipo: domain.TipoValor, RegiaoID: r.RegiaoID, Alvo: pct(r.ValorCentavos, fator)})
	}
	return out
}

// DemoAlvoVisitas is the demo sellers' visits goal for a month (about two a working day).
const DemoAlvoVisitas = 40

// DemoMetasVisitas are a visits goal (DemoAlvoVisitas) for mes for each seller of the demo
// orders' summaries; their achievement is the field service's (the demo visits, then the
// check-ins).
func DemoMetasVisitas(vm []*domain.LinhaVendedorMes, mes string) []*domain.Meta {
	var vendedores []string
	for _, l := range vm {
		if !slices.Contains(vendedores, l.VendedorID) {
			vendedores = append(vendedores, l.VendedorID)
		}
	}
	sort.Strings(vendedores)
	out := make([]*domain.Meta, 0, len(vendedores))
	for _, v := range vendedores {
		out = append(out, &domain.Meta{Meta: store.Meta{ID: fmt.Sprintf("demo-meta-%s-%s-visitas", v, mes)}, Mes: mes, VendedorID: v,
			Tipo: domain.TipoVisitas, Alvo: DemoAlvoVisitas})
	}
	return out
}

// SeedDemoMetas writes the demo goals once (DemoMetas, from the summaries the demo orders left;
// a later start finds goals in the company and changes nothing, whatever orders came since). It
// returns how many it wrote.
func (s *Sales) SeedDemoMetas(ctx context.Context, empresa string) (int, error) {
	sc := store.Company(empresa)
	if ja, err := s.col.Metas.List(ctx, sc, store.Query{PageSize: 1}); err != nil || len(ja.Items) > 0 {
		return 0, err
	}
	r := s.col.Resumos
	vm, err := r.VendedorMes.All(ctx, sc, store.Query{})
	if err != nil {
		return 0, err
	}
	gm, err := r.GrupoVendedorMes.All(ctx, sc, store.Query{})
	if err != nil {
		return 0, err
	}
	cm, err := r.ClienteMes.All(ctx, sc, store.Query{})
	if err != nil {
		return 0, err
	}
	rm, err := r.RegiaoVendedorMes.All(ctx, sc, store.Query{})
	if err != nil {
		return 0, err
	}
	metas := append(DemoMetas(vm, gm, cm, rm), DemoMetasVisitas(vm, domain.MesDe(time.Now()))...)
	for _, m := range metas {
		if err := m.Normalizar(); err != nil {
			return 0, fmt.Errorf("meta demo %s: %w", m.ID, err)
		}
	}
	if len(metas) == 0 {
		return 0, nil
	}
	if err := s.col.Metas.CreateMany(ctx, sc, metas); err != nil {
		return 0, fmt.Errorf("metas demo: %w", err)
	}
	return len(metas), nil
}
