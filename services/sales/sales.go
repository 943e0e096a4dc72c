// Package sales is the sales service: products, price tables and their prices, payment terms,
// the commercial policy, ICMS-ST rules, the pricing of a draft, and orders with the summaries
// they keep on write (the figures goals and dashboards read). It reads customers from the
// customer service on the caller's behalf.
package sales

import (
	"context"
	"log/slog"
	"time"

	"google.golang.org/grpc"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/platform/server"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/adapters"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
	"github.com/crmvendas/crm/services/sales/internal/ports"
)

// DatabaseName is the database the sales service owns.
const DatabaseName = "crm_sales"

// Deps are what the sales service needs.
type Deps struct {
	Store *store.Store
	// Customer reaches the customer service (in the all-in-one process, the in-process channel;
	// deployed apart, a gRPC client).
	Customer grpc.ClientConnInterface
	// Operator and System give the names on an order's PDF (the seller's, the company's); nil:
	// left out.
	Operator, System grpc.ClientConnInterface
	// Field gives the visitas goals their achievement (the visits' summary); nil: shown without.
	Field grpc.ClientConnInterface
	Log   *slog.Logger
}

// Sales is the mounted service.
type Sales struct {
	app *app.Service
	col *app.Collections
}

// New builds the sales service and declares its collections.
func New(d Deps) (*Sales, error) {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	col, err := adapters.Declare(context.Background(), d.Store)
	if err != nil {
		return nil, err
	}
	s := &app.Service{Col: col, Log: d.Log, Nomes: adapters.NewNomes(d.Operator, d.System),
		Espelho: func(p *domain.Pedido, empresa, vendedor string, em time.Time) ([]byte, error) {
			return adapters.EspelhoPDF(adapters.Espelho{Pedido: p, Empresa: empresa, Vendedor: vendedor, GeradoEm: em})
		}}
	if d.Customer != nil {
		s.Clientes = adapters.NewClientes(d.Customer)
		s.Carteiras = adapters.NewCarteiras(d.Customer)
		s.ClientesCarteira = adapters.NewCarteiras(d.Customer)
	}
	if d.Operator != nil {
		s.Vendedores = adapters.NewVendedores(d.Operator)
	}
	if d.Field != nil {
		s.Visitas = adapters.NewVisitas(d.Field)
	}
	return &Sales{app: s, col: col}, nil
}

var (
	anyOperator = auth.Policy{}
	adminOnly   = auth.Roles(caller.Admin)
)

