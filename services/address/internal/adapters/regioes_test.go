package adapters_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/crmvendas/crm/services/address/internal/adapters"
	"github.com/crmvendas/crm/services/address/internal/domain"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// dbName is the database the address service owns (package address is not imported here).
const dbName = "crm_address"

func TestMain(m *testing.M) {
	code := m.Run()
	testkit.StopEmulator()
	os.Exit(code)
}

func regioes(t *testing.T, st *store.Store) *store.Collection[domain.Regiao] {
	t.Helper()
	c, err := adapters.DeclareRegioes(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func reg(id, nome string, cidades ...string) *domain.Regiao {
	if cidades == nil {
		cidades = []string{}
	}
	return &domain.Regiao{Meta: store.Meta{ID: id}, Nome: nome, Cidades: cidades, Operadores: []string{"v1"}}
}

func wantReason(t *testing.T, what string, err error, r errs.Reason) {
	t.Helper()
	if errs.ReasonOf(err) != r {
		t.Errorf("%s: %v (motivo %q), want %s", what, err, errs.ReasonOf(err), r)
	}
}

func TestRegiaoKeys(t *testing.T) {
	st := testkit.Store(t, dbName)
	c := regioes(t, st)
	// Declaring again (every start) is fine.
	regioes(t, st)
	ctx := context.Background()
	a, b := store.Company("emp-a"), store.Company("emp-b")
	if _, _, err := c.Create(ctx, a, reg("r1", "Capital", "3550308", "3509502")); err != nil {
		t.Fatal(err)
	}
	// One live region per name (folded) and per city in a company; another company is apart.
	_, _, err := c.Create(ctx, a, reg("r2", "CAPITÁL"))
	wantReason(t, "same name", err, errs.ReasonChaveDuplicada)
	if err == nil || err.Error() != domain.MsgNomeRepetido {
		t.Errorf("name message: %v", err)
	}
	_, _, err = c.Create(ctx, a, reg("r2", "Campinas", "4106902", "3509502"))
	wantReason(t, "same city", err, domain.ReasonCidadeEmOutraRegiao)
	if de := (*errs.Error)(nil); !asErr(err, &de) || de.Details["regiao_id"] != "r1" || de.Details["cidade"] != "3509502" {
		t.Errorf("city details: %+v", de)
	}
	if _, _, err := c.Create(ctx, b, reg("rb", "Capital", "3550308")); err != nil {
		t.Errorf("another company: %v", err)
	}
	// A failed create claimed nothing: Curitiba is free.
	if o, err := c.KeyOwner(ctx, "emp-a", adapters.KeyCidade, "4106902"); err != nil || o != "" {
		t.Errorf("Curitiba: %q %v", o, err)
	}
	// An update that drops a city frees it; a deleted region frees its name and cities.
	if _, err := c.Update(ctx, a, "r1", 1, func(r *domain.Regiao) error { r.Cidades = []string{"3550308"}; return nil }); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.Create(ctx, a, reg("r3", "Campinas", "3509502")); err != nil {
		t.Errorf("freed city: %v", err)
	}
	if _, err := c.Delete(ctx, a, "r1", 0); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.Create(ctx, a, reg("r4", "capital", "3550308")); err != nil {
		t.Errorf("name and city of a deleted region: %v", err)
	}
	if o, _ := c.KeyOwner(ctx, "emp-a", adapters.KeyCidade, "3550308"); o != "r4" {
		t.Errorf("São Paulo held by %q", o)
	}
}

func asErr(err error, de **errs.Error) bool { return errors.As(err, de) }

func TestRegiaoList(t *testing.T) {
	st := testkit.Store(t, dbName)
	c := regioes(t, st)
	ctx := context.Background()
	a := store.Company("emp-a")
	names := []string{"Zona Leste", "Área Norte", "área sul", "Centro", "Bairros", "Oeste", "Ágape"}
	for i, n := range names {
		if _, _, err := c.Create(ctx, a, reg(fmt.Sprintf("r%d", i), n)); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := c.Create(ctx, store.Company("emp-b"), reg("x", "Área Norte B")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.Create(ctx, a, reg("del", "Área Excluída")); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Delete(ctx, a, "del", 0); err != nil {
		t.Fatal(err)
	}
	var got []string
	q := store.Query{PageSize: 3}
	for {
		p, err := c.List(ctx, a, q)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range p.Items {
			if x.Empresa != "emp-a" || x.Excluido {
				t.Fatalf("leak: %+v", x)
			}
			got = append(got, x.Nome)
		}
		if q.PageToken = p.Next; q.PageToken == "" {
			break
		}
	}
	if want := "Ágape,Área Norte,área sul,Bairros,Centro,Oeste,Zona Leste"; strings.Join(got, ",") != want {
		t.Errorf("pages: %s", strings.Join(got, ","))
	}
	p, err := c.List(ctx, a, store.Query{Search: "AREA"})
	if err != nil || len(p.Items) != 2 || p.Items[0].Nome != "Área Norte" || p.Items[1].Nome != "área sul" {
		t.Errorf("search: %+v %v", p, err)
	}
	if p, err := c.List(ctx, a, store.Query{Search: ".*"}); err != nil || len(p.Items) != 0 {
		t.Errorf("search .*: %+v %v", p, err)
	}
}

// The one-time copy of a legacy data directory: documents of the old regions and ceps
// collections (FerretDB, as the embedded default wrote them) land in the store as they were,
// with the region ids restored and the cities of live regions claimed.
func TestLegacyCopy(t *testing.T) {
	old := testkit.DB(t, "addrlegado")
	ctx := context.Background()
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	doc := func(empresa, id, nome string, excluido bool, versao int64, cidades ...string) bson.D {
		return bson.D{{Key: "_id", Value: empresa + "/" + id}, {Key: "id", Value: id}, {Key: "nome", Value: nome},
			{Key: "nome_ordem", Value: domain.NomeOrdem(nome)}, {Key: "nome_unico", Value: domain.NomeOrdem(nome)},
			{Key: "cidades", Value: cidades}, {Key: "operadores", Value: []string{"v1"}}, {Key: "empresa", Value: empresa},
			{Key: "criado_em", Value: at}, {Key: "alterado_em", Value: at.Add(time.Hour)}, {Key: "versao", Value: versao}, {Key: "excluido", Value: excluido}}
	}
	if _, err := old.Collection("regioes").InsertMany(ctx, []any{
		doc("emp-a", "r1", "Capital", false, 2, "3550308", "3509502"),
		doc("emp-a", "r2", "Velha", true, 3, "4106902"),
		doc("emp-b", "r3", "Capital", false, 1, "3550308"),
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := old.Collection("ceps").InsertOne(ctx, bson.D{{Key: "_id", Value: "01001000"}, {Key: "encontrado", Value: true},
		{Key: "cep", Value: "01001-000"}, {Key: "localidade", Value: "São Paulo"}, {Key: "uf", Value: "SP"},
		{Key: "obtido_em", Value: at}, {Key: "expira_em", Value: at.Add(domain.FoundTTL)}}); err != nil {
		t.Fatal(err)
	}
	st := testkit.Store(t, old.Name())
	c := regioes(t, st)
	cache, err := adapters.NewCEPCache(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	moved, _, err := st.ImportLegacy(ctx, old.Client())
	if err != nil {
		t.Fatal(err)
	}
	if moved[old.Name()+".regioes"] != 3 || moved[old.Name()+".ceps"] != 1 {
		t.Errorf("moved: %v", moved)
	}
	r1, err := c.Get(ctx, store.Company("emp-a"), "r1")
	if err != nil || r1.Nome != "Capital" || r1.Versao != 2 || !r1.CriadoEm.Equal(at) || strings.Join(r1.Cidades, ",") != "3550308,3509502" {
		t.Fatalf("r1: %+v %v", r1, err)
	}
	if _, err := c.Get(ctx, store.Company("emp-a"), "r2"); !errs.IsKind(err, errs.KindNotFound) {
		t.Errorf("deleted r2: %v", err)
	}
	if _, err := c.Get(ctx, store.Company("emp-b"), "r1"); !errs.IsReason(err, errs.ReasonForaDoEscopo) {
		t.Errorf("r1 from emp-b: %v", err)
	}
	if o, _ := c.KeyOwner(ctx, "emp-a", adapters.KeyCidade, "3509502"); o != "r1" {
		t.Errorf("Campinas held by %q", o)
	}
	if o, _ := c.KeyOwner(ctx, "emp-a", adapters.KeyCidade, "4106902"); o != "" {
		t.Errorf("Curitiba (of a deleted region) held by %q", o)
	}
	// The next write goes on from the copied versao.
	if up, err := c.Update(ctx, store.Company("emp-a"), "r1", 2, func(r *domain.Regiao) error { r.Nome = "Capital SP"; return nil }); err != nil || up.Versao != 3 {
		t.Errorf("update after the copy: %+v %v", up, err)
	}
	e, err := cache.Get(ctx, "01001000")
	if err != nil || e == nil || e.Endereco == nil || e.Endereco.Localidade != "São Paulo" || !e.ObtidoEm.Equal(at) {
		t.Errorf("cached CEP: %+v %v", e, err)
	}
}

func TestCEPCache(t *testing.T) {
	st := testkit.Store(t, dbName)
	ctx := context.Background()
	c, err := adapters.NewCEPCache(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	if e, err := c.Get(ctx, "01001000"); e != nil || err != nil {
		t.Fatalf("empty: %+v %v", e, err)
	}
	t0 := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	end := &domain.Endereco{CEP: "01001-000", Logradouro: "Praça da Sé", Localidade: "São Paulo", UF: "SP", IBGE: "3550308", DDD: "11"}
	if err := c.Put(ctx, &domain.CacheEntry{CEP: "01001000", Endereco: end, ObtidoEm: t0}); err != nil {
		t.Fatal(err)
	}
	if err := c.Put(ctx, &domain.CacheEntry{CEP: "99999999", ObtidoEm: t0}); err != nil {
		t.Fatal(err)
	}
	e, err := c.Get(ctx, "01001000")
	if err != nil || e == nil || *e.Endereco != *end || !e.ObtidoEm.Equal(t0) || !e.Fresh(t0.Add(29*24*time.Hour)) || e.Fresh(t0.Add(30*24*time.Hour)) {
		t.Fatalf("get: %+v %v", e, err)
	}
	if e, err := c.Get(ctx, "99999999"); err != nil || e == nil || e.Endereco != nil || e.Fresh(t0.Add(25*time.Hour)) {
		t.Fatalf("not found entry: %+v %v", e, err)
	}
	// A newer answer replaces the entry.
	t1 := t0.Add(2 * 24 * time.Hour)
	if err := c.Put(ctx, &domain.CacheEntry{CEP: "99999999", Endereco: end, ObtidoEm: t1}); err != nil {
		t.Fatal(err)
	}
	if e, _ := c.Get(ctx, "99999999"); e == nil || e.Endereco == nil || !e.ObtidoEm.Equal(t1) {
		t.Fatalf("replaced: %+v", e)
	}
	// The sweep removes what expired (30 days for an address; the replaced entry is younger).
	if n, err := c.Sweep(ctx, t0.Add(31*24*time.Hour)); err != nil || n != 1 {
		t.Fatalf("sweep: %d %v", n, err)
	}
	if e, err := c.Get(ctx, "01001000"); e != nil || err != nil {
		t.Errorf("swept entry: %+v %v", e, err)
	}
	if e, _ := c.Get(ctx, "99999999"); e == nil {
		t.Error("a live entry was swept")
	}
	if n, err := c.Sweep(ctx, t0.Add(31*24*time.Hour)); err != nil || n != 0 {
		t.Errorf("sweep again: %d %v", n, err)
	}
	// A swept CEP is cached again.
	t2 := t0.Add(40 * 24 * time.Hour)
	if err := c.Put(ctx, &domain.CacheEntry{CEP: "01001000", Endereco: end, ObtidoEm: t2}); err != nil {
		t.Fatal(err)
	}
	if e, _ := c.Get(ctx, "01001000"); e == nil || !e.ObtidoEm.Equal(t2) {
		t.Errorf("revived: %+v", e)
	}
}
