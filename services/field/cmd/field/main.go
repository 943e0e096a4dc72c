// Command field runs the field service on its own; callers are resolved through the operator
// service at CRM_OPERATOR_ADDR.
package main

import (
	_ "github.com/crmvendas/crm/services/field" // registers the service
	"github.com/crmvendas/crm/services/platform/registry"
	"github.com/crmvendas/crm/services/platform/runner"
)

func main() { runner.Main(registry.Standalone("field"), nil) }
