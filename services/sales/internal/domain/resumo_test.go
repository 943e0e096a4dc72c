package domain

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/store"
)

func TestMesDoPedido(t *testing.T) {
	casos := []struct {
		enviado, criado time.Time
		mes             string
	}{
		{time.Date(2026, 2, 1, 2, 59, 0, 0, time.UTC), time.Time{}, "2026-01"}, // 31/01 23:59 in São Paulo
		{time.Date(2026, 2, 1, 3, 0, 0, 0, time.UTC), time.Time{}, "2026-02"},  // 01/02 00:00
		{time.Date(2025, 12, 31, 12, 0, 0, 0, time.UTC), time.Time{}, "2025-12"},
		{time.Time{}, time.Date(2026, 1, 1, 2, 0, 0, 0, time.UTC), "2025-12"}, // never sent: its creation
	}
	for _, c := range casos {
		p := &Pedido{Meta: store.Meta{CriadoEm: c.criado}, EnviadoEm: c.enviado}
		if got := MesDoPedido(p); got != c.mes {
			t.Errorf("MesDoPedido(%v, %v) = %s, quero %s", c.enviado, c.criado, got, c.mes)
		}
	}
}

func TestPresencaEfeito(t *testing.T) {
	alvo := ChaveResumo{ResumoVendedorMes, "v1|2026-03"}
	casos := []struct {
		delta, novo int64
		clientes    int64 // 0: no effect
	}{
		{1, 1, 1}, {1, 2, 0}, {1, 7, 0}, {-1, 0, -1}, {-1, 1, 0}, {-1, 5, 0},
	}
	for _, c := range casos {
		inc, ok := Presenca{ID: "x", Delta: c.delta, Alvo: alvo}.Efeito(c.novo)
		if ok != (c.clientes != 0) || (ok && (inc.ChaveResumo != alvo || !reflect.DeepEqual(inc.Campos, map[string]int64{CampoClientes: c.clientes}))) {
			t.Errorf("delta %d novo %d: %+v %v", c.delta, c.novo, inc, ok)
		}
	}
}

// resumoPedido is an order of v1 to c1, sent on 2026-03-10, with two items of BEB and one of DOC
// (R$ 100 + R$ 20 + R$ 30 given), freight R$ 15, R$ 3 of the flex balance used.
func resumoPedido() *Pedido {
	return &Pedido{Meta: store.Meta{ID: "o1"}, Status: StatusEnviado, ClienteID: "c1", VendedorID: "v1", EnviadoEm: pedEm,
		Cliente: ClientePedido{RegiaoID: "r1"},
		Itens: []ItemPedido{
			{Grupo: "BEB", Quantidade: 10, ValorCentavos: 10000, TotalCentavos: 10400, PesoGramas: 350},
			{Grupo: "DOC", Quantidade: 4, ValorCentavos: 2000, TotalCentavos: 2000},
			{Grupo: "BEB", Quantidade: 2, Bonificacao: true, BonificacaoCentavos: 3000, PesoGramas: 350},
		},
		TotalProdutosCentavos: 12000, FreteCentavos: 1500, TotalCentavos: 13900, BonificacaoCentavos: 3000, FlexCentavos: -300}
}