// Policies: ADMIN maintains everything; every operator reads (what a seller sees of the policy
// and which customers they may price for is checked by the use cases). The simple entities
// declare theirs with their ports (entity.Politicas).
var Policies = entity.Juntar(ports.PoliticasCondicoes, ports.PoliticasRegrasST, ports.PoliticasCalendario, ports.PoliticasFiguras, ports.PoliticasMetas, auth.Policies{
	salesv1.SalesService_ListarProdutos_FullMethodName:     anyOperator,
	salesv1.SalesService_ObterProduto_FullMethodName:       anyOperator,
	salesv1.SalesService_AlteracoesProdutos_FullMethodName: anyOperator,
	salesv1.SalesService_CriarProduto_FullMethodName:       adminOnly,
	salesv1.SalesService_AtualizarProduto_FullMethodName:   adminOnly,
	salesv1.SalesService_ExcluirProduto_FullMethodName:     adminOnly,
	salesv1.SalesService_ImportarProdutos_FullMethodName:   adminOnly,
	salesv1.SalesService_DefinirFotoProduto_FullMethodName: adminOnly,
	salesv1.SalesService_RemoverFotoProduto_FullMethodName: adminOnly,
	salesv1.SalesService_ObterFotoProduto_FullMethodName:   anyOperator,
	salesv1.SalesService_ImportarPrecos_FullMethodName:     adminOnly,
	salesv1.SalesService_ListarTabelas_FullMethodName:      anyOperator,
	salesv1.SalesService_ObterTabela_FullMethodName:        anyOperator,
	salesv1.SalesService_AlteracoesTabelas_FullMethodName:  anyOperator,
	salesv1.SalesService_CriarTabela_FullMethodName:        adminOnly,
	salesv1.SalesService_AtualizarTabela_FullMethodName:    adminOnly,
	salesv1.SalesService_ExcluirTabela_FullMethodName:      adminOnly,
	salesv1.SalesService_ListarPrecos_FullMethodName:       anyOperator,
	salesv1.SalesService_DefinirPreco_FullMethodName:       adminOnly,
	salesv1.SalesService_RemoverPreco_FullMethodName:       adminOnly,
	salesv1.SalesService_AlteracoesPrecos_FullMethodName:   anyOperator,
	salesv1.SalesService_ObterPolitica_FullMethodName:      anyOperator,
	salesv1.SalesService_DefinirPolitica_FullMethodName:    adminOnly,
	salesv1.SalesService_ImportarRegrasST_FullMethodName:   adminOnly,
	salesv1.SalesService_CalcularPrecos_FullMethodName:     anyOperator,
	// Orders: every operator, in their role scope (the use cases); approving, rejecting and the
	// states after enviado are checked by the order's rules (the seller's supervisor or an ADMIN;
	// an ADMIN), which say why in pt-BR.
	salesv1.PedidosService_CriarPedido_FullMethodName:         anyOperator,
	salesv1.PedidosService_ListarPedidos_FullMethodName:       anyOperator,
	salesv1.PedidosService_ObterPedido_FullMethodName:         anyOperator,
	salesv1.PedidosService_AlteracoesPedidos_FullMethodName:   anyOperator,
	salesv1.PedidosService_AtualizarPedido_FullMethodName:     anyOperator,
	salesv1.PedidosService_EnviarPedido_FullMethodName:        anyOperator,
	salesv1.PedidosService_AprovarPedido_FullMethodName:       auth.Roles(caller.Admin, caller.Supervisor),
	salesv1.PedidosService_ReprovarPedido_FullMethodName:      auth.Roles(caller.Admin, caller.Supervisor),
	salesv1.PedidosService_CancelarPedido_FullMethodName:      anyOperator,
	salesv1.PedidosService_ReabrirPedido_FullMethodName:       anyOperator,
	salesv1.PedidosService_DuplicarPedido_FullMethodName:      anyOperator,
	salesv1.PedidosService_AlterarStatusPedido_FullMethodName: adminOnly,
	salesv1.PedidosService_ObterPdfPedido_FullMethodName:      anyOperator,
	salesv1.PedidosService_ObterResumoVendas_FullMethodName:   anyOperator,
	salesv1.PedidosService_ReconciliarResumos_FullMethodName:  adminOnly,
	// Suggestions: every operator, for customers in their scope (checked through the customer
	// service on the caller's behalf, as an order's customer).
	salesv1.SugestoesService_ListarSugestoes_FullMethodName: anyOperator,
})

// Module mounts the service on a server.
func (s *Sales) Module() server.Module {
	return server.Module{
		Name: "sales",
		Services: []server.Service{
			server.Servico(&salesv1.SalesService_ServiceDesc, &ports.Server{App: s.app}, salesv1.RegisterSalesServiceHandlerClient, salesv1.NewSalesServiceClient),
			server.Servico(&salesv1.PedidosService_ServiceDesc, &ports.Pedidos{App: s.app}, salesv1.RegisterPedidosServiceHandlerClient, salesv1.NewPedidosServiceClient),
			server.Servico(&salesv1.CalendarioService_ServiceDesc, &ports.Calendario{App: s.app}, salesv1.RegisterCalendarioServiceHandlerClient, salesv1.NewCalendarioServiceClient),
			server.Servico(&salesv1.FigurasService_ServiceDesc, &ports.Figuras{App: s.app}, salesv1.RegisterFigurasServiceHandlerClient, salesv1.NewFigurasServiceClient),
			server.Servico(&salesv1.MetasService_ServiceDesc, &ports.Metas{App: s.app}, salesv1.RegisterMetasServiceHandlerClient, salesv1.NewMetasServiceClient),
			server.Servico(&salesv1.SugestoesService_ServiceDesc, &ports.Sugestoes{App: s.app}, salesv1.RegisterSugestoesServiceHandlerClient, salesv1.NewSugestoesServiceClient),
		},
		Policies: Policies,
		// A photo upload: up to 5 MB of image in base64 (4/3 of it) inside JSON.
		LargeBodies: []server.LargeBody{{Method: salesv1.SalesService_DefinirFotoProduto_FullMethodName,
			Route: "PUT /crm/produtos/{id}/foto", Max: MaxCorpoFoto}},
	}
}

// MaxCorpoFoto bounds a photo upload's request: a 5 MB image in base64 is 6.7 MB; a little more
// still gets the pt-BR "at most 5 MB" at the field instead of a bare 413.
const MaxCorpoFoto = 8 << 20
