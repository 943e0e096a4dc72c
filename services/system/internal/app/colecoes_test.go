package app_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/testkit"
	"github.com/crmvendas/crm/services/system/internal/adapters"
	"github.com/crmvendas/crm/services/system/internal/app"
	"github.com/crmvendas/crm/services/system/internal/domain"
)

// newService declares the system collections on st.
func newService(t *testing.T, st *store.Store) *app.Service {
	t.Helper()
	col, err := adapters.Declare(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	return &app.Service{Col: col}
}

// cfg is a policy of the company and platform.
func cfg(empresa, tipo, atual, minima, url string) *domain.ConfigVersao {
	c := &domain.ConfigVersao{Tipo: tipo, VersaoAtual: atual, VersaoMinima: minima, URLAtualizacao: url}
	c.Empresa = empresa
	return c
}

func fingerprint(t *testing.T, st *store.Store) string { return testkit.Fingerprint(t, st) }

// Documents written by the MongoDB repository before the store decode as they are (the one-time
// copy of an old FerretDB data directory), and a record of another company is 403 FORA_DO_ESCOPO
// (the old repository answered 500).
func TestLegacyCopyAndOtherCompany(t *testing.T) {
	ctx := context.Background()
	old := testkit.DB(t, "syslegacy")
	st := testkit.Store(t, old.Name())
	s := newService(t, st)
	t0 := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	meta := func(d bson.D, empresa string, versao int64) bson.D {
		return append(d, bson.E{Key: "empresa", Value: empresa}, bson.E{Key: "criado_em", Value: t0}, bson.E{Key: "alterado_em", Value: t0.Add(time.Hour)},
			bson.E{Key: "versao", Value: versao}, bson.E{Key: "excluido", Value: false})
	}
	versao := func(id, tipo, atual string) bson.D {
		return bson.D{{Key: "_id", Value: id}, {Key: "tipo", Value: tipo}, {Key: "versao_atual", Value: atual}, {Key: "versao_minima", Value: "1.0"},
			{Key: "url_atualizacao", Value: "/"}, {Key: "mensagem", Value: "m"}}
	}
	lat := -23.5
	if _, err := old.Collection("versoes").InsertMany(ctx, []any{
		meta(versao("emp-a/android", "android", "2.0"), "emp-a", 4),
		// An id naming emp-b held by emp-a.
		meta(versao("emp-b/web", "web", "9.9"), "emp-a", 1),
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := old.Collection("acessos").InsertMany(ctx, []any{
		meta(bson.D{{Key: "_id", Value: "a1"}, {Key: "operador", Value: "v1"}, {Key: "uid", Value: "u1"}, {Key: "historico", Value: "h"},
			{Key: "localizacao", Value: "l"}, {Key: "latitude", Value: lat}, {Key: "longitude", Value: -46.6}, {Key: "ip", Value: "10.0.0.1"},
			{Key: "user_agent", Value: "ua"}, {Key: "registrado_em", Value: t0}}, "emp-a", 1),
		meta(bson.D{{Key: "_id", Value: "a2"}, {Key: "operador", Value: "v2"}, {Key: "uid", Value: "u2"}, {Key: "historico", Value: "h"},
			{Key: "localizacao", Value: "l"}, {Key: "latitude", Value: nil}, {Key: "longitude", Value: nil}, {Key: "ip", Value: "10.0.0.2"},
			{Key: "user_agent", Value: "ua"}, {Key: "registrado_em", Value: t0.Add(time.Minute)}}, "emp-a", 1),
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := old.Collection("empresas").InsertOne(ctx, meta(bson.D{{Key: "_id", Value: "emp-a"}, {Key: "nome", Value: "Empresa A"}}, "emp-a", 1)); err != nil {
		t.Fatal(err)
	}
	moved, _, err := st.ImportLegacy(ctx, old.Client())
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(moved) != fmt.Sprintf("map[%[1]s.acessos:2 %[1]s.empresas:1 %[1]s.versoes:2]", old.Name()) {
		t.Fatalf("moved %v", moved)
	}

	v, err := app.VersaoStored(s, ctx, "emp-a", "android")
	if err != nil || v == nil || v.VersaoAtual != "2.0" || v.Versao != 4 || !v.AlteradoEm.Equal(t0.Add(time.Hour)) || !v.Personalizada {
		t.Fatalf("versao: %v %+v", err, v)
	}
	_, err = app.VersaoStored(s, ctx, "emp-b", "web")
	testkit.WantReason(t, err, errs.KindForbidden, errs.ReasonForaDoEscopo)
	before := fingerprint(t, st)
	_, err = app.SaveVersao(s, ctx, cfg("emp-b", "web", "1.0", "1.0", ""), 0)
	testkit.WantReason(t, err, errs.KindForbidden, errs.ReasonForaDoEscopo)
	if fingerprint(t, st) != before {
		t.Fatal("a refused save wrote")
	}

	list, next, err := app.ListAcessos(s, ctx, app.AcessoFilter{Empresa: "emp-a"})
	if err != nil || next != "" || len(list) != 2 || list[0].ID != "a2" || list[0].Latitude != nil || list[1].Latitude == nil || *list[1].Latitude != lat || list[1].IP != "10.0.0.1" {
		t.Fatalf("acessos: %v %+v", err, list)
	}
	if list, _, err := app.ListAcessos(s, ctx, app.AcessoFilter{Empresa: "emp-a", De: t0, Ate: t0.Add(time.Minute)}); err != nil || len(list) != 1 || list[0].ID != "a1" {
		t.Fatalf("period: %v %+v", err, list)
	}
	if list, _, err := app.ListAcessos(s, ctx, app.AcessoFilter{Empresa: "emp-b"}); err != nil || len(list) != 0 {
		t.Fatalf("other company: %v %+v", err, list)
	}
	e, err := s.Empresa(ctx, "emp-a")
	if err != nil || e.Nome != "Empresa A" || !e.CriadoEm.Equal(t0) {
		t.Fatalf("empresa: %v %+v", err, e)
	}
}

func TestSaveVersao(t *testing.T) {
	ctx := context.Background()
	st := testkit.Store(t, "crm_system")
	s := newService(t, st)
	android := func(atual string) *domain.ConfigVersao { return cfg("emp-a", "android", atual, "1.0", "/") }
	// A versao for a policy never set is stale.
	_, err := app.SaveVersao(s, ctx, android("2.0"), 1)
	testkit.WantReason(t, err, errs.KindConflict, errs.ReasonVersaoDesatualizada)
	if v, err := app.VersaoStored(s, ctx, "emp-a", "android"); err != nil || v != nil {
		t.Fatalf("written: %v %+v", err, v)
	}
	v, err := app.SaveVersao(s, ctx, android("2.0"), 0)
	if err != nil || v.Versao != 1 || v.VersaoAtual != "2.0" || v.AlteradoEm.IsZero() {
		t.Fatalf("create: %v %+v", err, v)
	}
	if v, err = app.SaveVersao(s, ctx, android("2.1"), 1); err != nil || v.Versao != 2 {
		t.Fatalf("update at versao 1: %v %+v", err, v)
	}
	before := fingerprint(t, st)
	_, err = app.SaveVersao(s, ctx, android("2.2"), 1)
	testkit.WantReason(t, err, errs.KindConflict, errs.ReasonVersaoDesatualizada)
	if got, _ := app.VersaoStored(s, ctx, "emp-a", "android"); got.VersaoAtual != "2.1" || got.Versao != 2 || fingerprint(t, st) != before {
		t.Fatalf("a stale save wrote: %+v", got)
	}
	// The same policy again writes nothing.
	if v, err = app.SaveVersao(s, ctx, android("2.1"), 0); err != nil || v.Versao != 2 || fingerprint(t, st) != before {
		t.Fatalf("same again: %v %+v", err, v)
	}
	// Concurrent saves of a new platform without versao: all succeed, one create.
	var wg sync.WaitGroup
	errc := make(chan error, 8)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			_, err := app.SaveVersao(s, ctx, cfg("emp-a", "web", fmt.Sprintf("3.%d", i), "1.0", ""), 0)
			errc <- err
		}(i)
	}
	wg.Wait()
	close(errc)
	for err := range errc {
		if err != nil {
			t.Fatalf("concurrent save: %v", err)
		}
	}
	if got, err := app.VersaoStored(s, ctx, "emp-a", "web"); err != nil || got.Versao < 1 || got.Versao > 8 {
		t.Fatalf("after concurrent saves: %v %+v", err, got)
	}
}

func TestEmpresas(t *testing.T) {
	ctx := context.Background()
	s := newService(t, testkit.Store(t, "crm_system"))
	_, err := s.Empresa(ctx, "emp-x")
	if !errs.IsKind(err, errs.KindNotFound) || err.Error() != domain.MsgEmpresaNaoEncontrada {
		t.Fatalf("unknown company: %v", err)
	}
	e, err := app.EnsureEmpresa(s, ctx, "emp-x", "Primeiro")
	if err != nil || e.Nome != "Primeiro" || e.CriadoEm.IsZero() {
		t.Fatalf("create: %v %+v", err, e)
	}
	if e, err = app.EnsureEmpresa(s, ctx, "emp-x", "Outro nome"); err != nil || e.Nome != "Primeiro" {
		t.Fatalf("existing keeps its name: %v %+v", err, e)
	}
}