func TestVariacaoResumos(t *testing.T) {
	enviado := resumoPedido()
	rascunho := *enviado
	rascunho.Status, rascunho.EnviadoEm = StatusOrcamento, time.Time{}
	// 12 × 350 g of BEB (the given ones weigh too); DOC has no weight.
	ordem := map[string]int64{CampoValor: 12000, CampoTotal: 13900, CampoQuantidade: 16, CampoPedidos: 1, CampoBonificacao: 3000, CampoPeso: 4200}
	want := Variacao{
		Incrementos: []Incremento{
			{ChaveResumo{ResumoClienteEmAberto, "c1"}, map[string]int64{CampoTotal: 13900, CampoPedidos: 1}},
			{ChaveResumo{ResumoClienteMes, "c1|2026-03"}, ordem},
			{ChaveResumo{ResumoClienteVendedorDia, "c1|v1|2026-03-10"}, map[string]int64{CampoPedidos: 1}},
			{ChaveResumo{ResumoFlexVendedor, "v1"}, map[string]int64{CampoFlex: -300}},
			{ChaveResumo{ResumoGrupoVendedorMes, "BEB|v1|2026-03"}, map[string]int64{CampoValor: 10000, CampoTotal: 10400, CampoQuantidade: 12, CampoPedidos: 1, CampoBonificacao: 3000, CampoPeso: 4200}},
			{ChaveResumo{ResumoGrupoVendedorMes, "DOC|v1|2026-03"}, map[string]int64{CampoValor: 2000, CampoTotal: 2000, CampoQuantidade: 4, CampoPedidos: 1}},
			{ChaveResumo{ResumoRegiaoVendedorMes, "r1|v1|2026-03"}, ordem},
			{ChaveResumo{ResumoVendedorMes, "v1|2026-03"}, ordem},
		},
		Presencas: []Presenca{
			{"cliente|c1|2026-03", 1, ChaveResumo{ResumoClienteMes, "c1|2026-03"}},
			{"grupo|BEB|v1|c1|2026-03", 1, ChaveResumo{ResumoGrupoVendedorMes, "BEB|v1|2026-03"}},
			{"grupo|DOC|v1|c1|2026-03", 1, ChaveResumo{ResumoGrupoVendedorMes, "DOC|v1|2026-03"}},
			{"regiao|r1|v1|c1|2026-03", 1, ChaveResumo{ResumoRegiaoVendedorMes, "r1|v1|2026-03"}},
			{"vendedor|v1|c1|2026-03", 1, ChaveResumo{ResumoVendedorMes, "v1|2026-03"}},
		},
	}
	if got := VariacaoResumos(&rascunho, enviado); !reflect.DeepEqual(got, want) {
		t.Fatalf("enviar:\n got %+v\nwant %+v", got, want)
	}
	// The same from nothing (an order created already sent).
	if got := VariacaoResumos(nil, enviado); !reflect.DeepEqual(got, want) {
		t.Fatalf("novo enviado: %+v", got)
	}
	// Cancelled: exactly the opposite.
	cancelado := *enviado
	cancelado.Status = StatusCancelado
	got := VariacaoResumos(enviado, &cancelado)
	if len(got.Incrementos) != len(want.Incrementos) || len(got.Presencas) != len(want.Presencas) {
		t.Fatalf("cancelar: %+v", got)
	}
	for i := range want.Incrementos {
		for f, v := range want.Incrementos[i].Campos {
			if got.Incrementos[i].Campos[f] != -v {
				t.Fatalf("cancelar %s.%s: %d", want.Incrementos[i].ID, f, got.Incrementos[i].Campos[f])
			}
		}
	}
	for i := range want.Presencas {
		if got.Presencas[i].ID != want.Presencas[i].ID || got.Presencas[i].Delta != -1 {
			t.Fatalf("cancelar presença %+v", got.Presencas[i])
		}
	}
	// Nothing moves for a draft's edit or a move that keeps it counting with the same figures.
	aguardando, reprovado, separacao := rascunho, rascunho, *enviado
	aguardando.Status, reprovado.Status, separacao.Status = StatusAguardandoAprovacao, StatusReprovado, StatusEmSeparacao
	aguardando.EnviadoEm = pedEm
	editado := rascunho
	editado.TotalCentavos++
	for nome, par := range map[string][2]*Pedido{"editar": {&rascunho, &editado}, "separar": {enviado, &separacao}, "nada": {nil, nil}} {
		if v := VariacaoResumos(par[0], par[1]); !v.Vazia() {
			t.Errorf("%s: %+v", nome, v)
		}
	}
	// Waiting for approval weighs on the customer's credit only (and counts as waiting); a
	// rejection lifts both.
	for nome, par := range map[string][2]*Pedido{"aguardar": {&rascunho, &aguardando}, "reprovar": {&aguardando, &reprovado}} {
		sinal := int64(1)
		if nome == "reprovar" {
			sinal = -1
		}
		v := VariacaoResumos(par[0], par[1])
		if len(v.Presencas) != 0 || !reflect.DeepEqual(v.Incrementos, []Incremento{
			{ChaveResumo{ResumoClienteEmAberto, "c1"}, map[string]int64{CampoTotal: sinal * 13900, CampoPedidos: sinal, CampoAguardando: sinal}}}) {
			t.Errorf("%s: %+v", nome, v)
		}
	}
	// Invoiced: it leaves the open total and its invoice's value arrives.
	faturado := separacao
	faturado.Status, faturado.FaturadoCentavos = StatusFaturado, 9000
	got = VariacaoResumos(&separacao, &faturado)
	if len(got.Presencas) != 0 || !reflect.DeepEqual(got.Incrementos, []Incremento{
		{ChaveResumo{ResumoClienteEmAberto, "c1"}, map[string]int64{CampoTotal: -13900, CampoPedidos: -1}},
		{ChaveResumo{ResumoClienteMes, "c1|2026-03"}, map[string]int64{CampoFaturado: 9000}},
		{ChaveResumo{ResumoRegiaoVendedorMes, "r1|v1|2026-03"}, map[string]int64{CampoFaturado: 9000}},
		{ChaveResumo{ResumoVendedorMes, "v1|2026-03"}, map[string]int64{CampoFaturado: 9000}},
	}) {
		t.Fatalf("faturar: %+v", got)
	}
	// An id part holding the separator is escaped.
	estranho := *enviado
	estranho.Itens = []ItemPedido{{Grupo: "A|B%", Quantidade: 1}}
	got = VariacaoResumos(nil, &estranho)
	if len(got.Incrementos) != 7 || got.Incrementos[4].ID != "A%7CB%25|v1|2026-03" {
		t.Fatalf("escape: %+v", got.Incrementos)
	}
}

