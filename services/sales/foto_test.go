package sales_test

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"strings"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/testkit"
)

func fotoPNG(t *testing.T, w, h int, c color.Color) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// baixar GETs a photo: status, Content-Type and body.
func (e *env) baixar(t *testing.T, path, tok string) (int, string, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", e.st.BaseURL+path, nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Content-Type"), b
}

func TestFotoDoProduto(t *testing.T) {
	e := setup(t)
	p := decode(t, e.do(t, "POST", "/crm/produtos", e.admin, produto("FOTO-1", "Refrigerante com foto"), 200))
	id, url := p["id"].(string), "/crm/produtos/"+p["id"].(string)+"/foto"
	if p["foto_versao"] != "" {
		t.Fatalf("produto novo com foto: %v", p)
	}
	// No photo yet: 404 with its own reason, told apart from a missing product.
	code, _, b := e.baixar(t, url, e.v1)
	if code != 404 {
		t.Fatalf("sem foto: %d %s", code, b)
	}
	erro(t, b, "PRODUTO_SEM_FOTO")
	erro(t, e.do(t, "GET", "/crm/produtos/nao-existe/foto", e.v1, nil, 404), "NAO_ENCONTRADO")

	// Refusals at the field, nothing written.
	before := testkit.Fingerprint(t, e.store)
	var g bytes.Buffer
	_ = gif.Encode(&g, image.NewPaletted(image.Rect(0, 0, 4, 4), []color.Color{color.White}), nil)
	m := erro(t, e.do(t, "PUT", url, e.admin, map[string]any{"imagem_base64": base64.StdEncoding.EncodeToString(g.Bytes())}, 400), "", "imagem_base64")
	if m["mensagem"] != "Envie uma imagem JPEG, PNG ou WebP." {
		t.Errorf("gif: %v", m["mensagem"])
	}
	seisMB := base64.StdEncoding.EncodeToString(append(fotoPNG(t, 4, 4, color.White), make([]byte, 5<<20+512<<10)...)) // 5.5 MB
	m = erro(t, e.do(t, "PUT", url, e.admin, map[string]any{"imagem_base64": seisMB}, 400), "", "imagem_base64")
	if m["mensagem"] != "A foto deve ter no máximo 5 MB." {
		t.Errorf("5,5 MB: %v", m["mensagem"])
	}
	// Far over any photo: refused by its size before it is read. Every other call keeps 1 MiB.
	m = decode(t, e.do(t, "PUT", url, e.admin, map[string]any{"imagem_base64": strings.Repeat("A", 9<<20)}, 413))
	if m["mensagem"] != "Requisição grande demais (máximo de 8 MiB)." {
		t.Errorf("9 MiB: %v", m)
	}
	m = decode(t, e.do(t, "PATCH", "/crm/produtos/"+id, e.admin, map[string]any{"descricao": strings.Repeat("A", 2<<20)}, 413))
	if m["mensagem"] != "Requisição grande demais (máximo de 1 MiB)." {
		t.Errorf("2 MiB noutra rota: %v", m)
	}
	erro(t, e.do(t, "PUT", url, e.v1, map[string]any{"imagem_base64": base64.StdEncoding.EncodeToString(fotoPNG(t, 10, 10, color.White))}, 403), "PERFIL_NAO_PERMITIDO")
	erro(t, e.do(t, "PUT", url, e.adminB, map[string]any{"imagem_base64": base64.StdEncoding.EncodeToString(fotoPNG(t, 10, 10, color.White))}, 403), "FORA_DO_ESCOPO")
	erro(t, e.do(t, "PUT", url, e.admin, map[string]any{"imagem_base64": base64.StdEncoding.EncodeToString(fotoPNG(t, 10, 10, color.White)), "versao": 99}, 409), "VERSAO_DESATUALIZADA")
	if testkit.Fingerprint(t, e.store) != before {
		t.Error("foto recusada gravou")
	}

	// A 1,000 × 500 PNG: stored as an 800 × 400 JPEG and a 200 × 100 thumbnail.
	feed := decode(t, e.do(t, "GET", "/crm/produtos/alteracoes", e.v1, nil, 200))["cursor"].(string)
	up := decode(t, e.do(t, "PUT", url, e.admin, map[string]any{"imagem_base64": "data:image/png;base64," +
		base64.StdEncoding.EncodeToString(fotoPNG(t, 1000, 500, color.NRGBA{R: 200, A: 255})), "versao": p["versao"]}, 200))
	v1 := up["foto_versao"].(string)
	if len(v1) != 12 || up["versao"] == p["versao"] || up["id"] != id {
		t.Fatalf("depois da foto: %v", up)
	}
	for _, c := range []struct {
		q    string
		w, h int
	}{{"", 800, 400}, {"?tamanho=grande", 800, 400}, {"?tamanho=miniatura", 200, 100}} {
		code, ct, b := e.baixar(t, url+c.q, e.v2) // any operator of the company
		if code != 200 || ct != "image/jpeg" {
			t.Fatalf("foto%s: %d %s %.200s", c.q, code, ct, b)
		}
		img, err := jpeg.Decode(bytes.NewReader(b))
		if err != nil || img.Bounds().Dx() != c.w || img.Bounds().Dy() != c.h {
			t.Errorf("foto%s: %v %v", c.q, err, img.Bounds())
		}
	}
	erro(t, e.do(t, "GET", url+"?tamanho=enorme", e.v1, nil, 400), "", "tamanho")
	if code, _, b := e.baixar(t, url, e.vB); code != 403 {
		t.Errorf("outra empresa baixou: %d %s", code, b)
	}
	// The product went into the feed with its foto_versao, and the feed carries no image.
	ch := decode(t, e.do(t, "GET", "/crm/produtos/alteracoes?desde="+feed, e.v1, nil, 200))
	alt := asList(ch["alteracoes"])
	if len(alt) != 1 || alt[0]["produto"].(map[string]any)["foto_versao"] != v1 {
		t.Fatalf("feed: %v", ch)
	}
	if raw := e.do(t, "GET", "/crm/produtos/alteracoes?desde="+feed, e.v1, nil, 200); len(raw) > 4000 {
		t.Errorf("feed com %d bytes: a imagem foi junto?", len(raw))
	}
	obtido := decode(t, e.do(t, "GET", "/crm/produtos/"+id, e.v1, nil, 200))
	if obtido["foto_versao"] != v1 {
		t.Errorf("produto: %v", obtido)
	}

	// The same image again changes nothing; another one changes foto_versao and versao.
	again := decode(t, e.do(t, "PUT", url, e.admin, map[string]any{"imagem_base64": base64.StdEncoding.EncodeToString(fotoPNG(t, 1000, 500, color.NRGBA{R: 200, A: 255}))}, 200))
	if again["foto_versao"] != v1 || again["versao"] != up["versao"] {
		t.Errorf("mesma foto: %v", again)
	}
	outra := decode(t, e.do(t, "PUT", url, e.admin, map[string]any{"imagem_base64": base64.StdEncoding.EncodeToString(fotoPNG(t, 300, 600, color.NRGBA{B: 200, A: 255}))}, 200))
	if outra["foto_versao"] == v1 || outra["versao"] == up["versao"] {
		t.Errorf("outra foto: %v", outra)
	}
	if _, _, b := e.baixar(t, url, e.v1); len(b) == 0 {
		t.Error("foto nova vazia")
	} else if img, _ := jpeg.Decode(bytes.NewReader(b)); img.Bounds().Dx() != 300 || img.Bounds().Dy() != 600 {
		t.Errorf("foto nova: %v (não aumenta)", img.Bounds())
	}

	// Removal: another company 403, a seller 403; then the photo is gone.
	erro(t, e.do(t, "DELETE", url, e.adminB, nil, 403), "FORA_DO_ESCOPO")
	erro(t, e.do(t, "DELETE", url, e.v1, nil, 403), "PERFIL_NAO_PERMITIDO")
	sem := decode(t, e.do(t, "DELETE", url, e.admin, nil, 200))
	if sem["foto_versao"] != "" || sem["versao"] == outra["versao"] {
		t.Errorf("sem foto: %v", sem)
	}
	if code, _, b := e.baixar(t, url+"?tamanho=miniatura", e.v1); code != 404 || !strings.Contains(string(b), "Este produto não tem foto.") {
		t.Errorf("foto removida: %d %s", code, b)
	}
	if again := decode(t, e.do(t, "DELETE", url, e.admin, nil, 200)); again["versao"] != sem["versao"] {
		t.Errorf("remover de novo mudou o produto: %v", again)
	}
	// And back.
	if back := decode(t, e.do(t, "PUT", url, e.admin, map[string]any{"imagem_base64": base64.StdEncoding.EncodeToString(fotoPNG(t, 1000, 500, color.NRGBA{R: 200, A: 255}))}, 200)); back["foto_versao"] != v1 {
		t.Errorf("foto de volta: %v", back)
	}

	// Over gRPC: the upload's larger limit holds there too, and the photo comes as an HttpBody.
	cli := salesv1.NewSalesServiceClient(e.st.Conn)
	hb, err := cli.ObterFotoProduto(testkit.Ctx(e.v1), &salesv1.ObterFotoProdutoRequest{Id: id, Tamanho: "miniatura"})
	if err != nil || hb.GetContentType() != "image/jpeg" || len(hb.GetData()) == 0 {
		t.Fatalf("gRPC: %v %v", err, hb.GetContentType())
	}
	big := base64.StdEncoding.EncodeToString(append(fotoPNG(t, 4, 4, color.White), make([]byte, 4<<20)...)) // 5.6 MB
	if _, err := cli.DefinirFotoProduto(testkit.Ctx(e.admin), &salesv1.DefinirFotoProdutoRequest{Id: id, ImagemBase64: big}); status.Code(err) != codes.OK {
		t.Errorf("gRPC, 4 MB com lixo no fim: %v", err) // a PNG with trailing bytes still decodes
	}
	if _, err := cli.ObterProduto(testkit.Ctx(e.v1), &salesv1.ObterProdutoRequest{Id: strings.Repeat("x", 2<<20)}); status.Code(err) != codes.ResourceExhausted {
		t.Errorf("gRPC, 2 MB noutra chamada: %v", err)
	}
}
