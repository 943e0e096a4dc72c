package domain_test

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"os"
	"strings"
	"testing"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// imagem is a w × h picture: red on its left half, blue on the right (so a turn shows).
func imagem(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.NRGBA{R: 220, A: 255}
			if x >= w/2 {
				c = color.NRGBA{B: 220, A: 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

func jpegDe(t testing.TB, img image.Image) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func pngDe(t testing.TB, img image.Image) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func decodificar(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := jpeg.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("não é JPEG: %v", err)
	}
	return img
}

func campoErro(t *testing.T, err error, msg string) {
	t.Helper()
	var e *errs.Error
	if !strings.Contains(errs.ToStatus(err).Message(), msg) || !errsAs(err, &e) || len(e.Fields) != 1 || e.Fields[0].Field != "imagem_base64" {
		t.Errorf("erro %v, esperado %q no campo imagem_base64", err, msg)
	}
}

func errsAs(err error, e **errs.Error) bool {
	x, ok := err.(*errs.Error)
	*e = x
	return ok
}

func TestPrepararFotoTamanhos(t *testing.T) {
	webp, err := os.ReadFile("testdata/foto.webp") // 150 × 100, lossy
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		nome               string
		raw                []byte
		grande, miniatura  image.Point
		vermelhoAEsquerda  bool
		conferirOrientacao bool
	}{
		{"JPEG paisagem", jpegDe(t, imagem(1600, 1200)), image.Pt(800, 600), image.Pt(200, 150), true, true},
		{"PNG retrato", pngDe(t, imagem(300, 1000)), image.Pt(240, 800), image.Pt(60, 200), true, true},
		{"pequena não aumenta", pngDe(t, imagem(120, 90)), image.Pt(120, 90), image.Pt(120, 90), true, true},
		{"entre os dois", jpegDe(t, imagem(500, 250)), image.Pt(500, 250), image.Pt(200, 100), true, true},
		{"WebP", webp, image.Pt(150, 100), image.Pt(150, 100), false, false},
	} {
		t.Run(c.nome, func(t *testing.T) {
			f, err := domain.PrepararFoto(c.raw)
			if err != nil {
				t.Fatal(err)
			}
			g, m := decodificar(t, f.Grande), decodificar(t, f.Miniatura)
			if g.Bounds().Size() != c.grande || m.Bounds().Size() != c.miniatura || f.Largura != c.grande.X || f.Altura != c.grande.Y {
				t.Errorf("grande %v, miniatura %v (%dx%d); esperado %v e %v", g.Bounds().Size(), m.Bounds().Size(), f.Largura, f.Altura, c.grande, c.miniatura)
			}
			if len(f.Hash) != 12 || strings.Trim(f.Hash, "0123456789abcdef") != "" {
				t.Errorf("hash %q", f.Hash)
			}
			if c.conferirOrientacao {
				r, _, b, _ := g.At(1, g.Bounds().Dy()/2).RGBA()
				if r < b {
					t.Errorf("a esquerda devia ser vermelha: r=%d b=%d", r>>8, b>>8)
				}
			}
		})
	}
	// The same image gives the same version; another, another.
	a, _ := domain.PrepararFoto(jpegDe(t, imagem(900, 900)))
	b, _ := domain.PrepararFoto(jpegDe(t, imagem(900, 900)))
	c, _ := domain.PrepararFoto(jpegDe(t, imagem(901, 900)))
	if a.Hash != b.Hash || a.Hash == c.Hash {
		t.Errorf("versões: %s %s %s", a.Hash, b.Hash, c.Hash)
	}
}

func TestPrepararFotoTransparenciaSobreBranco(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 40, 40)) // all transparent
	f, err := domain.PrepararFoto(pngDe(t, img))
	if err != nil {
		t.Fatal(err)
	}
	r, g, b, _ := decodificar(t, f.Grande).At(20, 20).RGBA()
	if r>>8 < 245 || g>>8 < 245 || b>>8 < 245 {
		t.Errorf("fundo transparente devia ficar branco: %d %d %d", r>>8, g>>8, b>>8)
	}
}

