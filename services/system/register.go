package system

import "github.com/crmvendas/crm/services/platform/registry"

// The system service in the registry (services/registry.yaml).
func init() {
	registry.Register(registry.Service{Name: "system", DatabaseName: DatabaseName,
		New: func(d registry.Deps) (registry.Instance, error) {
			c := d.Config
			return New(Deps{Store: d.Store, DefaultVersion: c.DefaultAppVersion, DefaultAndroidURL: c.DefaultAndroidURL,
				DefaultWebURL: c.DefaultWebURL})
		}})
}
