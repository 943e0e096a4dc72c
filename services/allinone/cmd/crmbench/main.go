// Command crmbench (make bench) measures the operator lookup, GET /crm/info/operador/{uid} with a
// valid token, against a floor measured in the same run: a bare net/http handler answering the
// same JSON bytes with no auth and no database. It prints requests/s at saturation and p50/p99 at
// a fixed 1,000 req/s over REST and gRPC, their ratios to the floor, and crm's resident memory idle
// and under load. Then the customer routes (clientes.go), the sales service at 15,000 products —
// pricing a 50-line draft and product pages (sales.go) — the orders (pedidos.go), the bytes of a
// new seller's first sync compressed and not (sync.go) and the store (store.go). The machines are
// shared and noisy: read the ratios, not the absolute figures.
//
// It starts bin/crm itself (temporary data dir, demo data) and needs FIREBASE_AUTH_EMULATOR_HOST.
//
//	crmbench [-crm bin/crm] [-duration 5s] [-concurrency 32]
//	crmbench floor ADDR BODY   (internal: the floor server, run as a separate process)
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"

	operatorv1 "github.com/crmvendas/crm/proto/gen/go/crm/operator/v1"
)

func main() {
	if len(os.Args) == 4 && os.Args[1] == "floor" {
		floor(os.Args[2], os.Args[3])
		return
	}
	crmPath := flag.String("crm", "bin/crm", "crm binary")
	dur := flag.Duration("duration", 4*time.Second, "duration of each measurement")
	conc := flag.Int("concurrency", 32, "concurrent clients at saturation")
	only := flag.String("only", "", "\"clientes\": only the customer routes; \"vendas\": only the sales routes; \"pedidos\": only the orders; \"visitas\": only the check-in; \"operador\": only the operator lookup; \"store\": only the store; \"sync\": only a new seller's first sync, compressed and not; \"agenda\": only the agenda of a seller with 400 customers")
	storeSizes := flag.String("store-sizes", "10000,500000", "documents of the store benchmark")
	flag.Parse()
	var sizes []int
	for _, f := range strings.Split(*storeSizes, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil && n > 0 {
			sizes = append(sizes, n)
		}
	}
	var err error
	switch *only {
	case "clientes":
		err = runClientesOnly(*crmPath, *dur)
	case "vendas":
		err = runSalesOnly(*crmPath)
	case "pedidos":
		err = runPedidosOnly(*crmPath)
	case "visitas":
		err = runVisitasOnly(*crmPath)
	case "store":
		err = benchStore(sizes)
	case "sync":
		err = runSyncOnly(*crmPath)
	case "agenda":
		err = runAgendaOnly(*crmPath)
	default:
		err = run(*crmPath, *dur, *conc, *only != "operador")
		if err == nil && *only == "" {
			err = runSalesOnly(*crmPath)
		}
		if err == nil && *only == "" {
			err = runPedidosOnly(*crmPath)
		}
		if err == nil && *only == "" {
			err = runVisitasOnly(*crmPath)
		}
		if err == nil && *only == "" {
			err = runSyncOnly(*crmPath)
		}
		if err == nil && *only == "" {
			err = runAgendaOnly(*crmPath)
		}
		if err == nil && *only == "" {
			err = benchStore(sizes)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "crmbench:", err)
		os.Exit(1)
	}
}

// check prints a budget's line: OK, or FORA (outside the budget).
func check(ok bool, what string) {
	mark := "OK  "
	if !ok {
		mark = "FORA"
	}
	fmt.Printf("  [%s] %s\n", mark, what)
}

func floor(addr, body string) {
	b := []byte(body)
	if path, ok := strings.CutPrefix(body, "@"); ok {
		var err error
		if b, err = os.ReadFile(path); err != nil {
			fmt.Fprintln(os.Stderr, "crmbench floor:", err)
			os.Exit(1)
		}
	}
	http.ListenAndServe(addr, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(b)
	}))
}

func freeAddr() string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func waitHTTP(url string, d time.Duration) error {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if r, err := http.Get(url); err == nil {
			r.Body.Close()
			if r.StatusCode == 200 {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("%s não respondeu", url)
}

func rssMB(pid int) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmRSS:") {
			f := strings.Fields(l)
			kb, _ := strconv.Atoi(f[1])
			return float64(kb) / 1024
		}
	}
	return 0
}

