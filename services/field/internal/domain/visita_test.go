package domain

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/errs"
)

func TestDistanciaHaversine(t *testing.T) {
	// Known distances (great circle on the mean radius).
	cases := []struct {
		nome string
		a, b Ponto
		want float64 // metres
		tol  float64
	}{
		{"mesmo ponto", Ponto{-23.5505, -46.6333}, Ponto{-23.5505, -46.6333}, 0, 0.001},
		{"São Paulo–Rio de Janeiro", Ponto{-23.5505, -46.6333}, Ponto{-22.9068, -43.1729}, 360_750, 500},
		{"um grau de latitude", Ponto{0, 0}, Ponto{1, 0}, 111_195, 1},
		{"um grau de longitude no equador", Ponto{0, 0}, Ponto{0, 1}, 111_195, 1},
		{"antípodas", Ponto{0, 0}, Ponto{0, 180}, math.Pi * RaioTerra, 1},
		{"100 m ao norte", Ponto{-25.4284, -49.2733}, Ponto{-25.4284 + 100/111_195.0, -49.2733}, 100, 0.01},
	}
	for _, c := range cases {
		if d := Distancia(c.a, c.b); math.Abs(d-c.want) > c.tol {
			t.Errorf("%s: %.3f m, want %.3f ± %.3f", c.nome, d, c.want, c.tol)
		}
		if d1, d2 := Distancia(c.a, c.b), Distancia(c.b, c.a); math.Abs(d1-d2) > 1e-6 {
			t.Errorf("%s: not symmetric: %f vs %f", c.nome, d1, d2)
		}
	}
}

func TestVeredito(t *testing.T) {
	cfg := ConfiguracaoPadrao() // raio 200 m, precisão 100 m, idade 120 s
	inicio := time.Date(2026, 11, 27, 14, 0, 0, 0, time.UTC)
	cliente := &Ponto{-23.5505, -46.6333}
	norte := func(m float64) *Ponto { return &Ponto{cliente.Latitude + m/111_195.0, cliente.Longitude} }
	fix := func(p *Ponto, precisao float64, idade time.Duration) Fix {
		return Fix{Ponto: p, Precisao: precisao, CapturadoEm: inicio.Add(-idade)}
	}
	cases := []struct {
		nome      string
		fix       Fix
		endereco  *Ponto
		veredito  string
		distancia float64 // -1: none
		proposta  bool
	}{
		{"no cliente", fix(norte(0), 10, 5*time.Second), cliente, Verificado, 0, false},
		{"dentro do raio", fix(norte(150), 20, 30*time.Second), cliente, Verificado, 150, false},
		{"na borda do raio", fix(norte(199.9), 20, 0), cliente, Verificado, 199.9, false},
		{"fora do raio", fix(norte(201), 20, 0), cliente, ForaDoRaio, 201, false},
		{"longe", fix(norte(5000), 8, 0), cliente, ForaDoRaio, 5000, false},
		{"sem posição (permissão negada)", Fix{}, cliente, SemLocalizacao, -1, false},
		{"posição inválida", fix(&Ponto{95, 0}, 10, 0), cliente, SemLocalizacao, -1, false},
		{"posição antiga", fix(norte(10), 10, 121*time.Second), cliente, LocalizacaoAntiga, 10, false},
		{"posição no limite da idade", fix(norte(10), 10, 120*time.Second), cliente, Verificado, 10, false},
		{"posição sem hora", Fix{Ponto: norte(10), Precisao: 10}, cliente, LocalizacaoAntiga, 10, false},
		{"posição depois do check-in", fix(norte(10), 10, -time.Minute), cliente, LocalizacaoAntiga, 10, false},
		{"relógio um pouco adiantado", fix(norte(10), 10, -10*time.Second), cliente, Verificado, 10, false},
		{"antiga e imprecisa: antiga primeiro", fix(norte(10), 500, time.Hour), cliente, LocalizacaoAntiga, 10, false},
		{"precisão ruim", fix(norte(10), 101, 0), cliente, PrecisaoInsuficiente, 10, false},
		{"precisão ruim e fora do raio: precisão primeiro", fix(norte(900), 150, 0), cliente, PrecisaoInsuficiente, 900, false},
		{"sem precisão", fix(norte(10), 0, 0), cliente, PrecisaoInsuficiente, 10, false},
		{"endereço sem coordenadas", fix(norte(10), 10, 0), nil, EnderecoSemCoordenadas, -1, true},
		{"endereço sem coordenadas e posição ruim: sem proposta", fix(norte(10), 300, 0), nil, PrecisaoInsuficiente, -1, false},
	}
	for _, c := range cases {
		a := Veredito(cfg, inicio, c.fix, c.endereco)
		if a.Veredito != c.veredito {
			t.Errorf("%s: veredito %s, want %s", c.nome, a.Veredito, c.veredito)
		}
		if a.Proposta != c.proposta {
			t.Errorf("%s: proposta %v, want %v", c.nome, a.Proposta, c.proposta)
		}
		switch {
		case c.distancia < 0 && a.Distancia != nil:
			t.Errorf("%s: distância %v, want none", c.nome, *a.Distancia)
		case c.distancia >= 0 && (a.Distancia == nil || math.Abs(*a.Distancia-c.distancia) > 0.15):
			t.Errorf("%s: distância %v, want %.1f", c.nome, a.Distancia, c.distancia)
		}
		if aviso := Aviso(a, cfg, c.fix); (aviso == "") != (a.Veredito == Verificado) {
			t.Errorf("%s: aviso %q for %s", c.nome, aviso, a.Veredito)
		}
	}
	// The company's own limits apply.
	largo := cfg
	largo.RaioMetros = 1000
	if a := Veredito(largo, inicio, fix(norte(900), 10, 0), cliente); a.Veredito != Verificado {
		t.Errorf("raio 1000 m, 900 m: %s", a.Veredito)
	}
}

