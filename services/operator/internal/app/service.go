// Package app holds the operator use cases, on the service's declared collections
// (operadores.go: the operators and the cross-company directory of their uids).
package app

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/crmvendas/crm/services/operator/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// Service implements the operator use cases.
type Service struct {
	Col      *Collections
	Identity domain.Identity
	// Changed is called with the uid of every operator written (after the in-memory copy is
	// dropped), so that the change applies from the next request on.
	Changed func(uid string)
	// CacheTTL bounds how long an operator read by uid is kept in memory (0: no cache). Every
	// request resolves its caller by uid, so this is the hot path; writes in this process drop
	// the entry at once, other processes see a change within CacheTTL.
	CacheTTL time.Duration

	mu    sync.RWMutex
	byUID map[string]cachedOperador
	gen   uint64 // bumped by every write
}

type cachedOperador struct {
	op  *domain.Operador // nil: the uid has no operator
	exp time.Time
}

// operatorByUID reads an operator by uid through the in-memory cache. The returned value is
// shared: callers copy before changing it. A write in this process bumps the generation, so a
// read that raced with it is not cached.
func (s *Service) operatorByUID(ctx context.Context, uid string) (*domain.Operador, error) {
	if s.CacheTTL <= 0 {
		return s.readByUID(ctx, uid)
	}
	now := time.Now()
	s.mu.RLock()
	e, ok := s.byUID[uid]
	gen := s.gen
	s.mu.RUnlock()
	if ok && now.Before(e.exp) {
		if e.op == nil {
			return nil, naoEncontrado()
		}
		return e.op, nil
	}
	o, err := s.readByUID(ctx, uid)
	if err != nil && !isNotFound(err) {
		return nil, err
	}
	s.mu.Lock()
	if s.gen == gen {
		if s.byUID == nil || len(s.byUID) > 50000 {
			s.byUID = map[string]cachedOperador{}
		}
		s.byUID[uid] = cachedOperador{op: o, exp: now.Add(s.CacheTTL)}
	}
	s.mu.Unlock()
	return o, err
}

func (s *Service) changed(uid string) {
	s.mu.Lock()
	delete(s.byUID, uid)
	s.gen++
	s.mu.Unlock()
	if s.Changed != nil {
		s.Changed(uid)
	}
}

// Resolve returns the caller context of uid (an empty company when there is no operator).
func (s *Service) Resolve(ctx context.Context, uid, email string) (caller.Caller, error) {
	o, err := s.operatorByUID(ctx, uid)
	if isNotFound(err) {
		return caller.Caller{UID: uid, Email: email}, nil
	}
	if err != nil {
		return caller.Caller{}, err
	}
	return o.Caller(), nil
}

// Info answers GET /crm/info/operador/{uid}: the caller's own record (none: an empty list), or,
// for an ADMIN, the record of a uid of the same company. Anything else is refused.
func (s *Service) Info(ctx context.Context, uid string) ([]*domain.Operador, error) {
	c := caller.From(ctx)
	uid = strings.TrimSpace(uid)
	if uid == "" {
		return nil, errs.Field("id", "Informe o uid do usuário.")
	}
	if uid == c.UID {
		o, err := s.operatorByUID(ctx, uid)
		if isNotFound(err) {
			return []*domain.Operador{}, nil
		}
		if err != nil {
			return nil, err
		}
		return []*domain.Operador{o}, nil
	}
	if !c.IsAdmin() {
		return nil, errs.Forbidden("Acesso negado: só é possível consultar o próprio operador.")
	}
	o, err := s.readByUID(ctx, uid)
	if isNotFound(err) || (err == nil && o.Empresa != c.Empresa) {
		return nil, errs.OutOfScope("Acesso negado: o usuário não é operador da sua empresa.")
	}
	if err != nil {
		return nil, err
	}
	return []*domain.Operador{o}, nil
}

// byID reads an operator within the caller's scope (the role scope is the store's: an operator
// outside a SUPERVISOR's team or a VENDEDOR's self is 403 FORA_DO_ESCOPO). An id of another
// company is refused (403) rather than reported missing, as for every record of another company.
func (s *Service) byID(ctx context.Context, sc store.Scope, id string) (*domain.Operador, error) {
	o, err := s.byKey(ctx, sc, id)
	if isNotFound(err) {
		if other, oerr := s.existsElsewhere(ctx, sc.Empresa, id); oerr == nil && other {
			return nil, errs.OutOfScope(errs.MsgOtherCompany)
		}
	}
	return o, err
}

