package domain

import (
	"github.com/crmvendas/crm/services/platform/store"
)

// CondicaoCadastro is a stored payment term.
type CondicaoCadastro struct {
	store.Meta          `bson:",inline"`
	Nome                string     `bson:"nome"`
	ParcelasDias        []int      `bson:"parcelas_dias"`
	Forma               string     `bson:"forma"`
	Acrescimo           Percentual `bson:"acrescimo_percentual"`
	ValorMinimoCentavos int64      `bson:"valor_minimo_centavos"`
	UsaLimiteCredito    bool       `bson:"usa_limite_credito"`
	Clientes            []string   `bson:"clientes"`
	Ativo               bool       `bson:"ativo" padrao:"true"`
}

// Condicao is the term as pricing sees it.
func (c *CondicaoCadastro) Condicao() CondicaoPagamento {
	return CondicaoPagamento{ID: c.ID, Nome: c.Nome, ParcelasDias: c.ParcelasDias, Forma: c.Forma, Acrescimo: c.Acrescimo,
		ValorMinimoCentavos: c.ValorMinimoCentavos, UsaLimiteCredito: c.UsaLimiteCredito, Clientes: c.Clientes}
}

// Normalizar checks a term: the form rules of contracts/formularios.json (a name, a known method,
// from 1 to 24 instalments of 0 to 365 days in increasing order, a surcharge from -100 %
// (exclusive) to 100 %, a minimum of zero or more; formularios.gen.go), on a customer list
// without blanks or repeats.
func (c *CondicaoCadastro) Normalizar() error {
	c.normalizarFormulario()
	c.Clientes = limparLista(c.Clientes, false)
	return c.Validar()
}