func TestAvisoForaDoRaio(t *testing.T) {
	d := 1234.0
	got := Aviso(Avaliacao{Veredito: ForaDoRaio, Distancia: &d}, ConfiguracaoPadrao(), Fix{})
	if got != "Você está a 1,2 km do cliente, fora do raio de 200 m." {
		t.Errorf("aviso: %q", got)
	}
	if got := MsgForaDoRaioBloqueado(350, 200); !strings.Contains(got, "350 m") || !strings.Contains(got, "200 m") {
		t.Errorf("bloqueio: %q", got)
	}
}

func TestEncerrar(t *testing.T) {
	cfg := ConfiguracaoPadrao()
	inicio := time.Date(2026, 11, 27, 14, 0, 0, 0, time.UTC)
	agora := inicio.Add(40 * time.Minute)
	aberta := func() *Visita {
		return &Visita{Status: StatusEmAndamento, Inicio: inicio, Veredito: Verificado, ClienteID: "c"}
	}
	cases := []struct {
		nome  string
		co    Checkout
		campo string // "" = accepted
	}{
		{"pedido", Checkout{Resultado: "pedido", PedidoID: "p1"}, ""},
		{"outro", Checkout{Resultado: " Outro ", Observacao: "entrega de material"}, ""},
		{"sem venda com motivo", Checkout{Resultado: "sem_venda", MotivoID: "estoque-cheio"}, ""},
		{"sem venda sem motivo", Checkout{Resultado: "sem_venda"}, "motivo_id"},
		{"sem venda com motivo desconhecido", Checkout{Resultado: "sem_venda", MotivoID: "xyz"}, "motivo_id"},
		{"motivo que exige foto, sem foto", Checkout{Resultado: "sem_venda", MotivoID: "loja-fechada"}, "motivo_id"},
		{"motivo que exige foto, com foto", Checkout{Resultado: "sem_venda", MotivoID: "loja-fechada", TemFoto: true}, ""},
		{"resultado desconhecido", Checkout{Resultado: "venda"}, "resultado"},
		{"observação longa", Checkout{Resultado: "outro", Observacao: strings.Repeat("a", MaxObservacao+1)}, "observacao"},
	}
	for _, c := range cases {
		v := aberta()
		err := v.Encerrar(c.co, cfg, agora)
		if c.campo == "" {
			if err != nil {
				t.Errorf("%s: %v", c.nome, err)
			} else if v.Status != StatusConcluida || !v.Fim.Equal(agora) || v.DuracaoMinutos() != 40 {
				t.Errorf("%s: status %s fim %v duração %d", c.nome, v.Status, v.Fim, v.DuracaoMinutos())
			}
			continue
		}
		var e *errs.Error
		if err == nil || !errors.As(err, &e) || len(e.Fields) == 0 || e.Fields[0].Field != c.campo {
			t.Errorf("%s: %v, want a violation at %s", c.nome, err, c.campo)
		}
		if v.Status != StatusEmAndamento {
			t.Errorf("%s: refused check-out closed the visit", c.nome)
		}
	}
	// The reason's name is kept; the order id is dropped on sem_venda.
	v := aberta()
	if err := v.Encerrar(Checkout{Resultado: "sem_venda", MotivoID: "preco", PedidoID: "x"}, cfg, agora); err != nil || v.MotivoNome != "Preço acima da concorrência" || v.PedidoID != "" {
		t.Errorf("sem venda: %v %+v", err, v)
	}
	// A closed visit is not closed again.
	if err := v.Encerrar(Checkout{Resultado: "outro"}, cfg, agora); !errs.IsReason(err, errs.ReasonVisitaEncerrada) {
		t.Errorf("closed twice: %v", err)
	}
	// A device clock behind the start, or ahead of the server, does not make a negative or future visit.
	v = aberta()
	v.Encerrar(Checkout{Resultado: "outro", Fim: inicio.Add(-time.Hour)}, cfg, agora)
	if !v.Fim.Equal(inicio) {
		t.Errorf("fim before inicio: %v", v.Fim)
	}
	v = aberta()
	v.Encerrar(Checkout{Resultado: "outro", Fim: agora.Add(time.Hour)}, cfg, agora)
	if !v.Fim.Equal(agora) {
		t.Errorf("fim in the future: %v", v.Fim)
	}
}

