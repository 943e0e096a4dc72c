package domain

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/crmvendas/crm/services/platform/errs"
)

// This file checks Precificar and PrecificarPedido against an independent, deliberately plain
// computation (oraculo): exact fractions (math/big.Rat) written straight from the rules, with its
// own rounding (floor and compare with 1/2) and its own table and rule choices (filter, sort,
// take the first), over hundreds of generated orders.

func rat(p Percentual) *big.Rat { return big.NewRat(int64(p), 10000) }

func um() *big.Rat { return big.NewRat(1, 1) }

func menos(a, b *big.Rat) *big.Rat { return new(big.Rat).Sub(a, b) }
func mais(a, b *big.Rat) *big.Rat  { return new(big.Rat).Add(a, b) }
func vezes(xs ...*big.Rat) *big.Rat {
	r := um()
	for _, x := range xs {
		r.Mul(r, x)
	}
	return r
}
func inteiro(n int64) *big.Rat { return big.NewRat(n, 1) }

// arredondar rounds x to an integer, half to even, by floor and a comparison with 1/2.
func arredondar(x *big.Rat) int64 {
	piso := new(big.Int).Div(x.Num(), x.Denom()) // Euclidean: the floor, as Denom > 0
	resto := menos(x, new(big.Rat).SetInt(piso))
	switch resto.Cmp(big.NewRat(1, 2)) {
	case 1:
		piso.Add(piso, big.NewInt(1))
	case 0:
		if piso.Bit(0) == 1 {
			piso.Add(piso, big.NewInt(1))
		}
	}
	return piso.Int64()
}

type linhaOraculo struct {
	tabela                                            string
	lista, unit, valor, ipi, base, proprio, st, total int64
	flex                                              int64
	descontos, avisos                                 string
}

