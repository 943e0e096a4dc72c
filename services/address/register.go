package address

import (
	"context"

	"github.com/crmvendas/crm/services/platform/registry"
)

// The address service in the registry (services/registry.yaml). In the all-in-one, every change
// of a region is notified (registry.RegiaoAlterada); deployed apart, nobody is.
func init() {
	registry.Register(registry.Service{Name: "address", DatabaseName: DatabaseName,
		New: func(d registry.Deps) (registry.Instance, error) {
			var hook func(ctx context.Context, regiaoID string) error
			if d.Events != nil {
				hook = d.Events.Emit(registry.RegiaoAlterada)
			}
			return New(Deps{Store: d.Store, ViaCEPURL: d.Config.ViaCEPURL, Log: d.Log, OnRegiaoAlterada: hook})
		}})
}
