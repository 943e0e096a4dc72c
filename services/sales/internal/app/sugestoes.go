package app

import (
	"context"
	"strings"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// ClienteProdutoDiaSpec declares resumo_cliente_produto_dia (domain/sugestao.go), kept on write
// with the other summaries. Its keys start with the customer and the day, so a customer's window
// is one range of the declared order's index.
var ClienteProdutoDiaSpec = store.ReadModelSpec[domain.LinhaClienteProdutoDia]{
	Name: domain.ResumoClienteProdutoDia, OutOfScope: MsgResumoForaDoEscopo, Owner: "vendedor_id",
	Keys: []store.Key[domain.LinhaClienteProdutoDia]{
		{Name: "cliente_id", Get: func(l *domain.LinhaClienteProdutoDia) string { return l.ClienteID }},
		{Name: "dia", Get: func(l *domain.LinhaClienteProdutoDia) string { return l.Dia }},
		{Name: "produto_id", Get: func(l *domain.LinhaClienteProdutoDia) string { return l.ProdutoID }}},
	Fields: []store.Field[domain.LinhaClienteProdutoDia]{vendedorDe(func(l *domain.LinhaClienteProdutoDia) string { return l.VendedorID })},
	Counters: []store.Counter[domain.LinhaClienteProdutoDia]{
		{Name: domain.CampoPedidos, Ptr: func(l *domain.LinhaClienteProdutoDia) *int64 { return &l.Pedidos }},
		{Name: domain.CampoQuantidade, Ptr: func(l *domain.LinhaClienteProdutoDia) *int64 { return &l.Quantidade }}},
}

// SugestaoProduto is a suggestion with what the app shows of its product.
type SugestaoProduto struct {
	domain.Sugestao
	Descricao, Unidade string
}

// MsgClienteObrigatorio asks for the customer of the suggestions.
const MsgClienteObrigatorio = "Informe o cliente."

// Sugestoes are the products the customer stopped buying (domain.Sugestoes), read from
// resumo_cliente_produto_dia. The customer is read from the customer service in the caller's
// scope first, as an order's is (a seller: their portfolio; a SUPERVISOR: the team's; an ADMIN:
// any of the company; another company's or outside the scope → 403, a missing one → 404); then the
// rows are the customer's whoever's order moved them. Products no longer sold (inactive or
// deleted) are left out: they could not become a line.
func (s *Service) Sugestoes(ctx context.Context, clienteID string) ([]SugestaoProduto, error) {
	clienteID = strings.TrimSpace(clienteID)
	if clienteID == "" {
		return nil, errs.Field("cliente_id", MsgClienteObrigatorio)
	}
	if s.Clientes == nil {
		return nil, errs.Unavailable("Serviço de clientes indisponível. Tente novamente em instantes.", nil)
	}
	if _, err := s.Clientes.Obter(ctx, clienteID); err != nil {
		return nil, err
	}
	hoje := Hoje(s.now())
	sc := store.Company(caller.From(ctx).Empresa)
	linhas, err := s.Col.Resumos.ClienteProdutoDia.All(ctx, sc, store.Query{Where: []store.Cond{
		store.Eq("cliente_id", clienteID), store.Gte("dia", string(domain.InicioSugestoes(hoje)))}})
	if err != nil {
		return nil, err
	}
	compras := make([]domain.CompraDia, len(linhas))
	for i, l := range linhas {
		compras[i] = domain.CompraDia{ProdutoID: l.ProdutoID, Dia: domain.Data(l.Dia), Pedidos: l.Pedidos, Quantidade: l.Quantidade}
	}
	sug := domain.Sugestoes(compras, hoje)
	ids := make([]string, len(sug))
	for i, x := range sug {
		ids[i] = x.ProdutoID
	}
	produtos, err := s.Col.Produtos.GetMany(ctx, sc, ids)
	if err != nil {
		return nil, err
	}
	out := make([]SugestaoProduto, 0, len(sug))
	for _, x := range sug {
		if p := produtos[x.ProdutoID]; p != nil && p.Ativo {
			out = append(out, SugestaoProduto{Sugestao: x, Descricao: p.Descricao, Unidade: p.Unidade})
		}
	}
	return out, nil
}