func oraculoLinha(l Linha, c Cliente, cond CondicaoPagamento, pol Politica, data Data) (linhaOraculo, errs.Reason) {
	p := l.Produto
	if !p.Ativo {
		return linhaOraculo{}, ReasonProdutoInativo
	}
	m := p.MultiploVenda
	if m < 1 {
		m = 1
	}
	if l.Quantidade <= 0 || l.Quantidade%m != 0 {
		return linhaOraculo{}, ReasonQuantidadeInvalida
	}
	if l.DescontoPercentual >= 10000 || l.DescontoPercentual < -10000 {
		return linhaOraculo{}, ReasonDescontoInvalido
	}
	// The table: the first level with a valid table, then the latest start, then the smallest id.
	var escolhida *TabelaPreco
	for nivel := 0; nivel < 4 && escolhida == nil; nivel++ {
		var candidatas []TabelaPreco
		for _, t := range pol.Tabelas {
			if t.ValidadeInicio != "" && data < t.ValidadeInicio || t.ValidadeFim != "" && data > t.ValidadeFim {
				continue
			}
			ok := false
			switch nivel {
			case 0:
				ok = contem(t.Clientes, c.ID)
			case 1:
				ok = contem(t.Regioes, c.RegiaoID)
			case 2:
				ok = contem(t.UFs, c.UF)
			case 3:
				ok = t.Padrao
			}
			if ok {
				candidatas = append(candidatas, t)
			}
		}
		sort.Slice(candidatas, func(i, j int) bool {
			if candidatas[i].ValidadeInicio != candidatas[j].ValidadeInicio {
				return candidatas[i].ValidadeInicio > candidatas[j].ValidadeInicio
			}
			return candidatas[i].ID < candidatas[j].ID
		})
		if len(candidatas) > 0 {
			escolhida = &candidatas[0]
		}
	}
	if escolhida == nil {
		return linhaOraculo{}, ReasonSemTabela
	}
	preco, ok := escolhida.Precos[p.ID]
	if !ok {
		return linhaOraculo{}, ReasonProdutoForaDaTabela
	}
	out := linhaOraculo{tabela: escolhida.ID, lista: preco.PrecoCentavos}
	var ds []Desconto
	if escolhida.Desconto != 0 {
		ds = append(ds, Desconto{OrigemTabela, escolhida.Desconto, escolhida.ID})
	}
	type regra struct {
		id string
		pc Percentual
	}
	maior := func(rs []regra) *regra {
		sort.Slice(rs, func(i, j int) bool {
			if rs[i].pc != rs[j].pc {
				return rs[i].pc > rs[j].pc
			}
			return rs[i].id < rs[j].id
		})
		if len(rs) == 0 || rs[0].pc == 0 {
			return nil
		}
		return &rs[0]
	}
	var promos, volumes []regra
	for _, x := range pol.Promocoes {
		if (x.ProdutoID == p.ID || x.ProdutoID == "" && x.Grupo != "" && x.Grupo == p.Grupo) &&
			(x.Inicio == "" || data >= x.Inicio) && (x.Fim == "" || data <= x.Fim) {
			promos = append(promos, regra{x.ID, x.Percentual})
		}
	}
	for _, x := range pol.DescontosVolume {
		if (x.ProdutoID == p.ID || x.ProdutoID == "" && (x.Grupo == "" || x.Grupo == p.Grupo)) && l.Quantidade >= x.QuantidadeMinima {
			volumes = append(volumes, regra{x.ID, x.Percentual})
		}
	}
	if r := maior(promos); r != nil {
		ds = append(ds, Desconto{OrigemPromocao, r.pc, r.id})
	}
	if r := maior(volumes); r != nil {
		ds = append(ds, Desconto{OrigemVolume, r.pc, r.id})
	}
	antes := inteiro(preco.PrecoCentavos)
	for _, x := range ds {
		antes = vezes(antes, menos(um(), rat(x.Percentual)))
	}
	limite := pol.Vendedor.DescontoMaximo
	for _, g := range pol.LimitesGrupo {
		if g.Grupo == p.Grupo && g.DescontoMaximo < limite {
			limite = g.DescontoMaximo
		}
	}
	d := l.DescontoPercentual
	var avisos []string
	flex := new(big.Rat)
	if pol.FlexPermitido && d > limite {
		if limite != 0 {
			ds = append(ds, Desconto{OrigemVendedor, limite, pol.Vendedor.ID})
		}
		ds = append(ds, Desconto{OrigemFlex, d - limite, pol.Vendedor.ID})
		flex = vezes(antes, rat(limite-d), inteiro(l.Quantidade))
	} else {
		if d != 0 {
			ds = append(ds, Desconto{OrigemVendedor, d, pol.Vendedor.ID})
		}
		if d > limite {
			avisos = append(avisos, string(AvisoDescontoAcimaDoLimite))
		}
		if pol.FlexPermitido && d < 0 {
			flex = vezes(antes, rat(-d), inteiro(l.Quantidade))
		}
	}
	if cond.Acrescimo != 0 {
		ds = append(ds, Desconto{OrigemCondicao, -cond.Acrescimo, cond.ID})
	}
	out.descontos = descontosTexto(ds)
	out.unit = arredondar(vezes(antes, menos(um(), rat(d)), mais(um(), rat(cond.Acrescimo))))
	out.flex = arredondar(flex)
	out.valor = out.unit * l.Quantidade
	if c.Suframa == "" {
		out.ipi = arredondar(vezes(inteiro(out.valor), rat(p.IPI)))
	}
	// ST: the rule with the longest NCM prefix for the customer's UF.
	var st *RegraST
	for i, r := range pol.RegrasST {
		if r.UF == c.UF && r.NCM != "" && len(r.NCM) <= len(p.NCM) && p.NCM[:len(r.NCM)] == r.NCM {
			if st == nil || len(r.NCM) > len(st.NCM) || len(r.NCM) == len(st.NCM) && r.ID < st.ID {
				st = &pol.RegrasST[i]
			}
		}
	}
	if st != nil && c.ContribuinteICMS {
		mva := mais(um(), rat(st.MVA))
		interestadual := c.UF != pol.UFOrigem
		// ALQ intra: the internal rate, or the effective one after the reduction.
		alqIntra := rat(st.AliquotaInterna)
		if st.AliquotaIntraEfetiva {
			alqIntra = vezes(alqIntra, menos(um(), rat(st.ReducaoBase)))
		}
		ajusta := interestadual && !pol.SimplesNacional && st.AjusteMVA != "nao" &&
			(st.AjusteMVA != "se_interna_maior" || alqIntra.Cmp(rat(st.AliquotaInterestadual)) > 0)
		if ajusta {
			// MVA ajustada = (1 + MVA) × (1 − inter) / (1 − ALQ intra) − 1
			mva = new(big.Rat).Quo(vezes(mva, menos(um(), rat(st.AliquotaInterestadual))), menos(um(), alqIntra))
		}
		out.base = arredondar(vezes(inteiro(out.valor+out.ipi), mva, menos(um(), rat(st.ReducaoBase))))
		switch {
		case interestadual:
			out.proprio = arredondar(vezes(inteiro(out.valor), rat(st.AliquotaInterestadual)))
		case st.TipoReducao == "propria_e_st": // CST 70: the own base reduced too (rounded), then its ICMS
			out.proprio = arredondar(vezes(inteiro(arredondar(vezes(inteiro(out.valor), menos(um(), rat(st.ReducaoBase))))), rat(st.AliquotaInterna)))
		default:
			out.proprio = arredondar(vezes(inteiro(out.valor), rat(st.AliquotaInterna)))
		}
		out.st = arredondar(vezes(inteiro(out.base), rat(st.AliquotaInterna))) - out.proprio
		if out.st < 0 {
			out.st = 0
		}
	}
	out.total = out.valor + out.ipi + out.st
	if preco.PrecoMinimoCentavos > 0 && out.unit < preco.PrecoMinimoCentavos {
		avisos = append(avisos, string(AvisoPrecoAbaixoDoMinimo))
	}
	out.avisos = fmt.Sprint(avisos)
	return out, ""
}

