// Package app holds the customer service's use cases: customers (with addresses and contacts),
// portfolios and surveys, always within the caller's company and role scope.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/crmvendas/crm/services/customer/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/page"
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
	// Ativo reports whether id is an active operator of the caller's company.
	Ativo(ctx context.Context, id string) (bool, error)
}

// Service implements the customer use cases.
type Service struct {
	Repo       domain.Repository
	Cidades    domain.Cidades
	Regioes    Regioes
	Operadores Operadores
	Log        *slog.Logger
	Now        func() time.Time
	// Settle is how old a write must be before the changes feed hands it out, so a write that
	// took its timestamp before another but committed after it is not skipped by a device.
	Settle time.Duration
}

// Messages a user reads.
const (
	MsgClienteNaoEncontrado = "Cliente não encontrado."
	MsgForaDaCarteira       = "Acesso negado: o cliente não está na sua carteira."
	MsgVersao               = "O cliente foi alterado por outra pessoa. Recarregue e tente novamente."
	MsgVendedorInvalido     = "Vendedor não encontrado ou desativado nesta empresa."
	MsgVendedorForaEquipe   = "Acesso negado: escolha um vendedor da sua equipe."
	MsgRegioesIndisponivel  = "Serviço de regiões indisponível. Tente novamente em instantes."
)

var idPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

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

// Scope is the portfolios the caller sees: nil for the whole company (ADMIN).
func Scope(c *caller.Caller) []string {
	switch c.Perfil {
	case caller.Admin:
		return nil
	case caller.Supervisor:
		return append([]string{c.Operador}, c.Equipe...)
	}
	return []string{c.Operador}
}

func repoErr(err error, notFound string) error {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return errs.NotFound(notFound)
	case errors.Is(err, domain.ErrOtherCompany):
		return errs.OutOfScope(errs.MsgOtherCompany)
	}
	return err
}

// cliente reads a customer of the caller's company within their scope (deleted ones are not
// found; another company's id or another seller's customer is refused).
func (s *Service) cliente(ctx context.Context, id string) (*domain.Cliente, error) {
	c := caller.From(ctx)
	if strings.TrimSpace(id) == "" {
		return nil, errs.Field("id", "Informe o id do cliente.")
	}
	cl, err := s.Repo.Cliente(ctx, c.Empresa, id)
	if err != nil {
		return nil, repoErr(err, MsgClienteNaoEncontrado)
	}
	if !c.Sees(cl.VendedorID) {
		return nil, errs.Forbidden(MsgForaDaCarteira)
	}
	if cl.Excluido {
		return nil, errs.NotFound(MsgClienteNaoEncontrado)
	}
	return cl, nil
}

// Get returns a customer in the caller's scope, with its region.
func (s *Service) Get(ctx context.Context, id string) (*domain.Cliente, string, error) {
	cl, err := s.cliente(ctx, id)
	if err != nil {
		return nil, "", err
	}
	return cl, s.Regiao(ctx, cl), nil
}

// Regiao is the region of the customer's main address's city ("" when none or unknown).
func (s *Service) Regiao(ctx context.Context, cl *domain.Cliente) string {
	m := s.mapa(ctx)
	if p := cl.Principal(); p != nil {
		return m[p.IBGE]
	}
	return ""
}

// mapa is best effort: without the address service, customers are shown without their region.
func (s *Service) mapa(ctx context.Context) map[string]string {
	if s.Regioes == nil {
		return nil
	}
	m, err := s.Regioes.Mapa(ctx)
	if err != nil {
		s.log().WarnContext(ctx, "regiões indisponíveis", "err", err)
		return nil
	}
	return m
}

// ListInput filters a customer list.
type ListInput struct {
	PageSize                             int32
	PageToken, Q, Cidade, Status, Regiao string
	Vendedor                             string
}

