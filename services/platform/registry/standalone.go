package registry

import (
	"context"
	"fmt"

	"google.golang.org/grpc"

	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/runner"
	"github.com/crmvendas/crm/services/platform/server"
)

// Standalone is the process of one registered service deployed on its own (its command,
// services/<name>/cmd/<name>, is `runner.Main(registry.Standalone("<name>"), nil)`): its store,
// a gRPC client of CRM_<CALLEE>_ADDR for each service it calls, and its callers resolved through
// the operator service at CRM_OPERATOR_ADDR (the operator resolves its own).
func Standalone(name string) runner.Build {
	return func(ctx context.Context, env *runner.Env) ([]server.Module, auth.Resolver, error) {
		s, ok := Lookup(name)
		if !ok {
			return nil, nil, fmt.Errorf("serviço %s não registrado (falta o import do pacote do serviço no comando?)", name)
		}
		st, err := env.Store(s.DatabaseName)
		if err != nil {
			return nil, nil, err
		}
		inst, err := Build(s, Deps{Store: st, Config: env.Config, Log: env.Log, Auth: env.Auth},
			func(callee string) (grpc.ClientConnInterface, error) {
				if callee == name {
					return nil, nil // no channel to itself: the in-process notifications (Events) need the all-in-one
				}
				return env.Dial(env.Config.Addr(callee))
			})
		if err != nil {
			return nil, nil, err
		}
		if r, ok := inst.(Resolving); ok {
			return []server.Module{inst.Module()}, r.Resolver(), nil
		}
		res, err := env.RemoteOperatorResolver()
		if err != nil {
			return nil, nil, err
		}
		return []server.Module{inst.Module()}, res, nil
	}
}
