// Package adapters declares the customer service's collections on the platform store and holds
// its clients of the address and operator services.
package adapters

import (
	"context"
	"fmt"
	"time"

	"github.com/crmvendas/crm/services/customer/internal/app"
	"github.com/crmvendas/crm/services/customer/internal/domain"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/textfold"
)

// Messages of the stored entities.
const (
	MsgClienteNaoEncontrado  = "Cliente não encontrado."
	MsgForaDaCarteira        = "Acesso negado: o cliente é de outra empresa ou não está na sua carteira."
	MsgPesquisaNaoEncontrada = "Pesquisa não encontrada."
)

// ClientesSpec: one document per customer with its addresses and contacts; the seller owns it
// (role scope); listed by folded name; the document (CPF/CNPJ) is unique in the company and
// stays with a deleted customer, so registering it again reactivates that customer.
var ClientesSpec = store.Spec[domain.Cliente]{
	Name:       "clientes",
	NotFound:   MsgClienteNaoEncontrado,
	OutOfScope: MsgForaDaCarteira,
	Fields: []store.Field[domain.Cliente]{
		{Name: "vendedor_id", Value: func(c *domain.Cliente) any { return c.VendedorID }},
		{Name: "nome_ordem", Value: func(c *domain.Cliente) any { return textfold.Fold(c.Nome) }},
		{Name: "status", Value: func(c *domain.Cliente) any { return c.Status }},
		{Name: "cidade_ibge", Value: func(c *domain.Cliente) any {
			if p := c.Principal(); p != nil {
				return p.IBGE
			}
			return ""
		}},
		{Name: "cidade_nome", Value: func(c *domain.Cliente) any {
			if p := c.Principal(); p != nil {
				return textfold.Fold(p.Cidade)
			}
			return ""
		}},
		{Name: "regiao_id", Value: func(c *domain.Cliente) any { return c.RegiaoID }},
	},
	Owner: "vendedor_id",
	// Name, trade name and the document's characters (a search by part of a CNPJ finds it).
	Search:  func(c *domain.Cliente) string { return c.Nome + " | " + c.NomeFantasia + " | " + c.Documento },
	Sort:    store.Sort{Fields: []string{"nome_ordem"}},
	Indexes: [][]string{{"cidade_ibge", "nome_ordem"}, {"cidade_nome", "nome_ordem"}, {"status", "nome_ordem"}, {"regiao_id", "nome_ordem"}},
	Unique: []store.Unique[domain.Cliente]{{
		Name: "documento",
		Keys: func(c *domain.Cliente) []string { return []string{c.Documento} },
		Conflict: func(_, owner string) error {
			return app.Duplicado("Já existe um cliente com este documento.", owner)
		},
	}},
	Derived: func(c *domain.Cliente) { c.RegiaoID = "" },
}

// TransferenciasSpec: the history of portfolio moves, newest first (company-wide; a SUPERVISOR
// sees those touching their team).
var TransferenciasSpec = store.Spec[domain.Transferencia]{
	Name:     "transferencias",
	NotFound: "Transferência não encontrada.",
	Fields: []store.Field[domain.Transferencia]{
		{Name: "criado_em", Value: func(t *domain.Transferencia) any { return t.CriadoEm }},
	},
	Sort: store.Sort{Fields: []string{"criado_em"}, Desc: true},
	// A replay is compared by what was asked (from, to, who), not by what moved.
	Derived: func(t *domain.Transferencia) { t.ClienteIDs, t.Em = nil, time.Time{} },
}

func pesquisaFields() []store.Field[domain.Pesquisa] {
	return []store.Field[domain.Pesquisa]{
		{Name: "titulo_ordem", Value: func(p *domain.Pesquisa) any { return textfold.Fold(p.Titulo) }},
		{Name: "ativa", Value: func(p *domain.Pesquisa) any { return p.Ativa }},
		{Name: "pesquisa_id", Value: func(p *domain.Pesquisa) any { return p.PesquisaID }},
	}
}

// PesquisasSpec: the current version of each form, by title.
var PesquisasSpec = store.Spec[domain.Pesquisa]{
	Name:     "pesquisas",
	NotFound: MsgPesquisaNaoEncontrada,
	Fields:   pesquisaFields(),
	Sort:     store.Sort{Fields: []string{"titulo_ordem"}},
	Indexes:  [][]string{{"ativa", "titulo_ordem"}},
}

// VersoesSpec: every version of every form, immutable.
var VersoesSpec = store.Spec[domain.Pesquisa]{
	Name:     "pesquisas_versoes",
	NotFound: MsgPesquisaNaoEncontrada,
	Fields:   pesquisaFields(),
	Sort:     store.Sort{Fields: []string{"pesquisa_id"}},
}

// VersaoID is the stored id of a form's version.
func VersaoID(id string, versao int64) string { return fmt.Sprintf("%s@%d", id, versao) }

// RespostasSpec: answered forms, listed per customer newest first.
var RespostasSpec = store.Spec[domain.RespostaPesquisa]{
	Name:     "respostas",
	NotFound: "Resposta não encontrada.",
	Fields: []store.Field[domain.RespostaPesquisa]{
		{Name: "cliente_id", Value: func(r *domain.RespostaPesquisa) any { return r.ClienteID }},
		{Name: "criado_em", Value: func(r *domain.RespostaPesquisa) any { return r.CriadoEm }},
	},
	Sort:    store.Sort{Fields: []string{"criado_em"}, Desc: true},
	Indexes: [][]string{{"cliente_id", "criado_em"}},
	Derived: func(r *domain.RespostaPesquisa) { r.Em, r.PesquisaTitulo, r.PesquisaVersao = time.Time{}, "", 0 },
}

// Declare declares every collection of the service on st.
func Declare(ctx context.Context, st *store.Store) (*app.Collections, error) {
	var c app.Collections
	var err error
	if c.Clientes, err = store.Declare(ctx, st, ClientesSpec); err != nil {
		return nil, err
	}
	if c.Transferencias, err = store.Declare(ctx, st, TransferenciasSpec); err != nil {
		return nil, err
	}
	if c.Pesquisas, err = store.Declare(ctx, st, PesquisasSpec); err != nil {
		return nil, err
	}
	if c.Versoes, err = store.Declare(ctx, st, VersoesSpec); err != nil {
		return nil, err
	}
	if c.Respostas, err = store.Declare(ctx, st, RespostasSpec); err != nil {
		return nil, err
	}
	return &c, nil
}
