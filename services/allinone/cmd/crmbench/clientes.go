package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"time"
)

// startCRM runs bin/crm on the data dir with the demo data and extra environment, and returns
// its HTTP address, its pid and a stop function.
func startCRM(crmPath, dir string, extra ...string) (string, int, func(), error) {
	httpAddr, grpcAddr := freeAddr(), freeAddr()
	crm := exec.Command(crmPath)
	crm.Env = append(append(os.Environ(), "CRM_HTTP_ADDR="+httpAddr, "CRM_GRPC_ADDR="+grpcAddr, "CRM_DATA_DIR="+filepath.Join(dir, "data"),
		"CRM_DEMO=1", "CRM_LOG_LEVEL=warn", "MONGODB_URI=", "CRM_WEB_DIR="), append(noLimits, extra...)...)
	logf, _ := os.Create(filepath.Join(dir, "crm.log"))
	crm.Stdout, crm.Stderr = logf, logf
	if err := crm.Start(); err != nil {
		return "", 0, nil, err
	}
	stop := func() { crm.Process.Signal(os.Interrupt); crm.Wait() }
	if err := waitHTTP("http://"+httpAddr+"/readyz", 10*time.Minute); err != nil {
		out, _ := os.ReadFile(filepath.Join(dir, "crm.log"))
		stop()
		return "", 0, nil, fmt.Errorf("%v\n%s", err, out)
	}
	return httpAddr, crm.Process.Pid, stop, nil
}

// sequential times n calls one after the other (p50, p99, max).
func sequential(c caller, n int) (p50, p99, max time.Duration, err error) {
	lat := make([]time.Duration, n)
	for i := range lat {
		start := time.Now()
		if err := c(context.Background()); err != nil {
			return 0, 0, 0, err
		}
		lat[i] = time.Since(start)
	}
	sort.Slice(lat, func(a, b int) bool { return lat[a] < lat[b] })
	return lat[n/2], lat[n*99/100], lat[n-1], nil
}

// benchClientes measures the seller's portfolio list, a name search and a lookup by id over
// REST, with 2,000 and with 20,000 customers in the company, on the embedded database; the
// floor (the same machine answering fixed bytes) is measured alongside.
func benchClientes(crmPath, emu string, floorCall caller, dur time.Duration) error {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	type row struct {
		name                 string
		p50, p99, max        time.Duration
		fp50, fp99           time.Duration
		loadedFirst, rssLoad float64
	}
	var rows []row
	for _, n := range []int{2000, 20000} {
		dir, err := os.MkdirTemp("", "crmbench-*")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		env := fmt.Sprintf("CRM_DEMO_CLIENTES=%d", n)
		started := time.Now()
		addr, pid, stop, err := startCRM(crmPath, dir, env)
		if err != nil {
			return err
		}
		seed := time.Since(started)
		tok, err := signIn(emu, "vendedor@demo.example.com")
		if err != nil {
			stop()
			return err
		}
		base := "http://" + addr
		_ = pid
		for _, r := range []struct{ name, path string }{
			{"carteira do vendedor, 1ª página (50)", "/crm/clientes?page_size=50"},
			{"busca por nome (q=sao joao)", "/crm/clientes?q=sao+joao&page_size=50"},
			{"cliente por id", "/crm/clientes/demo-cliente-00001"},
		} {
			c := httpCaller(client, base+r.path, tok)
			saturate(c, 4, time.Second) // warm
			p50, p99, max, err := sequential(c, 300)
			if err != nil {
				stop()
				log, _ := os.ReadFile(filepath.Join(dir, "crm.log"))
				return fmt.Errorf("%s: %w\n%s", r.path, err, tail(string(log), 3000))
			}
			f50, f99, _, _ := sequential(floorCall, 300)
			rows = append(rows, row{name: fmt.Sprintf("%-38s %6d", r.name, n), p50: p50, p99: p99, max: max, fp50: f50, fp99: f99})
		}
		rss := rssMB(pid)
		stop()
		// A restart on the same data: no seeding, nothing loaded into memory.
		restarted := time.Now()
		_, _, stop, err = startCRM(crmPath, dir, env)
		if err != nil {
			return err
		}
		restart := time.Since(restarted)
		stop()
		fmt.Printf("\n== %d clientes na empresa (carteira do vendedor: %d): 1º início com a carga demo %s; reinício %s; RSS depois das medidas %.0f MB\n",
			n, n/2, seed.Round(time.Millisecond), restart.Round(time.Millisecond), rss)
	}
	fmt.Printf("\n== Clientes por REST, embutido (SQLite), 300 chamadas em sequência por linha\n")
	fmt.Printf("%-45s %10s %10s %10s %12s\n", "rota                                   clientes", "p50", "p99", "máx", "p99÷floor")
	ok := true
	for i, r := range rows {
		fmt.Printf("%-45s %10s %10s %10s %12.1f\n", r.name, r.p50.Round(time.Microsecond), r.p99.Round(time.Microsecond), r.max.Round(time.Microsecond), float64(r.p99)/float64(r.fp99))
		if i < 2 && r.p99 > 150*time.Millisecond {
			ok = false
		}
	}
	mark := "OK  "
	if !ok {
		mark = "FORA"
	}
	fmt.Printf("\nMetas:\n  [%s] lista e busca no servidor: p99 ≤ 150 ms com 2.000 clientes\n", mark)
	return nil
}

// runClientesOnly runs only the customer measurements (with a floor of its own).
func runClientesOnly(crmPath string, dur time.Duration) error {
	emu, err := emulatorHost()
	if err != nil {
		return err
	}
	floorAddr := freeAddr()
	self, _ := os.Executable()
	fl := exec.Command(self, "floor", floorAddr, `{"clientes":[],"next_page_token":""}`)
	if err := fl.Start(); err != nil {
		return err
	}
	defer func() { fl.Process.Kill(); fl.Wait() }()
	if err := waitHTTP("http://"+floorAddr+"/", 10*time.Second); err != nil {
		return err
	}
	return benchClientes(crmPath, emu, httpCaller(&http.Client{}, "http://"+floorAddr+"/", ""), dur)
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
