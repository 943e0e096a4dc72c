package domain

import "context"

// Filtro selects customers of one company for a list, in (nome_ordem, id) order.
type Filtro struct {
	Empresa string
	// Vendedores limits to these portfolios; nil means the whole company.
	Vendedores []string
	// Busca: folded text contained in name or fantasia; BuscaDocumento: characters contained in
	// the document (either matches).
	Busca, BuscaDocumento string
	CidadeIBGE            string
	CidadeNome            string // folded
	Status                string
	// CidadesIn limits to these IBGE codes (a region); PorCidades says it is set (an empty region
	// matches nothing).
	CidadesIn  []string
	PorCidades bool
	// After is the sort key and id of the last customer of the previous page.
	AfterKey, AfterID string
	Limit             int
}

// Contagem is one customer's seller and status (portfolio summary).
type Contagem struct {
	Vendedor, Status string
}

// Repository stores customers, portfolio transfers and surveys. Every method is scoped to one
// company: a record of another company is ErrOtherCompany, never returned.
type Repository interface {
	Cliente(ctx context.Context, empresa, id string) (*Cliente, error)
	InsertCliente(ctx context.Context, c *Cliente) error
	// ReplaceCliente stores c if the stored versao is still prev (else ErrVersion).
	ReplaceCliente(ctx context.Context, c *Cliente, prev int64) error
	// ClaimDocumento makes id the owner of the document in the company; when another customer
	// owns it, returns that customer's id and ErrDuplicate.
	ClaimDocumento(ctx context.Context, empresa, documento, id string) (string, error)
	ReleaseDocumento(ctx context.Context, empresa, documento, id string) error
	DonoDocumento(ctx context.Context, empresa, documento string) (string, error)
	Clientes(ctx context.Context, f Filtro) ([]*Cliente, error)
	// Alteracoes lists customers written after (afterNs, afterID) and at most at untilNs, oldest
	// first, in the portfolios (current or earlier) of vendedores (nil: the whole company).
	Alteracoes(ctx context.Context, empresa string, vendedores []string, afterNs int64, afterID string, untilNs int64, limit int) ([]*Cliente, error)
	Contagens(ctx context.Context, empresa string, vendedores []string) ([]Contagem, error)
	// IDsDoVendedor lists the ids of a seller's (non-deleted) customers.
	IDsDoVendedor(ctx context.Context, empresa, vendedor string) ([]string, error)

	InsertTransferencia(ctx context.Context, t *Transferencia) error
	Transferencia(ctx context.Context, empresa, id string) (*Transferencia, error)
	Transferencias(ctx context.Context, empresa string, vendedores []string, afterKey, afterID string, limit int) ([]*Transferencia, error)

	InsertPesquisa(ctx context.Context, p *Pesquisa) error
	ReplacePesquisa(ctx context.Context, p *Pesquisa, prev int64) error
	Pesquisa(ctx context.Context, empresa, id string, versao int64) (*Pesquisa, error)
	Pesquisas(ctx context.Context, empresa string, inativas bool) ([]*Pesquisa, error)
	InsertResposta(ctx context.Context, r *RespostaPesquisa) error
	Resposta(ctx context.Context, empresa, id string) (*RespostaPesquisa, error)
	Respostas(ctx context.Context, empresa, clienteID string, afterKey, afterID string, limit int) ([]*RespostaPesquisa, error)
}
