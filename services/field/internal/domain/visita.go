// Package domain holds the field service's rules, free of storage and transport: the distance
// of a check-in to the customer (Haversine), the verdict on the position (Veredito, a pure
// function), the company's visit settings and the check-out's rules.
package domain

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// Messages a user reads.
const (
	MsgVisitaNaoEncontrada  = "Visita não encontrada."
	MsgOutraEmpresa         = "Acesso negado: o registro é de outra empresa."
	MsgVisitaForaDoEscopo   = "Acesso negado: esta visita é de um vendedor fora da sua equipe."
	MsgVendedorForaEscopo   = "Este vendedor não está na sua equipe."
	MsgSemCliente           = "Informe o cliente da visita."
	MsgSemIDVisita          = "Informe o id da visita."
	MsgSoVendedorFazCheckin = "Só o vendedor faz check-in e check-out das próprias visitas."
)

// Status of a visit.
const (
	StatusEmAndamento = "em_andamento"
	StatusConcluida   = "concluida"
)

// Verdicts on a check-in's position.
const (
	Verificado             = "verificado"
	ForaDoRaio             = "fora_do_raio"
	PrecisaoInsuficiente   = "precisao_insuficiente"
	LocalizacaoAntiga      = "localizacao_antiga"
	SemLocalizacao         = "sem_localizacao"
	EnderecoSemCoordenadas = "endereco_sem_coordenadas"
)

// Vereditos are every verdict, in the order Veredito tries them.
var Vereditos = []string{SemLocalizacao, LocalizacaoAntiga, PrecisaoInsuficiente, EnderecoSemCoordenadas, ForaDoRaio, Verificado}

// Results of a check-out.
const (
	ResultadoPedido   = "pedido"
	ResultadoSemVenda = "sem_venda"
	ResultadoOutro    = "outro"
)

// Ponto is a position in decimal degrees (WGS 84).
type Ponto struct{ Latitude, Longitude float64 }

// RaioTerra is the Earth's mean radius in metres (IUGG).
const RaioTerra = 6371008.8

