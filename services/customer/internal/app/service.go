// Package app holds the customer service's use cases: customers (with addresses and contacts),
// portfolios and surveys, always within the caller's company and role scope.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strings"

	"github.com/google/uuid"

	"github.com/crmvendas/crm/services/customer/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/textfold"
)

// Regioes is the address service's view of the company's sales regions.
type Regioes interface {
	// Mapa maps IBGE city codes to the region that has them, for the caller's company.
	Mapa(ctx context.Context) (map[string]string, error)
	// Cidades lists a region's cities (errors carry the address service's status).
	Cidades(ctx context.Context, regiaoID string) ([]string, error)
}

// Operadores is the operator service's view of the company's operators.
type Operadores interface {
	// Vendedor reports whether id is an active operator of the caller's company (ativo) and
	// whether it may own a portfolio (vendedor: perfil VENDEDOR).
	Vendedor(ctx context.Context, id string) (ativo, vendedor bool, err error)
}

// Collections are the service's stored entities (declared in adapters).
type Collections struct {
	Clientes       *store.Collection[domain.Cliente]
	Transferencias *store.Collection[domain.Transferencia]
	Pesquisas      *store.Collection[domain.Pesquisa]
	// Versoes keeps every version of every form ("id@versao"), so an answer stays readable
	// with the questions it answered.
	Versoes   *store.Collection[domain.Pesquisa]
	Respostas *store.Collection[domain.RespostaPesquisa]
}

// Service implements the customer use cases.
type Service struct {
	Col        *Collections
	Cidades    domain.Cidades
	Regioes    Regioes
	Operadores Operadores
	Log        *slog.Logger
}

// Messages a user reads.
const (
	MsgClienteNaoEncontrado = "Cliente não encontrado."
	MsgVendedorInvalido     = "Vendedor não encontrado ou desativado nesta empresa."
	// MsgNaoVendedor refuses a portfolio owner that is not a VENDEDOR (an ADMIN or SUPERVISOR).
	MsgNaoVendedor = "Só vendedores têm carteira: escolha um operador com perfil Vendedor."
	// MsgEscolhaVendedor asks an ADMIN or SUPERVISOR to name the seller of a new customer.
	MsgEscolhaVendedor     = "Escolha o vendedor responsável pelo cliente."
	MsgVendedorForaEquipe  = "Acesso negado: escolha um vendedor da sua equipe."
	MsgRegioesIndisponivel = "Serviço de regiões indisponível. Tente novamente em instantes."
	MsgCursor              = "Cursor inválido: use o valor de cursor da resposta anterior (ou vazio para começar)."
)

var idPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

func (s *Service) log() *slog.Logger {
	if s.Log != nil {
		return s.Log
	}
	return slog.Default()
}

// newID validates a client-generated id or makes one.
func newID(id, field string) (string, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return uuid.NewString(), nil
	}
	if !idPattern.MatchString(id) {
		return "", errs.Field(field, "Id inválido: use um UUID (letras, números, - e _; até 64 caracteres).")
	}
	return id, nil
}

// scope is the caller's role scope.
func scope(ctx context.Context) store.Scope { return store.ScopeOf(caller.From(ctx)) }

// cliente reads a customer of the caller's company within their scope (deleted ones are not
// found; another company's id or another seller's customer is refused, 403 FORA_DO_ESCOPO).
func (s *Service) cliente(ctx context.Context, id string) (*domain.Cliente, error) {
	if strings.TrimSpace(id) == "" {
		return nil, errs.Field("id", "Informe o id do cliente.")
	}
	return s.Col.Clientes.Get(ctx, scope(ctx), id)
}

// ObterCliente returns a customer in the caller's scope.
func (s *Service) ObterCliente(ctx context.Context, id string) (*domain.Cliente, error) {
	return s.cliente(ctx, id)
}