func signIn(emu, email string) (string, error) {
	body, _ := json.Marshal(map[string]any{"email": email, "password": "demo1234", "returnSecureToken": true})
	r, err := http.Post("http://"+emu+"/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench", "application/json", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	defer r.Body.Close()
	var out struct {
		IDToken string `json:"idToken"`
	}
	json.NewDecoder(r.Body).Decode(&out)
	if out.IDToken == "" {
		return "", fmt.Errorf("login do vendedor demo falhou (%d)", r.StatusCode)
	}
	return out.IDToken, nil
}

type caller func(ctx context.Context) error

// saturate runs conc workers calling c for d and returns requests/s.
func saturate(c caller, conc int, d time.Duration) float64 {
	var n, fails atomic.Int64
	var firstErr atomic.Value
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var wg sync.WaitGroup
	start := time.Now()
	for i := 0; i < conc; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				if err := c(ctx); err != nil {
					if ctx.Err() == nil && !strings.Contains(err.Error(), "DeadlineExceeded") && !strings.Contains(err.Error(), "deadline exceeded") {
						fails.Add(1)
						firstErr.CompareAndSwap(nil, err.Error())
					}
					continue
				}
				n.Add(1)
			}
		}()
	}
	wg.Wait()
	if f := fails.Load(); f > 0 {
		fmt.Fprintf(os.Stderr, "  aviso: %d falhas (primeira: %v)\n", f, firstErr.Load())
	}
	return float64(n.Load()) / time.Since(start).Seconds()
}

// fixedRate sends rate req/s (open loop) for d; latency counts from the scheduled send time.
func fixedRate(c caller, rate int, d time.Duration) (p50, p99 time.Duration) {
	interval := time.Second / time.Duration(rate)
	total := int(d / interval)
	lat := make([]time.Duration, total)
	var wg sync.WaitGroup
	start := time.Now()
	for i := 0; i < total; i++ {
		at := start.Add(time.Duration(i) * interval)
		if w := time.Until(at); w > 0 {
			time.Sleep(w)
		}
		wg.Add(1)
		go func(i int, at time.Time) {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if err := c(ctx); err != nil {
				lat[i] = 5 * time.Second
				return
			}
			lat[i] = time.Since(at)
		}(i, at)
	}
	wg.Wait()
	sort.Slice(lat, func(a, b int) bool { return lat[a] < lat[b] })
	return lat[len(lat)/2], lat[len(lat)*99/100]
}

func httpCaller(client *http.Client, url, token string) caller {
	return func(ctx context.Context) error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		r, err := client.Do(req)
		if err != nil {
			return err
		}
		io.Copy(io.Discard, r.Body)
		r.Body.Close()
		if r.StatusCode != 200 {
			return fmt.Errorf("status %d", r.StatusCode)
		}
		return nil
	}
}

