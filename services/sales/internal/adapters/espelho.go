package adapters

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"codeberg.org/go-pdf/fpdf"

	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// The "espelho do pedido" (the order's mirror): the PDF a seller hands or sends to the customer.
// A4 portrait, fpdf's core Helvetica with the cp1252 code page (every pt-BR letter; a character
// outside cp1252 prints as "."), the items table repeated page after page under its column
// header, "Página X de Y" at the foot. No store, no network, no clock but for a zero GeradoEm:
// the same Espelho gives the same bytes. Safe for concurrent calls.
//
// What it shows: the number ("Pedido a enviar" while 0), company, the order's date (sent, else
// created), status, type; the customer's snapshot (name, CNPJ/CPF formatted, IE, UF, Suframa);
// the commercial terms (condição, forma de pagamento, entrega, vendedor); every item (código,
// descrição wrapped to 3 lines, un, qtd, preço de lista, desconto % — the sum of the item's
// discounts, or the one asked for when it has none —, preço unitário, IPI, ST, total; a given
// item shows "Bonificação" and its value at list price); the stored totals (produtos, IPI, ST,
// frete, total: never recomputed here); and Observacoes. ObservacoesInternas, the approval
// reasons, flex and the history are the company's and are never printed.

// Espelho is what the PDF shows besides the order.
type Espelho struct {
	Pedido   *domain.Pedido
	Empresa  string    // company display name
	Vendedor string    // seller display name (fallback: VendedorID)
	GeradoEm time.Time // printed at the foot and the PDF's own date (zero: now)
}

// EspelhoPDF renders the "espelho do pedido" as application/pdf bytes.
func EspelhoPDF(e Espelho) ([]byte, error) {
	return espelhoPDF(e, true)
}

// espelhoPDF renders with or without the compression of the pages' content (tests read it plain).
func espelhoPDF(e Espelho, comprimir bool) ([]byte, error) {
	if e.Pedido == nil {
		return nil, errors.New("espelho do pedido: pedido ausente")
	}
	if e.GeradoEm.IsZero() {
		e.GeradoEm = time.Now()
	}
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCompression(comprimir)
	r := &espelho{e: e, p: e.Pedido, pdf: pdf}
	r.cp = pdf.UnicodeTranslatorFromDescriptor("") // cp1252; not safe across goroutines: one per document
	if err := pdf.Error(); err != nil {
		return nil, fmt.Errorf("espelho do pedido: %w", err)
	}
	r.render()
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("espelho do pedido: %w", err)
	}
	return buf.Bytes(), nil
}

// Page geometry (mm) and type sizes (pt).
const (
	espMargem       = 12.0
	espMargemRodape = 16.0 // the bottom margin: the footer lives there
	espCorpoTabela  = 7.0  // the items table
	espLinhaTabela  = 3.6  // one text line of a table row
	espMaxLinhasDsc = 3    // a description wraps to at most this many lines
	espAliasPaginas = "{nb}"
)

type espCor struct{ r, g, b int }

var (
	espCorTexto  = espCor{33, 37, 41}
	espCorSuave  = espCor{108, 117, 125}
	espCorTitulo = espCor{23, 62, 110}
	espCorFundo  = espCor{233, 236, 239}
	espCorZebra  = espCor{247, 248, 250}
	espCorLinha  = espCor{206, 212, 218}
	espCorAlerta = espCor{176, 42, 55}
)

// espColuna is a column of the items table.
type espColuna struct {
	titulo string
	w      float64 // 0: the rest of the width (the description)
	align  string
}

var espColunas = []espColuna{
	{"Código", 17, "L"},
	{"Descrição", 0, "L"},
	{"Un", 8, "C"},
	{"Qtd", 12, "R"},
	{"Preço lista", 17, "R"},
	{"Desc. %", 12, "R"},
	{"Preço unit.", 17, "R"},
	{"IPI", 14, "R"},
	{"ST", 14, "R"},
	{"Total", 19, "R"},
}

// espLarguras are the widths of the items table's columns over a usable width l: the
// description takes what the others leave.
func espLarguras(l float64) []float64 {
	w := make([]float64, len(espColunas))
	resto := l
	for i, c := range espColunas {
		w[i] = c.w
		resto -= c.w
	}
	w[espColDescricao] = resto
	return w
}

