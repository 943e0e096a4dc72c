package domain

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/crmvendas/crm/services/address/cidades"
	"github.com/crmvendas/crm/services/platform/errs"
)

// Regiao is a company's sales region: a named set of cities with the operators assigned to it.
type Regiao struct {
	ID         string
	Empresa    string
	Nome       string
	Cidades    []string // seven-digit IBGE codes; a city belongs to at most one live region
	Operadores []string // operator ids
	Excluido   bool
	CriadoEm   time.Time
	AlteradoEm time.Time
	Versao     int64
}

// Messages of the region rules.
const (
	MsgUFInvalida     = "UF inválida: use a sigla de um dos 27 estados, por exemplo SP."
	MsgNomeRegiao     = "Informe o nome da região."
	MsgNomeLongo      = "Nome da região muito longo (máximo de 120 caracteres)."
	MsgOperadorVazio  = "Informe o id de cada operador da região."
	MsgIDRegiao       = "Id de região inválido: use letras, dígitos, '-' ou '_' (até 64 caracteres)."
	MsgNomeRepetido   = "Já existe uma região com este nome."
	MsgRegiaoAlterada = "A região foi alterada por outra pessoa. Recarregue e tente novamente."
)

// ErrRegiaoNotFound: no live region with this id in the caller's company.
var ErrRegiaoNotFound = errs.NotFound("Região não encontrada.")

// ErrRegiaoVersion: the stored region changed since the client read it.
var ErrRegiaoVersion = errs.Conflict(MsgRegiaoAlterada)

// ErrNomeRepetido: another live region of the company has this name.
var ErrNomeRepetido = errs.Conflict(MsgNomeRepetido)

// ErrRegiaoExists is returned by Insert when the id is already stored for the company.
var ErrRegiaoExists = errs.Conflict("Já existe uma região com este id.")

var idPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`)

// ValidRegiaoID reports whether id may name a region (client-generated UUIDs fit).
func ValidRegiaoID(id string) bool { return idPattern.MatchString(id) }

// NormalizeUF validates an optional state filter: "" or one of the 27 siglas (any case).
func NormalizeUF(uf string) (string, error) {
	uf = strings.TrimSpace(uf)
	if uf == "" {
		return "", nil
	}
	u, ok := cidades.BuscarUF(uf)
	if !ok {
		return "", errs.Field("uf", MsgUFInvalida)
	}
	return u.Sigla, nil
}

// NormalizeNome trims a region name and checks it.
func NormalizeNome(n string) (string, error) {
	n = strings.Join(strings.Fields(n), " ")
	if n == "" {
		return "", errs.Field("nome", MsgNomeRegiao)
	}
	if utf8.RuneCountInString(n) > 120 {
		return "", errs.Field("nome", MsgNomeLongo)
	}
	return n, nil
}

// NomeOrdem is the key a region name sorts, searches and is unique by (accent- and
// case-insensitive).
func NomeOrdem(nome string) string { return cidades.Normalizar(nome) }

// NormalizeCidades trims and deduplicates IBGE codes (keeping their order) and checks that each
// is a municipality.
func NormalizeCidades(codes []string) ([]string, error) {
	out := make([]string, 0, len(codes))
	seen := make(map[string]bool, len(codes))
	for _, c := range codes {
		c = strings.TrimSpace(c)
		if seen[c] {
			continue
		}
		if _, ok := cidades.Buscar(c); !ok {
			msg := fmt.Sprintf("Cidade não encontrada: %q não é um código IBGE de município (7 dígitos).", c)
			return nil, errs.Field("cidades", msg)
		}
		seen[c] = true
		out = append(out, c)
	}
	return out, nil
}

// NormalizeOperadores trims and deduplicates operator ids; an empty id is refused. Whether the
// ids name operators of the company is not checked: the address service owns no operators and
// there is no cross-service call for it, so an unknown id simply matches no one.
func NormalizeOperadores(ids []string) ([]string, error) {
	out := make([]string, 0, len(ids))
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		id = strings.TrimSpace(id)
		if id == "" {
			return nil, errs.Field("operadores", MsgOperadorVazio)
		}
		if utf8.RuneCountInString(id) > 128 {
			return nil, errs.Field("operadores", "Id de operador muito longo (máximo de 128 caracteres).")
		}
		if seen[id] {
			continue
		}
		seen[id] = true
		out = append(out, id)
	}
	return out, nil
}

// CidadeOcupada is the conflict of a city that already belongs to another live region.
func CidadeOcupada(ibge, regiao string) error {
	nome := ibge
	if c, ok := cidades.Buscar(ibge); ok {
		nome = fmt.Sprintf("%s/%s (%s)", c.Nome, c.UF, c.IBGE)
	}
	return errs.Conflict(fmt.Sprintf("A cidade %s já pertence à região %q.", nome, regiao))
}

// RegiaoFilter selects live regions of a company, ordered by NomeOrdem then id.
type RegiaoFilter struct {
	Empresa  string
	Q        string // folded; NomeOrdem contains
	Limit    int
	AfterKey string // NomeOrdem of the last item of the previous page
	AfterID  string
}

// RegiaoRepository stores regions. Every method is scoped to one company.
type RegiaoRepository interface {
	// ByID returns the region (live or deleted) of the company, or ErrRegiaoNotFound.
	ByID(ctx context.Context, empresa, id string) (*Regiao, error)
	// ExistsElsewhere reports whether another company has a region with this id.
	ExistsElsewhere(ctx context.Context, empresa, id string) (bool, error)
	// Insert stores a new region: ErrRegiaoExists when the id is taken, ErrNomeRepetido when a
	// live region of the company has the name.
	Insert(ctx context.Context, r *Regiao) error
	// Update replaces the region stored at version r.Versao-1: ErrRegiaoVersion when it is at
	// another version, ErrNomeRepetido when a live region of the company has the name.
	Update(ctx context.Context, r *Regiao) error
	// List returns live regions by NomeOrdem then id.
	List(ctx context.Context, f RegiaoFilter) ([]*Regiao, error)
	// ByNomeOrdem returns the live region of the company with this name key, or nil.
	ByNomeOrdem(ctx context.Context, empresa, nomeOrdem string) (*Regiao, error)
	// WithCidades returns the live regions of the company holding any of these cities.
	WithCidades(ctx context.Context, empresa string, cidades []string) ([]*Regiao, error)
}
