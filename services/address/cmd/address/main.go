// Command address runs the address service on its own; callers are resolved through the operator
// service at CRM_OPERATOR_ADDR.
package main

import (
	"context"

	"github.com/crmvendas/crm/services/address"
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
		st, err := env.Store(address.DatabaseName)
		if err != nil {
			return nil, nil, err
		}
		addr, err := address.New(address.Deps{Store: st, ViaCEPURL: env.Config.ViaCEPURL, Log: env.Log})
		if err != nil {
			return nil, nil, err
		}
		return []server.Module{addr.Module()}, res, nil
	}, nil)
}
