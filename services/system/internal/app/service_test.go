package app

import (
	"testing"
	"unicode/utf8"
)

func TestTruncate(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"Mozilla/5.0", 500, "Mozilla/5.0"},
		{"agente\xff\xfe", 500, "agente\uFFFD"},
		{"ããããã", 3, "ããã"},
		{"", 10, ""},
	} {
		got := truncate(c.in, c.n)
		if got != c.want || !utf8.ValidString(got) {
			t.Errorf("truncate(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}
