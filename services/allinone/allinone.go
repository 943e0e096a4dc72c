// Package allinone assembles every service in one process: the `crm` command.
package allinone

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"google.golang.org/grpc"

	"github.com/crmvendas/crm/services/address"
	"github.com/crmvendas/crm/services/address/cidades"
	"github.com/crmvendas/crm/services/customer"
	"github.com/crmvendas/crm/services/field"
	"github.com/crmvendas/crm/services/operator"
	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/registry"
	"github.com/crmvendas/crm/services/platform/runner"
	"github.com/crmvendas/crm/services/platform/server"
	"github.com/crmvendas/crm/services/sales"
	"github.com/crmvendas/crm/services/system"
)

// Services are every service of the product, built on one Env: each registered one (see
// services/platform/registry and services/registry.yaml), in the file's order, and by its type
// for the demo seed and the admin commands.
type Services struct {
	// Mounted are every registered service, in the order of services/registry.yaml.
	Mounted []Mounted

	Operator *operator.Operator
	System   *system.System
	Address  *address.Address
	Customer *customer.Customer
	Sales    *sales.Sales
	Field    *field.Field

	demoClientes int // CRM_DEMO_CLIENTES
	// demoPedidosDias: CRM_DEMO_PEDIDOS_DIAS.
	demoPedidosDias int
}

// Mounted is one registered service as built.
type Mounted struct {
	Name     string
	Instance registry.Instance
}

// NewServices builds every registered service, each on its own store (on SQLite, views of the
// one file). The services call each other through this process's in-process channel, and
// notify each other in memory (registry.Events: the address service has the customer service
// recompute its customers' region after each change of a region).
func NewServices(env *runner.Env) (*Services, error) {
	c := env.Config
	s := Services{demoClientes: c.DemoClientes, demoPedidosDias: c.DemoPedidosDias}
	if err := checkDeclared(); err != nil {
		return nil, err
	}
	events := &registry.Events{}
	local := func(string) (grpc.ClientConnInterface, error) { return env.Local, nil }
	for _, d := range declared {
		reg, _ := registry.Lookup(d.Name)
		st, err := env.Store(reg.DatabaseName)
		if err != nil {
			return nil, err
		}
		inst, err := registry.Build(reg, registry.Deps{Store: st, Config: c, Log: env.Log, Auth: env.Auth, Events: events}, local)
		if err != nil {
			return nil, err
		}
		s.Mounted = append(s.Mounted, Mounted{Name: d.Name, Instance: inst})
		switch v := inst.(type) {
		case *operator.Operator:
			s.Operator = v
		case *system.System:
			s.System = v
		case *address.Address:
			s.Address = v
		case *customer.Customer:
			s.Customer = v
		case *sales.Sales:
			s.Sales = v
		case *field.Field:
			s.Field = v
		}
	}
	return &s, nil
}

// checkDeclared: the services of services/registry.yaml (declared, written from it by
// deploy/gen.py) are the registered ones, with the same calls.
func checkDeclared() error {
	var problems []string
	names := map[string]bool{}
	for _, d := range declared {
		names[d.Name] = true
		reg, ok := registry.Lookup(d.Name)
		if !ok {
			problems = append(problems, fmt.Sprintf("%s está em services/registry.yaml mas não se registrou (registry.Register no pacote do serviço)", d.Name))
			continue
		}
		if !slices.Equal(slices.Sorted(slices.Values(reg.Calls)), slices.Sorted(slices.Values(d.Calls))) {
			problems = append(problems, fmt.Sprintf("%s chama %v no registro Go e %v em services/registry.yaml", d.Name, reg.Calls, d.Calls))
		}
	}
	for _, reg := range registry.All() {
		if !names[reg.Name] {
			problems = append(problems, fmt.Sprintf("%s se registrou mas não está em services/registry.yaml", reg.Name))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("registro de serviços: %s (rode deploy/gen.py depois de mudar services/registry.yaml)", strings.Join(problems, "; "))
	}
	return nil
}

// Build mounts every registered service and the web module; callers are resolved in memory by
// the operator service.
func Build(s **Services) runner.Build {
	return func(ctx context.Context, env *runner.Env) ([]server.Module, auth.Resolver, error) {
		var err error
		if *s, err = NewServices(env); err != nil {
			return nil, nil, err
		}
		var mods []server.Module
		var res auth.Resolver
		for _, m := range (*s).Mounted {
			mods = append(mods, m.Instance.Module())
			if r, ok := m.Instance.(registry.Resolving); ok {
				res = r.Resolver()
			}
		}
		if res == nil {
			return nil, nil, fmt.Errorf("nenhum serviço registrado resolve quem chama (o operator)")
		}
		web := server.Module{Name: "web", HTTP: map[string]http.Handler{"/.well-known/assetlinks.json": assetLinks(env.Config.AssetLinksPackage, env.Config.AssetLinksSHA256)}}
		return append(mods, web), res, nil
	}
}

// assetLinks verifies the Android App Link of the e-mail sign-in link (auth-links).
func assetLinks(pkg string, fingerprints []string) http.Handler {
	if fingerprints == nil {
		fingerprints = []string{}
	}
	body, _ := json.Marshal([]map[string]any{{
		"relation": []string{"delegate_permission/common.handle_all_urls"},
		"target":   map[string]any{"namespace": "android_app", "package_name": pkg, "sha256_cert_fingerprints": fingerprints},
	}})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	})
}

