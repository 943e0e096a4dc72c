package agenda

import (
	"context"
	"strconv"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	customerv1 "github.com/crmvendas/crm/proto/gen/go/crm/customer/v1"
	operatorv1 "github.com/crmvendas/crm/proto/gen/go/crm/operator/v1"
	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// What the agenda needs of the other services and of the visits, each answered in the
// caller's scope.
type (
	// Clientes reads customers (the customer service).
	Clientes interface {
		// Obter is a customer in the caller's scope; another company's or one outside the
		// caller's portfolio → 403, a missing one → 404.
		Obter(ctx context.Context, id string) (Cliente, error)
		// DaCarteira are the active customers of a seller's portfolio.
		DaCarteira(ctx context.Context, vendedor string) ([]Cliente, error)
	}
	// Calendario is the company's calendar (the sales service's working days).
	Calendario interface {
		// Folgas are the company's days off from de to ate (national holidays, the optional
		// ones it keeps off and its own), besides the weekends.
		Folgas(ctx context.Context, de, ate time.Time) (map[time.Time]bool, error)
	}
	// Pedidos reads the customers' last orders (the sales service's summary kept on write).
	Pedidos interface {
		// SemPedido are the active customers of a seller's portfolio (in the caller's scope)
		// without a counting order for at least dias days, each with its last order's day
		// (AAAA-MM-DD; empty: never ordered).
		SemPedido(ctx context.Context, dias int32, vendedor string) (map[string]string, error)
	}
	// Operadores checks operators (the operator service).
	Operadores interface {
		// Ativo is nil when id is an active operator of the caller's company, else a pt-BR
		// field error at campo.
		Ativo(ctx context.Context, id, campo string) error
	}
	// Visitas are the visits done (the visits' part of this service).
	Visitas interface {
		// VisitasDoPeriodo are the visits in sc of a seller (empty: every seller sc sees)
		// whose check-in falls from de to ate (days, inclusive, America/Sao_Paulo).
		VisitasDoPeriodo(ctx context.Context, sc store.Scope, vendedor string, de, ate time.Time) ([]Visita, error)
	}
)

// Cliente is what the agenda and the route need of a customer.
type Cliente struct {
	ID, Nome, VendedorID, Endereco string
	// Posicao is the main address's position (nil: not known).
	Posicao *Ponto
}

// onBehalf forwards the caller's own token, so the called service applies the caller's company
// and role scope exactly as it would for the app.
func onBehalf(ctx context.Context) context.Context {
	c := caller.From(ctx)
	if c == nil || c.Token == "" {
		return ctx
	}
	return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+c.Token)
}

// repassar passes the called service's answers about the request through (403, 404, 400, 401)
// and turns the rest into 503 with msg.
func repassar(err error, msg string) error {
	if st, ok := status.FromError(err); ok {
		switch st.Code() {
		case codes.InvalidArgument, codes.PermissionDenied, codes.NotFound, codes.Unauthenticated:
			return err
		}
	}
	return errs.Unavailable(msg, err)
}

const (
	msgSemClientes   = "Serviço de clientes indisponível. Tente novamente em instantes."
	msgSemCalendario = "Serviço de vendas indisponível: não foi possível ler os dias úteis. Tente novamente em instantes."
	msgSemOperadores = "Serviço de operadores indisponível. Tente novamente em instantes."
	// MsgNaoOperador refuses an assignee who is not an active operator of the company.
	MsgNaoOperador = "O responsável não é um operador ativo desta empresa."
)

// ClientesGRPC reads customers from the customer service.
type ClientesGRPC struct {
	Client customerv1.CustomerServiceClient
}

// NewClientes talks to the customer service on conn.
func NewClientes(conn grpc.ClientConnInterface) *ClientesGRPC {
	return &ClientesGRPC{Client: customerv1.NewCustomerServiceClient(conn)}
}

func clienteDe(c *customerv1.Cliente) Cliente {
	out := Cliente{ID: c.GetId(), Nome: c.GetNome(), VendedorID: c.GetVendedorId()}
	if f := c.GetNomeFantasia(); f != "" {
		out.Nome = f
	}
	for _, e := range c.GetEnderecos() {
		if !e.GetPrincipal() {
			continue
		}
		partes := []string{strings.TrimSpace(e.GetLogradouro() + " " + e.GetNumero()), e.GetBairro(), e.GetCidade(), e.GetUf()}
		var ps []string
		for _, p := range partes {
			if p = strings.TrimSpace(p); p != "" {
				ps = append(ps, p)
			}
		}
		out.Endereco = strings.Join(ps, ", ")
		if e.Latitude != nil && e.Longitude != nil {
			out.Posicao = &Ponto{e.GetLatitude(), e.GetLongitude()}
		}
	}
	return out
}

