// Command system runs the system service on its own; callers are resolved through the operator
// service at CRM_OPERATOR_ADDR.
package main

import (
	"context"

	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/runner"
	"github.com/crmvendas/crm/services/platform/server"
	"github.com/crmvendas/crm/services/system"
)

func main() {
	runner.Main(func(ctx context.Context, env *runner.Env) ([]server.Module, auth.Resolver, error) {
		res, err := env.RemoteOperatorResolver()
		if err != nil {
			return nil, nil, err
		}
		c := env.Config
		st, err := env.Store(system.DatabaseName)
		if err != nil {
			return nil, nil, err
		}
		sys, err := system.New(system.Deps{Store: st, DefaultVersion: c.DefaultAppVersion,
			DefaultAndroidURL: c.DefaultAndroidURL, DefaultWebURL: c.DefaultWebURL})
		if err != nil {
			return nil, nil, err
		}
		return []server.Module{sys.Module()}, res, nil
	}, nil)
}
