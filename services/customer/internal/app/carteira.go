package app

import (
	"context"
	"errors"
	"sort"
	"strings"

	"github.com/crmvendas/crm/services/customer/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/page"
)

// CarteiraVendedor counts one seller's customers by status.
type CarteiraVendedor struct {
	Vendedor                               string
	Clientes, Ativos, Bloqueados, Inativos int32
}

// Resumo counts the customers of every portfolio in the caller's scope (sellers of the scope
// without customers included, for SUPERVISOR and VENDEDOR).
func (s *Service) Resumo(ctx context.Context) ([]CarteiraVendedor, error) {
	c := caller.From(ctx)
	scope := Scope(c)
	list, err := s.Repo.Contagens(ctx, c.Empresa, scope)
	if err != nil {
		return nil, err
	}
	by := map[string]*CarteiraVendedor{}
	for _, v := range scope {
		by[v] = &CarteiraVendedor{Vendedor: v}
	}
	for _, x := range list {
		cv := by[x.Vendedor]
		if cv == nil {
			cv = &CarteiraVendedor{Vendedor: x.Vendedor}
			by[x.Vendedor] = cv
		}
		cv.Clientes++
		switch x.Status {
		case domain.StatusAtivo:
			cv.Ativos++
		case domain.StatusBloqueado:
			cv.Bloqueados++
		case domain.StatusInativo:
			cv.Inativos++
		}
	}
	out := make([]CarteiraVendedor, 0, len(by))
	for _, v := range by {
		out = append(out, *v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Vendedor < out[j].Vendedor })
	return out, nil
}

// mover puts one customer (already checked to be in scope) in the seller's portfolio.
func (s *Service) mover(ctx context.Context, id, para string) (bool, error) {
	moved := false
	_, err := s.update(ctx, id, 0, func(cl *domain.Cliente) error {
		if cl.VendedorID == para {
			return nil
		}
		cl.VendedoresAnteriores = addUnique(cl.VendedoresAnteriores, cl.VendedorID)
		cl.VendedorID, moved = para, true
		return nil
	})
	return moved, err
}

// Atribuir moves customers to a seller (ADMIN; SUPERVISOR within their team). Every customer is
// checked first: one outside the scope refuses the whole request and nothing moves.
func (s *Service) Atribuir(ctx context.Context, ids []string, vendedor string) (*domain.Transferencia, error) {
	c := caller.From(ctx)
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
	t := &domain.Transferencia{Empresa: c.Empresa, Para: para, Por: c.Operador}
	if len(de) == 1 {
		for v := range de {
			t.De = v
		}
	}
	for _, id := range uniq {
		moved, err := s.mover(ctx, id, para)
		if err != nil {
			return nil, err
		}
		if moved {
			t.ClienteIDs = append(t.ClienteIDs, id)
		}
	}
	return s.registrar(ctx, t, "")
}

func (s *Service) registrar(ctx context.Context, t *domain.Transferencia, id string) (*domain.Transferencia, error) {
	var err error
	if t.ID, err = newID(id, "id"); err != nil {
		return nil, err
	}
	t.Em = s.now()
	if err := s.Repo.InsertTransferencia(ctx, t); err != nil {
		return nil, err
	}
	return t, nil
}

// Transferir moves a seller's whole portfolio to another seller (ADMIN), and records it. A retry
// with the same id returns the first transfer.
func (s *Service) Transferir(ctx context.Context, id, de, para string) (*domain.Transferencia, error) {
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
	if id != "" {
		if !idPattern.MatchString(id) {
			return nil, errs.Field("id", "Id inválido: use um UUID (letras, números, - e _; até 64 caracteres).")
		}
		if t, err := s.Repo.Transferencia(ctx, c.Empresa, id); err == nil {
			return t, nil
		} else if !errors.Is(err, domain.ErrNotFound) {
			return nil, repoErr(err, "Transferência não encontrada.")
		}
	}
	para, err := s.vendedorPara(ctx, para)
	if err != nil {
		return nil, err
	}
	ids, err := s.Repo.IDsDoVendedor(ctx, c.Empresa, de)
	if err != nil {
		return nil, err
	}
	t := &domain.Transferencia{Empresa: c.Empresa, De: de, Para: para, Por: c.Operador}
	for _, cid := range ids {
		moved, err := s.mover(ctx, cid, para)
		if errs.IsKind(err, errs.KindNotFound) {
			continue // deleted meanwhile
		}
		if err != nil {
			return nil, err
		}
		if moved {
			t.ClienteIDs = append(t.ClienteIDs, cid)
		}
	}
	return s.registrar(ctx, t, id)
}

// Transferencias lists transfers newest first (ADMIN: all; SUPERVISOR: those of their team).
func (s *Service) Transferencias(ctx context.Context, vendedor string, size int32, token string) ([]*domain.Transferencia, string, error) {
	c := caller.From(ctx)
	cur, err := page.Decode(token)
	if err != nil {
		return nil, "", err
	}
	scope := Scope(c)
	if v := strings.TrimSpace(vendedor); v != "" {
		if !c.Sees(v) {
			return nil, "", errs.Forbidden(MsgVendedorForaEquipe)
		}
		scope = []string{v}
	}
	n := page.Size(size)
	var k, i string
	if cur != nil {
		k, i = cur.Key, cur.ID
	}
	list, err := s.Repo.Transferencias(ctx, c.Empresa, scope, k, i, n+1)
	if err != nil {
		return nil, "", err
	}
	next := ""
	if len(list) > n {
		list = list[:n]
		last := list[len(list)-1]
		next = page.Encode(page.Cursor{Key: domain.OrdemTempo(last.Em), ID: last.ID})
	}
	return list, next, nil
}
