package sales

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// demoGrupo is a product group of the demo catalogue: its items, brands, sizes, NCMs and IPI.
type demoGrupo struct {
	Nome    string
	Itens   []string
	Marcas  []string
	Tamanho []string
	NCM     []string
	IPI     domain.Percentual
	// Multiplos: the sales multiples used in the group; preco: the price range in centavos.
	Multiplos          []int64
	PrecoMin, PrecoMax int64
}

var demoGrupos = []demoGrupo{
	{"Bebidas", []string{"Refrigerante cola", "Refrigerante guaraná", "Água mineral", "Suco de uva", "Chá gelado", "Energético"},
		[]string{"Borbulha", "Fonte Clara", "Tropical"}, []string{"350 ml", "600 ml", "1 L", "2 L"}, []string{"22021000", "22011000", "20096100"}, 0, []int64{6, 12}, 250, 1200},
	{"Cervejas", []string{"Cerveja pilsen", "Cerveja puro malte", "Cerveja sem álcool"},
		[]string{"Serra Alta", "Cevada Real"}, []string{"269 ml", "350 ml", "473 ml", "600 ml"}, []string{"22030000"}, 0, []int64{12}, 290, 900},
	{"Mercearia", []string{"Arroz tipo 1", "Feijão carioca", "Açúcar refinado", "Farinha de trigo", "Sal refinado", "Fubá"},
		[]string{"Grão Bom", "Da Roça", "Boa Mesa"}, []string{"500 g", "1 kg", "2 kg", "5 kg"}, []string{"10063021", "07133399", "17019900", "11010010", "25010020", "11022000"}, 0, []int64{1, 10}, 300, 3500},
	{"Massas", []string{"Macarrão espaguete", "Macarrão parafuso", "Macarrão instantâneo", "Lasanha"},
		[]string{"Nonna", "Trigal"}, []string{"80 g", "500 g", "1 kg"}, []string{"19021900", "19023000"}, 0, []int64{1, 20}, 150, 1200},
	{"Café", []string{"Café torrado e moído", "Café em grãos", "Café solúvel", "Cappuccino"},
		[]string{"Aroma Mineiro", "Serra do Café"}, []string{"250 g", "500 g", "1 kg"}, []string{"09012100", "21011110"}, 0, []int64{1, 10}, 900, 4500},
	{"Laticínios", []string{"Leite UHT integral", "Leite UHT desnatado", "Queijo muçarela", "Manteiga", "Requeijão"},
		[]string{"Vale Verde", "Leiteria"}, []string{"200 g", "500 g", "1 L", "1 kg"}, []string{"04012010", "04069090", "04051000"}, 0, []int64{1, 12}, 400, 4000},
	{"Frios", []string{"Presunto cozido", "Mortadela", "Salsicha", "Linguiça calabresa", "Salame"},
		[]string{"Fazenda Nova", "Sabor do Sul"}, []string{"200 g", "500 g", "1 kg", "3 kg"}, []string{"16010000", "16024900"}, 0, []int64{1}, 500, 6000},
	{"Doces", []string{"Chocolate ao leite", "Bala de goma", "Biscoito recheado", "Wafer", "Paçoca", "Goiabada"},
		[]string{"Doce Vida", "Confeitaria Real"}, []string{"30 g", "100 g", "140 g", "300 g"}, []string{"18063210", "17049020", "19053100", "20079990"}, 5 * 100, []int64{1, 12, 24}, 150, 1500},
	{"Limpeza", []string{"Detergente neutro", "Sabão em pó", "Amaciante", "Água sanitária", "Desinfetante", "Esponja multiuso"},
		[]string{"Brilho", "Lar Limpo", "Cristal"}, []string{"500 ml", "1 L", "2 L", "5 L"}, []string{"34022000", "34025000", "28289011", "38089419"}, 0, []int64{1, 6, 12}, 200, 3000},
	{"Higiene", []string{"Sabonete", "Xampu", "Condicionador", "Creme dental", "Desodorante", "Papel higiênico"},
		[]string{"Pura Pele", "Fresh", "Macia"}, []string{"90 g", "200 ml", "400 ml", "12 rolos"}, []string{"34011190", "33051000", "33059000", "33061000", "33072010", "48181000"}, 750, []int64{1, 12}, 250, 2500},
	{"Pet", []string{"Ração para cães adultos", "Ração para gatos", "Petisco canino", "Areia higiênica"},
		[]string{"Amigo Fiel", "Bicho Feliz"}, []string{"1 kg", "3 kg", "10 kg", "15 kg"}, []string{"23091000", "25081000"}, 0, []int64{1}, 800, 12000},
	{"Descartáveis", []string{"Copo plástico", "Prato descartável", "Guardanapo", "Saco de lixo", "Papel alumínio", "Filme PVC"},
		[]string{"Prático", "Festa Fácil"}, []string{"50 un", "100 un", "30 m", "pacote"}, []string{"39241000", "48236990", "48183000", "39232190", "76071990"}, 10 * 100, []int64{1, 10}, 200, 2500},
}

