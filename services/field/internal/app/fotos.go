package app

import (
	"context"
	"strings"
	"time"

	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/imagem"
	"github.com/crmvendas/crm/services/platform/store"
)

// FotosVisita are the use cases of a visit's photos. The picture is stored first (its own
// document, the device's id), then listed on the visit: a failure in between is mended by the
// outbox's replay, which lists the stored photo.
type FotosVisita struct {
	Visitas *Visitas
	Fotos   *store.Collection[domain.FotoVisitaCadastro]
}

// EnvioFoto is what the device sends.
type EnvioFoto struct {
	VisitaID, FotoID, ImagemBase64 string
	CapturadoEm                    time.Time // device clock; zero: the server's
	Latitude, Longitude, Precisao  *float64
}

// Enviar attaches a photo to the caller's own visit (domain.Visita.PodeReceberFoto) and returns
// the visit. A replayed photo id returns the visit with that photo, whatever the new payload.
func (s *FotosVisita) Enviar(ctx context.Context, in EnvioFoto) (*domain.Visita, error) {
	c := caller.From(ctx)
	visitaID := strings.TrimSpace(in.VisitaID)
	if visitaID == "" {
		return nil, errs.Field("id", domain.MsgSemIDVisita)
	}
	if strings.TrimSpace(in.FotoID) == "" {
		return nil, errs.Field("foto_id", domain.MsgSemIDFoto)
	}
	fotoID, err := entity.NovoID(in.FotoID)
	if err != nil {
		return nil, errs.Field("foto_id", entity.MsgID)
	}
	v, err := s.Visitas.Col.Visitas.Get(ctx, escopo(ctx), visitaID)
	if err != nil {
		return nil, err
	}
	if v.VendedorID != c.Operador {
		return nil, errs.OutOfScope(domain.MsgSoVendedorFoto)
	}
	// A replay: the stored photo, listed on its visit — unless the seller deleted it since (a
	// deleted photo stays deleted: the visit as it is).
	if f, err := s.Fotos.GetAny(ctx, escopo(ctx), fotoID); err == nil {
		if f.VisitaID != visitaID {
			return nil, errs.Conflict(domain.MsgFotoOutraVisita).WithReason(errs.ReasonIDReutilizado)
		}
		if f.Excluido {
			return v, nil
		}
		return s.listar(ctx, v, f)
	} else if !errs.IsKind(err, errs.KindNotFound) {
		return nil, err
	}
	agora := s.Visitas.agora()
	capturado := in.CapturadoEm.UTC()
	if capturado.IsZero() {
		capturado = agora
	}
	if err := v.PodeReceberFoto(capturado, agora); err != nil {
		return nil, err
	}
	if (in.Latitude == nil) != (in.Longitude == nil) ||
		(in.Latitude != nil && !(domain.Ponto{Latitude: *in.Latitude, Longitude: *in.Longitude}).Valido()) {
		return nil, errs.Field("latitude", domain.MsgFotoPosicao)
	}
	raw, err := imagem.LerBase64(in.ImagemBase64, domain.CampoFotoImagem)
	if err != nil {
		return nil, err
	}
	img, err := imagem.PrepararUmaDeCadaVez(ctx, raw, domain.TamanhosFotoVisita)
	if err != nil {
		return nil, err
	}
	f := &domain.FotoVisitaCadastro{Meta: store.Meta{ID: fotoID}, VisitaID: visitaID, VendedorID: c.Operador, CapturadoEm: capturado,
		Latitude: in.Latitude, Longitude: in.Longitude, Precisao: in.Precisao, Hash: img.Hash, Grande: img.Grande, Miniatura: img.Miniatura}
	f, _, err = s.Fotos.Create(ctx, store.Scope{Empresa: c.Empresa, Owners: []string{c.Operador}}, f)
	if err != nil {
		return nil, err
	}
	if f.Excluido { // deleted while this upload was on its way
		return v, nil
	}
	return s.listar(ctx, v, f)
}

// listar lists a stored photo on its visit (once).
func (s *FotosVisita) listar(ctx context.Context, v *domain.Visita, f *domain.FotoVisitaCadastro) (*domain.Visita, error) {
	for _, x := range v.Fotos {
		if x.ID == f.ID {
			return v, nil
		}
	}
	return s.Visitas.Col.Visitas.Update(ctx, escopo(ctx), v.ID, 0, func(v *domain.Visita) error {
		v.AnexarFoto(f.Resumo())
		return nil
	})
}

