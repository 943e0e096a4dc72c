package domain

import (
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
	// TipoReducao, AjusteMVA and AliquotaIntraEfetiva as in RegraST; a rule stored before them
	// has them empty, which prices exactly as before (the ST base only; the MVA always adjusted
	// between states; the nominal internal rate). Normalizar writes the defaults explicitly.
	TipoReducao          string `bson:"reducao_base_tipo,omitempty"`
	AjusteMVA            string `bson:"ajuste_mva,omitempty"`
	AliquotaIntraEfetiva bool   `bson:"aliquota_intra_efetiva,omitempty"`
}

// Regra is the rule as pricing sees it.
func (r *RegraSTCadastro) Regra() RegraST {
	return RegraST{ID: r.ID, NCM: r.NCM, UF: r.UF, MVA: r.MVA, AliquotaInterna: r.AliquotaInterna,
		AliquotaInterestadual: r.AliquotaInterestadual, ReducaoBase: r.ReducaoBase, TipoReducao: r.TipoReducao,
		AjusteMVA: r.AjusteMVA, AliquotaIntraEfetiva: r.AliquotaIntraEfetiva}
}

// Normalizar checks the rule (RegraST.Validar, from contracts/formularios.json); an empty kind of
// reduction or of MVA adjustment becomes the default (ReducaoSoST, AjusteSempre).
func (r *RegraSTCadastro) Normalizar() error {
	r.normalizarFormulario()
	return r.Regra().Validar()
}
