package server

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"google.golang.org/grpc"

	"github.com/crmvendas/crm/services/platform/auth"
)

func TestWebApp(t *testing.T) {
	dir := t.TempDir()
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "assets"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "index.html"), []byte("<html>app</html>"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "index.html.gz"), []byte("gz-index"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "assets", "app-1a2b.js"), []byte("console.log(1)"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "assets", "app-1a2b.js.br"), []byte("br-bytes"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "manifest.webmanifest"), []byte(`{"name":"CRM"}`), 0o644))
	h := webApp(dir)
	for _, c := range []struct {
		path, accept, body, enc, ctype, cache string
		code                                  int
	}{
		{"/assets/app-1a2b.js", "gzip, deflate, br", "br-bytes", "br", "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", 200},
		{"/assets/app-1a2b.js", "gzip", "console.log(1)", "", "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", 200},
		{"/assets/app-1a2b.js", "br;q=0, gzip", "console.log(1)", "", "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", 200},
		{"/crm-home", "gzip", "gz-index", "gzip", "text/html; charset=utf-8", "no-cache", 200},
		{"/auth-links", "", "<html>app</html>", "", "text/html; charset=utf-8", "no-cache", 200},
		// The web app manifest with its own type (browsers warn on text/plain).
		{"/manifest.webmanifest", "gzip", `{"name":"CRM"}`, "", "application/manifest+json", "no-cache", 200},
		{"/assets/missing.js", "br", "", "", "", "", 404},
		{"/../../etc/passwd", "", "", "", "", "", 400},
	} {
		req := httptest.NewRequest("GET", c.path, nil)
		if c.accept != "" {
			req.Header.Set("Accept-Encoding", c.accept)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != c.code {
			t.Errorf("%s: %d", c.path, rec.Code)
			continue
		}
		if c.code != 200 {
			continue
		}
		if rec.Body.String() != c.body || rec.Header().Get("Content-Encoding") != c.enc || rec.Header().Get("Content-Type") != c.ctype || rec.Header().Get("Cache-Control") != c.cache {
			t.Errorf("%s (%s): body %q enc %q type %q cache %q", c.path, c.accept, rec.Body, rec.Header().Get("Content-Encoding"), rec.Header().Get("Content-Type"), rec.Header().Get("Cache-Control"))
		}
	}
}

func TestCheckPolicies(t *testing.T) {
	desc := &grpc.ServiceDesc{ServiceName: "crm.x.v1.X", Methods: []grpc.MethodDesc{{MethodName: "A"}, {MethodName: "B"}}}
	ok := Module{Services: []Service{{Desc: desc}}, Policies: auth.Policies{"/crm.x.v1.X/A": {}, "/crm.x.v1.X/B": auth.Roles("ADMIN")}}
	if err := CheckPolicies([]Module{ok}); err != nil {
		t.Fatal(err)
	}
	missing := Module{Services: []Service{{Desc: desc}}, Policies: auth.Policies{"/crm.x.v1.X/A": {}}}
	if err := CheckPolicies([]Module{missing}); err == nil || !strings.Contains(err.Error(), "/crm.x.v1.X/B") {
		t.Fatalf("missing policy accepted: %v", err)
	}
	stray := Module{Services: []Service{{Desc: desc}}, Policies: auth.Policies{"/crm.x.v1.X/A": {}, "/crm.x.v1.X/B": {}, "/crm.x.v1.X/C": {}}}
	if err := CheckPolicies([]Module{stray}); err == nil || !strings.Contains(err.Error(), "/crm.x.v1.X/C") {
		t.Fatalf("stray policy accepted: %v", err)
	}
}
