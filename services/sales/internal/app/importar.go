package app

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/csvimport"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/textfold"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// The CSV imports follow the customer import's standard: a header naming the columns (any order,
// case and accents ignored, ";" or ","), every row validated before anything is written, a
// report per rejected row, rows keyed by product code so that running a file again never
// duplicates. The app decodes Windows-1252 files and sends big ones in parts.

// ColunasProdutos of the products' import file, in the order of the template.
var ColunasProdutos = []string{"codigo", "descricao", "marca", "grupo", "unidade", "multiplo_venda", "unidades_caixa", "ean", "ncm",
	"ipi_percentual", "peso_gramas", "ativo", "estoque"}

// maxDigitosPreco: a price up to the largest the app's numbers hold exactly (13 digits of reais).
const maxDigitosPreco = 13

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

// Importacao is the result of an import: its counts (csvimport.Contagem) and the rows refused.
type Importacao struct {
	csvimport.Contagem
	Rejeitadas []LinhaRejeitada
}

// simNao reads a yes/no cell; "ativo" and "inativo" too (the products' situation).
func simNao(s string) (bool, bool) {
	switch textfold.Fold(s) {
	case "ativo":
		return true, true
	case "inativo":
		return false, true
	}
	return csvimport.SimNao(s)
}

func parseInt(s string) (int64, bool) {
	v, err := strconv.ParseInt(strings.ReplaceAll(s, ".", ""), 10, 64)
	return v, err == nil
}

// aplicarLinha applies a row's non-empty columns to a product; it returns the columns it could
// not read, in the file's words (csvimport.Linha.Erro).
func aplicarLinha(p *domain.ProdutoCadastro, l csvimport.Linha) []string {
	f := l.Campos
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
				erros = append(erros, l.Erro(col, msg))
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
			erros = append(erros, l.Erro("ipi_percentual", "use um percentual com no máximo 2 casas decimais (ex.: 7,5)."))
		}
		p.IPI = ipi
	}
	if v := f["ativo"]; v != "" {
		b, ok := simNao(v)
		if !ok {
			erros = append(erros, l.Erro("ativo", "use sim ou não."))
		}
		p.Ativo = b
	}
	return erros
}

type planoProduto struct {
	linha    csvimport.Linha
	existeID string
	produto  domain.ProdutoCadastro
}

// ImportarProdutos validates every row and, when all are valid (and not only validating),
// writes them: a row whose code exists updates that product (its non-empty columns), the others
// create products.
func (s *Service) ImportarProdutos(ctx context.Context, text string, validarApenas bool) (*Importacao, error) {
	c := caller.From(ctx)
	linhas, err := csvimport.Ler(text, csvimport.Formato{Colunas: ColunasProdutos, Aliases: aliasesImport, Obrigatorias: []string{"codigo"},
		Texto: []string{"descricao", "marca", "grupo", "unidade"}})
	if err != nil {
		return nil, err
	}
	sc := store.Company(c.Empresa)
	res := &Importacao{Contagem: csvimport.Contagem{Total: int32(len(linhas))}, Rejeitadas: []LinhaRejeitada{}}
	seen := map[string]int32{}
	var plano []planoProduto
	for _, l := range linhas {
		f := l.Campos
		chave := domain.ChaveCodigo(f["codigo"])
		erros := l.Erros
		if prev, dup := seen[chave]; dup && chave != "" {
			erros = append(erros, l.Erro("codigo", fmt.Sprintf("repetido no arquivo (já na linha %d).", prev)))
		}
		seen[chave] = l.N
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
		erros = append(erros, aplicarLinha(&base, l)...)
		if err := base.Normalizar(); err != nil {
			erros = append(erros, l.ErrosDe(err)...)
		}
		if len(erros) > 0 {
			res.Rejeitadas = append(res.Rejeitadas, LinhaRejeitada{Linha: l.N, Codigo: f["codigo"], Erros: erros})
			continue
		}
		p.produto = base
		plano = append(plano, p)
		res.Planejar(p.existeID != "")
	}
	if validarApenas || len(res.Rejeitadas) > 0 {
		res.NaoGravar()
		return res, nil
	}
	// Written in batches (the store's CreateMany and UpdateMany, one transaction each on
	// SQLite, of store.DefaultUpdateBatch records), not one write per row.
	now := s.now().UTC().Truncate(time.Millisecond)
	var novos []*domain.ProdutoCadastro
	var ids []string
	porID := map[string]csvimport.Linha{}
	for _, p := range plano {
		f := p.linha.Campos
		if p.existeID != "" {
			ids, porID[p.existeID] = append(ids, p.existeID), p.linha
			continue
		}
		np := p.produto
		np.Meta = store.Meta{ID: uuid.NewString()}
		if f["estoque"] != "" {
			np.EstoqueEm = now
		}
		novos = append(novos, &np)
	}
	// A row applies to the product as it is now (an edit made since is kept where the row's
	// column is empty).
	if _, err := s.Col.Produtos.UpdateMany(ctx, sc, ids, func(x *domain.ProdutoCadastro) error {
		l := porID[x.ID]
		f := l.Campos
		if x.Excluido && f["ativo"] == "" {
			x.Ativo = true
		}
		x.Excluido = false
		if len(aplicarLinha(x, l)) > 0 {
			return errs.Field("csv", "linha inválida")
		}
		if f["estoque"] != "" {
			x.EstoqueEm = now
		}
		return x.Normalizar()
	}, store.IncludeDeleted); err != nil {
		return nil, err
	}
	for lote := range slices.Chunk(novos, store.DefaultUpdateBatch) {
		if err := s.Col.Produtos.CreateMany(ctx, sc, lote); err != nil {
			return nil, err
		}
	}
	res.Gravado()
	return res, nil
}

