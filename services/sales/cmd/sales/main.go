// Command sales runs the sales service on its own: callers are resolved through the operator
// service at CRM_OPERATOR_ADDR; customers are read from the customer service at
// CRM_CUSTOMER_ADDR (default: CRM_OPERATOR_ADDR's, the all-in-one address), with the caller's
// own token.
package main

import (
	"context"
	"os"

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
		addr := os.Getenv("CRM_CUSTOMER_ADDR")
		if addr == "" {
			addr = env.Config.OperatorAddr
		}
		cust, err := env.Dial(addr)
		if err != nil {
			return nil, nil, err
		}
		st, err := env.Store(sales.DatabaseName)
		if err != nil {
			return nil, nil, err
		}
		s, err := sales.New(sales.Deps{Store: st, Customer: cust, Log: env.Log})
		if err != nil {
			return nil, nil, err
		}
		return []server.Module{s.Module()}, res, nil
	}, nil)
}
