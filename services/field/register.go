package field

import "github.com/crmvendas/crm/services/platform/registry"

// The field service in the registry (services/registry.yaml): it reads the customers (a visit's
// scope and main address, the agenda's portfolio) from the customer service and the company's
// working days from the sales service.
func init() {
	registry.Register(registry.Service{Name: "field", DatabaseName: DatabaseName, Calls: []string{"customer", "sales"},
		New: func(d registry.Deps) (registry.Instance, error) {
			return New(Deps{Store: d.Store, Log: d.Log, Customer: d.Conn("customer"), Sales: d.Conn("sales"), Operator: d.Conn(registry.Operator)})
		}})
}