// mapa is the company's city → region map. Best effort: without the address service a
// customer is saved without its region, which the next sync of the region fixes.
func (s *Service) mapa(ctx context.Context) map[string]string {
	if s.Regioes == nil {
		return nil
	}
	m, err := s.Regioes.Mapa(ctx)
	if err != nil {
		s.log().WarnContext(ctx, "regiões indisponíveis: cliente gravado sem região", "err", err)
		return nil
	}
	return m
}

func regiaoDe(m map[string]string, cl *domain.Cliente) string {
	if p := cl.Principal(); p != nil {
		return m[p.IBGE]
	}
	return ""
}

// FiltroClientes filters a customer list.
type FiltroClientes struct {
	PageSize                             int32
	PageToken, Q, Cidade, Status, Regiao string
	Vendedor                             string
}

// ListarClientes returns the caller's scope (or one seller in it), ordered by name, one page.
func (s *Service) ListarClientes(ctx context.Context, in FiltroClientes) (*store.Page[domain.Cliente], error) {
	c := caller.From(ctx)
	sc := scope(ctx)
	if v := strings.TrimSpace(in.Vendedor); v != "" {
		if !c.Sees(v) {
			return nil, errs.OutOfScope("Acesso negado: o vendedor não está na sua equipe.")
		}
		sc.Owners = []string{v}
	}
	q := store.Query{PageSize: in.PageSize, PageToken: in.PageToken, Search: domain.DocumentoBusca(strings.TrimSpace(in.Q))}
	if ci := strings.TrimSpace(in.Cidade); ci != "" {
		if d := domain.Digits(ci); len(d) == 7 && d == ci {
			q.Where = append(q.Where, store.Eq("cidade_ibge", d))
		} else {
			q.Where = append(q.Where, store.Eq("cidade_nome", textfold.Fold(ci)))
		}
	}
	if st := strings.ToLower(strings.TrimSpace(in.Status)); st != "" {
		if !domain.ValidStatus(st) {
			return nil, errs.Field("status", "Situação deve ser ativo, bloqueado ou inativo.")
		}
		q.Where = append(q.Where, store.Eq("status", st))
	}
	if r := strings.TrimSpace(in.Regiao); r != "" {
		// The region must be one of the caller's company (404 / 403 from the address service).
		if s.Regioes == nil {
			return nil, errs.Unavailable(MsgRegioesIndisponivel, nil)
		}
		if _, err := s.Regioes.Cidades(ctx, r); err != nil {
			return nil, err
		}
		q.Where = append(q.Where, store.Eq("regiao_id", r))
	}
	return s.Col.Clientes.List(ctx, sc, q)
}

// vendedorPara decides the responsible seller of a customer the caller creates or moves.
func (s *Service) vendedorPara(ctx context.Context, pedido string) (string, error) {
	c := caller.From(ctx)
	pedido = strings.TrimSpace(pedido)
	if c.Perfil == caller.Vendedor {
		if pedido == "" || pedido == c.Operador {
			return c.Operador, nil
		}
		return "", errs.Forbidden("Acesso negado: o cliente que você inclui entra na sua carteira.")
	}
	// ADMIN and SUPERVISOR own no portfolio: they name the seller.
	if pedido == "" {
		return "", errs.Field("vendedor_id", MsgEscolhaVendedor)
	}
	if pedido == c.Operador {
		return "", errs.Field("vendedor_id", MsgNaoVendedor)
	}
	if c.Perfil == caller.Supervisor && !c.Sees(pedido) {
		return "", errs.Forbidden(MsgVendedorForaEquipe)
	}
	if s.Operadores != nil {
		ativo, vendedor, err := s.Operadores.Vendedor(ctx, pedido)
		if err != nil {
			return "", err
		}
		if !ativo {
			return "", errs.Field("vendedor_id", MsgVendedorInvalido)
		}
		if !vendedor {
			return "", errs.Field("vendedor_id", MsgNaoVendedor)
		}
	}
	return pedido, nil
}

