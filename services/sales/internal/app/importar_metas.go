package app

import (
	"context"
	"fmt"
	"strings"

	"github.com/crmvendas/crm/services/platform/csvimport"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// ColunasMetas of the goals' import file, in the order of the template. alvo is written in the
// kind's everyday unit: valor in reais ("15.000,00"), quantidade in units, peso in kg ("1.250,5"),
// positivacao in percent ("65" or "65,5"); the goal keeps centavos, units, grams and hundredths
// of a percent.
var ColunasMetas = []string{"mes", "vendedor_id", "tipo", "alvo", "grupo", "regiao_id", "cliente_id"}

// aliasesMetas: other names a spreadsheet may give the columns.
var aliasesMetas = map[string]string{
	"mes_ano": "mes", "competencia": "mes", "periodo": "mes",
	"vendedor": "vendedor_id", "operador": "vendedor_id", "id_vendedor": "vendedor_id",
	"tipo_meta": "tipo", "meta": "alvo", "valor_meta": "alvo", "objetivo": "alvo",
	"grupo_produto": "grupo", "regiao": "regiao_id", "cliente": "cliente_id", "id_cliente": "cliente_id",
}

// alvoDaLinha reads the alvo cell in the kind's everyday unit (ColunasMetas).
func alvoDaLinha(tipo, cel string) (int64, bool) {
	cel = strings.TrimSpace(cel)
	switch tipo {
	case domain.TipoValor:
		return csvimport.Reais(cel, 13)
	case domain.TipoPositivacao:
		p, err := domain.ParsePercentual(strings.TrimSuffix(cel, "%"))
		return int64(p), err == nil
	case domain.TipoPeso: // kg, up to grams
		return csvimport.Decimal(strings.TrimSuffix(strings.ToLower(cel), "kg"), 3, 12)
	}
	return parseInt(cel)
}

// msgAlvoCSV is how a kind's alvo cell must look.
var msgAlvoCSV = map[string]string{
	domain.TipoValor:       "use um valor em reais (ex.: 15.000,00).",
	domain.TipoPositivacao: "use um percentual com no máximo 2 casas decimais (ex.: 65,5).",
	domain.TipoPeso:        "use o peso em kg, com no máximo 3 casas decimais (ex.: 1.250,5).",
	domain.TipoVisitas:     "use o número de visitas, um inteiro (ex.: 40).",
}

// ImportarMetas validates every row of a goals file and, when all are valid (and not only
// validating), writes them: a row whose goal exists (same month, seller, kind and cut) sets its
// target, the others create goals. Running the file again never duplicates. The caller must be
// able to set goals for every row's seller (a SUPERVISOR their team, an ADMIN any seller).
func (s *Service) ImportarMetas(ctx context.Context, text string, validarApenas bool) (*Importacao, error) {
	linhas, err := csvimport.Ler(text, csvimport.Formato{Colunas: ColunasMetas, Aliases: aliasesMetas,
		Obrigatorias: []string{"mes", "vendedor_id", "tipo", "alvo"}, Texto: []string{"grupo"}})
	if err != nil {
		return nil, err
	}
	res := &Importacao{Contagem: csvimport.Contagem{Total: int32(len(linhas))}, Rejeitadas: []LinhaRejeitada{}}
	vistas := map[string]int32{}
	vendedores := map[string]error{}
	var metas []*domain.Meta
	for _, l := range linhas {
		f := l.Campos
		m := &domain.Meta{Mes: f["mes"], VendedorID: f["vendedor_id"], Tipo: f["tipo"], Grupo: f["grupo"], RegiaoID: f["regiao_id"], ClienteID: f["cliente_id"]}
		erros := l.Erros
		tipo := strings.ToLower(strings.TrimSpace(m.Tipo))
		if alvo, ok := alvoDaLinha(tipo, f["alvo"]); ok {
			m.Alvo = alvo
		} else if f["alvo"] != "" {
			msg, ok := msgAlvoCSV[tipo]
			if !ok {
				msg = "use um número inteiro."
			}
			erros = append(erros, l.Erro("alvo", msg))
		}
		if err := m.Normalizar(); err != nil {
			erros = append(erros, l.ErrosDe(err)...)
		} else {
			chave := domain.ChaveMeta(m)
			if prev, dup := vistas[chave]; dup {
				erros = append(erros, fmt.Sprintf("linha repetida no arquivo (mesma meta da linha %d).", prev))
			}
			vistas[chave] = l.N
			v, conferido := vendedores[m.VendedorID]
			if !conferido {
				v = s.podeDefinir(ctx, m.VendedorID)
				if errs.IsKind(v, errs.KindUnavailable) {
					return nil, v
				}
				vendedores[m.VendedorID] = v
			}
			if v != nil {
				erros = append(erros, l.Erro("vendedor_id", errs.ToStatus(v).Message()))
			}
		}
		if len(erros) > 0 {
			res.Rejeitadas = append(res.Rejeitadas, LinhaRejeitada{Linha: l.N, Codigo: codigoMeta(f), Erros: erros})
			continue
		}
		existe, err := s.metaExistente(ctx, m)
		if err != nil {
			return nil, err
		}
		res.Planejar(existe != "")
		metas = append(metas, m)
	}
	if validarApenas || len(res.Rejeitadas) > 0 {
		res.NaoGravar()
		return res, nil
	}
	for _, m := range metas {
		if _, _, err := s.gravarMeta(ctx, m); err != nil {
			return nil, err
		}
	}
	res.Gravado()
	return res, nil
}

// codigoMeta names a row in the report: "mes/vendedor/tipo" as typed.
func codigoMeta(f map[string]string) string {
	return strings.Trim(f["mes"]+"/"+f["vendedor_id"]+"/"+f["tipo"], "/")
}