// List returns the caller's scope (or one seller in it), ordered by name, one page, with each
// customer's region.
func (s *Service) List(ctx context.Context, in ListInput) ([]*domain.Cliente, map[string]string, string, error) {
	c := caller.From(ctx)
	cur, err := page.Decode(in.PageToken)
	if err != nil {
		return nil, nil, "", err
	}
	size := page.Size(in.PageSize)
	f := domain.Filtro{Empresa: c.Empresa, Vendedores: Scope(c), Limit: size + 1}
	if v := strings.TrimSpace(in.Vendedor); v != "" {
		if !c.Sees(v) {
			return nil, nil, "", errs.Forbidden("Acesso negado: o vendedor não está na sua equipe.")
		}
		f.Vendedores = []string{v}
	}
	if q := strings.TrimSpace(in.Q); q != "" {
		f.Busca = textfold.Fold(q)
		if d := domain.NormalizeDocumento(q); len(d) >= 3 && strings.IndexFunc(q, func(r rune) bool { return r >= '0' && r <= '9' }) >= 0 {
			f.BuscaDocumento = d
		}
	}
	if ci := strings.TrimSpace(in.Cidade); ci != "" {
		if d := domain.Digits(ci); len(d) == 7 && d == ci {
			f.CidadeIBGE = d
		} else {
			f.CidadeNome = textfold.Fold(ci)
		}
	}
	if st := strings.ToLower(strings.TrimSpace(in.Status)); st != "" {
		if !domain.ValidStatus(st) {
			return nil, nil, "", errs.Field("status", "Situação deve ser ativo, bloqueado ou inativo.")
		}
		f.Status = st
	}
	if r := strings.TrimSpace(in.Regiao); r != "" {
		if s.Regioes == nil {
			return nil, nil, "", errs.Unavailable(MsgRegioesIndisponivel, nil)
		}
		cids, err := s.Regioes.Cidades(ctx, r)
		if err != nil {
			return nil, nil, "", err
		}
		f.CidadesIn, f.PorCidades = cids, true
	}
	if cur != nil {
		f.AfterKey, f.AfterID = cur.Key, cur.ID
	}
	list, err := s.Repo.Clientes(ctx, f)
	if err != nil {
		return nil, nil, "", err
	}
	next := ""
	if len(list) > size {
		list = list[:size]
		last := list[len(list)-1]
		next = page.Encode(page.Cursor{Key: textfold.Fold(last.Nome), ID: last.ID})
	}
	return list, s.regioesDe(ctx, list), next, nil
}

func (s *Service) regioesDe(ctx context.Context, list []*domain.Cliente) map[string]string {
	out := map[string]string{}
	if len(list) == 0 {
		return out
	}
	m := s.mapa(ctx)
	for _, cl := range list {
		if p := cl.Principal(); p != nil && m[p.IBGE] != "" {
			out[cl.ID] = m[p.IBGE]
		}
	}
	return out
}

// vendedorPara decides the responsible seller of a customer the caller creates or moves.
func (s *Service) vendedorPara(ctx context.Context, pedido string) (string, error) {
	c := caller.From(ctx)
	pedido = strings.TrimSpace(pedido)
	if pedido == "" || pedido == c.Operador {
		return c.Operador, nil
	}
	switch c.Perfil {
	case caller.Vendedor:
		return "", errs.Forbidden("Acesso negado: o cliente que você inclui entra na sua carteira.")
	case caller.Supervisor:
		if !c.Sees(pedido) {
			return "", errs.Forbidden(MsgVendedorForaEquipe)
		}
		return pedido, nil
	}
	if s.Operadores != nil {
		ok, err := s.Operadores.Ativo(ctx, pedido)
		if err != nil {
			return "", err
		}
		if !ok {
			return "", errs.Field("vendedor_id", MsgVendedorInvalido)
		}
	}
	return pedido, nil
}

