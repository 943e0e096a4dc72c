package domain

import (
	"fmt"
	"time"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/imagem"
	"github.com/crmvendas/crm/services/platform/store"
)

// A visit's photos: the seller's device compresses the picture and sends it through its outbox;
// the server checks it and keeps a JPEG of at most LadoFotoVisita px and a thumbnail
// (services/platform/imagem, as a product's photo), one document per photo, and the visit lists
// them (Visita.Fotos) — so a reason that needs a photo (MotivoSemVenda.ExigeFoto) can be checked.
const (
	LadoFotoVisita      = 1280
	LadoMiniaturaVisita = 200
	// MaxFotosVisita bounds the photos of one visit.
	MaxFotosVisita = 10
	// CampoFotoImagem is the request field of the picture.
	CampoFotoImagem = "imagem_base64"
	// Sizes a photo is read in.
	TamanhoMiniatura = "miniatura"
	TamanhoGrande    = "grande"
)

// TamanhosFotoVisita are a visit photo's two stored sizes.
var TamanhosFotoVisita = imagem.Tamanhos{Grande: LadoFotoVisita, Miniatura: LadoMiniaturaVisita, Campo: CampoFotoImagem}

// Messages of a visit's photos.
const (
	MsgFotoNaoEncontrada  = "Foto não encontrada."
	MsgFotoForaDoEscopo   = "Acesso negado: esta foto é de uma visita fora da sua equipe."
	MsgSemIDFoto          = "Informe o id da foto."
	MsgSoVendedorFoto     = "Só o vendedor da visita envia fotos dela."
	MsgFotoTamanho        = "Tamanho deve ser miniatura ou grande."
	MsgFotoOutraVisita    = "Este id de foto já foi usado em outra visita."
	MsgFotoFutura         = "A hora da foto está no futuro: acerte o relógio do aparelho."
	MsgFotoAntesCheckin   = "A foto foi tirada antes do check-in desta visita."
	MsgFotoDepoisVisita   = "Esta visita já foi encerrada: só uma foto tirada antes do check-out pode ser anexada."
	MsgFotoPosicao        = "Localização inválida: latitude de -90 a 90 e longitude de -180 a 180."
	MsgSoVendedorExclui   = "Só o vendedor da visita exclui fotos dela: a foto é a prova da visita."
	MsgFotoProvaEncerrada = "A visita já foi encerrada: a foto é a prova dela e não pode ser excluída."
)

// MsgMaxFotos refuses a photo past the limit of a visit.
var MsgMaxFotos = fmt.Sprintf("Uma visita tem no máximo %d fotos.", MaxFotosVisita)

// FotoVisita is a photo as the visit lists it.
type FotoVisita struct {
	ID           string    `bson:"id"`
	CapturadoEm  time.Time `bson:"capturado_em"`
	Latitude     *float64  `bson:"latitude,omitempty"`
	Longitude    *float64  `bson:"longitude,omitempty"`
	TamanhoBytes int64     `bson:"tamanho_bytes"`
}

// FotoVisitaCadastro is a stored photo (id: the device's); the owner (role scope) is the visit's
// seller.
type FotoVisitaCadastro struct {
	store.Meta  `bson:",inline"`
	VisitaID    string    `bson:"visita_id"`
	VendedorID  string    `bson:"vendedor_id"`
	CapturadoEm time.Time `bson:"capturado_em"`
	Latitude    *float64  `bson:"latitude,omitempty"`
	Longitude   *float64  `bson:"longitude,omitempty"`
	Precisao    *float64  `bson:"precisao_metros,omitempty"`
	Hash        string    `bson:"hash"`
	Grande      []byte    `bson:"grande"`
	Miniatura   []byte    `bson:"miniatura"`
}

// Resumo is the photo as the visit lists it.
func (f *FotoVisitaCadastro) Resumo() FotoVisita {
	return FotoVisita{ID: f.ID, CapturadoEm: f.CapturadoEm, Latitude: f.Latitude, Longitude: f.Longitude, TamanhoBytes: int64(len(f.Grande))}
}

// PodeReceberFoto says whether a photo taken at capturado (device clock) may be attached to the
// visit at agora (server clock): not from the future, not before the check-in, and on a closed
// visit only one taken before its check-out (sent later from the outbox); at most MaxFotosVisita.
// A nil error: yes.
func (v *Visita) PodeReceberFoto(capturado, agora time.Time) error {
	switch {
	case capturado.After(agora.Add(5 * time.Minute)):
		return fieldErr("capturado_em", MsgFotoFutura)
	case capturado.Before(v.Inicio.Add(-ToleranciaRelogio)):
		return fieldErr("capturado_em", MsgFotoAntesCheckin)
	case v.Status != StatusEmAndamento && capturado.After(v.Fim.Add(ToleranciaRelogio)):
		return fieldErr("capturado_em", MsgFotoDepoisVisita)
	case len(v.Fotos) >= MaxFotosVisita:
		return fieldErr("foto_id", MsgMaxFotos)
	}
	return nil
}

// AnexarFoto lists a photo on the visit (once: an id already listed changes nothing); it reports
// whether the visit changed.
func (v *Visita) AnexarFoto(f FotoVisita) bool {
	if v.ListaFoto(f.ID) {
		return false
	}
	v.Fotos = append(v.Fotos, f)
	return true
}

// PodeExcluirFoto says whether a photo may leave the visit: only while the visit is open (after
// the check-out the photo is the visit's proof). A nil error: yes.
func (v *Visita) PodeExcluirFoto() error {
	if v.Status != StatusEmAndamento {
		return errs.Conflict(MsgFotoProvaEncerrada).WithReason(errs.ReasonVisitaEncerrada)
	}
	return nil
}

// ListaFoto reports whether the visit lists the photo id.
func (v *Visita) ListaFoto(id string) bool {
	for _, x := range v.Fotos {
		if x.ID == id {
			return true
		}
	}
	return false
}

// RetirarFoto takes a photo off an open visit's list (PodeExcluirFoto); it reports whether the
// visit changed.
func (v *Visita) RetirarFoto(id string) (bool, error) {
	if !v.ListaFoto(id) {
		return false, nil
	}
	if err := v.PodeExcluirFoto(); err != nil {
		return false, err
	}
	fs := make([]FotoVisita, 0, len(v.Fotos)-1)
	for _, x := range v.Fotos {
		if x.ID != id {
			fs = append(fs, x)
		}
	}
	if len(fs) == 0 {
		fs = nil
	}
	v.Fotos = fs
	return true, nil
}

// Liberar turns a stored photo into a tombstone without its picture (the storage is freed; the
// id stays, so a replayed upload or delete is recognised).
func (f *FotoVisitaCadastro) Liberar() {
	f.Excluido = true
	f.Grande, f.Miniatura = nil, nil
}

func fieldErr(campo, msg string) error {
	var x errs.Violacoes
	x.Add(campo, msg)
	return x.Err()
}
