package domain

import (
	"fmt"
	"math"
	"math/big"
	"regexp"
	"slices"
	"strings"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// Meta is a seller's goal for a month (crm-metas): of a kind (Tipo*), in that kind's unit, and
// optionally narrowed to a product group, a customer region or a single customer. Its achievement is read from the
// summaries (app/metas.go), never stored.
type Meta struct {
	store.Meta `bson:",inline"`
	Mes        string `bson:"mes"`
	VendedorID string `bson:"vendedor_id"`
	Tipo       string `bson:"tipo"`
	Alvo       int64  `bson:"alvo"`
	Grupo      string `bson:"grupo"`
	RegiaoID   string `bson:"regiao_id"`
	ClienteID  string `bson:"cliente_id"`
}

// The kinds of goal and their units.
const (
	// TipoValor: centavos of the products' value (no IPI, ST or freight).
	TipoValor = "valor"
	// TipoQuantidade: units of every item (given ones too).
	TipoQuantidade = "quantidade"
	// TipoPeso: grams, each item's quantity × its product's weight when priced (given items too,
	// as quantidade).
	TipoPeso = "peso"
	// TipoPositivacao: hundredths of a percent of the portfolio's customers with an order.
	TipoPositivacao = "positivacao"
	// TipoVisitas: visits, from the field service's summary kept on write (a customer-day with a
	// check-in in the month, America/Sao_Paulo); of the seller's month or of one customer.
	TipoVisitas = "visitas"
)

// TiposMeta are the kinds a goal may have.
var TiposMeta = []string{TipoValor, TipoQuantidade, TipoPeso, TipoPositivacao, TipoVisitas}

// MaxPositivacao is 100 % in hundredths.
const MaxPositivacao = 10000

// Messages of the goals.
const (
	MsgMetaNaoEncontrada = "Meta não encontrada."
	MsgMetaForaDoEscopo  = "Acesso negado: esta meta é de outra empresa ou de um vendedor fora da sua equipe."
	MsgMes               = "Mês inválido: use AAAA-MM (ex.: 2026-03)."
	MsgMetaTipo          = "Tipo de meta desconhecido: use valor, quantidade, peso, positivacao ou visitas."
	MsgMetaAlvo          = "A meta (alvo) deve ser maior que zero."
	MsgMetaVendedor      = "Informe o vendedor da meta."
	MsgMetaPositivacao   = "Meta de positivação vai até 100% (10000, em centésimos de ponto percentual)."
	MsgMetaRecorte       = "Uma meta se restringe a um só recorte: um grupo, uma região ou um cliente."
	MsgMetaPositivCorte  = "Meta de positivação vale para a carteira inteira: não use grupo, região nem cliente."
	MsgMetaVisitasCorte  = "Meta de visitas vale para o mês do vendedor ou para um cliente: não use grupo nem região."
)

var mesValido = regexp.MustCompile(`^\d{4}-(0[1-9]|1[0-2])$`)

// MesValido reports whether m is a month "AAAA-MM".
func MesValido(m string) bool { return mesValido.MatchString(m) }

// StoreMeta is the record's bookkeeping (entity.Registro).
func (m *Meta) StoreMeta() *store.Meta { return &m.Meta }

// Normalizar trims the goal and checks it: a month AAAA-MM, a seller, a known kind, a target
// above zero (positivação up to 100 %), one cut at most (group, region or customer; none for
// positivação; none or a customer for visitas).
func (m *Meta) Normalizar() error {
	var v errs.Violacoes
	for _, s := range []*string{&m.Mes, &m.VendedorID, &m.Grupo, &m.RegiaoID, &m.ClienteID} {
		*s = strings.TrimSpace(*s)
	}
	m.Tipo = strings.ToLower(strings.TrimSpace(m.Tipo))
	if !MesValido(m.Mes) {
		v.Add("mes", MsgMes)
	}
	if m.VendedorID == "" {
		v.Add("vendedor_id", MsgMetaVendedor)
	}
	if !slices.Contains(TiposMeta, m.Tipo) {
		v.Add("tipo", MsgMetaTipo)
	}
	if m.Alvo <= 0 {
		v.Add("alvo", MsgMetaAlvo)
	} else if m.Tipo == TipoPositivacao && m.Alvo > MaxPositivacao {
		v.Add("alvo", MsgMetaPositivacao)
	} else if m.Alvo > LimiteCentavos {
		v.Add("alvo", fmt.Sprintf("A meta (alvo) deve ser no máximo %d.", LimiteCentavos))
	}
	switch {
	case m.ClienteID != "" && (m.Grupo != "" || m.RegiaoID != ""):
		v.Add("cliente_id", MsgMetaRecorte)
	case m.Grupo != "" && m.RegiaoID != "":
		v.Add("regiao_id", MsgMetaRecorte)
	}
	if m.Tipo == TipoPositivacao && (m.Grupo != "" || m.RegiaoID != "" || m.ClienteID != "") {
		v.Add("tipo", MsgMetaPositivCorte)
	}
	if m.Tipo == TipoVisitas && (m.Grupo != "" || m.RegiaoID != "") {
		v.Add("tipo", MsgMetaVisitasCorte)
	}
	texto(&v, "grupo", "o grupo", &m.Grupo, MaxTexto, false)
	return v.Err()
}

// ChaveMeta is a goal's unique key in the company: one goal per month, seller, kind and cut.
func ChaveMeta(m *Meta) string {
	return idResumo(m.Mes, m.VendedorID, m.Tipo, m.Grupo, m.RegiaoID, m.ClienteID)
}

// Percentual is realizado / alvo in hundredths of a percent, rounded half up (0 without a
// target).
func (m *Meta) Percentual(realizado int64) int64 {
	if m.Alvo <= 0 || realizado <= 0 {
		return 0
	}
	n := new(big.Int).Mul(big.NewInt(realizado), big.NewInt(20000))
	n.Add(n, big.NewInt(m.Alvo))
	n.Quo(n, big.NewInt(2*m.Alvo))
	if !n.IsInt64() {
		return math.MaxInt64
	}
	return n.Int64()
}

// AlvoCopiado is a target changed by pct hundredths of a percent (1000 = +10 %), rounded half
// away from zero to the unit, at least 1.
func AlvoCopiado(alvo, pct int64) int64 {
	num := new(big.Int).Mul(big.NewInt(alvo), big.NewInt(10000+pct))
	meio := big.NewInt(5000)
	if num.Sign() < 0 {
		meio.Neg(meio)
	}
	num.Add(num, meio).Quo(num, big.NewInt(10000))
	if !num.IsInt64() || num.Int64() > LimiteCentavos {
		return LimiteCentavos
	}
	return max(num.Int64(), 1)
}

// Positivacao is clientes over carteira in hundredths of a percent, rounded half up (0 for an
// empty portfolio).
func Positivacao(clientes, carteira int64) int64 {
	if carteira <= 0 || clientes <= 0 {
		return 0
	}
	return (clientes*20000 + carteira) / (2 * carteira)
}

// ReconciliacaoMetas names the goals' rows in the reconciliation's report (Divergencia.Resumo; its
// ID is the goal's id, its field "realizado").
const ReconciliacaoMetas = "metas"

// MedidaPelosPedidos reports whether a goal's achievement comes from the orders (every kind but
// visitas, which the field service counts).
func (m *Meta) MedidaPelosPedidos() bool { return m.Tipo != TipoVisitas }

// RealizadoDosPedidos recomputes a goal's achievement from the orders themselves, apart from the
// summaries (the reconciliation's independent side): the counting orders (ContaNosResumos) of the
// goal's month (MesDoPedido), of its customer when it names one, else of its seller (and of its
// region: the customer's region on the order); valor sums the products' value (of the group's
// items when narrowed to a group), quantidade the units, peso the items' weight; positivação is
// the seller's distinct customers over carteira.
func RealizadoDosPedidos(m *Meta, pedidos []*Pedido, carteira int64) int64 {
	var total int64
	clientes := map[string]bool{}
	for _, p := range pedidos {
		if !p.Status.ContaNosResumos() || MesDoPedido(p) != m.Mes {
			continue
		}
		if (m.ClienteID != "" && p.ClienteID != m.ClienteID) || (m.ClienteID == "" && p.VendedorID != m.VendedorID) ||
			(m.RegiaoID != "" && p.Cliente.RegiaoID != m.RegiaoID) {
			continue
		}
		switch {
		case m.Tipo == TipoPositivacao:
			clientes[p.ClienteID] = true
		case m.Grupo == "" && m.Tipo == TipoValor:
			total += p.TotalProdutosCentavos
		default:
			for _, it := range p.Itens {
				if m.Grupo != "" && it.Grupo != m.Grupo {
					continue
				}
				switch m.Tipo {
				case TipoValor:
					total += it.ValorCentavos
				case TipoPeso:
					total += it.Quantidade * it.PesoGramas
				default:
					total += it.Quantidade
				}
			}
		}
	}
	if m.Tipo == TipoPositivacao {
		return Positivacao(int64(len(clientes)), carteira)
	}
	return total
}
