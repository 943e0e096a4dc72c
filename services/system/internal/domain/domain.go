// Package domain holds the system service's entities and rules: app versions per company and
// platform, the access log, and companies.
package domain

import (
	"math"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// Platforms (tipo), exactly as the app sends them.
const (
	Android = "android"
	Web     = "web"
)

// Platforms lists every platform.
var Platforms = []string{Android, Web}

// ValidateTipo checks a platform.
func ValidateTipo(t string) error {
	if t != Android && t != Web {
		return errs.Field("tipo", "Tipo inválido: use android ou web.")
	}
	return nil
}

// The stored entities keep the bson names of the documents written before the store, so that
// the one-time copy of an old data directory decodes them as they are.

// ConfigVersao is the version policy of one platform in a company; stored (collection versoes)
// with the id empresa/tipo (VersaoID) when an ADMIN sets it.
type ConfigVersao struct {
	store.Meta     `bson:",inline"`
	Tipo           string `bson:"tipo"`
	VersaoAtual    string `bson:"versao_atual"`
	VersaoMinima   string `bson:"versao_minima"`
	URLAtualizacao string `bson:"url_atualizacao"`
	Mensagem       string `bson:"mensagem"`
	// Personalizada: an ADMIN set it (it is stored), rather than the defaults; not stored.
	Personalizada bool `bson:"-"`
}

// VersaoID is the record id of a company's policy of a platform.
func VersaoID(empresa, tipo string) string { return empresa + "/" + tipo }

var versionPattern = regexp.MustCompile(`^\d{1,5}(\.\d{1,5}){0,3}$`)

// CompareVersions compares dotted numeric versions ("1.10.0" > "1.9.3"); missing parts are 0.
func CompareVersions(a, b string) int {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) || i < len(pb); i++ {
		var x, y int
		if i < len(pa) {
			x, _ = strconv.Atoi(pa[i])
		}
		if i < len(pb) {
			y, _ = strconv.Atoi(pb[i])
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}

// ValidVersion reports whether v is a dotted numeric version.
func ValidVersion(v string) bool { return versionPattern.MatchString(v) }

// Validate checks a version policy an ADMIN sets.
func (c *ConfigVersao) Validate() error {
	var f []errs.FieldViolation
	if err := ValidateTipo(c.Tipo); err != nil {
		f = append(f, errs.FieldViolation{Field: "tipo", Description: "Tipo inválido: use android ou web."})
	}
	if !ValidVersion(c.VersaoAtual) {
		f = append(f, errs.FieldViolation{Field: "versao_atual", Description: "Versão atual inválida: use números separados por pontos, como 1.4.2."})
	}
	if !ValidVersion(c.VersaoMinima) {
		f = append(f, errs.FieldViolation{Field: "versao_minima", Description: "Versão mínima inválida: use números separados por pontos, como 1.2.0."})
	}
	if len(f) == 0 && CompareVersions(c.VersaoMinima, c.VersaoAtual) > 0 {
		f = append(f, errs.FieldViolation{Field: "versao_minima", Description: "A versão mínima não pode ser maior que a versão atual."})
	}
	if c.URLAtualizacao != "" {
		u, err := url.Parse(c.URLAtualizacao)
		if err != nil || len(c.URLAtualizacao) > 500 || !(u.Scheme == "https" || u.Scheme == "http" || (u.Scheme == "" && strings.HasPrefix(c.URLAtualizacao, "/"))) {
			f = append(f, errs.FieldViolation{Field: "url_atualizacao", Description: "Endereço de atualização inválido: use um endereço http(s) ou um caminho começando com /."})
		}
	}
	if utf8.RuneCountInString(c.Mensagem) > 500 {
		f = append(f, errs.FieldViolation{Field: "mensagem", Description: "Mensagem muito longa (máximo de 500 caracteres)."})
	}
	if len(f) > 0 {
		return errs.Invalid(joinFields(f), f...)
	}
	return nil
}

func joinFields(f []errs.FieldViolation) string {
	msgs := make([]string, len(f))
	for i, v := range f {
		msgs[i] = v.Description
	}
	return strings.Join(msgs, " ")
}

// Limits of an access-log entry.
const (
	MaxHistorico   = 2000
	MaxLocalizacao = 300
)

// Acesso is one access-log entry, written once (collection acessos, owned by its operator).
type Acesso struct {
	store.Meta   `bson:",inline"`
	Operador     string    `bson:"operador"`
	UID          string    `bson:"uid"`
	Historico    string    `bson:"historico"`
	Localizacao  string    `bson:"localizacao"`
	Latitude     *float64  `bson:"latitude"`
	Longitude    *float64  `bson:"longitude"`
	IP           string    `bson:"ip"`
	UserAgent    string    `bson:"user_agent"`
	RegistradoEm time.Time `bson:"registrado_em"`
}

// Validate checks what the app sent.
func (a *Acesso) Validate() error {
	var f []errs.FieldViolation
	if a.Empresa == "" {
		f = append(f, errs.FieldViolation{Field: "empresa", Description: "Informe a empresa."})
	}
	if a.Operador == "" {
		f = append(f, errs.FieldViolation{Field: "operador", Description: "Informe o operador."})
	}
	if utf8.RuneCountInString(a.Historico) > MaxHistorico {
		f = append(f, errs.FieldViolation{Field: "historico", Description: "Histórico muito longo (máximo de 2000 caracteres)."})
	}
	if utf8.RuneCountInString(a.Localizacao) > MaxLocalizacao {
		f = append(f, errs.FieldViolation{Field: "localizacao", Description: "Localização muito longa (máximo de 300 caracteres)."})
	}
	if a.Latitude != nil && (math.IsNaN(*a.Latitude) || *a.Latitude < -90 || *a.Latitude > 90) {
		f = append(f, errs.FieldViolation{Field: "latitude", Description: "Latitude inválida: deve estar entre -90 e 90."})
	}
	if a.Longitude != nil && (math.IsNaN(*a.Longitude) || *a.Longitude < -180 || *a.Longitude > 180) {
		f = append(f, errs.FieldViolation{Field: "longitude", Description: "Longitude inválida: deve estar entre -180 e 180."})
	}
	if (a.Latitude == nil) != (a.Longitude == nil) {
		f = append(f, errs.FieldViolation{Field: "latitude", Description: "Informe latitude e longitude juntas, ou nenhuma das duas."})
	}
	if len(f) > 0 {
		return errs.Invalid(joinFields(f), f...)
	}
	return nil
}

// Empresa is a customer company of the product (collection empresas); its record id is its own
// empresa.
type Empresa struct {
	store.Meta `bson:",inline"`
	Nome       string `bson:"nome"`
}

// MsgEmpresaNaoEncontrada is the 404 of an unknown company.
const MsgEmpresaNaoEncontrada = "Empresa não encontrada."
