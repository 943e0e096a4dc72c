package server_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/config"
	"github.com/crmvendas/crm/services/platform/server"
	"github.com/crmvendas/crm/services/platform/store"
)

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestReadyzReadsTheStore: /readyz answers ready only while the store can read; when it can't,
// 503 and the cause logged once (not on every probe).
func TestReadyzReadsTheStore(t *testing.T) {
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), store.SQLiteFile))
	if err != nil {
		t.Fatal(err)
	}
	cfg := config.FromEnv()
	cfg.HTTPAddr, cfg.GRPCAddr, cfg.WebDir = "127.0.0.1:0", "127.0.0.1:0", ""
	logs := &syncBuffer{}
	s, err := server.New(context.Background(), server.Options{Config: cfg, Logger: slog.New(slog.NewJSONHandler(logs, nil)),
		Checks: []func(context.Context) error{st.Ping}})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Listen(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, nil) }()
	defer func() { cancel(); <-done }()
	probe := func() int {
		resp, err := http.Get("http://" + s.HTTPAddr() + "/readyz")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		io.Copy(io.Discard, resp.Body)
		return resp.StatusCode
	}
	deadline := time.Now().Add(10 * time.Second)
	for probe() != 200 {
		if time.Now().After(deadline) {
			t.Fatal("/readyz nunca ficou pronto")
		}
		time.Sleep(20 * time.Millisecond)
	}
	st.Close() // the store can no longer read
	for i := 0; i < 3; i++ {
		if code := probe(); code != 503 {
			t.Fatalf("/readyz com o banco fechado: %d, esperado 503", code)
		}
	}
	if n := strings.Count(logs.String(), "o banco não responde a leituras"); n != 1 {
		t.Fatalf("a falha foi registrada %d vezes, esperado 1:\n%s", n, logs.String())
	}
	if !strings.Contains(logs.String(), "database is closed") {
		t.Fatalf("o log não diz a causa:\n%s", logs.String())
	}
}