// Demo company and operators (fixed ids and uids, so every start finds the same ones).
const (
	DemoEmpresa     = "demo"
	DemoEmpresaNome = "Demo Distribuidora"
	DemoPassword    = "demo1234"
)

// DemoOperator is one demo login.
type DemoOperator struct {
	UID, ID, Email, Nome, Perfil string
	Equipe                       []string
}

// DemoOperators in creation order (the team members before their supervisor).
var DemoOperators = []DemoOperator{
	{UID: "demo-admin", ID: "demo-admin", Email: "admin@demo.example.com", Nome: "Ana Administradora", Perfil: caller.Admin},
	{UID: "demo-vendedor", ID: "demo-vendedor", Email: "vendedor@demo.example.com", Nome: "Victor Vendedor", Perfil: caller.Vendedor},
	{UID: "demo-vendedor2", ID: "demo-vendedor2", Email: "vendedor2@demo.example.com", Nome: "Vera Vendedora", Perfil: caller.Vendedor},
	{UID: "demo-supervisor", ID: "demo-supervisor", Email: "supervisor@demo.example.com", Nome: "Sergio Supervisor", Perfil: caller.Supervisor, Equipe: []string{"demo-vendedor", "demo-vendedor2"}},
}

// SeedDemo makes sure the demo company and its operators exist, in the database and in the
// identity service (idempotent), and prints the logins to out.
func SeedDemo(ctx context.Context, s *Services, out io.Writer) error {
	if _, err := s.System.EnsureCompany(ctx, DemoEmpresa, DemoEmpresaNome); err != nil {
		return fmt.Errorf("empresa demo: %w", err)
	}
	for _, d := range DemoOperators {
		if _, err := s.Operator.EnsureOperator(ctx, operator.Seed{Empresa: DemoEmpresa, ID: d.ID, UID: d.UID, Email: d.Email, Nome: d.Nome,
			Perfil: d.Perfil, Equipe: d.Equipe, Password: DemoPassword, EmailVerified: true}); err != nil {
			return fmt.Errorf("operador demo %s: %w", d.Email, err)
		}
	}
	refs, err := DemoCidades()
	if err != nil {
		return err
	}
	regioes := map[string]string{}
	for _, g := range DemoRegioes {
		var ibges []string
		for _, nome := range g.Cidades {
			c, ok := cidades.PorNome(nome, g.UF)
			if !ok {
				return fmt.Errorf("cidade demo %s/%s fora da lista do IBGE", nome, g.UF)
			}
			ibges = append(ibges, c.IBGE)
			regioes[c.IBGE] = g.ID
		}
		if err := s.Address.EnsureRegiao(ctx, DemoEmpresa, g.ID, g.Nome, ibges, g.Operadores); err != nil {
			return fmt.Errorf("região demo %s: %w", g.Nome, err)
		}
	}
	n, err := s.Customer.SeedDemo(ctx, DemoEmpresa, []string{"demo-vendedor", "demo-vendedor2"}, refs, regioes, s.demoClientes)
	if err != nil {
		return fmt.Errorf("clientes demo: %w", err)
	}
	if n > 0 {
		fmt.Fprintf(out, "\n%d clientes demo criados nas carteiras de demo-vendedor e demo-vendedor2.\n", n)
	}
	if n, err = s.Sales.SeedDemo(ctx, DemoEmpresa, []string{"demo-vendedor", "demo-vendedor2"}, "demo-supervisor"); err != nil {
		return fmt.Errorf("catálogo demo: %w", err)
	} else if n > 0 {
		fmt.Fprintf(out, "%d produtos demo criados, com tabelas de preço, condições de pagamento, política comercial e regras de ICMS-ST.\n", n)
	}
	var clientes []sales.ClienteDemo
	for _, c := range customer.DemoClientes([]string{"demo-vendedor", "demo-vendedor2"}, refs, regioes, s.demoClientes) {
		if string(c.Status) != "ativo" || len(c.Enderecos) == 0 { // only active customers buy
			continue
		}
		tel := c.Celular
		for _, ct := range c.Contatos {
			if ct.Principal && ct.Celular != "" {
				tel = ct.Celular
			}
		}
		clientes = append(clientes, sales.ClienteDemo{ID: c.ID, VendedorID: c.VendedorID, Nome: c.Nome, Documento: c.Documento,
			InscricaoEstadual: c.InscricaoEstadual, UF: c.Enderecos[0].UF, RegiaoID: c.RegiaoID, Suframa: c.Suframa, Telefone: tel,
			ContribuinteICMS: c.ContribuinteICMS})
	}
	if n, err = s.Sales.SeedDemoPedidos(ctx, DemoEmpresa, clientes, "demo-supervisor", time.Now(), s.demoPedidosDias); err != nil {
		return fmt.Errorf("pedidos demo: %w", err)
	} else if n > 0 {
		fmt.Fprintf(out, "%d pedidos demo criados (%d dias), com os resumos de vendas.\n", n, s.demoPedidosDias)
	}
	var visitados []field.ClienteDemo
	for _, c := range customer.DemoClientes([]string{"demo-vendedor", "demo-vendedor2"}, refs, regioes, s.demoClientes) {
		if e := c.Enderecos[0]; string(c.Status) == "ativo" && e.Latitude != nil && e.Longitude != nil {
			visitados = append(visitados, field.ClienteDemo{ID: c.ID, VendedorID: c.VendedorID, Nome: c.NomeFantasia, Latitude: *e.Latitude, Longitude: *e.Longitude})
		}
	}
	if n, err = s.Field.SeedDemoVisitas(ctx, DemoEmpresa, visitados, time.Now()); err != nil {
		return fmt.Errorf("visitas demo: %w", err)
	} else if n > 0 {
		fmt.Fprintf(out, "%d visitas demo criadas (%d dias, com check-in e check-out).\n", n, field.DemoDias)
	}
	if nf, nt, err := s.Field.SeedDemoAgenda(ctx, DemoEmpresa, visitados, time.Now()); err != nil {
		return fmt.Errorf("agenda demo: %w", err)
	} else if nf > 0 {
		fmt.Fprintf(out, "%d frequências de visita e %d tarefas abertas demo criadas.\n", nf, nt)
	}
	if n, err = s.Sales.SeedDemoMetas(ctx, DemoEmpresa); err != nil {
		return fmt.Errorf("metas demo: %w", err)
	} else if n > 0 {
		fmt.Fprintf(out, "%d metas demo criadas (valor, positivação, grupos e clientes principais).\n", n)
	}
	fmt.Fprintf(out, "\nEmpresa demo %q pronta. Logins (senha %s):\n", DemoEmpresaNome, DemoPassword)
	for _, d := range DemoOperators {
		fmt.Fprintf(out, "  %-30s %s\n", d.Email, d.Perfil)
	}
	return nil
}

