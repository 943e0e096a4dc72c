// Command operator runs the operator service on its own (see services/allinone for everything in
// one process).
package main

import (
	"context"

	"github.com/crmvendas/crm/services/operator"
	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/runner"
	"github.com/crmvendas/crm/services/platform/server"
)

func main() {
	runner.Main(func(ctx context.Context, env *runner.Env) ([]server.Module, auth.Resolver, error) {
		st, err := env.Store(operator.DatabaseName)
		if err != nil {
			return nil, nil, err
		}
		op, err := operator.New(operator.Deps{Store: st, Auth: env.Auth, CacheTTL: env.Config.CallerCacheTTL})
		if err != nil {
			return nil, nil, err
		}
		return []server.Module{op.Module()}, op.Resolver(), nil
	}, nil)
}
