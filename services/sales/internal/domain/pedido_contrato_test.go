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
// and the flow obeys them (an order is edited, cancelled and reopened exactly in those statuses).
func TestConjuntosDoContrato(t *testing.T) {
	metodos := map[string]func(StatusPedido) bool{
		"EmAberto": StatusPedido.EmAberto, "ContaNosResumos": StatusPedido.ContaNosResumos, "Editavel": StatusPedido.Editavel,
		"PodeCancelar": StatusPedido.PodeCancelar, "PodeReabrir": StatusPedido.PodeReabrir,
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
