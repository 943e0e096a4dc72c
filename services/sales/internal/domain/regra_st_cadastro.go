package domain

import (
	"fmt"
	"strings"

	"github.com/crmvendas/crm/services/platform/store"
)

// RegraSTCadastro is a stored ICMS-ST rule; NCM × UF is unique in the company.
type RegraSTCadastro struct {
	store.Meta            `bson:",inline"`
	NCM                   string     `bson:"ncm"`
	UF                    string     `bson:"uf"`
	MVA                   Percentual `bson:"mva_percentual"`
	AliquotaInterna       Percentual `bson:"aliquota_interna_percentual"`
	AliquotaInterestadual Percentual `bson:"aliquota_interestadual_percentual"`
	ReducaoBase           Percentual `bson:"reducao_base_percentual"`
}

// Regra is the rule as pricing sees it.
func (r *RegraSTCadastro) Regra() RegraST {
	return RegraST{ID: r.ID, NCM: r.NCM, UF: r.UF, MVA: r.MVA, AliquotaInterna: r.AliquotaInterna,
		AliquotaInterestadual: r.AliquotaInterestadual, ReducaoBase: r.ReducaoBase}
}

// Normalizar checks the rule (RegraST.Validar) and that the UF is one of the 27.
func (r *RegraSTCadastro) Normalizar() error {
	r.NCM = strings.NewReplacer(".", "", " ", "").Replace(strings.TrimSpace(r.NCM))
	r.UF = strings.ToUpper(strings.TrimSpace(r.UF))
	var v violacoes
	v.merge(r.Regra().Validar())
	if len(r.UF) == 2 && !UFValida(r.UF) {
		v.add("uf", fmt.Sprintf("UF %s inválida.", r.UF))
	}
	return v.err()
}
