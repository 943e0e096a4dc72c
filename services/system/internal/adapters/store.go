// Package adapters holds the system service's store-backed repository.
package adapters

import (
	"context"
	"time"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/system/internal/domain"
)

// The stored entities keep the bson names of the documents written before the store, so that
// the one-time copy of an old data directory decodes them as they are.

// Versao is the version policy of one platform of a company; its id is empresa/tipo.
type Versao struct {
	store.Meta     `bson:",inline"`
	Tipo           string `bson:"tipo"`
	VersaoAtual    string `bson:"versao_atual"`
	VersaoMinima   string `bson:"versao_minima"`
	URLAtualizacao string `bson:"url_atualizacao"`
	Mensagem       string `bson:"mensagem"`
}

// VersaoSpec declares the version policies (company-wide).
var VersaoSpec = store.Spec[Versao]{
	Name:       "versoes",
	NotFound:   "Configuração de versão não encontrada.",
	OutOfScope: errs.MsgOtherCompany,
	Fields:     []store.Field[Versao]{{Name: "tipo", Value: func(v *Versao) any { return v.Tipo }}},
	Sort:       store.Sort{Fields: []string{"tipo"}},
}

// Acesso is one access-log entry (written once).
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

// AcessoSpec declares the access log: newest first; the owner is the operator, so the store
// indexes (operador, registrado_em) for the list by operator and period.
var AcessoSpec = store.Spec[Acesso]{
	Name:       "acessos",
	NotFound:   "Registro de acesso não encontrado.",
	OutOfScope: errs.MsgOtherCompany,
	Fields: []store.Field[Acesso]{
		{Name: "operador", Value: func(a *Acesso) any { return a.Operador }},
		{Name: "registrado_em", Value: func(a *Acesso) any { return a.RegistradoEm }},
	},
	Owner: "operador",
	Sort:  store.Sort{Fields: []string{"registrado_em"}, Desc: true},
}

// Empresa is a customer company; its id is its own empresa.
type Empresa struct {
	store.Meta `bson:",inline"`
	Nome       string `bson:"nome"`
}

// MsgEmpresaNaoEncontrada is the 404 of an unknown company.
const MsgEmpresaNaoEncontrada = "Empresa não encontrada."

// EmpresaSpec declares the companies.
var EmpresaSpec = store.Spec[Empresa]{
	Name:       "empresas",
	NotFound:   MsgEmpresaNaoEncontrada,
	OutOfScope: errs.MsgOtherCompany,
	Fields:     []store.Field[Empresa]{{Name: "nome", Value: func(e *Empresa) any { return e.Nome }}},
	Sort:       store.Sort{Fields: []string{"nome"}},
}

// Repo is the system repository on the store.
type Repo struct {
	versoes  *store.Collection[Versao]
	acessos  *store.Collection[Acesso]
	empresas *store.Collection[Empresa]
}

// NewRepo declares the system collections on st.
func NewRepo(ctx context.Context, st *store.Store) (*Repo, error) {
	r := &Repo{}
	var err error
	if r.versoes, err = store.Declare(ctx, st, VersaoSpec); err != nil {
		return nil, err
	}
	if r.acessos, err = store.Declare(ctx, st, AcessoSpec); err != nil {
		return nil, err
	}
	if r.empresas, err = store.Declare(ctx, st, EmpresaSpec); err != nil {
		return nil, err
	}
	return r, nil
}

func versaoID(empresa, tipo string) string { return empresa + "/" + tipo }

func versaoDomain(v *Versao) *domain.ConfigVersao {
	return &domain.ConfigVersao{Empresa: v.Empresa, Tipo: v.Tipo, VersaoAtual: v.VersaoAtual, VersaoMinima: v.VersaoMinima,
		URLAtualizacao: v.URLAtualizacao, Mensagem: v.Mensagem, Personalizada: true, AlteradoEm: v.AlteradoEm.UTC(), Versao: v.Versao}
}