// Get returns an operator in the caller's scope.
func (s *Service) Get(ctx context.Context, id string) (*domain.Operador, error) {
	return s.byID(ctx, store.ScopeOf(caller.From(ctx)), id)
}

// List returns the operators in the caller's scope (ADMIN: the company; SUPERVISOR: themself and
// their team), ordered by name, one page at a time.
func (s *Service) List(ctx context.Context, incluirInativos bool, q string, size int32, token string) ([]*domain.Operador, string, error) {
	return s.list(ctx, store.ScopeOf(caller.From(ctx)), listFilter{IncluirInativos: incluirInativos, Q: q, PageSize: size, PageToken: token})
}

// CreateInput is what an ADMIN sends to add an operator.
type CreateInput struct {
	ID, Email, NomeOperador, PerfilApp, Senha string
	ExibirMedida                              bool
	Equipe                                    []string
}

// Create adds an operator to the caller's company, linking (or creating) the Firebase user with
// that e-mail. A retry with the same client id returns the operator already created.
func (s *Service) Create(ctx context.Context, in CreateInput) (*domain.Operador, error) {
	c := caller.From(ctx)
	return s.create(ctx, c.Empresa, in, domain.NewUser{Email: domain.NormalizeEmail(in.Email), Password: in.Senha, DisplayName: strings.TrimSpace(in.NomeOperador)})
}

// Ensure makes sure an operator exists as described (system use: demo seed, company creation),
// without a caller. An existing operator of the same company is updated to match.
func (s *Service) Ensure(ctx context.Context, empresa string, in CreateInput, user domain.NewUser) (*domain.Operador, error) {
	user.Email = domain.NormalizeEmail(user.Email)
	in.Email = user.Email
	if in.ID == "" {
		return nil, errs.Field("id", "Informe o id do operador.")
	}
	sc := store.Company(empresa)
	if existing, err := s.byKey(ctx, sc, in.ID); err == nil {
		uid, _, err := s.Identity.EnsureUser(ctx, user)
		if err != nil {
			return nil, err
		}
		if uid != existing.UID() {
			return nil, errs.Conflict("O operador " + in.ID + " está ligado a outro usuário do Firebase.")
		}
		// Nothing is written when the operator already is as described.
		o, err := s.update(ctx, sc, existing.UID(), 0, func(o *domain.Operador) error {
			o.Email, o.NomeOperador, o.PerfilApp, o.ExibirMedida, o.Equipe, o.Ativo = user.Email, in.NomeOperador, in.PerfilApp, in.ExibirMedida, in.Equipe, true
			return nil
		})
		if err != nil {
			return nil, err
		}
		if o.Versao != existing.Versao {
			s.changed(o.UID())
		}
		return o, nil
	} else if !isNotFound(err) {
		return nil, err
	}
	return s.create(ctx, empresa, in, user)
}

func (s *Service) create(ctx context.Context, empresa string, in CreateInput, user domain.NewUser) (*domain.Operador, error) {
	email := domain.NormalizeEmail(in.Email)
	nome := strings.TrimSpace(in.NomeOperador)
	id := strings.TrimSpace(in.ID)
	var problems []errs.FieldViolation
	collect := func(err error) {
		var de *errs.Error
		if errors.As(err, &de) {
			problems = append(problems, de.Fields...)
		}
	}
	collect(domain.ValidateEmail(email))
	collect(domain.ValidateNome(nome))
	collect(domain.ValidatePerfil(in.PerfilApp))
	if id != "" && !domain.ValidID(id) {
		problems = append(problems, errs.FieldViolation{Field: "id", Description: "Id inválido: use letras, números, '-' ou '_' (até 64)."})
	}
	if in.Senha != "" && len(in.Senha) < 6 {
		problems = append(problems, errs.FieldViolation{Field: "senha", Description: "A senha deve ter pelo menos 6 caracteres."})
	}
	if len(problems) > 0 {
		return nil, errs.Invalid(problemsMessage(problems), problems...)
	}
	if id == "" {
		id = uuid.NewString()
	}
	equipe, err := domain.ValidateEquipe(in.PerfilApp, id, in.Equipe)
	if err != nil {
		return nil, err
	}
	if err := s.checkTeam(ctx, empresa, equipe); err != nil {
		return nil, err
	}
	// A retried create (same client id) answers what the first one created.
	if existing, err := s.byKey(ctx, store.Company(empresa), id); err == nil {
		if existing.Email == email {
			return existing, nil
		}
		return nil, IDDuplicado(id)
	} else if !isNotFound(err) {
		return nil, err
	}
	user.Email = email
	if user.DisplayName == "" {
		user.DisplayName = nome
	}
	uid, _, err := s.Identity.EnsureUser(ctx, user)
	if err != nil {
		return nil, err
	}
	if existing, err := s.readByUID(ctx, uid); err == nil {
		if existing.Empresa == empresa {
			return nil, errs.Conflict("Este e-mail já pertence ao operador " + existing.NomeOperador + ".")
		}
		return nil, errs.Conflict(domain.MsgUIDEmUso)
	} else if !isNotFound(err) {
		return nil, err
	}
	o, err := s.insert(ctx, &domain.Operador{Meta: store.Meta{ID: uid, Empresa: empresa}, Operador: id, Email: email, NomeOperador: nome,
		PerfilApp: in.PerfilApp, ExibirMedida: in.ExibirMedida, Equipe: equipe, Ativo: true})
	if err != nil {
		return nil, err
	}
	s.changed(uid)
	return o, nil
}

