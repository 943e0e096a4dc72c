package domain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// TabelaCadastro is a stored price table (its prices are stored one per product, PrecoCadastro).
type TabelaCadastro struct {
	store.Meta     `bson:",inline"`
	Nome           string     `bson:"nome"`
	Padrao         bool       `bson:"padrao"`
	ValidadeInicio Data       `bson:"validade_inicio"`
	ValidadeFim    Data       `bson:"validade_fim"`
	Clientes       []string   `bson:"clientes"`
	Regioes        []string   `bson:"regioes"`
	UFs            []string   `bson:"ufs"`
	Desconto       Percentual `bson:"desconto_percentual"`
}

// Tabela is the table as pricing sees it (without prices).
func (t *TabelaCadastro) Tabela() TabelaPreco {
	return TabelaPreco{ID: t.ID, Nome: t.Nome, Padrao: t.Padrao, ValidadeInicio: t.ValidadeInicio, ValidadeFim: t.ValidadeFim,
		Clientes: t.Clientes, Regioes: t.Regioes, UFs: t.UFs, Desconto: t.Desconto}
}

func limparLista(l []string, upper bool) []string {
	out := []string{}
	for _, s := range l {
		s = strings.TrimSpace(s)
		if upper {
			s = strings.ToUpper(s)
		}
		if s != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// Normalizar checks a table: a name, valid dates (fim not before início), known UFs and a
// discount between -100 % and 100 % (exclusive of 100 %).
func (t *TabelaCadastro) Normalizar() error {
	var v errs.Violacoes
	texto(&v, "nome", "o nome da tabela", &t.Nome, MaxNomeCurto, true)
	t.ValidadeInicio, t.ValidadeFim = Data(strings.TrimSpace(string(t.ValidadeInicio))), Data(strings.TrimSpace(string(t.ValidadeFim)))
	if !DataValida(t.ValidadeInicio) {
		v.Add("validade_inicio", "Início da validade deve ser uma data AAAA-MM-DD.")
	}
	if !DataValida(t.ValidadeFim) {
		v.Add("validade_fim", "Fim da validade deve ser uma data AAAA-MM-DD.")
	} else if t.ValidadeFim != "" && t.ValidadeInicio != "" && t.ValidadeFim < t.ValidadeInicio {
		v.Add("validade_fim", "Fim da validade não pode ser antes do início.")
	}
	t.Clientes, t.Regioes, t.UFs = limparLista(t.Clientes, false), limparLista(t.Regioes, false), limparLista(t.UFs, true)
	for _, uf := range t.UFs {
		if !UFValida(uf) {
			v.Add("ufs", fmt.Sprintf("UF %s inválida.", uf))
			break
		}
	}
	if len(t.Clientes) > MaxLista || len(t.Regioes) > MaxLista {
		v.Add("clientes", fmt.Sprintf("Uma tabela lista no máximo %d clientes e %d regiões.", MaxLista, MaxLista))
	}
	if t.Desconto <= -Cem || t.Desconto >= Cem {
		v.Add("desconto_percentual", "Desconto da tabela deve ficar entre -100% e 100%.")
	}
	return v.Err()
}

// PrecoCadastro is a product's price in a table; its id is PrecoID(tabela, produto).
type PrecoCadastro struct {
	store.Meta          `bson:",inline"`
	TabelaID            string `bson:"tabela_id"`
	ProdutoID           string `bson:"produto_id"`
	PrecoCentavos       int64  `bson:"preco_centavos"`
	PrecoMinimoCentavos int64  `bson:"preco_minimo_centavos"`
}

// PrecoID is the stored id of a product's price in a table.
func PrecoID(tabela, produto string) string { return tabela + ":" + produto }

// Validar checks a price: more than zero and within LimiteCentavos; the minimum from zero to the
// price.
func (p *PrecoCadastro) Validar() error {
	var v errs.Violacoes
	if p.PrecoCentavos <= 0 || p.PrecoCentavos > LimiteCentavos {
		v.Add("preco_centavos", "Preço deve ser maior que zero.")
	}
	if p.PrecoMinimoCentavos < 0 || (p.PrecoMinimoCentavos > p.PrecoCentavos && p.PrecoCentavos > 0) {
		v.Add("preco_minimo_centavos", "Preço mínimo deve ficar entre zero e o preço.")
	}
	return v.Err()
}
