package app

import (
	"context"
	"sort"
	"strings"

	"github.com/crmvendas/crm/services/customer/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// CarteiraVendedor counts one seller's customers by status.
type CarteiraVendedor struct {
	Vendedor                               string
	Clientes, Ativos, Bloqueados, Inativos int32
}

// ResumoCarteira counts the customers of every portfolio in the caller's scope (sellers of the scope
// without customers included, for SUPERVISOR and VENDEDOR).
func (s *Service) ResumoCarteira(ctx context.Context) ([]CarteiraVendedor, error) {
	sc := scope(ctx)
	groups, err := s.Col.Clientes.Count(ctx, sc, store.Query{}, "vendedor_id", "status")
	if err != nil {
		return nil, err
	}
	by := map[string]*CarteiraVendedor{}
	for _, v := range sc.Owners {
		by[v] = &CarteiraVendedor{Vendedor: v}
	}
	for _, g := range groups {
		v, _ := g.Keys[0].(string)
		st, _ := g.Keys[1].(string)
		cv := by[v]
		if cv == nil {
			cv = &CarteiraVendedor{Vendedor: v}
			by[v] = cv
		}
		n := int32(g.N)
		cv.Clientes += n
		switch st {
		case domain.StatusAtivo:
			cv.Ativos += n
		case domain.StatusBloqueado:
			cv.Bloqueados += n
		case domain.StatusInativo:
			cv.Inativos += n
		}
	}
	out := make([]CarteiraVendedor, 0, len(by))
	for _, v := range by {
		out = append(out, *v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Vendedor < out[j].Vendedor })
	return out, nil
}

// mover puts customers (already checked to be in scope) in the seller's portfolio, in batches,
// and returns the ids of those that moved.
func (s *Service) mover(ctx context.Context, ids []string, para string) ([]string, error) {
	changed, err := s.Col.Clientes.UpdateMany(ctx, scope(ctx), ids, func(cl *domain.Cliente) error {
		cl.VendedorID = para
		return nil
	})
	moved := make([]string, len(changed))
	for i, cl := range changed {
		moved[i] = cl.ID
	}
	return moved, err
}

// AtribuirClientes moves customers to a seller (ADMIN; SUPERVISOR within their team). Every customer is
// checked first: one outside the scope refuses the whole request and nothing moves.
func (s *Service) AtribuirClientes(ctx context.Context, id string, ids []string, vendedor string) (*domain.Transferencia, error) {
	c := caller.From(ctx)
	vendedor = strings.TrimSpace(vendedor)
	if prev, err := s.anterior(ctx, id, func(t *domain.Transferencia) bool { return t.Para == vendedor }); prev != nil || err != nil {
		return prev, err
	}
	if len(ids) == 0 {
		return nil, errs.Field("cliente_ids", "Escolha ao menos um cliente.")
	}
	if len(ids) > 1000 {
		return nil, errs.Field("cliente_ids", "No máximo 1.000 clientes por vez; para a carteira inteira use a transferência.")
	}
	if strings.TrimSpace(vendedor) == "" {
		return nil, errs.Field("vendedor_id", "Escolha o vendedor que recebe os clientes.")
	}
	seen := map[string]bool{}
	de := map[string]bool{}
	var uniq []string
	for _, id := range ids {
		id = strings.TrimSpace(id)
		if id == "" || seen[id] {
			continue
		}
		seen[id] = true
		cl, err := s.cliente(ctx, id)
		if err != nil {
			return nil, err
		}
		de[cl.VendedorID] = true
		uniq = append(uniq, id)
	}
	para, err := s.vendedorPara(ctx, vendedor)
	if err != nil {
		return nil, err
	}
	t := &domain.Transferencia{Para: para, Por: c.Operador}
	if len(de) == 1 {
		for v := range de {
			t.De = v
		}
	}
	if t.ClienteIDs, err = s.mover(ctx, uniq, para); err != nil {
		return nil, err
	}
	if len(t.ClienteIDs) == 0 {
		return nil, errs.Field("cliente_ids", MsgNadaAAtribuir)
	}
	return s.registrar(ctx, t, id)
}

// MsgNadaAAtribuir refuses an assignment whose customers all belong to the chosen seller already.
const MsgNadaAAtribuir = "Os clientes escolhidos já são deste vendedor: nada a atribuir."

// anterior is the transfer recorded under a client id, when the request is its replay (nil when
// the id is new or empty); the same id with another request is refused (409 ID_REUTILIZADO).
func (s *Service) anterior(ctx context.Context, id string, mesmo func(*domain.Transferencia) bool) (*domain.Transferencia, error) {
	if id == "" {
		return nil, nil
	}
	if !idPattern.MatchString(id) {
		return nil, errs.Field("id", "Id inválido: use um UUID (letras, números, - e _; até 64 caracteres).")
	}
	prev, err := s.Col.Transferencias.GetAny(ctx, store.Company(caller.From(ctx).Empresa), id)
	switch {
	case err == nil && !mesmo(prev):
		return nil, errs.Conflict(store.MsgIDReusado).WithReason(errs.ReasonIDReutilizado, "id", id)
	case err == nil:
		return prev, nil
	case errs.IsKind(err, errs.KindNotFound):
		return nil, nil
	}
	return nil, err
}

// registrar records a transfer (a replay of the same id and request returns the first one).
func (s *Service) registrar(ctx context.Context, t *domain.Transferencia, id string) (*domain.Transferencia, error) {
	id, err := newID(id, "id")
	if err != nil {
		return nil, err
	}
	t.Meta = store.Meta{ID: id}
	t.Em = s.Col.Transferencias.Store().Now()
	out, _, err := s.Col.Transferencias.Create(ctx, store.Company(caller.From(ctx).Empresa), t)
	return out, err
}

// TransferirCarteira moves a seller's whole portfolio to another seller (ADMIN), and records it. A retry
// with the same id moves what is still left and returns the first transfer.
func (s *Service) TransferirCarteira(ctx context.Context, id, de, para string) (*domain.Transferencia, error) {
	c := caller.From(ctx)
	de, para = strings.TrimSpace(de), strings.TrimSpace(para)
	if de == "" {
		return nil, errs.Field("de_vendedor_id", "Escolha o vendedor de origem.")
	}
	if para == "" {
		return nil, errs.Field("para_vendedor_id", "Escolha o vendedor de destino.")
	}
	if de == para {
		return nil, errs.Field("para_vendedor_id", "Origem e destino são o mesmo vendedor.")
	}
	if prev, err := s.anterior(ctx, id, func(t *domain.Transferencia) bool { return t.De == de && t.Para == para }); prev != nil || err != nil {
		return prev, err
	}
	para, err := s.vendedorPara(ctx, para)
	if err != nil {
		return nil, err
	}
	cls, err := s.Col.Clientes.All(ctx, store.Scope{Empresa: c.Empresa, Owners: []string{de}}, store.Query{})
	if err != nil {
		return nil, err
	}
	if len(cls) == 0 {
		return nil, errs.Field("de_vendedor_id", "Este vendedor não tem clientes na carteira: nada a transferir.")
	}
	ids := make([]string, len(cls))
	for i, cl := range cls {
		ids[i] = cl.ID
	}
	t := &domain.Transferencia{De: de, Para: para, Por: c.Operador}
	if t.ClienteIDs, err = s.mover(ctx, ids, para); err != nil {
		return nil, err
	}
	return s.registrar(ctx, t, id)
}

// transferScanBudget bounds the records one page of a SUPERVISOR's transfer history reads.
const transferScanBudget = 10

// ListarTransferencias lists transfers newest first (ADMIN: all; SUPERVISOR: those to or from their
// team, or one seller of it).
func (s *Service) ListarTransferencias(ctx context.Context, vendedor string, size int32, token string) ([]*domain.Transferencia, string, error) {
	c := caller.From(ctx)
	sc := scope(ctx)
	if v := strings.TrimSpace(vendedor); v != "" {
		if !c.Sees(v) {
			return nil, "", errs.OutOfScope(MsgVendedorForaEquipe)
		}
		sc.Owners = []string{v}
	}
	company := store.Company(c.Empresa)
	if sc.Owners == nil {
		p, err := s.Col.Transferencias.List(ctx, company, store.Query{PageSize: size, PageToken: token})
		if err != nil {
			return nil, "", err
		}
		return p.Items, p.Next, nil
	}
	// A transfer touches two sellers: read the company's history in order and keep those that
	// touch the scope, for a bounded number of pages (a short page with a token means "more").
	n := store.PageSize(size)
	var out []*domain.Transferencia
	for i := 0; i < transferScanBudget; i++ {
		p, err := s.Col.Transferencias.List(ctx, company, store.Query{PageSize: int32(n), PageToken: token})
		if err != nil {
			return nil, "", err
		}
		for j, t := range p.Items {
			if sc.Sees(t.De) || sc.Sees(t.Para) {
				out = append(out, t)
			}
			if len(out) == n {
				if j == len(p.Items)-1 {
					return out, p.Next, nil
				}
				// Stop after this item: resume from it.
				return out, s.Col.Transferencias.TokenAfter(t), nil
			}
		}
		token = p.Next
		if token == "" {
			return out, "", nil
		}
	}
	return out, token, nil
}
