package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"sort"
	"strings"
	"time"

	"github.com/crmvendas/crm/services/sales"
)

// The server benchmark (issue 10): pricing an order of 50 lines, p99 ≤ 5 ms, and product
// list pages, at 15,000 products on the embedded default.
const (
	salesProdutos     = 15000
	salesLinhas       = 50
	salesChamadas     = 400
	salesLoteImport   = 4500 // rows per import call (the import takes at most 5,000)
	salesMetaCalcular = 5 * time.Millisecond
	// The budgets as ratios to the run's floor, a bare net/http server answering the same bytes,
	// called in alternation with the route: a time on a quiet machine over 0.2 ms, the floor's
	// p50 there, so that a loaded machine moves both sides alike:
	//   calcular: the 5 ms;
	//   a page of products (first, next, by group): 5 ms too (the Go benchmark, bench_test.go:
	//   ~3.5–4 ms);
	//   a searched page: 30 ms (~20 ms in the Go benchmark: it scans the search text of the
	//   company's products).
	// Checked on the p50 and on the p99. On a loaded machine the p99 of both sides is mostly
	// the scheduler's noise (the floor's own p99 went from 1 to 12 ms between runs here), so that
	// ratio alone cannot fail: with 150 ms of sleep added to every calcular it read 19.7×. The p50
	// ratio stays put (13–15× for calcular over runs) and caught it (358×).
	salesMetaCalcularFloor = 25.0
	salesMetaListaFloor    = 25.0
	salesMetaBuscaFloor    = 150.0
	// Absolute, as the customers' list (clientes.go): a page p99 ≤ 150 ms.
	salesMetaLista = 150 * time.Millisecond
)

// postCaller is httpCaller for a POST with a JSON body.
func postCaller(client *http.Client, url, token string, body []byte) caller {
	return func(ctx context.Context) error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		r, err := client.Do(req)
		if err != nil {
			return err
		}
		b, _ := io.ReadAll(r.Body)
		r.Body.Close()
		if r.StatusCode != 200 {
			return fmt.Errorf("status %d: %.300s", r.StatusCode, b)
		}
		return nil
	}
}

// call does one request and returns the answer's body (200 only).
func call(client *http.Client, method, url, token string, body any) ([]byte, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	r, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	if r.StatusCode != 200 {
		return nil, fmt.Errorf("%s %s: %d %.500s", method, url, r.StatusCode, b)
	}
	return b, nil
}

// ean13 is a valid EAN-13 for n (Brazil's prefix 789, a range the demo catalogue does not use).
func ean13(n int) string {
	base := fmt.Sprintf("789%09d", 500000000+n)
	soma := 0
	for k := 0; k < 12; k++ {
		d := int(base[k] - '0')
		if k%2 == 1 {
			d *= 3
		}
		soma += d
	}
	return base + fmt.Sprint((10-soma%10)%10)
}

// startFloor runs the floor server answering body; it returns its address and a stop function.
func startFloor(body []byte) (string, func(), error) {
	addr := freeAddr()
	self, _ := os.Executable()
	// The body goes in a file (@path): a page of orders is more than one argument may hold.
	f, err := os.CreateTemp("", "crmbench-floor-*")
	if err != nil {
		return "", nil, err
	}
	f.Write(body)
	f.Close()
	fl := exec.Command(self, "floor", addr, "@"+f.Name())
	if err := fl.Start(); err != nil {
		os.Remove(f.Name())
		return "", nil, err
	}
	stop := func() { fl.Process.Kill(); fl.Wait(); os.Remove(f.Name()) }
	if err := waitHTTP("http://"+addr+"/", 10*time.Second); err != nil {
		stop()
		return "", nil, err
	}
	return addr, stop, nil
}

// pairs times n calls of c and of its floor f, one after the other in alternating order (the
// machine's noise hits both alike), and returns each one's sorted latencies.
func pairs(c, f caller, n int) (a, b []time.Duration, err error) {
	timed := func(x caller) (time.Duration, error) {
		t0 := time.Now()
		err := x(context.Background())
		return time.Since(t0), err
	}
	for i := 0; i < n; i++ {
		var da, db time.Duration
		var ea, eb error
		if i%2 == 0 {
			da, ea = timed(c)
			db, eb = timed(f)
		} else {
			db, eb = timed(f)
			da, ea = timed(c)
		}
		if ea != nil {
			return nil, nil, ea
		}
		if eb != nil {
			return nil, nil, fmt.Errorf("floor: %w", eb)
		}
		a, b = append(a, da), append(b, db)
	}
	sort.Slice(a, func(i, j int) bool { return a[i] < a[j] })
	sort.Slice(b, func(i, j int) bool { return b[i] < b[j] })
	return a, b, nil
}

func pct(l []time.Duration, q int) time.Duration { return l[min(len(l)-1, len(l)*q/100)] }

