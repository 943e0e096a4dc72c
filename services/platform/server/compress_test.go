package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"
)

// decode undoes a Content-Encoding (none, gzip or zstd).
func decode(t testing.TB, enc string, b []byte) []byte {
	t.Helper()
	var r io.Reader
	switch enc {
	case "":
		return b
	case "gzip":
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	case "zstd":
		zr, err := zstd.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		defer zr.Close()
		r = zr
	default:
		t.Fatalf("Content-Encoding inesperado %q", enc)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s: %v", enc, err)
	}
	return out
}

// TestCompressed: JSON over the threshold goes zstd or gzip as asked (and decodes to the same
// bytes), plain when not asked or on HEAD; small answers, photos, PDFs and compressed formats go
// as they are; an error body keeps its Retry-After and is JSON once decoded; Flush still flushes.
func TestCompressed(t *testing.T) {
	big := []byte(`{"clientes":[` + strings.Repeat(`{"nome":"Mercado São José","cidade":"Campinas"},`, 100) + `{}]}`)
	serve := func(ctype string, body []byte) http.Handler {
		return compressed(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", ctype)
			w.Write(body)
		}))
	}
	for _, c := range []struct {
		name, method, ctype, accept, enc string
		body                             []byte
	}{
		{"json gzip", "GET", "application/json", "gzip", "gzip", big},
		{"json zstd", "GET", "application/json", "zstd", "zstd", big},
		{"json, browser", "GET", "application/json", "gzip, deflate, br, zstd", "zstd", big},
		{"json, gzip preferred", "GET", "application/json", "gzip;q=1, zstd;q=0.5", "gzip", big},
		{"json, not asked", "GET", "application/json", "", "", big},
		{"json, refused", "GET", "application/json", "gzip;q=0, identity", "", big},
		{"json, HEAD", "HEAD", "application/json", "gzip", "", nil},
		{"json, small", "GET", "application/json", "gzip", "", []byte(`{"ok":true}`)},
		{"photo", "GET", "image/jpeg", "gzip, zstd", "", bytes.Repeat([]byte{0xff, 0xd8}, 2000)},
		{"photo png", "GET", "image/png", "gzip, zstd", "", bytes.Repeat([]byte{0x89, 'P'}, 2000)},
		{"pdf", "GET", "application/pdf", "gzip, zstd", "", append([]byte("%PDF-1.4\n"), bytes.Repeat([]byte("0 0 0 rg\n"), 500)...)},
		{"gzip file", "GET", "application/gzip", "gzip", "", bytes.Repeat([]byte{0x1f, 0x8b}, 2000)},
		{"svg", "GET", "image/svg+xml", "gzip", "gzip", []byte("<svg>" + strings.Repeat("<path d='M0 0'/>", 200) + "</svg>")},
	} {
		req := httptest.NewRequest(c.method, "/crm/clientes", nil)
		if c.accept != "" {
			req.Header.Set("Accept-Encoding", c.accept)
		}
		rec := httptest.NewRecorder()
		serve(c.ctype, c.body).ServeHTTP(rec, req)
		h := rec.Header()
		if got := h.Get("Content-Encoding"); got != c.enc {
			t.Errorf("%s: Content-Encoding %q, esperado %q", c.name, got, c.enc)
			continue
		}
		if !strings.Contains(strings.Join(h.Values("Vary"), ","), "Accept-Encoding") {
			t.Errorf("%s: sem Vary: Accept-Encoding (%v)", c.name, h.Values("Vary"))
		}
		if got := decode(t, c.enc, rec.Body.Bytes()); !bytes.Equal(got, c.body) && c.method != "HEAD" {
			t.Errorf("%s: corpo decodificado difere (%d bytes, esperado %d)", c.name, len(got), len(c.body))
		}
		if c.enc != "" && rec.Body.Len() >= len(c.body)/2 {
			t.Errorf("%s: %d bytes comprimidos de %d", c.name, rec.Body.Len(), len(c.body))
		}
	}

	// An error with a RetryInfo and many fields at fault: Retry-After kept, JSON once decoded.
	var campos []*errdetails.BadRequest_FieldViolation
	for i := range 40 {
		campos = append(campos, &errdetails.BadRequest_FieldViolation{Field: fmt.Sprintf("itens.%d.quantidade", i), Description: "Valor inválido."})
	}
	st, _ := status.New(codes.ResourceExhausted, "Muitas requisições.").WithDetails(
		&errdetails.RetryInfo{RetryDelay: durationpb.New(1500 * time.Millisecond)}, &errdetails.BadRequest{FieldViolations: campos})
	errH := compressed(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusTooManyRequests, st, st.Message())
	}))
	for _, enc := range []string{"gzip", "zstd", ""} {
		req := httptest.NewRequest("GET", "/crm/pedidos", nil)
		req.Header.Set("Accept-Encoding", enc)
		rec := httptest.NewRecorder()
		errH.ServeHTTP(rec, req)
		var body errorBody
		if rec.Code != 429 || rec.Header().Get("Retry-After") != "2" || rec.Header().Get("Content-Encoding") != enc ||
			!strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
			t.Errorf("erro (%q): %d %v", enc, rec.Code, rec.Header())
		} else if err := json.Unmarshal(decode(t, enc, rec.Body.Bytes()), &body); err != nil || len(body.Campos) != 40 || body.Status != 429 {
			t.Errorf("erro (%q): corpo %v %+v", enc, err, body)
		}
	}

	// Flush: what was written before it reaches the client before the handler returns.
	first := strings.Repeat(`{"linha":"primeira parte da resposta"},`, 60)
	flushed := make(chan struct{})
	srv := httptest.NewServer(compressed(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, first)
		w.(http.Flusher).Flush()
		<-flushed
		io.WriteString(w, "fim")
	})))
	defer srv.Close()
	var once sync.Once
	release := func() { once.Do(func() { close(flushed) }) }
	defer release() // before srv.Close: the handler must not wait forever when the test fails
	req, _ := http.NewRequest("GET", srv.URL, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	zr, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	part := make([]byte, len(first))
	if _, err := io.ReadFull(zr, part); err != nil || string(part) != first {
		t.Fatalf("parte enviada pelo Flush: %v %q", err, part)
	}
	release()
	if rest, _ := io.ReadAll(zr); string(rest) != "fim" {
		t.Errorf("resto: %q", rest)
	}
}