func duplicado(cl *domain.Cliente, outroVendedor bool) error {
	nome := cl.Nome
	if cl.NomeFantasia != "" && cl.NomeFantasia != cl.Nome {
		nome += " (" + cl.NomeFantasia + ")"
	}
	msg := fmt.Sprintf("Já existe um cliente com este documento: %s.", nome)
	if outroVendedor {
		msg += " Ele está na carteira de outro vendedor; fale com o supervisor ou o administrador."
	}
	e := errs.Conflict(msg)
	e.Fields = []errs.FieldViolation{{Field: "documento", Description: msg}, {Field: "cliente_id", Description: cl.ID}}
	return e
}

// Create adds a customer. A retry with the same id returns the customer already created; a
// document already in the company is refused (409, naming the customer) unless that customer is
// inactive or deleted, in which case it is reactivated with the new data.
func (s *Service) Create(ctx context.Context, in domain.Cliente) (*domain.Cliente, error) {
	c := caller.From(ctx)
	id, err := newID(in.ID, "id")
	if err != nil {
		return nil, err
	}
	if prev, err := s.Repo.Cliente(ctx, c.Empresa, id); err == nil {
		if !c.Sees(prev.VendedorID) {
			return nil, errs.Forbidden(MsgForaDaCarteira)
		}
		return prev, nil // a retry
	} else if !errors.Is(err, domain.ErrNotFound) {
		return nil, repoErr(err, MsgClienteNaoEncontrado)
	}
	vend, err := s.vendedorPara(ctx, in.VendedorID)
	if err != nil {
		return nil, err
	}
	in.ID, in.Empresa, in.VendedorID = id, c.Empresa, vend
	if err := in.Normalize(s.Cidades); err != nil {
		return nil, err
	}
	assignIDs(&in)
	now := s.now()
	in.CriadoEm, in.AlteradoEm, in.CriadoPor, in.AlteradoPor, in.Versao, in.Excluido = now, now, c.Operador, c.Operador, 1, false
	owner, err := s.Repo.ClaimDocumento(ctx, c.Empresa, in.Documento, id)
	if errors.Is(err, domain.ErrDuplicate) {
		return s.reativar(ctx, owner, in)
	}
	if err != nil {
		return nil, err
	}
	if err := s.Repo.InsertCliente(ctx, &in); err != nil {
		if errors.Is(err, domain.ErrDuplicate) { // the same id raced in (or another company has it)
			_ = s.Repo.ReleaseDocumento(ctx, c.Empresa, in.Documento, id)
			return s.cliente(ctx, id)
		}
		return nil, err
	}
	return &in, nil
}

// reativar brings back an inactive or deleted customer that has the document, with the data
// of the new registration; an active or blocked one is a duplicate.
func (s *Service) reativar(ctx context.Context, ownerID string, in domain.Cliente) (*domain.Cliente, error) {
	c := caller.From(ctx)
	prev, err := s.Repo.Cliente(ctx, c.Empresa, ownerID)
	if err != nil {
		return nil, repoErr(err, MsgClienteNaoEncontrado)
	}
	if !prev.Excluido && prev.Status != domain.StatusInativo {
		return nil, duplicado(prev, !c.Sees(prev.VendedorID))
	}
	next := in
	next.ID, next.CriadoEm, next.CriadoPor = prev.ID, prev.CriadoEm, prev.CriadoPor
	next.Status, next.Excluido = domain.StatusAtivo, false
	next.VendedoresAnteriores = prev.VendedoresAnteriores
	if prev.VendedorID != next.VendedorID {
		next.VendedoresAnteriores = addUnique(next.VendedoresAnteriores, prev.VendedorID)
	}
	next.Versao, next.Empresa = prev.Versao+1, c.Empresa
	next.AlteradoEm, next.AlteradoPor = s.now(), c.Operador
	if err := s.Repo.ReplaceCliente(ctx, &next, prev.Versao); err != nil {
		if errors.Is(err, domain.ErrVersion) {
			return nil, errs.Conflict(MsgVersao)
		}
		return nil, err
	}
	return &next, nil
}

func addUnique(l []string, v string) []string {
	for _, x := range l {
		if x == v {
			return l
		}
	}
	return append(append([]string(nil), l...), v)
}

