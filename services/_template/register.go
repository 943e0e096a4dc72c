package modelo

import "github.com/crmvendas/crm/services/platform/registry"

// The modelo service in the registry (services/registry.yaml). Name here the services it calls
// (Calls, as in its entry there) and reach them with d.Conn("<service>").
func init() {
	registry.Register(registry.Service{Name: "modelo", DatabaseName: DatabaseName,
		New: func(d registry.Deps) (registry.Instance, error) {
			return New(Deps{Store: d.Store, Log: d.Log})
		}})
}
