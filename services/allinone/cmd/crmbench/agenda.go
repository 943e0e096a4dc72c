package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"time"
)

// The agenda's benchmark (issue 24): a seller with agendaClientes customers, each with a visit
// frequency (weekly, fortnightly or monthly, on one or two weekdays), and GET /crm/agenda of a
// whole month (six weeks: the month view) over REST, beside a floor answering the same bytes.
const (
	agendaClientes = 400
	agendaChamadas = 200
	// The month's agenda reads the frequencies, the one-off visits, the visits done and the tasks
	// and asks the sales service for the period's days off: p99 ≤ 100 ms on this shared machine.
	agendaMetaP99 = 100 * time.Millisecond
)

func benchAgenda(crmPath, emu string) error {
	dir, err := os.MkdirTemp("", "crmbench-agenda-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	// Half the demo customers are demo-vendedor's.
	addr, pid, stop, err := startCRM(crmPath, dir, fmt.Sprintf("CRM_DEMO_CLIENTES=%d", 2*agendaClientes), "CRM_DEMO_PEDIDOS_DIAS=0")
	if err != nil {
		return err
	}
	defer stop()
	seller, err := signIn(emu, "vendedor@demo.example.com")
	if err != nil {
		return err
	}
	base := "http://" + addr
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8}}
	var ids []string
	for token := ""; ; {
		b, err := call(client, http.MethodGet, base+"/crm/clientes?vendedor=demo-vendedor&page_size=200&page_token="+url.QueryEscape(token), seller, nil)
		if err != nil {
			return err
		}
		var pg struct {
			Clientes []struct {
				ID string `json:"id"`
			} `json:"clientes"`
			Next string `json:"next_page_token"`
		}
		if err := json.Unmarshal(b, &pg); err != nil {
			return err
		}
		for _, c := range pg.Clientes {
			ids = append(ids, c.ID)
		}
		if token = pg.Next; token == "" {
			break
		}
	}
	if len(ids) < agendaClientes {
		return fmt.Errorf("o vendedor demo tem %d clientes, quer %d", len(ids), agendaClientes)
	}
	ids = ids[:agendaClientes]
	freqs := []string{"semanal", "quinzenal", "mensal"}
	t0 := time.Now()
	for i, id := range ids {
		dias := []int{i%5 + 1}
		if i%4 == 0 {
			dias = append(dias, (i+2)%5+1)
		}
		if _, err := call(client, http.MethodPut, base+"/crm/frequencias-visita/"+id, seller,
			map[string]any{"frequencia": freqs[i%3], "dias_semana": dias, "inicio": time.Now().AddDate(0, -1, 0).Format("2006-01-02")}); err != nil {
			return fmt.Errorf("frequência de %s: %w", id, err)
		}
	}
	definir := time.Since(t0)
	// Next month's view: from the Monday on or before the 1st, six weeks.
	prox := time.Now().AddDate(0, 1, 0)
	primeiro := time.Date(prox.Year(), prox.Month(), 1, 0, 0, 0, 0, time.UTC)
	de := primeiro.AddDate(0, 0, -((int(primeiro.Weekday()) + 6) % 7))
	ate := de.AddDate(0, 0, 41)
	path := "/crm/agenda?de=" + de.Format("2006-01-02") + "&ate=" + ate.Format("2006-01-02")
	body, err := call(client, http.MethodGet, base+path, seller, nil)
	if err != nil {
		return err
	}
	var ag struct {
		Itens []json.RawMessage `json:"itens"`
	}
	if err := json.Unmarshal(body, &ag); err != nil || len(ag.Itens) == 0 {
		return fmt.Errorf("agenda vazia: %.300s", body)
	}
	faddr, fstop, err := startFloor(body)
	if err != nil {
		return err
	}
	defer fstop()
	c, f := httpCaller(client, base+path, seller), httpCaller(client, "http://"+faddr+"/", "")
	for range 20 {
		c(context.Background())
		f(context.Background())
	}
	a, fl, err := pairs(c, f, agendaChamadas)
	if err != nil {
		return err
	}
	p50, p99, fp50, fp99 := pct(a, 50), pct(a, 99), pct(fl, 50), pct(fl, 99)
	fmt.Printf("\n== Agenda (issue 24) por REST, embutido (SQLite): um vendedor com %d clientes com frequência de visita (definidas em %s), o mês em 6 semanas (%d itens, %d KB), %d chamadas intercaladas com o floor; RSS %.0f MB\n",
		agendaClientes, definir.Round(time.Millisecond), len(ag.Itens), len(body)/1024, agendaChamadas, rssMB(pid))
	fmt.Printf("%-34s %10s %10s %10s %11s %11s %10s %10s\n", "agenda", "p50", "p99", "máx", "floor p50", "floor p99", "p50÷floor", "p99÷floor")
	fmt.Printf("%-34s %10s %10s %10s %11s %11s %10.1f %10.1f\n", "GET /crm/agenda (o mês)", p50.Round(time.Microsecond), p99.Round(time.Microsecond),
		a[len(a)-1].Round(time.Microsecond), fp50.Round(time.Microsecond), fp99.Round(time.Microsecond), float64(p50)/float64(fp50), float64(p99)/float64(fp99))
	fmt.Println("\nMetas:")
	check(p99 <= agendaMetaP99, fmt.Sprintf("agenda do mês de %d clientes: p99 ≤ %s (%s)", agendaClientes, agendaMetaP99, p99.Round(time.Microsecond)))
	return nil
}

// runAgendaOnly runs the agenda's measurement (it starts a crm of its own).
func runAgendaOnly(crmPath string) error { return withEmulator(crmPath, benchAgenda) }
