// Package domain holds the operator entity and its rules.
package domain

import (
	"context"
	"net/mail"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// Operador links a Firebase user (UID) to a company, with a role and, for supervisors, a team.
// It is stored as it is (collection operadores): the record id (Meta.ID) is the Firebase uid, the
// hot lookup of every request, and the operator id is a unique key of the company. The bson
// names are those of the documents written before the store, so that the one-time copy of an
// old data directory decodes them as they are.
type Operador struct {
	store.Meta `bson:",inline"`
	// Operador is the operator id (client-generated, unique in the company).
	Operador     string   `bson:"id"`
	Email        string   `bson:"email"`
	NomeOperador string   `bson:"nome_operador"`
	PerfilApp    string   `bson:"perfil_app"`
	ExibirMedida bool     `bson:"exibir_medida"`
	Equipe       []string `bson:"equipe"`
	Ativo        bool     `bson:"ativo"`
}

// UID is the operator's Firebase uid (its record id).
func (o *Operador) UID() string { return o.ID }

// Caller is the operator as the request context sees it.
func (o *Operador) Caller() caller.Caller {
	return caller.Caller{UID: o.UID(), Email: o.Email, Empresa: o.Empresa, Operador: o.Operador, NomeOperador: o.NomeOperador,
		Perfil: o.PerfilApp, Equipe: o.Equipe, Ativo: o.Ativo}
}

var idPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`)

// ValidID reports whether id may name an operator (client-generated UUIDs fit).
func ValidID(id string) bool { return idPattern.MatchString(id) }

// NormalizeEmail lowercases and trims an e-mail.
func NormalizeEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }

// ValidateEmail checks an e-mail address.
func ValidateEmail(e string) error {
	if e == "" {
		return errs.Field("email", "Informe o e-mail do operador.")
	}
	a, err := mail.ParseAddress(e)
	if err != nil || a.Address != e || !strings.Contains(e[strings.Index(e, "@"):], ".") {
		return errs.Field("email", "E-mail inválido.")
	}
	return nil
}

// ValidateNome checks an operator name.
func ValidateNome(n string) error {
	n = strings.TrimSpace(n)
	if n == "" {
		return errs.Field("nome_operador", "Informe o nome do operador.")
	}
	if utf8.RuneCountInString(n) > 120 {
		return errs.Field("nome_operador", "Nome do operador muito longo (máximo de 120 caracteres).")
	}
	return nil
}

// ValidatePerfil checks perfil_app.
func ValidatePerfil(p string) error {
	if !caller.ValidRole(p) {
		return errs.Field("perfil_app", "Perfil inválido: use ADMIN, SUPERVISOR ou VENDEDOR.")
	}
	return nil
}

// ValidateEquipe checks a team against the role: only supervisors have one, without themself
// and without repetition.
func ValidateEquipe(perfil, self string, equipe []string) ([]string, error) {
	if len(equipe) == 0 {
		return nil, nil
	}
	if perfil != caller.Supervisor {
		return nil, errs.Field("equipe", "Somente supervisores têm equipe.")
	}
	seen := map[string]bool{}
	var out []string
	for _, id := range equipe {
		id = strings.TrimSpace(id)
		if id == "" || seen[id] {
			continue
		}
		if id == self {
			return nil, errs.Field("equipe", "O supervisor não pode fazer parte da própria equipe.")
		}
		seen[id] = true
		out = append(out, id)
	}
	if len(out) > 500 {
		return nil, errs.Field("equipe", "Equipe grande demais (máximo de 500 operadores).")
	}
	return out, nil
}

// Messages of the operators' collection.
const (
	// MsgNaoEncontrado: no operator matches (404).
	MsgNaoEncontrado = "Operador não encontrado."
	// MsgForaDoEscopo: an operator outside the caller's role scope (403 FORA_DO_ESCOPO).
	MsgForaDoEscopo = "Acesso negado: operador fora da sua equipe ou de outra empresa."
)

// Conflicts of a new operator.
const (
	// MsgIDDuplicado: the operator id is already used in the company (CHAVE_DUPLICADA).
	MsgIDDuplicado = "Já existe um operador com este id."
	// MsgUIDEmUso: the Firebase user is already linked to an operator of another company.
	MsgUIDEmUso = "Este e-mail já está vinculado a outro operador e não pode ser usado."
)

// Identity is the Firebase user directory.
type Identity interface {
	// EnsureUser returns the uid of the user with this e-mail, creating it when missing (with
	// password when non-empty). created tells whether it was created.
	EnsureUser(ctx context.Context, u NewUser) (uid string, created bool, err error)
}

// NewUser describes a Firebase user to find or create.
type NewUser struct {
	UID           string // fixed uid (demo seed); empty lets the identity service choose
	Email         string
	Password      string
	DisplayName   string
	EmailVerified bool
}
