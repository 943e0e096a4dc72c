package domain

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// The stored entities of the sales service: what ADMIN maintains and the store keeps (with its
// bookkeeping: id, empresa, versao, criado/alterado, excluido). Each turns into the pure type
// pricing reads.

// ReasonCodigoDuplicado: a product code already used in the company (detalhes.produto_id names
// the product holding it).
const ReasonCodigoDuplicado errs.Reason = "CODIGO_DUPLICADO"

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

type violacoes []errs.FieldViolation

func (v *violacoes) add(campo, msg string) {
	*v = append(*v, errs.FieldViolation{Field: campo, Description: msg})
}

func (v violacoes) err() error {
	if len(v) == 0 {
		return nil
	}
	return errs.Invalid(v[0].Description, v...)
}

// merge adds the fields of a domain validation error.
func (v *violacoes) merge(err error) {
	if e, ok := err.(*errs.Error); ok {
		*v = append(*v, e.Fields...)
	}
}

func texto(v *violacoes, campo, nome string, s *string, max int, obrigatorio bool) {
	*s = strings.TrimSpace(*s)
	if obrigatorio && *s == "" {
		v.add(campo, fmt.Sprintf("Informe %s.", nome))
	}
	if utf8.RuneCountInString(*s) > max {
		v.add(campo, fmt.Sprintf("%s deve ter no máximo %d caracteres.", primeiraMaiuscula(nome), max))
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

// ProdutoCadastro is a stored product.
type ProdutoCadastro struct {
	store.Meta    `bson:",inline"`
	Codigo        string     `bson:"codigo"`
	Descricao     string     `bson:"descricao"`
	Marca         string     `bson:"marca"`
	Grupo         string     `bson:"grupo"`
	Unidade       string     `bson:"unidade"`
	MultiploVenda int64      `bson:"multiplo_venda"`
	UnidadesCaixa int64      `bson:"unidades_caixa"`
	EAN           string     `bson:"ean"`
	NCM           string     `bson:"ncm"`
	IPI           Percentual `bson:"ipi_percentual"`
	PesoGramas    int64      `bson:"peso_gramas"`
	Ativo         bool       `bson:"ativo"`
	// Estoque is the stock on hand as last reported, at EstoqueEm.
	Estoque   int64     `bson:"estoque"`
	EstoqueEm time.Time `bson:"estoque_em"`
	// FotoVersao identifies the product's photo (FotoCadastro.Hash, stored apart); empty: none.
	FotoVersao string `bson:"foto_versao"`
}

// Produto is the product as pricing sees it.
func (p *ProdutoCadastro) Produto() Produto {
	return Produto{ID: p.ID, Codigo: p.Codigo, Descricao: p.Descricao, Marca: p.Marca, Grupo: p.Grupo, Unidade: p.Unidade,
		MultiploVenda: p.MultiploVenda, EAN: p.EAN, NCM: p.NCM, IPI: p.IPI, PesoGramas: p.PesoGramas, Ativo: p.Ativo}
}

// ChaveCodigo is the product code as the company's unique key (case-insensitive).
func ChaveCodigo(codigo string) string { return strings.ToUpper(strings.TrimSpace(codigo)) }

// Normalizar trims the texts, keeps only the digits of the EAN and NCM and checks every rule:
// the domain's (EAN-13, NCM, multiple, IPI) and the required code, description and unit.
func (p *ProdutoCadastro) Normalizar() error {
	var v violacoes
	texto(&v, "codigo", "o código", &p.Codigo, MaxCodigo, true)
	texto(&v, "descricao", "a descrição", &p.Descricao, MaxDescricao, true)
	texto(&v, "marca", "a marca", &p.Marca, MaxTexto, false)
	texto(&v, "grupo", "o grupo", &p.Grupo, MaxTexto, false)
	p.Unidade = strings.ToUpper(strings.TrimSpace(p.Unidade))
	if p.Unidade == "" {
		p.Unidade = "UN"
	}
	texto(&v, "unidade", "a unidade", &p.Unidade, 6, true)
	p.EAN = strings.ReplaceAll(strings.TrimSpace(p.EAN), " ", "")
	p.NCM = strings.NewReplacer(".", "", " ", "").Replace(strings.TrimSpace(p.NCM))
	v.merge(p.Produto().Validar())
	if p.PesoGramas < 0 {
		v.add("peso_gramas", "Peso deve ser zero ou mais gramas.")
	}
	if p.UnidadesCaixa < 0 {
		v.add("unidades_caixa", "Unidades por caixa deve ser zero ou mais.")
	}
	if p.Estoque < -1_000_000_000 || p.Estoque > 1_000_000_000 {
		v.add("estoque", "Estoque fora do limite.")
	}
	return v.err()
}

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
	var v violacoes
	texto(&v, "nome", "o nome da tabela", &t.Nome, MaxNomeCurto, true)
	t.ValidadeInicio, t.ValidadeFim = Data(strings.TrimSpace(string(t.ValidadeInicio))), Data(strings.TrimSpace(string(t.ValidadeFim)))
	if !DataValida(t.ValidadeInicio) {
		v.add("validade_inicio", "Início da validade deve ser uma data AAAA-MM-DD.")
	}
	if !DataValida(t.ValidadeFim) {
		v.add("validade_fim", "Fim da validade deve ser uma data AAAA-MM-DD.")
	} else if t.ValidadeFim != "" && t.ValidadeInicio != "" && t.ValidadeFim < t.ValidadeInicio {
		v.add("validade_fim", "Fim da validade não pode ser antes do início.")
	}
	t.Clientes, t.Regioes, t.UFs = limparLista(t.Clientes, false), limparLista(t.Regioes, false), limparLista(t.UFs, true)
	for _, uf := range t.UFs {
		if !UFValida(uf) {
			v.add("ufs", fmt.Sprintf("UF %s inválida.", uf))
			break
		}
	}
	if len(t.Clientes) > MaxLista || len(t.Regioes) > MaxLista {
		v.add("clientes", fmt.Sprintf("Uma tabela lista no máximo %d clientes e %d regiões.", MaxLista, MaxLista))
	}
	if t.Desconto <= -Cem || t.Desconto >= Cem {
		v.add("desconto_percentual", "Desconto da tabela deve ficar entre -100% e 100%.")
	}
	return v.err()
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
	var v violacoes
	if p.PrecoCentavos <= 0 || p.PrecoCentavos > LimiteCentavos {
		v.add("preco_centavos", "Preço deve ser maior que zero.")
	}
	if p.PrecoMinimoCentavos < 0 || (p.PrecoMinimoCentavos > p.PrecoCentavos && p.PrecoCentavos > 0) {
		v.add("preco_minimo_centavos", "Preço mínimo deve ficar entre zero e o preço.")
	}
	return v.err()
}

// Formas of payment.
var Formas = []string{"boleto", "pix", "cartao", "dinheiro"}

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

// RegraSTCadastro is a stored ICMS-ST rule; NCM × UF is unique in the company.
type RegraSTCadastro struct {
	store.Meta            `bson:",inline"`
	NCM                   string     `bson:"ncm"`
	UF                    string     `bson:"uf"`
	MVA                   Percentual `bson:"mva_percentual"`
	AliquotaInterna       Percentual `bson:"aliquota_interna_percentual"`
	AliquotaInterestadual Percentual `bson:"aliquota_interestadual_percentual"`
	ReducaoBase           Percentual `bson:"reducao_base_percentual"`
}

// Regra is the rule as pricing sees it.
func (r *RegraSTCadastro) Regra() RegraST {
	return RegraST{ID: r.ID, NCM: r.NCM, UF: r.UF, MVA: r.MVA, AliquotaInterna: r.AliquotaInterna,
		AliquotaInterestadual: r.AliquotaInterestadual, ReducaoBase: r.ReducaoBase}
}

// Normalizar checks the rule (RegraST.Validar) and that the UF is one of the 27.
func (r *RegraSTCadastro) Normalizar() error {
	r.NCM = strings.NewReplacer(".", "", " ", "").Replace(strings.TrimSpace(r.NCM))
	r.UF = strings.ToUpper(strings.TrimSpace(r.UF))
	var v violacoes
	v.merge(r.Regra().Validar())
	if len(r.UF) == 2 && !UFValida(r.UF) {
		v.add("uf", fmt.Sprintf("UF %s inválida.", r.UF))
	}
	return v.err()
}

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

func percentualEntre(v *violacoes, campo, msg string, p, minExcl, max Percentual) {
	if p <= minExcl || p > max {
		v.add(campo, msg)
	}
}

// Normalizar checks the policy: a known origin UF (or none), caps from 0 to 100 %, one entry per
// seller, promotions and volume discounts with an id, a product or group (volume: or neither),
// a percentage over 0 up to 100 % and valid dates.
func (p *PoliticaCadastro) Normalizar() error {
	var v violacoes
	p.UFOrigem = strings.ToUpper(strings.TrimSpace(p.UFOrigem))
	if p.UFOrigem != "" && !UFValida(p.UFOrigem) {
		v.add("uf_origem", "UF de origem inválida.")
	}
	percentualEntre(&v, "desconto_maximo_padrao_percentual", msgLimite, p.DescontoPadrao, -1, Cem)
	vistos := map[string]bool{}
	for i := range p.Vendedores {
		x := &p.Vendedores[i]
		x.ID = strings.TrimSpace(x.ID)
		campo := fmt.Sprintf("vendedores[%d]", i)
		if x.ID == "" || vistos[x.ID] {
			v.add(campo+".id", "Informe cada vendedor uma vez (id do operador).")
		}
		vistos[x.ID] = true
		percentualEntre(&v, campo+".desconto_maximo_percentual", msgLimite, x.DescontoMaximo, -1, Cem)
		if x.PedidoMinimoCentavos < 0 {
			v.add(campo+".pedido_minimo_centavos", "Pedido mínimo deve ser zero ou mais.")
		}
		if x.VerbaBonificacaoCentavos < 0 || x.VerbaBonificacaoCentavos > LimiteCentavos {
			v.add(campo+".verba_bonificacao_centavos", "Verba de bonificação deve ser zero ou mais.")
		}
	}
	bloq := map[Motivo]bool{}
	for i, m := range p.MotivosBloqueantes {
		m = Motivo(strings.ToUpper(strings.TrimSpace(string(m))))
		p.MotivosBloqueantes[i] = m
		if !slices.Contains(MotivosAprovacao, m) || bloq[m] {
			v.add(fmt.Sprintf("motivos_bloqueantes[%d]", i), msgMotivoBloqueio)
		}
		bloq[m] = true
	}
	for i := range p.LimitesGrupo {
		x := &p.LimitesGrupo[i]
		x.Grupo = strings.TrimSpace(x.Grupo)
		if x.Grupo == "" {
			v.add(fmt.Sprintf("limites_grupo[%d].grupo", i), "Informe o grupo do limite.")
		}
		percentualEntre(&v, fmt.Sprintf("limites_grupo[%d].desconto_maximo_percentual", i), msgLimite, x.DescontoMaximo, -1, Cem)
	}
	ids := map[string]bool{}
	for i := range p.Promocoes {
		x := &p.Promocoes[i]
		campo := fmt.Sprintf("promocoes[%d]", i)
		x.ID, x.ProdutoID, x.Grupo = strings.TrimSpace(x.ID), strings.TrimSpace(x.ProdutoID), strings.TrimSpace(x.Grupo)
		if x.ID == "" || ids[x.ID] {
			v.add(campo+".id", "Cada promoção precisa de um id único.")
		}
		ids[x.ID] = true
		if (x.ProdutoID == "") == (x.Grupo == "") {
			v.add(campo+".produto_id", "Uma promoção vale para um produto ou para um grupo.")
		}
		percentualEntre(&v, campo+".percentual", msgPercentual, x.Percentual, 0, Cem-1)
		if !DataValida(x.Inicio) || !DataValida(x.Fim) || (x.Inicio != "" && x.Fim != "" && x.Fim < x.Inicio) {
			v.add(campo+".fim", "Datas da promoção devem ser AAAA-MM-DD, e o fim não antes do início.")
		}
	}
	for i := range p.DescontosVolume {
		x := &p.DescontosVolume[i]
		campo := fmt.Sprintf("descontos_volume[%d]", i)
		x.ID, x.ProdutoID, x.Grupo = strings.TrimSpace(x.ID), strings.TrimSpace(x.ProdutoID), strings.TrimSpace(x.Grupo)
		if x.ID == "" || ids[x.ID] {
			v.add(campo+".id", "Cada desconto por volume precisa de um id único.")
		}
		ids[x.ID] = true
		if x.ProdutoID != "" && x.Grupo != "" {
			v.add(campo+".produto_id", "Um desconto por volume vale para um produto, um grupo ou todos.")
		}
		if x.QuantidadeMinima < 1 {
			v.add(campo+".quantidade_minima", "Quantidade mínima deve ser 1 ou mais.")
		}
		percentualEntre(&v, campo+".percentual", msgPercentual, x.Percentual, 0, Cem-1)
	}
	return v.err()
}

// Politica is the policy as pricing sees it for one seller, with the company's tables and ST
// rules.
func (p *PoliticaCadastro) Politica(vendedor string, tabelas []TabelaPreco, regras []RegraST) Politica {
	return Politica{UFOrigem: p.UFOrigem, Tabelas: tabelas, Promocoes: p.Promocoes, DescontosVolume: p.DescontosVolume,
		LimitesGrupo: p.LimitesGrupo, Vendedor: p.Vendedor(vendedor), FlexPermitido: p.FlexPermitido, RegrasST: regras}
}
