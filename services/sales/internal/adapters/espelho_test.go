package adapters

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"codeberg.org/go-pdf/fpdf"
	pdfreader "github.com/ledongthuc/pdf"
	"golang.org/x/text/encoding/charmap"

	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// The espelho's tests read the PDF back: its text with an independent reader
// (github.com/ledongthuc/pdf, which decodes the compressed pages and the WinAnsi encoding), and
// its geometry from the uncompressed content stream.

var geradoEm = time.Date(2026, 9, 10, 18, 45, 0, 0, time.UTC) // 15:45 in São Paulo

const obsInternas = "Cliente costuma atrasar; NÃO liberar crédito extra"

// itemVenda prices a sold line the way the fixture needs it (not the domain's pricing: the
// espelho prints what is stored).
func itemVenda(cod, desc, un string, qtd, listaCentavos int64, descontos []domain.DescontoItem, ipiCentavos, stCentavos int64) domain.ItemPedido {
	var pc domain.Percentual
	for _, d := range descontos {
		pc += d.Percentual
	}
	unit := listaCentavos * int64(domain.Cem-pc) / int64(domain.Cem)
	valor := unit * qtd
	return domain.ItemPedido{ProdutoID: "p-" + cod, Codigo: cod, Descricao: desc, Unidade: un, NCM: "17019900",
		Quantidade: qtd, PrecoListaCentavos: listaCentavos, Descontos: descontos, PrecoUnitarioCentavos: unit,
		ValorCentavos: valor, IPICentavos: ipiCentavos, STCentavos: stCentavos, TotalCentavos: valor + ipiCentavos + stCentavos}
}

func itemBonificado(cod, desc, un string, qtd, listaCentavos int64) domain.ItemPedido {
	return domain.ItemPedido{ProdutoID: "p-" + cod, Codigo: cod, Descricao: desc, Unidade: un, Quantidade: qtd,
		PrecoListaCentavos: listaCentavos, Bonificacao: true, BonificacaoCentavos: listaCentavos * qtd}
}

// totalizar sets the order's totals from its items, as the domain stores them.
func totalizar(p *domain.Pedido) {
	p.TotalProdutosCentavos, p.TotalIPICentavos, p.TotalSTCentavos, p.BonificacaoCentavos = 0, 0, 0, 0
	for _, it := range p.Itens {
		p.TotalProdutosCentavos += it.ValorCentavos
		p.TotalIPICentavos += it.IPICentavos
		p.TotalSTCentavos += it.STCentavos
		p.BonificacaoCentavos += it.BonificacaoCentavos
	}
	p.TotalCentavos = p.TotalProdutosCentavos + p.TotalIPICentavos + p.TotalSTCentavos + p.FreteCentavos
}

func pedidoExemplo() *domain.Pedido {
	p := &domain.Pedido{
		Numero: 1234, Status: domain.StatusEnviado, Tipo: domain.TipoVenda, ClienteID: "c-1",
		Cliente: domain.ClientePedido{Nome: "Supermercado São Paulo Ltda", Documento: "12345678000195",
			InscricaoEstadual: "110.042.490.114", UF: "SP", Suframa: "200100123"},
		VendedorID: "op-vend-7", CondicaoNome: "30/60/90 dias", FormaPagamento: "Boleto bancário",
		FreteCentavos: 2500, DataEntrega: "2026-10-15",
		Observacoes:         "Entregar no período da manhã.\nDoca 3, falar com o Sr. Antônio.",
		ObservacoesInternas: obsInternas,
		EnviadoEm:           time.Date(2026, 9, 10, 14, 30, 0, 0, time.UTC),
		Itens: []domain.ItemPedido{
			itemVenda("ACU-005", "Açúcar Cristal 5kg", "FD", 10, 2590, []domain.DescontoItem{
				{Origem: domain.OrigemTabela, Percentual: 500}, {Origem: domain.OrigemVendedor, Percentual: 250}}, 0, 1540),
			itemVenda("CAF-500", "Café Torrado e Moído Tradicional 500g", "UN", 1200, 1899, nil, 911, 0),
			itemBonificado("BIS-200", "Biscoito Maisena 200g", "PC", 12, 349),
		},
	}
	p.Itens[1].DescontoPercentual = 300 // asked for, no discount stored: printed as asked
	p.CriadoEm = time.Date(2026, 9, 9, 12, 0, 0, 0, time.UTC)
	totalizar(p)
	return p
}

