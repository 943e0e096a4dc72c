package allinone_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/stats"

	customerv1 "github.com/crmvendas/crm/proto/gen/go/crm/customer/v1"
	"github.com/crmvendas/crm/services/allinone"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// rawGet sends a REST call with the given Accept-Encoding through a transport that decodes
// nothing, and returns the status, the Content-Encoding and the body as it came, decoded.
func rawGet(t *testing.T, method, url, token, accept string, body any) (int, http.Header, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, rd)
	req.Header.Set("Authorization", "Bearer "+token)
	if accept != "" {
		req.Header.Set("Accept-Encoding", accept)
	}
	resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	resp.Header.Set("X-Wire-Len", itoa(len(raw)))
	var r io.Reader
	switch enc := resp.Header.Get("Content-Encoding"); enc {
	case "":
		return resp.StatusCode, resp.Header, raw
	case "gzip":
		if r, err = gzip.NewReader(bytes.NewReader(raw)); err != nil {
			t.Fatal(err)
		}
	case "zstd":
		zr, err := zstd.NewReader(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		defer zr.Close()
		r = zr
	default:
		t.Fatalf("Content-Encoding %q", enc)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s: %v", resp.Header.Get("Content-Encoding"), err)
	}
	return resp.StatusCode, resp.Header, out
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestCompression (issue 21 §1): over REST, a sync page comes zstd- or gzip-encoded as the
// client asks and decodes to the bytes it gets uncompressed; never compressed when not asked; a
// product photo and an order's PDF never compressed; an error body still JSON; over gRPC, a call
// with grpc.UseCompressor("gzip") gets its answer gzipped.
func TestCompression(t *testing.T) {
	st, _ := fullStack(t, "")
	vend := testkit.SignIn(t, "vendedor@demo.example.com", allinone.DemoPassword)
	admin := testkit.SignIn(t, "admin@demo.example.com", allinone.DemoPassword)
	page := st.BaseURL + "/crm/clientes/alteracoes?page_size=500"

	code, h, plain := rawGet(t, "GET", page, vend, "", nil)
	if code != 200 || h.Get("Content-Encoding") != "" || len(plain) < 10_000 {
		t.Fatalf("sem Accept-Encoding: %d %q %d bytes", code, h.Get("Content-Encoding"), len(plain))
	}
	for _, c := range []struct{ accept, enc string }{{"gzip", "gzip"}, {"zstd", "zstd"}, {"gzip, deflate, br, zstd", "zstd"}, {"identity", ""}} {
		code, h, got := rawGet(t, "GET", page, vend, c.accept, nil)
		if code != 200 || h.Get("Content-Encoding") != c.enc || !bytes.Equal(got, plain) ||
			!strings.Contains(strings.Join(h.Values("Vary"), ","), "Accept-Encoding") {
			t.Errorf("Accept-Encoding %q: %d %q (esperado %q), %d bytes decodificados de %s, iguais %v, Vary %v", c.accept, code,
				h.Get("Content-Encoding"), c.enc, len(got), h.Get("X-Wire-Len"), bytes.Equal(got, plain), h.Values("Vary"))
		} else {
			t.Logf("Accept-Encoding %q: %s bytes na rede para %d", c.accept, h.Get("X-Wire-Len"), len(plain))
		}
	}

	// A photo (the server keeps a JPEG) and an order's PDF: as they are, whatever is accepted.
	img := image.NewRGBA(image.Rect(0, 0, 300, 300))
	for i := range img.Pix {
		img.Pix[i] = byte(i*7 + i/300)
	}
	img.Set(0, 0, color.White)
	var pngb bytes.Buffer
	png.Encode(&pngb, img)
	if code, b := st.Do(t, "PUT", "/crm/produtos/demo-produto-0001/foto", admin, map[string]any{"imagem_base64": base64.StdEncoding.EncodeToString(pngb.Bytes())}); code != 200 {
		t.Fatalf("definir foto: %d %s", code, b)
	}
	code, h, foto := rawGet(t, "GET", st.BaseURL+"/crm/produtos/demo-produto-0001/foto", vend, "gzip, deflate, br, zstd", nil)
	if code != 200 || h.Get("Content-Encoding") != "" || !strings.HasPrefix(h.Get("Content-Type"), "image/") || len(foto) < 2000 {
		t.Errorf("foto: %d %q %q %d bytes", code, h.Get("Content-Encoding"), h.Get("Content-Type"), len(foto))
	}
	cli := clienteAtivo(t, st, admin, "demo-vendedor")
	pedido := map[string]any{"id": "comprimir-pedido", "cliente_id": cli, "condicao_id": "demo-cond-avista-pix",
		"itens": []map[string]any{{"produto_id": "demo-produto-0002", "quantidade": 12}}}
	if code, b := st.Do(t, "POST", "/crm/pedidos", vend, pedido); code != 200 {
		t.Fatalf("criar pedido: %d %s", code, b)
	}
	code, h, pdf := rawGet(t, "GET", st.BaseURL+"/crm/pedidos/comprimir-pedido/pdf", vend, "gzip, zstd", nil)
	if code != 200 || h.Get("Content-Encoding") != "" || h.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(pdf, []byte("%PDF")) || len(pdf) < 2000 {
		t.Errorf("pdf: %d %q %q %d bytes", code, h.Get("Content-Encoding"), h.Get("Content-Type"), len(pdf))
	}

	// Errors: JSON once decoded (a 404 and a 413 of the body limit).
	for _, c := range []struct {
		method, path string
		body         any
		want         int
	}{
		{"GET", "/crm/nao-existe", nil, 404},
		{"POST", "/crm/clientes", map[string]any{"nome": strings.Repeat("x", 2<<20)}, 413},
	} {
		for _, accept := range []string{"gzip", "zstd"} {
			code, h, b := rawGet(t, c.method, st.BaseURL+c.path, vend, accept, c.body)
			var e struct {
				Status   int    `json:"status"`
				Mensagem string `json:"mensagem"`
			}
			if code != c.want || json.Unmarshal(b, &e) != nil || e.Status != c.want || e.Mensagem == "" ||
				!strings.HasPrefix(h.Get("Content-Type"), "application/json") {
				t.Errorf("%s %s (%s): %d %q %s", c.method, c.path, accept, code, h.Get("Content-Encoding"), b)
			}
		}
	}

	// gRPC: the client asks for gzip; the answer comes gzipped (grpc-encoding of the answer, and
	// fewer bytes on the wire than the message), with the same content as a plain call.
	rec := &compressionStats{}
	conn, err := grpc.NewClient(st.Server.GRPCAddr(), grpc.WithTransportCredentials(insecure.NewCredentials()), grpc.WithStatsHandler(rec))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	req := &customerv1.AlteracoesClientesRequest{PageSize: 500}
	zipped, err := customerv1.NewCustomerServiceClient(conn).AlteracoesClientes(testkit.Ctx(vend), req, grpc.UseCompressor("gzip"))
	if err != nil {
		t.Fatalf("gRPC com gzip: %v", err)
	}
	rec.mu.Lock()
	enc, wire, length := rec.compression, rec.wire, rec.length
	rec.mu.Unlock()
	if enc != "gzip" || wire <= 0 || wire*2 > length {
		t.Errorf("gRPC com gzip: resposta em %q, %d bytes na rede para %d", enc, wire, length)
	} else {
		t.Logf("gRPC com gzip: %d bytes na rede para %d", wire, length)
	}
	plainResp, err := customerv1.NewCustomerServiceClient(st.Conn).AlteracoesClientes(testkit.Ctx(vend), req)
	if err != nil || len(plainResp.GetAlteracoes()) != len(zipped.GetAlteracoes()) || len(zipped.GetAlteracoes()) == 0 {
		t.Errorf("gRPC sem compressão: %v, %d alterações (com gzip %d)", err, len(plainResp.GetAlteracoes()), len(zipped.GetAlteracoes()))
	}
}

// compressionStats records how the last answer of a client came: its grpc-encoding and its
// bytes on the wire and decoded.
type compressionStats struct {
	mu           sync.Mutex
	compression  string
	wire, length int
}

func (s *compressionStats) TagRPC(ctx context.Context, _ *stats.RPCTagInfo) context.Context {
	return ctx
}
func (s *compressionStats) TagConn(ctx context.Context, _ *stats.ConnTagInfo) context.Context {
	return ctx
}
func (s *compressionStats) HandleConn(context.Context, stats.ConnStats) {}
func (s *compressionStats) HandleRPC(_ context.Context, st stats.RPCStats) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch e := st.(type) {
	case *stats.InHeader:
		s.compression = e.Compression
	case *stats.InPayload:
		s.wire, s.length = e.CompressedLength, e.Length
	}
}