// The indexes of espColunas that a given (bonificação) item merges into one cell.
const (
	espColDescricao = 1
	espColDesconto  = 5
	espColST        = 8
)

type espelho struct {
	e   Espelho
	p   *domain.Pedido
	pdf *fpdf.Fpdf
	cp  func(string) string
	// emTabela: a page break now repeats the items table's column header.
	emTabela bool
	larguras []float64
}

// tx prepares a user's or a label's text for a one-line cell: control characters and line
// breaks become spaces, the page-count alias is defused, and the text is encoded in cp1252.
func (r *espelho) tx(s string) string {
	return r.cp(espLimpar(s, false))
}

// txMulti is tx keeping the line breaks (MultiCell).
func (r *espelho) txMulti(s string) string {
	return r.cp(espLimpar(s, true))
}

func espLimpar(s string, quebras bool) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "?")
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.Map(func(c rune) rune {
		switch {
		case c == '\n' && quebras:
			return c
		case c == '\u00a0':
			return ' '
		case unicode.IsControl(c) || c == '\u2028' || c == '\u2029':
			return ' '
		}
		return c
	}, s)
	// A literal alias in a user's text would be replaced by the page count.
	return strings.ReplaceAll(s, espAliasPaginas, "{ nb}")
}

func (r *espelho) cor(c espCor)   { r.pdf.SetTextColor(c.r, c.g, c.b) }
func (r *espelho) fundo(c espCor) { r.pdf.SetFillColor(c.r, c.g, c.b) }
func (r *espelho) traco(c espCor) { r.pdf.SetDrawColor(c.r, c.g, c.b) }

// caber cuts an encoded text with "…" so that it fits a cell of width w (inner margins included).
func (r *espelho) caber(s string, w float64) string {
	livre := w - 2*r.pdf.GetCellMargin()
	if r.pdf.GetStringWidth(s) <= livre {
		return s
	}
	const reticencias = "\x85" // "…" in cp1252
	for len(s) > 0 && r.pdf.GetStringWidth(s+reticencias) > livre {
		s = s[:len(s)-1]
	}
	return strings.TrimRight(s, " ") + reticencias
}

// celulaAjustada writes a figure that must never be cut: when it does not fit, the type shrinks
// for this cell only, as much as needed (an amount near the domain's limit still fits, tiny).
func (r *espelho) celulaAjustada(w, h float64, s, align string, fill bool) {
	tam, _ := r.pdf.GetFontSize()
	livre := w - 2*r.pdf.GetCellMargin()
	novo := tam
	if larg := r.pdf.GetStringWidth(s); larg > livre {
		novo = max(math.Floor(tam*livre/larg*10)/10, 2)
		r.pdf.SetFontSize(novo)
	}
	r.pdf.CellFormat(w, h, s, "", 0, align, fill, 0, "")
	if novo != tam {
		r.pdf.SetFontSize(tam)
	}
}

func (r *espelho) larguraUtil() float64 {
	w, _ := r.pdf.GetPageSize()
	return w - 2*espMargem
}

// titulo is the document's title: "Espelho do pedido Nº 123" or, before the server numbered
// the order, "Pedido a enviar".
func (r *espelho) titulo() string {
	if r.p.Numero <= 0 {
		return "Pedido a enviar"
	}
	return "Espelho do pedido Nº " + strconv.FormatInt(r.p.Numero, 10)
}

func (r *espelho) render() {
	pdf := r.pdf
	pdf.SetMargins(espMargem, espMargem, espMargem)
	pdf.SetAutoPageBreak(true, espMargemRodape)
	pdf.SetCellMargin(1)
	pdf.AliasNbPages(espAliasPaginas)
	pdf.SetTitle(espLimpar(r.titulo(), false), true)
	if r.e.Empresa != "" {
		pdf.SetAuthor(espLimpar(r.e.Empresa, false), true)
	}
	pdf.SetSubject(espLimpar("Espelho do pedido de "+r.p.Cliente.Nome, false), true)
	pdf.SetLang("pt-BR")
	pdf.SetCreationDate(r.e.GeradoEm)
	pdf.SetModificationDate(r.e.GeradoEm)
	pdf.SetCatalogSort(true) // the fonts in a stable order: the same Espelho, the same bytes
	pdf.SetHeaderFunc(r.cabecalhoContinuacao)
	pdf.SetFooterFunc(r.rodape)

	r.larguras = espLarguras(r.larguraUtil())

	pdf.AddPage()
	r.cabecalho()
	r.blocosClienteECondicoes()
	r.tabelaItens()
	r.totais()
	r.observacoes()
}

