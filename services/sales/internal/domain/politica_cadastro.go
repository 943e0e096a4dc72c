package domain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// VendedorPolitica is a seller's entry of the commercial policy.
type VendedorPolitica struct {
	ID                   string     `bson:"id"`
	DescontoMaximo       Percentual `bson:"desconto_maximo_percentual"`
	SaldoFlexCentavos    int64      `bson:"saldo_flex_centavos"`
	PedidoMinimoCentavos int64      `bson:"pedido_minimo_centavos"`
	// VerbaBonificacaoCentavos is the seller's monthly bonificação budget (0: every bonificação
	// goes to approval).
	VerbaBonificacaoCentavos int64 `bson:"verba_bonificacao_centavos"`
}

// PoliticaCadastro is the company's stored commercial policy (one per company, id
// PoliticaID(empresa)).
type PoliticaCadastro struct {
	store.Meta      `bson:",inline"`
	UFOrigem        string             `bson:"uf_origem"`
	FlexPermitido   bool               `bson:"flex_permitido"`
	DescontoPadrao  Percentual         `bson:"desconto_maximo_padrao_percentual"`
	Vendedores      []VendedorPolitica `bson:"vendedores"`
	LimitesGrupo    []LimiteGrupo      `bson:"limites_grupo"`
	Promocoes       []Promocao         `bson:"promocoes"`
	DescontosVolume []DescontoVolume   `bson:"descontos_volume"`
	// MotivosBloqueantes are the approval reasons the company refuses instead of sending to
	// approval (ContextoPedido.Bloqueantes).
	MotivosBloqueantes []Motivo `bson:"motivos_bloqueantes"`
	// SimplesNacional: the company is optante pelo Simples Nacional (Politica.SimplesNacional);
	// false (also in a policy stored before the field): regime normal.
	SimplesNacional bool `bson:"simples_nacional,omitempty"`
	// FlexPedidos (read, never stored): per seller the reader sees, what the counting orders did to
	// the flex balance (Vendedor.ComFlexDosPedidos), from resumo_flex_vendedor.
	FlexPedidos map[string]int64 `bson:"-"`
}

// VerbaBonificacao is a seller's monthly bonificação budget (0 without an entry).
func (p *PoliticaCadastro) VerbaBonificacao(id string) int64 {
	v, _ := p.linha(id)
	return v.VerbaBonificacaoCentavos
}

// linha is a seller's own entry of the policy (ok false: none).
func (p *PoliticaCadastro) linha(id string) (VendedorPolitica, bool) {
	for _, v := range p.Vendedores {
		if v.ID == id {
			return v, true
		}
	}
	return VendedorPolitica{}, false
}

// PoliticaID is the stored id of a company's policy.
func PoliticaID(empresa string) string { return "politica-" + empresa }

// Vendedor is the policy's entry of a seller (the default cap when the seller has none).
func (p *PoliticaCadastro) Vendedor(id string) Vendedor {
	if v, ok := p.linha(id); ok {
		return Vendedor{ID: id, DescontoMaximo: v.DescontoMaximo, SaldoFlexCentavos: v.SaldoFlexCentavos,
			PedidoMinimoCentavos: v.PedidoMinimoCentavos}
	}
	return Vendedor{ID: id, DescontoMaximo: p.DescontoPadrao}
}

// msgMotivoBloqueio names every reason a company may block (MotivosAprovacao).
var msgMotivoBloqueio = func() string {
	ns := make([]string, len(MotivosAprovacao))
	for i, m := range MotivosAprovacao {
		ns[i] = string(m)
	}
	return "Motivo de bloqueio desconhecido ou repetido: use " + strings.Join(ns[:len(ns)-1], ", ") + " ou " + ns[len(ns)-1] + "."
}()

const (
	msgLimite     = "Desconto máximo deve ficar entre 0% e 100%."
	msgPercentual = "Percentual deve ser maior que 0% e menor que 100%."
)

func percentualEntre(v *errs.Violacoes, campo, msg string, p, minExcl, max Percentual) {
	if p <= minExcl || p > max {
		v.Add(campo, msg)
	}
}