type planoPreco struct {
	linha   csvimport.Linha
	preco   domain.PrecoCadastro
	existe  bool // a price in the table now
	gravado bool // a record, maybe a removed price (a tombstone) to bring back
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
	linhas, err := csvimport.Ler(text, csvimport.Formato{Colunas: ColunasPrecos, Aliases: aliasesImport, Obrigatorias: []string{"codigo|produto_id", "preco"},
		Campos: map[string]string{"preco_centavos": "preco", "preco_minimo_centavos": "preco_minimo"}})
	if err != nil {
		return nil, err
	}
	res := &Importacao{Contagem: csvimport.Contagem{Total: int32(len(linhas))}, Rejeitadas: []LinhaRejeitada{}}
	seen := map[string]int32{}
	var plano []planoPreco
	for _, l := range linhas {
		f := l.Campos
		erros := l.Erros
		pid := f["produto_id"]
		if pid == "" && f["codigo"] != "" {
			owner, err := s.Col.Produtos.KeyOwner(ctx, c.Empresa, "codigo", domain.ChaveCodigo(f["codigo"]))
			if err != nil {
				return nil, err
			}
			pid = owner
		}
		colProduto := "codigo"
		if f["produto_id"] != "" {
			colProduto = "produto_id"
		}
		if pid == "" {
			erros = append(erros, l.Erro(colProduto, "produto não encontrado."))
		} else if p, err := s.Col.Produtos.Get(ctx, sc, pid); err != nil || p == nil {
			erros = append(erros, l.Erro(colProduto, "produto não encontrado."))
		}
		if prev, dup := seen[pid]; dup && pid != "" {
			erros = append(erros, l.Erro(colProduto, fmt.Sprintf("produto repetido no arquivo (já na linha %d).", prev)))
		}
		seen[pid] = l.N
		pr := domain.PrecoCadastro{TabelaID: tabelaID, ProdutoID: pid}
		var ok bool
		if pr.PrecoCentavos, ok = csvimport.Reais(f["preco"], maxDigitosPreco); !ok {
			erros = append(erros, l.Erro("preco", "valor em reais inválido (ex.: 12,90)."))
		}
		if pr.PrecoMinimoCentavos, ok = csvimport.Reais(f["preco_minimo"], maxDigitosPreco); !ok {
			erros = append(erros, l.Erro("preco_minimo", "valor em reais inválido (ex.: 11,50)."))
		}
		if len(erros) == 0 {
			if err := pr.Validar(); err != nil {
				erros = append(erros, l.ErrosDe(err)...)
			}
		}
		if len(erros) > 0 {
			res.Rejeitadas = append(res.Rejeitadas, LinhaRejeitada{Linha: l.N, Codigo: f["codigo"], Erros: erros})
			continue
		}
		prev, err := s.Col.Precos.GetAny(ctx, sc, domain.PrecoID(tabelaID, pid))
		if err != nil && !errs.IsKind(err, errs.KindNotFound) {
			return nil, err
		}
		plano = append(plano, planoPreco{linha: l, preco: pr, existe: prev != nil && !prev.Excluido, gravado: prev != nil})
	}
	var novos []*domain.PrecoCadastro
	var ids []string
	precos := map[string]domain.PrecoCadastro{}
	for _, p := range plano {
		res.Planejar(p.existe)
		id := domain.PrecoID(tabelaID, p.preco.ProdutoID)
		if p.gravado {
			ids, precos[id] = append(ids, id), p.preco
			continue
		}
		np := p.preco
		np.Meta = store.Meta{ID: id}
		novos = append(novos, &np)
	}
	if validarApenas || len(res.Rejeitadas) > 0 {
		res.NaoGravar()
		return res, nil
	}
	// In batches, as the products.
	if _, err := s.Col.Precos.UpdateMany(ctx, sc, ids, func(x *domain.PrecoCadastro) error {
		p := precos[x.ID]
		x.PrecoCentavos, x.PrecoMinimoCentavos, x.Excluido = p.PrecoCentavos, p.PrecoMinimoCentavos, false
		return nil
	}, store.IncludeDeleted); err != nil {
		return nil, err
	}
	for lote := range slices.Chunk(novos, store.DefaultUpdateBatch) {
		if err := s.Col.Precos.CreateMany(ctx, sc, lote); err != nil {
			// Some price was set meanwhile (another import, a PUT): one by one, which replaces.
			for _, p := range lote {
				if _, err := s.DefinirPreco(ctx, *p); err != nil {
					return nil, err
				}
			}
		}
	}
	res.Gravado()
	return res, nil
}