// duplicado is the 409 of a document already registered, naming the customer.
func duplicado(cl *domain.Cliente, outroVendedor bool) error {
	nome := cl.Nome
	if cl.NomeFantasia != "" && cl.NomeFantasia != cl.Nome {
		nome += " (" + cl.NomeFantasia + ")"
	}
	msg := fmt.Sprintf("Já existe um cliente com este documento: %s.", nome)
	if outroVendedor {
		msg += " Ele está na carteira de outro vendedor; fale com o supervisor ou o administrador."
	}
	return Duplicado(msg, cl.ID)
}

// Duplicado is the conflict of a CPF/CNPJ already registered in the company (409
// DOCUMENTO_DUPLICADO, detalhes.cliente_id naming it).
func Duplicado(msg, clienteID string) *errs.Error {
	e := errs.Conflict(msg).WithReason(errs.ReasonDocumentoDuplicado, "cliente_id", clienteID)
	e.Fields = []errs.FieldViolation{{Field: "documento", Description: msg}, {Field: "cliente_id", Description: clienteID}}
	return e
}

// donoDoDocumento is the customer named by a DOCUMENTO_DUPLICADO error ("" for other errors).
func donoDoDocumento(err error) string {
	var de *errs.Error
	if errors.As(err, &de) && de.Reason == errs.ReasonDocumentoDuplicado {
		return de.Details["cliente_id"]
	}
	return ""
}

// explainDuplicate completes the store's DOCUMENTO_DUPLICADO with the customer's name.
func (s *Service) explainDuplicate(ctx context.Context, err error) error {
	owner := donoDoDocumento(err)
	if owner == "" {
		return err
	}
	c := caller.From(ctx)
	other, gerr := s.Col.Clientes.GetAny(ctx, store.Company(c.Empresa), owner)
	if gerr != nil {
		return err
	}
	return duplicado(other, !c.Sees(other.VendedorID))
}

// CriarCliente adds a customer. A retry with the same id returns the customer already created; a
// document already in the company is refused (409 DOCUMENTO_DUPLICADO, naming the customer)
// unless that customer is inactive or deleted, in which case it is reactivated with the new data.
func (s *Service) CriarCliente(ctx context.Context, in domain.Cliente) (*domain.Cliente, error) {
	id, err := newID(in.ID, "id")
	if err != nil {
		return nil, err
	}
	vend, err := s.vendedorPara(ctx, in.VendedorID)
	if errs.IsKind(err, errs.KindInvalid) {
		// A document already registered says so first (409 naming the customer).
		if dup, derr := s.documentoAtivo(ctx, in.Documento); derr != nil {
			return nil, derr
		} else if dup != nil {
			return nil, dup
		}
	}
	if err != nil {
		return nil, err
	}
	in.Meta = store.Meta{ID: id}
	in.VendedorID = vend
	if err := in.Normalize(s.Cidades); err != nil {
		return nil, err
	}
	assignIDs(&in, true)
	in.RegiaoID = regiaoDe(s.mapa(ctx), &in)
	cl, _, err := s.Col.Clientes.Create(ctx, scope(ctx), &in)
	if owner := donoDoDocumento(err); owner != "" {
		return s.reativar(ctx, owner, in)
	}
	return cl, err
}

// documentoAtivo is the 409 of a document held by an active or blocked customer of the company
// (nil when none holds it).
func (s *Service) documentoAtivo(ctx context.Context, documento string) (error, error) {
	doc := domain.NormalizeDocumento(documento)
	if doc == "" {
		return nil, nil
	}
	c := caller.From(ctx)
	owner, err := s.Col.Clientes.KeyOwner(ctx, c.Empresa, "documento", doc)
	if err != nil || owner == "" {
		return nil, err
	}
	prev, err := s.Col.Clientes.GetAny(ctx, store.Company(c.Empresa), owner)
	if err != nil {
		return nil, err
	}
	if prev.Excluido || prev.Status == domain.StatusInativo {
		return nil, nil
	}
	return duplicado(prev, !c.Sees(prev.VendedorID)), nil
}

