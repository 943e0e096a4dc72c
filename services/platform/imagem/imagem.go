// Package imagem prepares an uploaded picture (a product's photo, a visit's photo) for storage:
// it reads the base64 upload, checks the format (JPEG, PNG or WebP by signature), the file size and
// the pixel count before decoding the bitmap, turns a phone JPEG upright (EXIF orientation), fits
// it in two sizes (a large one and a thumbnail, never enlarged, transparency over white) and
// encodes both as JPEG. One picture is worked on at a time in the process (PrepararUmaDeCadaVez).
package imagem

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strings"

	"golang.org/x/image/draw"
	"golang.org/x/image/webp"

	"github.com/crmvendas/crm/services/platform/errs"
)

const (
	// MaxBytes is the largest image file accepted (decoded from base64).
	MaxBytes = 5 << 20
	// MaxPixels refuses decode bombs: a small file that would decode into a huge bitmap
	// (40 megapixels is already a 160 MB bitmap).
	MaxPixels = 40_000_000
	// QualidadeJPEG of both sizes.
	QualidadeJPEG = 80
)

// Messages of an upload.
const (
	MsgFormato = "Envie uma imagem JPEG, PNG ou WebP."
	MsgGrande  = "A foto deve ter no máximo 5 MB."
	MsgPixels  = "A foto deve ter no máximo 40 megapixels."
	MsgVazia   = "Envie a imagem da foto."
)

// Tamanhos: the longest side of the two stored sizes and the request field the errors name.
type Tamanhos struct {
	Grande, Miniatura int
	Campo             string
}

// Imagem is an uploaded picture made ready to store.
type Imagem struct {
	Hash              string
	Grande, Miniatura []byte
	Largura, Altura   int
}

// LerBase64 decodes the upload: standard or URL-safe base64, with or without padding, line breaks
// allowed, optionally as a data URL ("data:image/png;base64,…"). It refuses a file over
// MaxBytes before decoding it; the errors name campo.
func LerBase64(s, campo string) ([]byte, error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "data:") {
		if _, dados, ok := strings.Cut(s, ","); ok {
			s = dados
		}
	}
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, s)
	if s == "" {
		return nil, errs.Field(campo, MsgVazia)
	}
	if base64.StdEncoding.DecodedLen(len(s)) > MaxBytes+2 {
		return nil, errs.Field(campo, MsgGrande)
	}
	s = strings.TrimRight(s, "=")
	enc := base64.RawStdEncoding
	if strings.ContainsAny(s, "-_") {
		enc = base64.RawURLEncoding
	}
	b, err := enc.DecodeString(s)
	if err != nil {
		return nil, errs.Field(campo, MsgFormato)
	}
	if len(b) > MaxBytes {
		return nil, errs.Field(campo, MsgGrande)
	}
	return b, nil
}

