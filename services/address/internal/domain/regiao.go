package domain

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/crmvendas/crm/services/address/cidades"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// Regiao is a company's sales region: a named set of cities with the operators assigned to it.
// It is stored as it is (store.Meta carries id, empresa, versao, criado_em/por, alterado_em/por
// and excluido); the bson names are those of the documents written before the store, so that
// the one-time copy of an old data directory decodes them straight into Regiao.
type Regiao struct {
	store.Meta `bson:",inline"`
	Nome       string   `bson:"nome"`
	Cidades    []string `bson:"cidades"`    // seven-digit IBGE codes; a city belongs to at most one live region
	Operadores []string `bson:"operadores"` // operator ids

	// LegacyID is the region id of an old document, whose _id was empresa + "/" + id; FixLegacy
	// moves it into Meta.ID. Never written.
	LegacyID string `bson:"id,omitempty"`
}

// FixLegacy adapts a document of the old regions collection (the store calls it on the
// one-time copy of a legacy data directory): the region id was in the field id and the
// document _id was empresa + "/" + id. Old documents also carried nome_ordem and nome_unico,
// which the store's sort field and unique key replace (decoding ignores them).
func (r *Regiao) FixLegacy() {
	if r.LegacyID != "" {
		r.ID = r.LegacyID
	} else {
		r.ID = strings.TrimPrefix(r.ID, r.Empresa+"/")
	}
	r.LegacyID = ""
	if r.Cidades == nil {
		r.Cidades = []string{}
	}
	if r.Operadores == nil {
		r.Operadores = []string{}
	}
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
	MsgRegiaoNaoEnc   = "Região não encontrada."
)

// ReasonCidadeEmOutraRegiao: a city of the request already belongs to another live region of
// the company; detalhes.cidade is its IBGE code and detalhes.regiao_id the region holding it.
const ReasonCidadeEmOutraRegiao = errs.ReasonCidadeEmOutraRegiao

// ErrRegiaoNotFound: no live region with this id in the caller's company.
var ErrRegiaoNotFound = errs.NotFound(MsgRegiaoNaoEnc)

// NomeRepetido is the conflict of a name another live region of the company has (regiaoID).
func NomeRepetido(regiaoID string) error {
	return errs.Conflict(MsgNomeRepetido).WithReason(errs.ReasonChaveDuplicada, "chave", "nome", "id", regiaoID, "regiao_id", regiaoID)
}

// RegiaoAlterada is the conflict of a stale versao.
func RegiaoAlterada() error {
	return errs.Conflict(MsgRegiaoAlterada).WithReason(errs.ReasonVersaoDesatualizada)
}

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

// CidadeOcupada is the conflict of a city that already belongs to another live region
// (regiaoID, named regiaoNome when known).
func CidadeOcupada(ibge, regiaoID, regiaoNome string) error {
	nome := ibge
	if c, ok := cidades.Buscar(ibge); ok {
		nome = fmt.Sprintf("%s/%s (%s)", c.Nome, c.UF, c.IBGE)
	}
	msg := fmt.Sprintf("A cidade %s já pertence a outra região.", nome)
	if regiaoNome != "" {
		msg = fmt.Sprintf("A cidade %s já pertence à região %q.", nome, regiaoNome)
	}
	return errs.Conflict(msg).WithReason(ReasonCidadeEmOutraRegiao, "cidade", ibge, "regiao_id", regiaoID)
}
