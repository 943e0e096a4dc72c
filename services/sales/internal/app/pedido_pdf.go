package app

import (
	"context"
	"time"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// Espelho renders an order's "espelho do pedido" as a PDF (adapters.EspelhoPDF).
type Espelho func(p *domain.Pedido, empresa, vendedor string, em time.Time) ([]byte, error)

// Nomes are the display names the PDF shows: the company's (system service) and an operator's
// (operator service), read on the caller's behalf; empty when unknown.
type Nomes interface {
	Empresa(ctx context.Context) string
	Operador(ctx context.Context, id string) string
}

// PdfPedido renders the "espelho do pedido" of an order in the caller's scope.
func (s *Service) PdfPedido(ctx context.Context, id string) ([]byte, error) {
	p, err := s.ObterPedido(ctx, id)
	if err != nil {
		return nil, err
	}
	if s.Espelho == nil {
		return nil, errs.Unavailable("Geração de PDF indisponível.", nil)
	}
	var empresa, vendedor string
	if s.Nomes != nil {
		empresa, vendedor = s.Nomes.Empresa(ctx), s.Nomes.Operador(ctx, p.VendedorID)
	}
	return s.Espelho(p, empresa, vendedor, s.now())
}
