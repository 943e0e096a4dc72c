package domain

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// contratoPedidos is contracts/pedidos.json, from which pedido_contrato.gen.go is generated (and
// the app's mobile/src/lib/contratos/pedidos.gen.ts).
type contratoPedidos struct {
	Conjuntos []struct {
		Nome   string         `json:"nome"`
		Status []StatusPedido `json:"status"`
	} `json:"conjuntos"`
	CondicaoPagamento struct {
		Casos []struct {
			Nome         string   `json:"nome"`
			Ativa        bool     `json:"ativa"`
			Clientes     []string `json:"clientes"`
			Cliente      string   `json:"cliente"`
			ParaOCliente bool     `json:"para_o_cliente"`
			Elegivel     bool     `json:"elegivel"`
		} `json:"casos"`
	} `json:"condicao_pagamento"`
}

func lerContratoPedidos(t *testing.T) contratoPedidos {
	t.Helper()
	b, err := os.ReadFile("../../../../contracts/pedidos.json")
	if err != nil {
		t.Fatal(err)
	}
	var c contratoPedidos
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestCondicaoDoContrato runs contracts/pedidos.json's payment-term cases (the app runs them too:
// mobile/src/lib/contratos/pedidos.test.ts).
func TestCondicaoDoContrato(t *testing.T) {
	casos := lerContratoPedidos(t).CondicaoPagamento.Casos
	if len(casos) < 5 {
		t.Fatalf("%d cases", len(casos))
	}
	for _, c := range casos {
		if got := CondicaoParaOCliente(c.Clientes, c.Cliente); got != c.ParaOCliente {
			t.Errorf("%s: CondicaoParaOCliente = %v, want %v", c.Nome, got, c.ParaOCliente)
		}
		if got := CondicaoElegivel(c.Ativa, c.Clientes, c.Cliente); got != c.Elegivel {
			t.Errorf("%s: CondicaoElegivel = %v, want %v", c.Nome, got, c.Elegivel)
		}
	}
}

// TestConjuntosDoContrato: each status set of the contract is what the order's methods answer,
// and the flow obeys them (an order is edited, cancelled and reopened exactly in those statuses;
// TestFluxoDeStatus checks every step against lists of its own).
func TestConjuntosDoContrato(t *testing.T) {
	metodos := map[string]func(StatusPedido) bool{
		"EmAberto": StatusPedido.EmAberto, "ContaNosResumos": StatusPedido.ContaNosResumos, "Editavel": StatusPedido.Editavel,
		"PodeCancelar": StatusPedido.PodeCancelar, "PodeReabrir": StatusPedido.PodeReabrir,
		"PodeEnviar": StatusPedido.PodeEnviar, "PodeDecidir": StatusPedido.PodeDecidir, "PodeSeparar": StatusPedido.PodeSeparar,
		"PodeFaturar": StatusPedido.PodeFaturar, "PodeEntregar": StatusPedido.PodeEntregar, "Enviado": StatusPedido.Enviado,
		"DepoisDeEnviar": StatusPedido.DepoisDeEnviar, "DepoisDeReprovar": StatusPedido.DepoisDeReprovar,
		"DepoisDeReabrir": StatusPedido.DepoisDeReabrir, "DepoisDeCancelar": StatusPedido.DepoisDeCancelar,
		"DepoisDeSeparar": StatusPedido.DepoisDeSeparar, "DepoisDeFaturar": StatusPedido.DepoisDeFaturar,
		"DepoisDeEntregar": StatusPedido.DepoisDeEntregar,
	}
	conjuntos := lerContratoPedidos(t).Conjuntos
	if len(conjuntos) != len(metodos) {
		t.Fatalf("%d sets in the contract, %d here", len(conjuntos), len(metodos))
	}
	for _, c := range conjuntos {
		m := metodos[c.Nome]
		if m == nil {
			t.Fatalf("set %s has no method here", c.Nome)
		}
		for _, s := range StatusesPedido {
			if m(s) != slices.Contains(c.Status, s) {
				t.Errorf("%s(%s) = %v", c.Nome, s, m(s))
			}
		}
	}
	for _, s := range StatusesPedido {
		p := &Pedido{Status: s}
		if err := p.Cancelar("v1", "desistiu", pedEm); (err == nil) != s.PodeCancelar() {
			t.Errorf("Cancelar from %s: %v", s, err)
		}
		p = &Pedido{Status: s}
		if err := p.Reabrir("v1", "", pedEm); (err == nil) != s.PodeReabrir() {
			t.Errorf("Reabrir from %s: %v", s, err)
		}
	}
}

// TestDestinosDoContrato: where the contract says each step leads (the app's replay of a step
// whose answer was lost looks for the order there) is where the flow puts it, and the steps after
// sending never take an order out of it.
func TestDestinosDoContrato(t *testing.T) {
	pr := pedPrecificar(t, pedItens(), TipoVenda, CondicaoPagamento{})
	aprovacao := pr
	aprovacao.Avisos = []Aviso{{Motivo: AvisoDescontoAcimaDoLimite, Mensagem: "Desconto."}}
	nf := &NotaFiscal{Numero: "1001", ValorCentavos: 1}
	separar := func(p *Pedido) error { return p.AvancarStatus(StatusEmSeparacao, pedAdmin, nil, "", pedEm) }
	faturar := func(p *Pedido) error { return p.AvancarStatus(StatusFaturado, pedAdmin, nf, "", pedEm) }
	entregar := func(p *Pedido) error { return p.AvancarStatus(StatusEntregue, pedAdmin, nil, "", pedEm) }
	parcial := func(s StatusPedido) bool { return pedEmStatus(t, s).FaturamentoParcial }
	passos := []struct {
		nome   string
		pode   func(StatusPedido) bool
		faz    func(*Pedido) error
		depois func(StatusPedido) bool
	}{
		{"enviar", StatusPedido.PodeEnviar, func(p *Pedido) error { return p.Enviar(pr, pedAtivo, "v1", pedEm) }, StatusPedido.DepoisDeEnviar},
		{"enviar para aprovação", StatusPedido.PodeEnviar, func(p *Pedido) error { return p.Enviar(aprovacao, pedAtivo, "v1", pedEm) }, StatusPedido.DepoisDeEnviar},
		{"aprovar", StatusPedido.PodeDecidir, func(p *Pedido) error { return p.Aprovar(pedAdmin, "", "", pedEm) }, StatusPedido.Enviado},
		{"reprovar", StatusPedido.PodeDecidir, func(p *Pedido) error { return p.Reprovar(pedAdmin, "", "não", pedEm) }, StatusPedido.DepoisDeReprovar},
		{"reabrir", StatusPedido.PodeReabrir, func(p *Pedido) error { return p.Reabrir("v1", "", pedEm) }, StatusPedido.DepoisDeReabrir},
		{"cancelar", StatusPedido.PodeCancelar, func(p *Pedido) error { return p.Cancelar("v1", "desistiu", pedEm) }, StatusPedido.DepoisDeCancelar},
		{"separar", StatusPedido.PodeSeparar, separar, StatusPedido.DepoisDeSeparar},
		{"faturar", func(s StatusPedido) bool { return s.PodeFaturar() || s == StatusFaturado && parcial(s) }, faturar, StatusPedido.DepoisDeFaturar},
		{"entregar", StatusPedido.PodeEntregar, entregar, StatusPedido.DepoisDeEntregar},
	}
	seguintes := []func(*Pedido) error{separar, faturar, entregar}
	for _, a := range passos {
		for _, s := range StatusesPedido {
			p := pedEmStatus(t, s)
			p.Tipo = TipoVenda
			err := a.faz(p)
			if (err == nil) != a.pode(s) {
				t.Fatalf("%s from %s: %v", a.nome, s, err)
			}
			if err != nil {
				continue
			}
			if !a.depois(p.Status) {
				t.Errorf("%s from %s leads to %s, outside the contract's set", a.nome, s, p.Status)
			}
			// The ADMIN's steps after sending keep an order sent on inside the set.
			for i := 0; i < 3; i++ {
				for _, seguinte := range seguintes {
					q := *p
					if seguinte(&q) == nil && !a.depois(q.Status) {
						t.Errorf("%s, then %s → %s: outside the contract's set", a.nome, p.Status, q.Status)
					}
				}
				_ = seguintes[i](p)
			}
		}
	}
}
