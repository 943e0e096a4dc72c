// Package mongox connects to MongoDB (a deployment, for the store's MongoDB backend) and runs
// FerretDB embedded in the process: the MongoDB-wire stand-in the tests run that backend on, and
// the reader of a data directory left by the old embedded default (copied once into SQLite).
package mongox

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"go.mongodb.org/mongo-driver/v2/mongo/writeconcern"
)

// Embedded is FerretDB running inside this process with its SQLite backend.
type Embedded struct {
	URI    string
	cancel context.CancelFunc
	done   chan struct{}
}

// StartEmbedded starts FerretDB 1.24 on a loopback port with its data under dir (one SQLite file
// per database). Stop it with Close after the client is disconnected.
func StartEmbedded(dir string, log *slog.Logger) (*Embedded, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("criar diretório de dados %s: %w", dir, err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: "127.0.0.1:0"},
		Handler:   "sqlite",
		SQLiteURL: sqliteURL(abs),
		Logger:    log,
	})
	if err != nil {
		return nil, fmt.Errorf("iniciar FerretDB: %w", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	e := &Embedded{cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(e.done)
		_ = f.Run(ctx)
	}()
	// MongoDBURI needs the listener to be up; Run starts it asynchronously.
	uriCh := make(chan string, 1)
	go func() { uriCh <- f.MongoDBURI() }()
	select {
	case e.URI = <-uriCh:
	case <-time.After(30 * time.Second):
		cancel()
		return nil, fmt.Errorf("FerretDB não iniciou em 30 s")
	}
	return e, nil
}

// sqliteURL is FerretDB's SQLite URI for a data directory. FerretDB opens up to 100 connections
// per database and begins its transactions deferred, with a 10 s busy timeout: under many
// concurrent writers on a loaded machine (80 orders at once at load average 16), a writer lost
// the race for SQLite's one write lock for longer than that and the write failed with
// SQLITE_BUSY ("database is locked"; TestPedidosNumerosUnicos on the MongoDB backend, in the CI
// run of 2026-11-27). Transactions begin IMMEDIATE (the write lock is taken at BEGIN, where the
// busy handler waits for it, never half-way through), and a writer waits up to 2 minutes, the
// order of a request's own deadline, instead of failing a write the process could still do.
func sqliteURL(dir string) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(120000)")
	q.Add("_txlock", "immediate")
	return "file:" + dir + "/?" + q.Encode()
}

// Close stops FerretDB and waits for it to flush and close its files.
func (e *Embedded) Close() {
	e.cancel()
	<-e.done
}

// Connect opens a client. Writes are acknowledged by the majority and journaled, so an
// acknowledged write survives a crash.
func Connect(ctx context.Context, uri string) (*mongo.Client, error) {
	opts := options.Client().ApplyURI(uri).
		SetWriteConcern(writeconcern.Majority()).
		SetAppName("crm").
		SetServerSelectionTimeout(10 * time.Second)
	c, err := mongo.Connect(opts)
	if err != nil {
		return nil, err
	}
	pctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	if err := c.Ping(pctx, nil); err != nil {
		_ = c.Disconnect(context.Background())
		return nil, fmt.Errorf("banco de dados inacessível (%s): %w", redact(uri), err)
	}
	return c, nil
}

func redact(uri string) string {
	if len(uri) > 10 {
		return uri[:10] + "…"
	}
	return uri
}