// TestWebAppCompressed: a file of the app with no precompressed copy is compressed on the fly;
// one with a copy is sent as the build compressed it, once.
func TestWebAppCompressed(t *testing.T) {
	dir := t.TempDir()
	manifest := `{"name":"CRM","icons":[` + strings.Repeat(`{"src":"/icons/icon.png","sizes":"192x192"},`, 40) + `{}]}`
	os.WriteFile(filepath.Join(dir, "manifest.webmanifest"), []byte(manifest), 0o644)
	os.WriteFile(filepath.Join(dir, "index.html"), []byte(strings.Repeat("<p>app</p>", 300)), 0o644)
	os.WriteFile(filepath.Join(dir, "index.html.br"), []byte("br-index"), 0o644)
	h := webApp(dir)
	for _, c := range []struct{ path, accept, enc, body string }{
		{"/manifest.webmanifest", "gzip", "gzip", manifest},
		{"/manifest.webmanifest", "gzip, deflate, br, zstd", "zstd", manifest},
		{"/manifest.webmanifest", "", "", manifest},
		{"/clientes", "gzip, deflate, br, zstd", "br", "br-index"},
	} {
		req := httptest.NewRequest("GET", c.path, nil)
		req.Header.Set("Accept-Encoding", c.accept)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		enc := rec.Header().Get("Content-Encoding")
		if enc != c.enc {
			t.Errorf("%s (%s): Content-Encoding %q, esperado %q", c.path, c.accept, enc, c.enc)
			continue
		}
		got := rec.Body.Bytes()
		if enc != "br" {
			got = decode(t, enc, got)
		}
		if string(got) != c.body || rec.Header().Get("Content-Length") != "" && enc == "zstd" {
			t.Errorf("%s (%s): corpo %.60q, Content-Length %q", c.path, c.accept, got, rec.Header().Get("Content-Length"))
		}
		if v := rec.Header().Values("Vary"); len(v) != 1 || v[0] != "Accept-Encoding" {
			t.Errorf("%s: Vary %v", c.path, v)
		}
	}
}
