// Command operator runs the operator service on its own (see services/allinone for everything in
// one process): its registration (services/operator/register.go) says how it is built.
package main

import (
	_ "github.com/crmvendas/crm/services/operator" // registers the service
	"github.com/crmvendas/crm/services/platform/registry"
	"github.com/crmvendas/crm/services/platform/runner"
)

func main() { runner.Main(registry.Standalone("operator"), nil) }