// exifOrientacao inserts an EXIF block with the orientation tag right after a JPEG's SOI.
func exifOrientacao(jpg []byte, o uint16, bigEndian bool) []byte {
	var order binary.AppendByteOrder = binary.LittleEndian
	tiff := []byte("II*\x00")
	if bigEndian {
		order, tiff = binary.BigEndian, []byte("MM\x00*")
	}
	tiff = order.AppendUint32(tiff, 8)
	tiff = order.AppendUint16(tiff, 2)                                            // two entries
	tiff = append(order.AppendUint16(tiff, 0x010F), 0, 2, 0, 0, 0, 0, 0, 0, 0, 0) // Make, ignored
	tiff = order.AppendUint16(tiff, 0x0112)
	tiff = order.AppendUint16(tiff, 3)
	tiff = order.AppendUint32(tiff, 1)
	tiff = order.AppendUint16(tiff, o)
	tiff = append(tiff, 0, 0, 0, 0, 0, 0)
	seg := append([]byte("Exif\x00\x00"), tiff...)
	app1 := append([]byte{0xFF, 0xE1}, byte((len(seg)+2)>>8), byte(len(seg)+2))
	out := append([]byte{}, jpg[:2]...)
	out = append(out, app1...)
	out = append(out, seg...)
	return append(out, jpg[2:]...)
}

func TestPrepararFotoOrientacaoEXIF(t *testing.T) {
	base := jpegDe(t, imagem(400, 200)) // red left, blue right
	for _, c := range []struct {
		o                  uint16
		be                 bool
		tamanho            image.Point
		vermelhoEmCima     bool
		vermelhoAEsquerda  bool
		conferirHorizontal bool
	}{
		{1, false, image.Pt(400, 200), false, true, true},
		{3, true, image.Pt(400, 200), false, false, true},  // 180°: red on the right
		{6, false, image.Pt(200, 400), true, false, false}, // 90° clockwise: the left side goes up
		{8, true, image.Pt(200, 400), false, false, false}, // 90° counter-clockwise: the left side goes down
	} {
		raw := exifOrientacao(base, c.o, c.be)
		if got := domain.OrientacaoEXIF(raw); got != int(c.o) {
			t.Fatalf("orientação lida %d, esperado %d", got, c.o)
		}
		f, err := domain.PrepararFoto(raw)
		if err != nil {
			t.Fatal(err)
		}
		g := decodificar(t, f.Grande)
		if g.Bounds().Size() != c.tamanho {
			t.Errorf("orientação %d: %v, esperado %v", c.o, g.Bounds().Size(), c.tamanho)
			continue
		}
		vermelho := func(x, y int) bool { r, _, b, _ := g.At(x, y).RGBA(); return r > b }
		w, h := g.Bounds().Dx(), g.Bounds().Dy()
		if c.conferirHorizontal {
			if vermelho(2, h/2) != c.vermelhoAEsquerda {
				t.Errorf("orientação %d: vermelho à esquerda = %v", c.o, !c.vermelhoAEsquerda)
			}
		} else if vermelho(w/2, 2) != c.vermelhoEmCima {
			t.Errorf("orientação %d: vermelho em cima = %v", c.o, !c.vermelhoEmCima)
		}
	}
	if domain.OrientacaoEXIF(pngDe(t, imagem(4, 4))) != 1 || domain.OrientacaoEXIF(base) != 1 {
		t.Error("sem EXIF: orientação 1")
	}
}

// pngCabecalho is a PNG that claims w × h (a decode bomb's header: no pixels follow).
func pngCabecalho(w, h uint32) []byte {
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 6, 0, 0, 0)
	chunk := append([]byte("IHDR"), ihdr...)
	out := append([]byte("\x89PNG\r\n\x1a\n"), binary.BigEndian.AppendUint32(nil, uint32(len(ihdr)))...)
	out = append(out, chunk...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(chunk))
}

