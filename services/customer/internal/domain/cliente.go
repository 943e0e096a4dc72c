package domain

import (
	"fmt"
	"math"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/input"
	"github.com/crmvendas/crm/services/platform/store"
)

// Customer status.
const (
	StatusAtivo     = "ativo"
	StatusBloqueado = "bloqueado"
	StatusInativo   = "inativo"
)

// Address types.
const (
	EnderecoCobranca = "COBRANCA"
	EnderecoEntrega  = "ENTREGA"
	EnderecoOutro    = "OUTRO"
)

// Isento is the inscrição estadual of a company exempt from it.
const Isento = "ISENTO"

// Limits of free text.
const (
	MaxNome        = 150
	MaxTexto       = 200
	MaxObservacoes = 2000
	// MaxLimiteCreditoCentavos: R$ 999.999.999,99 (the app enforces it as the user types).
	MaxLimiteCreditoCentavos = 99_999_999_999
	MaxEnderecos             = 20
	MaxContatos              = 50
)

// Endereco is one of a customer's addresses.
type Endereco struct {
	ID          string   `bson:"id"`
	Tipo        string   `bson:"tipo"`
	Principal   bool     `bson:"principal"`
	CEP         string   `bson:"cep"`
	Logradouro  string   `bson:"logradouro"`
	Numero      string   `bson:"numero"`
	Complemento string   `bson:"complemento"`
	Bairro      string   `bson:"bairro"`
	Cidade      string   `bson:"cidade"`
	UF          string   `bson:"uf"`
	IBGE        string   `bson:"ibge"`
	Latitude    *float64 `bson:"latitude,omitempty"`
	Longitude   *float64 `bson:"longitude,omitempty"`
}

// Contato is a person at the customer.
type Contato struct {
	ID          string `bson:"id"`
	Nome        string `bson:"nome"`
	Cargo       string `bson:"cargo"`
	Telefone    string `bson:"telefone"`
	Celular     string `bson:"celular"`
	Email       string `bson:"email"`
	Aniversario string `bson:"aniversario"`
	Principal   bool   `bson:"principal"`
}

// Cliente is a customer of the company, in one seller's portfolio. The bookkeeping (id,
// empresa, versao, criado/alterado, excluido) is the store's.
type Cliente struct {
	store.Meta        `bson:",inline"`
	TipoPessoa        string `bson:"tipo_pessoa"`
	Documento         string `bson:"documento"`
	Nome              string `bson:"nome"`
	NomeFantasia      string `bson:"nome_fantasia"`
	InscricaoEstadual string `bson:"inscricao_estadual"`
	// Suframa is the inscrição Suframa (9 digits; empty: none): such a customer pays no IPI.
	Suframa               string     `bson:"suframa"`
	ContribuinteICMS      bool       `bson:"contribuinte_icms"`
	Email                 string     `bson:"email"`
	Telefone              string     `bson:"telefone"`
	Celular               string     `bson:"celular"`
	Segmento              string     `bson:"segmento"`
	Status                string     `bson:"status"`
	LimiteCreditoCentavos int64      `bson:"limite_credito_centavos"`
	Observacoes           string     `bson:"observacoes"`
	VendedorID            string     `bson:"vendedor_id"`
	Enderecos             []Endereco `bson:"enderecos"`
	Contatos              []Contato  `bson:"contatos"`
	// RegiaoID is the sales region of the main address's city, kept current by the service
	// (on every write of the customer and every change of a region).
	RegiaoID string `bson:"regiao_id"`
}

// Principal returns the main address (nil when there is none).
func (c *Cliente) Principal() *Endereco {
	for i := range c.Enderecos {
		if c.Enderecos[i].Principal {
			return &c.Enderecos[i]
		}
	}
	return nil
}

// ufs are the 27 federative units of Brazil.
var ufs = map[string]bool{"AC": true, "AL": true, "AM": true, "AP": true, "BA": true, "CE": true, "DF": true, "ES": true, "GO": true,
	"MA": true, "MG": true, "MS": true, "MT": true, "PA": true, "PB": true, "PE": true, "PI": true, "PR": true, "RJ": true, "RN": true,
	"RO": true, "RR": true, "RS": true, "SC": true, "SE": true, "SP": true, "TO": true}

