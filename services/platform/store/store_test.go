package store_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
		t.Log("MONGODB_TEST_URI vazio: a suíte roda no FerretDB (TestMongoFerretDB)")
		return
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
