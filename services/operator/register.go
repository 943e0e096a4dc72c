package operator

import "github.com/crmvendas/crm/services/platform/registry"

// The operator service in the registry (services/registry.yaml): it resolves every caller, its
// own included.
func init() {
	registry.Register(registry.Service{Name: "operator", DatabaseName: DatabaseName,
		New: func(d registry.Deps) (registry.Instance, error) {
			return New(Deps{Store: d.Store, Auth: d.Auth, CacheTTL: d.Config.CallerCacheTTL})
		}})
}
