// Package app holds the sales service's use cases: the catalogue (products), price tables and
// their prices, payment terms, the commercial policy, ICMS-ST rules and the pricing of a draft,
// always within the caller's company. Every collection is company-wide: ADMIN writes (the method
// policies), every operator reads.
package app

import (
	"context"
	"log/slog"
	"regexp"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/textfold"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// Clientes is the customer service's view of a customer, in the caller's scope.
type Clientes interface {
	Obter(ctx context.Context, id string) (domain.ClienteVenda, error)
}

// Collections are the service's stored entities (declared in adapters).
type Collections struct {
	Produtos  *store.Collection[domain.ProdutoCadastro]
	Tabelas   *store.Collection[domain.TabelaCadastro]
	Precos    *store.Collection[domain.PrecoCadastro]
	Condicoes *store.Collection[domain.CondicaoCadastro]
	RegrasST  *store.Collection[domain.RegraSTCadastro]
	Politicas *store.Collection[domain.PoliticaCadastro]
	Fotos     *store.Collection[domain.FotoCadastro]
	Pedidos   *store.Collection[domain.Pedido]
	// ClientesPedidos: the customers with orders, for the search by name (pedidos_busca.go).
	ClientesPedidos *store.Collection[domain.ClienteDosPedidos]
}

// Service implements the sales use cases.
type Service struct {
	Col      *Collections
	Clientes Clientes
	Espelho  Espelho
	Nomes    Nomes
	Log      *slog.Logger
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// Messages a user reads.
const (
	MsgCursor = "Cursor inválido: use o valor de cursor da resposta anterior (ou vazio para começar)."
	MsgID     = "Id inválido: use um UUID (letras, números, - e _; até 64 caracteres)."
)

var idPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// newID validates a client-generated id or makes one.
func newID(id string) (string, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return uuid.NewString(), nil
	}
	if !idPattern.MatchString(id) {
		return "", errs.Field("id", MsgID)
	}
	return id, nil
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// scope is the caller's company (every sales collection is company-wide).
func scope(ctx context.Context) store.Scope { return store.Company(caller.From(ctx).Empresa) }

func exigirID(id, campo, msg string) error {
	if strings.TrimSpace(id) == "" {
		return errs.Field(campo, msg)
	}
	return nil
}

// changes reads a collection's feed in the caller's company after a cursor.
func changes[T any](ctx context.Context, col *store.Collection[T], desde string, size int32) (*store.Changes[T], error) {
	ch, err := col.Changes(ctx, scope(ctx), desde, size)
	if errs.IsKind(err, errs.KindInvalid) {
		return nil, errs.Field("desde", MsgCursor)
	}
	return ch, err
}

// ---------- products ----------

// FiltroProdutos filters a product list.
type FiltroProdutos struct {
	PageSize     int32
	PageToken, Q string
	Grupo, Marca string
	Ativo        *bool
}

// ListarProdutos lists the company's products by description, one page.
func (s *Service) ListarProdutos(ctx context.Context, f FiltroProdutos) (*store.Page[domain.ProdutoCadastro], error) {
	q := store.Query{PageSize: f.PageSize, PageToken: f.PageToken, Search: strings.TrimSpace(f.Q)}
	if g := strings.TrimSpace(f.Grupo); g != "" {
		q.Where = append(q.Where, store.Eq("grupo", textfold.Fold(g)))
	}
	if m := strings.TrimSpace(f.Marca); m != "" {
		q.Where = append(q.Where, store.Eq("marca", textfold.Fold(m)))
	}
	if f.Ativo != nil {
		q.Where = append(q.Where, store.Eq("ativo", *f.Ativo))
	}
	return s.Col.Produtos.List(ctx, scope(ctx), q)
}

// ObterProduto reads a product of the caller's company.
func (s *Service) ObterProduto(ctx context.Context, id string) (*domain.ProdutoCadastro, error) {
	if err := exigirID(id, "id", "Informe o id do produto."); err != nil {
		return nil, err
	}
	return s.Col.Produtos.Get(ctx, scope(ctx), id)
}

// CriarProduto adds a product. A retry with the same id returns the first result; a code
// already in the company → 409 CODIGO_DUPLICADO.
func (s *Service) CriarProduto(ctx context.Context, p domain.ProdutoCadastro, comEstoque bool) (*domain.ProdutoCadastro, error) {
	id, err := newID(p.ID)
	if err != nil {
		return nil, err
	}
	p.Meta = store.Meta{ID: id}
	if err := p.Normalizar(); err != nil {
		return nil, err
	}
	if comEstoque {
		p.EstoqueEm = s.now().UTC().Truncate(time.Millisecond)
	}
	out, _, err := s.Col.Produtos.Create(ctx, scope(ctx), &p)
	return out, err
}

// PatchProduto lists the fields an update changes (nil: unchanged).
type PatchProduto struct {
	Codigo, Descricao, Marca, Grupo, Unidade, EAN, NCM *string
	MultiploVenda, PesoGramas, UnidadesCaixa, Estoque  *int64
	IPI                                                *domain.Percentual
	Ativo                                              *bool
}

func set[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

// AtualizarProduto changes a product's fields (versao, when non-zero, must be the stored one).
func (s *Service) AtualizarProduto(ctx context.Context, id string, versao int64, p PatchProduto) (*domain.ProdutoCadastro, error) {
	if err := exigirID(id, "id", "Informe o id do produto."); err != nil {
		return nil, err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	return s.Col.Produtos.Update(ctx, scope(ctx), id, versao, func(x *domain.ProdutoCadastro) error {
		set(&x.Codigo, p.Codigo)
		set(&x.Descricao, p.Descricao)
		set(&x.Marca, p.Marca)
		set(&x.Grupo, p.Grupo)
		set(&x.Unidade, p.Unidade)
		set(&x.EAN, p.EAN)
		set(&x.NCM, p.NCM)
		set(&x.MultiploVenda, p.MultiploVenda)
		set(&x.PesoGramas, p.PesoGramas)
		set(&x.UnidadesCaixa, p.UnidadesCaixa)
		set(&x.IPI, p.IPI)
		set(&x.Ativo, p.Ativo)
		if p.Estoque != nil {
			x.Estoque, x.EstoqueEm = *p.Estoque, now
		}
		return x.Normalizar()
	})
}

// ExcluirProduto soft-deletes a product (its code stays reserved; deleting again succeeds).
func (s *Service) ExcluirProduto(ctx context.Context, id string, versao int64) (*domain.ProdutoCadastro, error) {
	if err := exigirID(id, "id", "Informe o id do produto."); err != nil {
		return nil, err
	}
	return s.Col.Produtos.Delete(ctx, scope(ctx), id, versao)
}

// AlteracoesProdutos is the products' change feed.
func (s *Service) AlteracoesProdutos(ctx context.Context, desde string, size int32) (*store.Changes[domain.ProdutoCadastro], error) {
	return changes(ctx, s.Col.Produtos, desde, size)
}

// ---------- price tables ----------

// ListarTabelas lists the company's price tables by name.
func (s *Service) ListarTabelas(ctx context.Context, size int32, token string) (*store.Page[domain.TabelaCadastro], error) {
	return s.Col.Tabelas.List(ctx, scope(ctx), store.Query{PageSize: size, PageToken: token})
}

// ObterTabela reads a table of the caller's company.
func (s *Service) ObterTabela(ctx context.Context, id string) (*domain.TabelaCadastro, error) {
	if err := exigirID(id, "id", "Informe o id da tabela de preço."); err != nil {
		return nil, err
	}
	return s.Col.Tabelas.Get(ctx, scope(ctx), id)
}

// CriarTabela adds a price table (without prices).
func (s *Service) CriarTabela(ctx context.Context, t domain.TabelaCadastro) (*domain.TabelaCadastro, error) {
	id, err := newID(t.ID)
	if err != nil {
		return nil, err
	}
	t.Meta = store.Meta{ID: id}
	if err := t.Normalizar(); err != nil {
		return nil, err
	}
	out, _, err := s.Col.Tabelas.Create(ctx, scope(ctx), &t)
	return out, err
}

// PatchTabela lists the fields an update changes (nil: unchanged).
type PatchTabela struct {
	Nome                        *string
	Padrao                      *bool
	ValidadeInicio, ValidadeFim *string
	Clientes, Regioes, UFs      *[]string
	Desconto                    *domain.Percentual
}

// AtualizarTabela changes a table.
func (s *Service) AtualizarTabela(ctx context.Context, id string, versao int64, p PatchTabela) (*domain.TabelaCadastro, error) {
	if err := exigirID(id, "id", "Informe o id da tabela de preço."); err != nil {
		return nil, err
	}
	return s.Col.Tabelas.Update(ctx, scope(ctx), id, versao, func(t *domain.TabelaCadastro) error {
		set(&t.Nome, p.Nome)
		set(&t.Padrao, p.Padrao)
		if p.ValidadeInicio != nil {
			t.ValidadeInicio = domain.Data(*p.ValidadeInicio)
		}
		if p.ValidadeFim != nil {
			t.ValidadeFim = domain.Data(*p.ValidadeFim)
		}
		set(&t.Clientes, p.Clientes)
		set(&t.Regioes, p.Regioes)
		set(&t.UFs, p.UFs)
		set(&t.Desconto, p.Desconto)
		return t.Normalizar()
	})
}

// ExcluirTabela soft-deletes a table (its customers fall back to the next table that applies).
func (s *Service) ExcluirTabela(ctx context.Context, id string, versao int64) (*domain.TabelaCadastro, error) {
	if err := exigirID(id, "id", "Informe o id da tabela de preço."); err != nil {
		return nil, err
	}
	return s.Col.Tabelas.Delete(ctx, scope(ctx), id, versao)
}

// AlteracoesTabelas is the tables' change feed.
func (s *Service) AlteracoesTabelas(ctx context.Context, desde string, size int32) (*store.Changes[domain.TabelaCadastro], error) {
	return changes(ctx, s.Col.Tabelas, desde, size)
}

// ListarPrecos lists a table's prices by product id, one page.
func (s *Service) ListarPrecos(ctx context.Context, tabelaID string, size int32, token string) (*store.Page[domain.PrecoCadastro], error) {
	if err := exigirID(tabelaID, "tabela_id", "Informe a tabela de preço."); err != nil {
		return nil, err
	}
	if _, err := s.Col.Tabelas.Get(ctx, scope(ctx), tabelaID); err != nil {
		return nil, err
	}
	return s.Col.Precos.List(ctx, scope(ctx), store.Query{PageSize: size, PageToken: token, Where: []store.Cond{store.Eq("tabela_id", tabelaID)}})
}

// DefinirPreco sets a product's price in a table (creating it, replacing it, or bringing back
// one removed). The table and the product must be of the caller's company.
func (s *Service) DefinirPreco(ctx context.Context, p domain.PrecoCadastro) (*domain.PrecoCadastro, error) {
	if err := exigirID(p.TabelaID, "tabela_id", "Informe a tabela de preço."); err != nil {
		return nil, err
	}
	if err := exigirID(p.ProdutoID, "produto_id", "Informe o produto."); err != nil {
		return nil, err
	}
	sc := scope(ctx)
	if _, err := s.Col.Tabelas.Get(ctx, sc, p.TabelaID); err != nil {
		return nil, err
	}
	if _, err := s.Col.Produtos.Get(ctx, sc, p.ProdutoID); err != nil {
		return nil, err
	}
	if err := p.Validar(); err != nil {
		return nil, err
	}
	id := domain.PrecoID(p.TabelaID, p.ProdutoID)
	for range 3 {
		_, err := s.Col.Precos.GetAny(ctx, sc, id)
		if errs.IsKind(err, errs.KindNotFound) {
			novo := p
			novo.Meta = store.Meta{ID: id}
			out, _, err := s.Col.Precos.Create(ctx, sc, &novo)
			if errs.IsReason(err, errs.ReasonIDReutilizado) {
				continue // created (with another price) in between: replace it
			}
			return out, err
		}
		if err != nil {
			return nil, err
		}
		return s.Col.Precos.Update(ctx, sc, id, 0, func(x *domain.PrecoCadastro) error {
			x.PrecoCentavos, x.PrecoMinimoCentavos, x.Excluido = p.PrecoCentavos, p.PrecoMinimoCentavos, false
			return nil
		}, store.IncludeDeleted)
	}
	return nil, errs.Conflict("O preço foi alterado ao mesmo tempo por outra pessoa. Tente de novo.")
}

// RemoverPreco takes a product out of a table (a tombstone the devices sync).
func (s *Service) RemoverPreco(ctx context.Context, tabelaID, produtoID string) (*domain.PrecoCadastro, error) {
	if err := exigirID(tabelaID, "tabela_id", "Informe a tabela de preço."); err != nil {
		return nil, err
	}
	if err := exigirID(produtoID, "produto_id", "Informe o produto."); err != nil {
		return nil, err
	}
	if _, err := s.Col.Tabelas.Get(ctx, scope(ctx), tabelaID); err != nil {
		return nil, err
	}
	return s.Col.Precos.Delete(ctx, scope(ctx), domain.PrecoID(tabelaID, produtoID), 0)
}

// AlteracoesPrecos is the prices' change feed (every table).
func (s *Service) AlteracoesPrecos(ctx context.Context, desde string, size int32) (*store.Changes[domain.PrecoCadastro], error) {
	return changes(ctx, s.Col.Precos, desde, size)
}

// ---------- payment terms ----------

// ListarCondicoes lists the company's payment terms by name.
func (s *Service) ListarCondicoes(ctx context.Context, size int32, token string) (*store.Page[domain.CondicaoCadastro], error) {
	return s.Col.Condicoes.List(ctx, scope(ctx), store.Query{PageSize: size, PageToken: token})
}

// ObterCondicao reads a term of the caller's company.
func (s *Service) ObterCondicao(ctx context.Context, id string) (*domain.CondicaoCadastro, error) {
	if err := exigirID(id, "id", "Informe o id da condição de pagamento."); err != nil {
		return nil, err
	}
	return s.Col.Condicoes.Get(ctx, scope(ctx), id)
}

// CriarCondicao adds a payment term.
func (s *Service) CriarCondicao(ctx context.Context, c domain.CondicaoCadastro) (*domain.CondicaoCadastro, error) {
	id, err := newID(c.ID)
	if err != nil {
		return nil, err
	}
	c.Meta = store.Meta{ID: id}
	if err := c.Normalizar(); err != nil {
		return nil, err
	}
	out, _, err := s.Col.Condicoes.Create(ctx, scope(ctx), &c)
	return out, err
}

// PatchCondicao lists the fields an update changes (nil: unchanged).
type PatchCondicao struct {
	Nome, Forma         *string
	ParcelasDias        *[]int
	Acrescimo           *domain.Percentual
	ValorMinimoCentavos *int64
	UsaLimiteCredito    *bool
	Clientes            *[]string
	Ativo               *bool
}

// AtualizarCondicao changes a payment term.
func (s *Service) AtualizarCondicao(ctx context.Context, id string, versao int64, p PatchCondicao) (*domain.CondicaoCadastro, error) {
	if err := exigirID(id, "id", "Informe o id da condição de pagamento."); err != nil {
		return nil, err
	}
	return s.Col.Condicoes.Update(ctx, scope(ctx), id, versao, func(c *domain.CondicaoCadastro) error {
		set(&c.Nome, p.Nome)
		set(&c.Forma, p.Forma)
		set(&c.ParcelasDias, p.ParcelasDias)
		set(&c.Acrescimo, p.Acrescimo)
		set(&c.ValorMinimoCentavos, p.ValorMinimoCentavos)
		set(&c.UsaLimiteCredito, p.UsaLimiteCredito)
		set(&c.Clientes, p.Clientes)
		set(&c.Ativo, p.Ativo)
		return c.Normalizar()
	})
}

// ExcluirCondicao soft-deletes a payment term.
func (s *Service) ExcluirCondicao(ctx context.Context, id string, versao int64) (*domain.CondicaoCadastro, error) {
	if err := exigirID(id, "id", "Informe o id da condição de pagamento."); err != nil {
		return nil, err
	}
	return s.Col.Condicoes.Delete(ctx, scope(ctx), id, versao)
}

// AlteracoesCondicoes is the terms' change feed.
func (s *Service) AlteracoesCondicoes(ctx context.Context, desde string, size int32) (*store.Changes[domain.CondicaoCadastro], error) {
	return changes(ctx, s.Col.Condicoes, desde, size)
}

// ---------- ICMS-ST rules ----------

// ListarRegrasST lists the company's ST rules by UF then NCM (optionally of one UF).
func (s *Service) ListarRegrasST(ctx context.Context, uf string, size int32, token string) (*store.Page[domain.RegraSTCadastro], error) {
	q := store.Query{PageSize: size, PageToken: token}
	if uf = strings.ToUpper(strings.TrimSpace(uf)); uf != "" {
		q.Where = append(q.Where, store.Eq("uf", uf))
	}
	return s.Col.RegrasST.List(ctx, scope(ctx), q)
}

// CriarRegraST adds an ST rule (one per NCM × UF).
func (s *Service) CriarRegraST(ctx context.Context, r domain.RegraSTCadastro) (*domain.RegraSTCadastro, error) {
	id, err := newID(r.ID)
	if err != nil {
		return nil, err
	}
	r.Meta = store.Meta{ID: id}
	if err := r.Normalizar(); err != nil {
		return nil, err
	}
	out, _, err := s.Col.RegrasST.Create(ctx, scope(ctx), &r)
	return out, err
}

// ExcluirRegraST deletes an ST rule (its NCM × UF is free again).
func (s *Service) ExcluirRegraST(ctx context.Context, id string, versao int64) (*domain.RegraSTCadastro, error) {
	if err := exigirID(id, "id", "Informe o id da regra."); err != nil {
		return nil, err
	}
	return s.Col.RegrasST.Delete(ctx, scope(ctx), id, versao)
}

// ---------- commercial policy ----------

// politica reads the company's policy (the zero policy when none was set).
func (s *Service) politica(ctx context.Context) (*domain.PoliticaCadastro, error) {
	c := caller.From(ctx)
	p, err := s.Col.Politicas.Get(ctx, scope(ctx), domain.PoliticaID(c.Empresa))
	if errs.IsKind(err, errs.KindNotFound) {
		return &domain.PoliticaCadastro{Meta: store.Meta{Empresa: c.Empresa}}, nil
	}
	return p, err
}

// ObterPolitica returns the policy as the caller may see it: ADMIN every seller's entry, a
// SUPERVISOR their own and their team's, a VENDEDOR their own.
func (s *Service) ObterPolitica(ctx context.Context) (*domain.PoliticaCadastro, error) {
	p, err := s.politica(ctx)
	if err != nil {
		return nil, err
	}
	c := caller.From(ctx)
	vs := []domain.VendedorPolitica{}
	for _, v := range p.Vendedores {
		if c.Sees(v.ID) {
			vs = append(vs, v)
		}
	}
	p.Vendedores = vs
	return p, nil
}

// DefinirPolitica replaces the company's policy (versao, when non-zero, must be the stored one).
func (s *Service) DefinirPolitica(ctx context.Context, versao int64, p domain.PoliticaCadastro) (*domain.PoliticaCadastro, error) {
	if err := p.Normalizar(); err != nil {
		return nil, err
	}
	c := caller.From(ctx)
	id := domain.PoliticaID(c.Empresa)
	sc := scope(ctx)
	_, err := s.Col.Politicas.GetAny(ctx, sc, id)
	if errs.IsKind(err, errs.KindNotFound) {
		if versao > 1 {
			return nil, errs.Conflict(store.MsgVersao).WithReason(errs.ReasonVersaoDesatualizada)
		}
		p.Meta = store.Meta{ID: id}
		out, _, err := s.Col.Politicas.Create(ctx, sc, &p)
		return out, err
	}
	if err != nil {
		return nil, err
	}
	return s.Col.Politicas.Update(ctx, sc, id, versao, func(x *domain.PoliticaCadastro) error {
		meta := x.Meta
		*x = p
		x.Meta = meta
		return nil
	}, store.IncludeDeleted)
}
