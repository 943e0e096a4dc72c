package sales

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// ClienteDemo is a demo customer as the demo orders need it (the customer service owns it).
type ClienteDemo struct {
	ID, VendedorID                         string
	Nome, Documento, InscricaoEstadual, UF string
	RegiaoID, Suframa, Telefone            string
	ContribuinteICMS                       bool
}

// DemoDiasPedidos is how far back the demo orders go by default (about six months;
// CRM_DEMO_PEDIDOS_DIAS).
const DemoDiasPedidos = 182

// demoSazonal: orders per seller per working day, by month (a distributor sells more before
// Christmas and less after Carnival).
var demoSazonal = map[time.Month]int{1: 5, 2: 4, 3: 5, 4: 5, 5: 6, 6: 6, 7: 5, 8: 6, 9: 6, 10: 7, 11: 8, 12: 9}

// DemoPedidos builds the demo orders: for each seller, every working day of the last
// dias days up to agora, a seasonal number of orders of customers of their portfolio,
// 3 to 12 items each, priced with the demo catalogue exactly as the server prices an order. Every
// order went through the order's own rules (domain methods) with its history: most were sent,
// invoiced and delivered; about 5 % cancelled; some over the discount cap waited for approval
// (approved by the supervisor, a few rejected); the last days' are still in the flow (sent, in
// separation, waiting for approval) and today's has drafts. Numbered 1..n in creation order.
// Deterministic for a given agora's day.
func DemoPedidos(empresa string, clientes []ClienteDemo, supervisor string, agora time.Time, dias int) ([]*domain.Pedido, error) {
	produtos, base := DemoCatalogo()
	tabelas := make([]domain.TabelaPreco, 0, 3)
	for _, t := range DemoTabelas() {
		tp := t.Tabela()
		fator := map[string]int64{DemoTabelaPadrao: 100, DemoTabelaGrandeSP: 97, DemoTabelaParana: 102}[t.ID]
		tp.Precos = map[string]domain.PrecoTabela{}
		for _, p := range demoPrecos(t.ID, base, produtos, fator) {
			tp.Precos[p.ProdutoID] = domain.PrecoTabela{PrecoCentavos: p.PrecoCentavos, PrecoMinimoCentavos: p.PrecoMinimoCentavos}
		}
		tabelas = append(tabelas, tp)
	}
	var regras []domain.RegraST
	for _, r := range DemoRegrasST() {
		regras = append(regras, r.Regra())
	}
	var condicoes []domain.CondicaoPagamento
	for _, c := range DemoCondicoes() {
		condicoes = append(condicoes, c.Condicao())
	}
	porVendedor := map[string][]ClienteDemo{}
	var vendedores []string
	for _, c := range clientes {
		if porVendedor[c.VendedorID] == nil {
			vendedores = append(vendedores, c.VendedorID)
		}
		porVendedor[c.VendedorID] = append(porVendedor[c.VendedorID], c)
	}
	sort.Strings(vendedores)
	pol := DemoPolitica(vendedores, supervisor)
	ativos := make([]*domain.ProdutoCadastro, 0, len(produtos))
	for _, p := range produtos {
		if p.Ativo {
			ativos = append(ativos, p)
		}
	}
	r := rand.New(rand.NewPCG(2026, 6))
	loc := saoPauloDemo()
	hoje := agora.In(loc)
	inicio := time.Date(hoje.Year(), hoje.Month(), hoje.Day(), 0, 0, 0, 0, loc).AddDate(0, 0, -dias)
	admin := domain.Operador{ID: "demo-admin", Perfil: caller.Admin}
	sup := domain.Operador{ID: supervisor, Perfil: caller.Supervisor}
	regrasDemo := domain.ContextoPedido{Cliente: domain.SituacaoCliente{Status: domain.ClienteAtivo, LimiteCreditoCentavos: 1 << 40},
		Verba: domain.VerbaBonificacao{LimiteCentavos: 1 << 40}}
	var out []*domain.Pedido
	// gravar prices an order of itens for cl on em, takes it along the status flow (with rnd) and
	// numbers it after the others; false when pricing refuses it (the seller would have changed it).
	gravar := func(rnd *rand.Rand, v string, cl ClienteDemo, cond domain.CondicaoPagamento, itens []domain.ItemEntrada, em time.Time, idade int) (bool, error) {
		cliente := domain.Cliente{ID: cl.ID, UF: cl.UF, RegiaoID: cl.RegiaoID, Suframa: cl.Suframa, ContribuinteICMS: cl.ContribuinteICMS}
		pr, err := domain.PrecificarItens(itens, domain.TipoVenda, cliente, cond, pol.Politica(v, tabelas, regras), domain.Data(em.Format("2006-01-02")))
		if err != nil {
			return false, nil // e.g. under the term's minimum: the seller would have picked another term
		}
		d := domain.DadosPedido{ID: fmt.Sprintf("demo-pedido-%05d", len(out)+1), Tipo: domain.TipoVenda, ClienteID: cl.ID, VendedorID: v,
			Cliente: domain.ClientePedido{Nome: cl.Nome, Documento: cl.Documento, InscricaoEstadual: cl.InscricaoEstadual, UF: cl.UF,
				Suframa: cl.Suframa, RegiaoID: cl.RegiaoID, ContribuinteICMS: cl.ContribuinteICMS, Telefone: cl.Telefone}}
		p, err := domain.NovoPedido(d, pr, regrasDemo, v, em)
		if err != nil {
			return false, fmt.Errorf("pedido demo: %w", err)
		}
		p.Empresa, p.ID, p.Numero, p.CriadoEm, p.CriadoPor = empresa, d.ID, int64(len(out)+1), em.UTC(), v
		if err := demoFluxo(rnd, p, pr, regrasDemo, v, sup, admin, em, idade, agora); err != nil {
			return false, fmt.Errorf("pedido demo %s: %w", p.ID, err)
		}
		ultimo := p.Historico[len(p.Historico)-1]
		p.AlteradoEm, p.AlteradoPor, p.Versao = ultimo.Em, ultimo.Por, int64(len(p.Historico))
		out = append(out, p)
		return true, nil
	}
	regular := demoClientesRegulares(porVendedor, vendedores, ativos)
	rr := rand.New(rand.NewPCG(2026, 23)) // the regular customers' own stream: the other orders stay as they were
	for dia := inicio; !dia.After(hoje); dia = dia.AddDate(0, 0, 1) {
		if dia.Weekday() == time.Saturday || dia.Weekday() == time.Sunday {
			continue
		}
		idade := int(hoje.Sub(dia).Hours() / 24)
		for _, v := range vendedores {
			if reg, ok := regular[v]; ok && dia.Weekday() == time.Tuesday && (idade/7)%2 == 0 && idade > 7 {
				if _, err := gravar(rr, v, reg.cliente, condicoes[0], reg.itens(rr, idade), dia.Add(10*time.Hour), idade); err != nil {
					return nil, err
				}
			}
			carteira := porVendedor[v]
			n := demoSazonal[dia.Month()] - 2 + r.IntN(5)
			for k := 0; k < n; k++ {
				em := dia.Add(time.Duration(8*60+r.IntN(9*60)) * time.Minute)
				if em.After(agora) {
					continue
				}
				cl := carteira[r.IntN(len(carteira))]
				cond := condicoes[r.IntN(len(condicoes))]
				acimaDoTeto := r.IntN(100) < 6
				var itens []domain.ItemEntrada
				usados := map[string]bool{}
				for len(itens) < 3+r.IntN(10) {
					p := ativos[r.IntN(len(ativos))]
					if usados[p.ID] {
						continue
					}
					usados[p.ID] = true
					mult := max(p.MultiploVenda, 1)
					it := domain.ItemEntrada{Produto: p.Produto(), Quantidade: mult * int64(1+r.IntN(5))}
					if r.IntN(4) == 0 {
						it.DescontoPercentual = domain.Percentual(100 * (1 + r.IntN(5)))
					}
					if acimaDoTeto && len(itens) == 0 {
						it.DescontoPercentual = 800
					}
					itens = append(itens, it)
				}
				if _, err := gravar(r, v, cl, cond, itens, em, idade); err != nil {
					return nil, err
				}
			}
		}
	}
	return out, nil
}

