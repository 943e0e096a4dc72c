package sales

import "github.com/crmvendas/crm/services/platform/registry"

// The sales service in the registry (services/registry.yaml): it prices a draft with the
// customer's data (customer service) and puts the seller's and the company's names on an order's
// PDF (operator and system services); it reads the visits' summary of the field service for the
// visitas goals.
func init() {
	registry.Register(registry.Service{Name: "sales", DatabaseName: DatabaseName, Calls: []string{"customer", "system", "field"},
		New: func(d registry.Deps) (registry.Instance, error) {
			return New(Deps{Store: d.Store, Customer: d.Conn("customer"), Operator: d.Conn(registry.Operator), System: d.Conn("system"), Field: d.Conn("field"), Log: d.Log})
		}})
}
