package allinone_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	customerv1 "github.com/crmvendas/crm/proto/gen/go/crm/customer/v1"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// TestCancelledCallsNeverBreakTheStore is what a phone on a bad network does to the server
// (issue 20): hundreds of reads abandoned after a few milliseconds — REST calls whose client
// hangs up, gRPC calls with 1–20 ms deadlines — interleaved with creates. Afterwards every
// acknowledged create is read back by id and through the list on every pooled connection, and no
// call that completed answered 500. With modernc.org/sqlite v1.31.1 a query cancelled right after
// its first row leaked its statement: the pooled connection kept an old read snapshot (stale
// reads) or stayed interrupted (every call on it failing with "interrupted (9)").
func TestCancelledCallsNeverBreakTheStore(t *testing.T) {
	p := startCRM(t, t.TempDir(), "CRM_DEMO_CLIENTES=2000", "CRM_DEMO_PEDIDOS_DIAS=0", "CRM_LOG_LEVEL=warn",
		"CRM_RATE_LIMIT_USER=off", "CRM_RATE_LIMIT_IP=off")
	tok := signInAt(t, testkit.Emulator(t), "admin@demo.example.com", "demo1234")
	base := "http://" + p.http

	conn, err := grpc.NewClient(p.grpc, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	cli := customerv1.NewCustomerServiceClient(conn)

	// Some ids to read by id while the storm runs.
	var seed struct {
		Clientes []struct {
			ID string `json:"id"`
		} `json:"clientes"`
	}
	code, body := p.do(t, "GET", "/crm/clientes?page_size=50", tok, nil)
	if code != 200 || json.Unmarshal(body, &seed) != nil || len(seed.Clientes) == 0 {
		t.Fatalf("lista inicial: %d %s", code, body)
	}

	var (
		mu        sync.Mutex
		acked     []string // creates the server acknowledged
		failures  []string // completed calls that answered 5xx (or a create that did not succeed)
		cancelled atomic.Int64
		completed atomic.Int64
	)
	fail := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		if len(failures) < 20 {
			failures = append(failures, fmt.Sprintf(format, args...))
		}
	}
	hangUp := func(r *rand.Rand, path string) {
		// A client that gives up after 2–200 ms: the server sees the connection close mid-call
		// (or answers first: both must leave the store as it should be).
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(2+r.IntN(199))*time.Millisecond)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "GET", base+path, nil)
		req.Header.Set("Authorization", "Bearer "+tok)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			cancelled.Add(1)
			return
		}
		defer resp.Body.Close()
		if _, err := io.Copy(io.Discard, resp.Body); err != nil {
			cancelled.Add(1)
			return
		}
		completed.Add(1)
		if resp.StatusCode >= 500 {
			fail("GET %s: %d", path, resp.StatusCode)
		}
	}
	shortDeadline := func(r *rand.Rand) {
		ctx, cancel := context.WithTimeout(testkit.Ctx(tok), time.Duration(1+r.IntN(20))*time.Millisecond)
		defer cancel()
		var err error
		switch r.IntN(3) {
		case 0:
			_, err = cli.ListarClientes(ctx, &customerv1.ListarClientesRequest{PageSize: 200, Q: "a"})
		case 1:
			_, err = cli.AlteracoesClientes(ctx, &customerv1.AlteracoesClientesRequest{PageSize: 500})
		default:
			_, err = cli.ObterCliente(ctx, &customerv1.ObterClienteRequest{Id: seed.Clientes[r.IntN(len(seed.Clientes))].ID})
		}
		switch status.Code(err) {
		case codes.OK:
			completed.Add(1)
		case codes.DeadlineExceeded, codes.Canceled:
			cancelled.Add(1)
		default:
			fail("gRPC: %v", err)
		}
	}

	const readers, readsEach, creates = 8, 50, 60
	var wg sync.WaitGroup
	for w := 0; w < readers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), uint64(time.Now().UnixNano())))
			for i := 0; i < readsEach; i++ {
				switch r.IntN(4) {
				case 0:
					hangUp(r, "/crm/clientes?page_size=200&q=a")
				case 1:
					hangUp(r, "/crm/clientes/alteracoes?page_size=500")
				case 2:
					hangUp(r, "/crm/clientes/"+seed.Clientes[r.IntN(len(seed.Clientes))].ID)
				default:
					shortDeadline(r)
				}
			}
		}(w)
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < creates; i++ {
			id := uuid.NewString()
			c, b := testkit.Do(t, base, "POST", "/crm/clientes", tok, map[string]any{
				"id": id, "documento": cpfDe(i), "nome": fmt.Sprintf("Tempestade %03d", i), "vendedor_id": "demo-vendedor",
				"enderecos": []map[string]any{{"tipo": "ENTREGA", "logradouro": "Rua Um", "numero": "1", "bairro": "Centro", "ibge": "3550308"}}})
			if c != 200 {
				fail("POST /crm/clientes: %d %s", c, b)
				continue
			}
			mu.Lock()
			acked = append(acked, id)
			mu.Unlock()
			time.Sleep(time.Duration(rand.IntN(10)) * time.Millisecond)
		}
	}()
	wg.Wait()
	t.Logf("%d chamadas abandonadas, %d completas durante a tempestade, %d criações confirmadas", cancelled.Load(), completed.Load(), len(acked))
	if cancelled.Load() < readers*readsEach/4 {
		t.Errorf("só %d chamadas foram abandonadas: o teste não cancela o bastante", cancelled.Load())
	}

	// Every acknowledged create, by id: several times in parallel, so that every pooled read
	// connection answers at least once.
	var wg2 sync.WaitGroup
	for k := 0; k < 8; k++ {
		wg2.Add(1)
		go func() {
			defer wg2.Done()
			for _, id := range acked {
				if c, b := testkit.Do(t, base, "GET", "/crm/clientes/"+id, tok, nil); c != 200 {
					fail("GET /crm/clientes/%s depois da tempestade: %d %s", id, c, b)
				}
			}
		}()
	}
	wg2.Wait()
	// And through the list, filtered by their name (several times too).
	for k := 0; k < 8; k++ {
		var page struct {
			Clientes []struct {
				ID string `json:"id"`
			} `json:"clientes"`
		}
		c, b := testkit.Do(t, base, "GET", "/crm/clientes?page_size=200&q="+url.QueryEscape("Tempestade"), tok, nil)
		if c != 200 || json.Unmarshal(b, &page) != nil {
			fail("lista depois da tempestade: %d %s", c, b)
			continue
		}
		seen := map[string]bool{}
		for _, cl := range page.Clientes {
			seen[cl.ID] = true
		}
		for _, id := range acked {
			if !seen[id] {
				fail("lista %d: falta o cliente %s confirmado (veio %d de %d)", k, id, len(seen), len(acked))
				break
			}
		}
	}
	if c, b := testkit.Do(t, base, "GET", "/readyz", "", nil); c != 200 {
		fail("/readyz depois da tempestade: %d %s", c, b)
	}
	// A call its client abandoned is not a server failure: nothing logged as an error.
	if strings.Contains(p.out.String(), `"level":"ERROR"`) {
		fail("o crm registrou erros durante a tempestade")
	}
	if len(failures) > 0 {
		t.Fatalf("%d falhas:\n%s\n--- log do crm (fim) ---\n%s", len(failures), strings.Join(failures, "\n"), tail(p.out.String(), 3000))
	}
}

// cpfDe is a valid CPF, different for each n.
func cpfDe(n int) string {
	base := fmt.Sprintf("%09d", 700000000+n*7919)
	d := base
	for _, size := range []int{9, 10} {
		sum := 0
		for i := 0; i < size; i++ {
			sum += int(d[i]-'0') * (size + 1 - i)
		}
		dig := sum * 10 % 11
		if dig == 10 {
			dig = 0
		}
		d += string(rune('0' + dig))
	}
	return d
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
