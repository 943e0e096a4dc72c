// Package system is the system service: app versions per company and platform, the access log,
// and the companies themselves.
package system

import (
	"context"
	"errors"

	systemv1 "github.com/crmvendas/crm/proto/gen/go/crm/system/v1"
	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/server"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/system/internal/adapters"
	"github.com/crmvendas/crm/services/system/internal/app"
	"github.com/crmvendas/crm/services/system/internal/ports"
)

// DatabaseName is the database the system service owns.
const DatabaseName = "crm_system"

// Deps are what the system service needs.
type Deps struct {
	// Store is the service's store (runner.Env.Store(DatabaseName); testkit.Store in tests).
	Store *store.Store
	// Default version policy of platforms a company has not configured.
	DefaultVersion, DefaultAndroidURL, DefaultWebURL string
}

// System is the mounted service.
type System struct {
	app *app.Service
}

// New builds the system service and declares its collections (versoes, acessos, empresas) on
// d.Store.
func New(d Deps) (*System, error) {
	if d.Store == nil {
		return nil, errors.New("system: Deps.Store é obrigatório")
	}
	if d.DefaultVersion == "" {
		d.DefaultVersion = "1.0.0"
	}
	col, err := adapters.Declare(context.Background(), d.Store)
	if err != nil {
		return nil, err
	}
	return &System{app: &app.Service{Col: col,
		Defaults: app.Defaults{Versao: d.DefaultVersion, AndroidURL: d.DefaultAndroidURL, WebURL: d.DefaultWebURL}}}, nil
}

// Policies: who may call each method.
var Policies = auth.Policies{
	systemv1.SystemService_ObterVersao_FullMethodName:     {},
	systemv1.SystemService_RegistrarAcesso_FullMethodName: {},
	systemv1.SystemService_ListarAcessos_FullMethodName:   auth.Roles(caller.Admin),
	systemv1.SystemService_ListarVersoes_FullMethodName:   auth.Roles(caller.Admin),
	systemv1.SystemService_DefinirVersao_FullMethodName:   auth.Roles(caller.Admin),
}

// Module mounts the service on a server.
func (s *System) Module() server.Module {
	return server.Module{
		Name: "system",
		Services: []server.Service{
			server.Servico(&systemv1.SystemService_ServiceDesc, &ports.Server{App: s.app}, systemv1.RegisterSystemServiceHandlerClient, systemv1.NewSystemServiceClient),
		},
		Policies: Policies,
	}
}

// EnsureCompany creates the company when missing and returns its stored name (an existing
// company keeps its name).
func (s *System) EnsureCompany(ctx context.Context, id, nome string) (string, error) {
	e, err := s.app.EnsureCompany(ctx, id, nome)
	if err != nil {
		return "", err
	}
	return e.Nome, nil
}

// CompanyExists reports whether the company exists.
func (s *System) CompanyExists(ctx context.Context, id string) (bool, error) {
	_, err := s.app.Empresa(ctx, id)
	if errs.IsKind(err, errs.KindNotFound) {
		return false, nil
	}
	return err == nil, err
}
