package domain

import (
	"errors"
	"reflect"
	"testing"

	"github.com/crmvendas/crm/services/platform/errs"
)

func TestEANValido(t *testing.T) {
	for _, s := range []string{"4006381333931", "5901234123457", "7891000315507", "7896020100126", "0000000000000"} {
		if !EANValido(s) {
			t.Errorf("%s: want valid", s)
		}
	}
	for _, s := range []string{"4006381333932", "7891000315500", "400638133393", "40063813339311", "400638133393a", "", "4006381333931 "} {
		if EANValido(s) {
			t.Errorf("%q: want invalid", s)
		}
	}
}

func campos(err error) []string {
	var de *errs.Error
	if !errors.As(err, &de) {
		return nil
	}
	var out []string
	for _, f := range de.Fields {
		out = append(out, f.Field)
	}
	return out
}

func TestProdutoValidar(t *testing.T) {
	bom := Produto{ID: "p1", Codigo: "123", NCM: "22021000", EAN: "7891000315507", MultiploVenda: 12, IPI: 400, Ativo: true}
	if err := bom.Validar(); err != nil {
		t.Fatalf("valid product: %v", err)
	}
	for _, c := range []struct {
		nome  string
		mudar func(*Produto)
		want  []string
	}{
		{"sem EAN é aceito", func(p *Produto) { p.EAN = "" }, nil},
		{"EAN com dígito errado", func(p *Produto) { p.EAN = "7891000315508" }, []string{"ean"}},
		{"EAN-8 não é EAN-13", func(p *Produto) { p.EAN = "96385074" }, []string{"ean"}},
		{"NCM com 7 dígitos", func(p *Produto) { p.NCM = "2202100" }, []string{"ncm"}},
		{"NCM com pontos", func(p *Produto) { p.NCM = "2202.10.00" }, []string{"ncm"}},
		{"NCM vazio", func(p *Produto) { p.NCM = "" }, []string{"ncm"}},
		{"múltiplo 0", func(p *Produto) { p.MultiploVenda = 0 }, []string{"multiplo_venda"}},
		{"múltiplo negativo", func(p *Produto) { p.MultiploVenda = -6 }, []string{"multiplo_venda"}},
		{"múltiplo 1", func(p *Produto) { p.MultiploVenda = 1 }, nil},
		{"IPI 0", func(p *Produto) { p.IPI = 0 }, nil},
		{"IPI 100%", func(p *Produto) { p.IPI = 10000 }, nil},
		{"IPI acima de 100%", func(p *Produto) { p.IPI = 10001 }, []string{"ipi_percentual"}},
		{"IPI negativo", func(p *Produto) { p.IPI = -1 }, []string{"ipi_percentual"}},
		{"vários campos de uma vez", func(p *Produto) { p.EAN = "1"; p.NCM = "1"; p.MultiploVenda = 0 }, []string{"ean", "ncm", "multiplo_venda"}},
	} {
		t.Run(c.nome, func(t *testing.T) {
			p := bom
			c.mudar(&p)
			if got := campos(p.Validar()); !reflect.DeepEqual(got, c.want) {
				t.Errorf("fields %v; want %v", got, c.want)
			}
		})
	}
}

func TestRegraSTValidar(t *testing.T) {
	r := RegraST{ID: "st", NCM: "2202", UF: "SP", MVA: 4000, AliquotaInterna: 1800, AliquotaInterestadual: 1200}
	if err := r.Validar(); err != nil {
		t.Fatal(err)
	}
	r.NCM, r.AliquotaInterna, r.ReducaoBase = "2", 10000, 10001
	if got := campos(r.Validar()); !reflect.DeepEqual(got, []string{"ncm", "aliquota_interna_percentual", "reducao_base_percentual"}) {
		t.Fatalf("fields %v", got)
	}
}