// UFValida reports whether uf (upper case) is one of the 27 federative units.
func UFValida(uf string) bool { return ufs[uf] }

// Cidades validates IBGE cities (the address service's list).
type Cidades interface {
	// Buscar returns the name and state of a 7-digit IBGE code.
	Buscar(ibge string) (nome, uf string, ok bool)
	// PorNome finds a city by name (accent-insensitive) within a state.
	PorNome(nome, uf string) (ibge, nomeOficial string, ok bool)
}

// v accumulates field violations.
type v struct{ fields []errs.FieldViolation }

func (x *v) add(field, msg string) {
	x.fields = append(x.fields, errs.FieldViolation{Field: field, Description: msg})
}

func (x *v) err() error {
	if len(x.fields) == 0 {
		return nil
	}
	msg := x.fields[0].Description
	if len(x.fields) > 1 {
		msg = fmt.Sprintf("%s (e mais %d problema(s) no formulário)", msg, len(x.fields)-1)
	}
	return errs.Invalid(msg, x.fields...)
}

// Digits keeps only the digits of s.
func Digits(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func text(x *v, field, label, s string, max int) string {
	s = strings.TrimSpace(s)
	if n := utf8.RuneCountInString(s); n > max {
		x.add(field, fmt.Sprintf("%s: no máximo %d caracteres (tem %d).", label, max, n))
	}
	return s
}

// NormalizePhone keeps the digits of a phone: 8 to 13 digits (spec), or empty.
func phone(x *v, field, s string) string {
	d := Digits(s)
	if s != "" && (len(d) < 8 || len(d) > 13) {
		x.add(field, "Número de telefone inválido")
	}
	return d
}

func email(x *v, field, s string) string {
	s = strings.TrimSpace(strings.ToLower(s))
	if s == "" {
		return ""
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || !strings.Contains(s[strings.LastIndex(s, "@"):], ".") {
		x.add(field, "E-mail inválido.")
	}
	return s
}

// ValidStatus reports whether s is a customer status.
func ValidStatus(s string) bool {
	return s == StatusAtivo || s == StatusBloqueado || s == StatusInativo
}

// Normalize validates and cleans the customer's own fields, addresses and contacts (everything but
// ownership and bookkeeping). Every problem is reported at once, by field.
func (c *Cliente) Normalize(cid Cidades) error { return c.normalize(cid, nil) }

// NormalizeAlteracao is Normalize for a change to a stored customer (antes: as it was stored):
// an inscrição estadual stored before today's rules is kept as it is while neither it nor the
// main address's UF changes (such customers are listed for the ADMIN to fix, not blocked).
func (c *Cliente) NormalizeAlteracao(cid Cidades, antes *Cliente) error {
	return c.normalize(cid, antes)
}

// UFPrincipal is the UF of the main address ("" without addresses; the first when none is
// marked, as Normalize marks it).
func (c *Cliente) UFPrincipal() string {
	if e := c.Principal(); e != nil {
		return e.UF
	}
	if len(c.Enderecos) > 0 {
		return c.Enderecos[0].UF
	}
	return ""
}

// IEInvalida reports whether the stored inscrição estadual fails its state's rule (ISENTO and
// none pass; without an address, any state's rule will do).
func (c *Cliente) IEInvalida() bool { return ErroIE(c.InscricaoEstadual, c.UFPrincipal()) != "" }

func (c *Cliente) normalize(cid Cidades, antes *Cliente) error {
	x := &v{}
	if msg := erroCaracteresDocumento(c.Documento); msg != "" {
		x.add("documento", msg)
		c.Documento = ""
	}
	semDocumento := c.Documento == "" && len(x.fields) > 0
	c.Documento = NormalizeDocumento(c.Documento)
	c.TipoPessoa = strings.ToUpper(strings.TrimSpace(c.TipoPessoa))
	if c.TipoPessoa == "" {
		c.TipoPessoa = TipoPorDocumento(c.Documento)
	}
	switch {
	case semDocumento:
	case c.Documento == "":
		x.add("documento", "Informe o CPF ou CNPJ.")
	case c.TipoPessoa == Fisica:
		if !ValidCPF(c.Documento) {
			x.add("documento", "CPF inválido: confira os dígitos.")
		}
	case c.TipoPessoa == PJ:
		if !ValidCNPJ(c.Documento) {
			x.add("documento", "CNPJ inválido: confira os dígitos.")
		}
	default:
		if c.TipoPessoa != "" {
			x.add("tipo_pessoa", "Tipo de pessoa deve ser FISICA ou PJ.")
		} else {
			x.add("documento", "Documento inválido")
		}
	}
	c.Nome = text(x, "nome", "Nome", c.Nome, MaxNome)
	if c.Nome == "" {
		if c.TipoPessoa == PJ {
			x.add("nome", "Informe a razão social.")
		} else {
			x.add("nome", "Informe o nome.")
		}
	}
	c.NomeFantasia = text(x, "nome_fantasia", "Nome fantasia", c.NomeFantasia, MaxNome)
	c.Suframa = NormalizeSuframa(c.Suframa)
	if c.Suframa != "" {
		if msg := suframaErro(c.Suframa); msg != "" {
			x.add("suframa", msg)
		}
	}
	c.Email = email(x, "email", c.Email)
	c.Telefone = phone(x, "telefone", c.Telefone)
	c.Celular = phone(x, "celular", c.Celular)
	c.Segmento = text(x, "segmento", "Segmento", c.Segmento, 80)
	c.Status = strings.ToLower(strings.TrimSpace(c.Status))
	if c.Status == "" {
		c.Status = StatusAtivo
	} else if !ValidStatus(c.Status) {
		x.add("status", "Situação deve ser ativo, bloqueado ou inativo.")
	}
	if c.LimiteCreditoCentavos < 0 {
		x.add("limite_credito_centavos", "O limite de crédito não pode ser negativo.")
	} else if c.LimiteCreditoCentavos > MaxLimiteCreditoCentavos {
		x.add("limite_credito_centavos", "O limite de crédito pode ser de até R$ 999.999.999,99.")
	}
	c.Observacoes = text(x, "observacoes", "Observações", c.Observacoes, MaxObservacoes)
	if len(c.Enderecos) > MaxEnderecos {
		x.add("enderecos", fmt.Sprintf("No máximo %d endereços por cliente.", MaxEnderecos))
	}
	for i := range c.Enderecos {
		c.Enderecos[i].normalize(x, fmt.Sprintf("enderecos[%d].", i), cid)
	}
	fixPrincipal(x, "enderecos", "endereço", len(c.Enderecos), func(i int) *bool { return &c.Enderecos[i].Principal })
	// The IE against the main address's state, once the addresses are clean.
	ie, _ := NormalizeIE(c.InscricaoEstadual)
	mantida := antes != nil && ie == antes.InscricaoEstadual && c.UFPrincipal() == antes.UFPrincipal()
	if msg := ErroIE(c.InscricaoEstadual, c.UFPrincipal()); msg != "" && !mantida {
		x.add("inscricao_estadual", msg)
	}
	c.InscricaoEstadual = ie
	if len(c.Contatos) > MaxContatos {
		x.add("contatos", fmt.Sprintf("No máximo %d contatos por cliente.", MaxContatos))
	}
	for i := range c.Contatos {
		c.Contatos[i].normalize(x, fmt.Sprintf("contatos[%d].", i))
	}
	fixPrincipal(x, "contatos", "contato", len(c.Contatos), func(i int) *bool { return &c.Contatos[i].Principal })
	return x.err()
}

// fixPrincipal: with items, exactly one is the main one (the first, when none is marked).
func fixPrincipal(x *v, field, label string, n int, p func(int) *bool) {
	count := 0
	for i := 0; i < n; i++ {
		if *p(i) {
			count++
		}
	}
	switch {
	case n > 0 && count == 0:
		*p(0) = true
	case count > 1:
		x.add(field, fmt.Sprintf("Marque só um %s como principal.", label))
	}
}

func (e *Endereco) normalize(x *v, prefix string, cid Cidades) {
	e.ID = strings.TrimSpace(e.ID)
	e.Tipo = strings.ToUpper(strings.TrimSpace(e.Tipo))
	if e.Tipo == "" {
		e.Tipo = EnderecoEntrega
	}
	if e.Tipo != EnderecoCobranca && e.Tipo != EnderecoEntrega && e.Tipo != EnderecoOutro {
		x.add(prefix+"tipo", "Tipo de endereço deve ser COBRANCA, ENTREGA ou OUTRO.")
	}
	if e.CEP != "" {
		var msg string
		if e.CEP, msg = input.CEP(e.CEP); msg != "" {
			x.add(prefix+"cep", msg)
		}
	}
	e.Logradouro = text(x, prefix+"logradouro", "Logradouro", e.Logradouro, MaxTexto)
	e.Numero = text(x, prefix+"numero", "Número", e.Numero, 20)
	e.Complemento = text(x, prefix+"complemento", "Complemento", e.Complemento, MaxTexto)
	e.Bairro = text(x, prefix+"bairro", "Bairro", e.Bairro, MaxTexto)
	e.UF = strings.ToUpper(strings.TrimSpace(e.UF))
	e.Cidade = strings.TrimSpace(e.Cidade)
	e.IBGE = Digits(e.IBGE)
	switch {
	case e.IBGE != "":
		nome, uf, ok := cid.Buscar(e.IBGE)
		if !ok {
			x.add(prefix+"ibge", "Código IBGE de cidade não encontrado.")
			break
		}
		e.Cidade, e.UF = nome, uf
	case e.UF != "" && !UFValida(e.UF):
		// The UF is what is wrong, not the city.
		x.add(prefix+"uf", fmt.Sprintf("UF inválida: %s.", e.UF))
		if e.Cidade == "" {
			x.add(prefix+"cidade", "Informe a cidade e a UF (ou o CEP).")
		}
	case e.Cidade != "" && e.UF != "":
		ibge, nome, ok := cid.PorNome(e.Cidade, e.UF)
		if !ok {
			x.add(prefix+"cidade", fmt.Sprintf("Cidade %q não encontrada em %s na lista do IBGE.", e.Cidade, e.UF))
			break
		}
		e.IBGE, e.Cidade = ibge, nome
	default:
		x.add(prefix+"cidade", "Informe a cidade e a UF (ou o CEP).")
	}
	if (e.Latitude == nil) != (e.Longitude == nil) {
		x.add(prefix+"latitude", "Informe latitude e longitude juntas.")
	} else if e.Latitude != nil {
		if math.IsNaN(*e.Latitude) || *e.Latitude < -90 || *e.Latitude > 90 {
			x.add(prefix+"latitude", "Latitude deve estar entre -90 e 90.")
		}
		if math.IsNaN(*e.Longitude) || *e.Longitude < -180 || *e.Longitude > 180 {
			x.add(prefix+"longitude", "Longitude deve estar entre -180 e 180.")
		}
	}
}

func (c *Contato) normalize(x *v, prefix string) {
	c.ID = strings.TrimSpace(c.ID)
	c.Nome = text(x, prefix+"nome", "Nome do contato", c.Nome, MaxNome)
	if c.Nome == "" {
		x.add(prefix+"nome", "Informe o nome do contato.")
	}
	c.Cargo = text(x, prefix+"cargo", "Cargo", c.Cargo, 80)
	c.Telefone = phone(x, prefix+"telefone", c.Telefone)
	c.Celular = phone(x, prefix+"celular", c.Celular)
	c.Email = email(x, prefix+"email", c.Email)
	c.Aniversario = strings.TrimSpace(c.Aniversario)
	if c.Aniversario != "" && !validBirthday(c.Aniversario) {
		x.add(prefix+"aniversario", "Aniversário deve ser AAAA-MM-DD ou MM-DD.")
	}
}

func validBirthday(s string) bool {
	if len(s) == 5 {
		_, err := time.Parse("2006-01-02", "2000-"+s) // 2000 is a leap year: 02-29 is fine
		return err == nil
	}
	t, err := time.Parse("2006-01-02", s)
	return err == nil && t.Year() >= 1900 && !t.After(time.Now())
}

// Clone returns a copy that shares no slice with c (so that changing the copy's addresses or
// contacts, as every update does, leaves c as it was).
func (c *Cliente) Clone() *Cliente {
	cp := *c
	cp.Enderecos = append([]Endereco(nil), c.Enderecos...)
	cp.Contatos = append([]Contato(nil), c.Contatos...)
	return &cp
}
