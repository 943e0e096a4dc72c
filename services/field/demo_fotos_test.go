package field_test

import (
	"bytes"
	"image/jpeg"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/field"
)

// TestDemoFotos: some demo visits have a photo (a real JPEG, small, taken during the visit, where
// the check-in was), listed on the visit; a demo visit closed with the reason that needs a photo
// always has one.
func TestDemoFotos(t *testing.T) {
	clientes := []field.ClienteDemo{
		{ID: "c1", VendedorID: "v1", Nome: "Mercado Um", Latitude: -23.55, Longitude: -46.63},
		{ID: "c2", VendedorID: "v2", Nome: "Padaria Dois", Latitude: -25.43, Longitude: -49.27},
	}
	vs := field.DemoVisitas("demo", clientes, time.Date(2026, 11, 27, 15, 0, 0, 0, time.UTC), 30)
	fotos, err := field.DemoFotos(vs)
	if err != nil {
		t.Fatal(err)
	}
	if len(fotos) < len(vs)/10 || len(fotos) > len(vs)/3 {
		t.Fatalf("%d fotos em %d visitas", len(fotos), len(vs))
	}
	porVisita := map[string]int{}
	for _, f := range fotos {
		porVisita[f.VisitaID]++
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(f.Grande))
		if err != nil || cfg.Width != 480 || cfg.Height != 360 {
			t.Errorf("%s: %dx%d %v", f.ID, cfg.Width, cfg.Height, err)
		}
		if m, err := jpeg.DecodeConfig(bytes.NewReader(f.Miniatura)); err != nil || m.Width != 200 {
			t.Errorf("%s: miniatura %v", f.ID, err)
		}
		if len(f.Grande) > 50_000 || f.Empresa != "demo" || f.VendedorID == "" || f.Latitude == nil {
			t.Errorf("%s: %d bytes, %+v", f.ID, len(f.Grande), f.Meta)
		}
	}
	loja := 0
	for _, v := range vs {
		if len(v.Fotos) != porVisita[v.ID] {
			t.Errorf("%s lista %d fotos, %d guardadas", v.ID, len(v.Fotos), porVisita[v.ID])
		}
		for _, f := range v.Fotos {
			if f.CapturadoEm.Before(v.Inicio) || f.CapturadoEm.After(v.Fim) || f.TamanhoBytes == 0 {
				t.Errorf("%s: foto %+v fora da visita %s–%s", v.ID, f, v.Inicio, v.Fim)
			}
		}
		if v.MotivoID == "loja-fechada" {
			loja++
			if len(v.Fotos) == 0 {
				t.Errorf("%s: Loja fechada sem foto", v.ID)
			}
		}
	}
	if loja == 0 {
		t.Error("nenhuma visita demo com Loja fechada")
	}
}
