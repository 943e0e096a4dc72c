// Package adapters holds the operator service's store-backed repository and Firebase identity
// client.
package adapters

import (
	"context"

	"github.com/crmvendas/crm/services/operator/internal/domain"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/textfold"
)

// Operador is a stored operator. The record id (_id) is the Firebase uid (the hot lookup of
// every request); the operator id is a unique key of the company. The bson names are those of
// the documents written before the store, so that the one-time copy of an old data directory
// decodes them as they are.
type Operador struct {
	store.Meta   `bson:",inline"`
	Operador     string   `bson:"id"`
	Email        string   `bson:"email"`
	NomeOperador string   `bson:"nome_operador"`
	NomeBusca    string   `bson:"nome_busca"`
	PerfilApp    string   `bson:"perfil_app"`
	ExibirMedida bool     `bson:"exibir_medida"`
	Equipe       []string `bson:"equipe"`
	Ativo        bool     `bson:"ativo"`
}

// OperadorSpec declares the operators. The owner field is the operator id itself, so the role
// scope (ADMIN: the company; SUPERVISOR: themself and their team; VENDEDOR: themself) is applied
// by the store on every read, list and write.
var OperadorSpec = store.Spec[Operador]{
	Name:       "operadores",
	NotFound:   domain.ErrNotFound.Message,
	OutOfScope: "Acesso negado: operador fora da sua equipe ou de outra empresa.",
	Fields: []store.Field[Operador]{
		{Name: "id", Value: func(o *Operador) any { return o.Operador }},
		{Name: "nome_busca", Value: func(o *Operador) any { return o.NomeBusca }},
		{Name: "ativo", Value: func(o *Operador) any { return o.Ativo }},
	},
	Owner:   "id",
	Search:  func(o *Operador) string { return o.NomeOperador + " " + o.Email },
	Sort:    store.Sort{Fields: []string{"nome_busca"}},
	Indexes: [][]string{{"ativo", "nome_busca"}},
	Unique: []store.Unique[Operador]{{
		Name: "id",
		Keys: func(o *Operador) []string { return []string{o.Operador} },
		Conflict: func(key, _ string) error {
			return errs.Conflict(domain.MsgIDDuplicado).WithReason(errs.ReasonChaveDuplicada, "chave", "id", "id", key)
		},
	}},
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

// IndiceSpec declares the directory.
var IndiceSpec = store.Spec[Indice]{
	Name:     "operadores_indice",
	Legacy:   "operadores",
	NotFound: domain.ErrNotFound.Message,
	Fields: []store.Field[Indice]{
		{Name: "id", Value: func(d *Indice) any { return d.Operador }},
	},
	Sort: store.Sort{Fields: []string{"id"}},
}

var indice = store.Company(IndiceEmpresa)

// Repo is the operator repository on the store.
type Repo struct {
	ops *store.Collection[Operador]
	idx *store.Collection[Indice]
}

// NewRepo declares the operator collections on st.
func NewRepo(ctx context.Context, st *store.Store) (*Repo, error) {
	ops, err := store.Declare(ctx, st, OperadorSpec)
	if err != nil {
		return nil, err
	}
	idx, err := store.Declare(ctx, st, IndiceSpec)
	if err != nil {
		return nil, err
	}
	return &Repo{ops: ops, idx: idx}, nil
}

func toDomain(o *Operador) *domain.Operador {
	return &domain.Operador{UID: o.ID, ID: o.Operador, Empresa: o.Empresa, Email: o.Email, NomeOperador: o.NomeOperador,
		PerfilApp: o.PerfilApp, ExibirMedida: o.ExibirMedida, Equipe: o.Equipe, Ativo: o.Ativo,
		CriadoEm: o.CriadoEm.UTC(), AlteradoEm: o.AlteradoEm.UTC(), Versao: o.Versao}
}

// fill copies what a use case may change from the domain operator.
func fill(r *Operador, o *domain.Operador) {
	eq := o.Equipe
	if eq == nil {
		eq = []string{}
	}
	r.Email, r.NomeOperador, r.NomeBusca = o.Email, o.NomeOperador, textfold.Fold(o.NomeOperador)
	r.PerfilApp, r.ExibirMedida, r.Equipe, r.Ativo = o.PerfilApp, o.ExibirMedida, eq, o.Ativo
}

// notFound maps the store's 404 to domain.ErrNotFound (the use cases test for it).
func notFound(err error) error {
	if errs.IsKind(err, errs.KindNotFound) {
		return domain.ErrNotFound
	}
	return err
}

// ByUID reads the operator of a Firebase uid, whatever its company: the directory names the
// company, then the operator is read in it. A tombstone is not found.
func (r *Repo) ByUID(ctx context.Context, uid string) (*domain.Operador, error) {
	d, err := r.idx.Get(ctx, indice, uid)
	if err != nil {
		return nil, notFound(err)
	}
	o, err := r.ops.Get(ctx, store.Company(d.EmpresaOperador), uid)
	if err != nil {
		return nil, notFound(err)
	}
	return toDomain(o), nil
}

// ExistsElsewhere reports whether another company has an operator with this id.
func (r *Repo) ExistsElsewhere(ctx context.Context, empresa, id string) (bool, error) {
	if id == "" {
		return false, nil
	}
	// One entry per company at most: among two, one is of another company when any is.
	p, err := r.idx.List(ctx, indice, store.Query{Where: []store.Cond{store.Eq("id", id)}, PageSize: 2})
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

// ByID reads an operator by operator id within the scope (403 FORA_DO_ESCOPO outside it).
func (r *Repo) ByID(ctx context.Context, sc store.Scope, id string) (*domain.Operador, error) {
	o, err := r.ops.GetByKey(ctx, sc, "id", id)
	if err != nil {
		return nil, notFound(err)
	}
	return toDomain(o), nil
}

// Insert stores a new operator (record id: its uid) and returns it as stored. The directory
// entry is written first: a failed insert leaves at most an entry naming no operator, which
// reads as not found and is taken over by the next operator of that uid.
func (r *Repo) Insert(ctx context.Context, o *domain.Operador) (*domain.Operador, error) {
	if err := r.claimUID(ctx, o); err != nil {
		return nil, err
	}
	rec := &Operador{Meta: store.Meta{ID: o.UID}, Operador: o.ID}
	fill(rec, o)
	got, _, err := r.ops.Create(ctx, store.Company(o.Empresa), rec)
	if err != nil {
		return nil, notFound(err)
	}
	return toDomain(got), nil
}

func (r *Repo) claimUID(ctx context.Context, o *domain.Operador) error {
	want := &Indice{Meta: store.Meta{ID: o.UID}, EmpresaOperador: o.Empresa, Operador: o.ID}
	_, _, err := r.idx.Create(ctx, indice, want)
	if !errs.IsReason(err, errs.ReasonIDReutilizado) {
		return err
	}
	// The uid is in the directory for another company or operator id: taken, unless that
	// operator was never stored (an insert that failed after its entry was written).
	old, err := r.idx.GetAny(ctx, indice, o.UID)
	if err != nil {
		return err
	}
	if _, err := r.ops.GetAny(ctx, store.Company(old.EmpresaOperador), o.UID); err == nil {
		return errs.Conflict(domain.MsgUIDEmUso)
	} else if !errs.IsKind(err, errs.KindNotFound) {
		return err
	}
	_, err = r.idx.Update(ctx, indice, o.UID, old.Versao, func(d *Indice) error {
		d.EmpresaOperador, d.Operador, d.Excluido = o.Empresa, o.ID, false
		return nil
	}, store.IncludeDeleted)
	return err
}

// Update applies change to the stored operator uid within the scope: versao > 0 must be the
// stored versao (else 409 VERSAO_DESATUALIZADA); 0 applies it to the current record. A change
// that changes nothing writes nothing.
func (r *Repo) Update(ctx context.Context, sc store.Scope, uid string, versao int64, change func(*domain.Operador) error) (*domain.Operador, error) {
	got, err := r.ops.Update(ctx, sc, uid, versao, func(rec *Operador) error {
		o := toDomain(rec)
		if err := change(o); err != nil {
			return err
		}
		fill(rec, o)
		return nil
	})
	if err != nil {
		return nil, notFound(err)
	}
	return toDomain(got), nil
}

// List returns one page of the operators in scope, by name.
func (r *Repo) List(ctx context.Context, sc store.Scope, f domain.ListFilter) ([]*domain.Operador, string, error) {
	q := store.Query{Search: f.Q, PageSize: f.PageSize, PageToken: f.PageToken}
	if !f.IncluirInativos {
		q.Where = append(q.Where, store.Eq("ativo", true))
	}
	p, err := r.ops.List(ctx, sc, q)
	if err != nil {
		return nil, "", err
	}
	out := make([]*domain.Operador, len(p.Items))
	for i, o := range p.Items {
		out[i] = toDomain(o)
	}
	return out, p.Next, nil
}

// CountActive counts the active operators of the company among ids.
func (r *Repo) CountActive(ctx context.Context, empresa string, ids []string) (int, error) {
	gs, err := r.ops.Count(ctx, store.Company(empresa), store.Query{Where: []store.Cond{store.In("id", ids), store.Eq("ativo", true)}})
	if err != nil {
		return 0, err
	}
	n := int64(0)
	for _, g := range gs {
		n += g.N
	}
	return int(n), nil
}

var _ domain.Repository = (*Repo)(nil)
