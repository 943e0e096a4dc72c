package sales

import (
	"context"
	"fmt"
	"testing"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/testkit"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// clienteFixo stands in for the customer service in the benchmark (the component tests use the
// real one).
type clienteFixo struct{}

func (clienteFixo) Obter(_ context.Context, id string) (domain.ClienteVenda, error) {
	return domain.ClienteVenda{Preco: domain.Cliente{ID: id, UF: "MG", ContribuinteICMS: true},
		Situacao: domain.SituacaoCliente{Status: domain.ClienteAtivo}}, nil
}

// benchSales: a company with 15,000 products (the large distributor: the demo catalogue
// ten times), the demo tables with every price, terms, ST rules and policy.
func benchSales(b *testing.B) (*Sales, context.Context) {
	b.Helper()
	st := testkit.Store(b, DatabaseName)
	s, err := New(Deps{Store: st})
	if err != nil {
		b.Fatal(err)
	}
	ctx := caller.With(context.Background(), &caller.Caller{Empresa: "bench", Operador: "v1", Perfil: caller.Vendedor})
	if _, err := s.SeedDemo(ctx, "bench", []string{"v1"}, "sup"); err != nil {
		b.Fatal(err)
	}
	base, _ := DemoCatalogo()
	sc := store.Company("bench")
	for k := 1; k < 10; k++ {
		var lote []*domain.ProdutoCadastro
		var precos []*domain.PrecoCadastro
		for i, p := range base {
			q := *p
			q.Meta = store.Meta{ID: fmt.Sprintf("bench-%d-%04d", k, i)}
			q.Codigo = fmt.Sprintf("%d%05d", k, i)
			q.EAN = eanDemo(k*DemoProdutos + i)
			lote = append(lote, &q)
			precos = append(precos, &domain.PrecoCadastro{Meta: store.Meta{ID: domain.PrecoID(DemoTabelaPadrao, q.ID)}, TabelaID: DemoTabelaPadrao,
				ProdutoID: q.ID, PrecoCentavos: 1000 + int64(i)})
		}
		if err := s.col.Produtos.CreateMany(ctx, sc, lote); err != nil {
			b.Fatal(err)
		}
		if err := s.col.Precos.CreateMany(ctx, sc, precos); err != nil {
			b.Fatal(err)
		}
	}
	s.app.Clientes = clienteFixo{}
	return s, ctx
}

// BenchmarkListarProdutos: one page of 50 of a 15,000-product catalogue on the embedded store,
// plain, by group, and searched.
func BenchmarkListarProdutos(b *testing.B) {
	s, ctx := benchSales(b)
	for _, f := range []app.FiltroProdutos{{PageSize: 50}, {PageSize: 50, Grupo: "Limpeza"}, {PageSize: 50, Q: "cafe 500"}} {
		b.Run(fmt.Sprintf("q=%q grupo=%q", f.Q, f.Grupo), func(b *testing.B) {
			for b.Loop() {
				p, err := s.app.ListarProdutos(ctx, f)
				if err != nil || len(p.Items) == 0 {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCalcular50Linhas: pricing a 50-line draft through the use case (store reads included,
// the customer service stood in for).
func BenchmarkCalcular50Linhas(b *testing.B) {
	s, ctx := benchSales(b)
	base, _ := DemoCatalogo()
	in := app.Calculo{ClienteID: "c", CondicaoID: "demo-cond-28-35-42", Data: "2026-06-01"}
	for i := 0; len(in.Itens) < 50; i++ {
		p := base[i*7%len(base)]
		if !p.Ativo {
			continue
		}
		in.Itens = append(in.Itens, app.ItemCalculo{ProdutoID: p.ID, Quantidade: p.MultiploVenda * 2, Desconto: 300})
	}
	if _, err := s.app.Calcular(ctx, in); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := s.app.Calcular(ctx, in); err != nil {
			b.Fatal(err)
		}
	}
}