// DemoProdutos is how many products the demo catalogue has.
const DemoProdutos = 1500

// eanDemo is a valid EAN-13 with Brazil's prefix (789) for the i-th demo product.
func eanDemo(i int) string {
	base := fmt.Sprintf("789%09d", 100000000+i*7)
	soma := 0
	for k := 0; k < 12; k++ {
		d := int(base[k] - '0')
		if k%2 == 1 {
			d *= 3
		}
		soma += d
	}
	return base + fmt.Sprint((10-soma%10)%10)
}

// Demo ids.
const (
	DemoTabelaPadrao    = "demo-tabela-padrao"
	DemoTabelaGrandeSP  = "demo-tabela-grande-sp"
	DemoTabelaParana    = "demo-tabela-parana"
	demoRegiaoGrandeSP  = "demo-regiao-grande-sp"
	demoRegiaoParana    = "demo-regiao-parana"
	DemoPromocaoDoces   = "demo-promo-doces"
	DemoVolumeBebidas   = "demo-volume-bebidas"
	demoValidadeInicio  = "2025-01-01"
	demoPromocaoInicio  = "2026-01-01"
	demoPromocaoFim     = "2027-12-31"
	demoPrecoMinimoPerc = 90
)

// DemoCatalogo generates the demo products (fixed seed: every start makes the same ones): 1,500
// products in 12 groups, with valid EAN-13 codes and NCMs, and their default-table prices.
func DemoCatalogo() ([]*domain.ProdutoCadastro, map[string]int64) {
	r := rand.New(rand.NewPCG(2026, 10))
	out := make([]*domain.ProdutoCadastro, 0, DemoProdutos)
	precos := map[string]int64{}
	for i := 0; i < DemoProdutos; i++ {
		g := demoGrupos[i%len(demoGrupos)]
		item, marca, tam := g.Itens[r.IntN(len(g.Itens))], g.Marcas[r.IntN(len(g.Marcas))], g.Tamanho[r.IntN(len(g.Tamanho))]
		mult := g.Multiplos[r.IntN(len(g.Multiplos))]
		p := &domain.ProdutoCadastro{Meta: store.Meta{ID: fmt.Sprintf("demo-produto-%04d", i+1)}, Codigo: fmt.Sprintf("%05d", 10001+i),
			Descricao: fmt.Sprintf("%s %s %s", item, marca, tam), Marca: marca, Grupo: g.Nome, Unidade: "UN", MultiploVenda: mult,
			UnidadesCaixa: max(mult, 1), EAN: eanDemo(i), NCM: g.NCM[r.IntN(len(g.NCM))], IPI: g.IPI, PesoGramas: int64(100 + r.IntN(5000)),
			Ativo: i%50 != 49, Estoque: int64(r.IntN(2000))}
		if mult > 1 {
			p.Unidade = "CX"
		}
		out = append(out, p)
		precos[p.ID] = g.PrecoMin + int64(r.IntN(int(g.PrecoMax-g.PrecoMin)))/10*10 + 9
	}
	return out, precos
}

