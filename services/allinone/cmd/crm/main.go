// Command crm runs the whole product in one process (every service, REST and gRPC, the web app;
// the embedded SQLite store when MONGODB_URI is empty) and administers it.
//
//	crm                      serve (also: crm serve)
//	crm empresa criar --nome "Distribuidora X" --admin-email ana@x.com.br [--id x] [--admin-nome "Ana"] [--admin-senha ...]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/crmvendas/crm/services/allinone"
	"github.com/crmvendas/crm/services/platform/config"
	"github.com/crmvendas/crm/services/platform/runner"
)

const usage = `uso:
  crm [serve]                 serve o produto (REST e web em CRM_HTTP_ADDR, gRPC em CRM_GRPC_ADDR)
  crm empresa criar --nome NOME --admin-email EMAIL [--id ID] [--admin-nome NOME] [--admin-senha SENHA]
                              cria uma empresa com o seu primeiro ADMIN
`

func main() {
	args := os.Args[1:]
	if len(args) == 0 || args[0] == "serve" {
		serve()
		return
	}
	if len(args) >= 2 && args[0] == "empresa" && args[1] == "criar" {
		if err := criarEmpresa(args[2:]); err != nil {
			fmt.Fprintln(os.Stderr, "erro:", err)
			os.Exit(1)
		}
		return
	}
	fmt.Fprint(os.Stderr, usage)
	os.Exit(2)
}

func serve() {
	var s *allinone.Services
	runner.Main(allinone.Build(&s), func(ctx context.Context, env *runner.Env) error {
		if env.Config.DemoSeed {
			return allinone.SeedDemo(ctx, s, os.Stdout)
		}
		return nil
	})
}

func criarEmpresa(args []string) error {
	fs := flag.NewFlagSet("empresa criar", flag.ContinueOnError)
	nome := fs.String("nome", "", "nome da empresa")
	id := fs.String("id", "", "id da empresa (padrão: derivado do nome)")
	email := fs.String("admin-email", "", "e-mail do primeiro administrador")
	adminNome := fs.String("admin-nome", "", "nome do administrador")
	senha := fs.String("admin-senha", "", "senha inicial, se o usuário ainda não existir (sem ela: login por link ou redefinição de senha)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, err := config.Load()
	if err != nil {
		return fmt.Errorf("configuração inválida:\n%w", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	env, err := runner.Open(ctx, cfg, runner.NewLogger(cfg))
	if err != nil {
		return err
	}
	defer env.Close()
	s, err := allinone.NewServices(env)
	if err != nil {
		return err
	}
	if err := env.ImportLegacy(ctx); err != nil {
		return err
	}
	r, err := allinone.CreateCompany(ctx, s, *id, *nome, *email, *adminNome, *senha)
	if err != nil {
		return err
	}
	if r.CompanyCreated {
		fmt.Printf("Empresa %q criada (id %s).\n", r.Nome, r.ID)
	} else {
		fmt.Printf("Empresa %q já existia (id %s); nada mudou nela.\n", r.Nome, r.ID)
	}
	if r.AdminNew {
		fmt.Printf("Administrador: %s (uid %s).\n", *email, r.AdminUID)
	} else {
		fmt.Printf("O primeiro administrador já existia (uid %s); nada mudou nele.\n", r.AdminUID)
	}
	return nil
}
