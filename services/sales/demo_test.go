package sales

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/testkit"
	"github.com/crmvendas/crm/services/sales/internal/app"
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
	for _, f := range DemoFolgas("demo", 2026) {
		if err := f.Normalizar(); err != nil {
			t.Error(err)
		}
	}
	if f, err := s.col.Folgas.Get(ctx, store.Company("demo"), domain.FolgaID("demo", domain.Data(fmt.Sprintf("%d-01-25", time.Now().Year())))); err != nil || f.Nome == "" {
		t.Errorf("folga demo: %v %v", f, err)
	}
	precos, err := s.col.Precos.Count(ctx, store.Company("demo"), store.Query{})
	if err != nil || precos[0].N != 3*DemoProdutos {
		t.Errorf("preços: %v %v", precos, err)
	}
}

// TestDemoPedidos: about six months of seasonal orders for the demo sellers, through the order's
// own rules (some waiting for approval, some cancelled or rejected, drafts today), numbered 1..n,
// written once, with summaries that equal a recomputation.
func TestDemoPedidos(t *testing.T) {
	agora := time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC) // a Friday
	var clientes []ClienteDemo
	for i := 0; i < 60; i++ {
		uf := []string{"SP", "MG", "PR"}[i%3]
		clientes = append(clientes, ClienteDemo{ID: fmt.Sprintf("c%02d", i), VendedorID: []string{"v1", "v2"}[i%2], Nome: fmt.Sprintf("Cliente %d", i),
			Documento: "11222333000181", UF: uf, ContribuinteICMS: i%4 != 0, RegiaoID: map[string]string{"SP": "r-sp", "PR": "r-pr"}[uf]})
	}
	pedidos, err := DemoPedidos("demo", clientes, "sup", agora, DemoDiasPedidos)
	if err != nil {
		t.Fatal(err)
	}
	if len(pedidos) < 1500 || len(pedidos) > 4000 {
		t.Fatalf("%d pedidos", len(pedidos))
	}
	status, porMes := map[domain.StatusPedido]int{}, map[string]int{}
	for i, p := range pedidos {
		status[p.Status]++
		porMes[domain.MesDoPedido(p)]++
		if p.Numero != int64(i+1) || p.TotalCentavos <= 0 || len(p.Itens) < 3 || p.Historico[0].Acao != domain.AcaoCriado {
			t.Fatalf("pedido %d: %+v", i, p)
		}
		if p.CriadoEm.After(agora) || p.CriadoEm.Before(agora.AddDate(0, 0, -DemoDiasPedidos-1)) {
			t.Fatalf("pedido %d criado em %v", i, p.CriadoEm)
		}
	}
	for _, s := range []domain.StatusPedido{domain.StatusEntregue, domain.StatusFaturado, domain.StatusCancelado, domain.StatusReprovado,
		domain.StatusAguardandoAprovacao, domain.StatusEnviado, domain.StatusEmSeparacao} {
		if status[s] == 0 {
			t.Errorf("nenhum pedido %s: %v", s, status)
		}
	}
	if c := status[domain.StatusCancelado] * 100 / len(pedidos); c < 2 || c > 10 {
		t.Errorf("cancelados: %d%%", c)
	}
	// Seasonal: November sells more per day than June (the same working days, roughly).
	if porMes["2026-11"]*30/20 <= porMes["2026-06"] {
		t.Errorf("sazonalidade: %v", porMes)
	}

	st := testkit.Store(t, DatabaseName)
	s, err := New(Deps{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	inicio := time.Now()
	n, err := s.SeedDemoPedidos(ctx, "demo", clientes, "sup", agora, DemoDiasPedidos)
	if err != nil || n != len(pedidos) {
		t.Fatalf("seed: %d %v", n, err)
	}
	t.Logf("%d pedidos demo gravados com resumos em %v", n, time.Since(inicio))
	before := testkit.Fingerprint(t, st)
	if n, err := s.SeedDemoPedidos(ctx, "demo", clientes, "sup", agora, DemoDiasPedidos); err != nil || n != 0 {
		t.Fatalf("segundo seed: %d %v", n, err)
	}
	if testkit.Fingerprint(t, st) != before {
		t.Error("segundo seed gravou")
	}
	adm := caller.With(ctx, &caller.Caller{Empresa: "demo", Operador: "demo-admin", Perfil: caller.Admin})
	if _, div, err := s.app.ReconciliarResumos(adm, true); err != nil || len(div) != 0 {
		t.Errorf("resumos: %d divergências %v", len(div), err)
	}
	// The demo goals: per seller and month, per group and for key customers; some met, some not;
	// written once.
	nm, err := s.SeedDemoMetas(ctx, "demo")
	if err != nil || nm == 0 {
		t.Fatalf("metas demo: %d %v", nm, err)
	}
	if n, err := s.SeedDemoMetas(ctx, "demo"); err != nil || n != 0 {
		t.Fatalf("segundo seed de metas: %d %v", n, err)
	}
	metas, err := s.col.Metas.All(ctx, store.Company("demo"), store.Query{})
	if err != nil || len(metas) != nm {
		t.Fatalf("metas gravadas: %d de %d %v", len(metas), nm, err)
	}
	var medidas []*domain.Meta
	meses, recortes := map[string]bool{}, map[string]int{}
	for _, m := range metas {
		meses[m.Mes] = true
		switch {
		case m.Grupo != "":
			recortes["grupo"]++
		case m.ClienteID != "":
			recortes["cliente"]++
		case m.RegiaoID != "":
			recortes["regiao"]++
		}
		if m.Tipo == domain.TipoPeso {
			recortes["peso"]++
		}
		if m.Tipo == domain.TipoVisitas && m.Mes == domain.MesDe(time.Now()) && m.Alvo == DemoAlvoVisitas {
			recortes["visitas"]++
		}
		if m.Tipo != domain.TipoPositivacao {
			medidas = append(medidas, m)
		}
	}
	apuradas, err := s.app.ApurarMetas(adm, medidas)
	if err != nil {
		t.Fatal(err)
	}
	atingidas := 0
	for _, a := range apuradas {
		if a.Percentual >= 10000 {
			atingidas++
		}
	}
	// Every goal's achievement, read from the summaries, equals a recomputation from the ~1,600
	// generated orders (sent, cancelled, rejected, waiting; by seller, group and customer).
	if _, div, err := s.app.ReconciliarResumos(adm, true); err != nil || len(div) != 0 {
		t.Errorf("reconciliação com as metas demo: %v %v", div, err)
	}
	if len(meses) < 6 || recortes["grupo"] == 0 || recortes["cliente"] != 3 || recortes["regiao"] == 0 || recortes["peso"] < len(meses) || recortes["visitas"] < 2 || atingidas == 0 || atingidas == len(apuradas) {
		t.Errorf("metas demo: %d meses, recortes %v, %d de %d atingidas", len(meses), recortes, atingidas, len(apuradas))
	}
	// Each seller's regular customer (c00, c01) stopped buying part of the basket: suggestions,
	// read from the summary the seed built.
	for _, c := range []string{"c00", "c01"} {
		linhas, err := s.col.Resumos.ClienteProdutoDia.All(adm, store.Company("demo"), store.Query{Where: []store.Cond{store.Eq("cliente_id", c)}})
		if err != nil {
			t.Fatal(err)
		}
		var compras []domain.CompraDia
		for _, l := range linhas {
			compras = append(compras, domain.CompraDia{ProdutoID: l.ProdutoID, Dia: domain.Data(l.Dia), Pedidos: l.Pedidos, Quantidade: l.Quantidade})
		}
		// (Other demo orders may hit this customer too: counted are the habits of 3 months or more.)
		habitos := 0
		for _, x := range domain.Sugestoes(compras, app.Hoje(agora)) {
			if len(x.MesesComprados) >= 3 {
				habitos++
			}
		}
		if habitos < DemoParados-1 {
			t.Errorf("cliente regular %s: %d sugestões de hábito, esperadas ao menos %d", c, habitos, DemoParados-1)
		}
	}
	// A new device's copy starts with the orders changed in the last 90 days, not the 6 months.
	inicioAparelho := domain.InicioNoAparelho(time.Now())
	recentes := 0
	for _, p := range pedidos {
		if domain.DiaDaAlteracao(p) >= inicioAparelho {
			recentes++
		}
	}
	copia, cursor := 0, ""
	for {
		ch, err := s.app.AlteracoesPedidos(adm, cursor, 1000)
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range ch.Items {
			if domain.DiaDaAlteracao(it.Doc) < inicioAparelho {
				t.Fatalf("cópia nova com pedido alterado em %v", it.Doc.AlteradoEm)
			}
			copia++
		}
		if cursor = ch.Cursor; !ch.Mais {
			break
		}
	}
	if copia != recentes || recentes == 0 || recentes >= len(pedidos) {
		t.Errorf("cópia nova do aparelho: %d pedidos, esperados %d dos últimos 90 dias (de %d)", copia, recentes, len(pedidos))
	}
	// The next order takes the next number.
	seq, err := st.Counters(ctx, app.SequenciaPedidos, "demo", app.SequenciaPedidos)
	if err != nil || seq[app.CampoSequencia] != int64(len(pedidos)) {
		t.Errorf("sequência: %v %v", seq, err)
	}
}
