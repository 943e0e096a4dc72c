package app

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/csvimport"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/textfold"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// ColunasRegrasST of the ICMS-ST rules' import file, in the order of the template. Percentages
// are pt-BR numbers ("40,5", "18", "12%"). The last three are optional (files made before them
// still import): reducao_base_tipo ("st" or "propria_e_st"), ajuste_mva ("sempre",
// "se_interna_maior" or "nao") and aliquota_intra_efetiva (sim/não); empty, a new rule takes the
// default (st, sempre, não) and an existing one keeps its value.
var ColunasRegrasST = []string{"ncm", "uf", "mva", "aliquota_interna", "aliquota_interestadual", "reducao_base",
	"reducao_base_tipo", "ajuste_mva", "aliquota_intra_efetiva"}

// aliasesRegrasST: the API's field names and the names fiscal systems export.
var aliasesRegrasST = map[string]string{
	"mva_percentual": "mva", "mva_original": "mva", "iva": "mva", "mva_st": "mva",
	"aliquota_interna_percentual": "aliquota_interna", "aliq_interna": "aliquota_interna", "icms_interno": "aliquota_interna",
	"aliquota_destino":                  "aliquota_interna",
	"aliquota_interestadual_percentual": "aliquota_interestadual", "aliq_interestadual": "aliquota_interestadual",
	"icms_interestadual":      "aliquota_interestadual",
	"reducao_base_percentual": "reducao_base", "reducao": "reducao_base", "reducao_bc": "reducao_base", "red_base": "reducao_base",
	"uf_destino": "uf", "estado": "uf", "ncm_sh": "ncm", "ncm_prefixo": "ncm",
	"tipo_reducao": "reducao_base_tipo", "tipo_reducao_base": "reducao_base_tipo", "reducao_tipo": "reducao_base_tipo",
	"mva_ajustada": "ajuste_mva", "ajuste": "ajuste_mva", "ajuste_da_mva": "ajuste_mva",
	"alq_intra_efetiva": "aliquota_intra_efetiva", "carga_efetiva": "aliquota_intra_efetiva", "aliquota_efetiva": "aliquota_intra_efetiva",
}

// opcoesST: the words a cell of the kind-of-reduction and MVA-adjustment columns may hold (folded:
// no accents or capitals, "_" and "-" as spaces) and the value each means.
var opcoesST = map[string]map[string]string{
	"reducao_base_tipo": {"st": domain.ReducaoSoST, "so st": domain.ReducaoSoST, "so a base da st": domain.ReducaoSoST, "base st": domain.ReducaoSoST,
		"propria e st": domain.ReducaoPropriaEST, "ambas": domain.ReducaoPropriaEST, "cst 70": domain.ReducaoPropriaEST, "operacao propria e st": domain.ReducaoPropriaEST},
	"ajuste_mva": {"sempre": domain.AjusteSempre, "sim": domain.AjusteSempre, "ajustada": domain.AjusteSempre,
		"se interna maior": domain.AjusteSeInternaMaior, "so se a interna for maior": domain.AjusteSeInternaMaior,
		"nao": domain.AjusteNao, "original": domain.AjusteNao},
}

var msgOpcoesST = map[string]string{
	"reducao_base_tipo": "use st (só a base da ST) ou propria_e_st (operação própria e ST).",
	"ajuste_mva":        "use sempre, se_interna_maior ou nao.",
}

// opcaoST reads a cell of a kind column ("" when empty, ok false when unknown).
func opcaoST(coluna, cel string) (string, bool) {
	v := strings.TrimSpace(textfold.Fold(strings.NewReplacer("_", " ", "-", " ").Replace(cel)))
	if v == "" {
		return "", true
	}
	x, ok := opcoesST[coluna][v]
	return x, ok
}

// percentuaisST: the file's percentage columns and the rule's field each one sets.
var percentuaisST = []struct {
	coluna string
	campo  func(*domain.RegraSTCadastro) *domain.Percentual
}{
	{"mva", func(r *domain.RegraSTCadastro) *domain.Percentual { return &r.MVA }},
	{"aliquota_interna", func(r *domain.RegraSTCadastro) *domain.Percentual { return &r.AliquotaInterna }},
	{"aliquota_interestadual", func(r *domain.RegraSTCadastro) *domain.Percentual { return &r.AliquotaInterestadual }},
	{"reducao_base", func(r *domain.RegraSTCadastro) *domain.Percentual { return &r.ReducaoBase }},
}

