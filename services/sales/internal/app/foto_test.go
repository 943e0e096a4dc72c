package app

import (
	"bytes"
	"context"
	"image"
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
	if _, err := prepararUmaDeCadaVez(ctx, b.Bytes()); !errs.IsKind(err, errs.KindUnavailable) {
		t.Fatalf("com outra em andamento: %v", err)
	}
	done := make(chan error)
	go func() {
		_, err := prepararUmaDeCadaVez(context.Background(), b.Bytes())
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
