package app

import (
	"context"
	"sort"
	"strings"
	"sync"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// Sales month by month (GET /crm/vendas/ano-mes), read only from the summaries kept on write:
// resumo_vendedor_mes (by seller), resumo_grupo_vendedor_mes (by product group, summed over the
// sellers in scope) and resumo_cliente_mes (by customer; a customer's month belongs to the seller
// of its latest order that moved it), each in the caller's role scope, never from the orders.

// Groupings of the month-by-month sales.
const (
	PorVendedor = "vendedor"
	PorGrupo    = "grupo"
	PorCliente  = "cliente"
)

// Messages of the month-by-month sales.
const (
	MsgMesFiguras     = "Mês deve ser AAAA-MM."
	MsgPeriodoInverso = "O mês inicial (de) deve ser anterior ou igual ao final (ate)."
	MsgPeriodoLongo   = "O período deve ter no máximo 24 meses."
	MsgAgruparPor     = "Agrupe por vendedor, grupo ou cliente."
	MsgSemGrupo       = "Sem grupo"
)

// VendasMes is a line's month: the products' value and the orders of the counting orders, and
// the change of the value against the same month a year before (nil: that month sold nothing).
type VendasMes struct {
	Mes           string
	ValorCentavos int64
	Pedidos       int64
	Variacao      *domain.Percentual
}

// LinhaAnoMes is a seller, group or customer with its months.
type LinhaAnoMes struct {
	Chave, Nome string
	Meses       []VendasMes
	total       int64
}

type valorPedidos struct{ valor, pedidos int64 }

// VendasAnoMes is the sales of every month from de to ate ("AAAA-MM"; default: the 12 months to
// this one) by seller, product group or customer (por; default vendedor), of one seller of the
// caller's scope or of the whole scope, the lines with sales in the span, largest total first.
func (s *Service) VendasAnoMes(ctx context.Context, de, ate, por, vendedor string) ([]LinhaAnoMes, error) {
	c := caller.From(ctx)
	ini, fim, err := s.periodoFiguras(strings.TrimSpace(de), strings.TrimSpace(ate))
	if err != nil {
		return nil, err
	}
	por = strings.TrimSpace(por)
	if por == "" {
		por = PorVendedor
	}
	if por != PorVendedor && por != PorGrupo && por != PorCliente {
		return nil, errs.Field("por", MsgAgruparPor)
	}
	vendedor = strings.TrimSpace(vendedor)
	if vendedor != "" && !c.Sees(vendedor) {
		return nil, errs.OutOfScope(MsgVendedorForaDoEscopo)
	}
	// A year before the span too: the base of the change.
	where := []store.Cond{store.Gte("mes", (ini - 12).String()), store.Lte("mes", fim.String())}
	if vendedor != "" {
		where = append(where, store.Eq("vendedor_id", vendedor))
	}
	q, sc, r := store.Query{Where: where}, store.ScopeOf(c), s.Col.Resumos
	porChave := map[string]map[domain.Mes]valorPedidos{}
	somar := func(chave, mes string, f domain.FigurasVenda) {
		m, ok := domain.LerMes(mes)
		if !ok {
			return
		}
		if porChave[chave] == nil {
			porChave[chave] = map[domain.Mes]valorPedidos{}
		}
		v := porChave[chave][m]
		v.valor += f.ValorCentavos
		v.pedidos += f.Pedidos
		porChave[chave][m] = v
	}
	switch por {
	case PorVendedor:
		err = somarLinhas(ctx, r.VendedorMes, sc, q, somar, func(l *domain.LinhaVendedorMes) (string, string, domain.FigurasVenda) {
			return l.VendedorID, l.Mes, l.FigurasVenda
		})
	case PorGrupo:
		err = somarLinhas(ctx, r.GrupoVendedorMes, sc, q, somar, func(l *domain.LinhaGrupoVendedorMes) (string, string, domain.FigurasVenda) {
			return l.Grupo, l.Mes, l.FigurasVenda
		})
	case PorCliente:
		err = somarLinhas(ctx, r.ClienteMes, sc, q, somar, func(l *domain.LinhaClienteMes) (string, string, domain.FigurasVenda) {
			return l.ClienteID, l.Mes, l.FigurasVenda
		})
	}
	if err != nil {
		return nil, err
	}
	var out []LinhaAnoMes
	for chave, meses := range porChave {
		l := LinhaAnoMes{Chave: chave}
		vendeu := false
		for m := ini; m <= fim; m++ {
			v := meses[m]
			vm := VendasMes{Mes: m.String(), ValorCentavos: v.valor, Pedidos: v.pedidos}
			if p, ok := domain.VariacaoPercentual(v.valor, meses[m-12].valor); ok {
				vm.Variacao = &p
			}
			vendeu = vendeu || v.valor != 0 || v.pedidos != 0
			l.total += v.valor
			l.Meses = append(l.Meses, vm)
		}
		if vendeu {
			out = append(out, l)
		}
	}
	s.nomesDasLinhas(ctx, por, out)
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.total != b.total {
			return a.total > b.total
		}
		if a.Nome != b.Nome {
			return a.Nome < b.Nome
		}
		return a.Chave < b.Chave
	})
	return out, nil
}

