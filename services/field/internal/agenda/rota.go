package agenda

import (
	"math"
	"regexp"
	"strings"

	"github.com/crmvendas/crm/services/platform/textfold"
)

// Ponto is a position in degrees.
type Ponto struct{ Latitude, Longitude float64 }

// raioTerra is the Earth's mean radius in metres.
const raioTerra = 6371008.8

// Distancia is the great-circle distance between a and b in metres (Haversine).
func Distancia(a, b Ponto) float64 {
	rad := math.Pi / 180
	dLat := (b.Latitude - a.Latitude) * rad
	dLon := (b.Longitude - a.Longitude) * rad
	h := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(a.Latitude*rad)*math.Cos(b.Latitude*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * raioTerra * math.Asin(math.Min(1, math.Sqrt(h)))
}

// Comprimento is the length of the path from origem through the stops in ordem.
func Comprimento(origem Ponto, paradas []Ponto, ordem []int) float64 {
	total, at := 0.0, origem
	for _, i := range ordem {
		total += Distancia(at, paradas[i])
		at = paradas[i]
	}
	return total
}

// OrdenarRota is a short open path from origem through every stop (no return): the nearest
// neighbour from the position, then 2-opt (reversing a stretch of the path) and Or-opt (moving a
// stretch of 1 to 3 stops elsewhere) while either shortens it; the same again from each other
// first stop, keeping the shortest. It answers the stops' indexes in order and the path's length.
func OrdenarRota(origem Ponto, paradas []Ponto) ([]int, float64) {
	n := len(paradas)
	var melhor []int
	melhorTotal := math.Inf(1)
	for primeira := -1; primeira < n; primeira++ {
		ordem := vizinhoMaisProximo(origem, paradas, primeira)
		for melhorar2opt(origem, paradas, ordem) || moverTrechos(origem, paradas, ordem) {
		}
		if c := Comprimento(origem, paradas, ordem); c < melhorTotal-eps || melhor == nil {
			melhor, melhorTotal = ordem, c
		}
		if n <= 1 {
			break
		}
	}
	return melhor, Comprimento(origem, paradas, melhor)
}

// vizinhoMaisProximo goes each time to the nearest stop not visited yet, from the position or,
// when primeira ≥ 0, starting at that stop.
func vizinhoMaisProximo(origem Ponto, paradas []Ponto, primeira int) []int {
	n := len(paradas)
	ordem := make([]int, 0, n)
	usado := make([]bool, n)
	at := origem
	if primeira >= 0 {
		usado[primeira] = true
		ordem = append(ordem, primeira)
		at = paradas[primeira]
	}
	for len(ordem) < n {
		melhor, dist := -1, math.Inf(1)
		for j, p := range paradas {
			if d := Distancia(at, p); !usado[j] && d < dist {
				melhor, dist = j, d
			}
		}
		usado[melhor] = true
		ordem = append(ordem, melhor)
		at = paradas[melhor]
	}
	return ordem
}

var naoAlfanumerico = regexp.MustCompile(`[^a-z0-9\s]`)

// LinkMapa is the map link of SPEC §9 for an address: lowercased, without accents and special
// characters, spaces turned into '+' (the app's linkMapa, mobile/src/lib/format/maps.ts).
func LinkMapa(endereco string) string {
	s := naoAlfanumerico.ReplaceAllString(textfold.Fold(endereco), "")
	return "https://www.google.com/maps/search/?api=1&query=" + strings.Join(strings.Fields(s), "+")
}

const eps = 1e-9

// melhorar2opt reverses stretches of ordem while that shortens the path; it reports a change.
func melhorar2opt(origem Ponto, paradas []Ponto, ordem []int) bool {
	n := len(ordem)
	ponto := func(k int) Ponto {
		if k < 0 {
			return origem
		}
		return paradas[ordem[k]]
	}
	mudou := false
	for melhorou := true; melhorou; {
		melhorou = false
		for i := 0; i < n-1; i++ {
			for k := i + 1; k < n; k++ {
				// Reversing ordem[i..k] swaps the edges (i-1,i) and (k,k+1) for (i-1,k) and (i,k+1).
				antes := Distancia(ponto(i-1), ponto(i))
				depois := Distancia(ponto(i-1), ponto(k))
				if k+1 < n {
					antes += Distancia(ponto(k), ponto(k+1))
					depois += Distancia(ponto(i), ponto(k+1))
				}
				if depois < antes-eps {
					for a, b := i, k; a < b; a, b = a+1, b-1 {
						ordem[a], ordem[b] = ordem[b], ordem[a]
					}
					melhorou, mudou = true, true
				}
			}
		}
	}
	return mudou
}

// moverTrechos moves one stretch of 1 to 3 stops (as it is or reversed) to the place in the path
// where the path becomes shortest, if that shortens it; it reports a change.
func moverTrechos(origem Ponto, paradas []Ponto, ordem []int) bool {
	n := len(ordem)
	atual := Comprimento(origem, paradas, ordem)
	melhor, melhorTotal := []int(nil), atual
	resto := make([]int, 0, n)
	cand := make([]int, 0, n)
	for tam := 1; tam <= 3 && tam < n; tam++ {
		for i := 0; i+tam <= n; i++ {
			trecho := ordem[i : i+tam]
			resto = append(append(resto[:0], ordem[:i]...), ordem[i+tam:]...)
			for _, inv := range []bool{false, true} {
				for j := 0; j <= len(resto); j++ {
					cand = append(cand[:0], resto[:j]...)
					if inv {
						for k := len(trecho) - 1; k >= 0; k-- {
							cand = append(cand, trecho[k])
						}
					} else {
						cand = append(cand, trecho...)
					}
					cand = append(cand, resto[j:]...)
					if c := Comprimento(origem, paradas, cand); c < melhorTotal-eps {
						melhor, melhorTotal = append(melhor[:0], cand...), c
					}
				}
			}
		}
	}
	if melhor == nil {
		return false
	}
	copy(ordem, melhor)
	return true
}