// benchSales measures the sales service over REST on the embedded store with 15,000 products:
// POST /crm/precos/calcular of a 50-line draft by the demo seller, and pages of GET /crm/produtos
// (plain, the next page, by group, searched), each beside a floor answering the same bytes.
func benchSales(crmPath, emu string) error {
	dir, err := os.MkdirTemp("", "crmbench-sales-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	started := time.Now()
	// Few customers: the seller needs one to price for; the catalogue is what is measured.
	addr, pid, stop, err := startCRM(crmPath, dir, "CRM_DEMO_CLIENTES=200")
	if err != nil {
		return err
	}
	defer stop()
	seed := time.Since(started)
	admin, err := signIn(emu, "admin@demo.example.com")
	if err != nil {
		return err
	}
	seller, err := signIn(emu, "vendedor@demo.example.com")
	if err != nil {
		return err
	}
	base := "http://" + addr
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 16}}

	// 13,500 products more (the demo's 1,500 copied under new codes, so that searches meet
	// realistic descriptions), with their prices in the default table, through the CSV imports.
	demo, _ := sales.DemoCatalogo()
	var prod, prec []string
	for i := 0; i < salesProdutos-len(demo); i++ {
		p := demo[i%len(demo)]
		codigo := fmt.Sprintf("B%06d", i+1)
		prod = append(prod, strings.Join([]string{codigo, p.Descricao, p.Marca, p.Grupo, p.Unidade, fmt.Sprint(p.MultiploVenda),
			fmt.Sprint(p.UnidadesCaixa), ean13(i), p.NCM, fmt.Sprintf("%d,%02d", int64(p.IPI)/100, int64(p.IPI)%100),
			fmt.Sprint(p.PesoGramas), map[bool]string{true: "sim", false: "não"}[p.Ativo], fmt.Sprint(p.Estoque)}, ";"))
		prec = append(prec, fmt.Sprintf("%s;%d,%02d", codigo, 5+i%300, i%100))
	}
	importar := func(path, header string, rows []string) (time.Duration, error) {
		t0 := time.Now()
		for k := 0; k < len(rows); k += salesLoteImport {
			csv := header + "\n" + strings.Join(rows[k:min(k+salesLoteImport, len(rows))], "\n") + "\n"
			b, err := call(client, http.MethodPost, base+path, admin, map[string]any{"csv": csv})
			if err != nil {
				return 0, err
			}
			var r struct {
				Criados     int  `json:"criados"`
				NadaGravado bool `json:"nada_gravado"`
			}
			if err := json.Unmarshal(b, &r); err != nil || r.NadaGravado || r.Criados != min(salesLoteImport, len(rows)-k) {
				return 0, fmt.Errorf("%s: %.500s", path, b)
			}
		}
		return time.Since(t0), nil
	}
	tProd, err := importar("/crm/produtos/importar", "codigo;descricao;marca;grupo;unidade;multiplo_venda;unidades_caixa;ean;ncm;ipi_percentual;peso_gramas;ativo;estoque", prod)
	if err != nil {
		return err
	}
	tPrec, err := importar("/crm/tabelas-preco/"+sales.DemoTabelaPadrao+"/precos/importar", "codigo;preco", prec)
	if err != nil {
		return err
	}

	// A customer of the demo seller's portfolio, and a 50-line draft of demo products (in every
	// demo table), each line at twice its sales multiple with a 3 % discount.
	b, err := call(client, http.MethodGet, base+"/crm/clientes?page_size=1", seller, nil)
	if err != nil {
		return err
	}
	var cl struct {
		Clientes []struct {
			ID string `json:"id"`
		} `json:"clientes"`
	}
	if json.Unmarshal(b, &cl); len(cl.Clientes) == 0 {
		return fmt.Errorf("o vendedor demo não tem clientes: %.300s", b)
	}
	var itens []map[string]any
	for i := 0; len(itens) < salesLinhas; i++ {
		p := demo[i*7%len(demo)]
		if p.Ativo {
			itens = append(itens, map[string]any{"produto_id": p.ID, "quantidade": p.MultiploVenda * 2, "desconto_percentual": 3})
		}
	}
	draft, _ := json.Marshal(map[string]any{"cliente_id": cl.Clientes[0].ID, "condicao_id": "demo-cond-28-35-42", "data": "2026-06-01", "itens": itens})
	var calc struct {
		Itens []json.RawMessage `json:"itens"`
	}
	b, err = call(client, http.MethodPost, base+"/crm/precos/calcular", seller, json.RawMessage(draft))
	if err != nil {
		return err
	}
	if json.Unmarshal(b, &calc); len(calc.Itens) != salesLinhas {
		return fmt.Errorf("calcular devolveu %d linhas: %.300s", len(calc.Itens), b)
	}
	// The next page's token, for a page that is not the first.
	b, err = call(client, http.MethodGet, base+"/crm/produtos?page_size=50", seller, nil)
	if err != nil {
		return err
	}
	var pg struct {
		Next string `json:"next_page_token"`
	}
	if json.Unmarshal(b, &pg); pg.Next == "" {
		return fmt.Errorf("a lista de produtos não tem segunda página")
	}

	type medida struct {
		name, path                string // path: a GET route ("" for calcular)
		c                         caller
		metaFloor                 float64
		p50, p99, max, fp50, fp99 time.Duration
		ratio                     float64
	}
	page := func(name, path string, meta float64) *medida {
		return &medida{name: name, path: path, c: httpCaller(client, base+path, seller), metaFloor: meta}
	}
	ms := []*medida{
		{name: fmt.Sprintf("POST /crm/precos/calcular (%d linhas)", salesLinhas), c: postCaller(client, base+"/crm/precos/calcular", seller, draft),
			metaFloor: salesMetaCalcularFloor},
		page("produtos, 1ª página (50)", "/crm/produtos?page_size=50", salesMetaListaFloor),
		page("produtos, 2ª página (50)", "/crm/produtos?page_size=50&page_token="+url.QueryEscape(pg.Next), salesMetaListaFloor),
		page("produtos do grupo Limpeza (50)", "/crm/produtos?page_size=50&grupo=Limpeza", salesMetaListaFloor),
		page("busca q=cafe 500 (50)", "/crm/produtos?page_size=50&q=cafe+500", salesMetaBuscaFloor),
	}
	for _, m := range ms {
		// The floor answers the same bytes (to the same request), without auth, store or pricing.
		var body []byte
		if m.path == "" {
			body, err = call(client, http.MethodPost, base+"/crm/precos/calcular", seller, json.RawMessage(draft))
		} else {
			body, err = call(client, http.MethodGet, base+m.path, seller, nil)
		}
		if err != nil {
			return err
		}
		faddr, fstop, err := startFloor(body)
		if err != nil {
			return err
		}
		floorCall := httpCaller(client, "http://"+faddr+"/", "")
		if m.path == "" {
			floorCall = postCaller(client, "http://"+faddr+"/", "", draft)
		}
		for i := 0; i < 20; i++ { // warm-up
			m.c(context.Background())
			floorCall(context.Background())
		}
		a, f, err := pairs(m.c, floorCall, salesChamadas)
		fstop()
		if err != nil {
			return fmt.Errorf("%s: %w", m.name, err)
		}
		m.p50, m.p99, m.max, m.fp50, m.fp99 = pct(a, 50), pct(a, 99), a[len(a)-1], pct(f, 50), pct(f, 99)
		m.ratio = float64(m.p99) / float64(m.fp99)
	}
	rss := rssMB(pid)

	fmt.Printf("\n== Vendas (issue 10) por REST, embutido (SQLite), %d produtos (1.500 demo + %d importados por CSV), %d chamadas em sequência por linha, intercaladas com o floor (os mesmos bytes, sem auth, banco nem cálculo)\n",
		salesProdutos, salesProdutos-len(demo), salesChamadas)
	fmt.Printf("   1º início com a carga demo %s; importação de %d produtos %s (%.0f linhas/s), de %d preços %s (%.0f linhas/s); RSS depois das medidas %.0f MB\n",
		seed.Round(time.Millisecond), len(prod), tProd.Round(time.Millisecond), float64(len(prod))/tProd.Seconds(),
		len(prec), tPrec.Round(time.Millisecond), float64(len(prec))/tPrec.Seconds(), rss)
	fmt.Printf("%-42s %10s %10s %10s %11s %11s %10s %10s %7s\n", "rota", "p50", "p99", "máx", "floor p50", "floor p99", "p50÷floor", "p99÷floor", "meta")
	for _, m := range ms {
		fmt.Printf("%-42s %10s %10s %10s %11s %11s %10.1f %10.1f %6.0f×\n", m.name, m.p50.Round(time.Microsecond), m.p99.Round(time.Microsecond),
			m.max.Round(time.Microsecond), m.fp50.Round(time.Microsecond), m.fp99.Round(time.Microsecond), float64(m.p50)/float64(m.fp50), m.ratio, m.metaFloor)
	}
	fmt.Println("\nMetas (p50 e p99 como razões aos do floor medido junto; coluna meta):")
	for _, m := range ms {
		r50 := float64(m.p50) / float64(m.fp50)
		check(r50 <= m.metaFloor && m.ratio <= m.metaFloor, fmt.Sprintf("%s: p50 e p99 ≤ %.0f× os do floor (%.1f×, %.1f×)", m.name, m.metaFloor, r50, m.ratio))
	}
	c := ms[0]
	check(c.p99 <= salesMetaCalcular, fmt.Sprintf("calcular %d linhas: p99 ≤ 5 ms, a meta da issue em absoluto (%s; máquina compartilhada: vale a razão)",
		salesLinhas, c.p99.Round(time.Microsecond)))
	okAbs, worst := true, ms[1]
	for _, m := range ms[1:] {
		okAbs = okAbs && m.p99 <= salesMetaLista
		if m.p99 > worst.p99 {
			worst = m
		}
	}
	check(okAbs, fmt.Sprintf("páginas de produtos: p99 ≤ 150 ms em absoluto, como a lista de clientes (pior: %s, %s)", worst.name, worst.p99.Round(time.Microsecond)))
	return nil
}

// runSalesOnly runs the sales measurements (they start a crm of their own).
func runSalesOnly(crmPath string) error { return withEmulator(crmPath, benchSales) }
