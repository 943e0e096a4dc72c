package app

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// The company's working-day calendar (domain/calendario.go): its switches (one record per
// company, ConfigCalendario) and its own days off (Folgas, one record per date), both
// company-wide. Every operator reads them; the method policies leave the writes to ADMIN.

// DiasUteisAno are a year's working days per month and its days off.
type DiasUteisAno struct {
	Meses    []domain.DiasUteisMes
	Feriados []domain.Feriado
}

// calendario reads the caller's company calendar with its days off from de to ate
// ("AAAA-MM-DD", inclusive).
func (s *Service) calendario(ctx context.Context, de, ate domain.Data) (domain.Calendario, error) {
	cfg, err := s.configCalendario(ctx)
	if err != nil {
		return domain.Calendario{}, err
	}
	fs, err := s.Col.Folgas.All(ctx, scope(ctx), store.Query{Where: []store.Cond{store.Gte("data", string(de)), store.Lte("data", string(ate))}})
	if err != nil {
		return domain.Calendario{}, err
	}
	cal := domain.Calendario{Config: cfg.ConfigCalendario}
	for _, f := range fs {
		cal.Folgas = append(cal.Folgas, domain.Feriado{Data: f.Data, Nome: f.Nome, Tipo: domain.TipoFeriadoEmpresa})
	}
	return cal, nil
}

// configCalendario is the company's stored switches (the defaults when none was set).
func (s *Service) configCalendario(ctx context.Context) (*domain.ConfigCalendarioCadastro, error) {
	c := caller.From(ctx)
	cfg, err := s.Col.ConfigCalendario.Get(ctx, scope(ctx), domain.ConfigCalendarioID(c.Empresa))
	if errs.IsKind(err, errs.KindNotFound) {
		return &domain.ConfigCalendarioCadastro{Meta: store.Meta{Empresa: c.Empresa}}, nil
	}
	return cfg, err
}

// ObterDiasUteis is the working days of each month of a year (0: this year in São Paulo) and the
// year's days off.
func (s *Service) ObterDiasUteis(ctx context.Context, ano int) (*DiasUteisAno, error) {
	if ano == 0 {
		ano, _ = strconv.Atoi(domain.MesDe(s.now())[:4])
	}
	if err := domain.ValidarAnoCalendario(ano); err != nil {
		return nil, err
	}
	a := strconv.Itoa(ano)
	cal, err := s.calendario(ctx, domain.Data(a+"-01-01"), domain.Data(a+"-12-31"))
	if err != nil {
		return nil, err
	}
	out := &DiasUteisAno{Feriados: cal.Feriados(ano)}
	for m := time.January; m <= time.December; m++ {
		out.Meses = append(out.Meses, cal.DiasUteisDoMes(ano, m, ""))
	}
	return out, nil
}

// ListarFolgas are the company's days off from de to ate ("AAAA-MM-DD", inclusive, at most
// domain.MaxDiasFolgas days): one read of the calendar whatever the years the period spans, and
// no monthly counts (the agenda's working days).
func (s *Service) ListarFolgas(ctx context.Context, deS, ateS string) ([]domain.Feriado, error) {
	de, ate := domain.Data(strings.TrimSpace(deS)), domain.Data(strings.TrimSpace(ateS))
	var v errs.Violacoes
	t0, ok0 := domain.DiaCalendario(de)
	if !ok0 {
		v.Add("de", domain.MsgDataFolga)
	}
	t1, ok1 := domain.DiaCalendario(ate)
	if !ok1 {
		v.Add("ate", domain.MsgDataFolga)
	}
	if len(v) > 0 {
		return nil, v.Err()
	}
	if t1.Before(t0) || t1.Sub(t0) > (domain.MaxDiasFolgas-1)*24*time.Hour {
		return nil, errs.Field("ate", domain.MsgPeriodoFolgas)
	}
	cal, err := s.calendario(ctx, de, ate)
	if err != nil {
		return nil, err
	}
	return cal.FeriadosDoPeriodo(de, ate), nil
}

// DiasUteisDoMes is the one answer the figures (painel, goals' pace) take the working days from:
// the month's ("AAAA-MM") working days in the caller's company calendar and, of them, those
// before the day of agora in America/Sao_Paulo (Passados; Restantes includes that day when it
// is one, Decorridos too).
func (s *Service) DiasUteisDoMes(ctx context.Context, mes string, agora time.Time) (domain.DiasUteisMes, error) {
	ano, m, ok := domain.MesCalendario(strings.TrimSpace(mes))
	if !ok {
		return domain.DiasUteisMes{}, errs.Field("mes", "Mês deve ser AAAA-MM (de 2000 a 2100).")
	}
	inicio := time.Date(ano, m, 1, 0, 0, 0, 0, time.UTC)
	cal, err := s.calendario(ctx, domain.Data(inicio.Format("2006-01-02")), domain.Data(inicio.AddDate(0, 1, -1).Format("2006-01-02")))
	if err != nil {
		return domain.DiasUteisMes{}, err
	}
	return cal.DiasUteisDoMes(ano, m, domain.DiaEmSaoPaulo(agora)), nil
}

// CriarFolga adds the company's day off on a date (the same date again renames it; one removed
// comes back).
func (s *Service) CriarFolga(ctx context.Context, f domain.Folga) (*domain.Folga, error) {
	if err := f.Normalizar(); err != nil {
		return nil, err
	}
	id := domain.FolgaID(caller.From(ctx).Empresa, f.Data)
	return gravarPorID(ctx, s.Col.Folgas, scope(ctx), id, func(x *domain.Folga) {
		x.Data, x.Nome = f.Data, f.Nome
	}, "A folga foi alterada ao mesmo tempo por outra pessoa. Tente de novo.")
}

// ExcluirFolga removes the company's day off on a date (a tombstone; removing it again answers
// the same).
func (s *Service) ExcluirFolga(ctx context.Context, data string) (*domain.Folga, error) {
	d := domain.Data(strings.TrimSpace(data))
	if _, ok := domain.DiaCalendario(d); !ok {
		return nil, errs.Field("data", domain.MsgDataFolga)
	}
	return s.Col.Folgas.Delete(ctx, scope(ctx), domain.FolgaID(caller.From(ctx).Empresa, d), 0)
}

// ObterConfiguracaoCalendario is the company's switches.
func (s *Service) ObterConfiguracaoCalendario(ctx context.Context) (*domain.ConfigCalendarioCadastro, error) {
	return s.configCalendario(ctx)
}

// DefinirConfiguracaoCalendario sets the company's switches.
func (s *Service) DefinirConfiguracaoCalendario(ctx context.Context, cfg domain.ConfigCalendario) (*domain.ConfigCalendarioCadastro, error) {
	id := domain.ConfigCalendarioID(caller.From(ctx).Empresa)
	return gravarPorID(ctx, s.Col.ConfigCalendario, scope(ctx), id, func(x *domain.ConfigCalendarioCadastro) {
		x.ConfigCalendario = cfg
	}, "O calendário foi alterado ao mesmo tempo por outra pessoa. Tente de novo.")
}
