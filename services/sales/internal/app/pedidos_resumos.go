package app

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// Resumos are the sales summaries (domain/resumo.go), each a declared read model: typed rows
// read in the caller's role scope, in keyset pages and through a change feed. An order's write
// carries its summary increments (incrementos): on SQLite in the order's transaction, on
// MongoDB right after it, where ReconciliarResumos repairs what a crash in between leaves.
type Resumos struct {
	VendedorMes      *store.ReadModel[domain.LinhaVendedorMes]
	ClienteMes       *store.ReadModel[domain.LinhaClienteMes]
	GrupoVendedorMes *store.ReadModel[domain.LinhaGrupoVendedorMes]
	ClienteEmAberto  *store.ReadModel[domain.LinhaClienteEmAberto]
	FlexVendedor     *store.ReadModel[domain.LinhaFlexVendedor]
	Presencas        *store.ReadModel[domain.LinhaPresenca]
	// ClienteProdutoDia: what each customer bought, by day and product (the suggestions).
	ClienteProdutoDia *store.ReadModel[domain.LinhaClienteProdutoDia]
	// RegiaoVendedorMes: a seller's month per customer region (goals narrowed to a region);
	// ClienteVendedorDia: each customer's days with counting orders (its last order: sem_pedido).
	RegiaoVendedorMes  *store.ReadModel[domain.LinhaRegiaoVendedorMes]
	ClienteVendedorDia *store.ReadModel[domain.LinhaClienteVendedorDia]
}

// MsgResumoForaDoEscopo refuses figures of a seller outside the caller's scope.
const MsgResumoForaDoEscopo = "Acesso negado: estes números são de um vendedor fora da sua equipe."

func figuras[T any](f func(*T) *domain.FigurasVenda) []store.Counter[T] {
	var out []store.Counter[T]
	for _, c := range domain.CamposFiguras {
		out = append(out, store.Counter[T]{Name: c, Ptr: func(t *T) *int64 { return f(t).Campo(c) }})
	}
	return out
}

func vendedorDe[T any](f func(*T) string) store.Field[T] {
	return store.Field[T]{Name: "vendedor_id", Value: func(t *T) any { return f(t) }}
}

