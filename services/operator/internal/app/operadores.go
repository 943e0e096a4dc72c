package app

import (
	"context"

	"github.com/crmvendas/crm/services/operator/internal/domain"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// Collections are the service's stored entities (declared in adapters).
type Collections struct {
	// Operadores: record id the Firebase uid, owner field the operator id, so the role scope
	// (ADMIN: the company; SUPERVISOR: themself and their team; VENDEDOR: themself) is applied by
	// the store on every read, list and write.
	Operadores *store.Collection[domain.Operador]
	// Indice: the cross-company directory of operators (see Indice).
	Indice *store.Collection[Indice]
}

// Indice is the cross-company directory of operators: one record per Firebase uid, in the
// pseudo-company IndiceEmpresa, naming the operator's company and id. The store scopes every
// read by company, and two lookups know no company: the caller resolver (uid -> company) and
// "is this operator id used by another company" (403 rather than 404). The directory answers
// both; its entries never change (an operator keeps its uid, company and id).
type Indice struct {
	store.Meta      `bson:",inline"` // _id: uid; empresa: IndiceEmpresa
	EmpresaOperador string           `bson:"empresa_operador"`
	Operador        string           `bson:"id"`
}

// IndiceEmpresa is the pseudo-company holding the directory (no real company id can be "*").
const IndiceEmpresa = "*"

// FixLegacy builds a directory entry from an operator document of the old data directory (the
// directory is filled from the same legacy collection as the operators).
func (d *Indice) FixLegacy() { d.EmpresaOperador, d.Meta.Empresa = d.Meta.Empresa, IndiceEmpresa }

var indice = store.Company(IndiceEmpresa)

// IDDuplicado is the 409 CHAVE_DUPLICADA of an operator id already used in the company.
func IDDuplicado(id string) error {
	return errs.Conflict(domain.MsgIDDuplicado).WithReason(errs.ReasonChaveDuplicada, "chave", "id", "id", id)
}

func naoEncontrado() error { return errs.NotFound(domain.MsgNaoEncontrado) }

func isNotFound(err error) bool { return errs.IsKind(err, errs.KindNotFound) }

// readByUID reads the operator of a Firebase uid, whatever its company: the directory names the
// company, then the operator is read in it. A tombstone is not found.
func (s *Service) readByUID(ctx context.Context, uid string) (*domain.Operador, error) {
	d, err := s.Col.Indice.Get(ctx, indice, uid)
	if err != nil {
		return nil, err
	}
	return s.Col.Operadores.Get(ctx, store.Company(d.EmpresaOperador), uid)
}

// byKey reads an operator by operator id within the scope (403 FORA_DO_ESCOPO outside it).
func (s *Service) byKey(ctx context.Context, sc store.Scope, id string) (*domain.Operador, error) {
	return s.Col.Operadores.GetByKey(ctx, sc, "id", id)
}

// NaEmpresa reads an operator of the company by operator id (system use: no caller).
func (s *Service) NaEmpresa(ctx context.Context, empresa, id string) (*domain.Operador, error) {
	return s.byKey(ctx, store.Company(empresa), id)
}

// existsElsewhere reports whether another company has an operator with this id.
func (s *Service) existsElsewhere(ctx context.Context, empresa, id string) (bool, error) {
	if id == "" {
		return false, nil
	}
	// One entry per company at most: among two, one is of another company when any is.
	p, err := s.Col.Indice.List(ctx, indice, store.Query{Where: []store.Cond{store.Eq("id", id)}, PageSize: 2})
	if err != nil {
		return false, err
	}
	for _, d := range p.Items {
		if d.EmpresaOperador != empresa {
			return true, nil
		}
	}
	return false, nil
}

// storable is what every write stores: a team is an empty list, never null.
func storable(o *domain.Operador) {
	if o.Equipe == nil {
		o.Equipe = []string{}
	}
}

// insert stores a new operator (record id: its uid, o.ID) in o.Empresa and returns it as stored.
// The directory entry is written first: a failed insert leaves at most an entry naming no
// operator, which reads as not found and is taken over by the next operator of that uid.
func (s *Service) insert(ctx context.Context, o *domain.Operador) (*domain.Operador, error) {
	if err := s.claimUID(ctx, o); err != nil {
		return nil, err
	}
	storable(o)
	got, _, err := s.Col.Operadores.Create(ctx, store.Company(o.Empresa), o)
	return got, err
}

// claimUID writes the directory entry of a new operator. The uid is taken when its entry names
// a stored operator (of any company): 409 MsgUIDEmUso.
func (s *Service) claimUID(ctx context.Context, o *domain.Operador) error {
	want := &Indice{Meta: store.Meta{ID: o.UID()}, EmpresaOperador: o.Empresa, Operador: o.Operador}
	_, _, err := s.Col.Indice.Create(ctx, indice, want)
	if !errs.IsReason(err, errs.ReasonIDReutilizado) {
		return err
	}
	// The uid is in the directory for another company or operator id: taken, unless that
	// operator was never stored (an insert that failed after its entry was written).
	old, err := s.Col.Indice.GetAny(ctx, indice, o.UID())
	if err != nil {
		return err
	}
	if _, err := s.Col.Operadores.GetAny(ctx, store.Company(old.EmpresaOperador), o.UID()); err == nil {
		return errs.Conflict(domain.MsgUIDEmUso)
	} else if !isNotFound(err) {
		return err
	}
	_, err = s.Col.Indice.Update(ctx, indice, o.UID(), old.Versao, func(d *Indice) error {
		d.EmpresaOperador, d.Operador, d.Excluido = o.Empresa, o.Operador, false
		return nil
	}, store.IncludeDeleted)
	return err
}

// update applies change to the stored operator uid within the scope: versao > 0 must be the
// stored versao (else 409 VERSAO_DESATUALIZADA); 0 applies it to the current record. A change
// that changes nothing writes nothing.
func (s *Service) update(ctx context.Context, sc store.Scope, uid string, versao int64, change func(*domain.Operador) error) (*domain.Operador, error) {
	return s.Col.Operadores.Update(ctx, sc, uid, versao, func(o *domain.Operador) error {
		if err := change(o); err != nil {
			return err
		}
		storable(o)
		return nil
	})
}

// listFilter selects operators of a scope, by name.
type listFilter struct {
	IncluirInativos bool
	// Q: every word contained in the name or the e-mail (accent- and case-insensitive).
	Q         string
	PageSize  int32
	PageToken string
}

// list returns one page of the operators in scope, by name, and the token of the next ("" on
// the last).
func (s *Service) list(ctx context.Context, sc store.Scope, f listFilter) ([]*domain.Operador, string, error) {
	q := store.Query{Search: f.Q, PageSize: f.PageSize, PageToken: f.PageToken}
	if !f.IncluirInativos {
		q.Where = append(q.Where, store.Eq("ativo", true))
	}
	p, err := s.Col.Operadores.List(ctx, sc, q)
	if err != nil {
		return nil, "", err
	}
	return p.Items, p.Next, nil
}

// countActive counts the active operators of the company among ids.
func (s *Service) countActive(ctx context.Context, empresa string, ids []string) (int, error) {
	gs, err := s.Col.Operadores.Count(ctx, store.Company(empresa), store.Query{Where: []store.Cond{store.In("id", ids), store.Eq("ativo", true)}})
	if err != nil {
		return 0, err
	}
	n := int64(0)
	for _, g := range gs {
		n += g.N
	}
	return int(n), nil
}