// reativar brings back an inactive or deleted customer that has the document, with the data
// of the new registration; an active or blocked one is a duplicate. The create is answered by
// that customer (store.Adopt): a replay of it returns the same customer, never a 409 about it.
func (s *Service) reativar(ctx context.Context, ownerID string, in domain.Cliente) (*domain.Cliente, error) {
	c := caller.From(ctx)
	// The caller may reactivate a customer that was in another portfolio: it comes to the seller
	// the new registration names (already checked against the caller's scope).
	return s.Col.Clientes.Adopt(ctx, scope(ctx), &in, ownerID, func(cl *domain.Cliente) error {
		if !cl.Excluido && cl.Status != domain.StatusInativo {
			return duplicado(cl, !c.Sees(cl.VendedorID))
		}
		meta := cl.Meta
		*cl = in
		cl.Meta = meta
		cl.Status, cl.Excluido = domain.StatusAtivo, false
		assignIDs(cl, false)
		return nil
	}, store.IncludeDeleted, store.AnyOwner)
}

// assignIDs names the addresses and contacts without an id: on a create, after the customer
// (so a replayed create is the same payload); later, with a new UUID.
func assignIDs(c *domain.Cliente, create bool) {
	for i := range c.Enderecos {
		if c.Enderecos[i].ID == "" {
			c.Enderecos[i].ID = uuid.NewString()
			if create {
				c.Enderecos[i].ID = fmt.Sprintf("%s-e%d", c.ID, i+1)
			}
		}
	}
	for i := range c.Contatos {
		if c.Contatos[i].ID == "" {
			c.Contatos[i].ID = uuid.NewString()
			if create {
				c.Contatos[i].ID = fmt.Sprintf("%s-c%d", c.ID, i+1)
			}
		}
	}
}

// update applies change to a customer in the caller's scope and stores it as a new version.
// versao (non-zero) is the version the client saw; without it the change applies to the
// current record.
func (s *Service) update(ctx context.Context, id string, versao int64, change func(cl *domain.Cliente) error, opts ...store.UpdateOpt) (*domain.Cliente, error) {
	if strings.TrimSpace(id) == "" {
		return nil, errs.Field("id", "Informe o id do cliente.")
	}
	m := s.mapa(ctx)
	cl, err := s.Col.Clientes.Update(ctx, scope(ctx), id, versao, func(cl *domain.Cliente) error {
		antes := &domain.Cliente{InscricaoEstadual: cl.InscricaoEstadual, Enderecos: append([]domain.Endereco(nil), cl.Enderecos...)}
		if err := change(cl); err != nil {
			return err
		}
		if err := cl.NormalizeAlteracao(s.Cidades, antes); err != nil {
			return err
		}
		assignIDs(cl, false)
		cl.RegiaoID = regiaoDe(m, cl)
		return nil
	}, opts...)
	if err != nil {
		return nil, s.explainDuplicate(ctx, err)
	}
	return cl, nil
}

// PatchCliente lists the fields an update changes (nil: unchanged).
type PatchCliente struct {
	TipoPessoa, Documento, Nome, NomeFantasia, InscricaoEstadual *string
	Suframa                                                      *string
	ContribuinteICMS                                             *bool
	Email, Telefone, Celular, Segmento, Status, Observacoes      *string
	LimiteCreditoCentavos                                        *int64
	VendedorID                                                   *string
}

