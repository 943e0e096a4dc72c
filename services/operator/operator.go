// Package operator is the operator service: operators (Firebase uid <-> company, operator id,
// name, role, team), and the caller context every other service authorizes with.
package operator

import (
	"context"
	"errors"
	"time"

	fbauth "firebase.google.com/go/v4/auth"

	operatorv1 "github.com/crmvendas/crm/proto/gen/go/crm/operator/v1"
	"github.com/crmvendas/crm/services/operator/internal/adapters"
	"github.com/crmvendas/crm/services/operator/internal/app"
	"github.com/crmvendas/crm/services/operator/internal/domain"
	"github.com/crmvendas/crm/services/operator/internal/ports"
	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/server"
	"github.com/crmvendas/crm/services/platform/store"
)

// DatabaseName is the database the operator service owns.
const DatabaseName = "crm_operator"

// Deps are what the operator service needs.
type Deps struct {
	// Store is the service's store (runner.Env.Store(DatabaseName); testkit.Store in tests).
	Store *store.Store
	// Auth is the Firebase Admin SDK client (user lookup and creation).
	Auth *fbauth.Client
	// CacheTTL bounds how long an operator is kept in memory (0: read every time). A write in this
	// process drops it at once; other processes see it within CacheTTL.
	CacheTTL time.Duration
}

// Operator is the mounted service.
type Operator struct {
	app *app.Service
}

// New builds the operator service and declares its collections (operadores and the
// cross-company directory operadores_indice) on d.Store.
func New(d Deps) (*Operator, error) {
	if d.Store == nil {
		return nil, errors.New("operator: Deps.Store é obrigatório")
	}
	col, err := adapters.Declare(context.Background(), d.Store)
	if err != nil {
		return nil, err
	}
	return &Operator{app: &app.Service{Col: col, Identity: &adapters.FirebaseIdentity{Client: d.Auth}, CacheTTL: d.CacheTTL}}, nil
}

// Resolver resolves callers from this service's own data, kept in memory and dropped on every
// write of this process (so a deactivation applies from the next request on).
func (o *Operator) Resolver() auth.Resolver {
	return auth.ResolverFunc(func(ctx context.Context, id auth.Identity, _ string) (caller.Caller, error) {
		return o.app.Resolve(ctx, id.UID, id.Email)
	})
}

// Policies: who may call each method.
var Policies = auth.Policies{
	operatorv1.OperatorService_ObterInfoOperador_FullMethodName: {NoOperator: true},
	operatorv1.OperatorService_ObterChamador_FullMethodName:     {NoOperator: true, AllowInactive: true},
	operatorv1.OperatorService_ListarOperadores_FullMethodName:  auth.Roles(caller.Admin, caller.Supervisor),
	operatorv1.OperatorService_ObterOperador_FullMethodName:     {},
	operatorv1.OperatorService_CriarOperador_FullMethodName:     auth.Roles(caller.Admin),
	operatorv1.OperatorService_AtualizarOperador_FullMethodName: auth.Roles(caller.Admin),
	operatorv1.OperatorService_DesativarOperador_FullMethodName: auth.Roles(caller.Admin),
	operatorv1.OperatorService_ReativarOperador_FullMethodName:  auth.Roles(caller.Admin),
}

// Module mounts the service on a server.
func (o *Operator) Module() server.Module {
	return server.Module{
		Name: "operator",
		Services: []server.Service{
			server.Servico(&operatorv1.OperatorService_ServiceDesc, &ports.Server{App: o.app}, operatorv1.RegisterOperatorServiceHandlerClient, operatorv1.NewOperatorServiceClient),
		},
		Policies: Policies,
	}
}

// Seed describes an operator to create or keep as described, outside any request (demo data,
// a new company's first ADMIN).
type Seed struct {
	Empresa, ID, Email, Nome, Perfil, Password string
	UID                                        string // fixed uid, or empty
	ExibirMedida, EmailVerified                bool
	Equipe                                     []string
}

// EnsureOperator creates the operator (and its Firebase user) or brings it to the description.
// It returns the operator's uid.
func (o *Operator) EnsureOperator(ctx context.Context, s Seed) (string, error) {
	op, err := o.app.Ensure(ctx, s.Empresa,
		app.CreateInput{ID: s.ID, Email: s.Email, NomeOperador: s.Nome, PerfilApp: s.Perfil, ExibirMedida: s.ExibirMedida, Equipe: s.Equipe},
		domain.NewUser{UID: s.UID, Email: s.Email, Password: s.Password, DisplayName: s.Nome, EmailVerified: s.EmailVerified})
	if err != nil {
		return "", err
	}
	return op.UID(), nil
}

// Exists reports whether the company has an operator with this id.
func (o *Operator) Exists(ctx context.Context, empresa, id string) (bool, error) {
	_, err := o.app.NaEmpresa(ctx, empresa, id)
	if errs.IsKind(err, errs.KindNotFound) {
		return false, nil
	}
	return err == nil, err
}

// UID returns the Firebase uid of an operator of the company.
func (o *Operator) UID(ctx context.Context, empresa, id string) (string, error) {
	op, err := o.app.NaEmpresa(ctx, empresa, id)
	if err != nil {
		return "", err
	}
	return op.UID(), nil
}