// noLimits: the benchmark measures saturation from one user and one address, far beyond the
// rate limits a real user meets (they have tests of their own).
var noLimits = []string{"CRM_RATE_LIMIT_USER=off", "CRM_RATE_LIMIT_IP=off", "CRM_RATE_LIMIT_IMPORT=off", "CRM_RATE_LIMIT_SIGNIN=off"}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func run(crmPath string, dur time.Duration, conc int, clientes bool) error {
	emu := os.Getenv("FIREBASE_AUTH_EMULATOR_HOST")
	if emu == "" {
		return fmt.Errorf("defina FIREBASE_AUTH_EMULATOR_HOST (make bench inicia o emulador)")
	}
	dir, err := os.MkdirTemp("", "crmbench-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)

	httpAddr, grpcAddr := freeAddr(), freeAddr()
	crm := exec.Command(crmPath)
	crm.Env = append(os.Environ(), "CRM_HTTP_ADDR="+httpAddr, "CRM_GRPC_ADDR="+grpcAddr, "CRM_DATA_DIR="+filepath.Join(dir, "data"),
		"CRM_DEMO=1", "CRM_LOG_LEVEL=warn", "MONGODB_URI=", "CRM_WEB_DIR=", "CRM_PPROF="+os.Getenv("CRM_PPROF"))
	crm.Env = append(crm.Env, noLimits...)
	if os.Getenv("CRM_PPROF") != "" {
		fmt.Fprintln(os.Stderr, "pprof em http://"+envOr("CRM_PPROF_ADDR", "127.0.0.1:6060")+"/debug/pprof/")
	}
	logf, _ := os.Create(filepath.Join(dir, "crm.log"))
	crm.Stdout, crm.Stderr = logf, logf
	if err := crm.Start(); err != nil {
		return err
	}
	defer func() {
		if crm.ProcessState == nil {
			crm.Process.Signal(os.Interrupt)
			crm.Wait()
		}
	}()
	if err := waitHTTP("http://"+httpAddr+"/readyz", 60*time.Second); err != nil {
		out, _ := os.ReadFile(filepath.Join(dir, "crm.log"))
		return fmt.Errorf("%v\n%s", err, out)
	}
	token, err := signIn(emu, "vendedor@demo.example.com")
	if err != nil {
		return err
	}
	url := "http://" + httpAddr + "/crm/info/operador/demo-vendedor"
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 0}}
	// The floor answers exactly what crm answers.
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 {
		return fmt.Errorf("crm respondeu %d: %s", resp.StatusCode, body)
	}

	floorAddr := freeAddr()
	self, _ := os.Executable()
	fl := exec.Command(self, "floor", floorAddr, string(body))
	if err := fl.Start(); err != nil {
		return err
	}
	defer func() { fl.Process.Kill(); fl.Wait() }()
	if err := waitHTTP("http://"+floorAddr+"/", 10*time.Second); err != nil {
		return err
	}

	conn, err := grpc.NewClient(grpcAddr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return err
	}
	defer conn.Close()
	gc := operatorv1.NewOperatorServiceClient(conn)
	md := metadata.Pairs("authorization", "Bearer "+token)
	grpcCall := func(ctx context.Context) error {
		_, err := gc.ObterInfoOperador(metadata.NewOutgoingContext(ctx, md), &operatorv1.ObterInfoOperadorRequest{Id: "demo-vendedor"})
		return err
	}
	floorCall := httpCaller(client, "http://"+floorAddr+"/", "")
	restCall := httpCaller(client, url, token)

	// Warm up every path (connections, caches, JIT-free but GC-warm).
	for _, c := range []caller{floorCall, restCall, grpcCall} {
		saturate(c, conc, time.Second)
	}
	time.Sleep(2 * time.Second)
	idle := rssMB(crm.Process.Pid)

	var peak atomic.Int64
	stop := make(chan struct{})
	go func() {
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				if r := int64(rssMB(crm.Process.Pid) * 1024); r > peak.Load() {
					peak.Store(r)
				}
			}
		}
	}()

	type result struct {
		name     string
		rps      float64
		ratio    float64 // median over the rounds of rps / floor's rps in the same round
		p50, p99 time.Duration
	}
	paths := []struct {
		name string
		c    caller
	}{{"floor (net/http, sem auth, sem banco)", floorCall}, {"REST /crm/info/operador (token + empresa)", restCall}, {"gRPC ObterInfoOperador (token + empresa)", grpcCall}}
	res := make([]result, len(paths))
	// Interleaved rounds: the machine's noise hits every path alike, and the median ratio of a
	// path to the floor measured right before it is what the targets read.
	const rounds = 3
	ratios := make([][]float64, len(paths))
	for round := 0; round < rounds; round++ {
		var floorRPS float64
		for i, p := range paths {
			rps := saturate(p.c, conc, dur)
			if i == 0 {
				floorRPS = rps
			}
			res[i].rps += rps / rounds
			ratios[i] = append(ratios[i], rps/floorRPS)
		}
	}
	for i, p := range paths {
		res[i].name = p.name
		sort.Float64s(ratios[i])
		res[i].ratio = ratios[i][rounds/2]
		res[i].p50, res[i].p99 = fixedRate(p.c, 1000, dur)
	}
	close(stop)
	load := float64(peak.Load()) / 1024

	fl0 := res[0]
	fmt.Printf("\n== GET /crm/info/operador/{uid} (%d rodadas intercaladas de %s, %d clientes na saturação; gerador de carga na mesma máquina)\n", rounds, dur, conc)
	fmt.Printf("%-44s %10s %8s %10s %10s %8s\n", "caminho", "req/s", "×floor", "p50@1k/s", "p99@1k/s", "p99×floor")
	for _, r := range res {
		fmt.Printf("%-44s %10.0f %8.2f %10s %10s %8.2f\n", r.name, r.rps, r.ratio, r.p50.Round(time.Microsecond), r.p99.Round(time.Microsecond), float64(r.p99)/float64(fl0.p99))
	}
	fmt.Printf("\nRSS do crm: ocioso %.0f MB, sob carga (pico) %.0f MB\n", idle, load)
	fmt.Println("\nMetas:")
	check(res[1].ratio >= 0.5, fmt.Sprintf("REST ≥ 0,5× a vazão do floor (mediana %.2f×)", res[1].ratio))
	check(res[1].p99 <= 2*fl0.p99, fmt.Sprintf("p99 do REST a 1.000 req/s ≤ 2× o do floor (%.2f×)", float64(res[1].p99)/float64(fl0.p99)))
	check(idle <= 120, fmt.Sprintf("RSS ocioso com a empresa demo ≤ 120 MB (%.0f MB)", idle))
	fmt.Printf("  [info] gRPC: %.2f× a vazão do floor (mediana)\n", res[2].ratio)
	if !clientes {
		return nil
	}
	crm.Process.Signal(os.Interrupt) // free the cores for the customer runs
	crm.Wait()
	return benchClientes(crmPath, emu, floorCall, dur)
}

// emulatorHost is the Auth emulator the measurements sign in with (make bench starts one).
func emulatorHost() (string, error) {
	emu := os.Getenv("FIREBASE_AUTH_EMULATOR_HOST")
	if emu == "" {
		return "", fmt.Errorf("defina FIREBASE_AUTH_EMULATOR_HOST (make bench inicia o emulador)")
	}
	return emu, nil
}

// withEmulator runs a measurement that starts a crm of its own against the Auth emulator.
func withEmulator(crmPath string, bench func(crmPath, emu string) error) error {
	emu, err := emulatorHost()
	if err != nil {
		return err
	}
	return bench(crmPath, emu)
}
