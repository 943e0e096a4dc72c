package app

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/google/uuid"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/textfold"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// The CSV imports follow the customer import's standard: a header naming the columns (any order,
// case and accents ignored, ";" or ","), every row validated before anything is written, a
// report per rejected row, rows keyed by product code so that running a file again never
// duplicates. The app decodes Windows-1252 files and sends big ones in parts.

// MaxLinhasImportacao bounds one import request.
const MaxLinhasImportacao = 5000

// ColunasProdutos of the products' import file, in the order of the template.
var ColunasProdutos = []string{"codigo", "descricao", "marca", "grupo", "unidade", "multiplo_venda", "unidades_caixa", "ean", "ncm",
	"ipi_percentual", "peso_gramas", "ativo", "estoque"}

// ColunasPrecos of a table's prices import file.
var ColunasPrecos = []string{"codigo", "produto_id", "preco", "preco_minimo"}

var aliasesImport = map[string]string{"cod": "codigo", "codigo_produto": "codigo", "sku": "codigo", "descricao_produto": "descricao",
	"produto": "descricao", "familia": "grupo", "categoria": "grupo", "un": "unidade", "multiplo": "multiplo_venda",
	"codigo_barras": "ean", "gtin": "ean", "ipi": "ipi_percentual", "peso": "peso_gramas", "peso_g": "peso_gramas",
	"situacao": "ativo", "saldo": "estoque", "preco_venda": "preco", "valor": "preco", "minimo": "preco_minimo"}

// LinhaRejeitada reports a row that can't be imported.
type LinhaRejeitada struct {
	Linha  int32
	Codigo string
	Erros  []string
}

// Importacao is the result of an import.
type Importacao struct {
	Total, Criados, Atualizados int32
	Rejeitadas                  []LinhaRejeitada
	NadaGravado                 bool
}

type linhaCSV struct {
	n      int32
	campos map[string]string
}

// parseCSV reads the file with its header; obrigatorias are the columns it must have (any one
// of each group separated by "|").
func parseCSV(text string, colunas []string, obrigatorias ...string) ([]linhaCSV, error) {
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
	known := map[string]bool{}
	for _, c := range colunas {
		known[c] = true
	}
	cols := make([]string, len(header))
	has := map[string]bool{}
	var unknown []string
	for i, h := range header {
		k := strings.ReplaceAll(textfold.Fold(strings.TrimSpace(h)), " ", "_")
		if a, ok := aliasesImport[k]; ok && known[a] {
			k = a
		}
		if !known[k] && k != "" {
			unknown = append(unknown, h)
		}
		cols[i], has[k] = k, true
	}
	if len(unknown) > 0 {
		return nil, errs.Field("csv", fmt.Sprintf("Colunas desconhecidas no cabeçalho: %s. Use as colunas do modelo: %s.",
			strings.Join(unknown, ", "), strings.Join(colunas, ";")))
	}
	for _, o := range obrigatorias {
		ok := false
		for _, c := range strings.Split(o, "|") {
			ok = ok || has[c]
		}
		if !ok {
			return nil, errs.Field("csv", fmt.Sprintf("O cabeçalho precisa da coluna %s.", strings.ReplaceAll(o, "|", " ou ")))
		}
	}
	var out []linhaCSV
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
		out = append(out, linhaCSV{n: int32(line), campos: m})
		if len(out) > MaxLinhasImportacao {
			return nil, errs.Field("csv", fmt.Sprintf("No máximo %d linhas por envio: divida o arquivo.", MaxLinhasImportacao))
		}
	}
	if len(out) == 0 {
		return nil, errs.Field("csv", "O arquivo não tem linhas depois do cabeçalho.")
	}
	return out, nil
}

// parseReais reads "1.234,56", "1234,56", "1234.56", "R$ 1.234" as centavos, in integers.
func parseReais(s string) (int64, bool) {
	s = strings.ReplaceAll(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), "R$")), " ", "")
	if s == "" {
		return 0, true
	}
	var inteiro, frac string
	switch {
	case strings.Contains(s, ","):
		i := strings.LastIndex(s, ",")
		inteiro, frac = strings.ReplaceAll(s[:i], ".", ""), s[i+1:]
	case strings.Count(s, ".") == 1 && len(s)-strings.Index(s, ".") != 4:
		i := strings.Index(s, ".")
		inteiro, frac = s[:i], s[i+1:]
	default:
		inteiro = strings.ReplaceAll(s, ".", "")
	}
	if inteiro == "" {
		inteiro = "0"
	}
	if len(frac) > 2 || strings.Trim(inteiro, "0123456789") != "" || strings.Trim(frac, "0123456789") != "" || len(inteiro) > 13 {
		return 0, false
	}
	reais, err := strconv.ParseInt(inteiro, 10, 64)
	if err != nil {
		return 0, false
	}
	frac += strings.Repeat("0", 2-len(frac))
	cent, _ := strconv.ParseInt(frac, 10, 64)
	return reais*100 + cent, true
}