// demoPrecos is the price list of a table: the default prices times fator/100 (rounded to the
// centavo), with a minimum at 90 %.
func demoPrecos(tabela string, base map[string]int64, produtos []*domain.ProdutoCadastro, fator int64) []*domain.PrecoCadastro {
	out := make([]*domain.PrecoCadastro, 0, len(produtos))
	for _, p := range produtos {
		v := (base[p.ID]*fator + 50) / 100
		out = append(out, &domain.PrecoCadastro{Meta: store.Meta{ID: domain.PrecoID(tabela, p.ID)}, TabelaID: tabela, ProdutoID: p.ID,
			PrecoCentavos: v, PrecoMinimoCentavos: v * demoPrecoMinimoPerc / 100})
	}
	return out
}

// DemoTabelas: the company default and one table for each demo region.
func DemoTabelas() []*domain.TabelaCadastro {
	return []*domain.TabelaCadastro{
		{Meta: store.Meta{ID: DemoTabelaPadrao}, Nome: "Tabela padrão", Padrao: true, ValidadeInicio: demoValidadeInicio},
		{Meta: store.Meta{ID: DemoTabelaGrandeSP}, Nome: "Grande São Paulo", ValidadeInicio: demoValidadeInicio, Regioes: []string{demoRegiaoGrandeSP}},
		{Meta: store.Meta{ID: DemoTabelaParana}, Nome: "Paraná", ValidadeInicio: demoValidadeInicio, Regioes: []string{demoRegiaoParana}},
	}
}

// DemoCondicoes: four payment terms.
func DemoCondicoes() []*domain.CondicaoCadastro {
	return []*domain.CondicaoCadastro{
		{Meta: store.Meta{ID: "demo-cond-avista-pix"}, Nome: "À vista no PIX", ParcelasDias: []int{0}, Forma: "pix", Acrescimo: -200, Ativo: true},
		{Meta: store.Meta{ID: "demo-cond-28"}, Nome: "28 dias", ParcelasDias: []int{28}, Forma: "boleto", Ativo: true, UsaLimiteCredito: true},
		{Meta: store.Meta{ID: "demo-cond-28-35-42"}, Nome: "28/35/42 dias", ParcelasDias: []int{28, 35, 42}, Forma: "boleto", Acrescimo: 150,
			ValorMinimoCentavos: 30000, Ativo: true, UsaLimiteCredito: true},
		{Meta: store.Meta{ID: "demo-cond-cartao-30"}, Nome: "Cartão 30 dias", ParcelasDias: []int{30}, Forma: "cartao", Acrescimo: 250, Ativo: true},
	}
}

// DemoRegrasST: ICMS-ST for drinks, beers and personal care sold to SP, MG and PR (the company
// ships from SP).
func DemoRegrasST() []*domain.RegraSTCadastro {
	var out []*domain.RegraSTCadastro
	internas := map[string]domain.Percentual{"SP": 1800, "MG": 1800, "PR": 1950}
	for _, uf := range []string{"SP", "MG", "PR"} {
		inter := domain.Percentual(1200)
		if uf == "SP" {
			inter = 1800
		}
		for _, n := range []struct {
			ncm string
			mva domain.Percentual
		}{{"2202", 4000}, {"2203", 7000}, {"3305", 3760}} {
			out = append(out, &domain.RegraSTCadastro{Meta: store.Meta{ID: "demo-st-" + n.ncm + "-" + uf}, NCM: n.ncm, UF: uf, MVA: n.mva,
				AliquotaInterna: internas[uf], AliquotaInterestadual: inter})
		}
	}
	return out
}

// DemoPolitica: sellers' cap 5 %, the supervisor's 10 %, a flex balance of R$ 500 per seller, a
// dated promotion (Doces, 10 %) and a volume discount (Bebidas from 24 units, 3 %).
func DemoPolitica(vendedores []string, supervisor string) *domain.PoliticaCadastro {
	p := &domain.PoliticaCadastro{UFOrigem: "SP", FlexPermitido: true, DescontoPadrao: 500,
		LimitesGrupo:    []domain.LimiteGrupo{{Grupo: "Cervejas", DescontoMaximo: 300}},
		Promocoes:       []domain.Promocao{{ID: DemoPromocaoDoces, Grupo: "Doces", Percentual: 1000, Inicio: demoPromocaoInicio, Fim: demoPromocaoFim}},
		DescontosVolume: []domain.DescontoVolume{{ID: DemoVolumeBebidas, Grupo: "Bebidas", QuantidadeMinima: 24, Percentual: 300}}}
	for _, v := range vendedores {
		p.Vendedores = append(p.Vendedores, domain.VendedorPolitica{ID: v, DescontoMaximo: 500, SaldoFlexCentavos: 50000})
	}
	if supervisor != "" {
		p.Vendedores = append(p.Vendedores, domain.VendedorPolitica{ID: supervisor, DescontoMaximo: 1000})
	}
	return p
}

