package adapters_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/address/internal/adapters"
	"github.com/crmvendas/crm/services/address/internal/domain"
	"github.com/crmvendas/crm/services/platform/mongox"
	"github.com/crmvendas/crm/services/platform/testkit"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testkit.StopEmulator()
	os.Exit(code)
}

func newRepo(t *testing.T) *adapters.Regioes {
	db := testkit.DB(t, "addr")
	ctx := context.Background()
	// Twice: creating the indexes is idempotent.
	for i := 0; i < 2; i++ {
		if err := mongox.EnsureIndexes(ctx, db, adapters.RegiaoIndexes...); err != nil {
			t.Fatal(err)
		}
	}
	return adapters.NewRegioes(db)
}

func reg(empresa, id, nome string, cidades ...string) *domain.Regiao {
	now := time.Now().UTC().Truncate(time.Millisecond)
	return &domain.Regiao{ID: id, Empresa: empresa, Nome: nome, Cidades: cidades, Operadores: []string{"v1"}, CriadoEm: now, AlteradoEm: now, Versao: 1}
}

func TestRegioesRepo(t *testing.T) {
	r := newRepo(t)
	ctx := context.Background()
	a := reg("emp-a", "r1", "Capital", "3550308", "3509502")
	if err := r.Insert(ctx, a); err != nil {
		t.Fatal(err)
	}
	got, err := r.ByID(ctx, "emp-a", "r1")
	if err != nil || got.Nome != "Capital" || strings.Join(got.Cidades, ",") != "3550308,3509502" || got.Versao != 1 || !got.CriadoEm.Equal(a.CriadoEm) || got.Empresa != "emp-a" {
		t.Fatalf("ByID: %+v %v", got, err)
	}
	// Company isolation: the same id is not visible to another company, but is reported as
	// existing elsewhere.
	if _, err := r.ByID(ctx, "emp-b", "r1"); !errors.Is(err, domain.ErrRegiaoNotFound) {
		t.Errorf("other company ByID: %v", err)
	}
	if ok, err := r.ExistsElsewhere(ctx, "emp-b", "r1"); !ok || err != nil {
		t.Errorf("ExistsElsewhere: %v %v", ok, err)
	}
	if ok, err := r.ExistsElsewhere(ctx, "emp-a", "r1"); ok || err != nil {
		t.Errorf("ExistsElsewhere own: %v %v", ok, err)
	}
	// Unique id and name per company.
	if err := r.Insert(ctx, reg("emp-a", "r1", "Outra")); !errors.Is(err, domain.ErrRegiaoExists) {
		t.Errorf("same id: %v", err)
	}
	if err := r.Insert(ctx, reg("emp-a", "r2", "capital")); !errors.Is(err, domain.ErrNomeRepetido) {
		t.Errorf("same name (case): %v", err)
	}
	if err := r.Insert(ctx, reg("emp-b", "r1", "Capital", "3550308")); err != nil {
		t.Errorf("another company, same id and name: %v", err)
	}
	if x, err := r.ByNomeOrdem(ctx, "emp-a", domain.NomeOrdem("CAPITAL")); err != nil || x == nil || x.ID != "r1" {
		t.Errorf("ByNomeOrdem: %+v %v", x, err)
	}
	// Regions holding cities ($in on the array field), scoped by company.
	w, err := r.WithCidades(ctx, "emp-a", []string{"3509502", "4106902"})
	if err != nil || len(w) != 1 || w[0].ID != "r1" || w[0].Empresa != "emp-a" {
		t.Errorf("WithCidades: %+v %v", w, err)
	}
	if w, err := r.WithCidades(ctx, "emp-a", []string{"4106902"}); err != nil || len(w) != 0 {
		t.Errorf("WithCidades none: %+v %v", w, err)
	}
	// Optimistic update.
	got.Nome, got.Versao = "Capital SP", 2
	if err := r.Update(ctx, got); err != nil {
		t.Fatal(err)
	}
	stale := *got
	stale.Versao = 2 // stored is 2: the update expects 1
	if err := r.Update(ctx, &stale); !errors.Is(err, domain.ErrRegiaoVersion) {
		t.Errorf("stale update: %v", err)
	}
	if err := r.Insert(ctx, reg("emp-a", "r3", "Interior")); err != nil {
		t.Fatal(err)
	}
	x, _ := r.ByID(ctx, "emp-a", "r3")
	x.Nome, x.Versao = "capital sp", x.Versao+1
	if err := r.Update(ctx, x); !errors.Is(err, domain.ErrNomeRepetido) {
		t.Errorf("rename onto a taken name: %v", err)
	}
	// A deleted region frees its name and leaves the lists.
	got, _ = r.ByID(ctx, "emp-a", "r1")
	got.Excluido, got.Versao = true, got.Versao+1
	if err := r.Update(ctx, got); err != nil {
		t.Fatal(err)
	}
	if x, err := r.ByNomeOrdem(ctx, "emp-a", domain.NomeOrdem("Capital SP")); err != nil || x != nil {
		t.Errorf("deleted by name: %+v %v", x, err)
	}
	if w, err := r.WithCidades(ctx, "emp-a", []string{"3550308"}); err != nil || len(w) != 0 {
		t.Errorf("deleted WithCidades: %+v %v", w, err)
	}
	if err := r.Insert(ctx, reg("emp-a", "r4", "Capital SP")); err != nil {
		t.Errorf("name of a deleted region: %v", err)
	}
	if d, err := r.ByID(ctx, "emp-a", "r1"); err != nil || !d.Excluido || d.Versao != 3 {
		t.Errorf("tombstone: %+v %v", d, err)
	}
}

func TestRegioesRepoList(t *testing.T) {
	r := newRepo(t)
	ctx := context.Background()
	names := []string{"Zona Leste", "Área Norte", "área sul", "Centro", "Bairros", "Oeste", "Ágape"}
	for i, n := range names {
		if err := r.Insert(ctx, reg("emp-a", fmt.Sprintf("r%d", i), n)); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Insert(ctx, reg("emp-b", "x", "Área Norte B")); err != nil {
		t.Fatal(err)
	}
	del := reg("emp-a", "del", "Área Excluída")
	del.Excluido = true
	if err := r.Insert(ctx, del); err != nil {
		t.Fatal(err)
	}
	var got []string
	f := domain.RegiaoFilter{Empresa: "emp-a", Limit: 3}
	for {
		l, err := r.List(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range l {
			if x.Empresa != "emp-a" || x.Excluido {
				t.Fatalf("leak: %+v", x)
			}
			got = append(got, x.Nome)
		}
		if len(l) < 3 {
			break
		}
		f.AfterKey, f.AfterID = domain.NomeOrdem(l[2].Nome), l[2].ID
	}
	want := "Ágape,Área Norte,área sul,Bairros,Centro,Oeste,Zona Leste"
	if strings.Join(got, ",") != want {
		t.Errorf("pages: %s", strings.Join(got, ","))
	}
	l, err := r.List(ctx, domain.RegiaoFilter{Empresa: "emp-a", Q: domain.NomeOrdem("AREA"), Limit: 10})
	if err != nil || len(l) != 2 || l[0].Nome != "Área Norte" || l[1].Nome != "área sul" {
		t.Errorf("q: %+v %v", l, err)
	}
	// Regex metacharacters in q are literal.
	if l, err := r.List(ctx, domain.RegiaoFilter{Empresa: "emp-a", Q: ".*", Limit: 10}); err != nil || len(l) != 0 {
		t.Errorf("q .*: %d %v", len(l), err)
	}
}
