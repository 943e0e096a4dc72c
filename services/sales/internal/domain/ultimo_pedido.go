package domain

import "time"

// A customer's last order (the panel's sem_pedido): the latest day on which it had a counting
// order (ContaNosResumos, any kind, any seller), read from resumo_cliente_vendedor_dia — one row
// per customer × seller × day, a counter of the orders, so a row goes back to zero when its
// orders stop counting (a cancellation) and the day before it becomes the last one again; a
// "latest date" field could not go back.

// DiasSemPedido are the panel's cut-offs: customers without an order for at least 30, 60 and 90
// days (a customer without one for 90 days counts in the three; one that never ordered, too).
var DiasSemPedido = [3]int{30, 60, 90}

// SemPedido are the customers without an order for at least 30, 60 and 90 days.
type SemPedido struct {
	Dias30, Dias60, Dias90 int64
}

// DiaMenos is the day n days before d ("" when d is not a date).
func DiaMenos(d Data, n int) Data {
	t, err := time.Parse("2006-01-02", string(d))
	if err != nil {
		return ""
	}
	return Data(t.AddDate(0, 0, -n).Format("2006-01-02"))
}

// SemPedidoHa reports whether a customer whose last order was on ultimo ("" = never) has had no
// order for at least dias days on hoje: never ordered, or the last order dias or more days ago
// (bought 30 days ago: yes for 30; 29 days ago: no).
func SemPedidoHa(ultimo, hoje Data, dias int) bool {
	return ultimo == "" || ultimo <= DiaMenos(hoje, dias)
}

// InicioSemPedido is the first day whose orders can take a customer out of a count on hoje: a
// customer with no order from then on is without one for at least the longest cut-off.
func InicioSemPedido(hoje Data) Data {
	return DiaMenos(hoje, DiasSemPedido[len(DiasSemPedido)-1]-1)
}

// UltimosPedidos is each customer's last day with counting orders in linhas (rows at zero left out).
func UltimosPedidos(linhas []*LinhaClienteVendedorDia) map[string]Data {
	out := map[string]Data{}
	for _, l := range linhas {
		if l.Pedidos > 0 && Data(l.Dia) > out[l.ClienteID] {
			out[l.ClienteID] = Data(l.Dia)
		}
	}
	return out
}

// ContarSemPedido counts the clientes (the portfolio: each one once) without an order for each
// cut-off on hoje, given their last orders (a customer missing from ultimo never ordered, or
// not since InicioSemPedido).
func ContarSemPedido(clientes []string, ultimo map[string]Data, hoje Data) SemPedido {
	var out SemPedido
	for _, c := range clientes {
		u := ultimo[c]
		for i, n := range []*int64{&out.Dias30, &out.Dias60, &out.Dias90} {
			if SemPedidoHa(u, hoje, DiasSemPedido[i]) {
				*n++
			}
		}
	}
	return out
}
