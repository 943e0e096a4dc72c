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
	if err := exigirID(in.ClienteID, "cliente_id", "Informe o cliente."); err != nil {
		return zero, err
	}
	if len(in.Itens) > MaxItens {
		return zero, errs.Field("itens", fmt.Sprintf("Informe no máximo %d itens.", MaxItens))
	}
	data := domain.Data(strings.TrimSpace(in.Data))
	if data == "" {
		data = Hoje(s.now())
	} else if _, err := time.Parse("2006-01-02", string(data)); err != nil {
		return zero, errs.Field("data", "Data deve ser AAAA-MM-DD.")
	}
	sc := scope(ctx)
	// The products first: another company's product id is refused before the customer is read.
	ids := make([]string, 0, len(in.Itens))
	for i, it := range in.Itens {
		if strings.TrimSpace(it.ProdutoID) == "" {
			return zero, errs.Field(fmt.Sprintf("itens[%d].produto_id", i), "Informe o produto.")
		}
		ids = append(ids, it.ProdutoID)
	}
	produtos, err := s.Col.Produtos.GetMany(ctx, sc, ids)
	if err != nil {
		return zero, err
	}
	for i, id := range ids {
		if produtos[id] == nil {
			_, err := s.Col.Produtos.Get(ctx, sc, id) // 403 for another company's, else 404
			if errs.IsKind(err, errs.KindNotFound) || err == nil {
				return zero, errs.Field(fmt.Sprintf("itens[%d].produto_id", i), domain.MsgProdutoNaoEncontrado).
					WithReason(errs.ReasonNaoEncontrado, "produto_id", id)
			}
			return zero, err
		}
	}
	var cond domain.CondicaoPagamento
	if id := strings.TrimSpace(in.CondicaoID); id != "" {
		c, err := s.Col.Condicoes.Get(ctx, sc, id)
		if err != nil {
			return zero, err
		}
		if !c.Ativo {
			return zero, errs.Field("condicao_id", fmt.Sprintf("Condição de pagamento %s está inativa.", c.Nome)).
				WithReason(domain.ReasonCondicaoNaoPermitida, "condicao_id", c.ID)
		}
		cond = c.Condicao()
	}
	if s.Clientes == nil {
		return zero, errs.Unavailable("Serviço de clientes indisponível. Tente novamente em instantes.", nil)
	}
	cliente, err := s.Clientes.Obter(ctx, in.ClienteID)
	if err != nil {
		return zero, err
	}
	pol, err := s.politica(ctx)
	if err != nil {
		return zero, err
	}
	tabs, err := s.Col.Tabelas.All(ctx, sc, store.Query{})
	if err != nil {
		return zero, err
	}
	tabelas := make([]domain.TabelaPreco, 0, len(tabs))
	for _, t := range tabs {
		tabelas = append(tabelas, t.Tabela())
	}
	if t := domain.TabelaDoCliente(cliente, tabelas, data); t != nil {
		pids := make([]string, 0, len(ids))
		for _, id := range ids {
			pids = append(pids, domain.PrecoID(t.ID, id))
		}
		precos, err := s.Col.Precos.GetMany(ctx, sc, pids)
		if err != nil {
			return zero, err
		}
		for i := range tabelas {
			if tabelas[i].ID == t.ID {
				tabelas[i].Precos = make(map[string]domain.PrecoTabela, len(precos))
				for _, p := range precos {
					tabelas[i].Precos[p.ProdutoID] = domain.PrecoTabela{PrecoCentavos: p.PrecoCentavos, PrecoMinimoCentavos: p.PrecoMinimoCentavos}
				}
			}
		}
	}
	rs, err := s.Col.RegrasST.All(ctx, sc, store.Query{Where: []store.Cond{store.Eq("uf", cliente.UF)}})
	if err != nil {
		return zero, err
	}
	regras := make([]domain.RegraST, 0, len(rs))
	for _, r := range rs {
		regras = append(regras, r.Regra())
	}
	linhas := make([]domain.Linha, 0, len(in.Itens))
	for _, it := range in.Itens {
		linhas = append(linhas, domain.Linha{Produto: produtos[it.ProdutoID].Produto(), Quantidade: it.Quantidade, DescontoPercentual: it.Desconto})
	}
	return domain.PrecificarPedido(linhas, cliente, cond, pol.Politica(caller.From(ctx).Operador, tabelas, regras), data)
}
