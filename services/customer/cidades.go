package customer

import "github.com/crmvendas/crm/services/address/cidades"

// IBGE validates cities with the address service's list of IBGE municipalities (compiled into
// the binary, see services/address/cidades); it is the default of Deps.Cidades.
type IBGE struct{}

func (IBGE) Buscar(code string) (string, string, bool) {
	c, ok := cidades.Buscar(code)
	return c.Nome, c.UF, ok
}

func (IBGE) PorNome(nome, uf string) (string, string, bool) {
	c, ok := cidades.PorNome(nome, uf)
	return c.IBGE, c.Nome, ok
}
