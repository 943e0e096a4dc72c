// Package address is the address service: postal-code (CEP) lookup with a cache, the 27 states
// and 5,571 IBGE municipalities (in memory, see package cidades), and the companies' sales
// regions.
package address

import (
	"context"
	"log/slog"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"google.golang.org/grpc"

	addressv1 "github.com/crmvendas/crm/proto/gen/go/crm/address/v1"
	"github.com/crmvendas/crm/services/address/cidades"
	"github.com/crmvendas/crm/services/address/internal/adapters"
	"github.com/crmvendas/crm/services/address/internal/app"
	"github.com/crmvendas/crm/services/address/internal/ports"
	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/mongox"
	"github.com/crmvendas/crm/services/platform/server"
)

// DatabaseName is the database the address service owns.
const DatabaseName = "crm_address"

// Deps are what the address service needs.
type Deps struct {
	DB        *mongo.Database
	ViaCEPURL string // e.g. https://viacep.com.br
	Log       *slog.Logger
}

// Address is the mounted service.
type Address struct {
	app     *app.Service
	regioes *app.Regioes
	db      *mongo.Database
}

// New builds the address service.
func New(d Deps) *Address {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Address{
		app:     &app.Service{Cache: adapters.NewCEPCache(d.DB), Upstream: adapters.NewViaCEP(d.ViaCEPURL), Log: d.Log},
		regioes: &app.Regioes{Repo: adapters.NewRegioes(d.DB)},
		db:      d.DB,
	}
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
		Services: []server.Service{{
			Desc: &addressv1.AddressService_ServiceDesc,
			Impl: &ports.Server{App: a.app, Regioes: a.regioes},
			Gateway: func(ctx context.Context, mux *runtime.ServeMux, conn grpc.ClientConnInterface) error {
				return addressv1.RegisterAddressServiceHandlerClient(ctx, mux, addressv1.NewAddressServiceClient(conn))
			},
		}},
		Policies: Policies,
		Start: func(ctx context.Context) error {
			if err := mongox.EnsureIndexes(ctx, a.db, adapters.RegiaoIndexes...); err != nil {
				return err
			}
			go a.app.SweepEvery(ctx, time.Hour)
			return nil
		},
	}
}

// EnsureRegiao creates a region of the company with a fixed id when it is missing (demo data,
// outside any request); an existing region is left as it is.
func (a *Address) EnsureRegiao(ctx context.Context, empresa, id, nome string, cidades, operadores []string) error {
	ctx = caller.With(ctx, &caller.Caller{Empresa: empresa, Perfil: caller.Admin, Ativo: true})
	_, err := a.regioes.Create(ctx, app.CriarInput{ID: id, Nome: nome, Cidades: cidades, Operadores: operadores})
	return err
}
