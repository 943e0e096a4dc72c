// Package address is the address service: postal-code (CEP) lookup with a cache, the 27 states
// and 5,571 IBGE municipalities (in memory, see package cidades), and the companies' sales
// regions.
package address

import (
	"context"
	"errors"
	"log/slog"
	"time"

	addressv1 "github.com/crmvendas/crm/proto/gen/go/crm/address/v1"
	"github.com/crmvendas/crm/services/address/cidades"
	"github.com/crmvendas/crm/services/address/internal/adapters"
	"github.com/crmvendas/crm/services/address/internal/app"
	"github.com/crmvendas/crm/services/address/internal/ports"
	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/server"
	"github.com/crmvendas/crm/services/platform/store"
)

// DatabaseName is the database the address service owns (MongoDB: its database; SQLite: the
// name its collections are registered under for the one-time copy of a legacy data directory).
const DatabaseName = "crm_address"

// Deps are what the address service needs.
type Deps struct {
	// Store is the service's store (runner.Env.Store(DatabaseName)).
	Store     *store.Store
	ViaCEPURL string // e.g. https://viacep.com.br
	Log       *slog.Logger
	// OnRegiaoAlterada, when set, is called after every successful create, update and delete of
	// a region (replays included), with the request's context (it carries the caller) and the
	// region id. An error is logged; the client still gets the saved region.
	OnRegiaoAlterada func(ctx context.Context, regiaoID string) error
}

// Address is the mounted service.
type Address struct {
	app     *app.Service
	regioes *app.Regioes
}

// New builds the address service and declares its collections (regions and the CEP cache).
func New(d Deps) (*Address, error) {
	if d.Store == nil {
		return nil, errors.New("address: Deps.Store é obrigatório")
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	ctx := context.Background()
	cache, err := adapters.NewCEPCache(ctx, d.Store)
	if err != nil {
		return nil, err
	}
	regioes, err := adapters.DeclareRegioes(ctx, d.Store)
	if err != nil {
		return nil, err
	}
	return &Address{
		app:     &app.Service{Cache: cache, Upstream: adapters.NewViaCEP(d.ViaCEPURL), Log: d.Log},
		regioes: &app.Regioes{Col: regioes, OnAlterada: d.OnRegiaoAlterada, Log: d.Log},
	}, nil
}

// CidadeValida reports whether ibge is the seven-digit code of an IBGE municipality, with its
// name and state (from memory; no database or network call).
func (a *Address) CidadeValida(ibge string) (nome, uf string, ok bool) {
	c, ok := cidades.Buscar(ibge)
	return c.Nome, c.UF, ok
}

// Policies: who may call each method.
var Policies = auth.Policies{
	addressv1.AddressService_ConsultarCep_FullMethodName:    {},
	addressv1.AddressService_ListarUfs_FullMethodName:       {},
	addressv1.AddressService_ListarCidades_FullMethodName:   {},
	addressv1.AddressService_ListarRegioes_FullMethodName:   {},
	addressv1.AddressService_ObterRegiao_FullMethodName:     {},
	addressv1.AddressService_CriarRegiao_FullMethodName:     auth.Roles(caller.Admin),
	addressv1.AddressService_AtualizarRegiao_FullMethodName: auth.Roles(caller.Admin),
	addressv1.AddressService_ExcluirRegiao_FullMethodName:   auth.Roles(caller.Admin),
}

// Module mounts the service on a server.
func (a *Address) Module() server.Module {
	return server.Module{
		Name: "address",
		Services: []server.Service{
			server.Servico(&addressv1.AddressService_ServiceDesc, &ports.Server{App: a.app, Regioes: a.regioes}, addressv1.RegisterAddressServiceHandlerClient, addressv1.NewAddressServiceClient),
		},
		Policies: Policies,
		Start: func(ctx context.Context) error {
			go a.app.SweepEvery(ctx, time.Hour)
			return nil
		},
	}
}

// EnsureRegiao creates a region of the company with a fixed id when it is missing (demo data,
// outside any request; written by "sistema"); a region stored under the id, live or deleted,
// is left as it is. A region it creates goes through OnRegiaoAlterada like any other.
func (a *Address) EnsureRegiao(ctx context.Context, empresa, id, nome string, cidades, operadores []string) error {
	ctx = caller.With(ctx, &caller.Caller{Empresa: empresa, Perfil: caller.Admin, Ativo: true})
	return a.regioes.Ensure(ctx, app.CriarInput{ID: id, Nome: nome, Cidades: cidades, Operadores: operadores})
}
