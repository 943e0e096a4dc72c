// Command sales runs the sales service on its own: callers are resolved through the operator
// service at CRM_OPERATOR_ADDR; customers are read from the customer service at
// CRM_CUSTOMER_ADDR (platform/config; default the all-in-one's gRPC address), with the caller's
// own token, and the names on an order's PDF from the operator service (the seller's) and the
// system service at CRM_SYSTEM_ADDR (the company's).
package main

import (
	"context"

	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/runner"
	"github.com/crmvendas/crm/services/platform/server"
	"github.com/crmvendas/crm/services/sales"
)

func main() {
	runner.Main(func(ctx context.Context, env *runner.Env) ([]server.Module, auth.Resolver, error) {
		res, err := env.RemoteOperatorResolver()
		if err != nil {
			return nil, nil, err
		}
		cust, err := env.Dial(env.Config.CustomerAddr)
		if err != nil {
			return nil, nil, err
		}
		oper, err := env.Dial(env.Config.OperatorAddr) // sellers' names on an order's PDF
		if err != nil {
			return nil, nil, err
		}
		sis, err := env.Dial(env.Config.SystemAddr) // the company's name on an order's PDF
		if err != nil {
			return nil, nil, err
		}
		st, err := env.Store(sales.DatabaseName)
		if err != nil {
			return nil, nil, err
		}
		s, err := sales.New(sales.Deps{Store: st, Customer: cust, Operator: oper, System: sis, Log: env.Log})
		if err != nil {
			return nil, nil, err
		}
		return []server.Module{s.Module()}, res, nil
	}, nil)
}