// The declarations of the summaries (names: the domain's Resumo* constants).
var (
	VendedorMesSpec = store.ReadModelSpec[domain.LinhaVendedorMes]{
		Name: domain.ResumoVendedorMes, OutOfScope: MsgResumoForaDoEscopo, Owner: "vendedor_id",
		Keys: []store.Key[domain.LinhaVendedorMes]{
			{Name: "vendedor_id", Get: func(l *domain.LinhaVendedorMes) string { return l.VendedorID }},
			{Name: "mes", Get: func(l *domain.LinhaVendedorMes) string { return l.Mes }}},
		Counters: figuras(func(l *domain.LinhaVendedorMes) *domain.FigurasVenda { return &l.FigurasVenda }),
		Indexes:  [][]string{{"mes"}},
	}
	ClienteMesSpec = store.ReadModelSpec[domain.LinhaClienteMes]{
		Name: domain.ResumoClienteMes, OutOfScope: MsgResumoForaDoEscopo, Owner: "vendedor_id",
		Keys: []store.Key[domain.LinhaClienteMes]{
			{Name: "cliente_id", Get: func(l *domain.LinhaClienteMes) string { return l.ClienteID }},
			{Name: "mes", Get: func(l *domain.LinhaClienteMes) string { return l.Mes }}},
		Fields:   []store.Field[domain.LinhaClienteMes]{vendedorDe(func(l *domain.LinhaClienteMes) string { return l.VendedorID })},
		Counters: figuras(func(l *domain.LinhaClienteMes) *domain.FigurasVenda { return &l.FigurasVenda }),
		Indexes:  [][]string{{"mes"}},
	}
	GrupoVendedorMesSpec = store.ReadModelSpec[domain.LinhaGrupoVendedorMes]{
		Name: domain.ResumoGrupoVendedorMes, OutOfScope: MsgResumoForaDoEscopo, Owner: "vendedor_id",
		Keys: []store.Key[domain.LinhaGrupoVendedorMes]{
			{Name: "grupo", Get: func(l *domain.LinhaGrupoVendedorMes) string { return l.Grupo }},
			{Name: "vendedor_id", Get: func(l *domain.LinhaGrupoVendedorMes) string { return l.VendedorID }},
			{Name: "mes", Get: func(l *domain.LinhaGrupoVendedorMes) string { return l.Mes }}},
		Counters: figuras(func(l *domain.LinhaGrupoVendedorMes) *domain.FigurasVenda { return &l.FigurasVenda }),
		Indexes:  [][]string{{"mes"}},
	}
	ClienteEmAbertoSpec = store.ReadModelSpec[domain.LinhaClienteEmAberto]{
		Name: domain.ResumoClienteEmAberto, OutOfScope: MsgResumoForaDoEscopo, Owner: "vendedor_id",
		Keys:   []store.Key[domain.LinhaClienteEmAberto]{{Name: "cliente_id", Get: func(l *domain.LinhaClienteEmAberto) string { return l.ClienteID }}},
		Fields: []store.Field[domain.LinhaClienteEmAberto]{vendedorDe(func(l *domain.LinhaClienteEmAberto) string { return l.VendedorID })},
		Counters: []store.Counter[domain.LinhaClienteEmAberto]{
			{Name: domain.CampoTotal, Ptr: func(l *domain.LinhaClienteEmAberto) *int64 { return &l.TotalCentavos }},
			{Name: domain.CampoPedidos, Ptr: func(l *domain.LinhaClienteEmAberto) *int64 { return &l.Pedidos }},
			{Name: domain.CampoAguardando, Ptr: func(l *domain.LinhaClienteEmAberto) *int64 { return &l.Aguardando }}},
	}
	FlexVendedorSpec = store.ReadModelSpec[domain.LinhaFlexVendedor]{
		Name: domain.ResumoFlexVendedor, OutOfScope: MsgResumoForaDoEscopo, Owner: "vendedor_id",
		Keys:     []store.Key[domain.LinhaFlexVendedor]{{Name: "vendedor_id", Get: func(l *domain.LinhaFlexVendedor) string { return l.VendedorID }}},
		Counters: []store.Counter[domain.LinhaFlexVendedor]{{Name: domain.CampoFlex, Ptr: func(l *domain.LinhaFlexVendedor) *int64 { return &l.FlexCentavos }}},
	}
	RegiaoVendedorMesSpec = store.ReadModelSpec[domain.LinhaRegiaoVendedorMes]{
		Name: domain.ResumoRegiaoVendedorMes, OutOfScope: MsgResumoForaDoEscopo, Owner: "vendedor_id",
		Keys: []store.Key[domain.LinhaRegiaoVendedorMes]{
			{Name: "regiao_id", Get: func(l *domain.LinhaRegiaoVendedorMes) string { return l.RegiaoID }},
			{Name: "vendedor_id", Get: func(l *domain.LinhaRegiaoVendedorMes) string { return l.VendedorID }},
			{Name: "mes", Get: func(l *domain.LinhaRegiaoVendedorMes) string { return l.Mes }}},
		Counters: figuras(func(l *domain.LinhaRegiaoVendedorMes) *domain.FigurasVenda { return &l.FigurasVenda }),
		Indexes:  [][]string{{"mes"}},
	}
	// ClienteVendedorDiaSpec: its keys start with the customer, so the last orders of a set of
	// customers are read by cliente_id; the index on dia serves the recent days of a scope.
	ClienteVendedorDiaSpec = store.ReadModelSpec[domain.LinhaClienteVendedorDia]{
		Name: domain.ResumoClienteVendedorDia, OutOfScope: MsgResumoForaDoEscopo, Owner: "vendedor_id",
		Keys: []store.Key[domain.LinhaClienteVendedorDia]{
			{Name: "cliente_id", Get: func(l *domain.LinhaClienteVendedorDia) string { return l.ClienteID }},
			{Name: "vendedor_id", Get: func(l *domain.LinhaClienteVendedorDia) string { return l.VendedorID }},
			{Name: "dia", Get: func(l *domain.LinhaClienteVendedorDia) string { return l.Dia }}},
		Counters: []store.Counter[domain.LinhaClienteVendedorDia]{{Name: domain.CampoPedidos, Ptr: func(l *domain.LinhaClienteVendedorDia) *int64 { return &l.Pedidos }}},
		Indexes:  [][]string{{"dia"}},
	}
	PresencasSpec = store.ReadModelSpec[domain.LinhaPresenca]{
		Name: domain.ResumoPresencas, OutOfScope: MsgResumoForaDoEscopo, Owner: "vendedor_id",
		Keys:     []store.Key[domain.LinhaPresenca]{{Name: "presenca", Get: func(l *domain.LinhaPresenca) string { return l.Presenca }}},
		Fields:   []store.Field[domain.LinhaPresenca]{vendedorDe(func(l *domain.LinhaPresenca) string { return l.VendedorID })},
		Counters: []store.Counter[domain.LinhaPresenca]{{Name: domain.CampoPedidos, Ptr: func(l *domain.LinhaPresenca) *int64 { return &l.Pedidos }}},
	}
)

