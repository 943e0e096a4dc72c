package domain

import (
	"math"
	"strings"
	"testing"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

func TestCompareVersions(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"1.0.0", "1.0.0", 0}, {"1.0", "1.0.0", 0}, {"1.10.0", "1.9.3", 1}, {"1.9.3", "1.10.0", -1}, {"2", "1.99.99", 1}, {"0.9", "1", -1},
	} {
		if got := CompareVersions(c.a, c.b); got != c.want {
			t.Errorf("CompareVersions(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestConfigVersaoValidate(t *testing.T) {
	ok := ConfigVersao{Tipo: Android, VersaoAtual: "2.1.0", VersaoMinima: "2.0.0", URLAtualizacao: "https://play.google.com/store/apps/details?id=x"}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	for name, mut := range map[string]func(c *ConfigVersao){
		"tipo":        func(c *ConfigVersao) { c.Tipo = "ios" },
		"atual":       func(c *ConfigVersao) { c.VersaoAtual = "v2" },
		"minima":      func(c *ConfigVersao) { c.VersaoMinima = "" },
		"min > atual": func(c *ConfigVersao) { c.VersaoMinima = "3.0" },
		"url":         func(c *ConfigVersao) { c.URLAtualizacao = "javascript:alert(1)" },
		"mensagem":    func(c *ConfigVersao) { c.Mensagem = strings.Repeat("x", 501) },
	} {
		c := ok
		mut(&c)
		if err := c.Validate(); !errs.IsKind(err, errs.KindInvalid) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestAcessoValidate(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	ok := Acesso{Meta: store.Meta{Empresa: "e"}, Operador: "o", Historico: "h", Localizacao: "l", Latitude: f(-23.5), Longitude: f(-46.6)}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	none := ok
	none.Latitude, none.Longitude = nil, nil
	if err := none.Validate(); err != nil {
		t.Fatal(err)
	}
	for name, mut := range map[string]func(a *Acesso){
		"empresa":    func(a *Acesso) { a.Empresa = "" },
		"operador":   func(a *Acesso) { a.Operador = "" },
		"lat > 90":   func(a *Acesso) { a.Latitude = f(90.0001) },
		"lat NaN":    func(a *Acesso) { a.Latitude = f(math.NaN()) },
		"lon < -180": func(a *Acesso) { a.Longitude = f(-180.1) },
		"lon Inf":    func(a *Acesso) { a.Longitude = f(math.Inf(1)) },
		"only lat":   func(a *Acesso) { a.Longitude = nil },
		"historico":  func(a *Acesso) { a.Historico = strings.Repeat("á", MaxHistorico+1) },
		"local":      func(a *Acesso) { a.Localizacao = strings.Repeat("x", MaxLocalizacao+1) },
	} {
		a := ok
		mut(&a)
		if err := a.Validate(); !errs.IsKind(err, errs.KindInvalid) {
			t.Errorf("%s: %v", name, err)
		}
	}
	// Exactly at the limits is fine.
	edge := ok
	edge.Latitude, edge.Longitude, edge.Historico = f(90), f(-180), strings.Repeat("á", MaxHistorico)
	if err := edge.Validate(); err != nil {
		t.Errorf("limits: %v", err)
	}
}