// clienteRegular is a demo customer who buys the same basket every other week (issue 23's
// suggestions need a customer with habits): the first DemoSempre products until a week ago, the
// next DemoParados only until DemoParouHaDias days ago — what this customer stopped buying.
type clienteRegular struct {
	cliente ClienteDemo
	cesta   []*domain.ProdutoCadastro
}

// The regular customers' basket.
const (
	DemoSempre      = 4
	DemoParados     = 4
	DemoParouHaDias = 60
)

// demoClientesRegulares: each seller's first customer (in the order given: the lowest id) buys
// regularly, a basket of active products sold by the unit or by small multiples.
func demoClientesRegulares(porVendedor map[string][]ClienteDemo, vendedores []string, ativos []*domain.ProdutoCadastro) map[string]clienteRegular {
	out := map[string]clienteRegular{}
	for i, v := range vendedores {
		var cesta []*domain.ProdutoCadastro
		for k := 7 + 97*i; len(cesta) < DemoSempre+DemoParados && k < len(ativos); k += 37 {
			if ativos[k].MultiploVenda <= 6 {
				cesta = append(cesta, ativos[k])
			}
		}
		if len(porVendedor[v]) > 0 && len(cesta) == DemoSempre+DemoParados {
			out[v] = clienteRegular{cliente: porVendedor[v][0], cesta: cesta}
		}
	}
	return out
}

