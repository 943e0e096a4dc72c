package adapters

import (
	"context"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/crmvendas/crm/services/operator/internal/domain"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/testkit"
)

func newRepo(t *testing.T, st *store.Store) *Repo {
	t.Helper()
	r, err := NewRepo(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Documents written by the MongoDB repository before the store decode as they are: the one-time
// copy of an old FerretDB data directory fills the operators and the directory.
func TestLegacyCopy(t *testing.T) {
	ctx := context.Background()
	old := testkit.DB(t, "oplegacy")
	st := testkit.Store(t, old.Name())
	r := newRepo(t, st)
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

	o, err := r.ByUID(ctx, "uid-1")
	if err != nil || o.Empresa != "emp-a" || o.ID != "ana" || o.Versao != 3 || !o.CriadoEm.Equal(t0) || o.PerfilApp != "ADMIN" || !o.ExibirMedida || !o.Ativo {
		t.Fatalf("ByUID uid-1: %v %+v", err, o)
	}
	if o, err := r.ByUID(ctx, "uid-2"); err != nil || o.Empresa != "emp-b" {
		t.Fatalf("ByUID uid-2: %v %+v", err, o)
	}
	b, err := r.ByID(ctx, store.Company("emp-a"), "bruno")
	if err != nil || b.UID != "uid-3" || len(b.Equipe) != 1 || b.Equipe[0] != "ana" || b.Ativo {
		t.Fatalf("ByID bruno: %v %+v", err, b)
	}
	for _, c := range []struct {
		empresa, id string
		want        bool
	}{{"emp-a", "ana", true}, {"emp-b", "ana", true}, {"emp-c", "bruno", true}, {"emp-a", "bruno", false}, {"emp-a", "nao-existe", false}} {
		if got, err := r.ExistsElsewhere(ctx, c.empresa, c.id); err != nil || got != c.want {
			t.Errorf("ExistsElsewhere(%s, %s) = %v %v", c.empresa, c.id, got, err)
		}
	}
	// The unique operator id came along.
	_, err = r.Insert(ctx, &domain.Operador{UID: "uid-9", ID: "ana", Empresa: "emp-a", Email: "x@x.com", NomeOperador: "X", PerfilApp: "VENDEDOR", Ativo: true})
	testkit.WantReason(t, err, errs.KindConflict, errs.ReasonChaveDuplicada)
	// Optimistic concurrency continues from the copied versao.
	if _, err := r.Update(ctx, store.Company("emp-a"), "uid-1", 2, func(o *domain.Operador) error { o.NomeOperador = "Y"; return nil }); !errs.IsReason(err, errs.ReasonVersaoDesatualizada) {
		t.Fatalf("stale versao: %v", err)
	}
	if o, err := r.Update(ctx, store.Company("emp-a"), "uid-1", 3, func(o *domain.Operador) error { o.NomeOperador = "Ána Nova"; return nil }); err != nil || o.Versao != 4 {
		t.Fatalf("update: %v %+v", err, o)
	}
	p, _, err := r.List(ctx, store.Company("emp-a"), domain.ListFilter{Q: "ana nova"})
	if err != nil || len(p) != 1 || p[0].UID != "uid-1" {
		t.Fatalf("search after update: %v %+v", err, p)
	}
}

func TestInsertDirectoryAndScope(t *testing.T) {
	ctx := context.Background()
	st := testkit.Store(t, "crm_operator")
	r := newRepo(t, st)
	op := func(uid, empresa, id, nome string) *domain.Operador {
		return &domain.Operador{UID: uid, ID: id, Empresa: empresa, Email: id + "@example.com", NomeOperador: nome, PerfilApp: "VENDEDOR", Ativo: true}
	}
	got, err := r.Insert(ctx, op("u1", "emp-a", "v1", "Zé"))
	if err != nil || got.Versao != 1 || got.CriadoEm.IsZero() || got.Equipe == nil {
		t.Fatalf("insert: %v %+v", err, got)
	}
	// The same uid can't join another company.
	_, err = r.Insert(ctx, op("u1", "emp-b", "v1", "Zé"))
	if !errs.IsKind(err, errs.KindConflict) || err.Error() != domain.MsgUIDEmUso {
		t.Fatalf("uid in another company: %v", err)
	}
	if o, err := r.ByUID(ctx, "u1"); err != nil || o.Empresa != "emp-a" {
		t.Fatalf("uid moved: %v %+v", err, o)
	}
	// A directory entry left by an insert that failed is taken over.
	if _, _, err := r.idx.Create(ctx, indice, &Indice{Meta: store.Meta{ID: "u2"}, EmpresaOperador: "emp-x", Operador: "perdido"}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.ByUID(ctx, "u2"); err != domain.ErrNotFound {
		t.Fatalf("stale entry: %v", err)
	}
	if _, err := r.Insert(ctx, op("u2", "emp-a", "v2", "Ana")); err != nil {
		t.Fatalf("take over a stale entry: %v", err)
	}
	if o, err := r.ByUID(ctx, "u2"); err != nil || o.Empresa != "emp-a" || o.ID != "v2" {
		t.Fatalf("after take over: %v %+v", err, o)
	}
	if ok, _ := r.ExistsElsewhere(ctx, "emp-b", "perdido"); ok {
		t.Fatal("the stale entry still counts")
	}
	for i, n := range []string{"Éder", "bia", "Carla", "ádria"} {
		if _, err := r.Insert(ctx, op("u"+string(rune('3'+i)), "emp-a", "v"+string(rune('3'+i)), n)); err != nil {
			t.Fatal(err)
		}
	}
	// By folded name, a page at a time.
	var names []string
	tok := ""
	for {
		p, next, err := r.List(ctx, store.Company("emp-a"), domain.ListFilter{PageSize: 2, PageToken: tok})
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
	p, _, err := r.List(ctx, store.Scope{Empresa: "emp-a", Owners: []string{"v1", "v3"}}, domain.ListFilter{})
	if err != nil || len(p) != 2 {
		t.Fatalf("scoped list: %v %d", err, len(p))
	}
	_, err = r.ByID(ctx, store.Scope{Empresa: "emp-a", Owners: []string{"v1"}}, "v2")
	testkit.WantReason(t, err, errs.KindForbidden, errs.ReasonForaDoEscopo)
	_, err = r.Update(ctx, store.Scope{Empresa: "emp-a", Owners: []string{"v1"}}, "u2", 0, func(o *domain.Operador) error { o.Ativo = false; return nil })
	testkit.WantReason(t, err, errs.KindForbidden, errs.ReasonForaDoEscopo)
	if n, err := r.CountActive(ctx, "emp-a", []string{"v1", "v2", "nao-existe"}); err != nil || n != 2 {
		t.Fatalf("count active: %d %v", n, err)
	}
	if _, err := r.Update(ctx, store.Company("emp-a"), "u2", 0, func(o *domain.Operador) error { o.Ativo = false; return nil }); err != nil {
		t.Fatal(err)
	}
	if n, err := r.CountActive(ctx, "emp-a", []string{"v1", "v2"}); err != nil || n != 1 {
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