// textoPaginas reads every page's text of a PDF.
func textoPaginas(t testing.TB, b []byte) []string {
	t.Helper()
	rd, err := pdfreader.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("PDF ilegível: %v", err)
	}
	out := make([]string, 0, rd.NumPage())
	for i := 1; i <= rd.NumPage(); i++ {
		s, err := rd.Page(i).GetPlainText(nil)
		if err != nil {
			t.Fatalf("página %d: %v", i, err)
		}
		out = append(out, s)
	}
	return out
}

func renderizar(t testing.TB, e Espelho) ([]byte, []string) {
	t.Helper()
	b, err := EspelhoPDF(e)
	if err != nil {
		t.Fatalf("EspelhoPDF: %v", err)
	}
	if !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Fatalf("não começa com %%PDF-: %q", b[:min(len(b), 16)])
	}
	return b, textoPaginas(t, b)
}

func TestEspelhoPDF(t *testing.T) {
	p := pedidoExemplo()
	b, paginas := renderizar(t, Espelho{Pedido: p, Empresa: "Distribuidora Ação & Cia", Vendedor: "João Conceição", GeradoEm: geradoEm})
	if !bytes.Contains(b, []byte("/FlateDecode")) {
		t.Error("as páginas deveriam sair comprimidas")
	}
	if len(paginas) != 1 {
		t.Fatalf("páginas = %d, quero 1", len(paginas))
	}
	texto := paginas[0]
	quero := []string{
		"Espelho do pedido Nº 1234",
		"Distribuidora Ação & Cia",
		"Data do pedido: ", "10/09/2026", // EnviadoEm in São Paulo
		"Situação: ", "Enviado",
		"Tipo: ", "Venda",
		"Supermercado São Paulo Ltda",
		"CNPJ:", "12.345.678/0001-95",
		"Inscrição estadual:", "110.042.490.114",
		"UF:", "SP",
		"Suframa:", "200100123",
		"Condição de pagamento:", "30/60/90 dias",
		"Forma de pagamento:", "Boleto bancário",
		"Data de entrega:", "15/10/2026",
		"Vendedor:", "João Conceição",
		"Itens (3)", "Código", "Descrição", "Preço lista", "Desc. %", "Preço unit.", "IPI", "ST", "Total",
		// Item 1: list 25,90, 5 % + 2,5 % = 7,5 %, unit 23,95, value 239,50 + ST 15,40.
		"ACU-005", "Açúcar Cristal 5kg", "FD", "25,90", "7,5%", "23,95", "15,40", "254,90",
		// Item 2: 1.200 units, the asked 3 % (no discount stored), IPI 9,11.
		"Café Torrado e Moído Tradicional 500g", "1.200", "3%", "18,99", "9,11", "22.797,11",
		// Item 3: given, at its list value (12 × 3,49).
		"Biscoito Maisena 200g", "Bonificação · valor de tabela R$ 41,88",
		"Total dos produtos", "R$ 23.027,50",
		"ICMS ST", "R$ 15,40",
		"Frete", "R$ 25,00",
		"Total do pedido", domain.FormatarCentavos(p.TotalCentavos),
		"Bonificação (valor de tabela, não cobrado): R$ 41,88",
		"Observações", "Entregar no período da manhã.", "Doca 3, falar com o Sr. Antônio.",
		"Gerado em 10/09/2026 às 15:45",
		"Página 1 de 1",
	}
	for _, q := range quero {
		if !strings.Contains(texto, q) {
			t.Errorf("falta %q no texto do PDF:\n%s", q, texto)
		}
	}
	if got, want := domain.FormatarCentavos(p.TotalCentavos), "R$ 23.077,01"; got != want {
		t.Fatalf("fixture: total %s, quero %s", got, want)
	}
	if strings.Contains(texto, "NÃO liberar") || strings.Contains(texto, "costuma atrasar") {
		t.Error("as observações internas não podem sair no PDF")
	}
	for _, x := range []string{"op-vend-7", "{nb}"} {
		if strings.Contains(texto, x) {
			t.Errorf("%q não deveria aparecer", x)
		}
	}
	// The same, read straight from the uncompressed content: the internal note is not there in
	// any encoding.
	plano, err := espelhoPDF(Espelho{Pedido: p, Empresa: "Distribuidora Ação & Cia", GeradoEm: geradoEm}, false)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(plano, cp1252(t, "(Supermercado São Paulo Ltda)Tj")) {
		t.Error("sem compressão, o nome do cliente deveria estar em cp1252 no conteúdo")
	}
	for _, x := range [][]byte{[]byte("costuma atrasar"), cp1252(t, obsInternas), []byte(obsInternas)} {
		if bytes.Contains(plano, x) {
			t.Errorf("observação interna %q no PDF", x)
		}
	}
}

