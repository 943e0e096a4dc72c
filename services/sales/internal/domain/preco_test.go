package domain

import (
	"reflect"
	"strings"
	"testing"

	"github.com/crmvendas/crm/services/platform/errs"
)

const hoje Data = "2025-06-15"

// cenario is a line of 10 units of product 123 (R$ 10,00 in the default table, no IPI, no ST)
// for a non-contributor customer in SP, no term, a seller with a 5 % cap and no flex.
type cenario struct {
	l    Linha
	c    Cliente
	cond CondicaoPagamento
	pol  Politica
}

func novoCenario() *cenario {
	return &cenario{
		l: Linha{Produto: Produto{ID: "p1", Codigo: "123", Grupo: "BEB", MultiploVenda: 1, NCM: "22021000", Ativo: true}, Quantidade: 10},
		c: Cliente{ID: "c1", UF: "SP", RegiaoID: "r1"},
		pol: Politica{
			UFOrigem: "SP",
			Tabelas:  []TabelaPreco{{ID: "t0", Padrao: true, ValidadeInicio: "2025-01-01", Precos: map[string]PrecoTabela{"p1": {PrecoCentavos: 1000}}}},
			Vendedor: Vendedor{ID: "v1", DescontoMaximo: 500},
		},
	}
}

func tabela(id string, preco int64) TabelaPreco {
	return TabelaPreco{ID: id, ValidadeInicio: "2025-01-01", Precos: map[string]PrecoTabela{"p1": {PrecoCentavos: preco}}}
}

// quatroNiveis adds a table for the customer (R$ 7), its region (R$ 8) and its state (R$ 9).
func quatroNiveis(s *cenario) {
	cli, reg, uf := tabela("tc", 700), tabela("tr", 800), tabela("tu", 900)
	cli.Clientes, reg.Regioes, uf.UFs = []string{"c1"}, []string{"r1"}, []string{"SP"}
	s.pol.Tabelas = append(s.pol.Tabelas, uf, reg, cli)
}

func semTabela(id string) func(*cenario) {
	return func(s *cenario) {
		s.pol.Tabelas = slicesDelete(s.pol.Tabelas, id)
	}
}

func slicesDelete(t []TabelaPreco, id string) []TabelaPreco {
	var out []TabelaPreco
	for _, x := range t {
		if x.ID != id {
			out = append(out, x)
		}
	}
	return out
}

type esperado struct {
	tabela    string
	unit      int64
	descontos string // "origem pc regra; …" in order
	ipi, st   int64
	baseST    int64
	proprio   int64
	total     int64
	flex      int64
	avisos    string // motivos, space-separated
	erro      errs.Reason
}

func descontosTexto(ds []Desconto) string {
	var p []string
	for _, d := range ds {
		p = append(p, string(d.Origem)+" "+d.Percentual.Decimal()+" "+d.RegraID)
	}
	return strings.Join(p, "; ")
}

func avisosTexto(as []Aviso) string {
	var p []string
	for _, a := range as {
		p = append(p, string(a.Motivo))
	}
	return strings.Join(p, " ")
}

