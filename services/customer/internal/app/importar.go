package app

import (
	"context"
	"fmt"
	"strings"

	"github.com/crmvendas/crm/services/customer/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/csvimport"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// Colunas of the import file, in the order of the template.
var Colunas = []string{"tipo_pessoa", "documento", "nome", "nome_fantasia", "inscricao_estadual", "suframa", "contribuinte_icms", "email",
	"telefone", "celular", "segmento", "status", "limite_credito", "observacoes", "vendedor_id", "cep", "logradouro", "numero",
	"complemento", "bairro", "cidade", "uf", "ibge"}

// LinhaRejeitada reports a row that can't be imported.
type LinhaRejeitada struct {
	Linha     int32
	Documento string
	Erros     []string
}

// Importacao is the result of an import: its counts (csvimport.Contagem) and the rows refused.
type Importacao struct {
	csvimport.Contagem
	Rejeitadas []LinhaRejeitada
}

// formato of the import file: documento and nome at least.
var formato = csvimport.Formato{
	Colunas: Colunas,
	Aliases: map[string]string{"cpf_cnpj": "documento", "cnpj": "documento", "cpf": "documento", "razao_social": "nome",
		"fantasia": "nome_fantasia", "ie": "inscricao_estadual",
		"inscricao_suframa": "suframa", "isuf": "suframa", "limite_credito_reais": "limite_credito", "vendedor": "vendedor_id",
		"municipio": "cidade", "codigo_ibge": "ibge", "situacao": "status"},
	Obrigatorias:    []string{"documento", "nome"},
	MsgObrigatorias: "O cabeçalho precisa ao menos das colunas documento e nome.",
	MsgSemLinhas:    "O arquivo não tem linhas de clientes depois do cabeçalho.",
	Texto:           []string{"nome", "nome_fantasia", "segmento", "observacoes", "logradouro", "complemento", "bairro", "cidade"},
	// The customer's fields that are not named as their columns: a refusal names the column.
	Campos: map[string]string{"limite_credito_centavos": "limite_credito", "enderecos.cep": "cep", "enderecos.logradouro": "logradouro",
		"enderecos.numero": "numero", "enderecos.complemento": "complemento", "enderecos.bairro": "bairro", "enderecos.cidade": "cidade",
		"enderecos.uf": "uf", "enderecos.ibge": "ibge"},
}

// maxDigitosLimite: a credit limit up to R$ 99 bilhões (11 digits of reais).
const maxDigitosLimite = 11

type planoLinha struct {
	linha    csvimport.Linha
	row      domain.Cliente // the row's own values
	cliente  domain.Cliente // the row merged over the customer as validated
	existeID string
}

// ImportarClientes validates every row and, when all are valid (and not only validating), writes them:
// rows whose document already exists update that customer, the others create customers. Rows
// are keyed by document, so running the same file again after a failure never duplicates.
func (s *Service) ImportarClientes(ctx context.Context, text string, validarApenas bool) (*Importacao, error) {
	c := caller.From(ctx)
	linhas, err := csvimport.Ler(text, formato)
	if err != nil {
		return nil, err
	}
	res := &Importacao{Contagem: csvimport.Contagem{Total: int32(len(linhas))}, Rejeitadas: []LinhaRejeitada{}}
	vendOK := map[string]error{}
	seen := map[string]int32{}
	var plano []planoLinha
	for _, l := range linhas {
		f := l.Campos
		erros := l.Erros
		cl := domain.Cliente{TipoPessoa: f["tipo_pessoa"], Documento: f["documento"], Nome: f["nome"], NomeFantasia: f["nome_fantasia"],
			InscricaoEstadual: f["inscricao_estadual"], Suframa: f["suframa"], Email: f["email"], Telefone: f["telefone"], Celular: f["celular"],
			Segmento: f["segmento"], Status: f["status"], Observacoes: f["observacoes"]}
		var ok bool
		if cl.ContribuinteICMS, ok = csvimport.SimNao(f["contribuinte_icms"]); f["contribuinte_icms"] != "" && !ok {
			erros = append(erros, l.Erro("contribuinte_icms", "use sim ou não."))
		}
		if cl.LimiteCreditoCentavos, ok = csvimport.Reais(f["limite_credito"], maxDigitosLimite); !ok {
			erros = append(erros, l.Erro("limite_credito", "valor em reais inválido (ex.: 1.500,00)."))
		}
		if f["cep"]+f["logradouro"]+f["cidade"]+f["ibge"] != "" {
			cl.Enderecos = []domain.Endereco{{Tipo: domain.EnderecoEntrega, Principal: true, CEP: f["cep"], Logradouro: f["logradouro"],
				Numero: f["numero"], Complemento: f["complemento"], Bairro: f["bairro"], Cidade: f["cidade"], UF: f["uf"], IBGE: f["ibge"]}}
		}
		doc := domain.NormalizeDocumento(cl.Documento)
		if prev, dup := seen[doc]; dup && doc != "" {
			erros = append(erros, l.Erro("documento", fmt.Sprintf("repetido no arquivo (já na linha %d).", prev)))
		}
		seen[doc] = l.N
		p := planoLinha{linha: l, row: cl}
		// An existing customer: the row's non-empty columns change it.
		if doc != "" {
			owner, err := s.Col.Clientes.KeyOwner(ctx, c.Empresa, "documento", doc)
			if err != nil {
				return nil, err
			}
			if owner != "" {
				prev, err := s.Col.Clientes.GetAny(ctx, store.Company(c.Empresa), owner)
				if err != nil {
					return nil, err
				}
				p.existeID = owner
				cl = mergeImport(*prev, cl, f)
			}
		}
		vend := strings.TrimSpace(f["vendedor_id"])
		switch {
		case vend != "":
			if _, done := vendOK[vend]; !done {
				_, vendOK[vend] = s.vendedorPara(ctx, vend)
			}
			if vendOK[vend] != nil {
				erros = append(erros, l.Erro("vendedor_id", errs.ToStatus(vendOK[vend]).Message()))
			}
			cl.VendedorID = vend
		case p.existeID == "" && c.Perfil == caller.Vendedor:
			cl.VendedorID = c.Operador
		case p.existeID == "":
			// ADMIN and SUPERVISOR own no portfolio: a new customer names its seller.
			erros = append(erros, l.Erro("vendedor_id", MsgEscolhaVendedor))
		}
		if err := cl.Normalize(s.Cidades); err != nil {
			erros = append(erros, l.ErrosDe(err)...)
		}
		if len(erros) > 0 {
			res.Rejeitadas = append(res.Rejeitadas, LinhaRejeitada{Linha: l.N, Documento: f["documento"], Erros: erros})
			continue
		}
		p.cliente = cl
		plano = append(plano, p)
		res.Planejar(p.existeID != "")
	}
	if validarApenas || len(res.Rejeitadas) > 0 {
		res.NaoGravar()
		return res, nil
	}
	// Each row is applied as a change to the customer as it is now (an edit made since the
	// validation is kept; the row's non-empty columns win).
	company := store.Company(c.Empresa)
	m := s.mapa(ctx)
	for _, p := range plano {
		if p.existeID != "" {
			if _, err := s.Col.Clientes.Update(ctx, company, p.existeID, 0, func(cl *domain.Cliente) error {
				next := mergeImport(*cl, p.row, p.linha.Campos)
				if v := strings.TrimSpace(p.linha.Campos["vendedor_id"]); v != "" {
					next.VendedorID = v
				}
				next.Meta, next.Excluido = cl.Meta, false
				if err := next.NormalizeAlteracao(s.Cidades, cl); err != nil {
					return err
				}
				assignIDs(&next, false)
				next.RegiaoID = regiaoDe(m, &next)
				*cl = next
				return nil
			}, store.IncludeDeleted); err != nil {
				return nil, fmt.Errorf("linha %d: %w", p.linha.N, err)
			}
			continue
		}
		if _, err := s.CriarCliente(ctx, p.cliente); err != nil {
			return nil, fmt.Errorf("linha %d: %w", p.linha.N, err)
		}
	}
	res.Gravado()
	return res, nil
}

// mergeImport applies a row's non-empty columns to an existing customer.
func mergeImport(prev, row domain.Cliente, f map[string]string) domain.Cliente {
	out := prev
	set := func(dst *string, col, v string) {
		if f[col] != "" {
			*dst = v
		}
	}
	set(&out.TipoPessoa, "tipo_pessoa", row.TipoPessoa)
	set(&out.Nome, "nome", row.Nome)
	set(&out.NomeFantasia, "nome_fantasia", row.NomeFantasia)
	set(&out.InscricaoEstadual, "inscricao_estadual", row.InscricaoEstadual)
	set(&out.Suframa, "suframa", row.Suframa)
	set(&out.Email, "email", row.Email)
	set(&out.Telefone, "telefone", row.Telefone)
	set(&out.Celular, "celular", row.Celular)
	set(&out.Segmento, "segmento", row.Segmento)
	set(&out.Status, "status", row.Status)
	set(&out.Observacoes, "observacoes", row.Observacoes)
	if f["contribuinte_icms"] != "" {
		out.ContribuinteICMS = row.ContribuinteICMS
	}
	if f["limite_credito"] != "" {
		out.LimiteCreditoCentavos = row.LimiteCreditoCentavos
	}
	if f["status"] == "" && (prev.Excluido || prev.Status == domain.StatusInativo) {
		out.Status = domain.StatusAtivo
	}
	if len(row.Enderecos) > 0 {
		e := row.Enderecos[0]
		out.Enderecos = append([]domain.Endereco(nil), prev.Enderecos...)
		if p := (&out).Principal(); p != nil {
			e.ID, e.Tipo = p.ID, p.Tipo
			*p = e
		} else {
			out.Enderecos = append(out.Enderecos, e)
		}
	}
	return out
}
