package domain

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/crmvendas/crm/services/platform/errs"
)

// The stored entities of the sales service: what ADMIN maintains and the store keeps (with its
// bookkeeping: id, empresa, versao, criado/alterado, excluido), one file each (produto_cadastro.go,
// tabela_cadastro.go, condicao_cadastro.go, regra_st_cadastro.go, politica_cadastro.go). Each turns
// into the pure type pricing reads. Here: what they share (UFs, dates, field checks).

// ReasonCodigoDuplicado: a product code already used in the company (detalhes.produto_id names
// the product holding it).
const ReasonCodigoDuplicado = errs.ReasonCodigoDuplicado

// Limits of free text.
const (
	MaxCodigo    = 60
	MaxDescricao = 200
	MaxTexto     = 80
	MaxNomeCurto = 120
	MaxLista     = 5000
)

// Messages of the stored entities.
const (
	MsgProdutoNaoEncontrado  = "Produto não encontrado."
	MsgTabelaNaoEncontrada   = "Tabela de preço não encontrada."
	MsgPrecoNaoEncontrado    = "Este produto não está nesta tabela de preço."
	MsgCondicaoNaoEncontrada = "Condição de pagamento não encontrada."
	MsgRegraNaoEncontrada    = "Regra de ICMS-ST não encontrada."
	MsgOutraEmpresa          = "Acesso negado: o registro é de outra empresa."
)

// UFs are the 27 federative units.
var UFs = []string{"AC", "AL", "AM", "AP", "BA", "CE", "DF", "ES", "GO", "MA", "MG", "MS", "MT", "PA", "PB", "PE", "PI", "PR",
	"RJ", "RN", "RO", "RR", "RS", "SC", "SE", "SP", "TO"}

// UFValida reports whether uf is one of the 27 (upper case).
func UFValida(uf string) bool { return slices.Contains(UFs, uf) }

func texto(v *errs.Violacoes, campo, nome string, s *string, max int, obrigatorio bool) {
	*s = strings.TrimSpace(*s)
	if obrigatorio && *s == "" {
		v.Add(campo, fmt.Sprintf("Informe %s.", nome))
	}
	if utf8.RuneCountInString(*s) > max {
		v.Add(campo, fmt.Sprintf("%s deve ter no máximo %d caracteres.", primeiraMaiuscula(nome), max))
	}
}

func primeiraMaiuscula(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return strings.ToUpper(string(r)) + s[n:]
}

// DataValida reports whether d is empty or an existing "AAAA-MM-DD".
func DataValida(d Data) bool {
	if d == "" {
		return true
	}
	_, err := time.Parse("2006-01-02", string(d))
	return err == nil
}