// The same Espelho gives the same bytes (the generation time is the document's date).
func TestEspelhoPDF_deterministico(t *testing.T) {
	e := Espelho{Pedido: pedidoExemplo(), Empresa: "Distribuidora", Vendedor: "Ana", GeradoEm: geradoEm}
	a, err := EspelhoPDF(e)
	if err != nil {
		t.Fatal(err)
	}
	for range 20 { // the fonts' catalogue comes from a map: one run could match by chance
		b, err := EspelhoPDF(e)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Fatal("o mesmo espelho deveria dar os mesmos bytes")
		}
	}
	if !bytes.Contains(a, []byte("D:20260910184500")) {
		t.Error("a data do documento deveria ser GeradoEm")
	}
}

// Documents render at the same time (one HTTP request each): fpdf's cp1252 translator keeps a
// buffer, so each document has its own; run with -race to see it.
func TestEspelhoPDF_concorrente(t *testing.T) {
	e := Espelho{Pedido: pedidoGrande(40), Empresa: "Distribuidora Ação", Vendedor: "Ana", GeradoEm: geradoEm}
	ref, err := EspelhoPDF(e)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	erros := make(chan string, 8)
	for range 8 {
		wg.Go(func() {
			for range 3 {
				b, err := EspelhoPDF(e)
				if err != nil || !bytes.Equal(b, ref) {
					erros <- fmt.Sprintf("documento diferente (erro %v)", err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(erros)
	for m := range erros {
		t.Error(m)
	}
}

func TestEspelhoPDF_pedidoAEnviar(t *testing.T) {
	p := pedidoExemplo()
	p.Numero = 0
	p.Status = domain.StatusOrcamento
	p.Tipo = domain.TipoBonificacao
	p.EnviadoEm = time.Time{}
	p.Cliente = domain.ClientePedido{Nome: "Maria Aparecida Gonçalves", Documento: "123.456.789-09", UF: "mg"}
	p.DataEntrega = ""
	p.Observacoes = ""
	_, paginas := renderizar(t, Espelho{Pedido: p, Empresa: "Distribuidora", GeradoEm: geradoEm})
	texto := strings.Join(paginas, "\n")
	for _, q := range []string{"Pedido a enviar", "Situação: ", "Em orçamento", "Bonificação", "09/09/2026",
		"Maria Aparecida Gonçalves", "CPF:", "123.456.789-09", "UF:", "MG", "Data de entrega:", "A combinar",
		"Vendedor:", "op-vend-7"} {
		if !strings.Contains(texto, q) {
			t.Errorf("falta %q no texto do PDF:\n%s", q, texto)
		}
	}
	for _, x := range []string{"Nº 0", "Suframa", "Inscrição estadual", "Observações", "CNPJ"} {
		if strings.Contains(texto, x) {
			t.Errorf("%q não deveria aparecer:\n%s", x, texto)
		}
	}
}

// pedidoGrande is an order of n sold items with distinct codes.
func pedidoGrande(n int) *domain.Pedido {
	p := pedidoExemplo()
	p.Itens = make([]domain.ItemPedido, 0, n)
	for i := 1; i <= n; i++ {
		desc := fmt.Sprintf("Produto de Limpeza Multiuso Perfumado Lavanda nº %d — 500 ml", i)
		if i%7 == 0 {
			desc += ", embalagem econômica com refil e bico pulverizador ajustável para uso doméstico e profissional"
		}
		it := itemVenda(fmt.Sprintf("COD-%04d", i), desc, "UN", int64(i), 1000+int64(i),
			[]domain.DescontoItem{{Origem: domain.OrigemVendedor, Percentual: 200}}, 50, 0)
		if i%50 == 0 {
			it = itemBonificado(fmt.Sprintf("COD-%04d", i), desc, "UN", 2, 1000+int64(i))
		}
		p.Itens = append(p.Itens, it)
	}
	totalizar(p)
	return p
}

func TestEspelhoPDF_quinhentosItens(t *testing.T) {
	p := pedidoGrande(domain.MaxItensPedido)
	_, paginas := renderizar(t, Espelho{Pedido: p, Empresa: "Distribuidora", Vendedor: "Ana", GeradoEm: geradoEm})
	n := len(paginas)
	if n < 2 {
		t.Fatalf("500 itens em %d página(s)", n)
	}
	for i, pg := range paginas {
		if want := fmt.Sprintf("Página %d de %d", i+1, n); !strings.Contains(pg, want) {
			t.Errorf("página %d sem %q", i+1, want)
		}
	}
	if !strings.Contains(paginas[0], "Página 1 de "+strconv.Itoa(n)) {
		t.Errorf("a primeira página deveria dizer Página 1 de %d", n)
	}
	// Every page after the first repeats the order's head; those with items, the columns.
	for i, pg := range paginas[1:] {
		if !strings.Contains(pg, "Espelho do pedido Nº 1234 · Supermercado São Paulo Ltda") {
			t.Errorf("página %d sem o cabeçalho de continuação", i+2)
		}
		if strings.Contains(pg, "COD-") && !(strings.Contains(pg, "Descrição") && strings.Contains(pg, "Preço unit.")) {
			t.Errorf("página %d tem itens sem o cabeçalho da tabela", i+2)
		}
	}
	// Each item exactly once (none lost or repeated at a page break), in order.
	todas := strings.Join(paginas, "\n")
	ultimo := -1
	for i := 1; i <= len(p.Itens); i++ {
		cod := fmt.Sprintf("COD-%04d", i)
		if c := strings.Count(todas, cod); c != 1 {
			t.Fatalf("%s aparece %d vezes", cod, c)
		}
		at := strings.Index(todas, cod)
		if at < ultimo {
			t.Fatalf("%s fora de ordem", cod)
		}
		ultimo = at
	}
	if !strings.Contains(paginas[n-1], domain.FormatarCentavos(p.TotalCentavos)) {
		t.Errorf("o total %s deveria estar na última página", domain.FormatarCentavos(p.TotalCentavos))
	}
}

func TestEspelhoPDF_semPedido(t *testing.T) {
	if _, err := EspelhoPDF(Espelho{Empresa: "X"}); err == nil {
		t.Fatal("sem pedido deveria dar erro")
	}
}

func TestEspelhoPDF_semItens(t *testing.T) {
	p := pedidoExemplo()
	p.Itens = nil
	totalizar(p)
	_, paginas := renderizar(t, Espelho{Pedido: p, GeradoEm: geradoEm})
	if !strings.Contains(paginas[0], "Nenhum item no pedido.") {
		t.Errorf("sem itens deveria dizer:\n%s", paginas[0])
	}
}

// A description too long for three lines is cut with "…": its start is there, its end not.
func TestEspelhoPDF_descricaoLongaCortada(t *testing.T) {
	p := pedidoExemplo()
	longa := "Detergente Líquido Neutro Concentrado Biodegradável " + strings.Repeat("com fragrância suave ", 12) + "FIMDATEXTO"
	p.Itens[0].Descricao = longa
	_, paginas := renderizar(t, Espelho{Pedido: p, GeradoEm: geradoEm})
	texto := paginas[0]
	if !strings.Contains(texto, "Detergente Líquido Neutro") {
		t.Error("o começo da descrição deveria aparecer")
	}
	if strings.Contains(texto, "FIMDATEXTO") {
		t.Error("o fim de uma descrição longa demais deveria ser cortado")
	}
	if !strings.Contains(texto, "…") {
		t.Error("o corte deveria ser marcado com …")
	}
}

// Nothing overflows: every text of the items table stays in its column (a given item's note
// in the cells it merges), and every text in the page's margins, even with a long unbroken
// description, long codes and units and amounts in the trillions.
func TestEspelhoPDF_nadaTransborda(t *testing.T) {
	p := pedidoExemplo()
	p.Cliente.Nome = "Comercial de Alimentos e Utilidades Domésticas Irmãos Gonçalves de Albuquerque e Filhos Ltda EPP"
	p.CondicaoNome = "Entrada + 30/60/90/120/150/180/210/240 dias com acréscimo financeiro negociado"
	p.Itens = append(p.Itens,
		itemVenda("CODIGO-MUITO-LONGO-0001", strings.Repeat("Palavrasemespacosnenhumaquebraprevista", 4), "CAIXA12", 9_999_999,
			99_999_999, []domain.DescontoItem{{Origem: domain.OrigemTabela, Percentual: 1234}, {Origem: domain.OrigemCondicao, Percentual: -375}},
			9_999_999_999_999, 9_999_999_999_999),
		itemBonificado("BON-1", "Brinde", "UN", 9_999_999, 99_999_999),
	)
	totalizar(p)
	b, err := espelhoPDF(Espelho{Pedido: p, Empresa: strings.Repeat("Distribuidora Nacional de Alimentos ", 4), GeradoEm: geradoEm}, false)
	if err != nil {
		t.Fatal(err)
	}
	textos := textosPosicionados(t, b)
	if len(textos) == 0 {
		t.Fatal("nenhum texto lido do conteúdo")
	}
	larg, _ := fpdf.New("P", "mm", "A4", "").GetPageSize()
	cols := espLarguras(larg - 2*espMargem)
	inicio := make([]float64, len(cols)+1)
	inicio[0] = espMargem
	for i, w := range cols {
		inicio[i+1] = inicio[i] + w
	}
	coluna := func(x float64) int {
		for i := range cols {
			if x >= inicio[i] && x < inicio[i+1] {
				return i
			}
		}
		return -1
	}
	// The table's texts: the table's type size or smaller (a figure shrinks to fit), above the
	// totals (which also shrink an amount to fit).
	yTotais := -1.0
	for _, tx := range textos {
		if tx.s == "Total dos produtos" {
			yTotais = tx.y
		}
	}
	if yTotais < 0 {
		t.Fatal("sem o bloco de totais")
	}
	const eps = 0.05
	naTabela := 0
	for _, tx := range textos {
		if tx.x0 < espMargem-eps || tx.x1 > larg-espMargem+eps {
			t.Errorf("%q sai da margem: %.2f–%.2f mm", tx.s, tx.x0, tx.x1)
		}
		if tx.tamanho > espCorpoTabela || tx.y <= yTotais { // not the items table
			continue
		}
		naTabela++
		i, j := coluna(tx.x0+eps), coluna(tx.x1-eps)
		if i != j && !(i == espColDesconto && j == espColST) {
			t.Errorf("%q transborda da coluna %d para a %d (%.2f–%.2f mm)", tx.s, i, j, tx.x0, tx.x1)
		}
	}
	if naTabela < 5*len(espColunas) {
		t.Errorf("só %d textos na tabela", naTabela)
	}
}

type textoPosicionado struct {
	s        string
	x0, x1   float64 // mm
	y        float64 // pt, from the page's bottom
	tamanho  float64 // pt
	baseFont string
}

var (
	reFonteRecurso = regexp.MustCompile(`/(F[0-9a-f]+) (\d+) 0 R`)
	reFonteObjeto  = regexp.MustCompile(`(?s)\n(\d+) 0 obj\s*<</Type /Font\s*/BaseFont /([\w-]+)`)
	reOperacao     = regexp.MustCompile(`/(F[0-9a-f]+) ([\d.]+) Tf|BT ([\d.]+) ([\d.]+) Td \(((?:\\.|[^\\)])*)\)Tj`)
)

// textosPosicionados reads every shown string of an uncompressed fpdf PDF with its horizontal
// extent, measured with the font's own metrics.
func textosPosicionados(t *testing.T, b []byte) []textoPosicionado {
	t.Helper()
	objetos := map[string]string{}
	for _, m := range reFonteObjeto.FindAllSubmatch(b, -1) {
		objetos[string(m[1])] = string(m[2])
	}
	fontes := map[string]string{}
	for _, m := range reFonteRecurso.FindAllSubmatch(b, -1) {
		if bf, ok := objetos[string(m[2])]; ok {
			fontes[string(m[1])] = bf
		}
	}
	medidor := fpdf.New("P", "mm", "A4", "")
	medidor.AddPage()
	var out []textoPosicionado
	fonte, tam := "", 0.0
	for _, m := range reOperacao.FindAllSubmatch(b, -1) {
		if len(m[1]) > 0 {
			fonte = fontes[string(m[1])]
			tam, _ = strconv.ParseFloat(string(m[2]), 64)
			continue
		}
		estilo := map[string]string{"Helvetica": "", "Helvetica-Bold": "B", "Helvetica-Oblique": "I", "Helvetica-BoldOblique": "BI"}
		st, ok := estilo[fonte]
		if !ok {
			t.Fatalf("fonte inesperada %q", fonte)
		}
		s := desescapar(string(m[5]))
		medidor.SetFont("Helvetica", st, tam)
		x, _ := strconv.ParseFloat(string(m[3]), 64)
		y, _ := strconv.ParseFloat(string(m[4]), 64)
		x0 := x * 25.4 / 72
		out = append(out, textoPosicionado{s: s, x0: x0, x1: x0 + medidor.GetStringWidth(s), y: y, tamanho: tam, baseFont: fonte})
	}
	return out
}

func desescapar(s string) string {
	r := strings.NewReplacer(`\\`, `\`, `\(`, `(`, `\)`, `)`, `\r`, "\r")
	return r.Replace(s)
}

func cp1252(t testing.TB, s string) []byte {
	t.Helper()
	b, err := charmap.Windows1252.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestEspDocumento(t *testing.T) {
	casos := []struct{ in, doc, rot string }{
		{"12345678000195", "12.345.678/0001-95", "CNPJ"},
		{"12.345.678/0001-95", "12.345.678/0001-95", "CNPJ"},
		{"12345678909", "123.456.789-09", "CPF"},
		{" 123.456.789-09 ", "123.456.789-09", "CPF"},
		{"1234567", "1234567", "CNPJ/CPF"},
		{"EX-99/AR", "EX-99/AR", "CNPJ/CPF"},
		{"", "", "CNPJ/CPF"},
	}
	for _, c := range casos {
		doc, rot := espDocumento(c.in)
		if doc != c.doc || rot != c.rot {
			t.Errorf("espDocumento(%q) = %q, %q; quero %q, %q", c.in, doc, rot, c.doc, c.rot)
		}
	}
}

func TestEspFormatos(t *testing.T) {
	if got := espData("2026-10-05"); got != "05/10/2026" {
		t.Errorf("espData = %q", got)
	}
	if got := espData(""); got != "" {
		t.Errorf("espData vazia = %q", got)
	}
	if got := espInteiro(1234567); got != "1.234.567" {
		t.Errorf("espInteiro = %q", got)
	}
	if got := espValor(123456); got != "1.234,56" {
		t.Errorf("espValor = %q", got)
	}
	it := &domain.ItemPedido{DescontoPercentual: 999, Descontos: []domain.DescontoItem{{Percentual: 1000}, {Percentual: -250}}}
	if got := espDescontoItem(it).String(); got != "7,5%" {
		t.Errorf("desconto somado = %q", got)
	}
	it.Descontos = nil
	if got := espDescontoItem(it).String(); got != "9,99%" {
		t.Errorf("desconto pedido = %q", got)
	}
}

func BenchmarkEspelhoPDF(b *testing.B) {
	e := Espelho{Pedido: pedidoGrande(50), Empresa: "Distribuidora", Vendedor: "Ana", GeradoEm: geradoEm}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := EspelhoPDF(e); err != nil {
			b.Fatal(err)
		}
	}
}
