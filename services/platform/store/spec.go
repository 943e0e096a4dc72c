package store

import (
	"fmt"
	"regexp"
	"time"

	"github.com/crmvendas/crm/services/platform/errs"
)

// Field is a declared field: a value the store filters, sorts, groups and indexes on,
// computed from the entity on every write (a string, a bool, an integer or a time).
type Field[T any] struct {
	Name  string
	Value func(*T) any
}

// Unique is a unique key within a company: the keys a record holds (a CPF/CNPJ, an operator id,
// the cities of a region). Claims are atomic and released when the write fails.
type Unique[T any] struct {
	Name string
	Keys func(*T) []string
	// Conflict builds the error for a key held by another record (default: 409 CHAVE_DUPLICADA).
	Conflict func(key, ownerID string) error
	// ReleaseOnDelete frees the keys of a tombstone (default: a tombstone keeps them, so a new
	// record with the same key finds the old one, e.g. to reactivate it).
	ReleaseOnDelete bool
}

// Sort is the one declared order of a collection's lists (the record id breaks ties).
type Sort struct {
	Fields []string
	Desc   bool
}

// Spec declares a collection.
type Spec[T any] struct {
	// Name of the table / collection (lowercase letters, digits and _).
	Name string
	// NotFound is the pt-BR message of a missing record ("Cliente não encontrado.").
	NotFound string
	// OutOfScope is the pt-BR message of another company's record or one outside the role scope.
	OutOfScope string
	// Fields the store filters, sorts and indexes on.
	Fields []Field[T]
	// Owner names the field (one of Fields) that holds the operator owning a record, for the role
	// scope; empty: the collection is company-wide.
	Owner string
	// Search is the text matched by Query.Search (folded by the store).
	Search func(*T) string
	Sort   Sort
	// Indexes: each is a list of fields (the store adds empresa and excluido before, the id
	// after). The sort and the id, each with and without the owner, are indexed without being
	// declared.
	Indexes [][]string
	Unique  []Unique[T]
	// Derived clears, on a copy, the fields the server computes (a region, a timestamp) so that
	// they are not part of the payload a replayed create is compared by.
	Derived func(*T)
	// Legacy is the name of the collection in the FerretDB data directory this collection is
	// copied from once (empty: Name).
	Legacy string
}

var nameRe = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// schema is a Spec without its type, as the backends see it.
type schema struct {
	name    string
	fields  []string
	owner   string
	search  bool
	sort    Sort
	indexes [][]string
	uniques []string
}

func (s *Spec[T]) schema() (*schema, error) {
	if !nameRe.MatchString(s.Name) {
		return nil, fmt.Errorf("store: nome de coleção inválido %q", s.Name)
	}
	sc := &schema{name: s.Name, owner: s.Owner, search: s.Search != nil, sort: s.Sort}
	has := map[string]bool{}
	for _, f := range s.Fields {
		if !nameRe.MatchString(f.Name) || has[f.Name] {
			return nil, fmt.Errorf("store: campo inválido ou repetido %q em %s", f.Name, s.Name)
		}
		has[f.Name] = true
		sc.fields = append(sc.fields, f.Name)
	}
	check := func(fs []string) error {
		for _, f := range fs {
			if !has[f] {
				return fmt.Errorf(msgUnknownFld, f, s.Name)
			}
		}
		return nil
	}
	if s.Owner != "" {
		if err := check([]string{s.Owner}); err != nil {
			return nil, err
		}
	}
	if err := check(s.Sort.Fields); err != nil {
		return nil, err
	}
	// The sort, and the feed's snapshot (by id), each with and without the owner.
	idx := [][]string{s.Sort.Fields, {}}
	if s.Owner != "" {
		// (A sort that starts with the owner, as a read model's keys may, is not repeated.)
		withOwner := []string{s.Owner}
		for _, f := range s.Sort.Fields {
			if f != s.Owner {
				withOwner = append(withOwner, f)
			}
		}
		idx = append(idx, withOwner, []string{s.Owner})
	}
	for _, i := range s.Indexes {
		if err := check(i); err != nil {
			return nil, err
		}
		idx = append(idx, i)
	}
	sc.indexes = idx
	for _, u := range s.Unique {
		if !nameRe.MatchString(u.Name) {
			return nil, fmt.Errorf("store: chave única inválida %q em %s", u.Name, s.Name)
		}
		sc.uniques = append(sc.uniques, u.Name)
	}
	return sc, nil
}

func (sc *schema) hasField(f string) bool {
	for _, x := range sc.fields {
		if x == f {
			return true
		}
	}
	return false
}

// norm turns a field value into what both backends store: a string or an int64.
func norm(v any) any {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case bool:
		if x {
			return int64(1)
		}
		return int64(0)
	case int:
		return int64(x)
	case int32:
		return int64(x)
	case int64:
		return x
	case uint32:
		return int64(x)
	case float64: // from a decoded page token
		return int64(x)
	case time.Time:
		if x.IsZero() {
			return int64(0)
		}
		return x.UTC().UnixMilli()
	case fmt.Stringer:
		return x.String()
	}
	return fmt.Sprint(v)
}

func notFound(msg string) error {
	if msg == "" {
		msg = MsgNaoEncontr
	}
	return errs.NotFound(msg)
}

func outOfScope(msg string) error {
	if msg == "" {
		msg = errs.MsgOtherCompany
	}
	return errs.OutOfScope(msg)
}
