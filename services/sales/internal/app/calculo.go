package app

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// MaxItens is the largest draft priced in one call.
const MaxItens = 500

// ItemCalculo is a line of a draft to price.
type ItemCalculo struct {
	ProdutoID  string
	Quantidade int64
	Desconto   domain.Percentual
}

// Calculo is a draft to price.
type Calculo struct {
	ClienteID, CondicaoID string
	Itens                 []ItemCalculo
	// Data "AAAA-MM-DD" (empty: today in America/Sao_Paulo).
	Data string
}

var saoPaulo = func() *time.Location {
	if l, err := time.LoadLocation("America/Sao_Paulo"); err == nil {
		return l
	}
	return time.FixedZone("BRT", -3*3600)
}()

// Hoje is the date of t in America/Sao_Paulo.
func Hoje(t time.Time) domain.Data { return domain.Data(t.In(saoPaulo).Format("2006-01-02")) }

// Calcular prices a draft without saving anything (domain.PrecificarPedido): the customer is
// read from the customer service in the caller's scope (a seller: their portfolio; another
// company's → 403), the policy as it applies to the caller, the company's tables, terms and ST
// rules, and the prices of the table that applies to the customer.
func (s *Service) Calcular(ctx context.Context, in Calculo) (domain.ResultadoPedido, error) {
	var zero domain.ResultadoPedido
	if len(in.Itens) > MaxItens {
		return zero, errs.Field("itens", fmt.Sprintf("Informe no máximo %d itens.", MaxItens))
	}
	data := domain.Data(strings.TrimSpace(in.Data))
	if data == "" {
		data = Hoje(s.now())
	} else if _, err := time.Parse("2006-01-02", string(data)); err != nil {
		return zero, errs.Field("data", "Data deve ser AAAA-MM-DD.")
	}
	ids := make([]string, 0, len(in.Itens))
	for _, it := range in.Itens {
		ids = append(ids, it.ProdutoID)
	}
	b, err := s.carregarBase(ctx, in.ClienteID, in.CondicaoID, ids, data)
	if err != nil {
		return zero, err
	}
	linhas := make([]domain.Linha, 0, len(in.Itens))
	for _, it := range in.Itens {
		linhas = append(linhas, domain.Linha{Produto: b.produtos[it.ProdutoID].Produto(), Quantidade: it.Quantidade, DescontoPercentual: it.Desconto})
	}
	return domain.PrecificarPedido(linhas, b.cliente.Preco, b.cond, b.politica(caller.From(ctx).Operador), data)
}

// base is everything pricing reads for a customer and a set of products (carregarBase).
type base struct {
	produtos map[string]*domain.ProdutoCadastro
	cliente  domain.ClienteVenda
	cond     domain.CondicaoPagamento
	pol      *domain.PoliticaCadastro
	tabelas  []domain.TabelaPreco
	regras   []domain.RegraST
}

// politica is the policy as it applies to a seller.
func (b *base) politica(vendedor string) domain.Politica {
	return b.pol.Politica(vendedor, b.tabelas, b.regras)
}

// carregarBase reads what pricing needs, in the caller's company: the products (itens[i].produto_id
// when one is missing; another company's → 403, before the customer is read), the term (an
// inactive one is refused), the customer from the customer service in the caller's scope, the
// policy, the tables with the prices of the table that applies to the customer on data, and the
// ST rules of the customer's UF.
func (s *Service) carregarBase(ctx context.Context, clienteID, condicaoID string, ids []string, data domain.Data) (*base, error) {
	if err := exigirID(clienteID, "cliente_id", "Informe o cliente."); err != nil {
		return nil, err
	}
	sc := scope(ctx)
	for i, id := range ids {
		if strings.TrimSpace(id) == "" {
			return nil, errs.Field(fmt.Sprintf("itens[%d].produto_id", i), "Informe o produto.")
		}
	}
	produtos, err := s.Col.Produtos.GetMany(ctx, sc, ids)
	if err != nil {
		return nil, err
	}
	for i, id := range ids {
		if produtos[id] == nil {
			_, err := s.Col.Produtos.Get(ctx, sc, id) // 403 for another company's, else 404
			if errs.IsKind(err, errs.KindNotFound) || err == nil {
				return nil, errs.Field(fmt.Sprintf("itens[%d].produto_id", i), domain.MsgProdutoNaoEncontrado).
					WithReason(errs.ReasonNaoEncontrado, "produto_id", id)
			}
			return nil, err
		}
	}
	b := &base{produtos: produtos}
	if id := strings.TrimSpace(condicaoID); id != "" {
		c, err := s.Col.Condicoes.Get(ctx, sc, id)
		if err != nil {
			return nil, err
		}
		if !c.Ativo {
			return nil, errs.Field("condicao_id", fmt.Sprintf("Condição de pagamento %s está inativa.", c.Nome)).
				WithReason(domain.ReasonCondicaoNaoPermitida, "condicao_id", c.ID)
		}
		b.cond = c.Condicao()
	}
	if s.Clientes == nil {
		return nil, errs.Unavailable("Serviço de clientes indisponível. Tente novamente em instantes.", nil)
	}
	if b.cliente, err = s.Clientes.Obter(ctx, clienteID); err != nil {
		return nil, err
	}
	if b.pol, err = s.politica(ctx); err != nil {
		return nil, err
	}
	tabs, err := s.Col.Tabelas.All(ctx, sc, store.Query{})
	if err != nil {
		return nil, err
	}
	b.tabelas = make([]domain.TabelaPreco, 0, len(tabs))
	for _, t := range tabs {
		b.tabelas = append(b.tabelas, t.Tabela())
	}
	if t := domain.TabelaDoCliente(b.cliente.Preco, b.tabelas, data); t != nil {
		pids := make([]string, 0, len(ids))
		for _, id := range ids {
			pids = append(pids, domain.PrecoID(t.ID, id))
		}
		precos, err := s.Col.Precos.GetMany(ctx, sc, pids)
		if err != nil {
			return nil, err
		}
		for i := range b.tabelas {
			if b.tabelas[i].ID == t.ID {
				b.tabelas[i].Precos = make(map[string]domain.PrecoTabela, len(precos))
				for _, p := range precos {
					b.tabelas[i].Precos[p.ProdutoID] = domain.PrecoTabela{PrecoCentavos: p.PrecoCentavos, PrecoMinimoCentavos: p.PrecoMinimoCentavos}
				}
			}
		}
	}
	rs, err := s.Col.RegrasST.All(ctx, sc, store.Query{Where: []store.Cond{store.Eq("uf", b.cliente.Preco.UF)}})
	if err != nil {
		return nil, err
	}
	b.regras = make([]domain.RegraST, 0, len(rs))
	for _, r := range rs {
		b.regras = append(b.regras, r.Regra())
	}
	return b, nil
}