// DemoClientes is how many customers the demo company gets by default (CRM_DEMO_CLIENTES changes
// it, for the benchmark's 20,000-customer company; it applies to a new data dir).
const DemoClientes = 2000

// demoCidades are real cities of SP, MG and PR for the demo customers' addresses.
var demoCidades = map[string][]string{
	"SP": {"São Paulo", "Guarulhos", "Campinas", "Santo André", "São Bernardo do Campo", "Osasco", "Sorocaba", "Ribeirão Preto",
		"São José dos Campos", "Santos", "Jundiaí", "Piracicaba", "Bauru"},
	"MG": {"Belo Horizonte", "Uberlândia", "Contagem", "Juiz de Fora", "Betim", "Montes Claros", "Uberaba"},
	"PR": {"Curitiba", "Londrina", "Maringá", "Ponta Grossa", "Cascavel", "São José dos Pinhais", "Foz do Iguaçu"},
}

// DemoRegioes are the demo company's sales regions.
var DemoRegioes = []struct {
	ID, Nome, UF        string
	Cidades, Operadores []string
}{
	{ID: "demo-regiao-grande-sp", Nome: "Grande São Paulo", UF: "SP", Cidades: []string{"São Paulo", "Guarulhos", "Santo André", "São Bernardo do Campo", "Osasco"},
		Operadores: []string{"demo-vendedor", "demo-supervisor"}},
	{ID: "demo-regiao-parana", Nome: "Paraná", UF: "PR", Cidades: demoCidades["PR"], Operadores: []string{"demo-vendedor2", "demo-supervisor"}},
}