// cabecalho is the first page's head: title and company, then date, status and type.
func (r *espelho) cabecalho() {
	pdf, l := r.pdf, r.larguraUtil()
	pdf.SetFont("Helvetica", "B", 16)
	r.cor(espCorTitulo)
	pdf.CellFormat(l*0.6, 8, r.caber(r.tx(r.titulo()), l*0.6), "", 0, "L", false, 0, "")
	pdf.SetFont("Helvetica", "B", 11)
	r.cor(espCorTexto)
	pdf.CellFormat(l*0.4, 8, r.caber(r.tx(r.e.Empresa), l*0.4), "", 1, "R", false, 0, "")

	pdf.SetFont("Helvetica", "", 9)
	partes := []struct{ rotulo, valor string }{
		{"Data do pedido: ", r.dataPedido()},
		{"Situação: ", espMaiuscula(r.p.Status.Rotulo())},
		{"Tipo: ", espRotuloTipo(r.p.Tipo)},
	}
	for i, pt := range partes {
		if i > 0 {
			r.cor(espCorLinha)
			pdf.CellFormat(6, 5, "|", "", 0, "C", false, 0, "")
		}
		r.cor(espCorSuave)
		pdf.CellFormat(pdf.GetStringWidth(r.tx(pt.rotulo)), 5, r.tx(pt.rotulo), "", 0, "L", false, 0, "")
		r.cor(espCorTexto)
		if i == 1 && (r.p.Status == domain.StatusCancelado || r.p.Status == domain.StatusReprovado) {
			r.cor(espCorAlerta)
			pdf.SetFont("Helvetica", "B", 9)
		}
		v := r.tx(pt.valor)
		pdf.CellFormat(pdf.GetStringWidth(v)+0.5, 5, v, "", 0, "L", false, 0, "")
		pdf.SetFont("Helvetica", "", 9)
	}
	pdf.Ln(6.5)
	r.traco(espCorTitulo)
	pdf.SetLineWidth(0.5)
	pdf.Line(espMargem, pdf.GetY(), espMargem+l, pdf.GetY())
	pdf.SetLineWidth(0.2)
	pdf.Ln(3)
}

// cabecalhoContinuacao heads every page after the first: the title, the customer and the
// company, then the items table's column header while the table runs.
func (r *espelho) cabecalhoContinuacao() {
	pdf := r.pdf
	if pdf.PageNo() <= 1 {
		return
	}
	l := r.larguraUtil()
	pdf.SetFont("Helvetica", "B", 9)
	r.cor(espCorTitulo)
	esq := r.titulo()
	if r.p.Cliente.Nome != "" {
		esq += " · " + r.p.Cliente.Nome
	}
	pdf.CellFormat(l*0.65, 5, r.caber(r.tx(esq), l*0.65), "", 0, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 9)
	r.cor(espCorSuave)
	pdf.CellFormat(l*0.35, 5, r.caber(r.tx(r.e.Empresa), l*0.35), "", 1, "R", false, 0, "")
	r.traco(espCorLinha)
	pdf.Line(espMargem, pdf.GetY()+0.5, espMargem+l, pdf.GetY()+0.5)
	pdf.Ln(2.5)
	if r.emTabela {
		r.cabecalhoTabela()
	}
}

