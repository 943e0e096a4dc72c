package sales

import (
	"context"
	"testing"

	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/testkit"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// TestDemo: the demo catalogue follows every rule a product, table, term, ST rule and policy
// must, is written once (a second start writes nothing) and is what the issue asks for.
func TestDemo(t *testing.T) {
	produtos, base := DemoCatalogo()
	if len(produtos) != DemoProdutos {
		t.Fatalf("%d produtos", len(produtos))
	}
	grupos, codigos, eans := map[string]int{}, map[string]bool{}, map[string]bool{}
	for _, p := range produtos {
		cp := *p
		if err := cp.Normalizar(); err != nil {
			t.Fatalf("produto %s: %v", p.ID, err)
		}
		if !domain.EANValido(p.EAN) || eans[p.EAN] || codigos[p.Codigo] || base[p.ID] <= 0 {
			t.Fatalf("produto %s: EAN %s, código %s repetido ou sem preço", p.ID, p.EAN, p.Codigo)
		}
		grupos[p.Grupo]++
		codigos[p.Codigo], eans[p.EAN] = true, true
	}
	if len(grupos) != 12 {
		t.Errorf("%d grupos", len(grupos))
	}
	for _, x := range DemoTabelas() {
		if err := x.Normalizar(); err != nil {
			t.Error(err)
		}
	}
	for _, x := range DemoCondicoes() {
		if err := x.Normalizar(); err != nil {
			t.Error(err)
		}
	}
	ufs := map[string]bool{}
	for _, x := range DemoRegrasST() {
		if err := x.Normalizar(); err != nil {
			t.Error(err)
		}
		ufs[x.UF] = true
	}
	if len(DemoCondicoes()) != 4 || len(DemoTabelas()) != 3 || !ufs["SP"] || !ufs["MG"] || !ufs["PR"] {
		t.Error("condições, tabelas ou UFs da ST")
	}
	pol := DemoPolitica([]string{"v1", "v2"}, "sup")
	if err := pol.Normalizar(); err != nil {
		t.Error(err)
	}
	if pol.Vendedor("v1").DescontoMaximo != 500 || pol.Vendedor("sup").DescontoMaximo != 1000 || len(pol.Promocoes) != 1 || len(pol.DescontosVolume) != 1 {
		t.Errorf("política: %+v", pol)
	}

	st := testkit.Store(t, DatabaseName)
	s, err := New(Deps{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	n, err := s.SeedDemo(ctx, "demo", []string{"v1", "v2"}, "sup")
	if err != nil || n != DemoProdutos {
		t.Fatalf("seed: %d %v", n, err)
	}
	before := testkit.Fingerprint(t, st)
	if n, err := s.SeedDemo(ctx, "demo", []string{"v1", "v2"}, "sup"); err != nil || n != 0 {
		t.Fatalf("segundo seed: %d %v", n, err)
	}
	if testkit.Fingerprint(t, st) != before {
		t.Error("segundo seed gravou")
	}
	precos, err := s.col.Precos.Count(ctx, store.Company("demo"), store.Query{})
	if err != nil || precos[0].N != 3*DemoProdutos {
		t.Errorf("preços: %v %v", precos, err)
	}
}