// Distancia is the great-circle distance in metres between a and b (Haversine).
func Distancia(a, b Ponto) float64 {
	rad := math.Pi / 180
	dLat := (b.Latitude - a.Latitude) * rad
	dLon := (b.Longitude - a.Longitude) * rad
	h := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(a.Latitude*rad)*math.Cos(b.Latitude*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * RaioTerra * math.Asin(math.Min(1, math.Sqrt(h)))
}

// Valido reports whether p is a position on Earth.
func (p Ponto) Valido() bool {
	return !math.IsNaN(p.Latitude) && !math.IsNaN(p.Longitude) && math.Abs(p.Latitude) <= 90 && math.Abs(p.Longitude) <= 180
}

// Fix is the position the device sent with a check-in: nil Ponto is no fix (permission denied
// or none to be had).
type Fix struct {
	Ponto       *Ponto
	Precisao    float64   // metres (the device's accuracy radius)
	CapturadoEm time.Time // device clock, when the fix was taken
}

// ToleranciaRelogio is how far a fix may seem to be taken after the check-in (two clocks of the
// same device read a moment apart): further is a position that cannot belong to this check-in.
const ToleranciaRelogio = 30 * time.Second

// Avaliacao is a check-in's verdict and what it was judged on.
type Avaliacao struct {
	Veredito  string
	Distancia *float64 // metres; nil without a position or an address with coordinates
	// Proposta: the address has no coordinates and the position is good enough to give it some.
	Proposta bool
}

// Veredito judges a check-in made at inicio (device clock) with fix, at a customer whose main
// address is at endereco (nil: no coordinates), under the company's settings. The first rule that
// holds wins: no fix → sem_localizacao; a fix taken more than the maximum age before the check-in
// (or after it, past the clock tolerance) → localizacao_antiga; an accuracy worse than the
// maximum (or none) → precisao_insuficiente; an address without coordinates →
// endereco_sem_coordenadas (a proposal for them); farther than the radius → fora_do_raio;
// otherwise verificado. The distance is given whenever there are a position and coordinates.
func Veredito(cfg Configuracao, inicio time.Time, fix Fix, endereco *Ponto) Avaliacao {
	var a Avaliacao
	if fix.Ponto == nil || !fix.Ponto.Valido() {
		a.Veredito = SemLocalizacao
		return a
	}
	if endereco != nil {
		d := math.Round(Distancia(*fix.Ponto, *endereco)*10) / 10
		a.Distancia = &d
	}
	idade := inicio.Sub(fix.CapturadoEm)
	switch {
	case fix.CapturadoEm.IsZero() || idade > time.Duration(cfg.IdadeMaximaPosicaoSegundos)*time.Second || idade < -ToleranciaRelogio:
		a.Veredito = LocalizacaoAntiga
	case fix.Precisao <= 0 || math.IsNaN(fix.Precisao) || fix.Precisao > float64(cfg.PrecisaoMaximaMetros):
		a.Veredito = PrecisaoInsuficiente
	case endereco == nil:
		a.Veredito = EnderecoSemCoordenadas
		a.Proposta = true
	case *a.Distancia > float64(cfg.RaioMetros):
		a.Veredito = ForaDoRaio
	default:
		a.Veredito = Verificado
	}
	return a
}

// Aviso is the pt-BR line the seller reads about a verdict (empty when verified).
func Aviso(a Avaliacao, cfg Configuracao, fix Fix) string {
	switch a.Veredito {
	case SemLocalizacao:
		return "Check-in sem localização: a visita fica registrada, mas não comprovada."
	case LocalizacaoAntiga:
		return fmt.Sprintf("A posição tem mais de %d s: a visita fica registrada, mas não comprovada.", cfg.IdadeMaximaPosicaoSegundos)
	case PrecisaoInsuficiente:
		return fmt.Sprintf("Precisão de %.0f m, acima do máximo de %d m: a visita fica registrada, mas não comprovada.", fix.Precisao, cfg.PrecisaoMaximaMetros)
	case EnderecoSemCoordenadas:
		return "O endereço do cliente não tem coordenadas: esta posição foi proposta para ele."
	case ForaDoRaio:
		return fmt.Sprintf("Você está a %s do cliente, fora do raio de %d m.", Metros(*a.Distancia), cfg.RaioMetros)
	}
	return ""
}

// Metros writes a distance for a person: "850 m", "12,4 km".
func Metros(m float64) string {
	if m < 1000 {
		return fmt.Sprintf("%.0f m", m)
	}
	return strings.Replace(fmt.Sprintf("%.1f km", m/1000), ".", ",", 1)
}

// MsgForaDoRaioBloqueado refuses a check-in out of the radius when the company blocks them.
func MsgForaDoRaioBloqueado(distancia float64, raio int32) string {
	return fmt.Sprintf("Check-in recusado: você está a %s do cliente e a empresa só aceita check-in a até %d m.", Metros(distancia), raio)
}

// Visita is a stored visit; the owner (role scope) is the seller.
type Visita struct {
	store.Meta  `bson:",inline"`
	ClienteID   string `bson:"cliente_id"`
	ClienteNome string `bson:"cliente_nome"`
	VendedorID  string `bson:"vendedor_id"`
	Status      string `bson:"status"`
	// Inicio is the device's time of the check-in; RecebidoEm the server's.
	Inicio      time.Time `bson:"inicio"`
	RecebidoEm  time.Time `bson:"recebido_em"`
	Latitude    *float64  `bson:"latitude,omitempty"`
	Longitude   *float64  `bson:"longitude,omitempty"`
	Precisao    *float64  `bson:"precisao_metros,omitempty"`
	CapturadoEm time.Time `bson:"capturado_em"`
	// Judged by the server when the check-in arrived (Derived: not part of a replay's payload).
	Distancia            *float64 `bson:"distancia_metros,omitempty"`
	Veredito             string   `bson:"veredito"`
	RaioMetros           int32    `bson:"raio_metros"`
	Aviso                string   `bson:"aviso"`
	CoordenadasPropostas bool     `bson:"coordenadas_propostas"`
	CoordenadasAceitas   bool     `bson:"coordenadas_aceitas"`
	// CoordenadasDescartadas: the proposal was dismissed (by an ADMIN, or because another
	// check-in's position was accepted for the customer's address).
	CoordenadasDescartadas bool `bson:"coordenadas_descartadas,omitempty"`
	// The check-out.
	Fim                time.Time `bson:"fim"`
	Resultado          string    `bson:"resultado"`
	PedidoID           string    `bson:"pedido_id"`
	MotivoID           string    `bson:"motivo_id"`
	MotivoNome         string    `bson:"motivo_nome"`
	Observacao         string    `bson:"observacao"`
	CheckoutAutomatico bool      `bson:"checkout_automatico"`
	// Fotos are the visit's photos (foto.go), oldest first.
	Fotos []FotoVisita `bson:"fotos,omitempty"`
}

// LimparDerivados clears what the server computes on a check-in, so a replayed check-in is
// compared by what the device sent.
func (v *Visita) LimparDerivados() {
	v.RecebidoEm, v.Distancia, v.Veredito, v.RaioMetros, v.Aviso = time.Time{}, nil, "", 0, ""
	v.CoordenadasPropostas, v.CoordenadasAceitas, v.CoordenadasDescartadas, v.ClienteNome = false, false, false, ""
	v.Status, v.Fim, v.Resultado, v.PedidoID, v.MotivoID, v.MotivoNome, v.Observacao, v.CheckoutAutomatico = "", time.Time{}, "", "", "", "", "", false
	v.Fotos = nil
}

// Normalizar checks what every stored visit holds: a customer, a seller, a known status and
// verdict.
func (v *Visita) Normalizar() error {
	var x errs.Violacoes
	if strings.TrimSpace(v.ClienteID) == "" {
		x.Add("cliente_id", MsgSemCliente)
	}
	if v.Status != StatusEmAndamento && v.Status != StatusConcluida {
		x.Add("status", "Status da visita deve ser em_andamento ou concluida.")
	}
	if !slices.Contains(Vereditos, v.Veredito) {
		x.Add("veredito", "Veredito desconhecido.")
	}
	return x.Err()
}

// Ponto is the check-in's position (nil without one).
func (v *Visita) Ponto() *Ponto {
	if v.Latitude == nil || v.Longitude == nil {
		return nil
	}
	return &Ponto{Latitude: *v.Latitude, Longitude: *v.Longitude}
}

// DuracaoMinutos is the visit's length (0 while open).
func (v *Visita) DuracaoMinutos() int32 {
	if v.Fim.IsZero() || v.Fim.Before(v.Inicio) {
		return 0
	}
	return int32(v.Fim.Sub(v.Inicio).Round(time.Minute) / time.Minute)
}

// PropostaPendente: the visit proposes its position for the customer's address and it is still
// to be decided (neither accepted nor dismissed).
func (v *Visita) PropostaPendente() bool {
	return v.CoordenadasPropostas && !v.CoordenadasAceitas && !v.CoordenadasDescartadas
}

// Messages of the coordinate proposals.
const (
	MsgSemProposta        = "Esta visita não propõe coordenadas para o endereço do cliente."
	MsgPropostaDescartada = "Esta proposta de coordenadas foi descartada: o endereço do cliente já tem coordenadas de outro check-in, ou um administrador a recusou."
	MsgPropostaJaAceita   = "Esta proposta de coordenadas já foi aceita: a posição já é a do endereço do cliente."
)

// DecidirProposta checks that the visit's proposal can still be accepted (aceitar) or dismissed:
// a visit without a proposal, or a proposal already decided the other way, is refused.
func (v *Visita) DecidirProposta(aceitar bool) error {
	switch {
	case !v.CoordenadasPropostas || v.Ponto() == nil:
		return errs.Field("id", MsgSemProposta)
	case aceitar && v.CoordenadasDescartadas:
		return errs.Field("id", MsgPropostaDescartada)
	case !aceitar && v.CoordenadasAceitas:
		return errs.Field("id", MsgPropostaJaAceita)
	}
	return nil
}

// Dia is the day of the check-in in Brazil's time (the lists' de/ate).
func (v *Visita) Dia() string { return v.Inicio.In(Fuso).Format(time.DateOnly) }

// Fuso is the time zone of the visits' days.
var Fuso = func() *time.Location {
	l, err := time.LoadLocation("America/Sao_Paulo")
	if err != nil {
		return time.FixedZone("BRT", -3*3600)
	}
	return l
}()

// MaxObservacao bounds the check-out's note.
const MaxObservacao = 1000

// Checkout is what the seller sends to close a visit.
type Checkout struct {
	Resultado  string
	PedidoID   string
	MotivoID   string
	Observacao string
	Fim        time.Time // device clock; zero: the server's
	// TemFoto: the visit has a photo (a reason may require one).
	TemFoto bool
}

// Encerrar applies a check-out to an open visit under the company's reasons: the result is one of
// pedido, sem_venda, outro; sem_venda needs a reason of the list (and a photo when the reason
// asks for it); the end is not before the start (a device clock behind is taken as the start).
func (v *Visita) Encerrar(c Checkout, cfg Configuracao, agora time.Time) error {
	if v.Status != StatusEmAndamento {
		return errs.Conflict("Esta visita já foi encerrada.").WithReason(errs.ReasonVisitaEncerrada)
	}
	var x errs.Violacoes
	c.Resultado = strings.ToLower(strings.TrimSpace(c.Resultado))
	c.Observacao = strings.TrimSpace(c.Observacao)
	c.PedidoID, c.MotivoID = strings.TrimSpace(c.PedidoID), strings.TrimSpace(c.MotivoID)
	var motivo *MotivoSemVenda
	switch c.Resultado {
	case ResultadoPedido, ResultadoOutro:
		c.MotivoID = ""
	case ResultadoSemVenda:
		c.PedidoID = ""
		if c.MotivoID == "" {
			x.Add("motivo_id", "Informe o motivo de não ter vendido.")
		} else if motivo = cfg.Motivo(c.MotivoID); motivo == nil {
			x.Add("motivo_id", "Motivo desconhecido: escolha um da lista da empresa.")
		} else if motivo.ExigeFoto && !c.TemFoto {
			x.Add("motivo_id", fmt.Sprintf("O motivo \"%s\" exige uma foto da visita.", motivo.Nome))
		}
	default:
		x.Add("resultado", "Resultado deve ser pedido, sem_venda ou outro.")
	}
	if len([]rune(c.Observacao)) > MaxObservacao {
		x.Add("observacao", fmt.Sprintf("A observação tem no máximo %d caracteres.", MaxObservacao))
	}
	if err := x.Err(); err != nil {
		return err
	}
	fim := c.Fim
	if fim.IsZero() || fim.After(agora.Add(ToleranciaRelogio)) {
		fim = agora
	}
	if fim.Before(v.Inicio) {
		fim = v.Inicio
	}
	v.Status, v.Fim, v.Resultado, v.PedidoID, v.MotivoID, v.Observacao = StatusConcluida, fim, c.Resultado, c.PedidoID, c.MotivoID, c.Observacao
	if motivo != nil {
		v.MotivoNome = motivo.Nome
	}
	return nil
}

// Vencida reports whether an open visit has passed the company's automatic check-out time at agora.
func (v *Visita) Vencida(cfg Configuracao, agora time.Time) bool {
	return v.Status == StatusEmAndamento && agora.Sub(v.Inicio) >= time.Duration(cfg.CheckoutAutomaticoMinutos)*time.Minute
}

// EncerrarAutomatico closes an open visit for the server: at the company's time limit when it
// has passed, else at agora (the seller checked in elsewhere). The result is "outro".
func (v *Visita) EncerrarAutomatico(cfg Configuracao, agora time.Time) {
	fim := agora
	if limite := v.Inicio.Add(time.Duration(cfg.CheckoutAutomaticoMinutos) * time.Minute); limite.Before(fim) {
		fim = limite
	}
	if fim.Before(v.Inicio) {
		fim = v.Inicio
	}
	v.Status, v.Fim, v.Resultado, v.CheckoutAutomatico = StatusConcluida, fim, ResultadoOutro, true
}
