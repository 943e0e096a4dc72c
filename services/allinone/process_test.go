package allinone_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/crmvendas/crm/services/allinone"
	"github.com/crmvendas/crm/services/platform/testkit"
)

var (
	buildOnce sync.Once
	crmBin    string
	buildErr  error
)

// crmBinary builds the crm command once per test run.
func crmBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "crm-bin-*")
		if err != nil {
			buildErr = err
			return
		}
		crmBin = filepath.Join(dir, "crm")
		out, err := exec.Command("go", "build", "-o", crmBin, "./cmd/crm").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("%v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return crmBin
}

func freeAddr(t *testing.T) string { return testkit.FreeAddr() }

// proc is a running crm process.
type proc struct {
	cmd        *exec.Cmd
	http, grpc string
	out        *bytes.Buffer
	done       chan error
}

func startCRM(t *testing.T, dataDir string, extraEnv ...string) *proc {
	t.Helper()
	p := &proc{http: freeAddr(t), grpc: freeAddr(t), out: &bytes.Buffer{}, done: make(chan error, 1)}
	p.cmd = exec.Command(crmBinary(t))
	p.cmd.Env = append(os.Environ(), "CRM_HTTP_ADDR="+p.http, "CRM_GRPC_ADDR="+p.grpc, "CRM_DATA_DIR="+dataDir,
		"CRM_DEMO=1", "CRM_LOG_LEVEL=info", "FIREBASE_AUTH_EMULATOR_HOST="+testkit.Emulator(t), "MONGODB_URI=", "CRM_WEB_DIR=")
	p.cmd.Env = append(p.cmd.Env, extraEnv...)
	p.cmd.Stdout, p.cmd.Stderr = p.out, p.out
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.done <- p.cmd.Wait() }()
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			p.cmd.Process.Kill()
			<-p.done
		}
	})
	if err := testkit.WaitHTTP("http://"+p.http+"/readyz", 60*time.Second); err != nil {
		t.Fatalf("crm not ready: %v\n%s", err, p.out)
	}
	return p
}

func (p *proc) do(t *testing.T, method, path, token string, body any) (int, []byte) {
	t.Helper()
	return testkit.Do(t, "http://"+p.http, method, path, token, body)
}