// itens is the basket bought idade days ago: the usual quantity of each product (2 or 3 times its
// multiple, now and then one more), the stopped ones only before DemoParouHaDias.
func (c clienteRegular) itens(r *rand.Rand, idade int) []domain.ItemEntrada {
	var out []domain.ItemEntrada
	for i, p := range c.cesta {
		if i >= DemoSempre && idade <= DemoParouHaDias {
			break
		}
		q := int64(2 + i%2)
		if r.IntN(6) == 0 {
			q++
		}
		out = append(out, domain.ItemEntrada{Produto: p.Produto(), Quantidade: max(p.MultiploVenda, 1) * q})
	}
	return out
}

// demoFluxo takes a demo order along the status flow its age calls for.
func demoFluxo(r *rand.Rand, p *domain.Pedido, pr domain.Precificacao, ctx domain.ContextoPedido, v string, sup, admin domain.Operador,
	em time.Time, idade int, agora time.Time) error {
	depois := func(min int) time.Time {
		t := em.Add(time.Duration(min) * time.Minute)
		if t.After(agora) {
			return agora
		}
		return t
	}
	if idade == 0 && r.IntN(4) == 0 {
		return nil // today's draft
	}
	if err := p.Enviar(pr, ctx, v, depois(5)); err != nil {
		return err
	}
	if p.Status == domain.StatusAguardandoAprovacao {
		if idade <= 2 {
			return nil // still waiting for the supervisor
		}
		if r.IntN(5) == 0 {
			return p.Reprovar(sup, sup.ID, "Desconto acima do combinado para este cliente.", depois(90))
		}
		if err := p.Aprovar(sup, sup.ID, "Aprovado: cliente com bom histórico.", depois(90)); err != nil {
			return err
		}
	}
	if r.IntN(100) < 5 {
		return p.Cancelar(v, "Cliente desistiu da compra.", depois(120))
	}
	switch {
	case idade == 0:
		return nil
	case idade <= 2:
		return p.AvancarStatus(domain.StatusEmSeparacao, admin, nil, "", depois(60*20))
	}
	if err := p.AvancarStatus(domain.StatusEmSeparacao, admin, nil, "", depois(60*20)); err != nil {
		return err
	}
	nf := &domain.NotaFiscal{Numero: fmt.Sprintf("%06d", p.Numero+100000), ValorCentavos: p.TotalCentavos}
	if err := p.AvancarStatus(domain.StatusFaturado, admin, nf, "", depois(60*30)); err != nil {
		return err
	}
	if idade <= 5 {
		return nil
	}
	return p.AvancarStatus(domain.StatusEntregue, admin, nil, "", depois(60*24*3))
}

