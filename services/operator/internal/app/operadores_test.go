package app_test

import (
	"context"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/crmvendas/crm/services/operator/internal/adapters"
	"github.com/crmvendas/crm/services/operator/internal/app"
	"github.com/crmvendas/crm/services/operator/internal/domain"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// newService declares the operator collections on st.
func newService(t *testing.T, st *store.Store) *app.Service {
	t.Helper()
	col, err := adapters.Declare(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	return &app.Service{Col: col}
}

func wantNotFound(t *testing.T, err error) {
	t.Helper()
	if !errs.IsKind(err, errs.KindNotFound) || err.Error() != domain.MsgNaoEncontrado {
		t.Fatalf("want 404 %q, got %v", domain.MsgNaoEncontrado, err)
	}
}

// Documents written by the MongoDB repository before the store decode as they are: the one-time
// copy of an old FerretDB data directory fills the operators and the directory.
func TestLegacyCopy(t *testing.T) {
	ctx := context.Background()
	old := testkit.DB(t, "oplegacy")
	st := testkit.Store(t, old.Name())
	s := newService(t, st)
	t0 := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	doc := func(uid, empresa, id, nome, perfil string, equipe []string, ativo bool, versao int64) bson.D {
		return bson.D{{Key: "_id", Value: uid}, {Key: "id", Value: id}, {Key: "email", Value: id + "@" + empresa + ".example.com"},
			{Key: "nome_operador", Value: nome}, {Key: "nome_busca", Value: nome}, {Key: "perfil_app", Value: perfil},
			{Key: "exibir_medida", Value: true}, {Key: "equipe", Value: equipe}, {Key: "ativo", Value: ativo},
			{Key: "empresa", Value: empresa}, {Key: "criado_em", Value: t0}, {Key: "alterado_em", Value: t0.Add(time.Hour)},
			{Key: "versao", Value: versao}, {Key: "excluido", Value: false}}
	}
	if _, err := old.Collection("operadores").InsertMany(ctx, []any{
		doc("uid-1", "emp-a", "ana", "Ana Souza", "ADMIN", []string{}, true, 3),
		doc("uid-2", "emp-b", "ana", "Ana B", "VENDEDOR", []string{}, true, 1),
		doc("uid-3", "emp-a", "bruno", "Bruno", "SUPERVISOR", []string{"ana"}, false, 2),
	}); err != nil {
		t.Fatal(err)
	}
	moved, _, err := st.ImportLegacy(ctx, old.Client())
	if err != nil {
		t.Fatal(err)
	}
	if moved[old.Name()+".operadores"] != 3 {
		t.Fatalf("moved %v", moved)
	}

	o, err := app.ReadByUID(s, ctx, "uid-1")
	if err != nil || o.Empresa != "emp-a" || o.Operador != "ana" || o.Versao != 3 || !o.CriadoEm.Equal(t0) || o.PerfilApp != "ADMIN" || !o.ExibirMedida || !o.Ativo {
		t.Fatalf("ByUID uid-1: %v %+v", err, o)
	}
	if o, err := app.ReadByUID(s, ctx, "uid-2"); err != nil || o.Empresa != "emp-b" {
		t.Fatalf("ByUID uid-2: %v %+v", err, o)
	}
	b, err := app.ByKey(s, ctx, store.Company("emp-a"), "bruno")
	if err != nil || b.UID() != "uid-3" || len(b.Equipe) != 1 || b.Equipe[0] != "ana" || b.Ativo {
		t.Fatalf("ByID bruno: %v %+v", err, b)
	}
	for _, c := range []struct {
		empresa, id string
		want        bool
	}{{"emp-a", "ana", true}, {"emp-b", "ana", true}, {"emp-c", "bruno", true}, {"emp-a", "bruno", false}, {"emp-a", "nao-existe", false}} {
		if got, err := app.ExistsElsewhere(s, ctx, c.empresa, c.id); err != nil || got != c.want {
			t.Errorf("ExistsElsewhere(%s, %s) = %v %v", c.empresa, c.id, got, err)
		}
	}
	// The unique operator id came along.
	_, err = app.Insert(s, ctx, &domain.Operador{Meta: store.Meta{ID: "uid-9", Empresa: "emp-a"}, Operador: "ana", Email: "x@x.com", NomeOperador: "X", PerfilApp: "VENDEDOR", Ativo: true})
	testkit.WantReason(t, err, errs.KindConflict, errs.ReasonChaveDuplicada)
	// Optimistic concurrency continues from the copied versao.
	if _, err := app.UpdateStored(s, ctx, store.Company("emp-a"), "uid-1", 2, func(o *domain.Operador) error { o.NomeOperador = "Y"; return nil }); !errs.IsReason(err, errs.ReasonVersaoDesatualizada) {
		t.Fatalf("stale versao: %v", err)
	}
	if o, err := app.UpdateStored(s, ctx, store.Company("emp-a"), "uid-1", 3, func(o *domain.Operador) error { o.NomeOperador = "Ána Nova"; return nil }); err != nil || o.Versao != 4 {
		t.Fatalf("update: %v %+v", err, o)
	}
	p, _, err := app.ListStored(s, ctx, store.Company("emp-a"), app.ListFilter{Q: "ana nova"})
	if err != nil || len(p) != 1 || p[0].UID() != "uid-1" {
		t.Fatalf("search after update: %v %+v", err, p)
	}
}

func TestInsertDirectoryAndScope(t *testing.T) {
	ctx := context.Background()
	st := testkit.Store(t, "crm_operator")
	s := newService(t, st)
	op := func(uid, empresa, id, nome string) *domain.Operador {
		return &domain.Operador{Meta: store.Meta{ID: uid, Empresa: empresa}, Operador: id, Email: id + "@example.com", NomeOperador: nome, PerfilApp: "VENDEDOR", Ativo: true}
	}
	got, err := app.Insert(s, ctx, op("u1", "emp-a", "v1", "Zé"))
	if err != nil || got.Versao != 1 || got.CriadoEm.IsZero() || got.Equipe == nil {
		t.Fatalf("insert: %v %+v", err, got)
	}
	// The same uid can't join another company.
	_, err = app.Insert(s, ctx, op("u1", "emp-b", "v1", "Zé"))
	if !errs.IsKind(err, errs.KindConflict) || err.Error() != domain.MsgUIDEmUso {
		t.Fatalf("uid in another company: %v", err)
	}
	if o, err := app.ReadByUID(s, ctx, "u1"); err != nil || o.Empresa != "emp-a" {
		t.Fatalf("uid moved: %v %+v", err, o)
	}
	// A directory entry left by an insert that failed is taken over.
	if _, _, err := s.Col.Indice.Create(ctx, store.Company(app.IndiceEmpresa), &app.Indice{Meta: store.Meta{ID: "u2"}, EmpresaOperador: "emp-x", Operador: "perdido"}); err != nil {
		t.Fatal(err)
	}
	_, err = app.ReadByUID(s, ctx, "u2")
	wantNotFound(t, err)
	if _, err := app.Insert(s, ctx, op("u2", "emp-a", "v2", "Ana")); err != nil {
		t.Fatalf("take over a stale entry: %v", err)
	}
	if o, err := app.ReadByUID(s, ctx, "u2"); err != nil || o.Empresa != "emp-a" || o.Operador != "v2" {
		t.Fatalf("after take over: %v %+v", err, o)
	}
	if ok, _ := app.ExistsElsewhere(s, ctx, "emp-b", "perdido"); ok {
		t.Fatal("the stale entry still counts")
	}
	for i, n := range []string{"Éder", "bia", "Carla", "ádria"} {
		if _, err := app.Insert(s, ctx, op("u"+string(rune('3'+i)), "emp-a", "v"+string(rune('3'+i)), n)); err != nil {
			t.Fatal(err)
		}
	}
	// By folded name, a page at a time.
	var names []string
	tok := ""
	for {
		p, next, err := app.ListStored(s, ctx, store.Company("emp-a"), app.ListFilter{PageSize: 2, PageToken: tok})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range p {
			names = append(names, o.NomeOperador)
		}
		if next == "" {
			break
		}
		tok = next
	}
	if want := "ádria Ana bia Carla Éder Zé"; join(names) != want {
		t.Fatalf("order %q, want %q", join(names), want)
	}
	// The role scope is the operator id.
	p, _, err := app.ListStored(s, ctx, store.Scope{Empresa: "emp-a", Owners: []string{"v1", "v3"}}, app.ListFilter{})
	if err != nil || len(p) != 2 {
		t.Fatalf("scoped list: %v %d", err, len(p))
	}
	_, err = app.ByKey(s, ctx, store.Scope{Empresa: "emp-a", Owners: []string{"v1"}}, "v2")
	testkit.WantReason(t, err, errs.KindForbidden, errs.ReasonForaDoEscopo)
	_, err = app.UpdateStored(s, ctx, store.Scope{Empresa: "emp-a", Owners: []string{"v1"}}, "u2", 0, func(o *domain.Operador) error { o.Ativo = false; return nil })
	testkit.WantReason(t, err, errs.KindForbidden, errs.ReasonForaDoEscopo)
	if n, err := app.CountActive(s, ctx, "emp-a", []string{"v1", "v2", "nao-existe"}); err != nil || n != 2 {
		t.Fatalf("count active: %d %v", n, err)
	}
	if _, err := app.UpdateStored(s, ctx, store.Company("emp-a"), "u2", 0, func(o *domain.Operador) error { o.Ativo = false; return nil }); err != nil {
		t.Fatal(err)
	}
	if n, err := app.CountActive(s, ctx, "emp-a", []string{"v1", "v2"}); err != nil || n != 1 {
		t.Fatalf("count active after deactivation: %d %v", n, err)
	}
}

func join(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out
}
