package app

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// The orders' use cases (issue 11). Each command reads what the rules need (the customer from the
// customer service in the caller's scope, the catalogue, the policy, the running figures of the
// summaries), calls one method of domain.Pedido and saves the order on its versao; the summaries
// follow the change (aplicarResumos). Every order is read and written in the caller's role scope
// (store.ScopeOf: VENDEDOR own, SUPERVISOR team, ADMIN company).

// ItemEntradaPedido is an item as the client sends it (never a price or a total: only the price
// the device showed, to tell the seller when the server's differs).
type ItemEntradaPedido struct {
	ProdutoID     string
	Quantidade    int64
	Desconto      domain.Percentual
	Bonificacao   bool
	PrecoEsperado int64
}

// EntradaPedido is an order as the client sends it to create or edit it.
type EntradaPedido struct {
	ID                  string
	Versao              int64
	ClienteID           string
	CondicaoID          string
	Tipo                string
	Itens               []ItemEntradaPedido
	FreteCentavos       int64
	Observacoes         string
	ObservacoesInternas string
	DataEntrega         string
	Latitude, Longitude *float64
	VisitaID            string
	// Enviar: send it at once (when no price changed since the device priced it).
	Enviar bool
}

// ReasonPrecosAlterados: the server's prices differ from those the order was priced with; the
// order was re-priced and kept as a draft (detalhes: none; the order's precos_alterados list them).
const ReasonPrecosAlterados errs.Reason = "PRECOS_ALTERADOS"

// avaliacao is an order's pricing on the server and the context of its rules.
type avaliacao struct {
	pr        domain.Precificacao
	regras    domain.ContextoPedido
	cliente   domain.ClienteVenda
	vendedor  string
	alterados []domain.PrecoAlterado
}

func tipoDe(s string) domain.TipoPedido {
	t := domain.TipoPedido(strings.ToLower(strings.TrimSpace(s)))
	if t == "" {
		return domain.TipoVenda
	}
	return t
}

// vendedorDoPedido is the seller a new order belongs to: a VENDEDOR's own; for a SUPERVISOR or an
// ADMIN, the seller whose portfolio the customer is in (when the caller sees them), else the caller.
func vendedorDoPedido(c *caller.Caller, cl domain.ClienteVenda) string {
	if c.Perfil != caller.Vendedor && cl.VendedorID != "" && c.Sees(cl.VendedorID) {
		return cl.VendedorID
	}
	return c.Operador
}

// avaliar prices an order's items now, as the policy applies to its seller (vendedor; empty: a new
// order's, vendedorDoPedido), and reads the context of its rules. atual is the stored order being
// edited or sent (nil for a new one): its own open total is not counted twice.
func (s *Service) avaliar(ctx context.Context, vendedor string, atual *domain.Pedido, in EntradaPedido) (*avaliacao, error) {
	if len(in.Itens) > domain.MaxItensPedido {
		return nil, errs.Field("itens", fmt.Sprintf("Um pedido tem no máximo %d itens.", domain.MaxItensPedido))
	}
	hoje := Hoje(s.now())
	ids := make([]string, len(in.Itens))
	for i, it := range in.Itens {
		ids[i] = it.ProdutoID
	}
	b, err := s.carregarBase(ctx, in.ClienteID, in.CondicaoID, ids, hoje)
	if err != nil {
		return nil, err
	}
	c := caller.From(ctx)
	if vendedor == "" {
		vendedor = vendedorDoPedido(c, b.cliente)
	}
	st := s.Col.Pedidos.Store()
	flex, err := st.Counters(ctx, domain.ResumoFlexVendedor, c.Empresa, domain.ChaveFlexVendedor(vendedor))
	if err != nil {
		return nil, err
	}
	pol := b.politica(vendedor)
	pol.Vendedor.SaldoFlexCentavos += flex[domain.CampoFlex]
	itens := make([]domain.ItemEntrada, len(in.Itens))
	esperados := make([]int64, len(in.Itens))
	for i, it := range in.Itens {
		itens[i] = domain.ItemEntrada{Produto: b.produtos[it.ProdutoID].Produto(), Quantidade: it.Quantidade,
			DescontoPercentual: it.Desconto, Bonificacao: it.Bonificacao}
		esperados[i] = it.PrecoEsperado
	}
	if err := domain.ValidarEsperados(esperados); err != nil {
		return nil, err
	}
	pr, err := domain.PrecificarItens(itens, tipoDe(in.Tipo), b.cliente.Preco, b.cond, pol, hoje)
	if err != nil {
		return nil, err
	}
	aberto, err := st.Counters(ctx, domain.ResumoClienteEmAberto, c.Empresa, domain.ChaveClienteEmAberto(b.cliente.Preco.ID))
	if err != nil {
		return nil, err
	}
	mes, err := st.Counters(ctx, domain.ResumoVendedorMes, c.Empresa, domain.ChaveVendedorMes(vendedor, domain.MesDe(s.now())))
	if err != nil {
		return nil, err
	}
	sit := b.cliente.Situacao
	sit.EmAbertoCentavos = aberto[domain.CampoTotal]
	if atual != nil && atual.Status.EmAberto() && atual.ClienteID == b.cliente.Preco.ID {
		sit.EmAbertoCentavos -= atual.TotalCentavos
	}
	return &avaliacao{pr: pr, cliente: b.cliente, vendedor: vendedor, alterados: domain.PrecosMudaram(esperados, pr),
		regras: domain.ContextoPedido{Cliente: sit, Bloqueantes: b.pol.MotivosBloqueantes,
			Verba: domain.VerbaBonificacao{LimiteCentavos: b.pol.VerbaBonificacao(vendedor), UsadoCentavos: mes[domain.CampoBonificacao]}}}, nil
}