// DeclararResumos declares the summaries on st and, the first time on a store whose orders
// (pedidos) predate them (they were kept as the store's counters before), builds them from the
// orders of every company (ReconciliarResumos): until then every figure would read 0. A mark
// written once the build is done makes a start that died half-way build them again.
func DeclararResumos(ctx context.Context, st *store.Store, pedidos *store.Collection[domain.Pedido]) (*Resumos, error) {
	var r Resumos
	var err error
	if r.VendedorMes, err = store.DeclareReadModel(ctx, st, VendedorMesSpec); err != nil {
		return nil, err
	}
	if r.ClienteMes, err = store.DeclareReadModel(ctx, st, ClienteMesSpec); err != nil {
		return nil, err
	}
	if r.GrupoVendedorMes, err = store.DeclareReadModel(ctx, st, GrupoVendedorMesSpec); err != nil {
		return nil, err
	}
	if r.ClienteEmAberto, err = store.DeclareReadModel(ctx, st, ClienteEmAbertoSpec); err != nil {
		return nil, err
	}
	if r.FlexVendedor, err = store.DeclareReadModel(ctx, st, FlexVendedorSpec); err != nil {
		return nil, err
	}
	if r.Presencas, err = store.DeclareReadModel(ctx, st, PresencasSpec); err != nil {
		return nil, err
	}
	if r.ClienteProdutoDia, err = store.DeclareReadModel(ctx, st, ClienteProdutoDiaSpec); err != nil {
		return nil, err
	}
	if r.RegiaoVendedorMes, err = store.DeclareReadModel(ctx, st, RegiaoVendedorMesSpec); err != nil {
		return nil, err
	}
	if r.ClienteVendedorDia, err = store.DeclareReadModel(ctx, st, ClienteVendedorDiaSpec); err != nil {
		return nil, err
	}
	marca, err := st.Counters(ctx, marcaResumos, "", marcaResumos)
	if err != nil || marca["feito"] >= versaoResumos {
		return &r, err
	}
	empresas, err := pedidos.Companies(ctx)
	if err != nil {
		return nil, err
	}
	s := &Service{Col: &Collections{Pedidos: pedidos, Resumos: &r}}
	for _, e := range empresas {
		cctx := caller.With(ctx, &caller.Caller{Empresa: e, Operador: "sistema", Perfil: caller.Admin})
		if _, _, err := s.ReconciliarResumos(cctx, false); err != nil {
			return nil, fmt.Errorf("resumos de vendas da empresa %s: %w", e, err)
		}
	}
	if _, err := st.Incr(ctx, marcaResumos, "", marcaResumos, map[string]int64{"feito": versaoResumos - marca["feito"]}); err != nil {
		return nil, err
	}
	return &r, nil
}

// marcaResumos marks a store whose summaries were built from its orders (DeclararResumos), with
// the version of the set of summaries it built: a summary added later (2:
// resumo_cliente_produto_dia; 3: peso_gramas, resumo_regiao_vendedor_mes and
// resumo_cliente_vendedor_dia) is built from the orders on the first start that knows it.
const (
	marcaResumos  = "resumos_modelos"
	versaoResumos = 3
)