// createOnce writes a batch in one go unless its last record exists (a later start changes
// nothing).
func createOnce[T any](ctx context.Context, col *store.Collection[T], sc store.Scope, list []*T, id func(*T) string) (int, error) {
	if len(list) == 0 {
		return 0, nil
	}
	if _, err := col.GetAny(ctx, sc, id(list[len(list)-1])); err == nil {
		return 0, nil
	} else if !errs.IsKind(err, errs.KindNotFound) {
		return 0, err
	}
	return len(list), col.CreateMany(ctx, sc, list)
}

// SeedDemo makes sure the demo catalogue and commercial rules exist (written once, in batches).
// It returns how many products it created.
func (s *Sales) SeedDemo(ctx context.Context, empresa string, vendedores []string, supervisor string) (int, error) {
	ctx = caller.With(ctx, &caller.Caller{Empresa: empresa, Operador: "demo-admin", Perfil: caller.Admin})
	sc := store.Company(empresa)
	produtos, base := DemoCatalogo()
	// The stock as an ERP would have reported it this morning.
	informado := time.Now().Truncate(time.Hour).Add(-3 * time.Hour)
	for _, p := range produtos {
		p.EstoqueEm = informado
	}
	n, err := createOnce(ctx, s.col.Produtos, sc, produtos, func(p *domain.ProdutoCadastro) string { return p.ID })
	if err != nil {
		return 0, fmt.Errorf("produtos: %w", err)
	}
	if _, err := createOnce(ctx, s.col.Tabelas, sc, DemoTabelas(), func(t *domain.TabelaCadastro) string { return t.ID }); err != nil {
		return 0, fmt.Errorf("tabelas: %w", err)
	}
	for _, t := range []struct {
		id    string
		fator int64
	}{{DemoTabelaPadrao, 100}, {DemoTabelaGrandeSP, 97}, {DemoTabelaParana, 102}} {
		if _, err := createOnce(ctx, s.col.Precos, sc, demoPrecos(t.id, base, produtos, t.fator), func(p *domain.PrecoCadastro) string { return p.ID }); err != nil {
			return 0, fmt.Errorf("preços: %w", err)
		}
	}
	if _, err := createOnce(ctx, s.col.Condicoes, sc, DemoCondicoes(), func(c *domain.CondicaoCadastro) string { return c.ID }); err != nil {
		return 0, fmt.Errorf("condições: %w", err)
	}
	if _, err := createOnce(ctx, s.col.RegrasST, sc, DemoRegrasST(), func(r *domain.RegraSTCadastro) string { return r.ID }); err != nil {
		return 0, fmt.Errorf("regras de ST: %w", err)
	}
	pol := DemoPolitica(vendedores, supervisor)
	pol.Meta = store.Meta{ID: domain.PoliticaID(empresa)}
	if _, err := createOnce(ctx, s.col.Politicas, sc, []*domain.PoliticaCadastro{pol}, func(p *domain.PoliticaCadastro) string { return p.ID }); err != nil {
		return 0, fmt.Errorf("política comercial: %w", err)
	}
	if _, err := createOnce(ctx, s.col.Folgas, sc, DemoFolgas(empresa, time.Now().Year()), func(f *domain.Folga) string { return f.ID }); err != nil {
		return 0, fmt.Errorf("folgas: %w", err)
	}
	return n, nil
}

// DemoFolgas: the company's day off of the demo (a company in São Paulo: the city's anniversary,
// 25 de janeiro) this year and the next.
func DemoFolgas(empresa string, ano int) []*domain.Folga {
	var out []*domain.Folga
	for _, a := range []int{ano, ano + 1} {
		d := domain.Data(fmt.Sprintf("%04d-01-25", a))
		out = append(out, &domain.Folga{Meta: store.Meta{ID: domain.FolgaID(empresa, d)}, Data: d, Nome: "Aniversário de São Paulo"})
	}
	return out
}
