package csvimport

import (
	"reflect"
	"testing"

	"github.com/crmvendas/crm/services/platform/input"
)

// Money in the CSV is read as integer centavos, never through floating point.
func TestReais(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"", 0, true},
		{"0,29", 29, true},
		{"1.234,56", 123456, true},
		{"R$ 1.500,00", 150000, true},
		{"1234.56", 123456, true},
		{"1.234", 123400, true},
		{"1.234.567", 123456700, true},
		{"0,1", 10, true},
		{"99999999999,99", 9999999999999, true},
		{"4.35", 435, true},
		{"1,005", 0, false}, // three decimals: a typo, not a rounding decision
		{"-100", 0, false},
		{"abc", 0, false},
		{"1,2,3", 0, false},
		{"999999999999,00", 0, false}, // beyond R$ 99 bilhões
	} {
		got, ok := Reais(c.in, 11) // the customers' limit: up to R$ 99 bilhões
		if ok != c.ok || (ok && got != c.want) {
			t.Errorf("Reais(%q) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// TestFormulaNasColunasDeTexto: a free-text cell that a spreadsheet would run as a formula is
// refused at its row and column; a phone "+55…" or a negative number (not text columns) stays.
func TestFormulaNasColunasDeTexto(t *testing.T) {
	f := Formato{Colunas: []string{"nome", "telefone", "saldo", "obs"}, Texto: []string{"nome", "obs"}}
	ls, err := Ler("nome;telefone;saldo;obs\n"+
		"Maria;+55 11 3333-4444;-10,00;ok\n"+
		"=1+1;;;\n"+
		" @SUM(A1);;;-cmd\n"+
		"João;;;+1\n", f)
	if err != nil {
		t.Fatal(err)
	}
	got := map[int32][]string{}
	for _, l := range ls {
		got[l.N] = l.Erros
	}
	want := map[int32][]string{2: nil, 3: {"nome: " + input.MsgFormula}, 4: {"nome: " + input.MsgFormula, "obs: " + input.MsgFormula}, 5: {"obs: " + input.MsgFormula}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("erros por linha: %v", got)
	}
}
