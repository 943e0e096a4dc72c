// Command modelo runs the modelo service on its own; callers are resolved through the operator
// service at CRM_OPERATOR_ADDR.
package main

import (
	_ "github.com/crmvendas/crm/services/modelo" // registers the service
	"github.com/crmvendas/crm/services/platform/registry"
	"github.com/crmvendas/crm/services/platform/runner"
)

func main() { runner.Main(registry.Standalone("modelo"), nil) }
