// Package csvimport reads the CSV files of the imports (customers, products, prices) the one way
// every import reads them: a header naming the columns (any order, case and accents ignored,
// known aliases), ";" or "," as separator (the one the header uses), UTF-8 with or without BOM,
// empty rows skipped, a bounded number of rows; and money and yes/no cells as a pt-BR
// spreadsheet writes them, money in integer centavos. A row's refusals name the file's own
// column, as its header wrote it ("coluna CEP: CEP deve ter 8 dígitos"): the importer's own
// reasons through Linha.Erro, a record's field violations ("enderecos[0].cep") through
// Linha.ErrosDe, which maps the field back to the column it came from.
package csvimport

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/input"
	"github.com/crmvendas/crm/services/platform/textfold"
)

// MaxLinhas bounds one import request (the app sends big files in parts).
const MaxLinhas = 5000

// Formato is what a file of one import must look like.
type Formato struct {
	// Colunas known, in the order of the template.
	Colunas []string
	// Aliases: other names of a column (folded, spaces as "_") → the column.
	Aliases map[string]string
	// Obrigatorias: columns the header must have; "a|b" is satisfied by either.
	Obrigatorias []string
	// MsgObrigatorias replaces the message naming a missing column (optional).
	MsgObrigatorias string
	// MsgSemLinhas is the message for a file with a header and no rows (optional).
	MsgSemLinhas string
	// Texto: the free-text columns (names, descriptions, notes). A cell of one that starts as a
	// spreadsheet formula (input.Formula: =, +, -, @) is refused at its row — CSV formula
	// injection — while phones ("+55…") and numbers, not listed, stay as they are.
	Texto []string
	// Campos: a field of the record the rows become, as its validation names it without indices
	// ("enderecos.cep", "preco_centavos"), → the column it comes from, for a field that is
	// neither a column nor an alias of one (those need no entry).
	Campos map[string]string
}

// Linha is a row: its line in the file, its cells by column, and the reasons the file's own
// rules refuse it ("coluna CEP: descrição"; the import adds its own, with Erro and ErrosDe, and
// rejects the row when any).
type Linha struct {
	N      int32
	Campos map[string]string
	Erros  []string
	cab    *cabecalho
}

// cabecalho is what the rows of one file share: its format and each column as the header wrote it.
type cabecalho struct {
	f       *Formato
	escrita map[string]string
}

// Coluna names a column as the file's header wrote it ("CEP", "Cep", "cep_entrega"); a column
// the file does not have, by the template's name.
func (l Linha) Coluna(col string) string {
	if l.cab != nil {
		if w, ok := l.cab.escrita[col]; ok {
			return w
		}
	}
	return col
}

// Erro is a refusal at a column of the row, in the file's words: "coluna CEP: CEP deve ter 8
// dígitos" (a column the file lacks: "coluna vendedor_id (não está no arquivo): …").
func (l Linha) Erro(col, msg string) string {
	if l.cab != nil {
		if _, ok := l.cab.escrita[col]; !ok {
			return "coluna " + col + " (não está no arquivo): " + msg
		}
	}
	return "coluna " + l.Coluna(col) + ": " + msg
}

// indices of a field path ("enderecos[0].cep" → "enderecos.cep").
var indices = regexp.MustCompile(`\[[0-9]+\]`)

// ErrosDe lists a validation error as the row's reasons: each field violation at the column it
// came from (Erro), or its description alone when no column of the file makes that field (a
// field path is never shown); an error without fields, its message.
func (l Linha) ErrosDe(err error) []string {
	var de *errs.Error
	if !errors.As(err, &de) || len(de.Fields) == 0 {
		return []string{errs.ToStatus(err).Message()}
	}
	out := make([]string, 0, len(de.Fields))
	for _, fv := range de.Fields {
		if col, ok := l.colunaDoCampo(fv.Field); ok {
			out = append(out, l.Erro(col, fv.Description))
		} else {
			out = append(out, fv.Description)
		}
	}
	return out
}

// colunaDoCampo is the column a record's field comes from: Formato.Campos, else the field itself
// when it is a column or an alias of one.
func (l Linha) colunaDoCampo(campo string) (string, bool) {
	if l.cab == nil {
		return "", false
	}
	f := l.cab.f
	p := indices.ReplaceAllString(campo, "")
	if c, ok := f.Campos[p]; ok {
		return c, true
	}
	return f.coluna(p)
}

// coluna is the known column a header cell or field name stands for (case, accents and spaces
// ignored; aliases followed).
func (f *Formato) coluna(nome string) (string, bool) {
	k := strings.ReplaceAll(textfold.Fold(strings.TrimSpace(nome)), " ", "_")
	if a, ok := f.Aliases[k]; ok {
		k = a
	}
	for _, c := range f.Colunas {
		if c == k {
			return k, true
		}
	}
	return k, false
}

