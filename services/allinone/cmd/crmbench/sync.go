package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// The first sync's benchmark (issue 21 §1): the bytes a new seller's device downloads on its
// first full sync — every feed the app follows (customers, catalogue, price tables, prices,
// payment terms, orders) from an empty cursor to the end, 500 a page, and what it reads whole
// (commercial policy, ICMS-ST rules, surveys) — sent
// compressed (gzip; zstd) against the same answers uncompressed, measured in the same run. The
// budget: compressed ≤ 20 % of uncompressed. The time on a slow line (150 ms a round trip,
// 1.6 Mbps, one call after the other as the app makes them) is printed for reference.
const (
	syncMeta       = 0.20
	syncPagina     = 500
	syncLatencia   = 150 * time.Millisecond
	syncBitsPorSeg = 1.6e6
)

// syncFeeds are the feeds of a first sync (proto/http.yaml), in the order the app follows them.
var syncFeeds = []string{
	"/crm/clientes/alteracoes",
	"/crm/produtos/alteracoes",
	"/crm/tabelas-preco/alteracoes",
	"/crm/precos/alteracoes",
	"/crm/condicoes-pagamento/alteracoes",
	"/crm/pedidos/alteracoes",
}

// syncLeituras are what a first sync reads whole, with no feed (the app's collections marked
// completa, and the survey list): the commercial policy, the ICMS-ST rules and the surveys, each
// followed through next_page_token.
var syncLeituras = []string{
	"/crm/politica-comercial",
	"/crm/regras-st?page_size=200",
	"/crm/pesquisas?page_size=100",
}

type syncTotal struct {
	wire, decoded int64
	calls         int
	perFeed       map[string]int64 // wire bytes per feed
	digest        []byte           // every decoded page, to check the encodings carry the same data
}

// firstSync follows every feed to its end with the given Accept-Encoding ("" for none) through
// a transport that decodes nothing, counting the bytes on the wire and decoded.
func firstSync(base, token, accept string) (syncTotal, error) {
	tr := &http.Transport{DisableCompression: true}
	defer tr.CloseIdleConnections()
	t := syncTotal{perFeed: map[string]int64{}}
	var all bytes.Buffer
	// get reads one page with the given Accept-Encoding, counts its bytes under name and returns it decoded.
	get := func(name, u string) ([]byte, error) {
		req, _ := http.NewRequest(http.MethodGet, u, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		resp, err := tr.RoundTrip(req)
		if err != nil {
			return nil, err
		}
		raw, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != 200 {
			return nil, fmt.Errorf("%s: %d %.300s", name, resp.StatusCode, raw)
		}
		body, err := decodeBody(resp.Header.Get("Content-Encoding"), raw)
		if err != nil {
			return nil, fmt.Errorf("%s (%s): %v", name, resp.Header.Get("Content-Encoding"), err)
		}
		t.calls++
		t.wire += int64(len(raw))
		t.decoded += int64(len(body))
		t.perFeed[name] += int64(len(raw))
		all.Write(body)
		return body, nil
	}
	for _, feed := range syncFeeds {
		desde := ""
		for page := 0; ; page++ {
			if page > 10_000 {
				return t, fmt.Errorf("%s: o feed não termina", feed)
			}
			body, err := get(feed, fmt.Sprintf("%s%s?page_size=%d&desde=%s", base, feed, syncPagina, url.QueryEscape(desde)))
			if err != nil {
				return t, err
			}
			var pg struct {
				Cursor string `json:"cursor"`
				Mais   bool   `json:"mais"`
			}
			if err := json.Unmarshal(body, &pg); err != nil {
				return t, fmt.Errorf("%s: %v", feed, err)
			}
			if !pg.Mais {
				break
			}
			desde = pg.Cursor
		}
	}
	for _, leitura := range syncLeituras {
		name, _, _ := strings.Cut(leitura, "?")
		sep := "?"
		if strings.Contains(leitura, "?") {
			sep = "&"
		}
		pageToken := ""
		for page := 0; ; page++ {
			if page > 10_000 {
				return t, fmt.Errorf("%s: a lista não termina", name)
			}
			u := base + leitura
			if pageToken != "" {
				u += sep + "page_token=" + url.QueryEscape(pageToken)
			}
			body, err := get(name, u)
			if err != nil {
				return t, err
			}
			var pg struct {
				Next string `json:"next_page_token"`
			}
			if err := json.Unmarshal(body, &pg); err != nil {
				return t, fmt.Errorf("%s: %v", name, err)
			}
			if pg.Next == "" {
				break
			}
			pageToken = pg.Next
		}
	}
	t.digest = all.Bytes()
	return t, nil
}

func decodeBody(enc string, raw []byte) ([]byte, error) {
	switch enc {
	case "":
		return raw, nil
	case "gzip":
		r, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			return nil, err
		}
		return io.ReadAll(r)
	case "zstd":
		r, err := zstd.NewReader(bytes.NewReader(raw))
		if err != nil {
			return nil, err
		}
		defer r.Close()
		return io.ReadAll(r)
	}
	return nil, fmt.Errorf("Content-Encoding inesperado %q", enc)
}