// incremento is the increment of one summary row (domain.Incremento: the summary, the row's key
// as its id's parts, the fields to add), owned by dono where the key does not name the seller.
func (r *Resumos) incremento(empresa string, inc domain.Incremento, dono string) (*store.Inc, error) {
	p := domain.PartesResumo(inc.ID)
	partes := func(n int) error {
		if len(p) != n {
			return fmt.Errorf("resumo %s: chave %q com %d partes, esperadas %d", inc.Resumo, inc.ID, len(p), n)
		}
		return nil
	}
	somar := func(f *domain.FigurasVenda) error {
		for campo, v := range inc.Campos {
			c := f.Campo(campo)
			if c == nil {
				return fmt.Errorf("resumo %s: campo desconhecido %q", inc.Resumo, campo)
			}
			*c += v
		}
		return nil
	}
	var err error
	switch inc.Resumo {
	case domain.ResumoVendedorMes:
		if err = partes(2); err == nil {
			l := &domain.LinhaVendedorMes{VendedorID: p[0], Mes: p[1]}
			if err = somar(&l.FigurasVenda); err == nil {
				return r.VendedorMes.Add(empresa, l), nil
			}
		}
	case domain.ResumoClienteMes:
		if err = partes(2); err == nil {
			l := &domain.LinhaClienteMes{ClienteID: p[0], Mes: p[1], VendedorID: dono}
			if err = somar(&l.FigurasVenda); err == nil {
				return r.ClienteMes.Add(empresa, l), nil
			}
		}
	case domain.ResumoGrupoVendedorMes:
		if err = partes(3); err == nil {
			l := &domain.LinhaGrupoVendedorMes{Grupo: p[0], VendedorID: p[1], Mes: p[2]}
			if err = somar(&l.FigurasVenda); err == nil {
				return r.GrupoVendedorMes.Add(empresa, l), nil
			}
		}
	case domain.ResumoRegiaoVendedorMes:
		if err = partes(3); err == nil {
			l := &domain.LinhaRegiaoVendedorMes{RegiaoID: p[0], VendedorID: p[1], Mes: p[2]}
			if err = somar(&l.FigurasVenda); err == nil {
				return r.RegiaoVendedorMes.Add(empresa, l), nil
			}
		}
	case domain.ResumoClienteVendedorDia:
		if err = partes(3); err == nil {
			return r.ClienteVendedorDia.Add(empresa, &domain.LinhaClienteVendedorDia{ClienteID: p[0], VendedorID: p[1], Dia: p[2],
				Pedidos: inc.Campos[domain.CampoPedidos]}), nil
		}
	case domain.ResumoClienteEmAberto:
		if err = partes(1); err == nil {
			return r.ClienteEmAberto.Add(empresa, &domain.LinhaClienteEmAberto{ClienteID: p[0], VendedorID: dono,
				TotalCentavos: inc.Campos[domain.CampoTotal], Pedidos: inc.Campos[domain.CampoPedidos], Aguardando: inc.Campos[domain.CampoAguardando]}), nil
		}
	case domain.ResumoFlexVendedor:
		if err = partes(1); err == nil {
			return r.FlexVendedor.Add(empresa, &domain.LinhaFlexVendedor{VendedorID: p[0], FlexCentavos: inc.Campos[domain.CampoFlex]}), nil
		}
	case domain.ResumoPresencas:
		return r.Presencas.Add(empresa, &domain.LinhaPresenca{Presenca: inc.ID, VendedorID: dono, Pedidos: inc.Campos[domain.CampoPedidos]}), nil
	case domain.ResumoClienteProdutoDia:
		if err = partes(3); err == nil {
			return r.ClienteProdutoDia.Add(empresa, &domain.LinhaClienteProdutoDia{ClienteID: p[0], Dia: p[1], ProdutoID: p[2], VendedorID: dono,
				Pedidos: inc.Campos[domain.CampoPedidos], Quantidade: inc.Campos[domain.CampoQuantidade]}), nil
		}
	default:
		err = fmt.Errorf("resumo desconhecido %q", inc.Resumo)
	}
	return nil, err
}

// incrementos are the increments of an order's change from antes to depois (antes nil for a
// new order; domain.VariacaoResumos) as read-model increments: the plain ones, then each
// presence followed by its effect on the distinct count it drives, decided by the presence's
// new value (in the same transaction on SQLite; MongoDB applies a row at a time on its versao,
// so two orders of one customer changing at once still move the count once). feitos receives
// the plain increments by resumo|id, to read the figures right after this change.
func (r *Resumos) incrementos(empresa string, antes, depois *domain.Pedido, feitos map[string]*store.Inc) ([]*store.Inc, error) {
	v := domain.VariacaoResumos(antes, depois)
	dono := domain.DonoDoResumo(antes, depois)
	out := make([]*store.Inc, 0, len(v.Incrementos)+len(v.Presencas))
	for _, inc := range v.Incrementos {
		in, err := r.incremento(empresa, inc, dono)
		if err != nil {
			return nil, err
		}
		if feitos != nil {
			feitos[inc.Resumo+"|"+inc.ID] = in
		}
		out = append(out, in)
	}
	for _, pr := range v.Presencas {
		// The effect's row is checked now (it is built inside the write, where an error can't go).
		if _, err := r.incremento(empresa, domain.Incremento{ChaveResumo: pr.Alvo, Campos: map[string]int64{domain.CampoClientes: 1}}, dono); err != nil {
			return nil, err
		}
		out = append(out, r.Presencas.AddThen(empresa, &domain.LinhaPresenca{Presenca: pr.ID, VendedorID: dono, Pedidos: pr.Delta},
			func(l *domain.LinhaPresenca) []*store.Inc {
				e, ok := pr.Efeito(l.Pedidos)
				if !ok {
					return nil
				}
				in, _ := r.incremento(empresa, e, dono) // its summary and key were checked above
				return []*store.Inc{in}
			}))
	}
	return out, nil
}

