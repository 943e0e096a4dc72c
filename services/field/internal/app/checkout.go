package app

import (
	"context"
	"strings"

	"github.com/crmvendas/crm/services/field/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
)

// FazerCheckout closes the caller's own open visit with its result (domain.Visita.Encerrar). A
// visit past the company's automatic check-out time is closed at that limit, as the server would
// have done.
func (s *Visitas) FazerCheckout(ctx context.Context, id string, co domain.Checkout) (*domain.Visita, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return nil, errs.Field("id", domain.MsgSemIDVisita)
	}
	c := caller.From(ctx)
	atual, err := s.Col.Visitas.Get(ctx, escopo(ctx), id)
	if err != nil {
		return nil, err
	}
	if atual.VendedorID != c.Operador {
		return nil, errs.OutOfScope(domain.MsgSoVendedorFazCheckin)
	}
	cfgc, err := s.ObterConfiguracao(ctx)
	if err != nil {
		return nil, err
	}
	cfg := cfgc.Configuracao
	agora := s.agora()
	v, err := s.Col.Visitas.UpdateWith(ctx, escopo(ctx), id, 0, func(v *domain.Visita) error {
		if v.Vencida(cfg, agora) {
			limite := v.Inicio.Add(minutos(cfg.CheckoutAutomaticoMinutos))
			if co.Fim.IsZero() || co.Fim.After(limite) {
				co.Fim = limite
			}
		}
		co.TemFoto = len(v.Fotos) > 0
		return v.Encerrar(co, cfg, agora)
	}, s.Col.Resumo.Junto(c.Empresa))
	return v, s.Pendentes(ctx, id, err)
}
