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
		op := operator.New(operator.Deps{DB: env.Mongo.Database(operator.DatabaseName), Auth: env.Auth, CacheTTL: env.Config.CallerCacheTTL})
		return []server.Module{op.Module()}, op.Resolver(), nil
	}, nil)
}