// valores are the figures of the rows that feitos' increments left (by resumo|id), for the
// checks that order concurrent changes (reverificarEnvio).
func (r *Resumos) valores(feitos map[string]*store.Inc) map[string]map[string]int64 {
	out := map[string]map[string]int64{}
	for k, in := range feitos {
		var campos map[string]int64
		if l := r.VendedorMes.Row(in); l != nil {
			campos = l.FigurasVenda.Campos()
		} else if l := r.ClienteMes.Row(in); l != nil {
			campos = l.FigurasVenda.Campos()
		} else if l := r.GrupoVendedorMes.Row(in); l != nil {
			campos = l.FigurasVenda.Campos()
		} else if l := r.ClienteEmAberto.Row(in); l != nil {
			campos = l.Campos()
		} else if l := r.FlexVendedor.Row(in); l != nil {
			campos = l.Campos()
		}
		if campos != nil {
			out[k] = campos
		}
	}
	return out
}

// aplicarResumos applies an order's change to the summaries on its own (one transaction on
// SQLite): for writes that do not carry it.
func (s *Service) aplicarResumos(ctx context.Context, empresa string, antes, depois *domain.Pedido) error {
	incs, err := s.Col.Resumos.incrementos(empresa, antes, depois, nil)
	if err != nil {
		return err
	}
	return s.Col.Pedidos.Store().Apply(ctx, incs...)
}

// resumosJunto is what an order's write carries: its change's summary increments. feitos is
// filled by the last attempt of the write (the one that landed).
func (s *Service) resumosJunto(empresa string, feitos map[string]*store.Inc) store.Along[domain.Pedido] {
	return func(antes, depois *domain.Pedido) []*store.Inc {
		clear(feitos)
		incs, err := s.Col.Resumos.incrementos(empresa, antes, depois, feitos)
		if err != nil {
			// A summary the domain names and this file does not declare: a programming error,
			// caught by the tests; the order is still written and the reconciliation reports it.
			if s.Log != nil {
				s.Log.Error("resumos de vendas não atualizados (a reconciliação corrige)", "pedido", depois.ID, "erro", err)
			}
			return nil
		}
		return incs
	}
}

// resumosGravados reads every stored summary row of the company (the reconciliation's side of
// what the increments kept), presences included.
func (s *Service) resumosGravados(ctx context.Context, empresa string) (domain.Resumos, error) {
	r := s.Col.Resumos
	sc := store.Company(empresa)
	out := domain.Resumos{}
	put := func(k domain.ChaveResumo, campos map[string]int64) {
		if len(campos) > 0 {
			out[k] = campos
		}
	}
	vm, err := r.VendedorMes.All(ctx, sc, store.Query{})
	if err != nil {
		return nil, err
	}
	for _, l := range vm {
		put(l.Chave(), l.FigurasVenda.Campos())
	}
	cm, err := r.ClienteMes.All(ctx, sc, store.Query{})
	if err != nil {
		return nil, err
	}
	for _, l := range cm {
		put(l.Chave(), l.FigurasVenda.Campos())
	}
	gm, err := r.GrupoVendedorMes.All(ctx, sc, store.Query{})
	if err != nil {
		return nil, err
	}
	for _, l := range gm {
		put(l.Chave(), l.FigurasVenda.Campos())
	}
	ea, err := r.ClienteEmAberto.All(ctx, sc, store.Query{})
	if err != nil {
		return nil, err
	}
	for _, l := range ea {
		put(l.Chave(), l.Campos())
	}
	fx, err := r.FlexVendedor.All(ctx, sc, store.Query{})
	if err != nil {
		return nil, err
	}
	for _, l := range fx {
		put(l.Chave(), l.Campos())
	}
	pr, err := r.Presencas.All(ctx, sc, store.Query{})
	if err != nil {
		return nil, err
	}
	for _, l := range pr {
		put(l.Chave(), l.Campos())
	}
	cp, err := r.ClienteProdutoDia.All(ctx, sc, store.Query{})
	if err != nil {
		return nil, err
	}
	for _, l := range cp {
		put(l.Chave(), l.Campos())
	}
	rm, err := r.RegiaoVendedorMes.All(ctx, sc, store.Query{})
	if err != nil {
		return nil, err
	}
	for _, l := range rm {
		put(l.Chave(), l.FigurasVenda.Campos())
	}
	cd, err := r.ClienteVendedorDia.All(ctx, sc, store.Query{})
	if err != nil {
		return nil, err
	}
	for _, l := range cd {
		put(l.Chave(), l.Campos())
	}
	return out, nil
}

