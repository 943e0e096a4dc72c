// Package testkit starts the real parts tests run against: FerretDB embedded in the test process
// (reached through the MongoDB driver) and the Firebase Auth emulator (firebase-tools). When
// FIREBASE_AUTH_EMULATOR_HOST is already set (make test starts one emulator for every package),
// that emulator is used.
package testkit

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/mongox"
	"github.com/crmvendas/crm/services/platform/store"
)

// ProjectID is the Firebase project of every test (a demo- project needs no credentials).
const ProjectID = "demo-crm"

var (
	mongoOnce   sync.Once
	mongoClient *mongo.Client
	mongoURI    string
	mongoErr    error

	emuOnce sync.Once
	emuHost string
	emuErr  error
	emuCmd  *exec.Cmd
)

// Mongo returns a client of the package's embedded FerretDB (started on first use, data in a
// temporary directory).
func Mongo(t testing.TB) *mongo.Client {
	t.Helper()
	mongoOnce.Do(func() {
		dir, err := os.MkdirTemp("", "crm-ferretdb-*")
		if err != nil {
			mongoErr = err
			return
		}
		e, err := mongox.StartEmbedded(dir, nil)
		if err != nil {
			mongoErr = err
			return
		}
		mongoURI = e.URI
		mongoClient, mongoErr = mongox.Connect(context.Background(), e.URI)
	})
	if mongoErr != nil {
		t.Fatalf("FerretDB embutido: %v", mongoErr)
	}
	return mongoClient
}

// MongoURI is the URI of the embedded FerretDB (after Mongo was called).
func MongoURI(t testing.TB) string {
	Mongo(t)
	return mongoURI
}

// RepoRoot finds the repository root (the directory holding go.work).
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("go.work não encontrado acima do diretório atual")
		}
		dir = parent
	}
}

// Emulator returns host:port of a running Firebase Auth emulator, starting one when the
// environment names none, and sets FIREBASE_AUTH_EMULATOR_HOST for the Admin SDK.
func Emulator(t testing.TB) string {
	t.Helper()
	emuOnce.Do(func() {
		if h := os.Getenv("FIREBASE_AUTH_EMULATOR_HOST"); h != "" {
			emuHost = h
			return
		}
		emuHost, emuCmd, emuErr = StartEmulator()
		if emuErr == nil {
			os.Setenv("FIREBASE_AUTH_EMULATOR_HOST", emuHost)
		}
	})
	if emuErr != nil {
		t.Fatalf("emulador do Firebase Auth: %v", emuErr)
	}
	return emuHost
}

// StopEmulator stops an emulator this package started (call from TestMain).
func StopEmulator() {
	if emuCmd != nil && emuCmd.Process != nil {
		_ = syscall.Kill(-emuCmd.Process.Pid, syscall.SIGTERM)
		_ = emuCmd.Wait()
	}
}

// StartEmulator runs `firebase emulators:start --only auth` on free ports (firebase-tools from
// tools/firebase, installed by `make tools`) and waits until it answers.
func StartEmulator() (string, *exec.Cmd, error) {
	root, err := RepoRoot()
	if err != nil {
		return "", nil, err
	}
	bin := filepath.Join(root, "tools", "firebase", "node_modules", ".bin", "firebase")
	if _, err := os.Stat(bin); err != nil {
		return "", nil, fmt.Errorf("firebase-tools ausente (%s): rode `make tools`", bin)
	}
	dir, err := os.MkdirTemp("", "crm-emulator-*")
	if err != nil {
		return "", nil, err
	}
	ports := freePorts(3)
	cfg := fmt.Sprintf(`{"emulators":{"auth":{"host":"127.0.0.1","port":%d},"hub":{"host":"127.0.0.1","port":%d},"logging":{"host":"127.0.0.1","port":%d},"ui":{"enabled":false},"singleProjectMode":true}}`, ports[0], ports[1], ports[2])
	if err := os.WriteFile(filepath.Join(dir, "firebase.json"), []byte(cfg), 0o644); err != nil {
		return "", nil, err
	}
	cmd := exec.Command(bin, "emulators:start", "--only", "auth", "--project", ProjectID, "--config", filepath.Join(dir, "firebase.json"))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir)
	logf, _ := os.Create(filepath.Join(dir, "emulator.log"))
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	host := fmt.Sprintf("127.0.0.1:%d", ports[0])
	if err := WaitHTTP("http://"+host+"/", 90*time.Second); err != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		out, _ := os.ReadFile(filepath.Join(dir, "emulator.log"))
		return "", nil, fmt.Errorf("emulador não respondeu: %v\n%s", err, out)
	}
	return host, cmd, nil
}

