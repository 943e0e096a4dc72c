package domain

import (
	"strings"
	"testing"

	"github.com/crmvendas/crm/services/platform/errs"
)

func TestNormalizeUF(t *testing.T) {
	for in, want := range map[string]string{"": "", "SP": "SP", " mt ": "MT", "df": "DF"} {
		if got, err := NormalizeUF(in); err != nil || got != want {
			t.Errorf("%q: %q %v", in, got, err)
		}
	}
	for _, bad := range []string{"XX", "São Paulo", "S", "SPP", "35"} {
		if _, err := NormalizeUF(bad); !errs.IsKind(err, errs.KindInvalid) || err.Error() != MsgUFInvalida {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestNormalizeNome(t *testing.T) {
	if n, err := NormalizeNome("  Interior   Paulista "); err != nil || n != "Interior Paulista" {
		t.Errorf("%q %v", n, err)
	}
	for _, bad := range []string{"", "   ", strings.Repeat("a", 121)} {
		if _, err := NormalizeNome(bad); !errs.IsKind(err, errs.KindInvalid) {
			t.Errorf("%q: %v", bad, err)
		}
	}
	if NomeOrdem("Região  Sul-Sudeste") != NomeOrdem("regiao sul sudeste") {
		t.Error("NomeOrdem not accent/case-insensitive")
	}
}

func TestNormalizeCidades(t *testing.T) {
	got, err := NormalizeCidades([]string{"3550308", " 4106902 ", "3550308"})
	if err != nil || strings.Join(got, ",") != "3550308,4106902" {
		t.Errorf("%v %v", got, err)
	}
	if got, err := NormalizeCidades(nil); err != nil || len(got) != 0 {
		t.Errorf("nil: %v %v", got, err)
	}
	_, err = NormalizeCidades([]string{"3550308", "1234567"})
	if !errs.IsKind(err, errs.KindInvalid) || !strings.Contains(err.Error(), "1234567") {
		t.Errorf("unknown: %v", err)
	}
}

func TestNormalizeOperadores(t *testing.T) {
	got, err := NormalizeOperadores([]string{"v1", " v2", "v1 "})
	if err != nil || strings.Join(got, ",") != "v1,v2" {
		t.Errorf("%v %v", got, err)
	}
	if _, err := NormalizeOperadores([]string{"v1", " "}); !errs.IsKind(err, errs.KindInvalid) || err.Error() != MsgOperadorVazio {
		t.Errorf("empty: %v", err)
	}
}

func TestCidadeOcupada(t *testing.T) {
	err := CidadeOcupada("3550308", "Capital")
	if !errs.IsKind(err, errs.KindConflict) || err.Error() != `A cidade São Paulo/SP (3550308) já pertence à região "Capital".` {
		t.Errorf("%v", err)
	}
}

func TestValidRegiaoID(t *testing.T) {
	for _, ok := range []string{"a", "0b9f2c3e-1d2c-4e5f-8a9b-123456789abc", "regiao_1"} {
		if !ValidRegiaoID(ok) {
			t.Errorf("%q", ok)
		}
	}
	for _, bad := range []string{"", "a/b", "-a", strings.Repeat("a", 65), "á"} {
		if ValidRegiaoID(bad) {
			t.Errorf("%q", bad)
		}
	}
}