// decoders are the formats accepted, by their signature; nothing else is decoded (whatever
// other decoders the binary registers with package image).
var decoders = []struct {
	assinatura func([]byte) bool
	config     func(*bytes.Reader) (image.Config, error)
	decode     func(*bytes.Reader) (image.Image, error)
}{
	{func(b []byte) bool { return bytes.HasPrefix(b, []byte("\xff\xd8\xff")) },
		func(r *bytes.Reader) (image.Config, error) { return jpeg.DecodeConfig(r) },
		func(r *bytes.Reader) (image.Image, error) { return jpeg.Decode(r) }},
	{func(b []byte) bool { return bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")) },
		func(r *bytes.Reader) (image.Config, error) { return png.DecodeConfig(r) },
		func(r *bytes.Reader) (image.Image, error) { return png.Decode(r) }},
	{func(b []byte) bool { return len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP" },
		func(r *bytes.Reader) (image.Config, error) { return webp.DecodeConfig(r) },
		func(r *bytes.Reader) (image.Image, error) { return webp.Decode(r) }},
}

// Preparar checks an uploaded image (JPEG, PNG or WebP; at most MaxBytes and MaxPixels, its
// dimensions read before the bitmap is decoded), turns it upright (a phone JPEG's EXIF
// orientation), fits it in t.Grande and t.Miniatura (never enlarged; transparency over white) and
// encodes both as JPEG. Its Hash is a short hash of the large JPEG.
func Preparar(raw []byte, t Tamanhos) (*Imagem, error) {
	if len(raw) > MaxBytes {
		return nil, errs.Field(t.Campo, MsgGrande)
	}
	i := -1
	for k, d := range decoders {
		if d.assinatura(raw) {
			i = k
		}
	}
	if i < 0 {
		return nil, errs.Field(t.Campo, MsgFormato)
	}
	cfg, err := decoders[i].config(bytes.NewReader(raw))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, errs.Field(t.Campo, MsgFormato)
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return nil, errs.Field(t.Campo, MsgPixels)
	}
	img, err := decoders[i].decode(bytes.NewReader(raw))
	if err != nil {
		return nil, errs.Field(t.Campo, MsgFormato)
	}
	grande := ajustar(img, t.Grande, OrientacaoEXIF(raw))
	// The thumbnail comes from the large one (already upright and over white): a fraction of the
	// work of scaling the original again.
	mini := ajustar(grande, t.Miniatura, 1)
	f := &Imagem{Largura: grande.Bounds().Dx(), Altura: grande.Bounds().Dy()}
	if f.Grande, err = codificar(grande); err != nil {
		return nil, err
	}
	if f.Miniatura, err = codificar(mini); err != nil {
		return nil, err
	}
	h := sha256.Sum256(f.Grande)
	f.Hash = hex.EncodeToString(h[:6])
	return f, nil
}

// preparando lets one picture be decoded and resized at a time in the process: a 40-megapixel
// image takes about 200 MB while it is worked on (measured: a 7300 × 5475 PNG, 2.8 s and 205 MB
// allocated; a 12-megapixel camera JPEG 63 MB), so two at once could pass the memory the process
// is given. The next one waits.
var preparando = make(chan struct{}, 1)

// PrepararUmaDeCadaVez is Preparar, one picture at a time in the process; a caller that gives up
// while waiting gets 503 with a pt-BR message.
func PrepararUmaDeCadaVez(ctx context.Context, raw []byte, t Tamanhos) (*Imagem, error) {
	select {
	case preparando <- struct{}{}:
		defer func() { <-preparando }()
	case <-ctx.Done():
		return nil, errs.Unavailable("Outra foto está sendo processada. Tente de novo em instantes.", ctx.Err())
	}
	return Preparar(raw, t)
}

// Medida is the size of w × h fitted in lado × lado, keeping the proportion, never enlarged, at
// least 1 px each way.
func Medida(w, h, lado int) (int, int) {
	if w <= lado && h <= lado {
		return w, h
	}
	if w >= h {
		return lado, max(1, (h*lado+w/2)/w)
	}
	return max(1, (w*lado+h/2)/h), lado
}

// ajustar returns src turned by an EXIF orientation (1 to 8) and fitted in lado × lado, on
// white.
func ajustar(src image.Image, lado, orientacao int) *image.RGBA {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	if orientacao >= 5 { // 5 to 8 swap the sides
		w, h = h, w
	}
	tw, th := Medida(w, h, lado)
	// Scaled first (in the original's orientation), then turned: the turn is a pixel copy.
	sw, sh := tw, th
	if orientacao >= 5 {
		sw, sh = th, tw
	}
	dst := image.NewRGBA(image.Rect(0, 0, sw, sh))
	draw.Draw(dst, dst.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	switch {
	case sw == b.Dx() && sh == b.Dy():
		draw.Draw(dst, dst.Bounds(), src, b.Min, draw.Over)
	case b.Dx() > 4*sw && b.Dy() > 4*sh:
		// A camera's photo: first a cheap reduction to twice the target, then Catmull-Rom from
		// there (measured here on a 12-megapixel JPEG, decoding included: 0.63 s and 100 MB
		// allocated straight, 0.34 s and 63 MB this way).
		mid := image.NewRGBA(image.Rect(0, 0, 2*sw, 2*sh))
		draw.ApproxBiLinear.Scale(mid, mid.Bounds(), src, b, draw.Src, nil)
		draw.CatmullRom.Scale(dst, dst.Bounds(), mid, mid.Bounds(), draw.Over, nil)
	default:
		draw.CatmullRom.Scale(dst, dst.Bounds(), src, b, draw.Over, nil)
	}
	return orientar(dst, orientacao)
}

// orientar applies an EXIF orientation: 2 mirrored, 3 turned 180°, 4 flipped, 5 to 8 transposed
// (6: turn 90° clockwise, 8: counter-clockwise).
func orientar(src *image.RGBA, o int) *image.RGBA {
	if o < 2 || o > 8 {
		return src
	}
	w, h := src.Bounds().Dx(), src.Bounds().Dy()
	dw, dh := w, h
	if o >= 5 {
		dw, dh = h, w
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for y := range h {
		for x := range w {
			var dx, dy int
			switch o {
			case 2:
				dx, dy = w-1-x, y
			case 3:
				dx, dy = w-1-x, h-1-y
			case 4:
				dx, dy = x, h-1-y
			case 5:
				dx, dy = y, x
			case 6:
				dx, dy = h-1-y, x
			case 7:
				dx, dy = h-1-y, w-1-x
			case 8:
				dx, dy = y, w-1-x
			}
			i, j := src.PixOffset(x, y), dst.PixOffset(dx, dy)
			copy(dst.Pix[j:j+4], src.Pix[i:i+4])
		}
	}
	return dst
}

func codificar(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: QualidadeJPEG}); err != nil {
		return nil, errs.Internal(fmt.Errorf("imagem: codificar JPEG: %w", err))
	}
	return buf.Bytes(), nil
}

// OrientacaoEXIF reads the orientation tag (0x0112) of a JPEG's EXIF block (APP1): 1 (as is) to
// 8; 1 when there is none or it cannot be read. Only the first 64 KiB of APP1 are looked at.
func OrientacaoEXIF(b []byte) int {
	if len(b) < 4 || b[0] != 0xFF || b[1] != 0xD8 {
		return 1
	}
	p := 2
	for p+4 <= len(b) {
		if b[p] != 0xFF {
			return 1
		}
		marker := b[p+1]
		if marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01 {
			p += 2
			continue
		}
		if marker == 0xDA || marker == 0xD9 { // image data: no EXIF before it
			return 1
		}
		n := int(b[p+2])<<8 | int(b[p+3])
		if n < 2 || p+2+n > len(b) {
			return 1
		}
		seg := b[p+4 : p+2+n]
		if marker == 0xE1 && len(seg) >= 6 && string(seg[:6]) == "Exif\x00\x00" {
			return orientacaoTIFF(seg[6:])
		}
		p += 2 + n
	}
	return 1
}

// orientacaoTIFF reads the orientation from a TIFF header and its first IFD.
func orientacaoTIFF(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var u16 func([]byte) int
	var u32 func([]byte) int
	switch string(t[:2]) {
	case "II":
		u16 = func(x []byte) int { return int(x[0]) | int(x[1])<<8 }
		u32 = func(x []byte) int { return int(x[0]) | int(x[1])<<8 | int(x[2])<<16 | int(x[3])<<24 }
	case "MM":
		u16 = func(x []byte) int { return int(x[1]) | int(x[0])<<8 }
		u32 = func(x []byte) int { return int(x[3]) | int(x[2])<<8 | int(x[1])<<16 | int(x[0])<<24 }
	default:
		return 1
	}
	if u16(t[2:4]) != 42 {
		return 1
	}
	ifd := u32(t[4:8])
	if ifd < 8 || ifd+2 > len(t) {
		return 1
	}
	n := u16(t[ifd : ifd+2])
	for k := range n {
		e := ifd + 2 + 12*k
		if e+12 > len(t) {
			return 1
		}
		if u16(t[e:e+2]) == 0x0112 && u16(t[e+2:e+4]) == 3 { // SHORT
			if o := u16(t[e+8 : e+10]); o >= 1 && o <= 8 {
				return o
			}
			return 1
		}
	}
	return 1
}