// DemoCidades resolves the demo cities in the IBGE list.
func DemoCidades() ([]customer.CidadeRef, error) {
	var out []customer.CidadeRef
	for _, uf := range []string{"SP", "MG", "PR"} {
		for _, nome := range demoCidades[uf] {
			c, ok := cidades.PorNome(nome, uf)
			if !ok {
				return nil, fmt.Errorf("cidade demo %s/%s fora da lista do IBGE", nome, uf)
			}
			out = append(out, customer.CidadeRef{IBGE: c.IBGE, Nome: c.Nome, UF: c.UF})
		}
	}
	return out, nil
}

var slugStrip = regexp.MustCompile(`[^a-z0-9]+`)

// Slug derives a company id from its name ("Distribuidora São João" -> "distribuidora-sao-joao").
func Slug(nome string) string {
	s := strings.NewReplacer("á", "a", "à", "a", "ã", "a", "â", "a", "é", "e", "ê", "e", "í", "i", "ó", "o", "ô", "o", "õ", "o", "ú", "u", "ü", "u", "ç", "c").Replace(strings.ToLower(nome))
	return strings.Trim(slugStrip.ReplaceAllString(s, "-"), "-")
}

// CompanyResult tells what CreateCompany did.
type CompanyResult struct {
	ID, Nome, AdminUID       string
	CompanyCreated, AdminNew bool
}

// CreateCompany creates a company with its first ADMIN (who is created in the identity service
// when missing). Running it again changes nothing: an existing company keeps its name and an
// existing first ADMIN is left as it is.
func CreateCompany(ctx context.Context, s *Services, id, nome, adminEmail, adminNome, adminSenha string) (CompanyResult, error) {
	var r CompanyResult
	nome = strings.TrimSpace(nome)
	if nome == "" {
		return r, fmt.Errorf("informe --nome")
	}
	if id == "" {
		id = Slug(nome)
	}
	if id == "" {
		return r, fmt.Errorf("informe --id (o nome não gera um id)")
	}
	if adminEmail == "" {
		return r, fmt.Errorf("informe --admin-email")
	}
	if adminNome == "" {
		adminNome = strings.Split(adminEmail, "@")[0]
	}
	existed, err := s.System.CompanyExists(ctx, id)
	if err != nil {
		return r, err
	}
	if r.Nome, err = s.System.EnsureCompany(ctx, id, nome); err != nil {
		return r, err
	}
	r.ID, r.CompanyCreated = id, !existed
	adminID := "admin-" + id
	has, err := s.Operator.Exists(ctx, id, adminID)
	if err != nil {
		return r, err
	}
	if has {
		info, err := s.Operator.UID(ctx, id, adminID)
		r.AdminUID = info
		return r, err
	}
	r.AdminNew = true
	r.AdminUID, err = s.Operator.EnsureOperator(ctx, operator.Seed{Empresa: id, ID: adminID, Email: adminEmail, Nome: adminNome,
		Perfil: caller.Admin, Password: adminSenha})
	return r, err
}
