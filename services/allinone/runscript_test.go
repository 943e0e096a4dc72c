package allinone_test

import (
	"bytes"
	"fmt"
	"net"
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

// TestRunScriptStopsWithItsParent: `make run` (a real GNU make running scripts/run.sh) stopped
// with SIGTERM, or killed with SIGKILL, stops crm and the Auth emulator: the emulator exports its
// users, every port (crm's two, the emulator's three) is free again, and "crm e emulador
// encerrados" is printed. When run.sh itself is killed with SIGKILL, crm and the emulator notice
// and stop in the same order. Ports 9540-9544.
func TestRunScriptStopsWithItsParent(t *testing.T) {
	root, err := testkit.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "bin", "crm")); err != nil {
		t.Fatalf("bin/crm missing (make crm): %v", err)
	}
	const emuPort = 9540
	httpAddr, grpcAddr, emuAddr := "127.0.0.1:9543", "127.0.0.1:9544", fmt.Sprintf("127.0.0.1:%d", emuPort)
	ports := []string{emuAddr, fmt.Sprintf("127.0.0.1:%d", emuPort+1), fmt.Sprintf("127.0.0.1:%d", emuPort+2), httpAddr, grpcAddr}
	for _, a := range ports {
		if c, err := net.Dial("tcp", a); err == nil {
			c.Close()
			t.Fatalf("port %s already in use", a)
		}
	}
	dir := t.TempDir()
	makefile := filepath.Join(t.TempDir(), "Makefile")
	if err := os.WriteFile(makefile, []byte("run:\n\t"+filepath.Join(root, "scripts", "run.sh")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "CRM_DATA_DIR="+dir, "CRM_HTTP_ADDR="+httpAddr, "CRM_GRPC_ADDR="+grpcAddr,
		fmt.Sprintf("CRM_AUTH_EMULATOR_PORT=%d", emuPort), "CRM_LOG_LEVEL=warn", "FIREBASE_AUTH_EMULATOR_HOST=", "CRM_DEMO_CLIENTES=50")

	// start runs `make run` (or run.sh itself) with its output in a file (a pipe would keep
	// Wait waiting for the orphans that hold it).
	start := func(args ...string) (*exec.Cmd, *os.File) {
		out, err := os.CreateTemp(t.TempDir(), "out-*.log")
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = root, env, out, out
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
		if err := testkit.WaitHTTP("http://"+httpAddr+"/readyz", 150*time.Second); err != nil {
			b, _ := os.ReadFile(out.Name())
			t.Fatalf("not ready: %v\n%s", err, b)
		}
		return cmd, out
	}
	// stopped waits until every port is free and the emulator exported the user.
	stopped := func(what string, out *os.File, email string, wantMessage bool) {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for {
			busy := ""
			for _, a := range ports {
				if c, err := net.Dial("tcp", a); err == nil {
					c.Close()
					busy = a
				}
			}
			log, _ := os.ReadFile(out.Name())
			accounts, _ := os.ReadFile(filepath.Join(dir, "auth", "auth_export", "accounts.json"))
			done := busy == "" && strings.Contains(string(accounts), email)
			if done && wantMessage && !strings.Contains(string(log), "crm e emulador encerrados") {
				done = false
			}
			if done {
				return
			}
			if time.Now().After(deadline) {
				emu, _ := os.ReadFile(filepath.Join(dir, "emulator.log"))
				t.Fatalf("%s: not stopped after 60 s (port %q busy; user exported: %v)\n%s\nemulator:\n%s", what, busy,
					strings.Contains(string(accounts), email), log, emu)
			}
			time.Sleep(250 * time.Millisecond)
		}
	}
	signUp := func(email string) {
		t.Helper()
		var r struct {
			LocalID string `json:"localId"`
		}
		if err := postJSON("http://"+emuAddr+"/identitytoolkit.googleapis.com/v1/accounts:signUp?key=x",
			map[string]any{"email": email, "password": "segredo123"}, &r); err != nil || r.LocalID == "" {
			t.Fatalf("sign up %s: %v", email, err)
		}
	}

	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGKILL} {
		cmd, out := start("make", "--no-print-directory", "-f", makefile, "run")
		email := fmt.Sprintf("make-%d@teste.example.com", sig)
		signUp(email)
		cmd.Process.Signal(sig)
		cmd.Wait()
		stopped(fmt.Sprintf("make run after %v", sig), out, email, true)
	}

	// run.sh itself killed: nobody is left to print, but crm and the emulator stop on their own.
	cmd, out := start(filepath.Join(root, "scripts", "run.sh"))
	signUp("runsh-kill@teste.example.com")
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	stopped("run.sh after SIGKILL", out, "runsh-kill@teste.example.com", false)
	// And the next start has every user.
	cmd, _ = start(filepath.Join(root, "scripts", "run.sh"))
	for _, e := range []string{"make-15@teste.example.com", "make-9@teste.example.com", "runsh-kill@teste.example.com"} {
		signInAt(t, emuAddr, e, "segredo123")
	}
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()
}
