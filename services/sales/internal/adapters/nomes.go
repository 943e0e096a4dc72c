package adapters

import (
	"context"

	"google.golang.org/grpc"

	operatorv1 "github.com/crmvendas/crm/proto/gen/go/crm/operator/v1"
	systemv1 "github.com/crmvendas/crm/proto/gen/go/crm/system/v1"
	"github.com/crmvendas/crm/services/platform/caller"
)

// Nomes reads display names on the caller's behalf: the company's from the system service and an
// operator's from the operator service (either conn may be nil: the name is then left empty).
type Nomes struct {
	Operadores operatorv1.OperatorServiceClient
	Sistema    systemv1.SystemServiceClient
}

// NewNomes talks to the operator and system services on their conns (nil: not reachable).
func NewNomes(operador, sistema grpc.ClientConnInterface) *Nomes {
	n := &Nomes{}
	if operador != nil {
		n.Operadores = operatorv1.NewOperatorServiceClient(operador)
	}
	if sistema != nil {
		n.Sistema = systemv1.NewSystemServiceClient(sistema)
	}
	return n
}

// Empresa is the caller's company's name ("" when unknown).
func (n *Nomes) Empresa(ctx context.Context) string {
	if n.Sistema == nil {
		return ""
	}
	r, err := n.Sistema.ObterVersao(onBehalf(ctx), &systemv1.ObterVersaoRequest{Empresa: caller.From(ctx).Empresa, Tipo: "web"})
	if err != nil {
		return ""
	}
	return r.GetNomeEmpresa()
}

// Operador is an operator's name (the caller's own without a call; "" when unknown).
func (n *Nomes) Operador(ctx context.Context, id string) string {
	if c := caller.From(ctx); c != nil && c.Operador == id && c.NomeOperador != "" {
		return c.NomeOperador
	}
	if n.Operadores == nil {
		return ""
	}
	r, err := n.Operadores.ObterOperador(onBehalf(ctx), &operatorv1.ObterOperadorRequest{Id: id})
	if err != nil {
		return ""
	}
	return r.GetNomeOperador()
}
