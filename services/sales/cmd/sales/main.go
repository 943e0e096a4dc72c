// Command sales runs the sales service on its own: callers are resolved through the operator
// service at CRM_OPERATOR_ADDR; customers are read from the customer service at
// CRM_CUSTOMER_ADDR (platform/config; default the all-in-one's gRPC address), with the caller's
// own token, and the names on an order's PDF from the operator service (the seller's) and the
// system service at CRM_SYSTEM_ADDR (the company's).
package main

import (
	"github.com/crmvendas/crm/services/platform/registry"
	"github.com/crmvendas/crm/services/platform/runner"
	_ "github.com/crmvendas/crm/services/sales" // registers the service
)

func main() { runner.Main(registry.Standalone("sales"), nil) }