// rodape is every page's foot: when it was generated, and "Página X de Y".
func (r *espelho) rodape() {
	pdf, l := r.pdf, r.larguraUtil()
	_, alt := pdf.GetPageSize()
	y := alt - espMargemRodape + 5
	r.traco(espCorLinha)
	pdf.Line(espMargem, y, espMargem+l, y)
	pdf.SetXY(espMargem, y+1)
	pdf.SetFont("Helvetica", "", 7.5)
	r.cor(espCorSuave)
	gerado := "Gerado em " + r.e.GeradoEm.In(espFuso).Format("02/01/2006 às 15:04")
	pdf.CellFormat(l*0.7, 4, r.tx(gerado), "", 0, "L", false, 0, "")
	pagina := r.cp(fmt.Sprintf("Página %d de %s", pdf.PageNo(), espAliasPaginas))
	pdf.CellFormat(l*0.3, 4, pagina, "", 0, "R", false, 0, "")
}

// secao writes a section's title bar over width w at the current position.
func (r *espelho) secao(titulo string, w float64) {
	pdf := r.pdf
	pdf.SetFont("Helvetica", "B", 8.5)
	r.fundo(espCorFundo)
	r.cor(espCorTitulo)
	pdf.CellFormat(w, 5.5, r.tx(titulo), "", 2, "L", true, 0, "")
}

type espCampo struct{ rotulo, valor string }

// campos writes label: value lines in a column of width w starting at x, from y; it returns
// where the column ends.
func (r *espelho) campos(x, y, w float64, cs []espCampo) float64 {
	pdf := r.pdf
	const h = 4.6
	rot := 0.0
	pdf.SetFont("Helvetica", "", 8.5)
	for _, c := range cs {
		if c.rotulo != "" {
			rot = max(rot, pdf.GetStringWidth(r.tx(c.rotulo))+2*pdf.GetCellMargin()+1)
		}
	}
	rot = min(rot, w*0.45)
	for _, c := range cs {
		pdf.SetXY(x, y)
		if c.rotulo == "" { // a headline value (the customer's name)
			pdf.SetFont("Helvetica", "B", 10)
			r.cor(espCorTexto)
			pdf.CellFormat(w, h+0.8, r.caber(r.tx(c.valor), w), "", 0, "L", false, 0, "")
			y += h + 0.8
			continue
		}
		pdf.SetFont("Helvetica", "", 8.5)
		r.cor(espCorSuave)
		pdf.CellFormat(rot, h, r.caber(r.tx(c.rotulo), rot), "", 0, "L", false, 0, "")
		r.cor(espCorTexto)
		pdf.SetFont("Helvetica", "B", 8.5)
		pdf.CellFormat(w-rot, h, r.caber(r.tx(c.valor), w-rot), "", 0, "L", false, 0, "")
		y += h
	}
	return y
}

// blocosClienteECondicoes writes the customer (left) and the commercial terms (right).
func (r *espelho) blocosClienteECondicoes() {
	pdf, l := r.pdf, r.larguraUtil()
	const vao = 6.0
	wc := (l - vao) * 0.56
	wt := l - vao - wc
	y0 := pdf.GetY()

	c := r.p.Cliente
	doc, rotDoc := espDocumento(c.Documento)
	cli := []espCampo{{"", espNvl(c.Nome, "Cliente não informado")}}
	if doc != "" {
		cli = append(cli, espCampo{rotDoc + ":", doc})
	}
	if ie := strings.TrimSpace(c.InscricaoEstadual); ie != "" {
		cli = append(cli, espCampo{"Inscrição estadual:", ie})
	}
	if uf := strings.TrimSpace(c.UF); uf != "" {
		cli = append(cli, espCampo{"UF:", strings.ToUpper(uf)})
	}
	if s := strings.TrimSpace(c.Suframa); s != "" {
		cli = append(cli, espCampo{"Suframa:", s})
	}

	vendedor := strings.TrimSpace(r.e.Vendedor)
	if vendedor == "" {
		vendedor = r.p.VendedorID
	}
	cond := []espCampo{
		{"Condição de pagamento:", espNvl(r.p.CondicaoNome, "—")},
		{"Forma de pagamento:", espNvl(r.p.FormaPagamento, "—")},
		{"Data de entrega:", espNvl(espData(r.p.DataEntrega), "A combinar")},
		{"Vendedor:", espNvl(vendedor, "—")},
	}

	pdf.SetXY(espMargem, y0)
	r.secao("Cliente", wc)
	y1 := r.campos(espMargem, pdf.GetY()+1, wc, cli)
	pdf.SetXY(espMargem+wc+vao, y0)
	r.secao("Condições comerciais", wt)
	y2 := r.campos(espMargem+wc+vao, pdf.GetY()+1, wt, cond)
	pdf.SetXY(espMargem, max(y1, y2)+4)
}

