package app

import (
	"context"
	"time"

	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// EncerrarVencidas checks out, in every company, the open visits past the company's automatic
// check-out time at agora (closed at that limit). It returns how many it closed.
func (s *Visitas) EncerrarVencidas(ctx context.Context, agora time.Time) (int, error) {
	empresas, err := s.Col.Visitas.Companies(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, emp := range empresas {
		sc := store.Company(emp)
		cfg := domain.ConfiguracaoPadrao()
		if c, err := s.Col.Configuracao.Get(ctx, sc, domain.ConfiguracaoID(emp)); err == nil {
			cfg = c.Configuracao
		} else if !errs.IsKind(err, errs.KindNotFound) {
			return n, err
		}
		limite := agora.Add(-minutos(cfg.CheckoutAutomaticoMinutos))
		vencidas, err := s.Col.Visitas.All(ctx, sc, store.Query{Where: []store.Cond{store.Eq("status", domain.StatusEmAndamento), store.Lte("inicio", limite)}})
		if err != nil {
			return n, err
		}
		for _, v := range vencidas {
			if _, err := s.Col.Visitas.Update(ctx, sc, v.ID, 0, func(x *domain.Visita) error {
				if x.Vencida(cfg, agora) {
					x.EncerrarAutomatico(cfg, agora)
				}
				return nil
			}); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, nil
}

// EncerrarVencidasACada runs EncerrarVencidas every interval until ctx ends.
func (s *Visitas) EncerrarVencidasACada(ctx context.Context, intervalo time.Duration) {
	t := time.NewTicker(intervalo)
	defer t.Stop()
	for {
		if n, err := s.EncerrarVencidas(ctx, s.agora()); err != nil && ctx.Err() == nil {
			s.Log.Warn("check-out automático das visitas falhou", "err", err)
		} else if n > 0 {
			s.Log.Info("visitas encerradas pelo check-out automático", "visitas", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