// stop sends sig and waits for the process to end.
func (p *proc) stop(t *testing.T, sig syscall.Signal) {
	t.Helper()
	start := time.Now()
	p.cmd.Process.Signal(sig)
	select {
	case err := <-p.done:
		if sig == syscall.SIGTERM && err != nil {
			t.Fatalf("crm exited with %v after SIGTERM\n%s", err, p.out)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("crm did not stop within 30 s of %v", sig)
	}
	if sig == syscall.SIGTERM && time.Since(start) > 21*time.Second {
		t.Errorf("graceful stop took %v", time.Since(start))
	}
}

// TestRestartKeepsAcknowledgedWrites writes, stops crm (SIGTERM, then kill -9 in a second round),
// starts it again on the same data directory and reads back everything that was acknowledged.
func TestRestartKeepsAcknowledgedWrites(t *testing.T) {
	dir := t.TempDir()
	p := startCRM(t, dir)
	admin := testkit.SignIn(t, "admin@demo.example.com", allinone.DemoPassword)
	vend := testkit.SignIn(t, "vendedor@demo.example.com", allinone.DemoPassword)

	var operators []string
	var logs int
	write := func(p *proc, round int) {
		for i := 0; i < 5; i++ {
			id := uuid.NewString()
			code, body := p.do(t, "POST", "/crm/operadores", admin, map[string]any{"id": id, "email": fmt.Sprintf("r%d-%s@teste.example.com", round, id[:8]),
				"nome_operador": fmt.Sprintf("Reinício %d-%d", round, i), "perfil_app": "VENDEDOR"})
			if code != 200 {
				t.Fatalf("create: %d %s", code, body)
			}
			operators = append(operators, id)
			code, body = p.do(t, "POST", "/crm/sistema/logacesso", vend, map[string]any{"empresa": "demo", "operador": "demo-vendedor",
				"historico": fmt.Sprintf("round %d entry %d", round, i), "localizacao": "desconhecida", "latitude": nil, "longitude": nil})
			if code != 200 {
				t.Fatalf("log: %d %s", code, body)
			}
			logs++
		}
		code, body := p.do(t, "PUT", "/crm/sistema/versoes/android", admin, map[string]any{"versao_atual": fmt.Sprintf("2.%d.0", round), "versao_minima": "2.0.0"})
		if code != 200 {
			t.Fatalf("version: %d %s", code, body)
		}
	}
	verify := func(p *proc, round int) {
		for _, id := range operators {
			if code, body := p.do(t, "GET", "/crm/operadores/"+id, admin, nil); code != 200 {
				t.Errorf("operator %s lost: %d %s", id, code, body)
			}
		}
		code, body := p.do(t, "GET", "/crm/sistema/logacesso?page_size=200&operador=demo-vendedor", admin, nil)
		var page struct {
			Acessos []map[string]any `json:"acessos"`
		}
		json.Unmarshal(body, &page)
		if code != 200 || len(page.Acessos) != logs {
			t.Errorf("access log after restart: %d entries, want %d (%d)", len(page.Acessos), logs, code)
		}
		code, body = p.do(t, "POST", "/crm/sistema/versao", vend, map[string]any{"empresa": "demo", "tipo": "android"})
		if code != 200 || !strings.Contains(string(body), fmt.Sprintf(`"versao_atual":"2.%d.0"`, round)) {
			t.Errorf("version after restart: %d %s", code, body)
		}
	}

	write(p, 1)
	p.stop(t, syscall.SIGTERM)
	if !strings.Contains(p.out.String(), "encerrado") {
		t.Errorf("no orderly shutdown in the log:\n%s", p.out)
	}
	p = startCRM(t, dir)
	verify(p, 1)

	write(p, 2)
	p.stop(t, syscall.SIGKILL)
	p = startCRM(t, dir)
	verify(p, 2)
	p.stop(t, syscall.SIGTERM)
}

// TestGrpcurl uses grpcurl (installed by make tools into bin/) the way the README shows.
func TestGrpcurl(t *testing.T) {
	root, err := testkit.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	grpcurl := filepath.Join(root, "bin", "grpcurl")
	if _, err := os.Stat(grpcurl); err != nil {
		t.Fatalf("grpcurl missing (run make tools): %v", err)
	}
	p := startCRM(t, t.TempDir())
	run := func(args ...string) (string, error) {
		out, err := exec.Command(grpcurl, args...).CombinedOutput()
		return string(out), err
	}
	out, err := run("-plaintext", p.grpc, "list")
	if err != nil {
		t.Fatalf("list: %v %s", err, out)
	}
	for _, svc := range []string{"crm.system.v1.SystemService", "crm.operator.v1.OperatorService", "crm.address.v1.AddressService", "grpc.health.v1.Health"} {
		if !strings.Contains(out, svc) {
			t.Errorf("list lacks %s:\n%s", svc, out)
		}
	}
	if out, err := run("-plaintext", p.grpc, "describe", "crm.operator.v1.OperatorService.ObterInfoOperador"); err != nil || !strings.Contains(out, "ObterInfoOperadorRequest") {
		t.Errorf("describe: %v %s", err, out)
	}
	if out, err := run("-plaintext", p.grpc, "grpc.health.v1.Health/Check"); err != nil || !strings.Contains(out, "SERVING") {
		t.Errorf("health: %v %s", err, out)
	}
	tok := testkit.SignIn(t, "vendedor@demo.example.com", allinone.DemoPassword)
	out, err = run("-plaintext", "-H", "authorization: Bearer "+tok, "-d", `{"id":"demo-vendedor"}`, p.grpc, "crm.operator.v1.OperatorService/ObterInfoOperador")
	if err != nil || !strings.Contains(out, "Victor Vendedor") {
		t.Errorf("call with token: %v %s", err, out)
	}
	out, err = run("-plaintext", "-d", `{"id":"demo-vendedor"}`, p.grpc, "crm.operator.v1.OperatorService/ObterInfoOperador")
	if err == nil || !strings.Contains(out, "Unauthenticated") {
		t.Errorf("call without token: %v %s", err, out)
	}
}

// TestEmpresaCriar runs `crm empresa criar` and signs in as the new company's first ADMIN.
func TestEmpresaCriar(t *testing.T) {
	dir := t.TempDir()
	email := "ana-" + uuid.NewString()[:8] + "@saojoao.example.com"
	cmd := exec.Command(crmBinary(t), "empresa", "criar", "--nome", "Distribuidora São João", "--admin-email", email, "--admin-nome", "Ana", "--admin-senha", "segredo123")
	cmd.Env = append(os.Environ(), "CRM_DATA_DIR="+dir, "MONGODB_URI=", "FIREBASE_AUTH_EMULATOR_HOST="+testkit.Emulator(t))
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "distribuidora-sao-joao") {
		t.Fatalf("empresa criar: %v\n%s", err, out)
	}
	// Running it again (another name, no admin name) changes nothing and still succeeds.
	cmd = exec.Command(crmBinary(t), "empresa", "criar", "--nome", "Distribuidora Sao Joao", "--id", "distribuidora-sao-joao", "--admin-email", email)
	cmd.Env = append(os.Environ(), "CRM_DATA_DIR="+dir, "MONGODB_URI=", "FIREBASE_AUTH_EMULATOR_HOST="+testkit.Emulator(t))
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "já existia") || !strings.Contains(string(out), "Distribuidora São João") {
		t.Fatalf("second run: %v\n%s", err, out)
	}
	p := startCRM(t, dir)
	// A second process on the same embedded database is refused.
	cmd = exec.Command(crmBinary(t), "empresa", "criar", "--nome", "Outra", "--admin-email", "x@y.example.com")
	cmd.Env = append(os.Environ(), "CRM_DATA_DIR="+dir, "MONGODB_URI=", "FIREBASE_AUTH_EMULATOR_HOST="+testkit.Emulator(t))
	if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), "em uso") {
		t.Errorf("concurrent use of the data dir: %v %s", err, out)
	}
	tok := testkit.SignIn(t, email, "segredo123")
	code, body := p.do(t, "GET", "/crm/operadores/eu", tok, nil)
	if code != 200 || !strings.Contains(string(body), `"empresa":"distribuidora-sao-joao"`) || !strings.Contains(string(body), `"perfil_app":"ADMIN"`) ||
		!strings.Contains(string(body), `"nome_operador":"Ana"`) {
		t.Fatalf("new admin: %d %s", code, body)
	}
	code, body = p.do(t, "GET", "/crm/operadores/admin-distribuidora-sao-joao", tok, nil)
	if code != 200 || !strings.Contains(string(body), `"versao":"1"`) {
		t.Errorf("the re-run wrote the admin: %d %s", code, body)
	}
	p.stop(t, syscall.SIGTERM)
}