// slowLine is the time of a sync on the slow line: a round trip per call plus the bytes.
func slowLine(t syncTotal) time.Duration {
	return time.Duration(t.calls)*syncLatencia + time.Duration(float64(t.wire)*8/syncBitsPorSeg*float64(time.Second))
}

func benchSync(crmPath, emu string) error {
	dir, err := os.MkdirTemp("", "crmbench-sync-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	addr, _, stop, err := startCRM(crmPath, dir) // the demo company as a new seller finds it
	if err != nil {
		return err
	}
	defer stop()
	seller, err := signIn(emu, "vendedor@demo.example.com")
	if err != nil {
		return err
	}
	base := "http://" + addr
	plain, err := firstSync(base, seller, "")
	if err != nil {
		return err
	}
	fmt.Printf("\n== Primeira sincronização de um vendedor novo (vendedor@demo, todos os feeds do cursor vazio ao fim, %d por página, e as listas lidas inteiras)\n", syncPagina)
	fmt.Printf("%-28s %8s %12s %8s %12s\n", "Accept-Encoding", "chamadas", "bytes", "×hoje", "linha lenta")
	fmt.Printf("%-28s %8d %12d %8.3f %12s\n", "(nenhum: hoje)", plain.calls, plain.wire, 1.0, slowLine(plain).Round(100*time.Millisecond))
	type res struct {
		accept string
		ratio  float64
	}
	var rs []res
	for _, accept := range []string{"gzip", "zstd", "gzip, deflate, br, zstd"} {
		t, err := firstSync(base, seller, accept)
		if err != nil {
			return err
		}
		if !bytes.Equal(t.digest, plain.digest) {
			return fmt.Errorf("Accept-Encoding %q: os dados decodificados diferem dos sem compressão (%d bytes, %d)", accept, t.decoded, plain.decoded)
		}
		r := float64(t.wire) / float64(plain.wire)
		rs = append(rs, res{accept, r})
		fmt.Printf("%-28s %8d %12d %8.3f %12s\n", accept, t.calls, t.wire, r, slowLine(t).Round(100*time.Millisecond))
	}
	fmt.Print("por feed, sem compressão:")
	for _, f := range syncFeeds {
		fmt.Printf(" %s %d;", f, plain.perFeed[f])
	}
	for _, l := range syncLeituras {
		f, _, _ := strings.Cut(l, "?")
		fmt.Printf(" %s %d;", f, plain.perFeed[f])
	}
	fmt.Printf("\n(linha lenta: %s por chamada, uma após a outra, e %.1f Mbps)\n", syncLatencia, syncBitsPorSeg/1e6)
	fmt.Println("\nMetas:")
	for _, r := range rs {
		check(r.ratio <= syncMeta, fmt.Sprintf("bytes da 1ª sincronização com Accept-Encoding %q ≤ %.0f %% dos de hoje (%.1f %%)", r.accept, syncMeta*100, r.ratio*100))
	}
	return nil
}

func runSyncOnly(crmPath string) error { return withEmulator(crmPath, benchSync) }