func (in EntradaPedido) dados(a *avaliacao) domain.DadosPedido {
	return domain.DadosPedido{ID: in.ID, Tipo: tipoDe(in.Tipo), ClienteID: in.ClienteID, Cliente: a.cliente.Snapshot, VendedorID: a.vendedor,
		FreteCentavos: in.FreteCentavos, Observacoes: in.Observacoes, ObservacoesInternas: in.ObservacoesInternas,
		DataEntrega: domain.Data(in.DataEntrega), Latitude: in.Latitude, Longitude: in.Longitude, VisitaID: in.VisitaID}
}

// quem is the caller as the order's rules see them.
func quem(c *caller.Caller) domain.Operador { return domain.Operador{ID: c.Operador, Perfil: c.Perfil} }

// CriarPedido creates an order with its client-generated id, priced on the server; with Enviar it
// is sent at once (to approval when a reason holds), unless a price changed since the device
// priced it: then it stays a draft with its precos_alterados. A replay of the id returns the
// stored order (one order, one number, however many times it is sent).
func (s *Service) CriarPedido(ctx context.Context, in EntradaPedido) (*domain.Pedido, error) {
	return s.criarPedido(ctx, in, "")
}

func (s *Service) criarPedido(ctx context.Context, in EntradaPedido, nota string) (*domain.Pedido, error) {
	id, err := newID(in.ID)
	if err != nil {
		return nil, err
	}
	in.ID = id
	c := caller.From(ctx)
	var av *avaliacao
	p, criado, err := s.gravarPedidoNovo(ctx, store.ScopeOf(c), id, func() (*domain.Pedido, error) {
		a, err := s.avaliar(ctx, "", nil, in)
		if err != nil {
			return nil, err
		}
		av = a
		agora := s.now()
		p, err := domain.NovoPedido(in.dados(a), a.pr, a.regras, c.Operador, agora)
		if err != nil {
			return nil, err
		}
		p.PrecosAlterados = a.alterados
		if nota != "" {
			p.Historico[len(p.Historico)-1].Observacao = nota
		}
		if in.Enviar && len(a.alterados) == 0 {
			if err := p.Enviar(a.pr, a.regras, c.Operador, agora); err != nil {
				return nil, err
			}
		}
		return p, nil
	})
	if err != nil {
		return nil, err
	}
	if criado {
		valores := s.seguirResumos(ctx, nil, p)
		s.lembrarCliente(ctx, c.Empresa, p)
		return s.reverificarEnvio(ctx, p, av, valores)
	}
	return p, nil
}