// Excluir removes a wrong photo from the caller's own open visit (domain.Visita.PodeExcluirFoto)
// and returns the visit: first off the visit's list (so the check-out's rules see it gone at once;
// the visit's versao moves and its feed carries it), then the stored photo becomes a tombstone
// without its picture. Only the visit's seller: a SUPERVISOR or ADMIN never removes a seller's
// proof. Idempotent: a photo already gone (a replay from the outbox, or one never sent) answers
// the visit, and a delete interrupted between the two writes is finished by its replay. Another
// company's visit is not found (404).
func (s *FotosVisita) Excluir(ctx context.Context, visitaID, fotoID string) (*domain.Visita, error) {
	c := caller.From(ctx)
	visitaID, fotoID = strings.TrimSpace(visitaID), strings.TrimSpace(fotoID)
	if visitaID == "" {
		return nil, errs.Field("id", domain.MsgSemIDVisita)
	}
	if fotoID == "" {
		return nil, errs.Field("foto_id", domain.MsgSemIDFoto)
	}
	if _, err := entity.NovoID(fotoID); err != nil {
		return nil, errs.Field("foto_id", entity.MsgID)
	}
	// The company first: another company's visit is one that does not exist for the caller.
	v, err := s.Visitas.Col.Visitas.Get(ctx, empresa(ctx), visitaID)
	if errs.IsKind(err, errs.KindForbidden) {
		return nil, errs.NotFound(domain.MsgVisitaNaoEncontrada)
	}
	if err != nil {
		return nil, err
	}
	if v.VendedorID != c.Operador {
		return nil, errs.OutOfScope(domain.MsgSoVendedorExclui)
	}
	f, err := s.Fotos.GetAny(ctx, escopo(ctx), fotoID)
	if errs.IsKind(err, errs.KindNotFound) {
		return v, nil // never stored: nothing to remove
	}
	if err != nil {
		return nil, err
	}
	if f.VisitaID != visitaID {
		return nil, errs.NotFound(domain.MsgFotoNaoEncontrada)
	}
	if v.ListaFoto(fotoID) {
		if err := v.PodeExcluirFoto(); err != nil {
			return nil, err
		}
		v, err = s.Visitas.Col.Visitas.Update(ctx, escopo(ctx), visitaID, 0, func(x *domain.Visita) error {
			_, err := x.RetirarFoto(fotoID)
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	if !f.Excluido {
		if _, err := s.Fotos.Update(ctx, escopo(ctx), fotoID, 0, func(x *domain.FotoVisitaCadastro) error {
			x.Liberar()
			return nil
		}, store.IncludeDeleted); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// Obter returns the JPEG of a visit's photo in the caller's scope: tamanho "miniatura" (at most
// 200 px) or "grande" (the default). Another company's photo is not found (404); a visit out of
// the caller's scope → 403.
func (s *FotosVisita) Obter(ctx context.Context, visitaID, fotoID, tamanho string) ([]byte, error) {
	if tamanho != "" && tamanho != domain.TamanhoMiniatura && tamanho != domain.TamanhoGrande {
		return nil, errs.Field("tamanho", domain.MsgFotoTamanho)
	}
	visitaID, fotoID = strings.TrimSpace(visitaID), strings.TrimSpace(fotoID)
	if visitaID == "" {
		return nil, errs.Field("id", domain.MsgSemIDVisita)
	}
	if fotoID == "" {
		return nil, errs.Field("foto_id", domain.MsgSemIDFoto)
	}
	naoEncontrada := errs.NotFound(domain.MsgFotoNaoEncontrada)
	// The company first: another company's photo is one that does not exist for the caller.
	f, err := s.Fotos.Get(ctx, empresa(ctx), fotoID)
	if errs.IsKind(err, errs.KindForbidden) {
		return nil, naoEncontrada
	}
	if err != nil {
		return nil, err
	}
	if f.VisitaID != visitaID {
		return nil, naoEncontrada
	}
	// Then the role scope, the visit's.
	if _, err := s.Visitas.Col.Visitas.Get(ctx, escopo(ctx), visitaID); err != nil {
		return nil, err
	}
	if tamanho == domain.TamanhoMiniatura {
		return f.Miniatura, nil
	}
	return f.Grande, nil
}
