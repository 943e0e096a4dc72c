package app

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// Checkin is what the device sends.
type Checkin struct {
	ID, ClienteID string
	Fix           domain.Fix
	// Inicio is the device's time of the check-in (zero: the server's receive time).
	Inicio time.Time
}

// MaxAtrasoCheckin is how old a check-in sent from the outbox may be (a device offline for a week).
const MaxAtrasoCheckin = 7 * 24 * time.Hour

// FazerCheckin records the caller's visit to a customer of their scope, judged on its position;
// a replayed id returns the first visit (before any other rule, so a check-in the outbox sends
// again never changes). The company may block a check-in out of the radius. The caller's visit
// still open elsewhere is checked out automatically.
func (s *Visitas) FazerCheckin(ctx context.Context, in Checkin) (*domain.Visita, error) {
	c := caller.From(ctx)
	id, err := entity.NovoID(in.ID)
	if err != nil {
		return nil, err
	}
	in.ClienteID = strings.TrimSpace(in.ClienteID)
	if in.ClienteID == "" {
		return nil, errs.Field("cliente_id", domain.MsgSemCliente)
	}
	// A replay: the first visit, as it is now.
	if v, err := s.Col.Visitas.Get(ctx, escopo(ctx), id); err == nil {
		if v.VendedorID != c.Operador || v.ClienteID != in.ClienteID {
			return nil, errs.Conflict("Este id já foi usado por outra visita.").WithReason(errs.ReasonIDReutilizado)
		}
		return v, nil
	} else if !errs.IsKind(err, errs.KindNotFound) {
		return nil, err
	}
	agora := s.agora()
	inicio := in.Inicio.UTC()
	switch {
	case inicio.IsZero():
		inicio = agora
	case inicio.After(agora.Add(5 * time.Minute)):
		return nil, errs.Field("inicio", "A hora do check-in está no futuro: acerte o relógio do aparelho.")
	case inicio.Before(agora.Add(-MaxAtrasoCheckin)):
		return nil, errs.Field("inicio", "Este check-in tem mais de 7 dias e não pode mais ser registrado.")
	}
	if p := in.Fix.Ponto; p != nil && !p.Valido() {
		return nil, errs.Field("latitude", "Localização inválida: latitude de -90 a 90 e longitude de -180 a 180.")
	}
	cli, err := s.Clientes.Obter(ctx, in.ClienteID)
	if err != nil {
		return nil, err
	}
	cfgc, err := s.ObterConfiguracao(ctx)
	if err != nil {
		return nil, err
	}
	cfg := cfgc.Configuracao
	a := domain.Veredito(cfg, inicio, in.Fix, cli.Endereco)
	if a.Veredito == domain.ForaDoRaio && cfg.ForaDoRaio == domain.ForaDoRaioBloquear {
		return nil, errs.Invalid(domain.MsgForaDoRaioBloqueado(*a.Distancia, cfg.RaioMetros)).WithReason(errs.ReasonCheckinForaDoRaio,
			"distancia_metros", fmt.Sprintf("%.0f", *a.Distancia), "raio_metros", fmt.Sprint(cfg.RaioMetros))
	}
	if err := s.fecharAbertas(ctx, c.Operador, cfg, inicio); err != nil {
		return nil, err
	}
	v := &domain.Visita{Meta: store.Meta{ID: id}, ClienteID: cli.ID, ClienteNome: cli.Nome, VendedorID: c.Operador,
		Status: domain.StatusEmAndamento, Inicio: inicio, RecebidoEm: agora, CapturadoEm: in.Fix.CapturadoEm.UTC(),
		Distancia: a.Distancia, Veredito: a.Veredito, RaioMetros: cfg.RaioMetros, Aviso: domain.Aviso(a, cfg, in.Fix),
		CoordenadasPropostas: a.Proposta}
	if p := in.Fix.Ponto; p != nil {
		lat, lon, prec := p.Latitude, p.Longitude, in.Fix.Precisao
		v.Latitude, v.Longitude, v.Precisao = &lat, &lon, &prec
	}
	out, _, err := s.Col.Visitas.CreateWith(ctx, store.Scope{Empresa: c.Empresa, Owners: []string{c.Operador}}, v, s.Col.Resumo.Junto(c.Empresa))
	return out, s.Pendentes(ctx, id, err)
}

// fecharAbertas checks out the seller's open visits (they checked in elsewhere at inicio).
func (s *Visitas) fecharAbertas(ctx context.Context, vendedor string, cfg domain.Configuracao, inicio time.Time) error {
	sc := store.Scope{Empresa: caller.From(ctx).Empresa, Owners: []string{vendedor}}
	abertas, err := s.Col.Visitas.All(ctx, sc, store.Query{Where: []store.Cond{store.Eq("status", domain.StatusEmAndamento)}})
	if err != nil {
		return err
	}
	for _, a := range abertas {
		if _, err := s.Col.Visitas.Update(ctx, sc, a.ID, 0, func(v *domain.Visita) error {
			if v.Status == domain.StatusEmAndamento {
				v.EncerrarAutomatico(cfg, inicio)
			}
			return nil
		}); err != nil {
			return err
		}
	}
	return nil
}
