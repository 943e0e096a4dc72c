package app

import (
	"context"
	"slices"
	"strings"

	"github.com/google/uuid"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// Vendedores is the operator service's view of the sellers, in the caller's scope.
type Vendedores interface {
	// Vendedor is nil when id is an active seller (VENDEDOR) of the caller's company, else a
	// pt-BR field error at vendedor_id.
	Vendedor(ctx context.Context, id string) error
}

// Carteiras is the customer service's count of the portfolios in the caller's scope.
type Carteiras interface {
	// Ativos are the active customers of each seller's portfolio in the caller's scope.
	Ativos(ctx context.Context) (map[string]int64, error)
}

// Messages of the goals' use cases.
const (
	MsgMetaForaDaEquipe = "Acesso negado: um supervisor define metas só para os vendedores da sua equipe."
	MsgMetaSemVendedor  = "Serviço de operadores indisponível: não foi possível conferir o vendedor. Tente novamente em instantes."
	MsgMetaSemCarteira  = "Serviço de clientes indisponível: não foi possível contar a carteira. Tente novamente em instantes."
	MsgCopiarPercentual = "Percentual deve ficar entre -99,99% e 1000%."
	MsgCopiarMesmoMes   = "Escolha um mês de destino diferente do mês de origem."
)

// MetaApurada is a goal with its achievement in its unit and in hundredths of a percent of the
// target.
type MetaApurada struct {
	*domain.Meta
	Realizado, Percentual int64
	// Verificadas: of a visitas goal's visits, those with a verified check-in. Aviso: why the
	// achievement could not be read (pt-BR; Realizado is then 0).
	Verificadas int64
	Aviso       string
}

// Metas are the goals' stored use cases (the entity kit), in the caller's role scope: a seller
// their own goals, a SUPERVISOR the team's, an ADMIN the company's.
func (s *Service) Metas() *entity.Entidade[domain.Meta, *domain.Meta] {
	e := entity.Nova(s.Col.Metas, "Informe o id da meta.")
	e.Escopo = func(ctx context.Context) store.Scope { return store.ScopeOf(caller.From(ctx)) }
	return e
}

// podeDefinir checks that the caller may set goals for vendedor: a SUPERVISOR for the sellers of
// their team, an ADMIN for any; and that vendedor is a seller of the company.
func (s *Service) podeDefinir(ctx context.Context, vendedor string) error {
	c := caller.From(ctx)
	vendedor = strings.TrimSpace(vendedor)
	if vendedor == "" {
		return errs.Field("vendedor_id", domain.MsgMetaVendedor)
	}
	switch {
	case c.IsAdmin():
	case c != nil && c.Perfil == caller.Supervisor && slices.Contains(c.Equipe, vendedor):
	default:
		return errs.OutOfScope(MsgMetaForaDaEquipe)
	}
	if s.Vendedores == nil {
		return errs.Unavailable(MsgMetaSemVendedor, nil)
	}
	return s.Vendedores.Vendedor(ctx, vendedor)
}

// CriarMeta stores a new goal (its client id; a replay returns the first answer) for a seller
// the caller may set goals for.
func (s *Service) CriarMeta(ctx context.Context, m *domain.Meta) (*domain.Meta, error) {
	if err := m.Normalizar(); err != nil {
		return nil, err
	}
	if err := s.podeDefinir(ctx, m.VendedorID); err != nil {
		return nil, err
	}
	return s.Metas().Criar(ctx, m)
}

// AtualizarMeta applies a patch to a goal the caller may set (before and after the patch).
func (s *Service) AtualizarMeta(ctx context.Context, id string, versao int64, patch func(*domain.Meta)) (*domain.Meta, error) {
	atual, err := s.Metas().Obter(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := s.podeDefinir(ctx, atual.VendedorID); err != nil {
		return nil, err
	}
	novo := *atual
	patch(&novo)
	if err := novo.Normalizar(); err != nil {
		return nil, err
	}
	if novo.VendedorID != atual.VendedorID {
		if err := s.podeDefinir(ctx, novo.VendedorID); err != nil {
			return nil, err
		}
	}
	return s.Metas().Atualizar(ctx, id, versao, patch)
}

// ExcluirMeta deletes a goal the caller may set.
func (s *Service) ExcluirMeta(ctx context.Context, id string, versao int64) (*domain.Meta, error) {
	atual, err := s.Metas().Obter(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := s.podeDefinir(ctx, atual.VendedorID); err != nil {
		return nil, err
	}
	return s.Metas().Excluir(ctx, id, versao)
}

// ListarMetas is one page of the goals in scope of a month and a seller (either empty: all),
// each with its achievement.
func (s *Service) ListarMetas(ctx context.Context, mes, vendedor string, size int32, token string) ([]MetaApurada, string, error) {
	q, err := consultaMetas(ctx, mes, vendedor)
	if err != nil {
		return nil, "", err
	}
	q.PageSize, q.PageToken = size, token
	pg, err := s.Metas().Listar(ctx, q)
	if err != nil {
		return nil, "", err
	}
	out, err := s.ApurarMetas(ctx, pg.Items)
	return out, pg.Next, err
}

func consultaMetas(ctx context.Context, mes, vendedor string) (store.Query, error) {
	var q store.Query
	if mes = strings.TrimSpace(mes); mes != "" {
		if !domain.MesValido(mes) {
			return q, errs.Field("mes", domain.MsgMes)
		}
		q.Where = append(q.Where, store.Eq("mes", mes))
	}
	if vendedor = strings.TrimSpace(vendedor); vendedor != "" {
		if !caller.From(ctx).Sees(vendedor) {
			return q, errs.OutOfScope(MsgVendedorForaDoEscopo)
		}
		q.Where = append(q.Where, store.Eq("vendedor_id", vendedor))
	}
	return q, nil
}

// ApurarMetas reads each goal's achievement from the summaries kept on write (never the
// orders): valor, quantidade and peso from the seller's month (resumo_vendedor_mes), narrowed to a
// group from resumo_grupo_vendedor_mes, to a region from resumo_regiao_vendedor_mes, to a
// customer from resumo_cliente_mes; positivação is
// the seller's month's distinct customers (its presences) over the active customers of the
// seller's portfolio (customer service); visitas from the field service (metas_visitas.go).
func (s *Service) ApurarMetas(ctx context.Context, metas []*domain.Meta) ([]MetaApurada, error) {
	// The goals were read in the caller's scope; the rows they measure are the company's (a
	// customer's month belongs to the seller of its latest order).
	sc := store.Company(caller.From(ctx).Empresa)
	r := s.Col.Resumos
	var carteira map[string]int64
	visitas := s.visitasLidas(false)
	out := make([]MetaApurada, 0, len(metas))
	for _, m := range metas {
		if !m.MedidaPelosPedidos() {
			a := MetaApurada{Meta: m}
			visitas.apurar(ctx, &a)
			a.Percentual = m.Percentual(a.Realizado)
			out = append(out, a)
			continue
		}
		var f domain.FigurasVenda
		switch {
		case m.Grupo != "":
			l, err := r.GrupoVendedorMes.Get(ctx, sc, &domain.LinhaGrupoVendedorMes{Grupo: m.Grupo, VendedorID: m.VendedorID, Mes: m.Mes})
			if err != nil {
				return nil, err
			}
			f = l.FigurasVenda
		case m.RegiaoID != "":
			l, err := r.RegiaoVendedorMes.Get(ctx, sc, &domain.LinhaRegiaoVendedorMes{RegiaoID: m.RegiaoID, VendedorID: m.VendedorID, Mes: m.Mes})
			if err != nil {
				return nil, err
			}
			f = l.FigurasVenda
		case m.ClienteID != "":
			l, err := r.ClienteMes.Get(ctx, sc, &domain.LinhaClienteMes{ClienteID: m.ClienteID, Mes: m.Mes})
			if err != nil {
				return nil, err
			}
			f = l.FigurasVenda
		default:
			l, err := r.VendedorMes.Get(ctx, sc, &domain.LinhaVendedorMes{VendedorID: m.VendedorID, Mes: m.Mes})
			if err != nil {
				return nil, err
			}
			f = l.FigurasVenda
		}
		a := MetaApurada{Meta: m}
		switch m.Tipo {
		case domain.TipoValor:
			a.Realizado = f.ValorCentavos
		case domain.TipoQuantidade:
			a.Realizado = f.Quantidade
		case domain.TipoPeso:
			a.Realizado = f.PesoGramas
		case domain.TipoPositivacao:
			if carteira == nil {
				if s.Carteiras == nil {
					return nil, errs.Unavailable(MsgMetaSemCarteira, nil)
				}
				var err error
				if carteira, err = s.Carteiras.Ativos(ctx); err != nil {
					return nil, err
				}
			}
			a.Realizado = domain.Positivacao(f.Clientes, carteira[m.VendedorID])
		}
		a.Percentual = m.Percentual(a.Realizado)
		out = append(out, a)
	}
	return out, nil
}

// Copia is what CopiarMetas wrote.
type Copia struct {
	Criadas, Atualizadas int32
	Metas                []*domain.Meta
}

// CopiarMetas copies the goals of de in the caller's scope (of one seller when vendedor is set)
// that the caller may set to para, each target changed by pct hundredths of a percent
// (domain.AlvoCopiado). A goal already in para for the same cut gets the new target: running it
// again never duplicates.
func (s *Service) CopiarMetas(ctx context.Context, de, para string, pct int64, vendedor string) (*Copia, error) {
	de, para = strings.TrimSpace(de), strings.TrimSpace(para)
	if !domain.MesValido(de) {
		return nil, errs.Field("de_mes", domain.MsgMes)
	}
	if !domain.MesValido(para) {
		return nil, errs.Field("para_mes", domain.MsgMes)
	}
	if de == para {
		return nil, errs.Field("para_mes", MsgCopiarMesmoMes)
	}
	if pct <= -int64(domain.Cem) || pct > 10*int64(domain.Cem) {
		return nil, errs.Field("percentual", MsgCopiarPercentual)
	}
	q, err := consultaMetas(ctx, de, vendedor)
	if err != nil {
		return nil, err
	}
	origem, err := s.Metas().Col.All(ctx, store.ScopeOf(caller.From(ctx)), q)
	if err != nil {
		return nil, err
	}
	c := caller.From(ctx)
	var novas []*domain.Meta
	conferidos := map[string]bool{}
	for _, m := range origem {
		if c.Perfil == caller.Supervisor && !slices.Contains(c.Equipe, m.VendedorID) {
			continue // the supervisor's own goals are set by an ADMIN
		}
		if !conferidos[m.VendedorID] {
			if err := s.podeDefinir(ctx, m.VendedorID); err != nil {
				return nil, err
			}
			conferidos[m.VendedorID] = true
		}
		n := *m
		n.Meta = store.Meta{}
		n.Mes, n.Alvo = para, domain.AlvoCopiado(m.Alvo, pct)
		novas = append(novas, &n)
	}
	out := &Copia{}
	for _, n := range novas {
		m, criada, err := s.gravarMeta(ctx, n)
		if err != nil {
			return nil, err
		}
		if criada {
			out.Criadas++
		} else {
			out.Atualizadas++
		}
		out.Metas = append(out.Metas, m)
	}
	return out, nil
}

// metaExistente is the id of the goal holding n's key in the company ("" when none).
func (s *Service) metaExistente(ctx context.Context, n *domain.Meta) (string, error) {
	return s.Col.Metas.KeyOwner(ctx, caller.From(ctx).Empresa, ChaveUnicaMeta, domain.ChaveMeta(n))
}

// gravarMeta creates n, or sets its target on the goal that holds its key.
func (s *Service) gravarMeta(ctx context.Context, n *domain.Meta) (*domain.Meta, bool, error) {
	id, err := s.metaExistente(ctx, n)
	if err != nil {
		return nil, false, err
	}
	if id != "" {
		m, err := s.Metas().Atualizar(ctx, id, 0, func(m *domain.Meta) { m.Alvo = n.Alvo })
		return m, false, err
	}
	n.Meta = store.Meta{ID: uuid.NewString()}
	m, err := s.Metas().Criar(ctx, n)
	return m, true, err
}

// ChaveUnicaMeta names the goals' unique key (adapters.MetasSpec).
const ChaveUnicaMeta = "chave"

// MsgMetaDuplicada is the 409 of a second goal with the same cut.
const MsgMetaDuplicada = "Já existe uma meta deste tipo para este vendedor neste mês com o mesmo recorte (grupo, região, cliente): altere a existente."

// MetaDuplicada is the 409 of a goal whose (mes, vendedor, tipo, grupo, regiao, cliente) another
// holds (detalhes.meta_id names it).
func MetaDuplicada(_, owner string) error {
	msg := MsgMetaDuplicada
	e := errs.Conflict(msg).WithReason(errs.ReasonChaveDuplicada, "meta_id", owner)
	e.Fields = []errs.FieldViolation{{Field: "tipo", Description: msg}}
	return e
}

// divergenciasMetas compares each goal's achievement as the screen reads it (ApurarMetas, from the
// summaries) with a recomputation from the orders (domain.RealizadoDosPedidos): 0 differences
// expected. Positivação goals need the portfolios (customer service): left out without it.
// Visitas goals compare the field service's summary with its recount of the visits.
func (s *Service) divergenciasMetas(ctx context.Context, pedidos []*domain.Pedido) ([]domain.Divergencia, error) {
	if s.Col.Metas == nil {
		return nil, nil
	}
	metas, err := s.Col.Metas.All(ctx, store.Company(caller.From(ctx).Empresa), store.Query{})
	if err != nil {
		return nil, err
	}
	var carteira map[string]int64
	medidas := make([]*domain.Meta, 0, len(metas))
	for _, m := range metas {
		if m.Tipo == domain.TipoPositivacao {
			if s.Carteiras == nil {
				continue
			}
			if carteira == nil {
				if carteira, err = s.Carteiras.Ativos(ctx); err != nil {
					return nil, err
				}
			}
		}
		medidas = append(medidas, m)
	}
	apuradas, err := s.ApurarMetas(ctx, medidas)
	if err != nil {
		return nil, err
	}
	var out []domain.Divergencia
	recontagem := s.visitasLidas(true)
	for _, a := range apuradas {
		r := domain.RealizadoDosPedidos(a.Meta, pedidos, carteira[a.VendedorID])
		if !a.MedidaPelosPedidos() {
			// visitas: the field service's summary against its recount of the visits (left out
			// while it does not answer).
			c, ok := recontagem.contagem(ctx, a.Meta)
			if !ok || a.Aviso != "" {
				continue
			}
			r = c.Visitas
		}
		if r != a.Realizado {
			out = append(out, domain.Divergencia{ChaveResumo: domain.ChaveResumo{Resumo: domain.ReconciliacaoMetas, ID: a.ID},
				Campo: "realizado", Gravado: a.Realizado, Recalculado: r})
		}
	}
	return out, nil
}