func TestEncerrarAutomatico(t *testing.T) {
	cfg := ConfiguracaoPadrao() // 240 min
	inicio := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	v := &Visita{Status: StatusEmAndamento, Inicio: inicio}
	if v.Vencida(cfg, inicio.Add(239*time.Minute)) || !v.Vencida(cfg, inicio.Add(240*time.Minute)) {
		t.Error("vencida at the company's limit")
	}
	// Checked in elsewhere after 30 min: closed then.
	v.EncerrarAutomatico(cfg, inicio.Add(30*time.Minute))
	if v.Status != StatusConcluida || !v.CheckoutAutomatico || v.DuracaoMinutos() != 30 || v.Resultado != ResultadoOutro {
		t.Errorf("elsewhere: %+v", v)
	}
	// The next day: closed at the limit, not at the next check-in.
	v = &Visita{Status: StatusEmAndamento, Inicio: inicio}
	v.EncerrarAutomatico(cfg, inicio.Add(24*time.Hour))
	if v.DuracaoMinutos() != 240 {
		t.Errorf("next day: %d min", v.DuracaoMinutos())
	}
}

func TestConfiguracaoNormalizar(t *testing.T) {
	c := ConfiguracaoPadrao()
	if err := c.Normalizar(); err != nil {
		t.Fatalf("defaults: %v", err)
	}
	c.MotivosSemVenda = append(c.MotivosSemVenda, MotivoSemVenda{Nome: "  Cliente   em férias "})
	c.ForaDoRaio = " BLOQUEAR "
	if err := c.Normalizar(); err != nil {
		t.Fatal(err)
	}
	if m := c.MotivosSemVenda[len(c.MotivosSemVenda)-1]; m.ID != "cliente-em-ferias" || m.Nome != "Cliente em férias" || c.ForaDoRaio != ForaDoRaioBloquear {
		t.Errorf("normalized: %+v %s", m, c.ForaDoRaio)
	}
	ruins := []struct {
		campo string
		mudar func(*Configuracao)
	}{
		{"raio_metros", func(c *Configuracao) { c.RaioMetros = 5 }},
		{"raio_metros", func(c *Configuracao) { c.RaioMetros = 50001 }},
		{"fora_do_raio", func(c *Configuracao) { c.ForaDoRaio = "ignorar" }},
		{"precisao_maxima_metros", func(c *Configuracao) { c.PrecisaoMaximaMetros = 0 }},
		{"idade_maxima_posicao_segundos", func(c *Configuracao) { c.IdadeMaximaPosicaoSegundos = 5 }},
		{"checkout_automatico_minutos", func(c *Configuracao) { c.CheckoutAutomaticoMinutos = 10 }},
		{"motivos_sem_venda", func(c *Configuracao) { c.MotivosSemVenda = append(c.MotivosSemVenda, MotivoSemVenda{Nome: ""}) }},
		{"motivos_sem_venda", func(c *Configuracao) {
			c.MotivosSemVenda = append(c.MotivosSemVenda, MotivoSemVenda{Nome: "comprador AUSENTE"})
		}},
		{"motivos_sem_venda", func(c *Configuracao) {
			c.MotivosSemVenda = append(c.MotivosSemVenda, MotivoSemVenda{ID: "preco", Nome: "Outro"})
		}},
	}
	for _, r := range ruins {
		c := ConfiguracaoPadrao()
		r.mudar(&c)
		var e *errs.Error
		if err := c.Normalizar(); err == nil || !errors.As(err, &e) || e.Fields[0].Field != r.campo || !strings.Contains(e.Message, " ") {
			t.Errorf("%s: %v", r.campo, err)
		}
	}
}
