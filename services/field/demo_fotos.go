package field

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"time"

	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/imagem"
	"github.com/crmvendas/crm/services/platform/store"
)

// DemoCadaQuantasFotos: one demo visit in this many has a photo.
const DemoCadaQuantasFotos = 6

// DemoFotos gives some of the demo visits (one in DemoCadaQuantasFotos) a photo taken a few
// minutes into the visit where the check-in was: a small picture drawn here (a storefront's
// colours, different for each visit), made ready by the same code as an upload
// (imagem.Preparar). Those checked out "sem venda" become "Loja fechada", the reason that needs
// a photo. It lists the photos on their visits and returns them to store.
func DemoFotos(vs []*domain.Visita) ([]*domain.FotoVisitaCadastro, error) {
	fechada := domain.ConfiguracaoPadrao().Motivo("loja-fechada")
	var out []*domain.FotoVisitaCadastro
	for i, v := range vs {
		if i%DemoCadaQuantasFotos != DemoCadaQuantasFotos-1 {
			continue
		}
		img, err := imagem.Preparar(fachada(i), domain.TamanhosFotoVisita)
		if err != nil {
			return nil, fmt.Errorf("foto demo: %w", err)
		}
		capturado := v.Inicio.Add(time.Duration(2+i%5) * time.Minute)
		if !v.Fim.IsZero() && capturado.After(v.Fim) {
			capturado = v.Fim
		}
		f := &domain.FotoVisitaCadastro{Meta: store.Meta{ID: "demo-foto-" + v.ID, Empresa: v.Empresa, CriadoPor: v.VendedorID,
			AlteradoPor: v.VendedorID, CriadoEm: capturado, AlteradoEm: capturado},
			VisitaID: v.ID, VendedorID: v.VendedorID, CapturadoEm: capturado.UTC(), Latitude: v.Latitude, Longitude: v.Longitude,
			Precisao: v.Precisao, Hash: img.Hash, Grande: img.Grande, Miniatura: img.Miniatura}
		v.AnexarFoto(f.Resumo())
		if v.Resultado == domain.ResultadoSemVenda && fechada != nil {
			v.MotivoID, v.MotivoNome = fechada.ID, fechada.Nome
		}
		out = append(out, f)
	}
	return out, nil
}

// fachada draws a 480 × 360 picture: a sky, a coloured storefront with a door and a sign (its
// hue from n), as a JPEG.
func fachada(n int) []byte {
	const w, h = 480, 360
	hue := float64((n * 47) % 360)
	parede := hsv(hue, 0.55, 0.85)
	placa := hsv(math.Mod(hue+180, 360), 0.7, 0.9)
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{R: 150, G: 200, B: 240, A: 255} // sky
			switch {
			case y > 300:
				c = color.RGBA{R: 110, G: 110, B: 110, A: 255} // pavement
			case y > 80 && x > 40 && x < 440:
				c = parede
				if y > 100 && y < 140 && x > 80 && x < 400 {
					c = placa
				}
				if y > 180 && x > 200 && x < 280 {
					c = color.RGBA{R: 70, G: 50, B: 40, A: 255} // the door
				}
			}
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	_ = jpeg.Encode(&b, img, &jpeg.Options{Quality: 75}) // writing to memory does not fail
	return b.Bytes()
}

func hsv(h, s, v float64) color.RGBA {
	c := v * s
	x := c * (1 - math.Abs(math.Mod(h/60, 2)-1))
	m := v - c
	var r, g, b float64
	switch {
	case h < 60:
		r, g = c, x
	case h < 120:
		r, g = x, c
	case h < 180:
		g, b = c, x
	case h < 240:
		g, b = x, c
	case h < 300:
		r, b = x, c
	default:
		r, b = c, x
	}
	return color.RGBA{R: uint8((r + m) * 255), G: uint8((g + m) * 255), B: uint8((b + m) * 255), A: 255}
}

// seedDemoFotos stores the demo visits' photos.
func (f *Field) seedDemoFotos(ctx context.Context, fotos []*domain.FotoVisitaCadastro) error {
	if len(fotos) == 0 {
		return nil
	}
	if _, _, err := f.fotos.Fotos.Import(ctx, fotos); err != nil {
		return fmt.Errorf("fotos demo: %w", err)
	}
	return nil
}