// aplicarLinhaST applies a row's non-empty cells (percentages, kind of reduction, MVA adjustment,
// effective ALQ intra) to a rule; it returns the cells it could not read, in the file's words
// (csvimport.Linha.Erro).
func aplicarLinhaST(r *domain.RegraSTCadastro, l csvimport.Linha) []string {
	f := l.Campos
	var erros []string
	for _, c := range percentuaisST {
		v := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(f[c.coluna]), "%"))
		if v == "" {
			continue
		}
		p, err := domain.ParsePercentual(v)
		if err != nil {
			erros = append(erros, l.Erro(c.coluna, "use um percentual com no máximo 2 casas decimais (ex.: 40,5)."))
			continue
		}
		*c.campo(r) = p
	}
	for _, col := range []struct {
		nome  string
		campo *string
	}{{"reducao_base_tipo", &r.TipoReducao}, {"ajuste_mva", &r.AjusteMVA}} {
		v, ok := opcaoST(col.nome, f[col.nome])
		switch {
		case !ok:
			erros = append(erros, l.Erro(col.nome, msgOpcoesST[col.nome]))
		case v != "":
			*col.campo = v
		}
	}
	if cel := strings.TrimSpace(f["aliquota_intra_efetiva"]); cel != "" {
		if v, ok := csvimport.SimNao(cel); ok {
			r.AliquotaIntraEfetiva = v
		} else {
			erros = append(erros, l.Erro("aliquota_intra_efetiva", "use sim ou não."))
		}
	}
	return erros
}

// chaveST is a rule's unique key in the company (RegrasSTSpec's "ncm_uf") and how a row names it.
func chaveST(r *domain.RegraSTCadastro) string { return r.NCM + "|" + r.UF }

// ImportarRegrasST validates every row of an ICMS-ST rules file and, when all are valid (and not
// only validating), writes them in batches: a row whose NCM × UF has a rule updates it (its
// non-empty cells), the others create rules. Keyed by NCM × UF, running the file again never
// duplicates.
func (s *Service) ImportarRegrasST(ctx context.Context, text string, validarApenas bool) (*Importacao, error) {
	c := caller.From(ctx)
	linhas, err := csvimport.Ler(text, csvimport.Formato{Colunas: ColunasRegrasST, Aliases: aliasesRegrasST,
		Obrigatorias: []string{"ncm", "uf", "mva", "aliquota_interna"}})
	if err != nil {
		return nil, err
	}
	sc := store.Company(c.Empresa)
	res := &Importacao{Contagem: csvimport.Contagem{Total: int32(len(linhas))}, Rejeitadas: []LinhaRejeitada{}}
	seen := map[string]int32{}
	var novos []*domain.RegraSTCadastro
	var ids []string
	porID := map[string]csvimport.Linha{}
	for _, l := range linhas {
		f := l.Campos
		r := domain.RegraSTCadastro{NCM: f["ncm"], UF: f["uf"]}
		erros := l.Erros
		for _, col := range []string{"ncm", "uf", "mva", "aliquota_interna"} {
			if f[col] == "" {
				erros = append(erros, l.Erro(col, "informe o valor."))
			}
		}
		// Normalizar cleans the key (NCM digits, UF in capitals) before it is looked up.
		_ = r.Normalizar()
		chave := chaveST(&r)
		if prev, dup := seen[chave]; dup && r.NCM != "" && r.UF != "" {
			erros = append(erros, fmt.Sprintf("colunas %s e %s: repetidas no arquivo (já na linha %d).", l.Coluna("ncm"), l.Coluna("uf"), prev))
		}
		seen[chave] = l.N
		existe := ""
		if r.NCM != "" && r.UF != "" {
			if existe, err = s.Col.RegrasST.KeyOwner(ctx, c.Empresa, "ncm_uf", chave); err != nil {
				return nil, err
			}
			if existe != "" {
				prev, err := s.Col.RegrasST.Get(ctx, sc, existe)
				if err != nil {
					return nil, err
				}
				r = *prev
			}
		}
		erros = append(erros, aplicarLinhaST(&r, l)...)
		if err := r.Normalizar(); err != nil {
			erros = append(erros, l.ErrosDe(err)...)
		}
		if len(erros) > 0 {
			res.Rejeitadas = append(res.Rejeitadas, LinhaRejeitada{Linha: l.N, Codigo: codigoST(f), Erros: erros})
			continue
		}
		if existe != "" {
			ids, porID[existe] = append(ids, existe), l
			res.Planejar(true)
			continue
		}
		r.Meta = store.Meta{ID: uuid.NewString()}
		novos = append(novos, &r)
		res.Planejar(false)
	}
	if validarApenas || len(res.Rejeitadas) > 0 {
		res.NaoGravar()
		return res, nil
	}
	// In batches (one transaction each on SQLite), as the products; a row applies to the rule as
	// it is now (an edit made since is kept where the row's cell is empty).
	if _, err := s.Col.RegrasST.UpdateMany(ctx, sc, ids, func(x *domain.RegraSTCadastro) error {
		if len(aplicarLinhaST(x, porID[x.ID])) > 0 {
			return errs.Field("csv", "linha inválida")
		}
		return x.Normalizar()
	}); err != nil {
		return nil, err
	}
	for lote := range slices.Chunk(novos, store.DefaultUpdateBatch) {
		if err := s.Col.RegrasST.CreateMany(ctx, sc, lote); err != nil {
			return nil, err
		}
	}
	res.Gravado()
	return res, nil
}

// codigoST names a row in the report: "NCM/UF" as typed.
func codigoST(f map[string]string) string {
	if f["ncm"] == "" && f["uf"] == "" {
		return ""
	}
	return f["ncm"] + "/" + strings.ToUpper(f["uf"])
}
