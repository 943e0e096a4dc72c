package store_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/crmvendas/crm/services/platform/mongox"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/store/storetest"
	"github.com/crmvendas/crm/services/platform/testkit"
)

func TestSQLite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) *store.Store {
		st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), store.SQLiteFile))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	})
}

// TestMongoFerretDB runs the suite on the MongoDB backend against the embedded FerretDB.
func TestMongoFerretDB(t *testing.T) {
	storetest.Run(t, func(t *testing.T) *store.Store {
		st, err := store.OpenMongo(context.Background(), testkit.DB(t, "store"))
		if err != nil {
			t.Fatal(err)
		}
		return st
	})
}

// TestMongoReal runs the suite against a real MongoDB (a replica set) when MONGODB_TEST_URI is set.
func TestMongoReal(t *testing.T) {
	uri := os.Getenv("MONGODB_TEST_URI")
	if uri == "" {
		t.Skip("MONGODB_TEST_URI vazio: sem MongoDB de verdade para testar; a suíte de contrato roda no FerretDB (TestMongoFerretDB)")
	}
	client, err := mongox.Connect(context.Background(), uri)
	if err != nil {
		t.Fatal(err)
	}
	defer client.Disconnect(context.Background())
	storetest.Run(t, func(t *testing.T) *store.Store {
		db := client.Database("store_" + strings.ReplaceAll(uuid.NewString()[:8], "-", ""))
		t.Cleanup(func() { _ = db.Drop(context.Background()) })
		st, err := store.OpenMongo(context.Background(), db)
		if err != nil {
			t.Fatal(err)
		}
		return st
	})
}

// TestFingerprintSeesEveryWrite: the isolation matrices prove "nothing written" with the
// fingerprint, so every kind of write must change it.
func TestFingerprintSeesEveryWrite(t *testing.T) {
	ctx := context.Background()
	st, err := store.OpenSQLite(ctx, filepath.Join(t.TempDir(), store.SQLiteFile))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	c, err := store.Declare(ctx, st, storetest.PedidoSpec)
	if err != nil {
		t.Fatal(err)
	}
	sc := store.Company("e1")
	last, _ := st.Fingerprint(ctx)
	step := func(what string, f func() error) {
		t.Helper()
		if err := f(); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		now, err := st.Fingerprint(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if now == last {
			t.Fatalf("%s não mudou a impressão digital (%s)", what, now)
		}
		last = now
	}
	p := storetest.NewPedido("p1", "N1", "v1", "c1", "aberto", time.Now())
	step("criar", func() error { _, _, err := c.Create(ctx, sc, p); return err })
	step("alterar", func() error {
		_, err := c.Update(ctx, sc, "p1", 0, func(p *storetest.Pedido) error { p.Status = "enviado"; return nil })
		return err
	})
	step("excluir", func() error { _, err := c.Delete(ctx, sc, "p1", 0); return err })
	step("contador", func() error { _, err := st.Incr(ctx, "metas", "e1", "v1", map[string]int64{"n": 1}); return err })
	// A refused write leaves it as it was.
	if _, _, err := c.Create(ctx, store.Company("e2"), storetest.NewPedido("p1", "N1", "v1", "c1", "aberto", time.Now())); err == nil {
		t.Fatal("create over another company's id accepted")
	}
	if now, _ := st.Fingerprint(ctx); now != last {
		t.Fatalf("uma escrita recusada mudou a impressão digital: %s -> %s", last, now)
	}
}