// Ler reads the file as f describes it; a bad file is a pt-BR field error at "csv".
func Ler(text string, f Formato) ([]Linha, error) {
	text = strings.TrimPrefix(text, "\ufeff")
	if strings.TrimSpace(text) == "" {
		return nil, errs.Field("csv", "O arquivo está vazio.")
	}
	first, _, _ := strings.Cut(text, "\n")
	r := csv.NewReader(strings.NewReader(text))
	r.Comma = ';'
	if strings.Count(first, ",") > strings.Count(first, ";") {
		r.Comma = ','
	}
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	header, err := r.Read()
	if err != nil {
		return nil, errs.Field("csv", "Não foi possível ler o cabeçalho do arquivo CSV.")
	}
	cab := &cabecalho{f: &f, escrita: map[string]string{}}
	cols := make([]string, len(header))
	has := map[string]bool{}
	var unknown []string
	for i, h := range header {
		k, ok := f.coluna(h)
		if !ok && k != "" {
			unknown = append(unknown, h)
		}
		if ok {
			cab.escrita[k] = strings.TrimSpace(h)
		}
		cols[i], has[k] = k, true
	}
	if len(unknown) > 0 {
		return nil, errs.Field("csv", fmt.Sprintf("Colunas desconhecidas no cabeçalho: %s. Use as colunas do modelo: %s.",
			strings.Join(unknown, ", "), strings.Join(f.Colunas, ";")))
	}
	for _, o := range f.Obrigatorias {
		ok := false
		for _, c := range strings.Split(o, "|") {
			ok = ok || has[c]
		}
		if !ok {
			if f.MsgObrigatorias != "" {
				return nil, errs.Field("csv", f.MsgObrigatorias)
			}
			return nil, errs.Field("csv", fmt.Sprintf("O cabeçalho precisa da coluna %s.", strings.ReplaceAll(o, "|", " ou ")))
		}
	}
	var out []Linha
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		line, _ := r.FieldPos(0)
		if err != nil {
			return nil, errs.Field("csv", fmt.Sprintf("Linha %d do CSV mal formada: %v", line, err))
		}
		empty := true
		m := map[string]string{}
		for i, v := range rec {
			if i < len(cols) && cols[i] != "" {
				m[cols[i]] = strings.TrimSpace(v)
				empty = empty && m[cols[i]] == ""
			}
		}
		if empty {
			continue
		}
		l := Linha{N: int32(line), Campos: m, cab: cab}
		for _, c := range f.Texto {
			if input.Formula(m[c]) {
				l.Erros = append(l.Erros, l.Erro(c, input.MsgFormula))
			}
		}
		out = append(out, l)
		if len(out) > MaxLinhas {
			return nil, errs.Field("csv", fmt.Sprintf("No máximo %d linhas por envio: divida o arquivo.", MaxLinhas))
		}
	}
	if len(out) == 0 {
		msg := f.MsgSemLinhas
		if msg == "" {
			msg = "O arquivo não tem linhas depois do cabeçalho."
		}
		return nil, errs.Field("csv", msg)
	}
	return out, nil
}

// Reais reads "1.234,56", "1234,56", "1234.56", "R$ 1.234" or "1.234.567" as centavos, in
// integers (never through floating point), with at most maxDigitos digits of reais; empty is 0.
func Reais(s string, maxDigitos int) (int64, bool) {
	return Decimal(strings.TrimPrefix(strings.TrimSpace(s), "R$"), 2, maxDigitos)
}

// Decimal reads a pt-BR number with at most casas decimals ("1.234,5", "1234.5", "1.234") as an
// integer of 10^-casas units (casas 3: "1,25" → 1250), never through floating point, with at
// most maxDigitos digits before the decimals; empty is 0. A single "." followed by exactly three
// digits groups thousands, as in Reais.
func Decimal(s string, casas, maxDigitos int) (int64, bool) {
	s = strings.ReplaceAll(strings.TrimSpace(s), " ", "")
	if s == "" {
		return 0, true
	}
	var inteiro, frac string
	switch {
	case strings.Contains(s, ","): // pt-BR: "." groups thousands, "," the decimals
		i := strings.LastIndex(s, ",")
		inteiro, frac = strings.ReplaceAll(s[:i], ".", ""), s[i+1:]
	case strings.Count(s, ".") == 1 && len(s)-strings.Index(s, ".") != 4: // 1234.56
		i := strings.Index(s, ".")
		inteiro, frac = s[:i], s[i+1:]
	default: // 1.234 or 1.234.567: thousands
		inteiro = strings.ReplaceAll(s, ".", "")
	}
	if inteiro == "" {
		inteiro = "0"
	}
	if len(frac) > casas || strings.Trim(inteiro, "0123456789") != "" || strings.Trim(frac, "0123456789") != "" || len(inteiro) > maxDigitos {
		return 0, false
	}
	n, err := strconv.ParseInt(inteiro, 10, 64)
	if err != nil {
		return 0, false
	}
	escala := int64(1)
	for range casas {
		escala *= 10
	}
	frac += strings.Repeat("0", casas-len(frac))
	f, _ := strconv.ParseInt(frac, 10, 64)
	return n*escala + f, true
}

// SimNao reads a yes/no cell ("sim", "s", "1", "x", "não", "n", "0", …); a blank cell is not one.
func SimNao(s string) (bool, bool) {
	switch textfold.Fold(s) {
	case "nao", "n", "0", "false", "f", "no":
		return false, true
	case "sim", "s", "1", "true", "t", "yes", "x":
		return true, true
	}
	return false, false
}

// Contagem is an import's counts, with the one meaning every import gives them: ACriar and
// AAtualizar are the valid rows that would create and update a record (the file's plan, also when
// nothing is written); Criados and Atualizados are the records the call wrote — 0 when
// NadaGravado (only validating, or some row refused).
type Contagem struct {
	Total, Criados, Atualizados, ACriar, AAtualizar int32
	NadaGravado                                     bool
}

// Planejar counts a valid row: it would update a record (existe) or create one.
func (c *Contagem) Planejar(existe bool) {
	if existe {
		c.AAtualizar++
	} else {
		c.ACriar++
	}
}

// NaoGravar records that nothing is written.
func (c *Contagem) NaoGravar() { c.NadaGravado, c.Criados, c.Atualizados = true, 0, 0 }

// Gravado records that the plan was written, every row of it.
func (c *Contagem) Gravado() { c.NadaGravado, c.Criados, c.Atualizados = false, c.ACriar, c.AAtualizar }
