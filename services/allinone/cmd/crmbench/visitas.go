package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/google/uuid"
)

// The visits' benchmark (issue 24): the check-in's round trip over REST, from the seller's app to
// the verdict (the customer read from the customer service, the company's settings, the seller's
// open visit checked out, the visit written), each with a new client id and a fresh fix 30 m from
// the customer, called in alternation with a floor answering the same bytes.
const (
	visitasChamadas = 300
	// Budgets: p99 ≤ 50 ms, as the orders' lists; and the p50 ≤ 30× the floor's (the stable ratio
	// on a loaded machine, as sales.go explains; ~0.2 ms floor: 6 ms).
	visitasMetaCheckin      = 50 * time.Millisecond
	visitasMetaCheckinFloor = 30.0
)

func benchVisitas(crmPath, emu string) error {
	dir, err := os.MkdirTemp("", "crmbench-visitas-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	addr, _, stop, err := startCRM(crmPath, dir, "CRM_DEMO_CLIENTES=200")
	if err != nil {
		return err
	}
	defer stop()
	seller, err := signIn(emu, "vendedor@demo.example.com")
	if err != nil {
		return err
	}
	base := "http://" + addr
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 32}}
	// A customer of the seller with coordinates.
	var lat, lon float64
	var cliente string
	for n := 1; n < 40 && cliente == ""; n += 2 {
		id := fmt.Sprintf("demo-cliente-%05d", n)
		b, err := call(client, http.MethodGet, base+"/crm/clientes/"+id, seller, nil)
		if err != nil {
			continue
		}
		var c struct {
			VendedorID string `json:"vendedor_id"`
			Enderecos  []struct {
				Principal           bool
				Latitude, Longitude *float64
			} `json:"enderecos"`
		}
		json.Unmarshal(b, &c)
		for _, e := range c.Enderecos {
			if e.Principal && e.Latitude != nil && c.VendedorID == "demo-vendedor" {
				cliente, lat, lon = id, *e.Latitude, *e.Longitude
			}
		}
	}
	if cliente == "" {
		return fmt.Errorf("nenhum cliente demo do vendedor com coordenadas")
	}
	checkin := func(ctx context.Context) error {
		_, err := call(client, http.MethodPost, base+"/crm/visitas/checkin", seller, map[string]any{"id": uuid.NewString(), "cliente_id": cliente,
			"latitude": lat + 30.0/111_195, "longitude": lon, "precisao_metros": 12, "capturado_em": time.Now().UTC().Format(time.RFC3339Nano)})
		return err
	}
	body, err := call(client, http.MethodPost, base+"/crm/visitas/checkin", seller, map[string]any{"id": uuid.NewString(), "cliente_id": cliente,
		"latitude": lat, "longitude": lon, "precisao_metros": 12, "capturado_em": time.Now().UTC().Format(time.RFC3339Nano)})
	if err != nil {
		return fmt.Errorf("check-in: %w", err)
	}
	var v struct{ Veredito string }
	if json.Unmarshal(body, &v); v.Veredito != "verificado" {
		return fmt.Errorf("check-in no cliente não verificado: %.300s", body)
	}
	faddr, fstop, err := startFloor(body)
	if err != nil {
		return err
	}
	defer fstop()
	f := httpCaller(client, "http://"+faddr+"/", "")
	for i := 0; i < 20; i++ {
		checkin(context.Background())
		f(context.Background())
	}
	a, fl, err := pairs(checkin, f, visitasChamadas)
	if err != nil {
		return fmt.Errorf("check-in: %w", err)
	}
	p50, p99, fp50, fp99 := pct(a, 50), pct(a, 99), pct(fl, 50), pct(fl, 99)
	fmt.Printf("\n== Visitas (issue 24) por REST, embutido (SQLite): check-in (ida e volta, com o veredito), %d chamadas intercaladas com o floor\n", visitasChamadas)
	fmt.Printf("%-34s %10s %10s %10s %11s %11s %10s %10s\n", "rota", "p50", "p99", "máx", "floor p50", "floor p99", "p50÷floor", "p99÷floor")
	fmt.Printf("%-34s %10s %10s %10s %11s %11s %10.1f %10.1f\n", "POST /crm/visitas/checkin", p50.Round(time.Microsecond), p99.Round(time.Microsecond),
		a[len(a)-1].Round(time.Microsecond), fp50.Round(time.Microsecond), fp99.Round(time.Microsecond), float64(p50)/float64(fp50), float64(p99)/float64(fp99))
	fmt.Println("\nMetas:")
	check(p99 <= visitasMetaCheckin, fmt.Sprintf("check-in: p99 ≤ 50 ms (%s)", p99.Round(time.Microsecond)))
	check(float64(p50)/float64(fp50) <= visitasMetaCheckinFloor, fmt.Sprintf("check-in: p50 ≤ %.0f× o do floor (%.1f×)", visitasMetaCheckinFloor, float64(p50)/float64(fp50)))
	return nil
}

// runVisitasOnly runs the visits' measurements (they start a crm of their own).
func runVisitasOnly(crmPath string) error { return withEmulator(crmPath, benchVisitas) }
