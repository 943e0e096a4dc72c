// Command system runs the system service on its own; callers are resolved through the operator
// service at CRM_OPERATOR_ADDR.
package main

import (
	"github.com/crmvendas/crm/services/platform/registry"
	"github.com/crmvendas/crm/services/platform/runner"
	_ "github.com/crmvendas/crm/services/system" // registers the service
)

func main() { runner.Main(registry.Standalone("system"), nil) }