func problemsMessage(p []errs.FieldViolation) string {
	if len(p) == 1 {
		return p[0].Description
	}
	msgs := make([]string, len(p))
	for i, v := range p {
		msgs[i] = v.Description
	}
	return "Corrija os campos: " + strings.Join(msgs, " ")
}

// checkTeam makes sure every team member is an active operator of the company.
func (s *Service) checkTeam(ctx context.Context, empresa string, equipe []string) error {
	if len(equipe) == 0 {
		return nil
	}
	n, err := s.countActive(ctx, empresa, equipe)
	if err != nil {
		return err
	}
	if n != len(equipe) {
		return errs.Field("equipe", "A equipe tem operadores que não existem nesta empresa ou estão desativados.")
	}
	return nil
}

// UpdateInput carries the fields of a PATCH; nil means unchanged.
type UpdateInput struct {
	ID           string
	NomeOperador *string
	PerfilApp    *string
	ExibirMedida *bool
	Equipe       *[]string
	Versao       int64
}

// Update changes an operator of the caller's company. in.Versao, when non-zero, must be the
// stored versao (else 409 VERSAO_DESATUALIZADA, nothing written).
func (s *Service) Update(ctx context.Context, in UpdateInput) (*domain.Operador, error) {
	c := caller.From(ctx)
	sc := store.ScopeOf(c)
	cur, err := s.byID(ctx, sc, in.ID)
	if err != nil {
		return nil, err
	}
	o, err := s.update(ctx, sc, cur.UID(), in.Versao, func(o *domain.Operador) error {
		if in.NomeOperador != nil {
			if err := domain.ValidateNome(*in.NomeOperador); err != nil {
				return err
			}
			o.NomeOperador = strings.TrimSpace(*in.NomeOperador)
		}
		if in.PerfilApp != nil {
			if err := domain.ValidatePerfil(*in.PerfilApp); err != nil {
				return err
			}
			if o.UID() == c.UID && *in.PerfilApp != caller.Admin {
				return errs.Field("perfil_app", "Você não pode remover o seu próprio perfil de administrador.")
			}
			o.PerfilApp = *in.PerfilApp
			if o.PerfilApp != caller.Supervisor && in.Equipe == nil {
				o.Equipe = nil
			}
		}
		if in.ExibirMedida != nil {
			o.ExibirMedida = *in.ExibirMedida
		}
		if in.Equipe != nil {
			eq, err := domain.ValidateEquipe(o.PerfilApp, o.Operador, *in.Equipe)
			if err != nil {
				return err
			}
			if err := s.checkTeam(ctx, c.Empresa, eq); err != nil {
				return err
			}
			o.Equipe = eq
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.changed(o.UID())
	return o, nil
}

// SetActive deactivates or reactivates an operator of the caller's company.
func (s *Service) SetActive(ctx context.Context, id string, ativo bool) (*domain.Operador, error) {
	c := caller.From(ctx)
	sc := store.ScopeOf(c)
	cur, err := s.byID(ctx, sc, id)
	if err != nil {
		return nil, err
	}
	if !ativo && cur.UID() == c.UID {
		return nil, errs.Invalid("Você não pode desativar a si mesmo.")
	}
	if cur.Ativo == ativo {
		return cur, nil
	}
	o, err := s.update(ctx, sc, cur.UID(), 0, func(o *domain.Operador) error {
		o.Ativo = ativo
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.changed(o.UID())
	return o, nil
}
