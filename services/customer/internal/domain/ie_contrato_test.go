package domain

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestIEIgualAoAparelho runs contracts/inscricoes-estaduais.json: each state's IE rule, as the
// app runs it (mobile/src/lib/documento/ie.test.ts).
func TestIEIgualAoAparelho(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "contracts", "inscricoes-estaduais.json"))
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Casos []struct {
			UF, IE, Fonte string
			Valida        bool
		}
		Mensagens []struct{ IE, UF, Mensagem string }
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		t.Fatal(err)
	}
	porUF := map[string][2]int{}
	for _, k := range c.Casos {
		n := porUF[k.UF]
		if k.Valida {
			n[0]++
		} else {
			n[1]++
		}
		porUF[k.UF] = n
		if k.Fonte == "" {
			t.Errorf("%s %s: sem fonte", k.UF, k.IE)
		}
		ie, ok := NormalizeIE(k.IE)
		if got := ok && ValidIE(k.UF, ie); got != k.Valida {
			t.Errorf("%s %q: válida %v, esperado %v (%s)", k.UF, k.IE, got, k.Valida, k.Fonte)
		}
		if got := ErroIE(k.IE, k.UF) == ""; got != k.Valida {
			t.Errorf("%s %q: ErroIE %q", k.UF, k.IE, ErroIE(k.IE, k.UF))
		}
	}
	for uf := range ufs {
		if n := porUF[uf]; n[0] < 3 || n[1] < 3 {
			t.Errorf("%s: %d válidas e %d inválidas; o contrato pede ao menos 3 de cada", uf, n[0], n[1])
		}
	}
	for _, m := range c.Mensagens {
		if got := ErroIE(m.IE, m.UF); got != m.Mensagem {
			t.Errorf("ErroIE(%q, %q) = %q, esperado %q", m.IE, m.UF, got, m.Mensagem)
		}
	}
}