func (r *espelho) cabecalhoTabela() {
	pdf := r.pdf
	pdf.SetFont("Helvetica", "B", espCorpoTabela)
	r.fundo(espCorFundo)
	r.cor(espCorTitulo)
	pdf.SetX(espMargem)
	for i, c := range espColunas {
		pdf.CellFormat(r.larguras[i], 5.5, r.tx(c.titulo), "", 0, c.align, true, 0, "")
	}
	pdf.Ln(5.5)
}

// tabelaItens writes the items, each row whole on a page, the column header on every page.
func (r *espelho) tabelaItens() {
	pdf := r.pdf
	_, alt := pdf.GetPageSize()
	limite := alt - espMargemRodape

	titulo := fmt.Sprintf("Itens (%d)", len(r.p.Itens))
	r.secao(titulo, r.larguraUtil())
	pdf.Ln(0.8)
	if pdf.GetY()+5.5+2*espLinhaTabela+1 > limite { // the header never sits alone at a page's foot
		pdf.AddPage()
	}
	r.cabecalhoTabela()
	r.emTabela = true
	defer func() { r.emTabela = false }()

	if len(r.p.Itens) == 0 {
		pdf.SetFont("Helvetica", "I", 8)
		r.cor(espCorSuave)
		pdf.CellFormat(r.larguraUtil(), 7, r.tx("Nenhum item no pedido."), "B", 1, "C", false, 0, "")
		return
	}
	for i := range r.p.Itens {
		it := &r.p.Itens[i]
		pdf.SetFont("Helvetica", "", espCorpoTabela)
		linhas := r.linhasDescricao(it.Descricao)
		h := float64(len(linhas))*espLinhaTabela + 1.6
		if pdf.GetY()+h > limite {
			pdf.AddPage() // the header func repeats the column header
			pdf.SetFont("Helvetica", "", espCorpoTabela)
		}
		r.linhaItem(it, linhas, h, i%2 == 1)
	}
}

// linhasDescricao wraps a description to at most espMaxLinhasDsc lines of the description column,
// the last cut with "…" when the text goes on.
func (r *espelho) linhasDescricao(s string) []string {
	w := r.larguras[espColDescricao]
	enc := r.tx(strings.TrimSpace(s))
	if enc == "" {
		return []string{""}
	}
	partes := r.pdf.SplitLines([]byte(enc), w)
	if len(partes) == 0 {
		return []string{""}
	}
	out := make([]string, 0, min(len(partes), espMaxLinhasDsc))
	for i, p := range partes {
		if i == espMaxLinhasDsc-1 && len(partes) > espMaxLinhasDsc {
			resto := string(bytes.Join(partes[i:], []byte(" ")))
			out = append(out, r.caber(resto+"\x85", w)) // always marked as cut
			break
		}
		out = append(out, string(p))
	}
	return out
}

