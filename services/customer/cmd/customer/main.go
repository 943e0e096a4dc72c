// Command customer runs the customer service on its own: callers are resolved through the
// operator service at CRM_OPERATOR_ADDR, regions are read from the address service at
// CRM_ADDRESS_ADDR, both with the caller's own token (its registration, services/customer/register.go,
// and services/registry.yaml say what it calls).
package main

import (
	_ "github.com/crmvendas/crm/services/customer" // registers the service
	"github.com/crmvendas/crm/services/platform/registry"
	"github.com/crmvendas/crm/services/platform/runner"
)

func main() { runner.Main(registry.Standalone("customer"), nil) }