// seguirResumos applies an order's change to the summaries. The order is already saved: a failure
// here is logged (the reconciliation finds and fixes the drift) rather than failing a request whose
// retry would be refused.
// It returns the summaries' figures right after this change (nil when it failed).
func (s *Service) seguirResumos(ctx context.Context, antes, depois *domain.Pedido) map[string]map[string]int64 {
	v, err := s.aplicarResumosValores(ctx, caller.From(ctx).Empresa, antes, depois)
	if err != nil && s.Log != nil {
		s.Log.ErrorContext(ctx, "resumos de vendas não atualizados (a reconciliação corrige)", "pedido", depois.ID, "erro", err)
	}
	return v
}

// mudarPedido applies f to the stored order (in the caller's scope, on versao; 0: the current
// one) and the change to the summaries.
func (s *Service) mudarPedido(ctx context.Context, id string, versao int64, f func(p *domain.Pedido) error) (*domain.Pedido, error) {
	p, _, err := s.mudarPedidoResumos(ctx, id, versao, f)
	return p, err
}

// mudarPedidoResumos is mudarPedido returning the summaries' figures right after the change.
func (s *Service) mudarPedidoResumos(ctx context.Context, id string, versao int64, f func(p *domain.Pedido) error) (*domain.Pedido, map[string]map[string]int64, error) {
	if err := exigirID(id, "id", "Informe o pedido."); err != nil {
		return nil, nil, err
	}
	var antes domain.Pedido
	p, err := s.Col.Pedidos.Update(ctx, store.ScopeOf(caller.From(ctx)), id, versao, func(p *domain.Pedido) error {
		antes = *p
		antes.Itens, antes.NotasFiscais = slices.Clone(p.Itens), slices.Clone(p.NotasFiscais)
		return f(p)
	})
	if err != nil {
		return nil, nil, err
	}
	valores := s.seguirResumos(ctx, &antes, p)
	if antes.ClienteID != p.ClienteID || antes.Cliente.Nome != p.Cliente.Nome || antes.Cliente.Documento != p.Cliente.Documento {
		s.lembrarCliente(ctx, p.Empresa, p)
	}
	return p, valores, nil
}

// ObterPedido reads an order in the caller's scope.
func (s *Service) ObterPedido(ctx context.Context, id string) (*domain.Pedido, error) {
	if err := exigirID(id, "id", "Informe o pedido."); err != nil {
		return nil, err
	}
	return s.Col.Pedidos.Get(ctx, store.ScopeOf(caller.From(ctx)), id)
}

