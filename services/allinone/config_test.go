package allinone_test

import (
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crmvendas/crm/services/platform/testkit"
)

// TestInvalidConfigStops: a value the configuration does not accept stops crm before it serves,
// with a pt-BR message naming every variable at fault.
func TestInvalidConfigStops(t *testing.T) {
	cmd := exec.Command(crmBinary(t))
	cmd.Env = append(os.Environ(), "CRM_DATA_DIR="+t.TempDir(), "CRM_HTTP_ADDR="+freeAddr(t), "CRM_GRPC_ADDR="+freeAddr(t),
		"CRM_CALLER_CACHE_TTL=30", "CRM_RATE_LIMIT_USER=muito", "CRM_CUSTOMER_ADDR=customer", "FIREBASE_AUTH_EMULATOR_HOST="+testkit.Emulator(t))
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("crm started with an invalid configuration:\n%s", out)
	}
	for _, want := range []string{`CRM_CALLER_CACHE_TTL: valor inválido "30"; use uma duração como 30s ou 5m`, `CRM_RATE_LIMIT_USER: valor inválido "muito"`,
		`CRM_CUSTOMER_ADDR: valor inválido "customer"; use host:porta`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("message lacks %q:\n%s", want, out)
		}
	}
}

// TestPprofOnlyOnLoopbackListener: with CRM_PPROF=1 the profiler answers on CRM_PPROF_ADDR and
// /debug/pprof/ is 404 on the public HTTP port (not even the web app's index.html).
func TestPprofOnlyOnLoopbackListener(t *testing.T) {
	web := t.TempDir()
	if err := os.WriteFile(filepath.Join(web, "index.html"), []byte("<html>app</html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	pprofAddr := freeAddr(t)
	p := startCRM(t, t.TempDir(), "CRM_PPROF=1", "CRM_PPROF_ADDR="+pprofAddr, "CRM_WEB_DIR="+web)
	get := func(url string) (int, string) {
		r, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		b, _ := io.ReadAll(r.Body)
		return r.StatusCode, string(b)
	}
	for _, path := range []string{"/debug/pprof/", "/debug/pprof/profile?seconds=1", "/debug/pprof/heap"} {
		if code, body := get("http://" + p.http + path); code != 404 || strings.Contains(body, "goroutine") {
			t.Errorf("public port %s: %d %.80s", path, code, body)
		}
	}
	if code, body := get("http://" + pprofAddr + "/debug/pprof/"); code != 200 || !strings.Contains(body, "goroutine") {
		t.Errorf("pprof listener: %d %.80s", code, body)
	}
	if code, body := get("http://" + p.http + "/crm-home"); code != 200 || !strings.Contains(body, "app") {
		t.Errorf("the web app still answers its routes: %d %.80s", code, body)
	}
}
