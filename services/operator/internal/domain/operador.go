// Package domain holds the operator entity and its rules.
package domain

import (
	"context"
	"net/mail"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// Operador links a Firebase user (UID) to a company, with a role and, for supervisors, a team.
type Operador struct {
	UID          string
	ID           string
	Empresa      string
	Email        string
	NomeOperador string
	PerfilApp    string
	ExibirMedida bool
	Equipe       []string
	Ativo        bool
	CriadoEm     time.Time
	AlteradoEm   time.Time
	Versao       int64
}

// Caller is the operator as the request context sees it.
func (o *Operador) Caller() caller.Caller {
	return caller.Caller{UID: o.UID, Email: o.Email, Empresa: o.Empresa, Operador: o.ID, NomeOperador: o.NomeOperador,
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

// ErrNotFound is returned by repositories when no operator matches.
var ErrNotFound = errs.NotFound("Operador não encontrado.")

// Conflicts of a new operator.
const (
	// MsgIDDuplicado: the operator id is already used in the company (CHAVE_DUPLICADA).
	MsgIDDuplicado = "Já existe um operador com este id."
	// MsgUIDEmUso: the Firebase user is already linked to an operator of another company.
	MsgUIDEmUso = "Este e-mail já está vinculado a outro operador e não pode ser usado."
)

// ListFilter selects operators of a scope, by name.
type ListFilter struct {
	IncluirInativos bool
	// Q: every word contained in the name or the e-mail (accent- and case-insensitive).
	Q         string
	PageSize  int32
	PageToken string
}

// Repository stores operators. Reads and writes by operator id are scoped (company and role
// scope: an operator out of it is 403 FORA_DO_ESCOPO); ByUID knows no company (the caller
// resolver), and its callers check the company of the result.
type Repository interface {
	ByUID(ctx context.Context, uid string) (*Operador, error)
	ByID(ctx context.Context, sc store.Scope, id string) (*Operador, error)
	// Insert stores a new operator and returns it as stored (versao, timestamps).
	Insert(ctx context.Context, o *Operador) (*Operador, error)
	// Update applies change to the operator uid: versao > 0 must be the stored versao (else 409
	// VERSAO_DESATUALIZADA), 0 applies it to the current record; nothing is written when
	// change changes nothing.
	Update(ctx context.Context, sc store.Scope, uid string, versao int64, change func(*Operador) error) (*Operador, error)
	// List returns one page and the token of the next ("" on the last).
	List(ctx context.Context, sc store.Scope, f ListFilter) ([]*Operador, string, error)
	CountActive(ctx context.Context, empresa string, ids []string) (int, error)
	// ExistsElsewhere reports whether an operator with this id exists in another company.
	ExistsElsewhere(ctx context.Context, empresa, id string) (bool, error)
}

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
