package imagem

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/errs"
)

// One photo is prepared at a time: while one is being worked on, the next waits, and gives up
// (503, in pt-BR) when its call runs out of time.
func TestPrepararUmaFotoDeCadaVez(t *testing.T) {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewNRGBA(image.Rect(0, 0, 10, 10))); err != nil {
		t.Fatal(err)
	}
	preparando <- struct{}{} // another upload is being prepared
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := PrepararUmaDeCadaVez(ctx, b.Bytes(), tamanhos); !errs.IsKind(err, errs.KindUnavailable) {
		t.Fatalf("com outra em andamento: %v", err)
	}
	done := make(chan error)
	go func() {
		_, err := PrepararUmaDeCadaVez(context.Background(), b.Bytes(), tamanhos)
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("não esperou a outra: %v", err)
	case <-time.After(50 * time.Millisecond):
	}
	<-preparando // the other one ends
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if len(preparando) != 0 {
		t.Error("a vez não foi devolvida")
	}
}

var tamanhos = Tamanhos{Grande: 1280, Miniatura: 200, Campo: "imagem_base64"}

// The sizes are the caller's: a visit's 1280 px photo is not cut to a product's 800, its
// thumbnail fits 200, and the errors name the caller's field.
func TestPrepararNosTamanhosDoChamador(t *testing.T) {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewNRGBA(image.Rect(0, 0, 2000, 1000))); err != nil {
		t.Fatal(err)
	}
	f, err := Preparar(b.Bytes(), tamanhos)
	if err != nil {
		t.Fatal(err)
	}
	g, err := jpeg.DecodeConfig(bytes.NewReader(f.Grande))
	if err != nil || g.Width != 1280 || g.Height != 640 || f.Largura != 1280 || f.Altura != 640 {
		t.Errorf("grande %dx%d (%v), registrado %dx%d", g.Width, g.Height, err, f.Largura, f.Altura)
	}
	m, err := jpeg.DecodeConfig(bytes.NewReader(f.Miniatura))
	if err != nil || m.Width != 200 || m.Height != 100 {
		t.Errorf("miniatura %dx%d (%v)", m.Width, m.Height, err)
	}
	_, err = Preparar([]byte("GIF89a"), Tamanhos{Grande: 10, Miniatura: 5, Campo: "arquivo"})
	var fe *errs.Error
	if !errors.As(err, &fe) || len(fe.Fields) != 1 || fe.Fields[0].Field != "arquivo" || fe.Fields[0].Description != MsgFormato {
		t.Errorf("formato: %v", err)
	}
}
