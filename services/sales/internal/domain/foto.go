package domain

import (
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/imagem"
	"github.com/crmvendas/crm/services/platform/store"
)

// A product's photo: what ADMIN uploads (a JPEG, PNG or WebP from a phone or a catalogue) and
// the two JPEGs the devices download, sized for a phone's screen. The checks, the turn and the
// resizing are the platform's (services/platform/imagem).
const (
	// MaxFotoBytes is the largest image file accepted (decoded from base64).
	MaxFotoBytes = imagem.MaxBytes
	// MaxFotoPixels refuses decode bombs.
	MaxFotoPixels = imagem.MaxPixels
	// LadoGrande and LadoMiniatura bound the longest side of the two stored sizes.
	LadoGrande    = 800
	LadoMiniatura = 200
	// QualidadeJPEG of both sizes.
	QualidadeJPEG = imagem.QualidadeJPEG
)

// Messages of a photo.
const (
	MsgFotoFormato   = imagem.MsgFormato
	MsgFotoGrande    = imagem.MsgGrande
	MsgFotoPixels    = imagem.MsgPixels
	MsgFotoVazia     = imagem.MsgVazia
	MsgSemFoto       = "Este produto não tem foto."
	MsgFotoTamanho   = "Tamanho deve ser miniatura ou grande."
	CampoFotoImagem  = "imagem_base64"
	TamanhoMiniatura = "miniatura"
	TamanhoGrande    = "grande"
)

// ReasonSemFoto: the product exists but has no photo (404), told apart from a missing product.
const ReasonSemFoto = errs.ReasonSemFoto

// FotoCadastro is a product's stored photo: one document per product (id = the product's id),
// apart from the product so that the product's change feed stays small.
type FotoCadastro struct {
	store.Meta `bson:",inline"`
	// Hash identifies the photo (the product's foto_versao).
	Hash      string `bson:"hash"`
	Grande    []byte `bson:"grande"`
	Miniatura []byte `bson:"miniatura"`
	Largura   int    `bson:"largura"`
	Altura    int    `bson:"altura"`
}

// Foto is an uploaded image made ready to store.
type Foto = imagem.Imagem

// TamanhosFoto are a product photo's two sizes.
var TamanhosFoto = imagem.Tamanhos{Grande: LadoGrande, Miniatura: LadoMiniatura, Campo: CampoFotoImagem}

// LerBase64 decodes the upload (imagem.LerBase64), its errors on imagem_base64.
func LerBase64(s string) ([]byte, error) { return imagem.LerBase64(s, CampoFotoImagem) }

// PrepararFoto checks an uploaded image and makes its two JPEGs (imagem.Preparar).
func PrepararFoto(raw []byte) (*Foto, error) { return imagem.Preparar(raw, TamanhosFoto) }

// Medida and OrientacaoEXIF are the platform's (imagem.Medida, imagem.OrientacaoEXIF).
var (
	Medida         = imagem.Medida
	OrientacaoEXIF = imagem.OrientacaoEXIF
)
