package testkit

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"go.mongodb.org/mongo-driver/v2/mongo"

	"github.com/crmvendas/crm/services/platform/mongox"
	"github.com/crmvendas/crm/services/platform/store"
)

// envQueda puts a test binary in the child's part of a kill test: "sqlite <file>" or
// "mongodb <uri> <database>", the store the parent prepared.
const envQueda = "CRM_TESTE_MORRER_ENTRE_REGISTRO_E_RESUMOS"

// Queda is the kill test of a write that carries read-model increments (issue 19): a child
// process — this test binary, running the same test — writes a record and kills itself
// (SIGKILL) once the record is written and before its increments; the parent then checks what
// the store kept: on SQLite nothing (one transaction), on MongoDB the record without its
// figures, the drift the owner's reconciliation must find and repair.
type Queda struct {
	// Store is the parent's fresh store, as the service owning db sees it.
	Store *store.Store
	modo  string
}

// NovaQueda, in the parent, opens a fresh store for database db — the embedded SQLite in a
// temporary file or, with CRM_TEST_STORE=mongodb, a database of the embedded FerretDB — for the
// test to write what exists before the crash. In the child (Matar started it) it opens the
// parent's store instead, runs escrever on it and dies when the record id is written and
// before its increments; it never returns there (a write that did not kill it fails the child).
func NovaQueda(t *testing.T, db, id string, escrever func(st *store.Store) error) *Queda {
	t.Helper()
	if modo := os.Getenv(envQueda); modo != "" {
		morrerEntreAsEscritas(t, strings.Fields(modo), db, id, escrever)
	}
	if os.Getenv("CRM_TEST_STORE") == "mongodb" {
		banco := DB(t, db)
		st, err := store.OpenMongo(context.Background(), banco)
		if err != nil {
			t.Fatal(err)
		}
		return &Queda{Store: st.For(db), modo: "mongodb " + MongoURI(t) + " " + banco.Name()}
	}
	arquivo := filepath.Join(t.TempDir(), store.SQLiteFile)
	st, err := store.OpenSQLite(context.Background(), arquivo)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return &Queda{Store: st.For(db), modo: "sqlite " + arquivo}
}

// Matar runs the child — this test binary, this test only — on the parent's store, and fails
// the test unless the child died by SIGKILL (between the record's write and its increments).
func (q *Queda) Matar(t *testing.T) {
	t.Helper()
	partes := strings.Split(t.Name(), "/")
	for i, p := range partes {
		partes[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	cmd := exec.Command(os.Args[0], "-test.run="+strings.Join(partes, "/"), "-test.count=1")
	cmd.Env = append(os.Environ(), envQueda+"="+q.modo)
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("o processo filho devia morrer por SIGKILL entre as escritas: %v\n%s", err, out)
	}
}

// morrerEntreAsEscritas is the child: the store the parent prepared, a SIGKILL to itself once
// the record id is written and before its increments, and the write.
func morrerEntreAsEscritas(t *testing.T, modo []string, db, id string, escrever func(st *store.Store) error) {
	t.Helper()
	var st *store.Store
	var err error
	switch {
	case len(modo) == 2 && modo[0] == "sqlite":
		st, err = store.OpenSQLite(context.Background(), modo[1])
	case len(modo) == 3 && modo[0] == "mongodb":
		var client *mongo.Client
		if client, err = mongox.Connect(context.Background(), modo[1]); err == nil {
			st, err = store.OpenMongo(context.Background(), client.Database(modo[2]))
		}
	default:
		t.Fatalf("%s inválido: %q", envQueda, modo)
	}
	if err != nil {
		t.Fatal(err)
	}
	st.SetBetweenWrites(func(escrito string) {
		if escrito == id {
			_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
			select {} // the signal is on its way
		}
	})
	err = escrever(st.For(db))
	t.Fatalf("o registro %s foi gravado sem o processo morrer entre as escritas: %v", id, err)
}
