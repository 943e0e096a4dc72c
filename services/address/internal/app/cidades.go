package app

import (
	"fmt"
	"strings"

	"github.com/crmvendas/crm/services/address/cidades"
	"github.com/crmvendas/crm/services/address/internal/domain"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/page"
)

// ListarUfs returns the 27 states by sigla.
func ListarUfs() []cidades.UF { return cidades.UFs() }

// CidadesInput filters GET /crm/cidades.
type CidadesInput struct {
	UF, Q     string
	IBGE      []string
	PageSize  int32
	PageToken string
}

// ListarCidades pages through the IBGE municipalities (in memory), ordered by folded name, then
// UF, then code.
func ListarCidades(in CidadesInput) ([]cidades.Cidade, string, error) {
	uf, err := domain.NormalizeUF(in.UF)
	if err != nil {
		return nil, "", err
	}
	cur, err := page.Decode(in.PageToken)
	if err != nil {
		return nil, "", err
	}
	c := cidades.Consulta{UF: uf, Q: in.Q}
	if len(in.IBGE) > 0 {
		c.IBGE = make([]string, 0, len(in.IBGE))
		for _, code := range in.IBGE {
			code = strings.TrimSpace(code)
			if !setteDigits(code) {
				return nil, "", errs.Field("ibge", fmt.Sprintf("Código IBGE inválido: %q (use os 7 dígitos do município).", code))
			}
			c.IBGE = append(c.IBGE, code)
		}
	}
	var apos *cidades.Posicao
	if cur != nil {
		apos = &cidades.Posicao{Chave: cur.Key, IBGE: cur.ID}
	}
	size := page.Size(in.PageSize)
	list, mais := cidades.Listar(c, apos, size)
	next := ""
	if mais && len(list) > 0 {
		p := cidades.PosicaoDe(list[len(list)-1])
		next = page.Encode(page.Cursor{Key: p.Chave, ID: p.IBGE})
	}
	return list, next, nil
}

func setteDigits(s string) bool {
	if len(s) != 7 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