func TestPrepararFotoRecusas(t *testing.T) {
	var g bytes.Buffer
	if err := gif.Encode(&g, imagem(10, 10), nil); err != nil {
		t.Fatal(err)
	}
	_, err := domain.PrepararFoto(g.Bytes())
	campoErro(t, err, "Envie uma imagem JPEG, PNG ou WebP.")
	_, err = domain.PrepararFoto([]byte("<svg xmlns='http://www.w3.org/2000/svg'/>"))
	campoErro(t, err, "Envie uma imagem JPEG, PNG ou WebP.")
	_, err = domain.PrepararFoto(jpegDe(t, imagem(50, 50))[:300]) // truncated
	campoErro(t, err, "Envie uma imagem JPEG, PNG ou WebP.")
	// 8,000 × 6,000 = 48 megapixels in a 33-byte file: refused from its header, never decoded.
	_, err = domain.PrepararFoto(pngCabecalho(8000, 6000))
	campoErro(t, err, "A foto deve ter no máximo 40 megapixels.")
	_, err = domain.PrepararFoto(pngCabecalho(1<<30, 1<<30))
	if err == nil {
		t.Error("PNG de 2^60 pixels aceito")
	}
	grande := append(jpegDe(t, imagem(20, 20)), make([]byte, domain.MaxFotoBytes)...)
	_, err = domain.PrepararFoto(grande)
	campoErro(t, err, "A foto deve ter no máximo 5 MB.")
}

func TestLerBase64(t *testing.T) {
	raw := jpegDe(t, imagem(30, 20))
	std := base64.StdEncoding.EncodeToString(raw)
	for nome, s := range map[string]string{
		"padrão":          std,
		"data URL":        "data:image/jpeg;base64," + std,
		"com quebras":     std[:40] + "\r\n" + std[40:80] + "\n " + std[80:],
		"URL sem padding": base64.RawURLEncoding.EncodeToString(raw),
	} {
		b, err := domain.LerBase64(s)
		if err != nil || !bytes.Equal(b, raw) {
			t.Errorf("%s: %v", nome, err)
		}
	}
	_, err := domain.LerBase64("")
	campoErro(t, err, "Envie a imagem da foto.")
	_, err = domain.LerBase64("não é base64!")
	campoErro(t, err, "Envie uma imagem JPEG, PNG ou WebP.")
	// Refused by its length, before decoding: 5 MB + 3 bytes.
	_, err = domain.LerBase64(strings.Repeat("QUFB", (domain.MaxFotoBytes+3)/3))
	campoErro(t, err, "A foto deve ter no máximo 5 MB.")
	// Exactly 5 MB passes the size rule.
	if b, err := domain.LerBase64(base64.StdEncoding.EncodeToString(make([]byte, domain.MaxFotoBytes))); err != nil || len(b) != domain.MaxFotoBytes {
		t.Errorf("5 MB: %v", err)
	}
}

func TestMedida(t *testing.T) {
	for _, c := range []struct{ w, h, lado, ew, eh int }{
		{1600, 1200, 800, 800, 600}, {1200, 1600, 800, 600, 800}, {800, 800, 800, 800, 800}, {10, 5, 800, 10, 5},
		{4000, 3, 800, 800, 1}, {3, 4000, 200, 1, 200}, {801, 400, 800, 800, 400},
	} {
		if w, h := domain.Medida(c.w, c.h, c.lado); w != c.ew || h != c.eh {
			t.Errorf("Medida(%d, %d, %d) = %d×%d, esperado %d×%d", c.w, c.h, c.lado, w, h, c.ew, c.eh)
		}
	}
}

func FuzzOrientacaoEXIF(f *testing.F) {
	base := jpegDe(f, imagem(8, 8))
	f.Add(base)
	f.Add(exifOrientacao(base, 6, false))
	f.Add(exifOrientacao(base, 3, true))
	f.Add([]byte{0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x02})
	f.Fuzz(func(t *testing.T, b []byte) {
		if o := domain.OrientacaoEXIF(b); o < 1 || o > 8 {
			t.Fatalf("orientação %d", o)
		}
	})
}

func BenchmarkPrepararFoto12MP(b *testing.B) {
	raw := jpegDe(b, imagem(4000, 3000))
	b.ResetTimer()
	for b.Loop() {
		if _, err := domain.PrepararFoto(raw); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPrepararFoto40MPPNG(b *testing.B) {
	raw := pngDe(b, imagem(7300, 5475))
	b.ResetTimer()
	for b.Loop() {
		if _, err := domain.PrepararFoto(raw); err != nil {
			b.Fatal(err)
		}
	}
}