func contem(xs []string, s string) bool {
	for _, x := range xs {
		if s != "" && x == s {
			return true
		}
	}
	return false
}

// gerar builds a random but plausible order: a few products, tables at every level with random
// validity, promotions, volume discounts, group caps, ST rules and a customer of SP, MG or PR.
func gerar(r *rand.Rand) ([]Linha, Cliente, CondicaoPagamento, Politica) {
	um := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	pc := func(max int) Percentual { return Percentual(r.IntN(max + 1)) }
	datas := []Data{"", "2025-05-01", "2025-06-14", "2025-06-15", "2025-06-16", "2025-07-01"}
	data := func() Data { return datas[r.IntN(len(datas))] }
	ncms := []string{"22021000", "22029900", "34022000", "19053100"}
	var produtos []Produto
	for i := range 4 {
		p := Produto{ID: fmt.Sprintf("p%d", i), Codigo: fmt.Sprint(100 + i), Grupo: um("BEB", "LIM", "ALI"),
			MultiploVenda: []int64{1, 1, 6, 12}[r.IntN(4)], NCM: ncms[r.IntN(len(ncms))], Ativo: r.IntN(40) > 0}
		switch r.IntN(3) {
		case 1:
			p.IPI = pc(2000)
		case 2:
			p.IPI = []Percentual{325, 500, 1000, 1}[r.IntN(4)]
		}
		produtos = append(produtos, p)
	}
	c := Cliente{ID: um("c1", "c2"), UF: um("SP", "MG", "PR"), RegiaoID: um("", "r1", "r2"), ContribuinteICMS: r.IntN(3) > 0}
	if r.IntN(6) == 0 {
		c.Suframa = "200100203"
	}
	pol := Politica{UFOrigem: "SP", FlexPermitido: r.IntN(2) == 0,
		Vendedor: Vendedor{ID: "v1", DescontoMaximo: pc(1500), SaldoFlexCentavos: int64(r.IntN(20000)), PedidoMinimoCentavos: int64(r.IntN(3)) * int64(r.IntN(100000))}}
	for i := range 1 + r.IntN(5) {
		t := TabelaPreco{ID: fmt.Sprintf("t%d", i), ValidadeInicio: data(), ValidadeFim: data(), Precos: map[string]PrecoTabela{}}
		switch r.IntN(4) {
		case 0:
			t.Padrao = true
		case 1:
			t.UFs = []string{um("SP", "MG", "PR")}
		case 2:
			t.Regioes = []string{um("r1", "r2")}
		case 3:
			t.Clientes = []string{um("c1", "c2")}
		}
		if r.IntN(4) == 0 {
			t.Desconto = pc(3000) - 1000
		}
		for _, p := range produtos {
			if r.IntN(12) > 0 {
				preco := int64(1 + r.IntN(50000))
				if r.IntN(10) == 0 {
					preco = int64(r.IntN(5000000000))
				}
				pr := PrecoTabela{PrecoCentavos: preco}
				if r.IntN(3) == 0 {
					pr.PrecoMinimoCentavos = preco * int64(80+r.IntN(25)) / 100
				}
				t.Precos[p.ID] = pr
			}
		}
		pol.Tabelas = append(pol.Tabelas, t)
	}
	if r.IntN(3) > 0 { // most companies have a default that never ends
		pol.Tabelas = append(pol.Tabelas, TabelaPreco{ID: "padrao", Padrao: true, Precos: map[string]PrecoTabela{"p0": {PrecoCentavos: 999}, "p1": {PrecoCentavos: 12345}, "p2": {PrecoCentavos: 1}, "p3": {PrecoCentavos: 250}}})
	}
	for i := range r.IntN(4) {
		x := Promocao{ID: fmt.Sprintf("pr%d", i), Percentual: pc(3000), Inicio: data(), Fim: data()}
		if r.IntN(2) == 0 {
			x.ProdutoID = produtos[r.IntN(4)].ID
		} else {
			x.Grupo = um("BEB", "LIM", "ALI")
		}
		pol.Promocoes = append(pol.Promocoes, x)
	}
	for i := range r.IntN(4) {
		x := DescontoVolume{ID: fmt.Sprintf("vol%d", i), Percentual: pc(1500), QuantidadeMinima: int64(r.IntN(60))}
		switch r.IntN(3) {
		case 0:
			x.ProdutoID = produtos[r.IntN(4)].ID
		case 1:
			x.Grupo = um("BEB", "LIM", "ALI")
		}
		pol.DescontosVolume = append(pol.DescontosVolume, x)
	}
	for range r.IntN(3) {
		pol.LimitesGrupo = append(pol.LimitesGrupo, LimiteGrupo{Grupo: um("BEB", "LIM", "ALI"), DescontoMaximo: pc(1000)})
	}
	for i := range 2 + r.IntN(8) {
		ncm := ncms[r.IntN(len(ncms))]
		pol.RegrasST = append(pol.RegrasST, RegraST{ID: fmt.Sprintf("st%d", i), NCM: ncm[:2+r.IntN(7)], UF: um("SP", "MG", "PR"),
			MVA: pc(12000), AliquotaInterna: []Percentual{1700, 1800, 1950, 2000, 700}[r.IntN(5)],
			AliquotaInterestadual: []Percentual{400, 700, 1200}[r.IntN(3)], ReducaoBase: []Percentual{0, 0, 1000, 3333}[r.IntN(4)],
			AjusteMVA: []string{"", "", "sempre", "se_interna_maior", "nao"}[r.IntN(5)]})
		if x := &pol.RegrasST[len(pol.RegrasST)-1]; x.ReducaoBase > 0 {
			x.TipoReducao = []string{"", "st", "propria_e_st"}[r.IntN(3)]
			x.AliquotaIntraEfetiva = r.IntN(2) == 0
		}
	}
	pol.SimplesNacional = r.IntN(4) == 0
	cond := CondicaoPagamento{}
	if r.IntN(4) > 0 {
		cond = CondicaoPagamento{ID: "cp", Nome: "28/56", Acrescimo: pc(1000) - 500, ValorMinimoCentavos: int64(r.IntN(2)) * int64(r.IntN(200000))}
		if r.IntN(8) == 0 {
			cond.Clientes = []string{um("c1", "c2")}
		}
	}
	var itens []Linha
	for range 1 + r.IntN(4) {
		p := produtos[r.IntN(4)]
		q := p.MultiploVenda * int64(1+r.IntN(40))
		if r.IntN(25) == 0 {
			q += int64(r.IntN(3)) - 1
		}
		l := Linha{Produto: p, Quantidade: q}
		switch r.IntN(4) {
		case 1:
			l.DescontoPercentual = pc(2500)
		case 2:
			l.DescontoPercentual = -pc(1000)
		case 3:
			l.DescontoPercentual = pc(10100) // now and then 100 % or more: refused
		}
		itens = append(itens, l)
	}
	return itens, c, cond, pol
}