// TestGracefulStopDrainsInFlightCalls: a call in progress when SIGTERM arrives still gets its
// answer, /readyz turns false at once, and new connections are refused while it drains. The call
// is held in the (fake) ViaCEP until the drain has begun, so it is in flight through all of it.
func TestGracefulStopDrainsInFlightCalls(t *testing.T) {
	arrived, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		once.Do(func() { close(arrived) })
		select {
		case <-release:
		case <-time.After(10 * time.Second):
		}
		w.Write([]byte(`{"cep":"01001-000","localidade":"São Paulo","uf":"SP"}`))
	}))
	defer slow.Close()
	var released sync.Once
	free := func() { released.Do(func() { close(release) }) }
	defer free() // before slow.Close (deferred later, runs first): never leave the handler held
	p := startCRM(t, t.TempDir(), "CRM_VIACEP_URL="+slow.URL, "CRM_SHUTDOWN_DELAY=500ms")
	tok := testkit.SignIn(t, "vendedor@demo.example.com", allinone.DemoPassword)
	type answer struct {
		code int
		body []byte
	}
	res := make(chan answer, 1)
	go func() {
		code, body := p.do(t, "GET", "/crm/cep/01001000", tok, nil)
		res <- answer{code, body}
	}()
	select {
	case <-arrived:
	case <-time.After(10 * time.Second):
		t.Fatal("the CEP call never reached ViaCEP in 10 s: nothing in flight to drain")
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	// Fresh connections only: an idle kept-alive one would hide a closed listener.
	fresh := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 2 * time.Second}
	// /readyz fails at once (within the 500 ms it keeps serving).
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		r, err := fresh.Get("http://" + p.http + "/readyz")
		if err != nil {
			t.Fatalf("readyz during shutdown: %v before it ever answered 503", err)
		}
		r.Body.Close()
		if r.StatusCode == http.StatusServiceUnavailable {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("readyz still %d 5 s after SIGTERM", r.StatusCode)
		}
	}
	// Past the delay the listener closes while the call is still held: draining.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		r, err := fresh.Get("http://" + p.http + "/readyz")
		if err != nil {
			break
		}
		r.Body.Close()
		if time.Now().After(deadline) {
			t.Fatalf("new connections still taken 10 s after SIGTERM (readyz %d)", r.StatusCode)
		}
	}
	select {
	case a := <-res:
		t.Fatalf("the in-flight call ended before ViaCEP answered: %d %s", a.code, a.body)
	default:
	}
	free()
	select {
	case a := <-res:
		if a.code != 200 || !strings.Contains(string(a.body), "São Paulo") {
			t.Fatalf("in-flight call: %d %s", a.code, a.body)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the in-flight call got no answer 20 s after ViaCEP answered")
	}
	select {
	case err := <-p.done:
		if err != nil {
			t.Fatalf("exit: %v\n%s", err, p.out)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("crm did not exit 30 s after the drain")
	}
}
