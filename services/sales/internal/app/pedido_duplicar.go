package app

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// itemRecusado is the index of the item an error of pricing is about (itens[i]…), or -1.
var itemRecusado = regexp.MustCompile(`^itens\[(\d+)\]`)

func indiceRecusado(err error) int {
	var e *errs.Error
	if !errors.As(err, &e) || e.Kind != errs.KindInvalid || len(e.Fields) == 0 {
		return -1
	}
	m := itemRecusado.FindStringSubmatch(e.Fields[0].Field)
	if m == nil {
		return -1
	}
	i, _ := strconv.Atoi(m[1])
	return i
}

// DuplicarPedido creates a draft with an order's items re-priced today, for the same customer or
// another (clienteID), with the new client-generated id novoID (a replay returns the first copy).
// Items no longer sellable (inactive or removed products, no price in the customer's table) are
// left out and named in the history's first note.
func (s *Service) DuplicarPedido(ctx context.Context, id, novoID, clienteID string) (*domain.Pedido, error) {
	orig, err := s.ObterPedido(ctx, id)
	if err != nil {
		return nil, err
	}
	in := entradaDe(orig)
	in.ID, in.Enviar = novoID, false
	for i := range in.Itens {
		in.Itens[i].PrecoEsperado = 0 // re-priced today, by design
	}
	if c := strings.TrimSpace(clienteID); c != "" {
		in.ClienteID = c
	}
	in.Latitude, in.Longitude, in.VisitaID, in.DataEntrega = nil, nil, "", ""
	nota := fmt.Sprintf("Cópia do pedido %d.", orig.Numero)
	var fora []string
	for len(in.Itens) > 0 {
		p, err := s.criarPedido(ctx, in, nota+foraDeVenda(fora))
		i := indiceRecusado(err)
		if i < 0 || i >= len(in.Itens) {
			return p, err
		}
		it := orig.Itens[slices.IndexFunc(orig.Itens, func(x domain.ItemPedido) bool { return x.ProdutoID == in.Itens[i].ProdutoID })]
		fora = append(fora, strings.TrimSpace(it.Codigo+" "+it.Descricao))
		in.Itens = slices.Delete(in.Itens, i, i+1)
	}
	return nil, errs.Invalid("Nenhum item do pedido " + strconv.FormatInt(orig.Numero, 10) + " pode ser vendido hoje" + foraDeVenda(fora))
}

func foraDeVenda(fora []string) string {
	if len(fora) == 0 {
		return ""
	}
	return " Fora de venda hoje: " + strings.Join(fora, "; ") + "."
}
