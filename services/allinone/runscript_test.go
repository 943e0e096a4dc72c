package allinone_test

import (
	"bytes"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/testkit"
)

// TestRunScript drives scripts/run.sh (what make run starts) on other ports: the demo is ready,
// the ports given in the environment are honoured, SIGTERM stops everything, and users created in
// the emulator survive the next start.
func TestRunScript(t *testing.T) {
	root, err := testkit.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "bin", "crm")); err != nil {
		t.Fatalf("bin/crm missing (make crm): %v", err)
	}
	dir := t.TempDir()
	httpAddr, grpcAddr, emuAddr := freeAddr(t), freeAddr(t), "127.0.0.1:19899"
	start := func() (*exec.Cmd, *bytes.Buffer) {
		cmd := exec.Command(filepath.Join(root, "scripts", "run.sh"))
		out := &bytes.Buffer{}
		cmd.Stdout, cmd.Stderr = out, out
		cmd.Env = append(os.Environ(), "CRM_DATA_DIR="+dir, "CRM_HTTP_ADDR="+httpAddr, "CRM_GRPC_ADDR="+grpcAddr,
			"CRM_AUTH_EMULATOR_PORT=19899", "CRM_LOG_LEVEL=warn", "FIREBASE_AUTH_EMULATOR_HOST=")
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
		if err := testkit.WaitHTTP("http://"+httpAddr+"/readyz", 150*time.Second); err != nil {
			t.Fatalf("not ready: %v\n%s", err, out)
		}
		return cmd, out
	}
	stop := func(cmd *exec.Cmd, out *bytes.Buffer) {
		cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(60 * time.Second):
			t.Fatalf("run.sh did not stop\n%s", out)
		}
		if _, err := http.Get("http://" + httpAddr + "/healthz"); err == nil {
			t.Error("crm still answers after stop")
		}
		if _, err := http.Get("http://" + emuAddr + "/"); err == nil {
			t.Error("emulator still answers after stop")
		}
	}

	cmd, out := start()
	if !strings.Contains(out.String(), "admin@demo.example.com") || !strings.Contains(out.String(), "vendedor2@demo.example.com") {
		t.Errorf("demo logins not printed:\n%s", out)
	}
	var signup struct {
		LocalID string `json:"localId"`
	}
	if err := postJSON("http://"+emuAddr+"/identitytoolkit.googleapis.com/v1/accounts:signUp?key=x",
		map[string]any{"email": "fica@teste.example.com", "password": "segredo123"}, &signup); err != nil || signup.LocalID == "" {
		t.Fatalf("sign up: %v", err)
	}
	tok := signInAt(t, emuAddr, "vendedor@demo.example.com", "demo1234")
	if code := getStatus(t, "http://"+httpAddr+"/crm/info/operador/demo-vendedor", tok); code != 200 {
		t.Fatalf("demo seller: %d", code)
	}
	stop(cmd, out)

	cmd, out = start()
	signInAt(t, emuAddr, "fica@teste.example.com", "segredo123")
	stop(cmd, out)
}