// somarLinhas reads the rows of a month summary in scope matching q and adds each one's figures
// to its line (de: the row's line key, month and figures).
func somarLinhas[T any](ctx context.Context, rm *store.ReadModel[T], sc store.Scope, q store.Query,
	somar func(chave, mes string, f domain.FigurasVenda), de func(*T) (string, string, domain.FigurasVenda)) error {
	ls, err := rm.All(ctx, sc, q)
	for _, l := range ls {
		somar(de(l))
	}
	return err
}

// periodoFiguras reads a span of months (ate default: this month in São Paulo; de default: 11
// months before ate), at most domain.MaxMesesFiguras long.
func (s *Service) periodoFiguras(de, ate string) (domain.Mes, domain.Mes, error) {
	if ate == "" {
		ate = domain.MesDe(s.now())
	}
	fim, ok := domain.LerMes(ate)
	if !ok {
		return 0, 0, errs.Field("ate", MsgMesFiguras)
	}
	ini := fim - 11
	if de != "" {
		if ini, ok = domain.LerMes(de); !ok {
			return 0, 0, errs.Field("de", MsgMesFiguras)
		}
	}
	switch {
	case ini > fim:
		return 0, 0, errs.Field("de", MsgPeriodoInverso)
	case int(fim-ini)+1 > domain.MaxMesesFiguras:
		return 0, 0, errs.Field("ate", MsgPeriodoLongo)
	}
	return ini, fim, nil
}

// nomesDasLinhas names each line: the seller's name (operator service), the group itself, the
// customer's name as its latest order names it (pedidos_clientes, kept on each order's write),
// else as the customer service gives it in the caller's scope; the key when none is known.
func (s *Service) nomesDasLinhas(ctx context.Context, por string, ls []LinhaAnoMes) {
	var nomes map[string]string
	if por == PorCliente {
		nomes = s.nomesClientes(ctx, ls)
	}
	for i := range ls {
		l := &ls[i]
		switch por {
		case PorVendedor:
			if s.Nomes != nil {
				l.Nome = s.Nomes.Operador(ctx, l.Chave)
			}
		case PorGrupo:
			l.Nome = l.Chave
			if l.Nome == "" {
				l.Nome = MsgSemGrupo
			}
		case PorCliente:
			l.Nome = nomes[l.Chave]
		}
		if l.Nome == "" {
			l.Nome = l.Chave
		}
	}
}

func (s *Service) nomesClientes(ctx context.Context, ls []LinhaAnoMes) map[string]string {
	empresa := caller.From(ctx).Empresa
	ids := make([]string, len(ls))
	for i, l := range ls {
		ids[i] = empresa + "|" + l.Chave
	}
	out := map[string]string{}
	if idx, err := s.Col.ClientesPedidos.GetMany(ctx, store.Company(empresa), ids); err == nil {
		for _, c := range idx {
			out[c.ClienteID] = c.Nome
		}
	}
	if s.Clientes == nil {
		return out
	}
	// The ones the index does not know (orders loaded in bulk): a few calls at a time.
	var faltam []string
	for _, l := range ls {
		if out[l.Chave] == "" {
			faltam = append(faltam, l.Chave)
		}
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	vez := make(chan struct{}, chamadasClientes)
	for _, id := range faltam {
		wg.Add(1)
		vez <- struct{}{}
		go func(id string) {
			defer func() { <-vez; wg.Done() }()
			if c, err := s.Clientes.Obter(ctx, id); err == nil {
				mu.Lock()
				out[id] = c.Snapshot.Nome
				mu.Unlock()
			}
		}(id)
	}
	wg.Wait()
	return out
}

// chamadasClientes bounds the calls to the customer service at once.
const chamadasClientes = 8

// MetaDoMes is a month's goal of the sellers a query covers: the sum of their valor goals of the
// month without a cut (metaSemRecorte), as the panel measures.
type MetaDoMes struct {
	Mes          string
	MetaCentavos int64
}

// MetasDoPeriodo is the goal of every month from de to ate (the span of VendasAnoMes) of one
// seller of the caller's scope or of the whole scope (vendedor empty), read from the goals of the
// span only: what the charts draw the sales against.
func (s *Service) MetasDoPeriodo(ctx context.Context, de, ate, vendedor string) ([]MetaDoMes, error) {
	c := caller.From(ctx)
	ini, fim, err := s.periodoFiguras(strings.TrimSpace(de), strings.TrimSpace(ate))
	if err != nil {
		return nil, err
	}
	where := []store.Cond{store.Gte("mes", ini.String()), store.Lte("mes", fim.String())}
	if vendedor = strings.TrimSpace(vendedor); vendedor != "" {
		if !c.Sees(vendedor) {
			return nil, errs.OutOfScope(MsgVendedorForaDoEscopo)
		}
		where = append(where, store.Eq("vendedor_id", vendedor))
	}
	metas, err := s.Metas().Col.All(ctx, store.ScopeOf(c), store.Query{Where: where})
	if err != nil {
		return nil, err
	}
	soma := map[string]int64{}
	for _, m := range metas {
		if metaSemRecorte(m) && c.Sees(m.VendedorID) {
			soma[m.Mes] += m.Alvo
		}
	}
	out := make([]MetaDoMes, 0, int(fim-ini)+1)
	for m := ini; m <= fim; m++ {
		out = append(out, MetaDoMes{Mes: m.String(), MetaCentavos: soma[m.String()]})
	}
	return out, nil
}
