package domain

import (
	"testing"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
)

func TestValidateEmail(t *testing.T) {
	for e, ok := range map[string]bool{
		"ana@empresa.com.br": true, "a.b+c@x.io": true, "": false, "ana": false, "ana@": false, "ana@localhost": false,
		"Ana <ana@x.com>": false, "ana@x.com ": false,
	} {
		if err := ValidateEmail(e); (err == nil) != ok {
			t.Errorf("%q: %v", e, err)
		}
	}
}

func TestValidateEquipe(t *testing.T) {
	got, err := ValidateEquipe(caller.Supervisor, "sup", []string{"a", " b ", "a", ""})
	if err != nil || len(got) != 2 || got[0] != "a" || got[1] != "b" {
		t.Fatalf("got %v %v", got, err)
	}
	if _, err := ValidateEquipe(caller.Vendedor, "v", []string{"a"}); !errs.IsKind(err, errs.KindInvalid) {
		t.Errorf("seller with team: %v", err)
	}
	if _, err := ValidateEquipe(caller.Supervisor, "sup", []string{"sup"}); !errs.IsKind(err, errs.KindInvalid) {
		t.Errorf("supervisor in own team: %v", err)
	}
	if got, err := ValidateEquipe(caller.Admin, "a", nil); err != nil || got != nil {
		t.Errorf("no team: %v %v", got, err)
	}
}

func TestValidPerfilAndID(t *testing.T) {
	for p, ok := range map[string]bool{"ADMIN": true, "SUPERVISOR": true, "VENDEDOR": true, "admin": false, "": false, "GERENTE": false} {
		if (ValidatePerfil(p) == nil) != ok {
			t.Errorf("perfil %q", p)
		}
	}
	for id, ok := range map[string]bool{"3f2b6c1e-8d4a-4f7e-9a0b-1c2d3e4f5a6b": true, "demo-admin": true, "a_b": true, "": false, "-x": false, "a b": false, "ã": false} {
		if ValidID(id) != ok {
			t.Errorf("id %q", id)
		}
	}
}