func freePorts(n int) []int {
	var ls []net.Listener
	var ports []int
	for i := 0; i < n; i++ {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			panic(err)
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	for _, l := range ls {
		l.Close()
	}
	return ports
}

// WaitHTTP polls url until it answers 2xx.
func WaitHTTP(url string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	var last error
	for time.Now().Before(deadline) {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode < 300 {
				return nil
			}
			last = fmt.Errorf("status %d", resp.StatusCode)
		} else {
			last = err
		}
		time.Sleep(200 * time.Millisecond)
	}
	return fmt.Errorf("%s: %v", url, last)
}

// User is an emulator account and a fresh ID token of it.
type User struct {
	UID, Email, Password, Token string
}

// NewUser creates an account with a unique e-mail based on prefix and signs it in.
func NewUser(t testing.TB, prefix string) User {
	t.Helper()
	host := Emulator(t)
	email := fmt.Sprintf("%s-%s@teste.example.com", prefix, strings.ReplaceAll(uuid.NewString()[:13], "-", ""))
	var out struct {
		IDToken string `json:"idToken"`
		LocalID string `json:"localId"`
	}
	if err := emuPost(host, "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key", map[string]any{
		"email": email, "password": "segredo123", "returnSecureToken": true,
	}, &out); err != nil {
		t.Fatalf("criar usuário no emulador: %v", err)
	}
	return User{UID: out.LocalID, Email: email, Password: "segredo123", Token: out.IDToken}
}

// SignIn returns a fresh ID token for an existing account.
func SignIn(t testing.TB, email, password string) string {
	t.Helper()
	var out struct {
		IDToken string `json:"idToken"`
	}
	if err := emuPost(Emulator(t), "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key", map[string]any{
		"email": email, "password": password, "returnSecureToken": true,
	}, &out); err != nil {
		t.Fatalf("entrar no emulador: %v", err)
	}
	return out.IDToken
}

func emuPost(host, path string, body any, out any) error {
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, "http://"+host+path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		return fmt.Errorf("%s: %d %s", path, resp.StatusCode, data)
	}
	return json.Unmarshal(data, out)
}

// UnsignedToken builds an emulator-style (alg "none") ID token with the given claims merged over
// valid defaults for uid; tests use it for expired and other-project tokens.
func UnsignedToken(uid string, override map[string]any) string {
	now := time.Now().Unix()
	claims := map[string]any{
		"iss": "https://securetoken.google.com/" + ProjectID, "aud": ProjectID, "sub": uid, "user_id": uid,
		"auth_time": now - 10, "iat": now - 10, "exp": now + 3600,
		"firebase": map[string]any{"identities": map[string]any{}, "sign_in_provider": "password"},
	}
	for k, v := range override {
		claims[k] = v
	}
	h, _ := json.Marshal(map[string]any{"alg": "none", "typ": "JWT"})
	c, _ := json.Marshal(claims)
	enc := base64.RawURLEncoding.EncodeToString
	return enc(h) + "." + enc(c) + "."
}

// FreeAddr returns a loopback address with a port free right now.
func FreeAddr() string {
	return fmt.Sprintf("127.0.0.1:%d", freePorts(1)[0])
}

// Store returns a fresh store for one test: the embedded SQLite default in a temporary file,
// or, with CRM_TEST_STORE=mongodb, the MongoDB backend on the embedded FerretDB.
func Store(t testing.TB, db string) *store.Store {
	t.Helper()
	if os.Getenv("CRM_TEST_STORE") == "mongodb" {
		st, err := store.OpenMongo(context.Background(), DB(t, db))
		if err != nil {
			t.Fatal(err)
		}
		return st.For(db)
	}
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), store.SQLiteFile))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st.For(db)
}

// WantReason fails the test unless err is a domain error of kind k with reason r.
func WantReason(t testing.TB, err error, k errs.Kind, r errs.Reason) {
	t.Helper()
	if err == nil || !errs.IsKind(err, k) || errs.ReasonOf(err) != r {
		t.Fatalf("erro %v (motivo %q), queria kind %d motivo %s", err, errs.ReasonOf(err), k, r)
	}
}

// Fingerprint identifies the store's whole content, to prove a refused call wrote nothing:
// equal before and after. On the MongoDB backend (CRM_TEST_STORE=mongodb) it is empty, and the
// check compares nothing.
func Fingerprint(t testing.TB, st *store.Store) string {
	t.Helper()
	if st.Kind() != "sqlite" {
		return ""
	}
	fp, err := st.Fingerprint(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return fp
}