// Versao reads the policy of a platform of the company (nil when never set).
func (r *Repo) Versao(ctx context.Context, empresa, tipo string) (*domain.ConfigVersao, error) {
	v, err := r.versoes.Get(ctx, store.Company(empresa), versaoID(empresa, tipo))
	if errs.IsKind(err, errs.KindNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return versaoDomain(v), nil
}

// SaveVersao creates or replaces the policy of c.Empresa and c.Tipo.
func (r *Repo) SaveVersao(ctx context.Context, c *domain.ConfigVersao, versao int64) (*domain.ConfigVersao, error) {
	sc, id := store.Company(c.Empresa), versaoID(c.Empresa, c.Tipo)
	set := func(v *Versao) error {
		v.Tipo, v.VersaoAtual, v.VersaoMinima, v.URLAtualizacao, v.Mensagem = c.Tipo, c.VersaoAtual, c.VersaoMinima, c.URLAtualizacao, c.Mensagem
		return nil
	}
	for attempt := 0; ; attempt++ {
		v, err := r.versoes.Update(ctx, sc, id, versao, set)
		if err == nil {
			return versaoDomain(v), nil
		}
		if !errs.IsKind(err, errs.KindNotFound) {
			return nil, err
		}
		if versao > 0 {
			// The client saw a versao of a policy that is not there.
			return nil, errs.Conflict(store.MsgVersao).WithReason(errs.ReasonVersaoDesatualizada)
		}
		nv := &Versao{Meta: store.Meta{ID: id}}
		_ = set(nv)
		v, _, err = r.versoes.Create(ctx, sc, nv)
		if err == nil {
			return versaoDomain(v), nil
		}
		// Created by someone else meanwhile: replace theirs.
		if !errs.IsReason(err, errs.ReasonIDReutilizado) || attempt >= 2 {
			return nil, err
		}
	}
}

func acessoDomain(a *Acesso) *domain.Acesso {
	return &domain.Acesso{ID: a.ID, Empresa: a.Empresa, Operador: a.Operador, UID: a.UID, Historico: a.Historico,
		Localizacao: a.Localizacao, Latitude: a.Latitude, Longitude: a.Longitude, IP: a.IP, UserAgent: a.UserAgent,
		RegistradoEm: a.RegistradoEm.UTC()}
}

// InsertAcesso stores an access-log entry (its id is new: server-generated).
func (r *Repo) InsertAcesso(ctx context.Context, a *domain.Acesso) (*domain.Acesso, error) {
	got, _, err := r.acessos.Create(ctx, store.Company(a.Empresa), &Acesso{Meta: store.Meta{ID: a.ID}, Operador: a.Operador, UID: a.UID,
		Historico: a.Historico, Localizacao: a.Localizacao, Latitude: a.Latitude, Longitude: a.Longitude, IP: a.IP, UserAgent: a.UserAgent,
		RegistradoEm: a.RegistradoEm})
	if err != nil {
		return nil, err
	}
	return acessoDomain(got), nil
}

// ListAcessos lists a page of the company's access log, newest first.
func (r *Repo) ListAcessos(ctx context.Context, f domain.AcessoFilter) ([]*domain.Acesso, string, error) {
	q := store.Query{PageSize: f.PageSize, PageToken: f.PageToken}
	if f.Operador != "" {
		q.Where = append(q.Where, store.Eq("operador", f.Operador))
	}
	if !f.De.IsZero() {
		q.Where = append(q.Where, store.Gte("registrado_em", f.De))
	}
	if !f.Ate.IsZero() {
		q.Where = append(q.Where, store.Lt("registrado_em", f.Ate))
	}
	p, err := r.acessos.List(ctx, store.Company(f.Empresa), q)
	if err != nil {
		return nil, "", err
	}
	out := make([]*domain.Acesso, len(p.Items))
	for i, a := range p.Items {
		out[i] = acessoDomain(a)
	}
	return out, p.Next, nil
}

func empresaDomain(e *Empresa) *domain.Empresa {
	return &domain.Empresa{ID: e.ID, Nome: e.Nome, CriadoEm: e.CriadoEm.UTC()}
}

// EnsureEmpresa creates the company when missing; an existing one is returned as it is.
func (r *Repo) EnsureEmpresa(ctx context.Context, e *domain.Empresa) (*domain.Empresa, error) {
	if got, err := r.Empresa(ctx, e.ID); !errs.IsKind(err, errs.KindNotFound) {
		return got, err
	}
	got, _, err := r.empresas.Create(ctx, store.Company(e.ID), &Empresa{Meta: store.Meta{ID: e.ID}, Nome: e.Nome})
	if errs.IsReason(err, errs.ReasonIDReutilizado) {
		// Created meanwhile with another name: that one stays.
		return r.Empresa(ctx, e.ID)
	}
	if err != nil {
		return nil, err
	}
	return empresaDomain(got), nil
}

// Empresa reads a company (404 when it does not exist).
func (r *Repo) Empresa(ctx context.Context, id string) (*domain.Empresa, error) {
	e, err := r.empresas.Get(ctx, store.Company(id), id)
	if err != nil {
		return nil, err
	}
	return empresaDomain(e), nil
}

var _ domain.Repository = (*Repo)(nil)
