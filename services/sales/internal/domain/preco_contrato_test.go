package domain

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/crmvendas/crm/services/platform/errs"
)

type objeto = map[string]json.RawMessage

// contratoPrecos is contracts/precos.json: the app's mirror (mobile/src/entities/preco/
// calcular.test.ts) runs the same cases, so the two cannot drift.
type contratoPrecos struct {
	Descricao string
	Data      Data
	Produtos  []objeto
	Cliente   objeto
	Politica  objeto
	Casos     []struct {
		Nome string
		// Fonte: the act that defines the case's rule and where a published example's figures
		// come from (not read by the test).
		Fonte    string
		Data     Data
		Cliente  objeto
		Condicao json.RawMessage
		Politica objeto
		// FlexPedidos: what the seller's counting orders did to the flex balance
		// (resumo_flex_vendedor), added as the app layer adds it (Vendedor.ComFlexDosPedidos).
		FlexPedidos int64 `json:"flex_pedidos_centavos"`
		Produtos    map[string]objeto
		Itens       []struct {
			ProdutoID          string     `json:"produto_id"`
			Quantidade         int64      `json:"quantidade"`
			DescontoPercentual Percentual `json:"desconto_percentual"`
		}
		Esperado json.RawMessage
		Erro     *struct {
			Motivo   errs.Reason
			Mensagem string
			Campos   []string
		}
	}
}

// mesclar lays over on base (top-level keys replace) and decodes the result strictly into v, so
// a misspelt field in the cases fails here instead of passing unread.
func mesclar(v any, base, over objeto) error {
	m := objeto{}
	for k, x := range base {
		m[k] = x
	}
	for k, x := range over {
		m[k] = x
	}
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return estrito(b, v)
}

func estrito(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	return d.Decode(v)
}

func TestPrecosIgualAoAparelho(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "contracts", "precos.json"))
	if err != nil {
		t.Fatal(err)
	}
	var k contratoPrecos
	if err := estrito(raw, &k); err != nil {
		t.Fatal(err)
	}
	if len(k.Casos) < 40 {
		t.Fatalf("only %d cases", len(k.Casos))
	}
	for _, c := range k.Casos {
		t.Run(c.Nome, func(t *testing.T) {
			var cli Cliente
			var pol Politica
			var cond CondicaoPagamento
			if err := mesclar(&cli, k.Cliente, c.Cliente); err != nil {
				t.Fatal("cliente: ", err)
			}
			if err := mesclar(&pol, k.Politica, c.Politica); err != nil {
				t.Fatal("politica: ", err)
			}
			pol.Vendedor = pol.Vendedor.ComFlexDosPedidos(c.FlexPedidos)
			if c.Condicao != nil {
				if err := estrito(c.Condicao, &cond); err != nil {
					t.Fatal("condicao: ", err)
				}
			}
			produtos := map[string]Produto{}
			for _, p := range k.Produtos {
				var id string
				_ = json.Unmarshal(p["id"], &id)
				var prod Produto
				if err := mesclar(&prod, p, c.Produtos[id]); err != nil {
					t.Fatal("produto: ", err)
				}
				produtos[id] = prod
			}
			itens := []Linha{}
			for _, it := range c.Itens {
				itens = append(itens, Linha{Produto: produtos[it.ProdutoID], Quantidade: it.Quantidade, DescontoPercentual: it.DescontoPercentual})
			}
			data := k.Data
			if c.Data != "" {
				data = c.Data
			}
			got, err := PrecificarPedido(itens, cli, cond, pol, data)
			if c.Erro != nil {
				var de *errs.Error
				if !errors.As(err, &de) {
					t.Fatalf("error %v; want %s", err, c.Erro.Motivo)
				}
				var campos []string
				for _, f := range de.Fields {
					campos = append(campos, f.Field)
				}
				if errs.ReasonOf(err) != c.Erro.Motivo || de.Message != c.Erro.Mensagem || !slices.Equal(campos, c.Erro.Campos) {
					t.Fatalf("error %s %q %v;\nwant  %s %q %v", errs.ReasonOf(err), de.Message, campos, c.Erro.Motivo, c.Erro.Mensagem, c.Erro.Campos)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(got)
			var gotJSON, want any
			if err := decodificar(b, &gotJSON); err != nil {
				t.Fatal(err)
			}
			if err := decodificar(c.Esperado, &want); err != nil {
				t.Fatal(err)
			}
			if err := contem2(want, gotJSON, "$"); err != nil {
				t.Fatalf("%v\ngot %s", err, b)
			}
		})
	}
}

func decodificar(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	return d.Decode(v)
}

// contem2 reports where got lacks what want says: objects compare the keys of want only,
// arrays need the same length, numbers compare exactly as decimals.
func contem2(want, got any, onde string) error {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: got %v, want an object", onde, got)
		}
		for key, x := range w {
			y, ok := g[key]
			if !ok {
				return fmt.Errorf("%s.%s: missing", onde, key)
			}
			if err := contem2(x, y, onde+"."+key); err != nil {
				return err
			}
		}
		return nil
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return fmt.Errorf("%s: got %v, want %d items %v", onde, got, len(w), want)
		}
		for i := range w {
			if err := contem2(w[i], g[i], fmt.Sprintf("%s[%d]", onde, i)); err != nil {
				return err
			}
		}
		return nil
	case json.Number:
		g, ok := got.(json.Number)
		a, okA := new(big.Rat).SetString(string(w))
		b, okB := new(big.Rat).SetString(string(g))
		if !ok || !okA || !okB || a.Cmp(b) != 0 {
			return fmt.Errorf("%s: got %v, want %v", onde, got, want)
		}
		return nil
	default:
		if !reflect.DeepEqual(want, got) {
			return fmt.Errorf("%s: got %#v, want %#v", onde, got, want)
		}
		return nil
	}
}