func TestDivergencias(t *testing.T) {
	k := ChaveResumo{ResumoVendedorMes, "v1|2026-03"}
	gravado := Resumos{k: {CampoPedidos: 3, CampoClientes: 2, CampoValor: 0}}
	recalc := Resumos{k: {CampoPedidos: 3, CampoClientes: 1}, {ResumoClienteMes, "c1|2026-03"}: {CampoPedidos: 1}}
	want := []Divergencia{
		{ChaveResumo{ResumoClienteMes, "c1|2026-03"}, CampoPedidos, 0, 1},
		{k, CampoClientes, 2, 1},
	}
	if got := Divergencias(gravado, recalc); !reflect.DeepEqual(got, want) {
		t.Fatalf("%+v", got)
	}
	if got := Divergencias(recalc, recalc); len(got) != 0 {
		t.Fatalf("%+v", got)
	}
}

// lojaContadores stands for the store's counters: Incr adds atomically and answers the new
// values. It applies a Variacao as the handler will: every increment, and every presence
// followed (maybe much later, other operations in between) by its effect.
type lojaContadores struct{ r Resumos }

func (l *lojaContadores) incr(k ChaveResumo, campos map[string]int64) map[string]int64 {
	out := map[string]int64{}
	for f, v := range campos {
		l.r.somar(k, f, v)
		out[f] = l.r[k][f]
	}
	return out
}

// aplicar runs the atomic operations of several changes in a random interleaving (as concurrent
// handlers would): a presence's effect runs at some point after its presence.
func (l *lojaContadores) aplicar(r *rand.Rand, vs ...Variacao) {
	var fila []func()
	for _, v := range vs {
		for _, inc := range v.Incrementos {
			fila = append(fila, func() { l.incr(inc.ChaveResumo, inc.Campos) })
		}
		for _, p := range v.Presencas {
			fila = append(fila, func() {
				novo := l.incr(ChaveResumo{ResumoPresencas, p.ID}, map[string]int64{CampoPedidos: p.Delta})[CampoPedidos]
				if inc, ok := p.Efeito(novo); ok {
					fila = append(fila, func() { l.incr(inc.ChaveResumo, inc.Campos) })
				}
			})
		}
	}
	for len(fila) > 0 {
		i := r.IntN(len(fila))
		op := fila[i]
		fila = append(fila[:i], fila[i+1:]...)
		op()
	}
	l.r.limpar()
}

