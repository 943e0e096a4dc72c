package agenda

import (
	"math"
	"math/rand/v2"
	"testing"
)

// forcaBruta is the shortest open path from origem through every stop, over every order.
func forcaBruta(origem Ponto, ps []Ponto) float64 {
	idx := make([]int, len(ps))
	for i := range idx {
		idx[i] = i
	}
	melhor := math.Inf(1)
	var permutar func(k int)
	permutar = func(k int) {
		if k == len(idx) {
			melhor = math.Min(melhor, Comprimento(origem, ps, idx))
			return
		}
		for i := k; i < len(idx); i++ {
			idx[k], idx[i] = idx[i], idx[k]
			permutar(k + 1)
			idx[k], idx[i] = idx[i], idx[k]
		}
	}
	permutar(0)
	return melhor
}

// TestOrdenarRotaContraForcaBruta: for days of 0 to 8 stops around São Paulo, the order is a
// permutation of the stops, its length is what it says, never shorter than the optimum (a
// check of the check) and the optimum found by brute force (measured: 540 days of 540; the
// nearest neighbour with 2-opt alone, 477, worst 1.22 × the optimum).
func TestOrdenarRotaContraForcaBruta(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 2026))
	casos, otimos := 0, 0
	pior := 1.0
	for n := 0; n <= 8; n++ {
		for range 40 {
			origem := Ponto{-23.55 + r.Float64()*0.2, -46.63 + r.Float64()*0.2}
			ps := make([]Ponto, n)
			for i := range ps {
				ps[i] = Ponto{-23.55 + r.Float64()*0.2, -46.63 + r.Float64()*0.2}
			}
			ordem, total := OrdenarRota(origem, ps)
			visto := map[int]bool{}
			for _, i := range ordem {
				visto[i] = true
			}
			if len(ordem) != n || len(visto) != n {
				t.Fatalf("%d paradas: ordem %v não é uma permutação", n, ordem)
			}
			if math.Abs(total-Comprimento(origem, ps, ordem)) > 1e-6 {
				t.Fatalf("total %.1f ≠ comprimento da ordem", total)
			}
			otimo := forcaBruta(origem, ps)
			if total < otimo-1e-6 {
				t.Fatalf("%d paradas: %.1f menor que o ótimo %.1f", n, total, otimo)
			}
			if otimo > 0 {
				pior = math.Max(pior, total/otimo)
			}
			casos++
			if total <= otimo+1e-6 {
				otimos++
			}
		}
	}
	t.Logf("%d dias: %d no ótimo, pior razão %.4f", casos, otimos, pior)
	if otimos != casos {
		t.Errorf("só %d de %d dias no ótimo (pior razão %.4f)", otimos, casos, pior)
	}
}

// TestOrdenarRotaMelhoraVizinhoMaisProximo: a day where the nearest neighbour alone goes the
// wrong way first; 2-opt fixes it.
func TestOrdenarRotaMelhoraVizinhoMaisProximo(t *testing.T) {
	// On a line: the position at 0, stops at -1, 2, 3, 4 (km-ish). Nearest first goes to -1 and
	// back (1 + 5 = 6); the optimum too goes to -1 first (1 + 5 = 6) vs 2,3,4,-1 (4 + 5 = 9).
	origem := Ponto{0, 0}
	ps := []Ponto{{0, 0.03}, {0, -0.01}, {0, 0.02}, {0, 0.04}}
	_, total := OrdenarRota(origem, ps)
	if otimo := forcaBruta(origem, ps); math.Abs(total-otimo) > 1e-6 {
		t.Errorf("total %.1f, ótimo %.1f", total, otimo)
	}
}

func TestDistancia(t *testing.T) {
	// Praça da Sé (São Paulo) to Praça Tiradentes (Curitiba): about 339 km.
	d := Distancia(Ponto{-23.5503, -46.6339}, Ponto{-25.4296, -49.2713})
	if d < 330000 || d > 345000 {
		t.Errorf("Sé–Curitiba: %.0f m", d)
	}
	if Distancia(Ponto{1, 1}, Ponto{1, 1}) != 0 {
		t.Error("mesmo ponto: distância não zero")
	}
}

func TestLinkMapa(t *testing.T) {
	// The app's case (mobile/src/lib/format/format.test.ts).
	if got := LinkMapa("Praça da Sé"); got != "https://www.google.com/maps/search/?api=1&query=praca+da+se" {
		t.Errorf("LinkMapa: %s", got)
	}
	if got := LinkMapa("  Rua  São João, 1.234 - Centro "); got != "https://www.google.com/maps/search/?api=1&query=rua+sao+joao+1234+centro" {
		t.Errorf("LinkMapa: %s", got)
	}
}
