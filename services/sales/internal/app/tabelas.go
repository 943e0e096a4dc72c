package app

import (
	"context"

	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

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
	return gravarPorID(ctx, s.Col.Precos, sc, domain.PrecoID(p.TabelaID, p.ProdutoID), func(x *domain.PrecoCadastro) {
		x.TabelaID, x.ProdutoID, x.PrecoCentavos, x.PrecoMinimoCentavos = p.TabelaID, p.ProdutoID, p.PrecoCentavos, p.PrecoMinimoCentavos
	}, "O preço foi alterado ao mesmo tempo por outra pessoa. Tente de novo.")
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
