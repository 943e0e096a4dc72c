package domain

import (
	"errors"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

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
	err := CidadeOcupada("3550308", "r1", "Capital")
	var de *errs.Error
	if !errors.As(err, &de) || de.Kind != errs.KindConflict || err.Error() != `A cidade São Paulo/SP (3550308) já pertence à região "Capital".` ||
		de.Reason != ReasonCidadeEmOutraRegiao || de.Details["regiao_id"] != "r1" || de.Details["cidade"] != "3550308" {
		t.Errorf("%v %+v", err, de)
	}
	if err := CidadeOcupada("3550308", "r1", ""); err.Error() != "A cidade São Paulo/SP (3550308) já pertence a outra região." {
		t.Errorf("without the name: %v", err)
	}
}

// An old document (the regions collection before the store) decodes into Regiao and FixLegacy
// gives it its region id.
func TestRegiaoLegacyDocument(t *testing.T) {
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	old, err := bson.Marshal(bson.D{
		{Key: "_id", Value: "emp-a/r1"}, {Key: "id", Value: "r1"}, {Key: "nome", Value: "Capital"}, {Key: "nome_ordem", Value: "capital"},
		{Key: "nome_unico", Value: "capital"}, {Key: "cidades", Value: bson.A{"3550308"}}, {Key: "operadores", Value: bson.A{}},
		{Key: "empresa", Value: "emp-a"}, {Key: "criado_em", Value: at}, {Key: "alterado_em", Value: at}, {Key: "versao", Value: int64(3)},
		{Key: "excluido", Value: false},
	})
	if err != nil {
		t.Fatal(err)
	}
	var r Regiao
	if err := bson.Unmarshal(old, &r); err != nil {
		t.Fatal(err)
	}
	r.FixLegacy()
	if r.ID != "r1" || r.LegacyID != "" || r.Empresa != "emp-a" || r.Nome != "Capital" || strings.Join(r.Cidades, ",") != "3550308" ||
		r.Operadores == nil || r.Versao != 3 || !r.CriadoEm.Equal(at) || r.Excluido {
		t.Errorf("%+v", r)
	}
	// Without the id field, the _id prefix goes.
	r = Regiao{}
	r.ID, r.Empresa = "emp-a/r2", "emp-a"
	if r.FixLegacy(); r.ID != "r2" {
		t.Errorf("prefix: %q", r.ID)
	}
	// Written again, it has no id field.
	b, _ := bson.Marshal(&r)
	if _, err := bson.Raw(b).LookupErr("id"); err == nil {
		t.Error("id written")
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
