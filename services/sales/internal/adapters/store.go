// Package adapters declares the sales service's collections on the platform store and holds its
// client of the customer service.
package adapters

import (
	"context"
	"fmt"
	"time"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/textfold"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// ProdutosSpec: the catalogue, listed by folded description; the code is unique in the company
// (case-insensitive) and stays with a deleted product; searched by code, description and barcode.
var ProdutosSpec = store.Spec[domain.ProdutoCadastro]{
	Name:       "produtos",
	NotFound:   domain.MsgProdutoNaoEncontrado,
	OutOfScope: domain.MsgOutraEmpresa,
	Fields: []store.Field[domain.ProdutoCadastro]{
		{Name: "descricao_ordem", Value: func(p *domain.ProdutoCadastro) any { return textfold.Fold(p.Descricao) }},
		{Name: "grupo", Value: func(p *domain.ProdutoCadastro) any { return textfold.Fold(p.Grupo) }},
		{Name: "marca", Value: func(p *domain.ProdutoCadastro) any { return textfold.Fold(p.Marca) }},
		{Name: "ativo", Value: func(p *domain.ProdutoCadastro) any { return p.Ativo }},
	},
	Search:  func(p *domain.ProdutoCadastro) string { return p.Codigo + " | " + p.Descricao + " | " + p.EAN },
	Sort:    store.Sort{Fields: []string{"descricao_ordem"}},
	Indexes: [][]string{{"grupo", "descricao_ordem"}, {"marca", "descricao_ordem"}, {"ativo", "descricao_ordem"}},
	Unique: []store.Unique[domain.ProdutoCadastro]{{
		Name: "codigo",
		Keys: func(p *domain.ProdutoCadastro) []string { return []string{domain.ChaveCodigo(p.Codigo)} },
		Conflict: func(key, owner string) error {
			return CodigoDuplicado(key, owner)
		},
	}},
	// A replayed create is compared by what was sent, not by the stock's date.
	Derived: func(p *domain.ProdutoCadastro) { p.EstoqueEm = time.Time{} },
}

// CodigoDuplicado is the 409 of a product code already used in the company.
func CodigoDuplicado(codigo, produtoID string) error {
	msg := "Já existe um produto com o código " + codigo + "."
	e := errs.Conflict(msg).WithReason(domain.ReasonCodigoDuplicado, "produto_id", produtoID)
	e.Fields = []errs.FieldViolation{{Field: "codigo", Description: msg}}
	return e
}

// TabelasSpec: price tables by folded name.
var TabelasSpec = store.Spec[domain.TabelaCadastro]{
	Name:       "tabelas_preco",
	NotFound:   domain.MsgTabelaNaoEncontrada,
	OutOfScope: domain.MsgOutraEmpresa,
	Fields: []store.Field[domain.TabelaCadastro]{
		{Name: "nome_ordem", Value: func(t *domain.TabelaCadastro) any { return textfold.Fold(t.Nome) }},
	},
	Sort: store.Sort{Fields: []string{"nome_ordem"}},
}

// PrecosSpec: one price per table and product (id "tabela:produto"), listed by table then
// product.
var PrecosSpec = store.Spec[domain.PrecoCadastro]{
	Name:       "precos",
	NotFound:   domain.MsgPrecoNaoEncontrado,
	OutOfScope: domain.MsgOutraEmpresa,
	Fields: []store.Field[domain.PrecoCadastro]{
		{Name: "tabela_id", Value: func(p *domain.PrecoCadastro) any { return p.TabelaID }},
		{Name: "produto_id", Value: func(p *domain.PrecoCadastro) any { return p.ProdutoID }},
	},
	Sort: store.Sort{Fields: []string{"tabela_id", "produto_id"}},
}

// CondicoesSpec: payment terms by folded name.
var CondicoesSpec = store.Spec[domain.CondicaoCadastro]{
	Name:       "condicoes_pagamento",
	NotFound:   domain.MsgCondicaoNaoEncontrada,
	OutOfScope: domain.MsgOutraEmpresa,
	Fields: []store.Field[domain.CondicaoCadastro]{
		{Name: "nome_ordem", Value: func(c *domain.CondicaoCadastro) any { return textfold.Fold(c.Nome) }},
	},
	Sort: store.Sort{Fields: []string{"nome_ordem"}},
}

// RegrasSTSpec: ICMS-ST rules by UF then NCM; one per NCM × UF (freed when deleted).
var RegrasSTSpec = store.Spec[domain.RegraSTCadastro]{
	Name:       "regras_st",
	NotFound:   domain.MsgRegraNaoEncontrada,
	OutOfScope: domain.MsgOutraEmpresa,
	Fields: []store.Field[domain.RegraSTCadastro]{
		{Name: "uf", Value: func(r *domain.RegraSTCadastro) any { return r.UF }},
		{Name: "ncm", Value: func(r *domain.RegraSTCadastro) any { return r.NCM }},
	},
	Sort: store.Sort{Fields: []string{"uf", "ncm"}},
	Unique: []store.Unique[domain.RegraSTCadastro]{{
		Name: "ncm_uf",
		Keys: func(r *domain.RegraSTCadastro) []string { return []string{r.NCM + "|" + r.UF} },
		Conflict: func(_, owner string) error {
			return errs.Conflict("Já existe uma regra de ICMS-ST para este NCM e esta UF.").
				WithReason(errs.ReasonChaveDuplicada, "regra_id", owner)
		},
		ReleaseOnDelete: true,
	}},
}

// FotosSpec: a product's photo, one document per product (id = the product's id), apart from
// the product so that the products' feed carries only foto_versao, never the image.
var FotosSpec = store.Spec[domain.FotoCadastro]{
	Name:       "produtos_fotos",
	NotFound:   domain.MsgSemFoto,
	OutOfScope: domain.MsgOutraEmpresa,
}

// PoliticasSpec: one commercial policy per company.
var PoliticasSpec = store.Spec[domain.PoliticaCadastro]{
	Name:       "politicas",
	NotFound:   "Política comercial não encontrada.",
	OutOfScope: domain.MsgOutraEmpresa,
}

// PedidosSpec: the orders, owned by their seller (the role scope: VENDEDOR own, SUPERVISOR team,
// ADMIN all), newest first by the company's number; filtered by customer, status and creation
// date (AAAA-MM-DD in São Paulo); searched by number, customer name and document. The number is
// unique in the company (0 — not yet numbered — holds no key).
var PedidosSpec = store.Spec[domain.Pedido]{
	Name:       "pedidos",
	NotFound:   domain.MsgPedidoNaoEncontrado,
	OutOfScope: domain.MsgPedidoForaDoEscopo,
	Owner:      "vendedor_id",
	Fields: []store.Field[domain.Pedido]{
		{Name: "vendedor_id", Value: func(p *domain.Pedido) any { return p.VendedorID }},
		{Name: "numero", Value: func(p *domain.Pedido) any { return p.Numero }},
		{Name: "cliente_id", Value: func(p *domain.Pedido) any { return p.ClienteID }},
		{Name: "status", Value: func(p *domain.Pedido) any { return string(p.Status) }},
		{Name: "data", Value: func(p *domain.Pedido) any { return string(domain.DataDoPedido(p)) }},
		// The day of the last change: a new device's copy starts with the last 90 days.
		{Name: "alterado", Value: func(p *domain.Pedido) any { return string(domain.DiaDaAlteracao(p)) }},
	},
	Search: func(p *domain.Pedido) string {
		return fmt.Sprint(p.Numero) + " | " + p.Cliente.Nome + " | " + p.Cliente.Documento
	},
	Sort:    store.Sort{Fields: []string{"numero"}, Desc: true},
	Indexes: [][]string{{"cliente_id", "numero"}, {"status", "numero"}, {"data", "numero"}},
	Unique: []store.Unique[domain.Pedido]{{
		Name: "numero",
		Keys: func(p *domain.Pedido) []string {
			if p.Numero <= 0 {
				return nil
			}
			return []string{fmt.Sprint(p.Numero)}
		},
	}},
	// A replayed create is compared without what the server computes at the moment (times, the
	// number, prices of the day): the first answer stands.
	Derived: func(p *domain.Pedido) {
		id := p.ID
		*p = domain.Pedido{}
		p.ID = id
	},
}

// ClientesPedidosSpec: the customers the company has orders for, searched by name and document
// (see domain.ClienteDosPedidos). Company-wide: it only yields customer ids, and the orders are
// then read in the caller's scope.
var ClientesPedidosSpec = store.Spec[domain.ClienteDosPedidos]{
	Name:       "pedidos_clientes",
	NotFound:   domain.MsgPedidoNaoEncontrado,
	OutOfScope: domain.MsgPedidoForaDoEscopo,
	Search: func(c *domain.ClienteDosPedidos) string {
		return c.Nome + " | " + c.Documento
	},
}

// FolgasSpec: the company's own days off, one per date (id domain.FolgaID), by date.
var FolgasSpec = store.Spec[domain.Folga]{
	Name:       "calendario_folgas",
	NotFound:   domain.MsgFolgaNaoEncontrada,
	OutOfScope: domain.MsgOutraEmpresa,
	Fields:     []store.Field[domain.Folga]{{Name: "data", Value: func(f *domain.Folga) any { return string(f.Data) }}},
	Sort:       store.Sort{Fields: []string{"data"}},
}

// ConfigCalendarioSpec: the company's calendar switches (one per company).
var ConfigCalendarioSpec = store.Spec[domain.ConfigCalendarioCadastro]{
	Name:       "calendario_configuracao",
	NotFound:   domain.MsgConfigNaoEncontrada,
	OutOfScope: domain.MsgOutraEmpresa,
}

// MetasSpec: the sellers' goals, owned by their seller (the role scope), by month then seller;
// one goal per month, seller, kind and cut (freed when deleted).
var MetasSpec = store.Spec[domain.Meta]{
	Name:       "metas",
	NotFound:   domain.MsgMetaNaoEncontrada,
	OutOfScope: domain.MsgMetaForaDoEscopo,
	Owner:      "vendedor_id",
	Fields: []store.Field[domain.Meta]{
		{Name: "mes", Value: func(m *domain.Meta) any { return m.Mes }},
		{Name: "vendedor_id", Value: func(m *domain.Meta) any { return m.VendedorID }},
	},
	Sort:    store.Sort{Fields: []string{"mes", "vendedor_id"}},
	Indexes: [][]string{{"vendedor_id", "mes"}},
	Unique: []store.Unique[domain.Meta]{{
		Name:            app.ChaveUnicaMeta,
		Keys:            func(m *domain.Meta) []string { return []string{domain.ChaveMeta(m)} },
		Conflict:        app.MetaDuplicada,
		ReleaseOnDelete: true,
	}},
}

// Declare declares every collection of the service on st.
func Declare(ctx context.Context, st *store.Store) (*app.Collections, error) {
	var c app.Collections
	var err error
	if c.Produtos, err = store.Declare(ctx, st, ProdutosSpec); err != nil {
		return nil, err
	}
	if c.Tabelas, err = store.Declare(ctx, st, TabelasSpec); err != nil {
		return nil, err
	}
	if c.Precos, err = store.Declare(ctx, st, PrecosSpec); err != nil {
		return nil, err
	}
	if c.Condicoes, err = store.Declare(ctx, st, CondicoesSpec); err != nil {
		return nil, err
	}
	if c.RegrasST, err = store.Declare(ctx, st, RegrasSTSpec); err != nil {
		return nil, err
	}
	if c.Politicas, err = store.Declare(ctx, st, PoliticasSpec); err != nil {
		return nil, err
	}
	if c.Fotos, err = store.Declare(ctx, st, FotosSpec); err != nil {
		return nil, err
	}
	if c.Pedidos, err = store.Declare(ctx, st, PedidosSpec); err != nil {
		return nil, err
	}
	if c.ClientesPedidos, err = store.Declare(ctx, st, ClientesPedidosSpec); err != nil {
		return nil, err
	}
	if c.Metas, err = store.Declare(ctx, st, MetasSpec); err != nil {
		return nil, err
	}
	if c.Resumos, err = app.DeclararResumos(ctx, st, c.Pedidos); err != nil {
		return nil, err
	}
	if c.Folgas, err = store.Declare(ctx, st, FolgasSpec); err != nil {
		return nil, err
	}
	if c.ConfigCalendario, err = store.Declare(ctx, st, ConfigCalendarioSpec); err != nil {
		return nil, err
	}
	return &c, nil
}
