package app_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/crmvendas/crm/services/customer/internal/adapters"
	"github.com/crmvendas/crm/services/customer/internal/app"
	"github.com/crmvendas/crm/services/customer/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// casosBusca is contracts/clientes-busca.json: the same cases run against the device copy's
// search and filters (mobile/src/entities/cliente/busca.test.ts), so the two cannot drift.
type casosBusca struct {
	Clientes []struct {
		ID, Nome, Documento, Cidade, UF, IBGE, Status string
		NomeFantasia                                  string `json:"nome_fantasia"`
		TipoPessoa                                    string `json:"tipo_pessoa"`
	} `json:"clientes"`
	Casos []struct {
		Nome, Q, Cidade, Status string
		IDs                     []string `json:"ids"`
	} `json:"casos"`
}

type cidadesContrato map[string][2]string

func (c cidadesContrato) Buscar(ibge string) (string, string, bool) {
	v, ok := c[ibge]
	return v[0], v[1], ok
}
func (c cidadesContrato) PorNome(string, string) (string, string, bool) { return "", "", false }

func TestBuscaIgualAoAparelho(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "contracts", "clientes-busca.json"))
	if err != nil {
		t.Fatal(err)
	}
	var casos casosBusca
	if err := json.Unmarshal(raw, &casos); err != nil {
		t.Fatal(err)
	}
	ctx := caller.With(context.Background(), &caller.Caller{Empresa: "e1", Operador: "adm", Perfil: caller.Admin})
	col, err := adapters.Declare(context.Background(), testkit.Store(t, "crm_customer"))
	if err != nil {
		t.Fatal(err)
	}
	cidades := cidadesContrato{}
	for _, c := range casos.Clientes {
		cidades[c.IBGE] = [2]string{c.Cidade, c.UF}
	}
	s := &app.Service{Col: col, Cidades: cidades, Regioes: &regioesFake{}}
	porID := map[string]string{} // stored id → case id
	for _, c := range casos.Clientes {
		cl := domain.Cliente{VendedorID: "v1", TipoPessoa: c.TipoPessoa, Documento: c.Documento, Nome: c.Nome, NomeFantasia: c.NomeFantasia, Status: c.Status,
			Enderecos: []domain.Endereco{{Tipo: "COBRANCA", Principal: true, Cidade: c.Cidade, UF: c.UF, IBGE: c.IBGE}}}
		cl.ID = c.ID
		got, err := s.CriarCliente(ctx, cl)
		if err != nil {
			t.Fatalf("%s: %v", c.Nome, err)
		}
		porID[got.ID] = c.ID
	}
	for _, k := range casos.Casos {
		t.Run(k.Nome, func(t *testing.T) {
			p, err := s.ListarClientes(ctx, app.FiltroClientes{Q: k.Q, Cidade: k.Cidade, Status: k.Status, PageSize: 200})
			if err != nil {
				t.Fatal(err)
			}
			ids := []string{}
			for _, c := range p.Items {
				ids = append(ids, porID[c.ID])
			}
			want := k.IDs
			if want == nil {
				want = []string{}
			}
			if !reflect.DeepEqual(ids, want) {
				t.Errorf("q=%q cidade=%q status=%q: got %v, want %v", k.Q, k.Cidade, k.Status, ids, want)
			}
		})
	}
}