func parseBool(s string) (bool, bool) {
	switch textfold.Fold(s) {
	case "nao", "n", "0", "false", "f", "no", "inativo":
		return false, true
	case "sim", "s", "1", "true", "t", "yes", "x", "ativo":
		return true, true
	}
	return false, false
}

func parseInt(s string) (int64, bool) {
	v, err := strconv.ParseInt(strings.ReplaceAll(s, ".", ""), 10, 64)
	return v, err == nil
}

// errosDe lists a validation error's fields as "campo: descrição".
func errosDe(err error) []string {
	var de *errs.Error
	if errors.As(err, &de) && len(de.Fields) > 0 {
		var out []string
		for _, f := range de.Fields {
			out = append(out, f.Field+": "+f.Description)
		}
		return out
	}
	return []string{errs.ToStatus(err).Message()}
}

// aplicarLinha applies a row's non-empty columns to a product; it returns the columns it could
// not read.
func aplicarLinha(p *domain.ProdutoCadastro, f map[string]string) []string {
	var erros []string
	str := func(dst *string, col string) {
		if v := f[col]; v != "" {
			*dst = v
		}
	}
	str(&p.Codigo, "codigo")
	str(&p.Descricao, "descricao")
	str(&p.Marca, "marca")
	str(&p.Grupo, "grupo")
	str(&p.Unidade, "unidade")
	str(&p.EAN, "ean")
	str(&p.NCM, "ncm")
	num := func(dst *int64, col, msg string) {
		if v := f[col]; v != "" {
			n, ok := parseInt(v)
			if !ok {
				erros = append(erros, col+": "+msg)
			}
			*dst = n
		}
	}
	num(&p.MultiploVenda, "multiplo_venda", "use um número inteiro (ex.: 12).")
	num(&p.UnidadesCaixa, "unidades_caixa", "use um número inteiro (ex.: 12).")
	num(&p.PesoGramas, "peso_gramas", "use o peso em gramas, um número inteiro.")
	num(&p.Estoque, "estoque", "use um número inteiro.")
	if v := f["ipi_percentual"]; v != "" {
		ipi, err := domain.ParsePercentual(strings.TrimSuffix(v, "%"))
		if err != nil {
			erros = append(erros, "ipi_percentual: use um percentual com no máximo 2 casas decimais (ex.: 7,5).")
		}
		p.IPI = ipi
	}
	if v := f["ativo"]; v != "" {
		b, ok := parseBool(v)
		if !ok {
			erros = append(erros, "ativo: use sim ou não.")
		}
		p.Ativo = b
	}
	return erros
}

type planoProduto struct {
	linha    linhaCSV
	existeID string
	produto  domain.ProdutoCadastro
}

// ImportarProdutos validates every row and, when all are valid (and not only validating),
// writes them: a row whose code exists updates that product (its non-empty columns), the others
// create products.
func (s *Service) ImportarProdutos(ctx context.Context, text string, validarApenas bool) (*Importacao, error) {
	c := caller.From(ctx)
	linhas, err := parseCSV(text, ColunasProdutos, "codigo")
	if err != nil {
		return nil, err
	}
	sc := store.Company(c.Empresa)
	res := &Importacao{Total: int32(len(linhas)), Rejeitadas: []LinhaRejeitada{}}
	seen := map[string]int32{}
	var plano []planoProduto
	for _, l := range linhas {
		f := l.campos
		chave := domain.ChaveCodigo(f["codigo"])
		var erros []string
		if prev, dup := seen[chave]; dup && chave != "" {
			erros = append(erros, fmt.Sprintf("codigo repetido no arquivo (já na linha %d).", prev))
		}
		seen[chave] = l.n
		p := planoProduto{linha: l}
		base := domain.ProdutoCadastro{MultiploVenda: 1, Ativo: true}
		if chave != "" {
			owner, err := s.Col.Produtos.KeyOwner(ctx, c.Empresa, "codigo", chave)
			if err != nil {
				return nil, err
			}
			if owner != "" {
				prev, err := s.Col.Produtos.GetAny(ctx, sc, owner)
				if err != nil {
					return nil, err
				}
				p.existeID, base = owner, *prev
				if base.Excluido && f["ativo"] == "" {
					base.Ativo = true
				}
			}
		}
		erros = append(erros, aplicarLinha(&base, f)...)
		if err := base.Normalizar(); err != nil {
			erros = append(erros, errosDe(err)...)
		}
		if len(erros) > 0 {
			res.Rejeitadas = append(res.Rejeitadas, LinhaRejeitada{Linha: l.n, Codigo: f["codigo"], Erros: erros})
			continue
		}
		p.produto = base
		plano = append(plano, p)
	}
	if validarApenas || len(res.Rejeitadas) > 0 {
		res.NadaGravado = true
		for _, p := range plano {
			if p.existeID != "" {
				res.Atualizados++
			} else {
				res.Criados++
			}
		}
		return res, nil
	}
	now := s.now().UTC()
	for _, p := range plano {
		f := p.linha.campos
		if p.existeID != "" {
			// The row applies to the product as it is now (an edit made since is kept where the
			// row's column is empty).
			if _, err := s.Col.Produtos.Update(ctx, sc, p.existeID, 0, func(x *domain.ProdutoCadastro) error {
				if x.Excluido && f["ativo"] == "" {
					x.Ativo = true
				}
				x.Excluido = false
				if len(aplicarLinha(x, f)) > 0 {
					return errs.Field("csv", "linha inválida")
				}
				if f["estoque"] != "" {
					x.EstoqueEm = now
				}
				return x.Normalizar()
			}, store.IncludeDeleted); err != nil {
				return nil, fmt.Errorf("linha %d: %w", p.linha.n, err)
			}
			res.Atualizados++
			continue
		}
		np := p.produto
		np.Meta = store.Meta{ID: uuid.NewString()}
		if _, err := s.CriarProduto(ctx, np, f["estoque"] != ""); err != nil {
			return nil, fmt.Errorf("linha %d: %w", p.linha.n, err)
		}
		res.Criados++
	}
	return res, nil
}

