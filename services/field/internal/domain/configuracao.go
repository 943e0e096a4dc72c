package domain

import (
	"regexp"
	"strings"

	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/textfold"
)

// What fora_do_raio does to a check-in.
const (
	ForaDoRaioAvisar   = "avisar"
	ForaDoRaioBloquear = "bloquear"
)

// MotivoSemVenda is a reason of the company's list for a visit without a sale.
type MotivoSemVenda struct {
	ID        string `bson:"id"`
	Nome      string `bson:"nome"`
	ExigeFoto bool   `bson:"exige_foto"`
}

// Configuracao is the company's visit settings.
type Configuracao struct {
	RaioMetros                 int32            `bson:"raio_metros"`
	ForaDoRaio                 string           `bson:"fora_do_raio"`
	PrecisaoMaximaMetros       int32            `bson:"precisao_maxima_metros"`
	IdadeMaximaPosicaoSegundos int32            `bson:"idade_maxima_posicao_segundos"`
	CheckoutAutomaticoMinutos  int32            `bson:"checkout_automatico_minutos"`
	MotivosSemVenda            []MotivoSemVenda `bson:"motivos_sem_venda"`
}

// ConfiguracaoPadrao is a company's settings until an ADMIN sets them.
func ConfiguracaoPadrao() Configuracao {
	return Configuracao{RaioMetros: 200, ForaDoRaio: ForaDoRaioAvisar, PrecisaoMaximaMetros: 100, IdadeMaximaPosicaoSegundos: 120,
		CheckoutAutomaticoMinutos: 240, MotivosSemVenda: []MotivoSemVenda{
			{ID: "estoque-cheio", Nome: "Cliente com estoque cheio"},
			{ID: "sem-comprador", Nome: "Comprador ausente"},
			{ID: "preco", Nome: "Preço acima da concorrência"},
			{ID: "loja-fechada", Nome: "Loja fechada", ExigeFoto: true},
		}}
}

// Motivo is the reason of id in the list (nil when unknown).
func (c Configuracao) Motivo(id string) *MotivoSemVenda {
	for i := range c.MotivosSemVenda {
		if c.MotivosSemVenda[i].ID == id {
			return &c.MotivosSemVenda[i]
		}
	}
	return nil
}

// Normalizar checks the settings (their ranges, options, reasons and messages, the app's too, are
// declared in contracts/formularios.json, ConfiguracaoVisitas, and generated into
// formularios.gen.go): a radius from 10 m to 50 km, avisar or bloquear, an accuracy from 5 m to
// 10 km, a fix age from 10 s to a day, an automatic check-out from 15 min to a day, and up to 50
// reasons with distinct ids and names. A reason without an id gets one made from its name here,
// before the rules (the app sends new reasons without one).
func (c *Configuracao) Normalizar() error {
	c.normalizarFormulario()
	for i := range c.MotivosSemVenda {
		if m := &c.MotivosSemVenda[i]; m.ID == "" {
			m.ID = slug(m.Nome)
		}
	}
	return c.Validar()
}

// ConfiguracaoCadastro is the stored settings of a company (one record, id ConfiguracaoID).
type ConfiguracaoCadastro struct {
	store.Meta   `bson:",inline"`
	Configuracao `bson:",inline"`
}

// ConfiguracaoID is the id of a company's settings.
func ConfiguracaoID(empresa string) string { return "visitas-" + empresa }

var naoSlug = regexp.MustCompile(`[^a-z0-9]+`)

// slug makes a reason's id from its name: "Loja fechada" → "loja-fechada".
func slug(nome string) string {
	s := strings.Trim(naoSlug.ReplaceAllString(textfold.Fold(nome), "-"), "-")
	if len(s) > 64 {
		s = strings.TrimRight(s[:64], "-")
	}
	return s
}
