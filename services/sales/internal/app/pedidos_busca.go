package app

import (
	"context"

	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// The search of orders by customer name or document. Scanning the company's orders for the
// words costs about page_size ÷ (share of orders that match) rows: cheap for a common name, a
// scan of the whole company for a rare one. The customers matching the words are few and small
// (pedidos_clientes), and the orders of a few customers are read through the (cliente_id,
// numero) index: so a search matching up to maxClientesBusca customers is a filter by those
// customers, and a broader one (dense in the orders, found early) scans. Both read in the same
// order (numero), so a page token of either path resumes the other.
const maxClientesBusca = 20

// clientesDaBusca is the ids of the customers whose name or document matches q, and whether they
// are few enough to filter by (false: search the orders' own text).
func (s *Service) clientesDaBusca(ctx context.Context, empresa, q string) ([]string, bool, error) {
	if err := s.IndexarClientesPedidos(ctx, empresa); err != nil {
		return nil, false, err
	}
	p, err := s.Col.ClientesPedidos.List(ctx, store.Scope{Empresa: empresa}, store.Query{Search: q, PageSize: maxClientesBusca})
	if err != nil {
		return nil, false, err
	}
	if p.Next != "" {
		return nil, false, nil
	}
	ids := make([]string, len(p.Items))
	for i, c := range p.Items {
		ids[i] = c.ClienteID
	}
	return ids, true, nil
}

// lembrarCliente keeps the order's customer in the index as the order names it. A failure is
// logged: the order is saved, and the index is rebuilt from the orders when it is found missing.
func (s *Service) lembrarCliente(ctx context.Context, empresa string, p *domain.Pedido) {
	if err := s.gravarClientePedidos(ctx, empresa, p.ClienteID, p.Cliente); err != nil && s.Log != nil {
		s.Log.ErrorContext(ctx, "índice de clientes dos pedidos não atualizado", "pedido", p.ID, "erro", err)
	}
}

func (s *Service) gravarClientePedidos(ctx context.Context, empresa, id string, c domain.ClientePedido) error {
	if id == "" {
		return nil
	}
	sc := store.Scope{Empresa: empresa}
	chave := empresa + "|" + id
	atual, err := s.Col.ClientesPedidos.GetAny(ctx, sc, chave)
	switch {
	case err == nil && atual.Nome == c.Nome && atual.Documento == c.Documento:
		return nil
	case err == nil:
		_, err = s.Col.ClientesPedidos.Update(ctx, sc, chave, 0, func(x *domain.ClienteDosPedidos) error {
			x.Nome, x.Documento = c.Nome, c.Documento
			return nil
		})
		return err
	}
	novo := &domain.ClienteDosPedidos{ClienteID: id, Nome: c.Nome, Documento: c.Documento}
	novo.ID = chave
	_, _, err = s.Col.ClientesPedidos.Create(ctx, sc, novo)
	if err != nil {
		// A concurrent order of the same customer wrote it first: write over it.
		_, err = s.Col.ClientesPedidos.Update(ctx, sc, chave, 0, func(x *domain.ClienteDosPedidos) error {
			x.Nome, x.Documento = c.Nome, c.Documento
			return nil
		})
	}
	return err
}

// IndexarClientesPedidos builds the company's index from its orders once (data from before the
// index, or orders loaded in bulk), marked by a counter: one small read per search afterwards.
func (s *Service) IndexarClientesPedidos(ctx context.Context, empresa string) error {
	const marca, id = "pedidos_clientes_indice", "pronto"
	st := s.Col.Pedidos.Store()
	v, err := st.Counters(ctx, marca, empresa, id)
	if err != nil || v["pronto"] > 0 {
		return err
	}
	sc := store.Scope{Empresa: empresa}
	gs, err := s.Col.Pedidos.Count(ctx, sc, store.Query{}, "cliente_id")
	if err != nil {
		return err
	}
	for _, g := range gs {
		var cid string
		switch k := g.Keys[0].(type) {
		case string:
			cid = k
		case []byte:
			cid = string(k)
		}
		if cid == "" {
			continue
		}
		p, err := s.Col.Pedidos.List(ctx, sc, store.Query{Where: []store.Cond{store.Eq("cliente_id", cid)}, PageSize: 1})
		if err != nil {
			return err
		}
		if len(p.Items) == 1 {
			if err := s.gravarClientePedidos(ctx, empresa, cid, p.Items[0].Cliente); err != nil {
				return err
			}
		}
	}
	_, err = st.Incr(ctx, marca, empresa, id, map[string]int64{"pronto": 1})
	return err
}
