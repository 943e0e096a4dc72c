// Command customer runs the customer service on its own: callers are resolved through the
// operator service at CRM_OPERATOR_ADDR, regions are read from the address service at
// CRM_ADDRESS_ADDR, both with the caller's own token.
package main

import (
	"context"

	"github.com/crmvendas/crm/services/customer"
	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/runner"
	"github.com/crmvendas/crm/services/platform/server"
)

func main() {
	runner.Main(func(ctx context.Context, env *runner.Env) ([]server.Module, auth.Resolver, error) {
		res, err := env.RemoteOperatorResolver()
		if err != nil {
			return nil, nil, err
		}
		op, err := env.Dial(env.Config.OperatorAddr)
		if err != nil {
			return nil, nil, err
		}
		addr, err := env.Dial(env.Config.AddressAddr)
		if err != nil {
			return nil, nil, err
		}
		st, err := env.Store(customer.DatabaseName)
		if err != nil {
			return nil, nil, err
		}
		c, err := customer.New(customer.Deps{Store: st, Address: addr, Operator: op, Log: env.Log})
		if err != nil {
			return nil, nil, err
		}
		return []server.Module{c.Module()}, res, nil
	}, nil)
}
