// Package customer is the customer service: customers with their addresses and contacts,
// portfolios (carteira) and surveys. It calls the address service (regions) and the operator
// service (sellers) on the caller's behalf.
package customer

import (
	"context"
	"log/slog"

	"google.golang.org/grpc"

	customerv1 "github.com/crmvendas/crm/proto/gen/go/crm/customer/v1"
	"github.com/crmvendas/crm/services/customer/internal/adapters"
	"github.com/crmvendas/crm/services/customer/internal/app"
	"github.com/crmvendas/crm/services/customer/internal/domain"
	"github.com/crmvendas/crm/services/customer/internal/ports"
	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/server"
	"github.com/crmvendas/crm/services/platform/store"
)

// DatabaseName is the database the customer service owns.
const DatabaseName = "crm_customer"

// Cidades validates IBGE cities (the address service's list, see services/address/cidades).
type Cidades = domain.Cidades

// Deps are what the customer service needs.
type Deps struct {
	Store *store.Store
	// Cidades: the IBGE list, to validate addresses (default IBGE{}).
	Cidades Cidades
	// Address and Operator reach the address and operator services (in the all-in-one process,
	// the in-process channel; deployed apart, gRPC clients).
	Address, Operator grpc.ClientConnInterface
	Log               *slog.Logger
}

// Customer is the mounted service.
type Customer struct {
	app *app.Service
	col *app.Collections
}

// New builds the customer service and declares its collections.
func New(d Deps) (*Customer, error) {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.Cidades == nil {
		d.Cidades = IBGE{}
	}
	col, err := adapters.Declare(context.Background(), d.Store)
	if err != nil {
		return nil, err
	}
	s := &app.Service{Col: col, Cidades: d.Cidades, Log: d.Log}
	if d.Address != nil {
		s.Regioes = adapters.NewRegioes(d.Address)
	}
	if d.Operator != nil {
		s.Operadores = adapters.NewOperadores(d.Operator)
	}
	return &Customer{app: s, col: col}, nil
}

var (
	anyOperator    = auth.Policy{}
	adminOnly      = auth.Roles(caller.Admin)
	adminOrSupervi = auth.Roles(caller.Admin, caller.Supervisor)
)

// Policies: who may call each method (the scope within the role is checked by the use cases).
var Policies = auth.Policies{
	customerv1.CustomerService_ListarClientes_FullMethodName:     anyOperator,
	customerv1.CustomerService_AlteracoesClientes_FullMethodName: anyOperator,
	customerv1.CustomerService_ObterCliente_FullMethodName:       anyOperator,
	customerv1.CustomerService_CriarCliente_FullMethodName:       anyOperator,
	customerv1.CustomerService_AtualizarCliente_FullMethodName:   anyOperator,
	customerv1.CustomerService_ExcluirCliente_FullMethodName:     adminOrSupervi,
	customerv1.CustomerService_SalvarEndereco_FullMethodName:     anyOperator,
	customerv1.CustomerService_RemoverEndereco_FullMethodName:    anyOperator,
	customerv1.CustomerService_SalvarContato_FullMethodName:      anyOperator,
	customerv1.CustomerService_RemoverContato_FullMethodName:     anyOperator,
	customerv1.CustomerService_ImportarClientes_FullMethodName:   adminOnly,
	// The report of stored IEs that fail their state's rule: the ADMIN fixes them.
	customerv1.CustomerService_ListarClientesIEInvalida_FullMethodName: adminOnly,
	customerv1.CustomerService_ResumoCarteira_FullMethodName:           anyOperator,
	customerv1.CustomerService_AtribuirClientes_FullMethodName:         adminOrSupervi,
	customerv1.CustomerService_TransferirCarteira_FullMethodName:       adminOnly,
	customerv1.CustomerService_ListarTransferencias_FullMethodName:     adminOrSupervi,
	customerv1.CustomerService_ListarPesquisas_FullMethodName:          anyOperator,
	customerv1.CustomerService_ObterPesquisa_FullMethodName:            anyOperator,
	customerv1.CustomerService_CriarPesquisa_FullMethodName:            adminOnly,
	customerv1.CustomerService_AtualizarPesquisa_FullMethodName:        adminOnly,
	customerv1.CustomerService_ResponderPesquisa_FullMethodName:        anyOperator,
	customerv1.CustomerService_ListarRespostas_FullMethodName:          anyOperator,
	customerv1.CustomerService_SincronizarRegiao_FullMethodName:        adminOnly,
}

// RegiaoAlterada is the hook the address service calls after each change of a region: it
// recomputes, through conn (the customer service), the stored region of its customers.
func RegiaoAlterada(conn grpc.ClientConnInterface) func(ctx context.Context, regiaoID string) error {
	return adapters.SincronizarRegiao(conn)
}

// Module mounts the service on a server.
func (c *Customer) Module() server.Module {
	return server.Module{
		Name: "customer",
		Services: []server.Service{
			server.Servico(&customerv1.CustomerService_ServiceDesc, &ports.Server{App: c.app}, customerv1.RegisterCustomerServiceHandlerClient, customerv1.NewCustomerServiceClient),
		},
		Policies: Policies,
	}
}
