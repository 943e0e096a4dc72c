package app_test

import (
	"context"
	"strings"
	"testing"

	"github.com/crmvendas/crm/services/customer/internal/adapters"
	"github.com/crmvendas/crm/services/customer/internal/app"
	"github.com/crmvendas/crm/services/customer/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/testkit"
)

type cidadesFake struct{}

func (cidadesFake) Buscar(ibge string) (string, string, bool) {
	return "Curitiba", "PR", ibge == "4106902"
}
func (cidadesFake) PorNome(nome, uf string) (string, string, bool) {
	return "4106902", "Curitiba", strings.EqualFold(nome, "curitiba")
}

// regioesFake runs during runs a hook when the service asks for the region map (between an
// import's validation and its writes).
type regioesFake struct{ during func() }

func (r *regioesFake) Mapa(context.Context) (map[string]string, error) {
	if r.during != nil {
		f := r.during
		r.during = nil
		f()
	}
	return map[string]string{}, nil
}
func (r *regioesFake) Cidades(context.Context, string) ([]string, error) { return nil, nil }

// TestImportKeepsEditsMadeMeanwhile: a CSV row is applied as a change to the customer as it is
// when written, so an edit saved between the import's validation and its writes is not lost.
func TestImportKeepsEditsMadeMeanwhile(t *testing.T) {
	ctx := caller.With(context.Background(), &caller.Caller{Empresa: "e1", Operador: "adm", Perfil: caller.Admin})
	col, err := adapters.Declare(context.Background(), testkit.Store(t, "crm_customer"))
	if err != nil {
		t.Fatal(err)
	}
	reg := &regioesFake{}
	s := &app.Service{Col: col, Cidades: cidadesFake{}, Regioes: reg}
	cl, err := s.CriarCliente(ctx, domain.Cliente{VendedorID: "v1", Documento: "11.222.333/0001-81", Nome: "Nome Antigo", Telefone: "4133330000"})
	if err != nil {
		t.Fatal(err)
	}
	reg.during = func() {
		if _, err := col.Clientes.Update(ctx, store.Company("e1"), cl.ID, 0, func(c *domain.Cliente) error {
			c.Telefone, c.Observacoes = "4199998888", "editado durante a importação"
			return nil
		}); err != nil {
			t.Error(err)
		}
	}
	res, err := s.ImportarClientes(ctx, "documento;nome;limite_credito\n11222333000181;Nome Novo;1.234,56\n", false)
	if err != nil || res.Atualizados != 1 || len(res.Rejeitadas) != 0 {
		t.Fatalf("importar: %v %+v", err, res)
	}
	got, err := col.Clientes.Get(ctx, store.Company("e1"), cl.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Nome != "Nome Novo" || got.LimiteCreditoCentavos != 123456 {
		t.Fatalf("a linha não foi aplicada: %+v", got)
	}
	if got.Telefone != "4199998888" || got.Observacoes != "editado durante a importação" {
		t.Fatalf("a edição feita durante a importação se perdeu: telefone %q, observações %q", got.Telefone, got.Observacoes)
	}
	if got.Versao != 3 {
		t.Fatalf("versao %d, queria 3 (criação, edição, importação)", got.Versao)
	}
}
