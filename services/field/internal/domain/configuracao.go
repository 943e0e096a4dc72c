package domain

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/crmvendas/crm/services/platform/errs"
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

// Limits of the settings.
const (
	MaxRaio         = 50000
	MaxPrecisao     = 10000
	MaxIdade        = 86400
	MaxCheckoutAuto = 24 * 60
	MaxMotivos      = 50
	MaxNomeMotivo   = 80
)

// Normalizar checks the settings: a radius from 10 m to 50 km, avisar or bloquear, an accuracy from
// 5 m to 10 km, a fix age from 10 s to a day, an automatic check-out from 15 min to a day, and
// up to 50 reasons with distinct ids and names (an id is made from the name when empty).
func (c *Configuracao) Normalizar() error {
	var v errs.Violacoes
	faixa := func(campo, nome string, x, min, max int32, unidade string) {
		if x < min || x > max {
			v.Add(campo, fmt.Sprintf("%s deve ficar entre %d e %d %s.", nome, min, max, unidade))
		}
	}
	faixa("raio_metros", "O raio", c.RaioMetros, 10, MaxRaio, "metros")
	c.ForaDoRaio = strings.ToLower(strings.TrimSpace(c.ForaDoRaio))
	if c.ForaDoRaio != ForaDoRaioAvisar && c.ForaDoRaio != ForaDoRaioBloquear {
		v.Add("fora_do_raio", "Fora do raio deve ser avisar ou bloquear.")
	}
	faixa("precisao_maxima_metros", "A precisão máxima", c.PrecisaoMaximaMetros, 5, MaxPrecisao, "metros")
	faixa("idade_maxima_posicao_segundos", "A idade máxima da posição", c.IdadeMaximaPosicaoSegundos, 10, MaxIdade, "segundos")
	faixa("checkout_automatico_minutos", "O check-out automático", c.CheckoutAutomaticoMinutos, 15, MaxCheckoutAuto, "minutos")
	if len(c.MotivosSemVenda) > MaxMotivos {
		v.Add("motivos_sem_venda", fmt.Sprintf("Informe no máximo %d motivos.", MaxMotivos))
	}
	ids, nomes := map[string]bool{}, map[string]bool{}
	for i := range c.MotivosSemVenda {
		m := &c.MotivosSemVenda[i]
		m.Nome = strings.Join(strings.Fields(m.Nome), " ")
		m.ID = strings.TrimSpace(m.ID)
		if m.ID == "" {
			m.ID = slug(m.Nome)
		}
		switch {
		case m.Nome == "":
			v.Add("motivos_sem_venda", "Cada motivo precisa de um nome.")
		case len([]rune(m.Nome)) > MaxNomeMotivo:
			v.Add("motivos_sem_venda", fmt.Sprintf("O nome de um motivo tem no máximo %d caracteres.", MaxNomeMotivo))
		case !idMotivo.MatchString(m.ID):
			v.Add("motivos_sem_venda", "O id de um motivo usa letras, números, - e _ (até 64 caracteres).")
		case ids[m.ID] || nomes[strings.ToLower(m.Nome)]:
			v.Add("motivos_sem_venda", fmt.Sprintf("O motivo \"%s\" está repetido.", m.Nome))
		}
		ids[m.ID], nomes[strings.ToLower(m.Nome)] = true, true
	}
	return v.Err()
}

// ConfiguracaoCadastro is the stored settings of a company (one record, id ConfiguracaoID).
type ConfiguracaoCadastro struct {
	store.Meta   `bson:",inline"`
	Configuracao `bson:",inline"`
}

// ConfiguracaoID is the id of a company's settings.
func ConfiguracaoID(empresa string) string { return "visitas-" + empresa }

var (
	idMotivo = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)
	naoSlug  = regexp.MustCompile(`[^a-z0-9]+`)
)

// slug makes a reason's id from its name: "Loja fechada" → "loja-fechada".
func slug(nome string) string {
	s := strings.Trim(naoSlug.ReplaceAllString(textfold.Fold(nome), "-"), "-")
	if len(s) > 64 {
		s = strings.TrimRight(s[:64], "-")
	}
	return s
}