func assignIDs(c *domain.Cliente) {
	for i := range c.Enderecos {
		if c.Enderecos[i].ID == "" {
			c.Enderecos[i].ID = uuid.NewString()
		}
	}
	for i := range c.Contatos {
		if c.Contatos[i].ID == "" {
			c.Contatos[i].ID = uuid.NewString()
		}
	}
}

// update applies change to a customer in the caller's scope and stores it as a new version.
// versao (non-zero) is the version the client saw; without it a concurrent write is retried.
func (s *Service) update(ctx context.Context, id string, versao int64, change func(cl *domain.Cliente) error) (*domain.Cliente, error) {
	c := caller.From(ctx)
	for attempt := 0; ; attempt++ {
		cl, err := s.cliente(ctx, id)
		if err != nil {
			return nil, err
		}
		if versao != 0 && cl.Versao != versao {
			return nil, errs.Conflict(MsgVersao)
		}
		prevDoc, prevVersao := cl.Documento, cl.Versao
		if err := change(cl); err != nil {
			return nil, err
		}
		if err := cl.Normalize(s.Cidades); err != nil {
			return nil, err
		}
		assignIDs(cl)
		if cl.Documento != prevDoc {
			owner, err := s.Repo.ClaimDocumento(ctx, c.Empresa, cl.Documento, cl.ID)
			if errors.Is(err, domain.ErrDuplicate) {
				other, gerr := s.Repo.Cliente(ctx, c.Empresa, owner)
				if gerr != nil {
					return nil, repoErr(gerr, MsgClienteNaoEncontrado)
				}
				return nil, duplicado(other, !c.Sees(other.VendedorID))
			}
			if err != nil {
				return nil, err
			}
		}
		cl.Versao, cl.AlteradoEm, cl.AlteradoPor = prevVersao+1, s.now(), c.Operador
		err = s.Repo.ReplaceCliente(ctx, cl, prevVersao)
		if errors.Is(err, domain.ErrVersion) {
			if cl.Documento != prevDoc {
				_ = s.Repo.ReleaseDocumento(ctx, c.Empresa, cl.Documento, cl.ID)
			}
			if versao != 0 || attempt >= 3 {
				return nil, errs.Conflict(MsgVersao)
			}
			continue
		}
		if err != nil {
			return nil, err
		}
		if cl.Documento != prevDoc {
			_ = s.Repo.ReleaseDocumento(ctx, c.Empresa, prevDoc, cl.ID)
		}
		return cl, nil
	}
}

// Patch lists the fields an update changes (nil: unchanged).
type Patch struct {
	TipoPessoa, Documento, Nome, NomeFantasia, InscricaoEstadual *string
	ContribuinteICMS                                             *bool
	Email, Telefone, Celular, Segmento, Status, Observacoes      *string
	LimiteCreditoCentavos                                        *int64
	VendedorID                                                   *string
}

// Update changes a customer's fields.
func (s *Service) Update(ctx context.Context, id string, p Patch, versao int64) (*domain.Cliente, error) {
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
		if p.VendedorID != nil && vend != cl.VendedorID {
			cl.VendedoresAnteriores = addUnique(cl.VendedoresAnteriores, cl.VendedorID)
			cl.VendedorID = vend
		}
		return nil
	})
}