var brt = time.FixedZone("BRT", -3*3600) // São Paulo has had no summer time since 2019

// oraculoResumos recomputes the summaries directly and simply from the orders, apart from
// the code under test: loops, sets of customers, the month in UTC-3.
func oraculoResumos(pedidos []*Pedido) Resumos {
	out := Resumos{}
	clientes := map[ChaveResumo]map[string]bool{}
	set := func(k ChaveResumo, f string, v int64) {
		if out[k] == nil {
			out[k] = map[string]int64{}
		}
		out[k][f] += v
	}
	for _, p := range pedidos {
		if p.Status != StatusEnviado && p.Status != StatusEmSeparacao && p.Status != StatusFaturado && p.Status != StatusEntregue {
			continue
		}
		set(ChaveResumo{ResumoFlexVendedor, escapar(p.VendedorID)}, CampoFlex, p.FlexCentavos)
		mes := p.EnviadoEm.In(brt).Format("2006-01")
		vend := ChaveResumo{ResumoVendedorMes, escapar(p.VendedorID) + "|" + mes}
		cli := ChaveResumo{ResumoClienteMes, escapar(p.ClienteID) + "|" + mes}
		linhas := []ChaveResumo{vend, cli}
		if p.Cliente.RegiaoID != "" {
			linhas = append(linhas, ChaveResumo{ResumoRegiaoVendedorMes, escapar(p.Cliente.RegiaoID) + "|" + escapar(p.VendedorID) + "|" + mes})
		}
		// resumo_cliente_vendedor_dia: the order once on its day (in UTC-3).
		set(ChaveResumo{ResumoClienteVendedorDia, escapar(p.ClienteID) + "|" + escapar(p.VendedorID) + "|" + p.EnviadoEm.In(brt).Format("2006-01-02")}, CampoPedidos, 1)
		for _, k := range linhas {
			set(k, CampoPedidos, 1)
			set(k, CampoTotal, p.TotalCentavos)
			set(k, CampoFaturado, p.FaturadoCentavos)
			distintos := map[string]bool{}
			for _, it := range p.Itens {
				if it.ProdutoID != "" {
					distintos[it.ProdutoID] = true
				}
			}
			set(k, CampoProdutos, int64(len(distintos)))
			if clientes[k] == nil {
				clientes[k] = map[string]bool{}
			}
			clientes[k][p.ClienteID] = true
		}
		grupos := map[string]bool{}
		for _, it := range p.Itens {
			for _, k := range linhas {
				set(k, CampoValor, it.ValorCentavos)
				set(k, CampoQuantidade, it.Quantidade)
				set(k, CampoBonificacao, it.BonificacaoCentavos)
				set(k, CampoPeso, it.Quantidade*it.PesoGramas)
			}
			g := ChaveResumo{ResumoGrupoVendedorMes, escapar(it.Grupo) + "|" + escapar(p.VendedorID) + "|" + mes}
			set(g, CampoValor, it.ValorCentavos)
			set(g, CampoTotal, it.TotalCentavos)
			set(g, CampoQuantidade, it.Quantidade)
			set(g, CampoBonificacao, it.BonificacaoCentavos)
			set(g, CampoPeso, it.Quantidade*it.PesoGramas)
			if !grupos[it.Grupo] {
				grupos[it.Grupo] = true
				set(g, CampoPedidos, 1)
			}
			if clientes[g] == nil {
				clientes[g] = map[string]bool{}
			}
			clientes[g][p.ClienteID] = true
		}
		// resumo_cliente_produto_dia: a sale's sold items by day and product.
		produtos := map[string]bool{}
		for _, it := range p.Itens {
			if p.Tipo != TipoVenda || it.Bonificacao {
				continue
			}
			k := ChaveResumo{ResumoClienteProdutoDia, escapar(p.ClienteID) + "|" + p.EnviadoEm.In(brt).Format("2006-01-02") + "|" + escapar(it.ProdutoID)}
			set(k, CampoQuantidade, it.Quantidade)
			if !produtos[it.ProdutoID] {
				produtos[it.ProdutoID] = true
				set(k, CampoPedidos, 1)
			}
		}
	}
	for _, p := range pedidos {
		if p.Status == StatusAguardandoAprovacao || p.Status == StatusEnviado || p.Status == StatusEmSeparacao {
			k := ChaveResumo{ResumoClienteEmAberto, escapar(p.ClienteID)}
			set(k, CampoTotal, p.TotalCentavos)
			set(k, CampoPedidos, 1)
			if p.Status == StatusAguardandoAprovacao {
				set(k, CampoAguardando, 1)
			}
		}
	}
	for k, cs := range clientes {
		set(k, CampoClientes, int64(len(cs)))
	}
	out.limpar()
	return out
}

