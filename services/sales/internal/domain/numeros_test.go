package domain

import (
	"encoding/json"
	"math/big"
	"testing"
)

func TestParsePercentual(t *testing.T) {
	ok := []struct {
		in   string
		want Percentual
	}{
		{"7.5", 750}, {"7,5", 750}, {"7.50", 750}, {"7.500", 750}, {"0", 0}, {"100", 10000},
		{"-3", -300}, {"12.25", 1225}, {"0.01", 1}, {"+2", 200}, {" 5 ", 500}, {"5.", 500},
	}
	for _, c := range ok {
		got, err := ParsePercentual(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParsePercentual(%q) = %d, %v; want %d", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{"", "7.125", "1e2", "abc", "-", ".5", "7.5%", "1.2.3", "9999999999999"} {
		if _, err := ParsePercentual(in); err == nil {
			t.Errorf("ParsePercentual(%q): want an error", in)
		}
	}
}

func TestPercentualTexto(t *testing.T) {
	for _, c := range []struct {
		p             Percentual
		decimal, ptBR string
	}{
		{750, "7.5", "7,5%"}, {1225, "12.25", "12,25%"}, {500, "5", "5%"}, {5, "0.05", "0,05%"},
		{-300, "-3", "-3%"}, {0, "0", "0%"}, {10, "0.1", "0,1%"},
	} {
		if c.p.Decimal() != c.decimal || c.p.String() != c.ptBR {
			t.Errorf("%d: %s %s; want %s %s", c.p, c.p.Decimal(), c.p, c.decimal, c.ptBR)
		}
	}
	var v struct{ P Percentual }
	if err := json.Unmarshal([]byte(`{"P": 7.25}`), &v); err != nil || v.P != 725 {
		t.Fatalf("json 7.25: %d %v", v.P, err)
	}
	if err := json.Unmarshal([]byte(`{"P": 7.255}`), &v); err == nil {
		t.Fatal("json 7.255: want an error (3 decimals)")
	}
	if err := json.Unmarshal([]byte(`{"P": "7"}`), &v); err == nil {
		t.Fatal(`json "7": want an error (a string)`)
	}
	b, _ := json.Marshal(struct{ P Percentual }{-1250})
	if string(b) != `{"P":-12.5}` {
		t.Fatalf("marshal: %s", b)
	}
}

func TestDividirPar(t *testing.T) {
	for _, c := range []struct{ num, den, want int64 }{
		{5, 2, 2}, {7, 2, 4}, {-5, 2, -2}, {-7, 2, -4}, // ties to even
		{10049, 100, 100}, {10050, 100, 100}, {10051, 100, 101}, {10150, 100, 102}, {10250, 100, 102},
		{-10051, 100, -101}, {-10049, 100, -100}, {0, 7, 0}, {14, 7, 2}, {1, 3, 0}, {2, 3, 1}, {-2, 3, -1},
	} {
		if got := dividirPar(big.NewInt(c.num), big.NewInt(c.den)).Int64(); got != c.want {
			t.Errorf("%d/%d = %d; want %d", c.num, c.den, got, c.want)
		}
	}
}

func TestFormatarCentavos(t *testing.T) {
	for _, c := range []struct {
		c    int64
		want string
	}{
		{0, "R$ 0,00"}, {5, "R$ 0,05"}, {50, "R$ 0,50"}, {12345, "R$ 123,45"}, {123456, "R$ 1.234,56"},
		{100000000, "R$ 1.000.000,00"}, {-150, "-R$ 1,50"},
	} {
		if got := FormatarCentavos(c.c); got != c.want {
			t.Errorf("%d: %q; want %q", c.c, got, c.want)
		}
	}
}