// Normalizar checks the policy: a known origin UF (or none), caps from 0 to 100 %, one entry per
// seller, promotions and volume discounts with an id, a product or group (volume: or neither),
// a percentage over 0 up to 100 % and valid dates.
func (p *PoliticaCadastro) Normalizar() error {
	var v errs.Violacoes
	p.UFOrigem = strings.ToUpper(strings.TrimSpace(p.UFOrigem))
	if p.UFOrigem != "" && !UFValida(p.UFOrigem) {
		v.Add("uf_origem", "UF de origem inválida.")
	}
	percentualEntre(&v, "desconto_maximo_padrao_percentual", msgLimite, p.DescontoPadrao, -1, Cem)
	vistos := map[string]bool{}
	for i := range p.Vendedores {
		x := &p.Vendedores[i]
		x.ID = strings.TrimSpace(x.ID)
		campo := fmt.Sprintf("vendedores[%d]", i)
		if x.ID == "" || vistos[x.ID] {
			v.Add(campo+".id", "Informe cada vendedor uma vez (id do operador).")
		}
		vistos[x.ID] = true
		percentualEntre(&v, campo+".desconto_maximo_percentual", msgLimite, x.DescontoMaximo, -1, Cem)
		if x.PedidoMinimoCentavos < 0 {
			v.Add(campo+".pedido_minimo_centavos", "Pedido mínimo deve ser zero ou mais.")
		}
		if x.VerbaBonificacaoCentavos < 0 || x.VerbaBonificacaoCentavos > LimiteCentavos {
			v.Add(campo+".verba_bonificacao_centavos", "Verba de bonificação deve ser zero ou mais.")
		}
	}
	bloq := map[Motivo]bool{}
	for i, m := range p.MotivosBloqueantes {
		m = Motivo(strings.ToUpper(strings.TrimSpace(string(m))))
		p.MotivosBloqueantes[i] = m
		if !slices.Contains(MotivosAprovacao, m) || bloq[m] {
			v.Add(fmt.Sprintf("motivos_bloqueantes[%d]", i), msgMotivoBloqueio)
		}
		bloq[m] = true
	}
	for i := range p.LimitesGrupo {
		x := &p.LimitesGrupo[i]
		x.Grupo = strings.TrimSpace(x.Grupo)
		if x.Grupo == "" {
			v.Add(fmt.Sprintf("limites_grupo[%d].grupo", i), "Informe o grupo do limite.")
		}
		percentualEntre(&v, fmt.Sprintf("limites_grupo[%d].desconto_maximo_percentual", i), msgLimite, x.DescontoMaximo, -1, Cem)
	}
	ids := map[string]bool{}
	for i := range p.Promocoes {
		x := &p.Promocoes[i]
		campo := fmt.Sprintf("promocoes[%d]", i)
		x.ID, x.ProdutoID, x.Grupo = strings.TrimSpace(x.ID), strings.TrimSpace(x.ProdutoID), strings.TrimSpace(x.Grupo)
		if x.ID == "" || ids[x.ID] {
			v.Add(campo+".id", "Cada promoção precisa de um id único.")
		}
		ids[x.ID] = true
		if (x.ProdutoID == "") == (x.Grupo == "") {
			v.Add(campo+".produto_id", "Uma promoção vale para um produto ou para um grupo.")
		}
		percentualEntre(&v, campo+".percentual", msgPercentual, x.Percentual, 0, Cem-1)
		if !DataValida(x.Inicio) || !DataValida(x.Fim) || (x.Inicio != "" && x.Fim != "" && x.Fim < x.Inicio) {
			v.Add(campo+".fim", "Datas da promoção devem ser AAAA-MM-DD, e o fim não antes do início.")
		}
	}
	for i := range p.DescontosVolume {
		x := &p.DescontosVolume[i]
		campo := fmt.Sprintf("descontos_volume[%d]", i)
		x.ID, x.ProdutoID, x.Grupo = strings.TrimSpace(x.ID), strings.TrimSpace(x.ProdutoID), strings.TrimSpace(x.Grupo)
		if x.ID == "" || ids[x.ID] {
			v.Add(campo+".id", "Cada desconto por volume precisa de um id único.")
		}
		ids[x.ID] = true
		if x.ProdutoID != "" && x.Grupo != "" {
			v.Add(campo+".produto_id", "Um desconto por volume vale para um produto, um grupo ou todos.")
		}
		if x.QuantidadeMinima < 1 {
			v.Add(campo+".quantidade_minima", "Quantidade mínima deve ser 1 ou mais.")
		}
		percentualEntre(&v, campo+".percentual", msgPercentual, x.Percentual, 0, Cem-1)
	}
	return v.Err()
}

// Politica is the policy as pricing sees it for one seller, with the company's tables and ST
// rules.
func (p *PoliticaCadastro) Politica(vendedor string, tabelas []TabelaPreco, regras []RegraST) Politica {
	return Politica{UFOrigem: p.UFOrigem, Tabelas: tabelas, Promocoes: p.Promocoes, DescontosVolume: p.DescontosVolume,
		LimitesGrupo: p.LimitesGrupo, Vendedor: p.Vendedor(vendedor), FlexPermitido: p.FlexPermitido, RegrasST: regras,
		SimplesNacional: p.SimplesNacional}
}
