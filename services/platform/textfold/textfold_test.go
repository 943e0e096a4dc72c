package textfold

import (
	"sync"
	"testing"
)

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"São João":          "sao joao",
		"  AÇOUGUE   Boi  ": "acougue boi",
		"Ribeirão Preto":    "ribeirao preto",
		"plain ascii":       "plain ascii",
		"Ñandú über Café":   "nandu uber cafe",
		"":                  "",
		"\xff inválido":     "\ufffd invalido",
	} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

// Fold is called by concurrent requests (a shared transform.Chain panicked with "slice bounds
// out of range" under load).
func TestFoldConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 2000; i++ {
				if got := Fold("Mercado São João Ltda | Empório Água Branca"); got != "mercado sao joao ltda | emporio agua branca" {
					t.Errorf("Fold = %q", got)
					return
				}
			}
		}()
	}
	wg.Wait()
}
