// Package customer is the customer service: customers with their addresses and contacts,
// portfolios (carteira) and surveys. It calls the address service (regions) and the operator
// service (sellers) on the caller's behalf.
package customer

import (
	"context"
	"log/slog"
	"time"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"google.golang.org/grpc"

	customerv1 "github.com/crmvendas/crm/proto/gen/go/crm/customer/v1"
	"github.com/crmvendas/crm/services/customer/internal/adapters"
	"github.com/crmvendas/crm/services/customer/internal/app"
	"github.com/crmvendas/crm/services/customer/internal/domain"
	"github.com/crmvendas/crm/services/customer/internal/ports"
	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/mongox"
	"github.com/crmvendas/crm/services/platform/server"
)

// DatabaseName is the database the customer service owns.
const DatabaseName = "crm_customer"

// Cidades validates IBGE cities (the address service's list, see services/address/cidades).
type Cidades = domain.Cidades

// Deps are what the customer service needs.
type Deps struct {
	DB *mongo.Database
	// Cidades: the IBGE list, to validate addresses (default IBGE{}).
	Cidades Cidades
	// Address and Operator reach the address and operator services (in the all-in-one process,
	// the in-process channel; deployed apart, gRPC clients).
	Address, Operator grpc.ClientConnInterface
	Log               *slog.Logger
	// Strict: the database is a real MongoDB (not the embedded FerretDB), so writes also filter
	// on the stored versao (an indexed two-key filter there).
	Strict bool
	// Settle: how old a write must be before the changes feed hands it out (default 1 s).
	Settle time.Duration
}

// Customer is the mounted service.
type Customer struct {
	app  *app.Service
	repo *adapters.Indexed
	db   *mongo.Database
}

// New builds the customer service.
func New(d Deps) *Customer {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.Cidades == nil {
		d.Cidades = IBGE{}
	}
	if d.Settle == 0 {
		d.Settle = time.Second
	}
	repo := adapters.NewIndexed(adapters.NewRepo(d.DB), d.Strict)
	s := &app.Service{Repo: repo, Cidades: d.Cidades, Log: d.Log, Settle: d.Settle}
	if d.Address != nil {
		s.Regioes = adapters.NewRegioes(d.Address)
	}
	if d.Operator != nil {
		s.Operadores = adapters.NewOperadores(d.Operator)
	}
	return &Customer{app: s, repo: repo, db: d.DB}
}

var (
	anyOperator    = auth.Policy{}
	adminOnly      = auth.Roles(caller.Admin)
	adminOrSupervi = auth.Roles(caller.Admin, caller.Supervisor)
)

// Policies: who may call each method (the scope within the role is checked by the use cases).
var Policies = auth.Policies{
	customerv1.CustomerService_ListarClientes_FullMethodName:       anyOperator,
	customerv1.CustomerService_AlteracoesClientes_FullMethodName:   anyOperator,
	customerv1.CustomerService_ObterCliente_FullMethodName:         anyOperator,
	customerv1.CustomerService_CriarCliente_FullMethodName:         anyOperator,
	customerv1.CustomerService_AtualizarCliente_FullMethodName:     anyOperator,
	customerv1.CustomerService_ExcluirCliente_FullMethodName:       adminOrSupervi,
	customerv1.CustomerService_SalvarEndereco_FullMethodName:       anyOperator,
	customerv1.CustomerService_RemoverEndereco_FullMethodName:      anyOperator,
	customerv1.CustomerService_SalvarContato_FullMethodName:        anyOperator,
	customerv1.CustomerService_RemoverContato_FullMethodName:       anyOperator,
	customerv1.CustomerService_ImportarClientes_FullMethodName:     adminOnly,
	customerv1.CustomerService_ResumoCarteira_FullMethodName:       anyOperator,
	customerv1.CustomerService_AtribuirClientes_FullMethodName:     adminOrSupervi,
	customerv1.CustomerService_TransferirCarteira_FullMethodName:   adminOnly,
	customerv1.CustomerService_ListarTransferencias_FullMethodName: adminOrSupervi,
	customerv1.CustomerService_ListarPesquisas_FullMethodName:      anyOperator,
	customerv1.CustomerService_ObterPesquisa_FullMethodName:        anyOperator,
	customerv1.CustomerService_CriarPesquisa_FullMethodName:        adminOnly,
	customerv1.CustomerService_AtualizarPesquisa_FullMethodName:    adminOnly,
	customerv1.CustomerService_ResponderPesquisa_FullMethodName:    anyOperator,
	customerv1.CustomerService_ListarRespostas_FullMethodName:      anyOperator,
}

// Module mounts the service on a server.
func (c *Customer) Module() server.Module {
	return server.Module{
		Name: "customer",
		Services: []server.Service{{
			Desc: &customerv1.CustomerService_ServiceDesc,
			Impl: &ports.Server{App: c.app},
			Gateway: func(ctx context.Context, mux *runtime.ServeMux, conn grpc.ClientConnInterface) error {
				return customerv1.RegisterCustomerServiceHandlerClient(ctx, mux, customerv1.NewCustomerServiceClient(conn))
			},
		}},
		Policies: Policies,
		Start: func(ctx context.Context) error {
			return mongox.EnsureIndexes(ctx, c.db, adapters.Indexes...)
		},
	}
}