func escapar(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '%':
			b = append(b, "%25"...)
		case '|':
			b = append(b, "%7C"...)
		default:
			b = append(b, s[i])
		}
	}
	return string(b)
}

// semPresencas is a summary set without the presence counters (the oracle has none).
func semPresencas(r Resumos) Resumos {
	out := Resumos{}
	for k, v := range r {
		if k.Resumo != ResumoPresencas {
			out[k] = v
		}
	}
	return out
}

// aleatoriaPrecificacao: 1 to 4 items of random groups (one with the separator), some given; a
// warning now and then (the order then waits for approval).
func aleatoriaPrecificacao(r *rand.Rand) Precificacao {
	grupos := []string{"BEB", "DOC", "LIMP", "", "a|b"}
	var pr Precificacao
	for range 1 + r.IntN(4) {
		it := ItemPedido{Grupo: grupos[r.IntN(len(grupos))], Quantidade: int64(1 + r.IntN(24)), ProdutoID: []string{"p1", "p2", "p|3"}[r.IntN(3)],
			PesoGramas: int64(r.IntN(3) * r.IntN(2000))}
		if r.IntN(5) == 0 {
			it.Bonificacao, it.BonificacaoCentavos = true, int64(r.IntN(5000))
		} else {
			it.ValorCentavos = int64(r.IntN(100000))
			it.IPICentavos, it.STCentavos = it.ValorCentavos/20, int64(r.IntN(300))
			it.TotalCentavos = it.ValorCentavos + it.IPICentavos + it.STCentavos
		}
		pr.Itens = append(pr.Itens, it)
		pr.TotalProdutosCentavos += it.ValorCentavos
		pr.TotalIPICentavos += it.IPICentavos
		pr.TotalSTCentavos += it.STCentavos
		pr.TotalItensCentavos += it.TotalCentavos
		pr.BonificacaoCentavos += it.BonificacaoCentavos
	}
	if r.IntN(2) == 0 {
		pr.FlexCentavos = int64(r.IntN(2001) - 1000)
	}
	if r.IntN(3) == 0 {
		pr.Avisos = []Aviso{{Motivo: AvisoDescontoAcimaDoLimite, Mensagem: "m"}}
	}
	return pr
}

