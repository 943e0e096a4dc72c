package customer

import "github.com/crmvendas/crm/services/platform/registry"

// The customer service in the registry (services/registry.yaml): it reads regions from the
// address service and sellers from the operator's; in the all-in-one it recomputes its customers'
// region after each change of a region (registry.RegiaoAlterada), through its own gRPC.
func init() {
	registry.Register(registry.Service{Name: "customer", DatabaseName: DatabaseName, Calls: []string{"address"},
		New: func(d registry.Deps) (registry.Instance, error) {
			if d.Events != nil {
				d.Events.On(registry.RegiaoAlterada, RegiaoAlterada(d.Conn("customer")))
			}
			return New(Deps{Store: d.Store, Address: d.Conn("address"), Operator: d.Conn(registry.Operator), Log: d.Log})
		}})
}
