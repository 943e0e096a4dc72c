// Command sales runs the sales service on its own: callers are resolved through the operator
// service at CRM_OPERATOR_ADDR; customers are read from the customer service at
// CRM_CUSTOMER_ADDR (default: CRM_OPERATOR_ADDR's, the all-in-one address), with the caller's
// own token.
package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"strings"

	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/runner"
	"github.com/crmvendas/crm/services/platform/server"
	"github.com/crmvendas/crm/services/sales"
)

func main() {
	runner.Main(func(ctx context.Context, env *runner.Env) ([]server.Module, auth.Resolver, error) {
		res, err := env.RemoteOperatorResolver()
		if err != nil {
			return nil, nil, err
		}
		// CRM_CUSTOMER_ADDR is read here until platform/config knows it.
		addr := strings.TrimSpace(os.Getenv("CRM_CUSTOMER_ADDR"))
		if addr == "" {
			addr = env.Config.OperatorAddr
		} else if _, _, err := net.SplitHostPort(addr); err != nil {
			return nil, nil, fmt.Errorf("CRM_CUSTOMER_ADDR=%q inválido: use host:porta (ex.: 127.0.0.1:9090)", addr)
		}
		cust, err := env.Dial(addr)
		if err != nil {
			return nil, nil, err
		}
		st, err := env.Store(sales.DatabaseName)
		if err != nil {
			return nil, nil, err
		}
		s, err := sales.New(sales.Deps{Store: st, Customer: cust, Log: env.Log})
		if err != nil {
			return nil, nil, err
		}
		return []server.Module{s.Module()}, res, nil
	}, nil)
}