func (r *espelho) linhaItem(it *domain.ItemPedido, linhas []string, h float64, zebra bool) {
	pdf := r.pdf
	x0, y0 := espMargem, pdf.GetY()
	l := r.larguraUtil()
	if zebra {
		r.fundo(espCorZebra)
		pdf.Rect(x0, y0, l, h, "F")
	}
	r.traco(espCorLinha)
	pdf.Line(x0, y0+h, x0+l, y0+h)
	r.cor(espCorTexto)
	pdf.SetFont("Helvetica", "", espCorpoTabela)

	x := x0
	cel := func(i int, s string) {
		pdf.SetXY(x, y0)
		r.celulaAjustada(r.larguras[i], h, s, espColunas[i].align, false)
		x += r.larguras[i]
	}
	// Código, descrição, unidade.
	pdf.SetXY(x, y0)
	pdf.CellFormat(r.larguras[0], h, r.caber(r.tx(it.Codigo), r.larguras[0]), "", 0, "L", false, 0, "")
	x += r.larguras[0]
	topo := y0 + (h-float64(len(linhas))*espLinhaTabela)/2
	for j, ln := range linhas {
		pdf.SetXY(x, topo+float64(j)*espLinhaTabela)
		pdf.CellFormat(r.larguras[espColDescricao], espLinhaTabela, ln, "", 0, "L", false, 0, "")
	}
	x += r.larguras[espColDescricao]
	pdf.SetXY(x, y0)
	pdf.CellFormat(r.larguras[2], h, r.caber(r.tx(it.Unidade), r.larguras[2]), "", 0, "C", false, 0, "")
	x += r.larguras[2]
	cel(3, r.tx(espInteiro(it.Quantidade)))
	cel(4, r.tx(espValor(it.PrecoListaCentavos)))

	if it.Bonificacao {
		w := 0.0
		for i := espColDesconto; i <= espColST; i++ {
			w += r.larguras[i]
		}
		pdf.SetFont("Helvetica", "I", espCorpoTabela)
		r.cor(espCorTitulo)
		pdf.SetXY(x, y0)
		s := "Bonificação · valor de tabela " + domain.FormatarCentavos(it.BonificacaoCentavos)
		r.celulaAjustada(w, h, r.tx(s), "C", false)
		x += w
		pdf.SetFont("Helvetica", "", espCorpoTabela)
		r.cor(espCorTexto)
		cel(espColST+1, r.tx(espValor(it.TotalCentavos)))
		pdf.SetXY(espMargem, y0+h)
		return
	}
	cel(5, r.tx(espDescontoItem(it).String()))
	cel(6, r.tx(espValor(it.PrecoUnitarioCentavos)))
	cel(7, r.tx(espValor(it.IPICentavos)))
	cel(8, r.tx(espValor(it.STCentavos)))
	pdf.SetFont("Helvetica", "B", espCorpoTabela)
	cel(9, r.tx(espValor(it.TotalCentavos)))
	pdf.SetXY(espMargem, y0+h)
}

// espDescontoItem is the item's discount as printed: the sum of its discounts (a negative one is a
// surcharge, the payment term's for one), or the one the seller asked for when pricing left none.
func espDescontoItem(it *domain.ItemPedido) domain.Percentual {
	if len(it.Descontos) == 0 {
		return it.DescontoPercentual
	}
	var s domain.Percentual
	for _, d := range it.Descontos {
		s += d.Percentual
	}
	return s
}

// totais writes the stored totals, right-aligned, kept together on one page.
func (r *espelho) totais() {
	pdf, l := r.pdf, r.larguraUtil()
	_, alt := pdf.GetPageSize()
	linhas := []espCampo{
		{"Total dos produtos", domain.FormatarCentavos(r.p.TotalProdutosCentavos)},
		{"IPI", domain.FormatarCentavos(r.p.TotalIPICentavos)},
		{"ICMS ST", domain.FormatarCentavos(r.p.TotalSTCentavos)},
		{"Frete", domain.FormatarCentavos(r.p.FreteCentavos)},
	}
	const h = 5.0
	alto := 4 + float64(len(linhas))*h + 8 + 1
	if r.p.BonificacaoCentavos > 0 {
		alto += h
	}
	if pdf.GetY()+alto > alt-espMargemRodape {
		pdf.AddPage()
	}
	pdf.Ln(4)
	w := 82.0
	x := espMargem + l - w
	pdf.SetFont("Helvetica", "", 9)
	for _, c := range linhas {
		pdf.SetX(x)
		r.cor(espCorSuave)
		pdf.CellFormat(w*0.55, h, r.tx(c.rotulo), "", 0, "L", false, 0, "")
		r.cor(espCorTexto)
		r.celulaAjustada(w*0.45, h, r.tx(c.valor), "R", false)
		pdf.Ln(h)
	}
	pdf.SetX(x)
	r.fundo(espCorFundo)
	r.cor(espCorTitulo)
	pdf.SetFont("Helvetica", "B", 11)
	pdf.CellFormat(w*0.45, 8, r.tx("Total do pedido"), "", 0, "L", true, 0, "")
	r.celulaAjustada(w*0.55, 8, r.tx(domain.FormatarCentavos(r.p.TotalCentavos)), "R", true)
	pdf.Ln(8)
	if r.p.BonificacaoCentavos > 0 {
		pdf.SetX(x)
		pdf.SetFont("Helvetica", "I", 8)
		r.cor(espCorSuave)
		s := "Bonificação (valor de tabela, não cobrado): " + domain.FormatarCentavos(r.p.BonificacaoCentavos)
		r.celulaAjustada(w, h, r.tx(s), "R", false)
		pdf.Ln(h)
	}
	r.cor(espCorTexto)
}

