package app_test

import (
	"context"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

func admin(empresa string) context.Context {
	return caller.With(context.Background(), &caller.Caller{Empresa: empresa, Operador: "adm-" + empresa, Perfil: caller.Admin})
}

// The working days the figures read (DiasUteisDoMes) take the company's calendar from the store
// — its switches and its own days off, never another company's — and count the days passed on
// the day in America/Sao_Paulo.
func TestDiasUteisDoMesDaEmpresa(t *testing.T) {
	s := servico(t)
	ctx, outra := admin("e1"), admin("e2")
	// 2026-06-05 02:00 UTC is still the 4th (Corpus Christi) in São Paulo.
	agora := time.Date(2026, 6, 5, 2, 0, 0, 0, time.UTC)
	ver := func(ctx context.Context, mes string, total, passados int, hojeUtil bool) {
		t.Helper()
		d, err := s.DiasUteisDoMes(ctx, mes, agora)
		if err != nil || d.Mes != mes || d.Total != total || d.Passados != passados || d.HojeUtil != hojeUtil {
			t.Errorf("%s: %+v %v; esperado total %d, passados %d, hoje útil %v", mes, d, err, total, passados, hojeUtil)
		}
	}
	ver(ctx, "2026-06", 21, 3, false)
	ver(ctx, "2026-05", 20, 20, false)
	ver(ctx, "2026-07", 23, 0, false)
	if _, err := s.CriarFolga(ctx, domain.Folga{Data: "2026-06-05", Nome: "Ponte de Corpus Christi"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CriarFolga(ctx, domain.Folga{Data: "2026-06-01", Nome: "Aniversário da cidade"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DefinirConfiguracaoCalendario(ctx, domain.ConfigCalendario{CorpusChristiUtil: true}); err != nil {
		t.Fatal(err)
	}
	// 1st and 5th off, the 4th a working day again: 22 − 2 = 20, passed 2 (2nd and 3rd), the 4th today.
	ver(ctx, "2026-06", 20, 2, true)
	ver(outra, "2026-06", 21, 3, false)
	// Removing a day off brings the day back; adding it again renames it.
	if f, err := s.ExcluirFolga(ctx, "2026-06-01"); err != nil || !f.Excluido {
		t.Fatalf("%+v %v", f, err)
	}
	ver(ctx, "2026-06", 21, 3, true)
	if f, err := s.CriarFolga(ctx, domain.Folga{Data: "2026-06-01", Nome: "Padroeira"}); err != nil || f.Excluido || f.Nome != "Padroeira" {
		t.Fatalf("%+v %v", f, err)
	}
	ver(ctx, "2026-06", 20, 2, true)
	// Another company removes nothing of this one.
	if _, err := s.ExcluirFolga(outra, "2026-06-01"); !errs.IsKind(err, errs.KindNotFound) {
		t.Errorf("outra empresa exclui: %v", err)
	}
	ver(ctx, "2026-06", 20, 2, true)
	for _, mes := range []string{"2026-13", "26-06", "", "1999-12"} {
		if _, err := s.DiasUteisDoMes(ctx, mes, agora); !errs.IsKind(err, errs.KindInvalid) {
			t.Errorf("mês %q: %v", mes, err)
		}
	}
}