// AtualizarCliente changes a customer's fields.
func (s *Service) AtualizarCliente(ctx context.Context, id string, p PatchCliente, versao int64) (*domain.Cliente, error) {
	var vend string
	if p.VendedorID != nil {
		c := caller.From(ctx)
		if c.Perfil == caller.Vendedor && strings.TrimSpace(*p.VendedorID) != c.Operador {
			return nil, errs.Forbidden("Acesso negado: só o supervisor ou o administrador troca o vendedor do cliente.")
		}
		v, err := s.vendedorPara(ctx, *p.VendedorID)
		if err != nil {
			return nil, err
		}
		vend = v
	}
	return s.update(ctx, id, versao, func(cl *domain.Cliente) error {
		set := func(dst *string, v *string) {
			if v != nil {
				*dst = *v
			}
		}
		set(&cl.TipoPessoa, p.TipoPessoa)
		set(&cl.Documento, p.Documento)
		set(&cl.Nome, p.Nome)
		set(&cl.NomeFantasia, p.NomeFantasia)
		set(&cl.InscricaoEstadual, p.InscricaoEstadual)
		set(&cl.Suframa, p.Suframa)
		set(&cl.Email, p.Email)
		set(&cl.Telefone, p.Telefone)
		set(&cl.Celular, p.Celular)
		set(&cl.Segmento, p.Segmento)
		set(&cl.Status, p.Status)
		set(&cl.Observacoes, p.Observacoes)
		if p.Documento != nil && p.TipoPessoa == nil {
			cl.TipoPessoa = domain.TipoPorDocumento(domain.NormalizeDocumento(*p.Documento))
		}
		if p.ContribuinteICMS != nil {
			cl.ContribuinteICMS = *p.ContribuinteICMS
		}
		if p.LimiteCreditoCentavos != nil {
			cl.LimiteCreditoCentavos = *p.LimiteCreditoCentavos
		}
		if p.VendedorID != nil {
			cl.VendedorID = vend
		}
		return nil
	})
}

// ExcluirCliente soft-deletes a customer (a tombstone the devices sync). The document stays reserved,
// so registering it again reactivates this customer. Deleting it again succeeds (a replay).
func (s *Service) ExcluirCliente(ctx context.Context, id string) (*domain.Cliente, error) {
	if strings.TrimSpace(id) == "" {
		return nil, errs.Field("id", "Informe o id do cliente.")
	}
	return s.Col.Clientes.Delete(ctx, scope(ctx), id, 0)
}

// upsert puts item in list, replacing the one with the same id (an empty id gets a new UUID);
// when item is the main one, every other item stops being main.
func upsert[T any](list []T, item T, id func(*T) *string, principal func(*T) *bool, field string) ([]T, error) {
	p := id(&item)
	*p = strings.TrimSpace(*p)
	if *p != "" && !idPattern.MatchString(*p) {
		return nil, errs.Field(field+".id", "Id inválido: use um UUID (letras, números, - e _; até 64 caracteres).")
	}
	if *p == "" {
		*p = uuid.NewString()
	}
	found := false
	for i := range list {
		if *id(&list[i]) == *p {
			list[i], found = item, true
		} else if *principal(&item) {
			*principal(&list[i]) = false
		}
	}
	if !found {
		list = append(list, item)
	}
	return list, nil
}

// without removes the item with this id (notFound when there is none).
func without[T any](list []T, target string, id func(*T) *string, notFound string) ([]T, error) {
	out := list[:0:0]
	for i := range list {
		if *id(&list[i]) != target {
			out = append(out, list[i])
		}
	}
	if len(out) == len(list) {
		return nil, errs.NotFound(notFound)
	}
	return out, nil
}

func enderecoID(e *domain.Endereco) *string      { return &e.ID }
func enderecoPrincipal(e *domain.Endereco) *bool { return &e.Principal }
func contatoID(c *domain.Contato) *string        { return &c.ID }
func contatoPrincipal(c *domain.Contato) *bool   { return &c.Principal }