// Obter is a customer in the caller's scope.
func (c *ClientesGRPC) Obter(ctx context.Context, id string) (Cliente, error) {
	cl, err := c.Client.ObterCliente(onBehalf(ctx), &customerv1.ObterClienteRequest{Id: id})
	if err != nil {
		return Cliente{}, repassar(err, msgSemClientes)
	}
	return clienteDe(cl), nil
}

// DaCarteira are the active customers of a seller's portfolio, every page.
func (c *ClientesGRPC) DaCarteira(ctx context.Context, vendedor string) ([]Cliente, error) {
	var out []Cliente
	token := ""
	for {
		r, err := c.Client.ListarClientes(onBehalf(ctx), &customerv1.ListarClientesRequest{Vendedor: vendedor, Status: "ativo",
			PageSize: int32(store.MaxPageSize), PageToken: token})
		if err != nil {
			return nil, repassar(err, msgSemClientes)
		}
		for _, cl := range r.GetClientes() {
			out = append(out, clienteDe(cl))
		}
		if token = r.GetNextPageToken(); token == "" {
			return out, nil
		}
	}
}

// CalendarioGRPC reads the company's working days from the sales service.
type CalendarioGRPC struct {
	Client salesv1.CalendarioServiceClient
}

// NewCalendario talks to the sales service on conn.
func NewCalendario(conn grpc.ClientConnInterface) *CalendarioGRPC {
	return &CalendarioGRPC{Client: salesv1.NewCalendarioServiceClient(conn)}
}

// Folgas are the days off from de to ate: one call of the sales service's ListarFolgas, read
// anew on every request (a day off an ADMIN adds is in the next agenda).
func (c *CalendarioGRPC) Folgas(ctx context.Context, de, ate time.Time) (map[time.Time]bool, error) {
	r, err := c.Client.ListarFolgas(onBehalf(ctx), &salesv1.ListarFolgasRequest{De: FormatarData(de), Ate: FormatarData(ate)})
	if err != nil {
		return nil, repassar(err, msgSemCalendario)
	}
	out := map[time.Time]bool{}
	for _, f := range r.GetFeriados() {
		if d, ok := ParseData(f.GetData()); ok {
			out[d] = true
		}
	}
	return out, nil
}

// PedidosGRPC reads the last orders from the sales service (GET /crm/painel/sem-pedido's RPC).
type PedidosGRPC struct {
	Client salesv1.FigurasServiceClient
}

// NewPedidos talks to the sales service on conn.
func NewPedidos(conn grpc.ClientConnInterface) *PedidosGRPC {
	return &PedidosGRPC{Client: salesv1.NewFigurasServiceClient(conn)}
}

const msgSemPedidos = "Serviço de vendas indisponível: não foi possível ler os últimos pedidos. Tente novamente em instantes."

// SemPedido are the customers without an order for dias days, with their last order's day.
func (p *PedidosGRPC) SemPedido(ctx context.Context, dias int32, vendedor string) (map[string]string, error) {
	r, err := p.Client.ClientesSemPedido(onBehalf(ctx), &salesv1.ClientesSemPedidoRequest{Dias: strconv.Itoa(int(dias)), VendedorId: vendedor})
	if err != nil {
		return nil, repassar(err, msgSemPedidos)
	}
	out := make(map[string]string, len(r.GetClientes()))
	for _, c := range r.GetClientes() {
		out[c.GetClienteId()] = c.GetUltimoPedido()
	}
	return out, nil
}

// OperadoresGRPC checks operators with the operator service.
type OperadoresGRPC struct {
	Client operatorv1.OperatorServiceClient
}

// NewOperadores talks to the operator service on conn.
func NewOperadores(conn grpc.ClientConnInterface) *OperadoresGRPC {
	return &OperadoresGRPC{Client: operatorv1.NewOperatorServiceClient(conn)}
}

// Ativo is nil when id is an active operator of the caller's company.
func (o *OperadoresGRPC) Ativo(ctx context.Context, id, campo string) error {
	op, err := o.Client.ObterOperador(onBehalf(ctx), &operatorv1.ObterOperadorRequest{Id: id})
	if err != nil {
		if st, ok := status.FromError(err); ok {
			switch st.Code() {
			case codes.NotFound, codes.PermissionDenied, codes.InvalidArgument:
				return errs.Field(campo, MsgNaoOperador)
			}
		}
		return errs.Unavailable(msgSemOperadores, err)
	}
	if !op.GetAtivo() || op.GetEmpresa() != caller.From(ctx).Empresa {
		return errs.Field(campo, MsgNaoOperador)
	}
	return nil
}
