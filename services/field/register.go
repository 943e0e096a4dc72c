package field

import "github.com/crmvendas/crm/services/platform/registry"

// The field service in the registry (services/registry.yaml): it reads the customer of a visit
// (its portfolio scope and its main address) from the customer service.
func init() {
	registry.Register(registry.Service{Name: "field", DatabaseName: DatabaseName, Calls: []string{"customer"},
		New: func(d registry.Deps) (registry.Instance, error) {
			return New(Deps{Store: d.Store, Customer: d.Conn("customer"), Log: d.Log})
		}})
}