func conferir(t *testing.T, r ResultadoLinha, err error, w esperado) {
	t.Helper()
	if w.erro != "" {
		if !errs.IsReason(err, w.erro) {
			t.Fatalf("error %v (%s); want %s", err, errs.ReasonOf(err), w.erro)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if w.tabela != "" && r.TabelaID != w.tabela {
		t.Errorf("table %s; want %s", r.TabelaID, w.tabela)
	}
	if r.PrecoUnitarioCentavos != w.unit {
		t.Errorf("unit %d; want %d", r.PrecoUnitarioCentavos, w.unit)
	}
	if r.ValorCentavos != r.PrecoUnitarioCentavos*r.Quantidade {
		t.Errorf("valor %d ≠ unit × quantity", r.ValorCentavos)
	}
	if got := descontosTexto(r.Descontos); got != w.descontos {
		t.Errorf("descontos %q; want %q", got, w.descontos)
	}
	if r.IPICentavos != w.ipi || r.STCentavos != w.st || r.BaseSTCentavos != w.baseST || r.ICMSProprioCentavos != w.proprio {
		t.Errorf("ipi %d st %d base %d próprio %d; want %d %d %d %d", r.IPICentavos, r.STCentavos, r.BaseSTCentavos, r.ICMSProprioCentavos, w.ipi, w.st, w.baseST, w.proprio)
	}
	total := w.total
	if total == 0 {
		total = w.unit*r.Quantidade + w.ipi + w.st
	}
	if r.TotalCentavos != total {
		t.Errorf("total %d; want %d", r.TotalCentavos, total)
	}
	if r.FlexCentavos != w.flex {
		t.Errorf("flex %d; want %d", r.FlexCentavos, w.flex)
	}
	if got := avisosTexto(r.Avisos); got != w.avisos {
		t.Errorf("avisos %q; want %q", got, w.avisos)
	}
}

func TestPrecificarRegras(t *testing.T) {
	casos := []struct {
		nome  string
		mudar func(*cenario)
		want  esperado
	}{
		{"só o preço da tabela padrão", nil, esperado{tabela: "t0", unit: 1000}},

		// Which table.
		{"a tabela do cliente vence região, UF e padrão", quatroNiveis, esperado{tabela: "tc", unit: 700}},
		{"sem a do cliente, a da região", func(s *cenario) { quatroNiveis(s); semTabela("tc")(s) }, esperado{tabela: "tr", unit: 800}},
		{"sem a da região, a da UF", func(s *cenario) { quatroNiveis(s); semTabela("tc")(s); semTabela("tr")(s) }, esperado{tabela: "tu", unit: 900}},
		{"cliente de outra região e UF fica com a padrão", func(s *cenario) { quatroNiveis(s); s.c = Cliente{ID: "c9", UF: "PR", RegiaoID: "r2"} }, esperado{tabela: "t0", unit: 1000}},
		{"tabela vencida não vale", func(s *cenario) { quatroNiveis(s); s.pol.Tabelas[3].ValidadeFim = "2025-06-14" }, esperado{tabela: "tr", unit: 800}},
		{"tabela ainda não vigente não vale", func(s *cenario) { quatroNiveis(s); s.pol.Tabelas[3].ValidadeInicio = "2025-06-16" }, esperado{tabela: "tr", unit: 800}},
		{"vigência inclui o último dia", func(s *cenario) { quatroNiveis(s); s.pol.Tabelas[3].ValidadeFim = hoje }, esperado{tabela: "tc", unit: 700}},
		{"vigência inclui o primeiro dia", func(s *cenario) { quatroNiveis(s); s.pol.Tabelas[3].ValidadeInicio = hoje }, esperado{tabela: "tc", unit: 700}},
		{"no mesmo nível vence o início mais recente", func(s *cenario) {
			n := tabela("t1", 1100)
			n.Padrao, n.ValidadeInicio = true, "2025-06-01"
			s.pol.Tabelas = append(s.pol.Tabelas, n)
		}, esperado{tabela: "t1", unit: 1100}},
		{"no mesmo nível e início, o menor id", func(s *cenario) {
			n := tabela("a0", 1100)
			n.Padrao = true
			s.pol.Tabelas = append(s.pol.Tabelas, n)
		}, esperado{tabela: "a0", unit: 1100}},
		{"produto fora da tabela do cliente não é vendido, mesmo na padrão", func(s *cenario) {
			quatroNiveis(s)
			delete(s.pol.Tabelas[3].Precos, "p1")
		}, esperado{erro: ReasonProdutoForaDaTabela}},
		{"sem tabela vigente", func(s *cenario) { s.pol.Tabelas[0].ValidadeFim = "2025-05-31" }, esperado{erro: ReasonSemTabela}},

		// Line checks.
		{"quantidade múltipla do múltiplo de venda", func(s *cenario) { s.l.Produto.MultiploVenda = 12; s.l.Quantidade = 24 }, esperado{unit: 1000}},
		{"quantidade fora do múltiplo", func(s *cenario) { s.l.Produto.MultiploVenda = 12; s.l.Quantidade = 18 }, esperado{erro: ReasonQuantidadeInvalida}},
		{"quantidade zero", func(s *cenario) { s.l.Quantidade = 0 }, esperado{erro: ReasonQuantidadeInvalida}},
		{"quantidade negativa", func(s *cenario) { s.l.Quantidade = -12 }, esperado{erro: ReasonQuantidadeInvalida}},
		{"produto inativo", func(s *cenario) { s.l.Produto.Ativo = false }, esperado{erro: ReasonProdutoInativo}},
		{"desconto de 100%", func(s *cenario) { s.l.DescontoPercentual = 10000 }, esperado{erro: ReasonDescontoInvalido}},
		{"acréscimo acima de 100%", func(s *cenario) { s.l.DescontoPercentual = -10001 }, esperado{erro: ReasonDescontoInvalido}},
		{"condição de outros clientes", func(s *cenario) { s.cond = CondicaoPagamento{ID: "cp", Nome: "28 dias", Clientes: []string{"c2"}} }, esperado{erro: ReasonCondicaoNaoPermitida}},
		{"condição do cliente", func(s *cenario) {
			s.cond = CondicaoPagamento{ID: "cp", Nome: "28 dias", Clientes: []string{"c2", "c1"}}
		}, esperado{unit: 1000}},

		// Each discount alone.
		{"desconto da tabela", func(s *cenario) { s.pol.Tabelas[0].Desconto = 1000 }, esperado{unit: 900, descontos: "tabela 10 t0"}},
		{"acréscimo da tabela", func(s *cenario) { s.pol.Tabelas[0].Desconto = -500 }, esperado{unit: 1050, descontos: "tabela -5 t0"}},
		{"promoção do produto", func(s *cenario) {
			s.pol.Promocoes = []Promocao{{ID: "pr1", ProdutoID: "p1", Percentual: 500, Inicio: "2025-06-01", Fim: "2025-06-30"}}
		}, esperado{unit: 950, descontos: "promocao 5 pr1"}},
		{"promoção do grupo", func(s *cenario) { s.pol.Promocoes = []Promocao{{ID: "pr2", Grupo: "BEB", Percentual: 750}} }, esperado{unit: 925, descontos: "promocao 7.5 pr2"}},
		{"promoção de outro grupo não vale", func(s *cenario) { s.pol.Promocoes = []Promocao{{ID: "pr2", Grupo: "LIM", Percentual: 750}} }, esperado{unit: 1000}},
		{"promoção vencida não vale", func(s *cenario) {
			s.pol.Promocoes = []Promocao{{ID: "pr1", ProdutoID: "p1", Percentual: 500, Inicio: "2025-05-01", Fim: "2025-05-31"}}
		}, esperado{unit: 1000}},
		{"das promoções, a maior", func(s *cenario) {
			s.pol.Promocoes = []Promocao{{ID: "pr1", ProdutoID: "p1", Percentual: 500}, {ID: "pr2", Grupo: "BEB", Percentual: 800}, {ID: "pr3", ProdutoID: "p1", Percentual: 300}}
		}, esperado{unit: 920, descontos: "promocao 8 pr2"}},
		{"volume a partir de 10", func(s *cenario) {
			s.pol.DescontosVolume = []DescontoVolume{{ID: "vol", ProdutoID: "p1", QuantidadeMinima: 10, Percentual: 300}}
		}, esperado{unit: 970, descontos: "volume 3 vol"}},
		{"volume não alcançado", func(s *cenario) {
			s.pol.DescontosVolume = []DescontoVolume{{ID: "vol", ProdutoID: "p1", QuantidadeMinima: 11, Percentual: 300}}
		}, esperado{unit: 1000}},
		{"volume: a maior faixa alcançada", func(s *cenario) {
			s.l.Quantidade = 50
			s.pol.DescontosVolume = []DescontoVolume{{ID: "v10", Grupo: "BEB", QuantidadeMinima: 10, Percentual: 200}, {ID: "v50", Grupo: "BEB", QuantidadeMinima: 50, Percentual: 400}, {ID: "v100", QuantidadeMinima: 100, Percentual: 600}}
		}, esperado{unit: 960, descontos: "volume 4 v50"}},
		{"volume de todos os produtos", func(s *cenario) {
			s.pol.DescontosVolume = []DescontoVolume{{ID: "vt", QuantidadeMinima: 1, Percentual: 100}}
		}, esperado{unit: 990, descontos: "volume 1 vt"}},
		{"desconto do vendedor até o limite", func(s *cenario) { s.l.DescontoPercentual = 500 }, esperado{unit: 950, descontos: "vendedor 5 v1"}},
		{"desconto do vendedor acima do limite, sem flex", func(s *cenario) { s.l.DescontoPercentual = 800 }, esperado{unit: 920, descontos: "vendedor 8 v1", avisos: "DESCONTO_ACIMA_DO_LIMITE"}},
		{"o limite do grupo, menor, vale", func(s *cenario) {
			s.l.DescontoPercentual = 300
			s.pol.LimitesGrupo = []LimiteGrupo{{Grupo: "BEB", DescontoMaximo: 200}}
		}, esperado{unit: 970, descontos: "vendedor 3 v1", avisos: "DESCONTO_ACIMA_DO_LIMITE"}},
		{"o limite do grupo, maior, não aumenta o do vendedor", func(s *cenario) {
			s.l.DescontoPercentual = 600
			s.pol.LimitesGrupo = []LimiteGrupo{{Grupo: "BEB", DescontoMaximo: 1000}}
		}, esperado{unit: 940, descontos: "vendedor 6 v1", avisos: "DESCONTO_ACIMA_DO_LIMITE"}},
		{"promoção e volume não contam no limite do vendedor", func(s *cenario) {
			s.pol.Promocoes = []Promocao{{ID: "pr", ProdutoID: "p1", Percentual: 2000}}
			s.l.DescontoPercentual = 500
		}, esperado{unit: 760, descontos: "promocao 20 pr; vendedor 5 v1"}},
		{"flex paga o que passa do limite", func(s *cenario) { s.pol.FlexPermitido = true; s.l.DescontoPercentual = 800 }, esperado{unit: 920, descontos: "vendedor 5 v1; flex 3 v1", flex: -300}},
		{"vender acima do preço credita o flex", func(s *cenario) { s.pol.FlexPermitido = true; s.l.DescontoPercentual = -200 }, esperado{unit: 1020, descontos: "vendedor -2 v1", flex: 200}},
		{"sem flex, vender acima não credita", func(s *cenario) { s.l.DescontoPercentual = -200 }, esperado{unit: 1020, descontos: "vendedor -2 v1"}},
		{"flex vale sobre o preço antes do vendedor", func(s *cenario) {
			s.pol.FlexPermitido = true
			s.pol.Promocoes = []Promocao{{ID: "pr", ProdutoID: "p1", Percentual: 1000}}
			s.l.DescontoPercentual = 700
		}, esperado{unit: 837, descontos: "promocao 10 pr; vendedor 5 v1; flex 2 v1", flex: -180}}, // 900 × 0,93 = 837; 900 × 2 % × 10 = 180
		{"acréscimo da condição", func(s *cenario) { s.cond = CondicaoPagamento{ID: "cp", Nome: "90 dias", Acrescimo: 200} }, esperado{unit: 1020, descontos: "condicao -2 cp"}},
		{"desconto da condição", func(s *cenario) { s.cond = CondicaoPagamento{ID: "pix", Nome: "PIX", Acrescimo: -300} }, esperado{unit: 970, descontos: "condicao 3 pix"}},

		// Combined, compounding in the fixed order, rounded once.
		{"todos os descontos juntos", func(s *cenario) {
			s.pol.Promocoes = []Promocao{{ID: "pr", ProdutoID: "p1", Percentual: 500}}
			s.pol.DescontosVolume = []DescontoVolume{{ID: "vol", ProdutoID: "p1", QuantidadeMinima: 10, Percentual: 300}}
			s.l.DescontoPercentual = 200
			s.cond = CondicaoPagamento{ID: "cp", Nome: "90 dias", Acrescimo: 200}
		}, esperado{unit: 921, descontos: "promocao 5 pr; volume 3 vol; vendedor 2 v1; condicao -2 cp"}}, // 1000 × 0,95 × 0,97 × 0,98 × 1,02 = 921,1314
		{"meio centavo vai para o par (para baixo)", func(s *cenario) {
			s.pol.Tabelas[0].Precos["p1"] = PrecoTabela{PrecoCentavos: 1001}
			s.pol.Tabelas[0].Desconto = 5000
		}, esperado{unit: 500, descontos: "tabela 50 t0"}},
		{"meio centavo vai para o par (para cima)", func(s *cenario) {
			s.pol.Tabelas[0].Precos["p1"] = PrecoTabela{PrecoCentavos: 1003}
			s.pol.Tabelas[0].Desconto = 5000
		}, esperado{unit: 502, descontos: "tabela 50 t0"}},
		{"sem arredondar entre passos: 1001 × 0,5 × 0,99 = 495,495", func(s *cenario) {
			s.pol.Tabelas[0].Precos["p1"] = PrecoTabela{PrecoCentavos: 1001}
			s.pol.Tabelas[0].Desconto = 5000
			s.l.DescontoPercentual = 100
		}, esperado{unit: 495, descontos: "tabela 50 t0; vendedor 1 v1"}}, // rounding 500,5 → 500 first would give 495 too; 1003: 496,485 → 496, while 502 × 0,99 = 496,98 → 497
		{"sem arredondar entre passos: 1003 × 0,5 × 0,99 = 496,485", func(s *cenario) {
			s.pol.Tabelas[0].Precos["p1"] = PrecoTabela{PrecoCentavos: 1003}
			s.pol.Tabelas[0].Desconto = 5000
			s.l.DescontoPercentual = 100
		}, esperado{unit: 496, descontos: "tabela 50 t0; vendedor 1 v1"}},

		// Minimum price.
		{"preço abaixo do mínimo", func(s *cenario) {
			s.pol.Tabelas[0].Precos["p1"] = PrecoTabela{PrecoCentavos: 1000, PrecoMinimoCentavos: 960}
			s.l.DescontoPercentual = 500
		}, esperado{unit: 950, descontos: "vendedor 5 v1", avisos: "PRECO_ABAIXO_DO_MINIMO"}},
		{"preço igual ao mínimo", func(s *cenario) {
			s.pol.Tabelas[0].Precos["p1"] = PrecoTabela{PrecoCentavos: 1000, PrecoMinimoCentavos: 950}
			s.l.DescontoPercentual = 500
		}, esperado{unit: 950, descontos: "vendedor 5 v1"}},
		{"acima do limite e abaixo do mínimo", func(s *cenario) {
			s.pol.Tabelas[0].Precos["p1"] = PrecoTabela{PrecoCentavos: 1000, PrecoMinimoCentavos: 960}
			s.l.DescontoPercentual = 600
		}, esperado{unit: 940, descontos: "vendedor 6 v1", avisos: "DESCONTO_ACIMA_DO_LIMITE PRECO_ABAIXO_DO_MINIMO"}},

		// IPI.
		{"IPI sobre o valor da linha", func(s *cenario) { s.l.Produto.IPI = 325 }, esperado{unit: 1000, ipi: 325}},
		{"IPI: meio centavo vai para o par (para baixo)", func(s *cenario) {
			s.l.Quantidade = 1
			s.l.Produto.IPI = 100
			s.pol.Tabelas[0].Precos["p1"] = PrecoTabela{PrecoCentavos: 250}
		}, esperado{unit: 250, ipi: 2}}, // 2,5 → 2
		{"IPI: meio centavo vai para o par (para cima)", func(s *cenario) {
			s.l.Quantidade = 1
			s.l.Produto.IPI = 100
			s.pol.Tabelas[0].Precos["p1"] = PrecoTabela{PrecoCentavos: 350}
		}, esperado{unit: 350, ipi: 4}}, // 3,5 → 4
		{"IPI: acima do meio sobe", func(s *cenario) {
			s.l.Quantidade = 1
			s.l.Produto.IPI = 5
			s.pol.Tabelas[0].Precos["p1"] = PrecoTabela{PrecoCentavos: 1050}
		}, esperado{unit: 1050, ipi: 1}}, // 0,525 → 1
		{"cliente com Suframa não paga IPI", func(s *cenario) { s.l.Produto.IPI = 1000; s.c.Suframa = "200100203" }, esperado{unit: 1000}},
	}
	for _, c := range casos {
		t.Run(c.nome, func(t *testing.T) {
			s := novoCenario()
			if c.mudar != nil {
				c.mudar(s)
			}
			r, err := Precificar(s.l, s.c, s.cond, s.pol, hoje)
			conferir(t, r, err, c.want)
		})
	}
}

// stCenario: 12 units of product 123 at R$ 10,00 (R$ 120,00), IPI 4 %, NCM 2202.10.00, sold by a
// company in SP to an ICMS contributor in SP (the README's worked examples).
func stCenario() *cenario {
	s := novoCenario()
	s.l.Quantidade = 12
	s.l.Produto.IPI = 400
	s.c.ContribuinteICMS = true
	s.pol.RegrasST = []RegraST{
		{ID: "st-sp", NCM: "2202", UF: "SP", MVA: 4000, AliquotaInterna: 1800, AliquotaInterestadual: 1200},
		{ID: "st-mg", NCM: "22021000", UF: "MG", MVA: 4000, AliquotaInterna: 1800, AliquotaInterestadual: 1200},
	}
	return s
}

func TestICMSST(t *testing.T) {
	casos := []struct {
		nome  string
		mudar func(*cenario)
		want  esperado
	}{
		// base = (12.000 + 480) × 1,40 = 17.472; próprio = 12.000 × 18 % = 2.160;
		// ST = 17.472 × 18 % = 3.144,96 → 3.145 − 2.160 = 985.
		{"exemplo dentro do estado (SP → SP)", nil, esperado{unit: 1000, ipi: 480, baseST: 17472, proprio: 2160, st: 985, total: 13465}},
		// MVA ajustada = 1,40 × 0,88 / 0,82 − 1 = 50,2439…%; base = 12.480 × 1,232 / 0,82 =
		// 18.750,439… → 18.750; próprio = 12.000 × 12 % = 1.440; ST = 18.750 × 18 % = 3.375 − 1.440 = 1.935.
		{"exemplo entre estados (SP → MG, MVA ajustada)", func(s *cenario) { s.c.UF = "MG" }, esperado{unit: 1000, ipi: 480, baseST: 18750, proprio: 1440, st: 1935, total: 14415}},
		{"não contribuinte não tem ST", func(s *cenario) { s.c.ContribuinteICMS = false }, esperado{unit: 1000, ipi: 480}},
		{"UF sem regra não tem ST", func(s *cenario) { s.c.UF = "PR" }, esperado{unit: 1000, ipi: 480}},
		{"NCM sem regra não tem ST", func(s *cenario) { s.l.Produto.NCM = "33051000" }, esperado{unit: 1000, ipi: 480}},
		// Suframa: no IPI in the base: 12.000 × 1,232 / 0,82 = 18.029,27 → 18.029; 18.029 × 18 % = 3.245,22 → 3.245 − 1.440 = 1.805.
		{"Suframa: sem IPI, nem na base da ST", func(s *cenario) { s.c.UF = "MG"; s.c.Suframa = "200100203" }, esperado{unit: 1000, baseST: 18029, proprio: 1440, st: 1805, total: 13805}},
		// 12.480 × 1,40 × 0,90 = 15.724,8 → 15.725; × 18 % = 2.830,5 → 2.830 (par) − 2.160 = 670.
		{"redução da base", func(s *cenario) { s.pol.RegrasST[0].ReducaoBase = 1000 }, esperado{unit: 1000, ipi: 480, baseST: 15725, proprio: 2160, st: 670}},
		// 12.480 × 1,50 = 18.720; × 18 % = 3.369,6 → 3.370 − 2.160 = 1.210.
		{"a regra do NCM mais longo vence", func(s *cenario) {
			s.pol.RegrasST = append(s.pol.RegrasST, RegraST{ID: "st-sp-8", NCM: "22021000", UF: "SP", MVA: 5000, AliquotaInterna: 1800, AliquotaInterestadual: 1200})
		}, esperado{unit: 1000, ipi: 480, baseST: 18720, proprio: 2160, st: 1210}},
		// PR: MVA 0, interna 7 %, interestadual 12 %: 12.480 × 0,88 / 0,93 = 11.808,77 → 11.809;
		// × 7 % = 826,63 → 827 − 1.440 < 0 → 0.
		{"ST nunca é negativa", func(s *cenario) {
			s.c.UF = "PR"
			s.pol.RegrasST = append(s.pol.RegrasST, RegraST{ID: "st-pr", NCM: "2202", UF: "PR", AliquotaInterna: 700, AliquotaInterestadual: 1200})
		}, esperado{unit: 1000, ipi: 480, baseST: 11809, proprio: 1440, st: 0}},
		{"regra com alíquota de 100% é recusada", func(s *cenario) { s.c.UF = "MG"; s.pol.RegrasST[1].AliquotaInterna = 10000 }, esperado{erro: ReasonRegraInvalida}},
		{"sem a UF da empresa não há como saber se é interestadual", func(s *cenario) { s.pol.UFOrigem = "" }, esperado{erro: ReasonRegraInvalida}},
	}
	for _, c := range casos {
		t.Run(c.nome, func(t *testing.T) {
			s := stCenario()
			if c.mudar != nil {
				c.mudar(s)
			}
			r, err := Precificar(s.l, s.c, s.cond, s.pol, hoje)
			conferir(t, r, err, c.want)
		})
	}
}

func TestPrecificarPedido(t *testing.T) {
	s := stCenario()
	p2 := Produto{ID: "p2", Codigo: "456", Grupo: "LIM", MultiploVenda: 6, NCM: "34022000", Ativo: true}
	s.pol.Tabelas[0].Precos["p2"] = PrecoTabela{PrecoCentavos: 2550}
	itens := []Linha{s.l, {Produto: p2, Quantidade: 6}}
	// Line 1: 13.465 (12.000 + 480 + 985); line 2: 6 × 2.550 = 15.300.
	r, err := PrecificarPedido(itens, s.c, s.cond, s.pol, hoje)
	if err != nil {
		t.Fatal(err)
	}
	if r.TotalProdutosCentavos != 27300 || r.TotalIPICentavos != 480 || r.TotalSTCentavos != 985 || r.TotalCentavos != 28765 || len(r.Avisos) != 0 {
		t.Fatalf("totals %+v", r)
	}

	t.Run("abaixo do mínimo da condição e do vendedor (sem IPI e ST)", func(t *testing.T) {
		cond := CondicaoPagamento{ID: "cp", Nome: "28/35/42", ValorMinimoCentavos: 27301}
		pol := s.pol
		pol.Vendedor.PedidoMinimoCentavos = 28000 // under the total with taxes, over the products'
		r, err := PrecificarPedido(itens, s.c, cond, pol, hoje)
		if err != nil {
			t.Fatal(err)
		}
		want := []Aviso{
			{Motivo: AvisoPedidoAbaixoDoMinimo, Mensagem: "Pedido de R$ 273,00 abaixo do mínimo de R$ 273,01 da condição 28/35/42."},
			{Motivo: AvisoPedidoAbaixoDoMinimo, Mensagem: "Pedido de R$ 273,00 abaixo do pedido mínimo do vendedor, de R$ 280,00."},
		}
		if !reflect.DeepEqual(r.Avisos, want) {
			t.Fatalf("avisos %+v", r.Avisos)
		}
		cond.ValorMinimoCentavos = 27300
		pol.Vendedor.PedidoMinimoCentavos = 27300
		if r, _ := PrecificarPedido(itens, s.c, cond, pol, hoje); len(r.Avisos) != 0 {
			t.Fatalf("at the minimum: %+v", r.Avisos)
		}
	})

	t.Run("verba flex: o saldo e os créditos do próprio pedido cobrem os débitos", func(t *testing.T) {
		pol := s.pol
		pol.FlexPermitido = true
		pol.Vendedor.SaldoFlexCentavos = 100
		debito := s.l
		debito.DescontoPercentual = 700 // 2 % beyond the cap: 12 × 1.000 × 2 % = 240
		r, err := PrecificarPedido([]Linha{debito}, s.c, s.cond, pol, hoje)
		if err != nil {
			t.Fatal(err)
		}
		if r.FlexCentavos != -240 || avisosTexto(r.Avisos) != "SALDO_FLEX_INSUFICIENTE" ||
			r.Avisos[0].Mensagem != "Verba flex insuficiente: o pedido usa R$ 2,40 e o saldo é de R$ 1,00." {
			t.Fatalf("flex %d avisos %+v", r.FlexCentavos, r.Avisos)
		}
		credito := Linha{Produto: p2, Quantidade: 6, DescontoPercentual: -100} // 6 × 2.550 × 1 % = 153
		r, err = PrecificarPedido([]Linha{debito, credito}, s.c, s.cond, pol, hoje)
		if err != nil || r.FlexCentavos != -87 || len(r.Avisos) != 0 {
			t.Fatalf("flex %d avisos %+v %v", r.FlexCentavos, r.Avisos, err)
		}
	})

	t.Run("as linhas com erro, cada uma no seu campo", func(t *testing.T) {
		ruim := []Linha{{Produto: p2, Quantidade: 5}, s.l, {Produto: Produto{ID: "p3", Codigo: "789", MultiploVenda: 1, Ativo: true}, Quantidade: 1}}
		_, err := PrecificarPedido(ruim, s.c, s.cond, s.pol, hoje)
		if !errs.IsReason(err, ReasonQuantidadeInvalida) || err.Error() != "Quantidade do produto 456 deve ser múltiplo de 6 (ex.: 6, 12)." {
			t.Fatalf("%v", err)
		}
		if got := campos(err); !reflect.DeepEqual(got, []string{"itens[0].quantidade", "itens[2].produto_id"}) {
			t.Fatalf("fields %v", got)
		}
	})

	t.Run("condição não permitida, no campo da condição", func(t *testing.T) {
		_, err := PrecificarPedido(itens, s.c, CondicaoPagamento{ID: "cp", Nome: "À vista", Clientes: []string{"outro"}}, s.pol, hoje)
		if !errs.IsReason(err, ReasonCondicaoNaoPermitida) || !reflect.DeepEqual(campos(err), []string{"condicao_id"}) ||
			err.Error() != "Condição de pagamento À vista não está disponível para este cliente." {
			t.Fatalf("%v", err)
		}
	})

	t.Run("pedido vazio não tem avisos", func(t *testing.T) {
		pol := s.pol
		pol.Vendedor.PedidoMinimoCentavos = 100
		r, err := PrecificarPedido(nil, s.c, CondicaoPagamento{ID: "cp", ValorMinimoCentavos: 100}, pol, hoje)
		if err != nil || r.TotalCentavos != 0 || len(r.Avisos) != 0 || r.Itens == nil {
			t.Fatalf("%+v %v", r, err)
		}
	})

	t.Run("valores grandes demais são recusados, não truncados", func(t *testing.T) {
		pol := s.pol
		pol.Tabelas = []TabelaPreco{{ID: "t", Padrao: true, Precos: map[string]PrecoTabela{"p1": {PrecoCentavos: LimiteCentavos / 10}}}}
		_, err := PrecificarPedido([]Linha{s.l}, s.c, s.cond, pol, hoje)
		if !errs.IsReason(err, ReasonValorForaDoLimite) {
			t.Fatalf("%v", err)
		}
	})
}

// BenchmarkPrecificarPedido50 prices an order of 50 lines with every rule in play (the issue's
// budget: p99 ≤ 5 ms for 50 lines).
func BenchmarkPrecificarPedido50(b *testing.B) {
	s := stCenario()
	s.pol.FlexPermitido = true
	s.pol.Promocoes = []Promocao{{ID: "pr", Grupo: "BEB", Percentual: 500}}
	s.pol.DescontosVolume = []DescontoVolume{{ID: "vol", QuantidadeMinima: 10, Percentual: 300}}
	s.cond = CondicaoPagamento{ID: "cp", Nome: "28 dias", Acrescimo: 150, ValorMinimoCentavos: 50000}
	itens := make([]Linha, 50)
	for i := range itens {
		l := s.l
		l.DescontoPercentual = Percentual(i * 20)
		itens[i] = l
	}
	for b.Loop() {
		if _, err := PrecificarPedido(itens, s.c, s.cond, s.pol, hoje); err != nil {
			b.Fatal(err)
		}
	}
}