func TestPrecificarIgualAoOraculo(t *testing.T) {
	const casos = 800
	r := rand.New(rand.NewPCG(10, 2025))
	erros, avisos, comST, comFlex := 0, 0, 0, 0
	for n := range casos {
		itens, c, cond, pol := gerar(r)
		got, err := PrecificarPedido(itens, c, cond, pol, hoje)
		desc := fmt.Sprintf("case %d", n)

		// The oracle, line by line; the order's error is the term's, else the first failing line's.
		var motivo errs.Reason
		if cond.ID != "" && len(cond.Clientes) > 0 && !contem(cond.Clientes, c.ID) {
			motivo = ReasonCondicaoNaoPermitida
		}
		var linhas []linhaOraculo
		for _, l := range itens {
			o, m := oraculoLinha(l, c, cond, pol, hoje)
			if m != "" && motivo == "" {
				motivo = m
			}
			linhas = append(linhas, o)
		}
		if motivo != "" {
			erros++
			if !errs.IsReason(err, motivo) {
				t.Fatalf("%s: error %v (%s); want %s\n%+v", desc, err, errs.ReasonOf(err), motivo, itens)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", desc, err)
		}
		var produtos, ipi, st, total, flex int64
		for i, o := range linhas {
			g := got.Itens[i]
			gl := linhaOraculo{tabela: g.TabelaID, lista: g.PrecoListaCentavos, unit: g.PrecoUnitarioCentavos, valor: g.ValorCentavos, ipi: g.IPICentavos,
				base: g.BaseSTCentavos, proprio: g.ICMSProprioCentavos, st: g.STCentavos, total: g.TotalCentavos, flex: g.FlexCentavos,
				descontos: descontosTexto(g.Descontos)}
			var ms []string
			for _, a := range g.Avisos {
				ms = append(ms, string(a.Motivo))
			}
			gl.avisos = fmt.Sprint(ms)
			if gl != o {
				t.Fatalf("%s line %d:\n got  %+v\n want %+v\nline %+v\ncustomer %+v term %+v\npolicy %+v", desc, i, gl, o, itens[i], c, cond, pol)
			}
			produtos += o.valor
			ipi += o.ipi
			st += o.st
			total += o.total
			flex += o.flex
			if o.st > 0 {
				comST++
			}
			if o.flex != 0 {
				comFlex++
			}
		}
		if got.TotalProdutosCentavos != produtos || got.TotalIPICentavos != ipi || got.TotalSTCentavos != st || got.TotalCentavos != total || got.FlexCentavos != flex {
			t.Fatalf("%s: totals %+v", desc, got)
		}
		var want []string
		for _, o := range linhas {
			if o.avisos != "[]" {
				want = append(want, o.avisos[1:len(o.avisos)-1])
			}
		}
		if cond.ValorMinimoCentavos > produtos {
			want = append(want, string(AvisoPedidoAbaixoDoMinimo))
		}
		if pol.Vendedor.PedidoMinimoCentavos > produtos {
			want = append(want, string(AvisoPedidoAbaixoDoMinimo))
		}
		if pol.FlexPermitido && pol.Vendedor.SaldoFlexCentavos+flex < 0 {
			want = append(want, string(AvisoSaldoFlexInsuficiente))
		}
		var ms []string
		for _, a := range got.Avisos {
			ms = append(ms, string(a.Motivo))
		}
		if fmt.Sprint(ms) != fmt.Sprint(want) {
			t.Fatalf("%s: avisos %v; want %v", desc, ms, want)
		}
		if len(ms) > 0 {
			avisos++
		}
	}
	t.Logf("%d orders: %d refused, %d with warnings, %d lines with ST, %d with flex", casos, erros, avisos, comST, comFlex)
	// The generator must reach every branch often enough for the comparison to mean something.
	if erros < casos/10 || erros > casos*4/10 || avisos < casos/5 || comST < casos/3 || comFlex < casos/4 {
		t.Fatalf("generator out of balance: %d refused, %d with warnings, %d with ST, %d with flex", erros, avisos, comST, comFlex)
	}
}