// Delete soft-deletes a customer (a tombstone the devices sync). The document stays reserved,
// so registering it again reactivates this customer.
func (s *Service) Delete(ctx context.Context, id string) (*domain.Cliente, error) {
	c := caller.From(ctx)
	for attempt := 0; ; attempt++ {
		cl, err := s.cliente(ctx, id)
		if err != nil {
			return nil, err
		}
		prev := cl.Versao
		cl.Excluido, cl.Versao, cl.AlteradoEm, cl.AlteradoPor = true, prev+1, s.now(), c.Operador
		err = s.Repo.ReplaceCliente(ctx, cl, prev)
		if errors.Is(err, domain.ErrVersion) && attempt < 3 {
			continue
		}
		if errors.Is(err, domain.ErrVersion) {
			return nil, errs.Conflict(MsgVersao)
		}
		return cl, err
	}
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

// SaveEndereco adds an address or replaces the one with the same id.
func (s *Service) SaveEndereco(ctx context.Context, clienteID string, e domain.Endereco) (*domain.Cliente, error) {
	return s.update(ctx, clienteID, 0, func(cl *domain.Cliente) (err error) {
		cl.Enderecos, err = upsert(cl.Enderecos, e, enderecoID, enderecoPrincipal, "endereco")
		return err
	})
}

// RemoveEndereco removes an address (the next one becomes the main one if needed).
func (s *Service) RemoveEndereco(ctx context.Context, clienteID, id string) (*domain.Cliente, error) {
	return s.update(ctx, clienteID, 0, func(cl *domain.Cliente) (err error) {
		cl.Enderecos, err = without(cl.Enderecos, id, enderecoID, "Endereço não encontrado.")
		return err
	})
}

// SaveContato adds a contact or replaces the one with the same id.
func (s *Service) SaveContato(ctx context.Context, clienteID string, ct domain.Contato) (*domain.Cliente, error) {
	return s.update(ctx, clienteID, 0, func(cl *domain.Cliente) (err error) {
		cl.Contatos, err = upsert(cl.Contatos, ct, contatoID, contatoPrincipal, "contato")
		return err
	})
}

// RemoveContato removes a contact.
func (s *Service) RemoveContato(ctx context.Context, clienteID, id string) (*domain.Cliente, error) {
	return s.update(ctx, clienteID, 0, func(cl *domain.Cliente) (err error) {
		cl.Contatos, err = without(cl.Contatos, id, contatoID, "Contato não encontrado.")
		return err
	})
}

// Alteracao is one entry of the changes feed.
type Alteracao struct {
	ID       string
	Cliente  *domain.Cliente // nil when Removido
	Removido bool
}

func encodeDesde(ns int64, id string) string {
	return page.Encode(page.Cursor{Key: strconv.FormatInt(ns, 10), ID: id})
}

// Changes lists what changed in the caller's scope after the cursor, oldest first: customers
// written, and (as removido) those deleted or moved out of the scope.
func (s *Service) Changes(ctx context.Context, desde string, size int32) ([]Alteracao, map[string]string, string, bool, error) {
	c := caller.From(ctx)
	var afterNs int64
	var afterID string
	if desde != "" {
		cur, err := page.Decode(desde)
		if err != nil {
			return nil, nil, "", false, errs.Field("desde", "Cursor inválido: use o valor de cursor da resposta anterior.")
		}
		if afterNs, err = strconv.ParseInt(cur.Key, 10, 64); err != nil {
			return nil, nil, "", false, errs.Field("desde", "Cursor inválido: use o valor de cursor da resposta anterior.")
		}
		afterID = cur.ID
	}
	n := page.Size(size)
	until := s.now().Add(-s.Settle).UnixNano()
	list, err := s.Repo.Alteracoes(ctx, c.Empresa, Scope(c), afterNs, afterID, until, n)
	if err != nil {
		return nil, nil, "", false, err
	}
	out := make([]Alteracao, 0, len(list))
	var visible []*domain.Cliente
	for _, cl := range list {
		if cl.Excluido || !c.Sees(cl.VendedorID) {
			out = append(out, Alteracao{ID: cl.ID, Removido: true})
			continue
		}
		out = append(out, Alteracao{ID: cl.ID, Cliente: cl})
		visible = append(visible, cl)
	}
	cursor := desde
	if len(list) > 0 {
		last := list[len(list)-1]
		cursor = encodeDesde(last.AlteradoEm.UnixNano(), last.ID)
	} else if cursor == "" {
		cursor = encodeDesde(0, "")
	}
	return out, s.regioesDe(ctx, visible), cursor, len(list) == n, nil
}