// AtualizarPedido replaces a draft (orcamento) re-priced now; with Enviar it is sent as in
// CriarPedido.
func (s *Service) AtualizarPedido(ctx context.Context, in EntradaPedido) (*domain.Pedido, error) {
	atual, err := s.ObterPedido(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	a, err := s.avaliar(ctx, atual.VendedorID, atual, in)
	if err != nil {
		return nil, err
	}
	c := caller.From(ctx)
	p, valores, err := s.mudarPedidoResumos(ctx, in.ID, in.Versao, func(p *domain.Pedido) error {
		agora := s.now()
		if err := p.Editar(in.dados(a), a.pr, a.regras, agora); err != nil {
			return err
		}
		p.PrecosAlterados = a.alterados
		if in.Enviar && len(a.alterados) == 0 {
			return p.Enviar(a.pr, a.regras, c.Operador, agora)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.reverificarEnvio(ctx, p, a, valores)
}

// entradaDe is a stored order as an entry: its items priced again as they were asked for, each
// expecting the unit price it has now.
func entradaDe(p *domain.Pedido) EntradaPedido {
	in := EntradaPedido{ID: p.ID, ClienteID: p.ClienteID, CondicaoID: p.CondicaoID, Tipo: string(p.Tipo),
		FreteCentavos: p.FreteCentavos, Observacoes: p.Observacoes, ObservacoesInternas: p.ObservacoesInternas,
		DataEntrega: string(p.DataEntrega), Latitude: p.Latitude, Longitude: p.Longitude, VisitaID: p.VisitaID}
	for _, it := range p.Itens {
		in.Itens = append(in.Itens, ItemEntradaPedido{ProdutoID: it.ProdutoID, Quantidade: it.Quantidade, Desconto: it.DescontoPercentual,
			Bonificacao: it.Bonificacao, PrecoEsperado: it.PrecoUnitarioCentavos})
	}
	return in
}

// EnviarPedido sends a draft, re-priced now: to enviado, or to aguardando_aprovacao with its
// reasons. When a price changed since the draft was priced, the draft is re-priced and kept with
// its precos_alterados, and the send is refused (409 PRECOS_ALTERADOS) for the seller to review.
func (s *Service) EnviarPedido(ctx context.Context, id string, versao int64) (*domain.Pedido, error) {
	atual, err := s.ObterPedido(ctx, id)
	if err != nil {
		return nil, err
	}
	if atual.Status != domain.StatusOrcamento { // the domain's message, before any pricing
		return nil, atual.Enviar(domain.Precificacao{}, domain.ContextoPedido{}, "", s.now())
	}
	in := entradaDe(atual)
	a, err := s.avaliar(ctx, atual.VendedorID, atual, in)
	if err != nil {
		return nil, err
	}
	c := caller.From(ctx)
	p, valores, err := s.mudarPedidoResumos(ctx, id, versao, func(p *domain.Pedido) error {
		agora := s.now()
		if len(a.alterados) > 0 {
			if err := p.Editar(in.dados(a), a.pr, a.regras, agora); err != nil {
				return err
			}
			p.PrecosAlterados = a.alterados
			return nil
		}
		p.PrecosAlterados = []domain.PrecoAlterado{}
		return p.Enviar(a.pr, a.regras, c.Operador, agora)
	})
	if err != nil {
		return nil, err
	}
	if len(a.alterados) > 0 {
		msgs := make([]string, len(a.alterados))
		for i, x := range a.alterados {
			msgs[i] = x.Mensagem
		}
		return nil, errs.Conflict("Os preços mudaram desde o orçamento; o pedido foi recalculado. Confira e envie de novo. " +
			strings.Join(msgs, " ")).WithReason(ReasonPrecosAlterados)
	}
	return s.reverificarEnvio(ctx, p, a, valores)
}

// reverificarEnvio checks an order just sent (enviado) again against the customer's open total
// and the seller's bonificação of the month as they stood right after its own increment (valores,
// from the store's atomic counters). Two orders sent at the same moment each read the figures
// before the other's increment and could both pass; the increments are ordered, so this check
// sees each order as if they had come one after the other: the one that passes the limit goes to
// approval (ExigirAprovacao) — never refused, since it is already saved. A failure here is logged
// and the order stays as sent.
func (s *Service) reverificarEnvio(ctx context.Context, p *domain.Pedido, a *avaliacao, valores map[string]map[string]int64) (*domain.Pedido, error) {
	if a == nil || valores == nil || p.Status != domain.StatusEnviado {
		return p, nil
	}
	regras := a.regras
	if v, ok := valores[domain.ResumoClienteEmAberto+"|"+domain.ChaveClienteEmAberto(p.ClienteID)]; ok {
		regras.Cliente.EmAbertoCentavos = v[domain.CampoTotal] - p.TotalCentavos
	}
	if v, ok := valores[domain.ResumoVendedorMes+"|"+domain.ChaveVendedorMes(p.VendedorID, domain.MesDoPedido(p))]; ok {
		regras.Verba.UsadoCentavos = v[domain.CampoBonificacao] - p.BonificacaoCentavos
	}
	motivos, err := domain.AvaliarPedido(a.pr, p.TotalCentavos, regras)
	if err != nil {
		return p, s.logReverificacao(ctx, p, err)
	}
	novos := slices.DeleteFunc(motivos, func(m domain.MotivoAprovacao) bool {
		return m.Motivo != domain.AvisoLimiteDeCreditoExcedido && m.Motivo != domain.AvisoBonificacaoAcimaDaVerba
	})
	if len(novos) == 0 {
		return p, nil
	}
	c := caller.From(ctx)
	q, err := s.mudarPedido(ctx, p.ID, p.Versao, func(x *domain.Pedido) error { return x.ExigirAprovacao(novos, c.Operador, s.now()) })
	if err != nil {
		return p, s.logReverificacao(ctx, p, err)
	}
	return q, nil
}

func (s *Service) logReverificacao(ctx context.Context, p *domain.Pedido, err error) error {
	if s.Log != nil {
		s.Log.ErrorContext(ctx, "pedido enviado não reverificado (crédito e verba)", "pedido", p.ID, "erro", err)
	}
	return nil
}

// supervisorDe is the caller when they are a SUPERVISOR whose team has the seller.
func supervisorDe(c *caller.Caller, vendedor string) string {
	if c.Perfil == caller.Supervisor && slices.Contains(c.Equipe, vendedor) {
		return c.Operador
	}
	return ""
}

// AprovarPedido: the seller's SUPERVISOR or an ADMIN approves an order waiting for approval.
func (s *Service) AprovarPedido(ctx context.Context, id string, versao int64, observacao string) (*domain.Pedido, error) {
	c := caller.From(ctx)
	return s.mudarPedido(ctx, id, versao, func(p *domain.Pedido) error {
		return p.Aprovar(quem(c), supervisorDe(c, p.VendedorID), observacao, s.now())
	})
}

// ReprovarPedido: the seller's SUPERVISOR or an ADMIN rejects it, with a note.
func (s *Service) ReprovarPedido(ctx context.Context, id string, versao int64, observacao string) (*domain.Pedido, error) {
	c := caller.From(ctx)
	return s.mudarPedido(ctx, id, versao, func(p *domain.Pedido) error {
		return p.Reprovar(quem(c), supervisorDe(c, p.VendedorID), observacao, s.now())
	})
}

// CancelarPedido cancels an order with a reason (any status before faturado, and reprovado).
func (s *Service) CancelarPedido(ctx context.Context, id string, versao int64, motivo string) (*domain.Pedido, error) {
	c := caller.From(ctx)
	return s.mudarPedido(ctx, id, versao, func(p *domain.Pedido) error { return p.Cancelar(c.Operador, motivo, s.now()) })
}

// ReabrirPedido returns a rejected order (or one still waiting for approval) to orcamento.
func (s *Service) ReabrirPedido(ctx context.Context, id string, versao int64, observacao string) (*domain.Pedido, error) {
	c := caller.From(ctx)
	return s.mudarPedido(ctx, id, versao, func(p *domain.Pedido) error { return p.Reabrir(c.Operador, observacao, s.now()) })
}

// AlterarStatusPedido moves a sent order on (em_separacao, faturado with an invoice, entregue):
// an ADMIN, or the ERP signed in as one.
func (s *Service) AlterarStatusPedido(ctx context.Context, id string, versao int64, status string, nf *domain.NotaFiscal, observacao string) (*domain.Pedido, error) {
	c := caller.From(ctx)
	para := domain.StatusPedido(strings.ToLower(strings.TrimSpace(status)))
	return s.mudarPedido(ctx, id, versao, func(p *domain.Pedido) error { return p.AvancarStatus(para, quem(c), nf, observacao, s.now()) })
}

// itemRecusado is the index of the item an error of pricing is about (itens[i]…), or -1.
var itemRecusado = regexp.MustCompile(`^itens\[(\d+)\]`)

func indiceRecusado(err error) int {
	var e *errs.Error
	if !errors.As(err, &e) || e.Kind != errs.KindInvalid || len(e.Fields) == 0 {
		return -1
	}
	m := itemRecusado.FindStringSubmatch(e.Fields[0].Field)
	if m == nil {
		return -1
	}
	i, _ := strconv.Atoi(m[1])
	return i
}

// DuplicarPedido creates a draft with an order's items re-priced today, for the same customer or
// another (clienteID), with the new client-generated id novoID (a replay returns the first copy).
// Items no longer sellable (inactive or removed products, no price in the customer's table) are
// left out and named in the history's first note.
func (s *Service) DuplicarPedido(ctx context.Context, id, novoID, clienteID string) (*domain.Pedido, error) {
	orig, err := s.ObterPedido(ctx, id)
	if err != nil {
		return nil, err
	}
	in := entradaDe(orig)
	in.ID, in.Enviar = novoID, false
	for i := range in.Itens {
		in.Itens[i].PrecoEsperado = 0 // re-priced today, by design
	}
	if c := strings.TrimSpace(clienteID); c != "" {
		in.ClienteID = c
	}
	in.Latitude, in.Longitude, in.VisitaID, in.DataEntrega = nil, nil, "", ""
	nota := fmt.Sprintf("Cópia do pedido %d.", orig.Numero)
	var fora []string
	for len(in.Itens) > 0 {
		p, err := s.criarPedido(ctx, in, nota+foraDeVenda(fora))
		i := indiceRecusado(err)
		if i < 0 || i >= len(in.Itens) {
			return p, err
		}
		it := orig.Itens[slices.IndexFunc(orig.Itens, func(x domain.ItemPedido) bool { return x.ProdutoID == in.Itens[i].ProdutoID })]
		fora = append(fora, strings.TrimSpace(it.Codigo+" "+it.Descricao))
		in.Itens = slices.Delete(in.Itens, i, i+1)
	}
	return nil, errs.Invalid("Nenhum item do pedido " + strconv.FormatInt(orig.Numero, 10) + " pode ser vendido hoje" + foraDeVenda(fora))
}

func foraDeVenda(fora []string) string {
	if len(fora) == 0 {
		return ""
	}
	return " Fora de venda hoje: " + strings.Join(fora, "; ") + "."
}

// FiltroPedidos filters the order search.
type FiltroPedidos struct {
	Q, ClienteID, Status, Vendedor, De, Ate string
	PageSize                                int32
	PageToken                               string
}

// MsgVendedorForaDoEscopo refuses a search by a seller outside the caller's scope.
const MsgVendedorForaDoEscopo = "Este vendedor não está na sua equipe."

var soDigitos = regexp.MustCompile(`^\d{1,9}$`)

// ListarPedidos searches the orders in the caller's scope, newest first, one page: by number (q of
// digits only), customer name or document (other q), customer, status (one or several separated by
// commas), seller (within the scope) and creation period (de, ate: AAAA-MM-DD, inclusive).
func (s *Service) ListarPedidos(ctx context.Context, f FiltroPedidos) (*store.Page[domain.Pedido], error) {
	c := caller.From(ctx)
	q := store.Query{PageSize: f.PageSize, PageToken: f.PageToken}
	if t := strings.TrimSpace(f.Q); soDigitos.MatchString(t) {
		n, _ := strconv.ParseInt(t, 10, 64)
		q.Where = append(q.Where, store.Eq("numero", n))
	} else if t != "" {
		ids, poucos, err := s.clientesDaBusca(ctx, c.Empresa, t)
		if err != nil {
			return nil, err
		}
		if poucos {
			q.Where = append(q.Where, store.In("cliente_id", ids))
		} else {
			q.Search = t
		}
	}
	if v := strings.TrimSpace(f.Vendedor); v != "" {
		if !c.Sees(v) {
			return nil, errs.OutOfScope(MsgVendedorForaDoEscopo)
		}
		q.Where = append(q.Where, store.Eq("vendedor_id", v))
	}
	if v := strings.TrimSpace(f.ClienteID); v != "" {
		q.Where = append(q.Where, store.Eq("cliente_id", v))
	}
	if v := strings.TrimSpace(f.Status); v != "" {
		var sts []string
		for _, x := range strings.Split(v, ",") {
			st := domain.StatusPedido(strings.ToLower(strings.TrimSpace(x)))
			if !st.Valido() {
				return nil, errs.Field("status", fmt.Sprintf("Status desconhecido: %s.", strings.TrimSpace(x)))
			}
			sts = append(sts, string(st))
		}
		q.Where = append(q.Where, store.In("status", sts))
	}
	for _, d := range []struct {
		campo, v string
		cond     func(string, any) store.Cond
	}{{"de", f.De, store.Gte}, {"ate", f.Ate, store.Lte}} {
		if v := strings.TrimSpace(d.v); v != "" {
			if !domain.DataValida(domain.Data(v)) {
				return nil, errs.Field(d.campo, "Data deve ser AAAA-MM-DD.")
			}
			q.Where = append(q.Where, d.cond("data", v))
		}
	}
	return s.Col.Pedidos.List(ctx, store.ScopeOf(c), q)
}

// AlteracoesPedidos is the feed of the orders in the caller's scope. The device keeps 90 days (by
// last change): a new copy starts with those only, not the company's whole history (an ADMIN's
// phone would otherwise download every order ever made); later changes come whatever their age.
func (s *Service) AlteracoesPedidos(ctx context.Context, desde string, size int32) (*store.Changes[domain.Pedido], error) {
	ch, err := s.Col.Pedidos.Changes(ctx, store.ScopeOf(caller.From(ctx)), desde, size,
		store.SnapshotWhere(store.Gte("alterado", string(domain.InicioNoAparelho(s.now())))))
	if errs.IsKind(err, errs.KindInvalid) {
		return nil, errs.Field("desde", MsgCursor)
	}
	return ch, err
}

// ResumoVendas is a month's figures of a seller, or summed over the caller's scope.
type ResumoVendas struct {
	Mes, VendedorID string
	Campos          map[string]int64
}

var mesValido = regexp.MustCompile(`^\d{4}-(0[1-9]|1[0-2])$`)

// ObterResumoVendas reads the month's figures (default: this month) of a seller in the caller's
// scope, or of the whole scope (VENDEDOR themself, SUPERVISOR themself and the team, ADMIN every
// seller), from the summaries kept on write.
func (s *Service) ObterResumoVendas(ctx context.Context, mes, vendedor string) (*ResumoVendas, error) {
	c := caller.From(ctx)
	mes = strings.TrimSpace(mes)
	if mes == "" {
		mes = domain.MesDe(s.now())
	} else if !mesValido.MatchString(mes) {
		return nil, errs.Field("mes", "Mês deve ser AAAA-MM.")
	}
	vendedor = strings.TrimSpace(vendedor)
	out := &ResumoVendas{Mes: mes, VendedorID: vendedor, Campos: map[string]int64{}}
	st := s.Col.Pedidos.Store()
	somar := func(campos map[string]int64) {
		for k, v := range campos {
			out.Campos[k] += v
		}
	}
	var vendedores []string
	switch {
	case vendedor != "":
		if !c.Sees(vendedor) {
			return nil, errs.OutOfScope(MsgVendedorForaDoEscopo)
		}
		vendedores = []string{vendedor}
	case c.Perfil == caller.Admin:
		todos, err := st.AllCounters(ctx, domain.ResumoVendedorMes, c.Empresa)
		if err != nil {
			return nil, err
		}
		for id, campos := range todos {
			if strings.HasSuffix(id, "|"+mes) {
				somar(campos)
			}
		}
		return out, nil
	case c.Perfil == caller.Supervisor:
		vendedores = append([]string{c.Operador}, c.Equipe...)
	default:
		vendedores = []string{c.Operador}
	}
	for _, v := range vendedores {
		campos, err := st.Counters(ctx, domain.ResumoVendedorMes, c.Empresa, domain.ChaveVendedorMes(v, mes))
		if err != nil {
			return nil, err
		}
		somar(campos)
	}
	return out, nil
}

// Espelho renders an order's "espelho do pedido" as a PDF (adapters.EspelhoPDF).
type Espelho func(p *domain.Pedido, empresa, vendedor string, em time.Time) ([]byte, error)

// Nomes are the display names the PDF shows: the company's (system service) and an operator's
// (operator service), read on the caller's behalf; empty when unknown.
type Nomes interface {
	Empresa(ctx context.Context) string
	Operador(ctx context.Context, id string) string
}

// PdfPedido renders the "espelho do pedido" of an order in the caller's scope.
func (s *Service) PdfPedido(ctx context.Context, id string) ([]byte, error) {
	p, err := s.ObterPedido(ctx, id)
	if err != nil {
		return nil, err
	}
	if s.Espelho == nil {
		return nil, errs.Unavailable("Geração de PDF indisponível.", nil)
	}
	var empresa, vendedor string
	if s.Nomes != nil {
		empresa, vendedor = s.Nomes.Empresa(ctx), s.Nomes.Operador(ctx, p.VendedorID)
	}
	return s.Espelho(p, empresa, vendedor, s.now())
}
