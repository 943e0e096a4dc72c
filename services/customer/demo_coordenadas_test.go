package customer

import (
	"math"
	"testing"
)

// TestDemoCoordenadas: every demo customer's main address has coordinates inside its city's disc,
// and the customers are spread over it (not piled on the centre).
func TestDemoCoordenadas(t *testing.T) {
	for ibge := range demoLocais {
		if _, ok := demoCentros[ibge]; !ok {
			t.Errorf("cidade demo %s sem centro", ibge)
		}
	}
	var cidades []CidadeRef
	for ibge := range demoLocais {
		cidades = append(cidades, CidadeRef{IBGE: ibge, Nome: ibge, UF: "SP"})
	}
	longe := 0
	for _, cl := range DemoClientes([]string{"v1"}, cidades, nil, 2000) {
		e := cl.Enderecos[0]
		if e.Latitude == nil || e.Longitude == nil {
			t.Fatalf("%s sem coordenadas", cl.ID)
		}
		c := demoCentros[e.IBGE]
		dLat := (*e.Latitude - c[0]) * 111.195
		dLon := (*e.Longitude - c[1]) * 111.195 * math.Cos(c[0]*math.Pi/180)
		km := math.Hypot(dLat, dLon)
		if km > c[2]*1.01 {
			t.Errorf("%s: %.1f km do centro de %s (raio %.1f)", cl.ID, km, e.IBGE, c[2])
		}
		if km > c[2]/2 {
			longe++
		}
	}
	// Uniform over the disc: three quarters of them outside half the radius.
	if longe < 1300 || longe > 1700 {
		t.Errorf("%d de 2000 fora da metade do raio; esperado ~1500", longe)
	}
}
