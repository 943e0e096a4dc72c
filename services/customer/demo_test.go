package customer_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/crmvendas/crm/services/customer"
)

// TestDemoDDDECEPDaCidade: every demo customer's phones have its city's DDD and its CEP is one of
// its own city (Correios ranges), for every city the demo uses.
func TestDemoDDDECEPDaCidade(t *testing.T) {
	cidades := []struct {
		ibge, nome, uf, ddd string
		cepDe, cepAte       int // first 5 digits of the CEP
	}{
		{"3550308", "São Paulo", "SP", "11", 1000, 5999},
		{"3518800", "Guarulhos", "SP", "11", 7000, 7399},
		{"3509502", "Campinas", "SP", "19", 13000, 13139},
		{"3547809", "Santo André", "SP", "11", 9000, 9299},
		{"3548708", "São Bernardo do Campo", "SP", "11", 9600, 9899},
		{"3534401", "Osasco", "SP", "11", 6000, 6299},
		{"3552205", "Sorocaba", "SP", "15", 18000, 18109},
		{"3543402", "Ribeirão Preto", "SP", "16", 14000, 14114},
		{"3549904", "São José dos Campos", "SP", "12", 12200, 12249},
		{"3548500", "Santos", "SP", "13", 11000, 11099},
		{"3525904", "Jundiaí", "SP", "11", 13200, 13219},
		{"3538709", "Piracicaba", "SP", "19", 13400, 13429},
		{"3506003", "Bauru", "SP", "14", 17000, 17109},
		{"3106200", "Belo Horizonte", "MG", "31", 30000, 31999},
		{"3170206", "Uberlândia", "MG", "34", 38400, 38415},
		{"3118601", "Contagem", "MG", "31", 32000, 32376},
		{"3136702", "Juiz de Fora", "MG", "32", 36000, 36099},
		{"3106705", "Betim", "MG", "31", 32500, 32739},
		{"3143302", "Montes Claros", "MG", "38", 39400, 39409},
		{"3170107", "Uberaba", "MG", "34", 38000, 38099},
		{"4106902", "Curitiba", "PR", "41", 80000, 82999},
		{"4113700", "Londrina", "PR", "43", 86000, 86099},
		{"4115200", "Maringá", "PR", "44", 87000, 87099},
		{"4119905", "Ponta Grossa", "PR", "42", 84000, 84099},
		{"4104808", "Cascavel", "PR", "45", 85800, 85827},
		{"4125506", "São José dos Pinhais", "PR", "41", 83000, 83189},
		{"4108304", "Foz do Iguaçu", "PR", "45", 85850, 85869},
	}
	refs := make([]customer.CidadeRef, 0, len(cidades))
	porIBGE := map[string]int{}
	for i, c := range cidades {
		refs = append(refs, customer.CidadeRef{IBGE: c.ibge, Nome: c.nome, UF: c.uf})
		porIBGE[c.ibge] = i
	}
	// A city the demo does not know gets no customers (rather than a wrong DDD or CEP).
	refs = append(refs, customer.CidadeRef{IBGE: "1100015", Nome: "Alta Floresta D'Oeste", UF: "RO"})

	usadas := map[string]int{}
	for _, cl := range customer.DemoClientes([]string{"v1", "v2"}, refs, nil, 3000) {
		i, ok := porIBGE[cl.Enderecos[0].IBGE]
		if !ok {
			t.Fatalf("%s: cidade fora da tabela: %+v", cl.ID, cl.Enderecos[0])
		}
		c := cidades[i]
		usadas[c.nome]++
		fones := []string{cl.Telefone, cl.Celular}
		for _, ct := range cl.Contatos {
			fones = append(fones, ct.Celular)
		}
		for _, f := range fones {
			if !strings.HasPrefix(f, c.ddd) {
				t.Errorf("%s (%s/%s): telefone %s sem o DDD %s", cl.ID, c.nome, c.uf, f, c.ddd)
			}
		}
		if len(cl.Celular) != 11 || cl.Celular[2] != '9' {
			t.Errorf("%s: celular %s não é um celular com DDD", cl.ID, cl.Celular)
		}
		for _, e := range cl.Enderecos {
			cep, err := strconv.Atoi(e.CEP)
			if len(e.CEP) != 8 || err != nil || cep/1000 < c.cepDe || cep/1000 > c.cepAte {
				t.Errorf("%s (%s/%s): CEP %s fora de %05d-%05d", cl.ID, c.nome, c.uf, e.CEP, c.cepDe, c.cepAte)
			}
		}
	}
	for _, c := range cidades {
		if usadas[c.nome] == 0 {
			t.Errorf("%s/%s: nenhum cliente demo", c.nome, c.uf)
		}
		if l, ok := customer.DemoLocalDe(c.ibge); !ok || l.DDD != c.ddd {
			t.Errorf("%s/%s: tabela demo %+v", c.nome, c.uf, l)
		}
	}
}