// SalvarEndereco adds an address or replaces the one with the same id.
func (s *Service) SalvarEndereco(ctx context.Context, clienteID string, e domain.Endereco) (*domain.Cliente, error) {
	return s.update(ctx, clienteID, 0, func(cl *domain.Cliente) (err error) {
		cl.Enderecos, err = upsert(cl.Enderecos, e, enderecoID, enderecoPrincipal, "endereco")
		return err
	})
}

// RemoverEndereco removes an address (the next one becomes the main one if needed).
func (s *Service) RemoverEndereco(ctx context.Context, clienteID, id string) (*domain.Cliente, error) {
	return s.update(ctx, clienteID, 0, func(cl *domain.Cliente) (err error) {
		cl.Enderecos, err = without(cl.Enderecos, id, enderecoID, "Endereço não encontrado.")
		return err
	})
}

// SalvarContato adds a contact or replaces the one with the same id.
func (s *Service) SalvarContato(ctx context.Context, clienteID string, ct domain.Contato) (*domain.Cliente, error) {
	return s.update(ctx, clienteID, 0, func(cl *domain.Cliente) (err error) {
		cl.Contatos, err = upsert(cl.Contatos, ct, contatoID, contatoPrincipal, "contato")
		return err
	})
}

// RemoverContato removes a contact.
func (s *Service) RemoverContato(ctx context.Context, clienteID, id string) (*domain.Cliente, error) {
	return s.update(ctx, clienteID, 0, func(cl *domain.Cliente) (err error) {
		cl.Contatos, err = without(cl.Contatos, id, contatoID, "Contato não encontrado.")
		return err
	})
}

// AlteracoesClientes lists what changed in the caller's scope after the cursor, oldest first: customers
// written, and (as Removido) those deleted or moved out of the scope. The cursor is a position
// in the store's commit-ordered feed: nothing written is ever skipped.
func (s *Service) AlteracoesClientes(ctx context.Context, desde string, size int32) (*store.Changes[domain.Cliente], error) {
	ch, err := s.Col.Clientes.Changes(ctx, scope(ctx), desde, size)
	if errs.IsKind(err, errs.KindInvalid) {
		return nil, errs.Field("desde", MsgCursor)
	}
	return ch, err
}

// SincronizarRegiao recomputes the stored region of the customers in the region's cities and of
// those that had it (the address service calls it after each change of a region). It returns
// how many customers changed.
func (s *Service) SincronizarRegiao(ctx context.Context, regiaoID string) (int, error) {
	c := caller.From(ctx)
	regiaoID = strings.TrimSpace(regiaoID)
	if regiaoID == "" {
		return 0, errs.Field("regiao_id", "Informe a região.")
	}
	if s.Regioes == nil {
		return 0, errs.Unavailable(MsgRegioesIndisponivel, nil)
	}
	m, err := s.Regioes.Mapa(ctx)
	if err != nil {
		return 0, err
	}
	var cidades []string
	for ibge, r := range m {
		if r == regiaoID {
			cidades = append(cidades, ibge)
		}
	}
	company := store.Company(c.Empresa)
	ids := map[string]bool{}
	had, err := s.Col.Clientes.All(ctx, company, store.Query{Where: []store.Cond{store.Eq("regiao_id", regiaoID)}, WithDeleted: true})
	if err != nil {
		return 0, err
	}
	for _, cl := range had {
		ids[cl.ID] = true
	}
	if len(cidades) > 0 {
		in, err := s.Col.Clientes.All(ctx, company, store.Query{Where: []store.Cond{store.In("cidade_ibge", cidades)}, WithDeleted: true})
		if err != nil {
			return 0, err
		}
		for _, cl := range in {
			ids[cl.ID] = true
		}
	}
	list := make([]string, 0, len(ids))
	for id := range ids {
		list = append(list, id)
	}
	changed, err := s.Col.Clientes.UpdateMany(ctx, company, list, func(cl *domain.Cliente) error {
		cl.RegiaoID = regiaoDe(m, cl)
		return nil
	}, store.IncludeDeleted)
	return len(changed), err
}