// ResumosGravados is resumosGravados for the caller's company.
func (s *Service) ResumosGravados(ctx context.Context) (domain.Resumos, error) {
	return s.resumosGravados(ctx, scope(ctx).Empresa)
}

// ReconciliarResumos recomputes every summary of the caller's company from its orders
// (domain.RecalcularResumos) and compares it with the stored rows, those no order explains any
// more included, and each goal's achievement with the orders (divergenciasMetas). The drift is
// reported and, unless apenasVerificar, fixed by adding the
// difference to each stored figure (one transaction on SQLite; a row keyed by customer goes to
// the seller of its latest order). It returns how many orders were read.
func (s *Service) ReconciliarResumos(ctx context.Context, apenasVerificar bool) (int, []domain.Divergencia, error) {
	sc := scope(ctx)
	pedidos, err := s.Col.Pedidos.All(ctx, sc, store.Query{})
	if err != nil {
		return 0, nil, err
	}
	recalculado := domain.RecalcularResumos(pedidos)
	gravado, err := s.resumosGravados(ctx, sc.Empresa)
	if err != nil {
		return 0, nil, err
	}
	div := domain.Divergencias(gravado, recalculado)
	// The goals read the summaries: their achievement is compared with the orders too (reported;
	// fixing the summaries fixes it).
	divMetas, err := s.divergenciasMetas(ctx, pedidos)
	if err != nil {
		return 0, nil, err
	}
	if apenasVerificar || len(div) == 0 {
		return len(pedidos), append(div, divMetas...), nil
	}
	donos := donosDosResumos(pedidos)
	porLinha := map[domain.ChaveResumo]map[string]int64{}
	var ordem []domain.ChaveResumo
	for _, d := range div {
		if porLinha[d.ChaveResumo] == nil {
			porLinha[d.ChaveResumo] = map[string]int64{}
			ordem = append(ordem, d.ChaveResumo)
		}
		porLinha[d.ChaveResumo][d.Campo] = d.Recalculado - d.Gravado
	}
	incs := make([]*store.Inc, 0, len(ordem))
	for _, k := range ordem {
		in, err := s.Col.Resumos.incremento(sc.Empresa, domain.Incremento{ChaveResumo: k, Campos: porLinha[k]}, donos[k])
		if err != nil {
			return len(pedidos), div, err
		}
		incs = append(incs, in)
	}
	return len(pedidos), append(div, divMetas...), s.Col.Pedidos.Store().Apply(ctx, incs...)
}

// donosDosResumos is the seller each summary row belongs to, as the increments left it: the
// seller of the latest order (by last change) that moves it.
func donosDosResumos(pedidos []*domain.Pedido) map[domain.ChaveResumo]string {
	ps := append([]*domain.Pedido(nil), pedidos...)
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].AlteradoEm.Before(ps[j].AlteradoEm) })
	out := map[domain.ChaveResumo]string{}
	for _, p := range ps {
		v := domain.VariacaoResumos(nil, p)
		for _, inc := range v.Incrementos {
			out[inc.ChaveResumo] = p.VendedorID
		}
		for _, pr := range v.Presencas {
			out[domain.ChaveResumo{Resumo: domain.ResumoPresencas, ID: pr.ID}] = p.VendedorID
			out[pr.Alvo] = p.VendedorID
		}
	}
	return out
}

// pendentes reports a write the store made without its summary increments (MongoDB, err wraps
// store.ErrIncrementsPending): logged, not failed — the order is saved and a retry would be
// refused; ReconciliarResumos repairs the drift.
func (s *Service) pendentes(ctx context.Context, id string, err error) error {
	if !errors.Is(err, store.ErrIncrementsPending) {
		return err
	}
	if s.Log != nil {
		s.Log.ErrorContext(ctx, "resumos de vendas não atualizados (a reconciliação corrige)", "pedido", id, "erro", err)
	}
	return nil
}
