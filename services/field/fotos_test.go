package field_test

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"
	"time"
)

// fotoPNG is a w × h picture in base64.
func fotoPNG(t *testing.T, w, h int) string {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetNRGBA(x, y, color.NRGBA{R: uint8(x), G: 120, B: uint8(y), A: 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(b.Bytes())
}

func foto(img string, capturado time.Time) map[string]any {
	return map[string]any{"imagem_base64": img, "capturado_em": capturado.UTC().Format(time.RFC3339Nano),
		"latitude": latSe, "longitude": lonSe, "precisao_metros": 8}
}

// jpegDe reads a photo's JPEG: its size, or the test fails.
func (e *env) jpegDe(t *testing.T, path, tok string) (int, int) {
	t.Helper()
	code, b := e.st.Do(t, "GET", path, tok, nil)
	if code != 200 {
		t.Fatalf("GET %s: %d %s", path, code, b)
	}
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("GET %s: não é JPEG: %v", path, err)
	}
	return cfg.Width, cfg.Height
}

func fotosDe(v map[string]any) []map[string]any {
	var out []map[string]any
	fs, _ := v["fotos"].([]any)
	for _, f := range fs {
		out = append(out, f.(map[string]any))
	}
	return out
}

// TestFotosDaVisita: the seller attaches photos to their visit (once per id, from the outbox too),
// a reason that needs a photo is accepted only then, and the photo is read in the visit's scope.
func TestFotosDaVisita(t *testing.T) {
	e := setup(t)
	cli := e.cliente(t, e.v1, 0, false)
	cli2 := e.cliente(t, e.v2, 1, false)
	e.do(t, "POST", "/crm/visitas/checkin", e.v1, checkin("f-v1", cli, 20, 10, 0), 200)
	e.do(t, "POST", "/crm/visitas/checkin", e.v2, checkin("f-v2", cli2, 20, 10, 0), 200)
	// "Loja fechada" needs a photo: refused while the visit has none.
	m := e.do(t, "POST", "/crm/visitas/f-v1/checkout", e.v1, map[string]any{"resultado": "sem_venda", "motivo_id": "loja-fechada"}, 400)
	if !strings.Contains(fmt.Sprint(m["mensagem"]), `O motivo "Loja fechada" exige uma foto da visita.`) {
		t.Errorf("sem foto: %v", m)
	}
	img := fotoPNG(t, 2000, 1000)
	agora := time.Now()
	// Only the visit's seller sends its photos.
	e.do(t, "PUT", "/crm/visitas/f-v1/fotos/foto-1", e.v2, foto(img, agora), 403)
	e.do(t, "PUT", "/crm/visitas/f-v1/fotos/foto-1", e.sup, foto(img, agora), 403)
	e.do(t, "PUT", "/crm/visitas/f-v1/fotos/foto-1", e.admin, foto(img, agora), 403)
	// Bad input, in pt-BR.
	e.do(t, "PUT", "/crm/visitas/f-v1/fotos/foto-1", e.v1, foto("R0lGODlhAQABAAAAACw=", agora), 400)
	e.do(t, "PUT", "/crm/visitas/f-v1/fotos/foto-1", e.v1, foto("", agora), 400)
	e.do(t, "PUT", "/crm/visitas/f-v1/fotos/foto-1", e.v1, foto(img, agora.Add(time.Hour)), 400)
	e.do(t, "PUT", "/crm/visitas/f-v1/fotos/foto-1", e.v1, foto(img, agora.Add(-time.Hour)), 400) // before the check-in
	e.do(t, "PUT", "/crm/visitas/f-v1/fotos/foto%20um", e.v1, foto(img, agora), 400)
	e.do(t, "PUT", "/crm/visitas/nao-existe/fotos/foto-1", e.v1, foto(img, agora), 404)
	v := e.do(t, "PUT", "/crm/visitas/f-v1/fotos/foto-1", e.v1, foto(img, agora), 200)
	fs := fotosDe(v)
	if len(fs) != 1 || fs[0]["id"] != "foto-1" || fs[0]["latitude"] != latSe || fs[0]["capturado_em"] == nil || fs[0]["tamanho_bytes"] == nil {
		t.Fatalf("a foto na visita: %v", v["fotos"])
	}
	// A replay (the outbox sends it again) changes nothing; the id on another visit is refused.
	v = e.do(t, "PUT", "/crm/visitas/f-v1/fotos/foto-1", e.v1, foto(fotoPNG(t, 10, 10), agora), 200)
	if len(fotosDe(v)) != 1 {
		t.Errorf("replay: %v", v["fotos"])
	}
	e.do(t, "PUT", "/crm/visitas/f-v2/fotos/foto-1", e.v2, foto(img, agora), 403) // another seller's photo
	// The picture: at most 1280 px, a 200 px thumbnail, in the visit's scope.
	for _, tok := range []string{e.v1, e.sup, e.admin} {
		if w, h := e.jpegDe(t, "/crm/visitas/f-v1/fotos/foto-1", tok); w != 1280 || h != 640 {
			t.Errorf("grande: %dx%d", w, h)
		}
	}
	if w, h := e.jpegDe(t, "/crm/visitas/f-v1/fotos/foto-1?tamanho=miniatura", e.v1); w != 200 || h != 100 {
		t.Errorf("miniatura: %dx%d", w, h)
	}
	e.do(t, "GET", "/crm/visitas/f-v1/fotos/foto-1", e.v2, nil, 403)
	e.do(t, "GET", "/crm/visitas/f-v1/fotos/foto-1?tamanho=enorme", e.v1, nil, 400)
	e.do(t, "GET", "/crm/visitas/f-v2/fotos/foto-1", e.v2, nil, 404) // not that visit's photo
	e.do(t, "GET", "/crm/visitas/f-v1/fotos/outra", e.v1, nil, 404)
	// Now the reason that needs a photo is accepted.
	v = e.do(t, "POST", "/crm/visitas/f-v1/checkout", e.v1, map[string]any{"resultado": "sem_venda", "motivo_id": "loja-fechada"}, 200)
	if v["status"] != "concluida" || v["motivo_nome"] != "Loja fechada" || len(fotosDe(v)) != 1 {
		t.Errorf("checkout: %v", v)
	}
	// After the check-out: a photo taken before it (sent late from the outbox) is attached; one
	// taken after it is refused.
	m = e.do(t, "PUT", "/crm/visitas/f-v1/fotos/foto-3", e.v1, foto(img, time.Now().Add(5*time.Minute)), 400)
	if !strings.Contains(fmt.Sprint(m["campos"]), "capturado_em") {
		t.Errorf("depois do check-out: %v", m)
	}
	v = e.do(t, "PUT", "/crm/visitas/f-v1/fotos/foto-2", e.v1, foto(img, agora.Add(time.Second)), 200)
	if fs := fotosDe(v); len(fs) != 2 || fs[1]["id"] != "foto-2" {
		t.Errorf("foto do outbox: %v", v["fotos"])
	}
	// The visit lists its photos for the supervisor.
	if v := e.do(t, "GET", "/crm/visitas/f-v1", e.sup, nil, 200); len(fotosDe(v)) != 2 {
		t.Errorf("supervisor: %v", v["fotos"])
	}
	// A photo id is one photo: on the seller's next visit it is refused.
	e.do(t, "POST", "/crm/visitas/checkin", e.v1, checkin("f-v1b", cli, 20, 10, 0), 200)
	m = e.do(t, "PUT", "/crm/visitas/f-v1b/fotos/foto-1", e.v1, foto(img, time.Now()), 409)
	if m["motivo"] != "ID_REUTILIZADO" {
		t.Errorf("id em outra visita: %v", m)
	}
}

// TestFotosOutraEmpresa: another company's operators neither read nor attach a company's photos;
// its photo is not found for them.
func TestFotosOutraEmpresa(t *testing.T) {
	e := setup(t)
	cli := e.cliente(t, e.v1, 0, false)
	e.do(t, "POST", "/crm/visitas/checkin", e.v1, checkin("emp-f", cli, 20, 10, 0), 200)
	img := fotoPNG(t, 40, 30)
	e.do(t, "PUT", "/crm/visitas/emp-f/fotos/emp-foto", e.v1, foto(img, time.Now()), 200)
	for _, tok := range []string{e.adminB, e.vB} {
		e.do(t, "GET", "/crm/visitas/emp-f/fotos/emp-foto", tok, nil, 404)
		e.do(t, "GET", "/crm/visitas/emp-f/fotos/emp-foto?tamanho=miniatura", tok, nil, 404)
		e.do(t, "PUT", "/crm/visitas/emp-f/fotos/emp-foto-b", tok, foto(img, time.Now()), 403)
		e.do(t, "PUT", "/crm/visitas/emp-f/fotos/emp-foto", tok, foto(img, time.Now()), 403)
	}
	if v := e.do(t, "GET", "/crm/visitas/emp-f", e.v1, nil, 200); len(fotosDe(v)) != 1 {
		t.Errorf("A's visit changed: %v", v["fotos"])
	}
	if w, _ := e.jpegDe(t, "/crm/visitas/emp-f/fotos/emp-foto", e.v1); w != 40 {
		t.Errorf("A's photo: %d px", w)
	}
}
