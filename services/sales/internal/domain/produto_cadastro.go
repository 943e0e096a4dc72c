package domain

import (
	"strings"
	"time"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// ProdutoCadastro is a stored product.
type ProdutoCadastro struct {
	store.Meta    `bson:",inline"`
	Codigo        string     `bson:"codigo"`
	Descricao     string     `bson:"descricao"`
	Marca         string     `bson:"marca"`
	Grupo         string     `bson:"grupo"`
	Unidade       string     `bson:"unidade"`
	MultiploVenda int64      `bson:"multiplo_venda"`
	UnidadesCaixa int64      `bson:"unidades_caixa"`
	EAN           string     `bson:"ean"`
	NCM           string     `bson:"ncm"`
	IPI           Percentual `bson:"ipi_percentual"`
	PesoGramas    int64      `bson:"peso_gramas"`
	Ativo         bool       `bson:"ativo"`
	// Estoque is the stock on hand as last reported, at EstoqueEm.
	Estoque   int64     `bson:"estoque"`
	EstoqueEm time.Time `bson:"estoque_em"`
	// FotoVersao identifies the product's photo (FotoCadastro.Hash, stored apart); empty: none.
	FotoVersao string `bson:"foto_versao"`
}

// Produto is the product as pricing sees it.
func (p *ProdutoCadastro) Produto() Produto {
	return Produto{ID: p.ID, Codigo: p.Codigo, Descricao: p.Descricao, Marca: p.Marca, Grupo: p.Grupo, Unidade: p.Unidade,
		MultiploVenda: p.MultiploVenda, EAN: p.EAN, NCM: p.NCM, IPI: p.IPI, PesoGramas: p.PesoGramas, Ativo: p.Ativo}
}

// ChaveCodigo is the product code as the company's unique key (case-insensitive).
func ChaveCodigo(codigo string) string { return strings.ToUpper(strings.TrimSpace(codigo)) }

// Normalizar trims the texts, keeps only the digits of the EAN and NCM and checks every rule:
// the domain's (EAN-13, NCM, multiple, IPI) and the required code, description and unit.
func (p *ProdutoCadastro) Normalizar() error {
	var v errs.Violacoes
	texto(&v, "codigo", "o código", &p.Codigo, MaxCodigo, true)
	texto(&v, "descricao", "a descrição", &p.Descricao, MaxDescricao, true)
	texto(&v, "marca", "a marca", &p.Marca, MaxTexto, false)
	texto(&v, "grupo", "o grupo", &p.Grupo, MaxTexto, false)
	p.Unidade = strings.ToUpper(strings.TrimSpace(p.Unidade))
	if p.Unidade == "" {
		p.Unidade = "UN"
	}
	texto(&v, "unidade", "a unidade", &p.Unidade, 6, true)
	p.EAN = strings.ReplaceAll(strings.TrimSpace(p.EAN), " ", "")
	p.NCM = strings.NewReplacer(".", "", " ", "").Replace(strings.TrimSpace(p.NCM))
	v.Merge(p.Produto().Validar())
	if p.PesoGramas < 0 {
		v.Add("peso_gramas", "Peso deve ser zero ou mais gramas.")
	}
	if p.UnidadesCaixa < 0 {
		v.Add("unidades_caixa", "Unidades por caixa deve ser zero ou mais.")
	}
	if p.Estoque < -1_000_000_000 || p.Estoque > 1_000_000_000 {
		v.Add("estoque", "Estoque fora do limite.")
	}
	return v.Err()
}
