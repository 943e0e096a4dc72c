package ports

import (
	"context"

	"google.golang.org/genproto/googleapis/api/httpbody"

	fieldv1 "github.com/crmvendas/crm/proto/gen/go/crm/field/v1"
	"github.com/crmvendas/crm/services/field/internal/app"
	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/auth"
)

// FotosVisita implements fieldv1.FotosVisitaServiceServer.
type FotosVisita struct {
	fieldv1.UnimplementedFotosVisitaServiceServer
	App *app.FotosVisita
}

// PoliticasFotos: every operator sends photos of their own visits and reads those of the visits
// in their scope (the use cases apply it).
var PoliticasFotos = auth.Policies{
	fieldv1.FotosVisitaService_EnviarFotoVisita_FullMethodName: {},
	fieldv1.FotosVisitaService_ObterFotoVisita_FullMethodName:  {},
	// Only the visit's own seller, while it is open (the use case): never another's proof.
	fieldv1.FotosVisitaService_ExcluirFotoVisita_FullMethodName: {},
}

func fotosProto(fs []domain.FotoVisita) []*fieldv1.FotoVisita {
	if len(fs) == 0 {
		return nil
	}
	out := make([]*fieldv1.FotoVisita, 0, len(fs))
	for _, f := range fs {
		out = append(out, &fieldv1.FotoVisita{Id: f.ID, CapturadoEm: ts(f.CapturadoEm), Latitude: f.Latitude, Longitude: f.Longitude,
			TamanhoBytes: f.TamanhoBytes})
	}
	return out
}

func (s *FotosVisita) EnviarFotoVisita(ctx context.Context, r *fieldv1.EnviarFotoVisitaRequest) (*fieldv1.Visita, error) {
	return um(s.App.Enviar(ctx, app.EnvioFoto{VisitaID: r.GetId(), FotoID: r.GetFotoId(), ImagemBase64: r.GetImagemBase64(),
		CapturadoEm: tempo(r.GetCapturadoEm()), Latitude: r.Latitude, Longitude: r.Longitude, Precisao: r.PrecisaoMetros}))
}

// ObterFotoVisita answers the JPEG itself (over REST: the body, Content-Type image/jpeg).
func (s *FotosVisita) ObterFotoVisita(ctx context.Context, r *fieldv1.ObterFotoVisitaRequest) (*httpbody.HttpBody, error) {
	b, err := s.App.Obter(ctx, r.GetId(), r.GetFotoId(), r.GetTamanho())
	if err != nil {
		return nil, err
	}
	return &httpbody.HttpBody{ContentType: "image/jpeg", Data: b}, nil
}

func (s *FotosVisita) ExcluirFotoVisita(ctx context.Context, r *fieldv1.ExcluirFotoVisitaRequest) (*fieldv1.Visita, error) {
	return um(s.App.Excluir(ctx, r.GetId(), r.GetFotoId()))
}