func saoPauloDemo() *time.Location {
	if l, err := time.LoadLocation("America/Sao_Paulo"); err == nil {
		return l
	}
	return time.FixedZone("BRT", -3*3600)
}

// SeedDemoPedidos writes the demo orders once (DemoPedidos; a later start finds them and changes
// nothing), sets the company's order sequence after them and builds the sales summaries from them
// (the reconciliation). It returns how many orders it wrote.
func (s *Sales) SeedDemoPedidos(ctx context.Context, empresa string, clientes []ClienteDemo, supervisor string, agora time.Time, dias int) (int, error) {
	ctx = caller.With(ctx, &caller.Caller{Empresa: empresa, Operador: "demo-admin", Perfil: caller.Admin})
	sc := store.Company(empresa)
	if _, err := s.col.Pedidos.GetAny(ctx, sc, "demo-pedido-00001"); err == nil || len(clientes) == 0 || dias <= 0 {
		return 0, nil
	}
	pedidos, err := DemoPedidos(empresa, clientes, supervisor, agora, dias)
	if err != nil || len(pedidos) == 0 {
		return 0, err
	}
	// The first order last: its presence marks the whole set as written.
	for i := len(pedidos); i > 0; i -= 500 {
		if _, _, err := s.col.Pedidos.Import(ctx, pedidos[max(i-500, 0):i]); err != nil {
			return 0, fmt.Errorf("pedidos demo: %w", err)
		}
	}
	if _, err := s.col.Pedidos.Store().Incr(ctx, app.SequenciaPedidos, empresa, app.SequenciaPedidos,
		map[string]int64{app.CampoSequencia: int64(len(pedidos))}); err != nil {
		return 0, err
	}
	if _, _, err := s.app.ReconciliarResumos(ctx, false); err != nil {
		return 0, fmt.Errorf("resumos demo: %w", err)
	}
	if err := s.app.IndexarClientesPedidos(ctx, empresa); err != nil {
		return 0, fmt.Errorf("busca de pedidos demo: %w", err)
	}
	return len(pedidos), nil
}

// AmpliarPedidosDemo copies the demo company's orders (already written by SeedDemoPedidos) until
// the company has total orders, each copy further in the past by the demo's span and numbered
// after the last: the benchmark's large company (500,000 orders) without pricing each again. The
// summaries are left alone (the benchmark measures lists and creates). It returns how many it
// wrote.
func (s *Sales) AmpliarPedidosDemo(ctx context.Context, empresa string, total int) (int, error) {
	ctx = caller.With(ctx, &caller.Caller{Empresa: empresa, Operador: "demo-admin", Perfil: caller.Admin})
	sc := store.Company(empresa)
	base, err := s.col.Pedidos.All(ctx, sc, store.Query{})
	if err != nil || len(base) == 0 {
		return 0, err
	}
	numero := int64(0)
	for _, p := range base {
		numero = max(numero, p.Numero)
	}
	escrito, n := 0, len(base)
	lote := make([]*domain.Pedido, 0, 2000)
	for copia := 1; n < total; copia++ {
		desloca := time.Duration(copia) * (DemoDiasPedidos + 1) * 24 * time.Hour
		for _, p := range base {
			if n >= total {
				break
			}
			c := *p
			numero++
			n++
			c.ID, c.Numero = fmt.Sprintf("amplia-%d-%s", copia, p.ID), numero
			c.CriadoEm, c.AlteradoEm = p.CriadoEm.Add(-desloca), p.AlteradoEm.Add(-desloca)
			if !p.EnviadoEm.IsZero() {
				c.EnviadoEm = p.EnviadoEm.Add(-desloca)
			}
			lote = append(lote, &c)
			if len(lote) == cap(lote) || n >= total {
				k, _, err := s.col.Pedidos.Import(ctx, lote)
				if err != nil {
					return escrito, err
				}
				escrito += k
				lote = lote[:0]
			}
		}
	}
	if _, err := s.col.Pedidos.Store().Incr(ctx, app.SequenciaPedidos, empresa, app.SequenciaPedidos,
		map[string]int64{app.CampoSequencia: numero - int64(len(base))}); err != nil {
		return escrito, err
	}
	return escrito, nil
}