// TestResumosPropriedade: random orders taken through random actions of the real domain methods
// (legal or not), their summary changes applied in random interleavings to counters that behave
// like the store's; after every batch the counters equal RecalcularResumos from scratch, which
// equals a simple independent computation.
func TestResumosPropriedade(t *testing.T) {
	// Moments around month ends in São Paulo.
	momentos := []time.Time{
		time.Date(2026, 2, 1, 2, 30, 0, 0, time.UTC), // 31/01 23:30
		time.Date(2026, 2, 1, 3, 30, 0, 0, time.UTC), // 01/02 00:30
		time.Date(2026, 2, 28, 23, 0, 0, 0, time.UTC),
		time.Date(2026, 3, 1, 2, 59, 59, 0, time.UTC), // 28/02 23:59:59
		time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC),
	}
	vendedores := []string{"v1", "v2", "v3"}
	clientes := []string{"c1", "c2", "c3", "c4", "c5", "c|6"}
	regioes := []string{"", "r1", "r|2"}
	ctxs := []ContextoPedido{pedAtivo, {Cliente: SituacaoCliente{Status: ClienteAtivo}, Verba: VerbaBonificacao{LimiteCentavos: 1 << 40}}}
	admin := Operador{ID: "adm", Perfil: caller.Admin}
	vistos := map[StatusPedido]bool{}
	for semente := range uint64(60) {
		r := rand.New(rand.NewPCG(semente, 11))
		var pedidos []*Pedido
		loja := &lojaContadores{r: Resumos{}}
		for passo := range 300 {
			var lote []Variacao
			for range 1 + r.IntN(3) {
				em := momentos[r.IntN(len(momentos))]
				if len(pedidos) == 0 || r.IntN(6) == 0 {
					d := DadosPedido{ID: fmt.Sprintf("p%d", len(pedidos)), Tipo: TipoVenda, Cliente: ClientePedido{RegiaoID: regioes[r.IntN(len(regioes))]},
						ClienteID: clientes[r.IntN(len(clientes))], VendedorID: vendedores[r.IntN(len(vendedores))]}
					p, err := NovoPedido(d, aleatoriaPrecificacao(r), pedAtivo, d.VendedorID, em)
					if err != nil {
						t.Fatal(err)
					}
					pedidos = append(pedidos, p)
					lote = append(lote, VariacaoResumos(nil, p))
					continue
				}
				p := pedidos[r.IntN(len(pedidos))]
				antes := *p
				switch r.IntN(10) {
				case 0, 1:
					_ = p.Enviar(aleatoriaPrecificacao(r), ctxs[r.IntN(len(ctxs))], p.VendedorID, em)
				case 2:
					_ = p.Aprovar(admin, "", "", em)
				case 3:
					_ = p.Reprovar(admin, "", "não", em)
				case 4:
					_ = p.Cancelar("adm", "motivo", em)
				case 5:
					_ = p.Reabrir(p.VendedorID, "", em)
				case 6:
					d := DadosPedido{Tipo: TipoVenda, ClienteID: clientes[r.IntN(len(clientes))], Cliente: ClientePedido{RegiaoID: regioes[r.IntN(len(regioes))]}}
					_ = p.Editar(d, aleatoriaPrecificacao(r), pedAtivo, em)
				case 7:
					_ = p.AvancarStatus(StatusEmSeparacao, admin, nil, "", em)
				case 8:
					nf := &NotaFiscal{Numero: fmt.Sprint(r.IntN(1000)), ValorCentavos: 1 + r.Int64N(max(p.TotalCentavos, 1))}
					_ = p.AvancarStatus(StatusFaturado, admin, nf, "", em)
				case 9:
					_ = p.AvancarStatus(StatusEntregue, admin, nil, "", em)
				}
				lote = append(lote, VariacaoResumos(&antes, p))
				vistos[p.Status] = true
			}
			loja.aplicar(r, lote...)
			if passo > 40 && passo%8 != 0 && passo != 299 {
				continue // every step while few orders, then every 8th (the counters carry every step's changes)
			}
			recalc := RecalcularResumos(pedidos)
			if d := Divergencias(loja.r, recalc); len(d) > 0 {
				t.Fatalf("semente %d passo %d: incrementos ≠ recálculo: %+v", semente, passo, d)
			}
			if d := Divergencias(semPresencas(recalc), oraculoResumos(pedidos)); len(d) > 0 {
				t.Fatalf("semente %d passo %d: recálculo ≠ oráculo: %+v", semente, passo, d)
			}
		}
	}
	// The sequences reach every status.
	if len(vistos) < len(StatusesPedido) {
		t.Fatalf("só os status %v", vistos)
	}
}