type planoPreco struct {
	linha  linhaCSV
	preco  domain.PrecoCadastro
	existe bool
}

// ImportarPrecos validates every row of a table's prices file (a product by code or id, a
// price in reais, an optional minimum) and, when all are valid, sets each price (creating,
// replacing or bringing it back). Keyed by table and product: running it again changes nothing
// more.
func (s *Service) ImportarPrecos(ctx context.Context, tabelaID, text string, validarApenas bool) (*Importacao, error) {
	c := caller.From(ctx)
	if err := exigirID(tabelaID, "tabela_id", "Informe a tabela de preço."); err != nil {
		return nil, err
	}
	sc := store.Company(c.Empresa)
	if _, err := s.Col.Tabelas.Get(ctx, sc, tabelaID); err != nil {
		return nil, err
	}
	linhas, err := parseCSV(text, ColunasPrecos, "codigo|produto_id", "preco")
	if err != nil {
		return nil, err
	}
	res := &Importacao{Total: int32(len(linhas)), Rejeitadas: []LinhaRejeitada{}}
	seen := map[string]int32{}
	var plano []planoPreco
	for _, l := range linhas {
		f := l.campos
		var erros []string
		pid := f["produto_id"]
		if pid == "" && f["codigo"] != "" {
			owner, err := s.Col.Produtos.KeyOwner(ctx, c.Empresa, "codigo", domain.ChaveCodigo(f["codigo"]))
			if err != nil {
				return nil, err
			}
			pid = owner
		}
		if pid == "" {
			erros = append(erros, "codigo: produto não encontrado.")
		} else if p, err := s.Col.Produtos.Get(ctx, sc, pid); err != nil || p == nil {
			erros = append(erros, "codigo: produto não encontrado.")
		}
		if prev, dup := seen[pid]; dup && pid != "" {
			erros = append(erros, fmt.Sprintf("produto repetido no arquivo (já na linha %d).", prev))
		}
		seen[pid] = l.n
		pr := domain.PrecoCadastro{TabelaID: tabelaID, ProdutoID: pid}
		var ok bool
		if pr.PrecoCentavos, ok = parseReais(f["preco"]); !ok {
			erros = append(erros, "preco: valor em reais inválido (ex.: 12,90).")
		}
		if pr.PrecoMinimoCentavos, ok = parseReais(f["preco_minimo"]); !ok {
			erros = append(erros, "preco_minimo: valor em reais inválido (ex.: 11,50).")
		}
		if len(erros) == 0 {
			if err := pr.Validar(); err != nil {
				erros = append(erros, errosDe(err)...)
			}
		}
		if len(erros) > 0 {
			res.Rejeitadas = append(res.Rejeitadas, LinhaRejeitada{Linha: l.n, Codigo: f["codigo"], Erros: erros})
			continue
		}
		_, err := s.Col.Precos.Get(ctx, sc, domain.PrecoID(tabelaID, pid))
		plano = append(plano, planoPreco{linha: l, preco: pr, existe: err == nil})
	}
	if validarApenas || len(res.Rejeitadas) > 0 {
		res.NadaGravado = true
	}
	for _, p := range plano {
		if !res.NadaGravado {
			if _, err := s.DefinirPreco(ctx, p.preco); err != nil {
				return nil, fmt.Errorf("linha %d: %w", p.linha.n, err)
			}
		}
		if p.existe {
			res.Atualizados++
		} else {
			res.Criados++
		}
	}
	return res, nil
}
