package app

import (
	"context"

	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// The visitas goals: their achievement is the field service's summary of visits kept on write
// (a customer-day with a check-in in the month, America/Sao_Paulo; see services/field/README.md),
// read through its gRPC query on the caller's behalf, so in the caller's role scope. A field
// outage never breaks the goals or the panel: the goal is shown without its achievement and a
// pt-BR note (MetaApurada.Aviso).

// ContagemVisitas is a month's visits of a seller: customer-days with a check-in and, of them,
// those with a verified one.
type ContagemVisitas struct{ Visitas, Verificadas int64 }

// VisitasDoMes is the field service's visits' summary, in the caller's scope.
type VisitasDoMes interface {
	// DoMes is the month's visits of each seller in scope and, when cliente is set, of each seller
	// at that customer (by seller); recontar counts them from the visits instead of the summary.
	DoMes(ctx context.Context, mes, cliente string, recontar bool) (vendedores, noCliente map[string]ContagemVisitas, err error)
}

// MsgMetaSemVisitas is the note of a visitas goal whose achievement could not be read.
const MsgMetaSemVisitas = "Serviço de campo indisponível: o realizado das metas de visitas não pôde ser lido agora. Tente novamente em instantes."

// visitasLidas keeps the field service's answers of one apuração, one call per month and customer.
type visitasLidas struct {
	s        *Service
	recontar bool
	lidas    map[[2]string]leituraVisitas
}

type leituraVisitas struct {
	vendedores, noCliente map[string]ContagemVisitas
	err                   error
}

func (s *Service) visitasLidas(recontar bool) *visitasLidas {
	return &visitasLidas{s: s, recontar: recontar, lidas: map[[2]string]leituraVisitas{}}
}

// contagem is a visitas goal's figures (ok false: the field service did not answer).
func (v *visitasLidas) contagem(ctx context.Context, m *domain.Meta) (ContagemVisitas, bool) {
	k := [2]string{m.Mes, m.ClienteID}
	l, feito := v.lidas[k]
	if !feito {
		if v.s.Visitas == nil {
			l.err = errSemVisitas
		} else {
			l.vendedores, l.noCliente, l.err = v.s.Visitas.DoMes(ctx, m.Mes, m.ClienteID, v.recontar)
		}
		if l.err != nil && v.s.Log != nil {
			v.s.Log.WarnContext(ctx, "resumo de visitas indisponível (metas de visitas sem realizado)", "mes", m.Mes, "erro", l.err)
		}
		v.lidas[k] = l
	}
	if l.err != nil {
		return ContagemVisitas{}, false
	}
	if m.ClienteID != "" {
		return l.noCliente[m.VendedorID], true
	}
	return l.vendedores[m.VendedorID], true
}

// apurar fills a visitas goal's achievement, or its note when the field service did not answer.
func (v *visitasLidas) apurar(ctx context.Context, a *MetaApurada) {
	c, ok := v.contagem(ctx, a.Meta)
	if !ok {
		a.Aviso = MsgMetaSemVisitas
		return
	}
	a.Realizado, a.Verificadas = c.Visitas, c.Verificadas
}

type semVisitas struct{}

func (semVisitas) Error() string { return "serviço de campo não configurado" }

var errSemVisitas error = semVisitas{}