// observacoes writes the order's notes to the customer (never the internal ones).
func (r *espelho) observacoes() {
	obs := strings.TrimSpace(r.p.Observacoes)
	if obs == "" {
		return
	}
	pdf, l := r.pdf, r.larguraUtil()
	_, alt := pdf.GetPageSize()
	pdf.Ln(5)
	if pdf.GetY()+5.5+3*4.2 > alt-espMargemRodape { // the title never sits alone at a page's foot
		pdf.AddPage()
	}
	pdf.SetX(espMargem)
	r.secao("Observações", l)
	pdf.Ln(1)
	pdf.SetFont("Helvetica", "", 8.5)
	r.cor(espCorTexto)
	pdf.SetX(espMargem)
	pdf.MultiCell(l, 4.2, r.txMulti(obs), "", "L", false)
}

// espValor is an amount of the table, without the currency: "1.234,56".
func espValor(c int64) string {
	return strings.Replace(domain.FormatarCentavos(c), "R$ ", "", 1)
}

// espInteiro writes a quantity with the pt-BR thousands separator: "1.200".
func espInteiro(n int64) string {
	s := domain.FormatarCentavos(n * 100)
	s = strings.Replace(s, "R$ ", "", 1)
	return strings.TrimSuffix(s, ",00")
}

// espDocumento formats a CNPJ (14 digits: 00.000.000/0000-00) or a CPF (11 digits:
// 000.000.000-00), written with or without punctuation; anything else is returned as is. The
// second value is the label: "CNPJ", "CPF" or "CNPJ/CPF".
func espDocumento(doc string) (string, string) {
	doc = strings.TrimSpace(doc)
	var dig strings.Builder
	for _, c := range doc {
		switch {
		case c >= '0' && c <= '9':
			dig.WriteRune(c)
		case c == '.' || c == '-' || c == '/' || c == ' ':
		default:
			return doc, "CNPJ/CPF"
		}
	}
	d := dig.String()
	switch len(d) {
	case 14:
		return d[0:2] + "." + d[2:5] + "." + d[5:8] + "/" + d[8:12] + "-" + d[12:14], "CNPJ"
	case 11:
		return d[0:3] + "." + d[3:6] + "." + d[6:9] + "-" + d[9:11], "CPF"
	}
	return doc, "CNPJ/CPF"
}

// espData writes an "AAAA-MM-DD" date as "DD/MM/AAAA" ("" when empty; as is when not a date).
func espData(d domain.Data) string {
	s := strings.TrimSpace(string(d))
	if s == "" {
		return ""
	}
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		return s
	}
	return t.Format("02/01/2006")
}

// dataPedido is the order's date: when it was sent, else when it was created (America/Sao_Paulo).
func (r *espelho) dataPedido() string {
	t := r.p.EnviadoEm
	if t.IsZero() {
		t = r.p.CriadoEm
	}
	if t.IsZero() {
		return "—"
	}
	return t.In(espFuso).Format("02/01/2006")
}

func espRotuloTipo(t domain.TipoPedido) string {
	if r, ok := domain.RotulosTipoPedido[t]; ok {
		return r
	}
	if t == "" {
		return "—"
	}
	return string(t)
}

func espMaiuscula(s string) string {
	c, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(c)) + s[n:]
}

func espNvl(s, padrao string) string {
	if s = strings.TrimSpace(s); s == "" {
		return padrao
	}
	return s
}

var espFuso = func() *time.Location {
	if l, err := time.LoadLocation("America/Sao_Paulo"); err == nil {
		return l
	}
	return time.FixedZone("BRT", -3*3600)
}()
