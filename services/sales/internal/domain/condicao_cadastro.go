package domain

import (
	"fmt"
	"slices"
	"strings"

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
	Ativo               bool       `bson:"ativo"`
}

// Condicao is the term as pricing sees it.
func (c *CondicaoCadastro) Condicao() CondicaoPagamento {
	return CondicaoPagamento{ID: c.ID, Nome: c.Nome, ParcelasDias: c.ParcelasDias, Forma: c.Forma, Acrescimo: c.Acrescimo,
		ValorMinimoCentavos: c.ValorMinimoCentavos, UsaLimiteCredito: c.UsaLimiteCredito, Clientes: c.Clientes}
}

// Normalizar checks a term: a name, a known method, from 1 to 24 instalments of 0 to 365 days in
// increasing order, a surcharge from -100 % (exclusive) to 100 % and a minimum of zero or more.
func (c *CondicaoCadastro) Normalizar() error {
	var v violacoes
	texto(&v, "nome", "o nome da condição", &c.Nome, MaxNomeCurto, true)
	c.Forma = strings.ToLower(strings.TrimSpace(c.Forma))
	c.Forma = strings.NewReplacer("ã", "a", "ç", "c").Replace(c.Forma)
	if !slices.Contains(Formas, c.Forma) {
		v.add("forma", "Forma de pagamento deve ser boleto, pix, cartao ou dinheiro.")
	}
	if len(c.ParcelasDias) == 0 {
		c.ParcelasDias = []int{0}
	}
	if len(c.ParcelasDias) > 24 {
		v.add("parcelas_dias", "Informe no máximo 24 parcelas.")
	}
	for i, d := range c.ParcelasDias {
		if d < 0 || d > 365 || (i > 0 && d <= c.ParcelasDias[i-1]) {
			v.add("parcelas_dias", "Parcelas em dias devem ir de 0 a 365, em ordem crescente (ex.: 28/35/42).")
			break
		}
	}
	if c.Acrescimo <= -Cem || c.Acrescimo > Cem {
		v.add("acrescimo_percentual", "Acréscimo deve ficar entre -100% e 100%.")
	}
	if c.ValorMinimoCentavos < 0 || c.ValorMinimoCentavos > LimiteCentavos {
		v.add("valor_minimo_centavos", "Valor mínimo deve ser zero ou mais.")
	}
	c.Clientes = limparLista(c.Clientes, false)
	if len(c.Clientes) > MaxLista {
		v.add("clientes", fmt.Sprintf("Uma condição lista no máximo %d clientes.", MaxLista))
	}
	return v.err()
}
