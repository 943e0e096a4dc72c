package adapters

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/crmvendas/crm/services/customer/internal/domain"
	"github.com/crmvendas/crm/services/platform/mongox"
	"github.com/crmvendas/crm/services/platform/testkit"
)

func cliente(empresa, id, nome, vendedor string) *domain.Cliente {
	now := time.Now().UTC()
	return &domain.Cliente{ID: id, Empresa: empresa, Nome: nome, Documento: id, VendedorID: vendedor, Status: domain.StatusAtivo,
		CriadoEm: now, AlteradoEm: now, Versao: 1,
		Enderecos: []domain.Endereco{{ID: "e", Principal: true, Cidade: "São Paulo", UF: "SP", IBGE: "3550308"}}}
}

// Two repositories on one database stand for two processes: what one writes, the other reads.
func TestIndexedAcrossProcesses(t *testing.T) {
	db := testkit.DB(t, "repo")
	ctx := context.Background()
	if err := mongox.EnsureIndexes(ctx, db, Indexes...); err != nil {
		t.Fatal(err)
	}
	a, b := NewIndexed(NewRepo(db), false), NewIndexed(NewRepo(db), false)
	for i, n := range []string{"Zeta", "Álvaro", "beta"} {
		if err := a.InsertCliente(ctx, cliente("e1", fmt.Sprint("c", i), n, "v1")); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.InsertCliente(ctx, cliente("e2", "x", "Outra empresa", "v1")); err != nil {
		t.Fatal(err)
	}
	if err := a.InsertCliente(ctx, cliente("e1", "c0", "dup", "v1")); !errors.Is(err, domain.ErrDuplicate) {
		t.Fatalf("id repetido: %v", err)
	}
	list, err := b.Clientes(ctx, domain.Filtro{Empresa: "e1", Limit: 10})
	if err != nil || len(list) != 3 || list[0].Nome != "Álvaro" || list[1].Nome != "beta" || list[2].Nome != "Zeta" {
		t.Fatalf("b lista: %v %v", list, err)
	}
	// a writes; b notices the new generation and reloads.
	c, _ := a.Cliente(ctx, "e1", "c1")
	c.VendedorID, c.Versao = "v2", 2
	if err := a.ReplaceCliente(ctx, c, 1); err != nil {
		t.Fatal(err)
	}
	if list, _ := b.Clientes(ctx, domain.Filtro{Empresa: "e1", Vendedores: []string{"v2"}, Limit: 10}); len(list) != 1 || list[0].ID != "c1" {
		t.Fatalf("b depois da escrita de a: %v", list)
	}
	// b's stale versao is refused.
	c.Versao = 3
	if err := b.ReplaceCliente(ctx, c, 1); !errors.Is(err, domain.ErrVersion) {
		t.Fatalf("versão antiga: %v", err)
	}
	// Company isolation: e1 never sees e2's customer, and reading its id says so.
	if _, err := b.Cliente(ctx, "e1", "x"); !errors.Is(err, domain.ErrOtherCompany) {
		t.Fatalf("outra empresa: %v", err)
	}
	if _, err := b.Cliente(ctx, "e1", "nada"); !errors.Is(err, domain.ErrNotFound) {
		t.Fatalf("inexistente: %v", err)
	}
	if n, _ := b.Contagens(ctx, "e2", nil); len(n) != 1 {
		t.Fatalf("contagens e2: %v", n)
	}
	// Changes feed by seller, including sellers the customer left.
	c.VendedoresAnteriores = []string{"v1"}
	c.Versao = 3
	c.AlteradoEm = time.Now().UTC()
	if err := b.ReplaceCliente(ctx, c, 2); err != nil {
		t.Fatal(err)
	}
	ch, err := a.Alteracoes(ctx, "e1", []string{"v1"}, 0, "", time.Now().UnixNano(), 10)
	if err != nil || len(ch) != 3 || ch[2].ID != "c1" {
		t.Fatalf("alterações de v1: %v %v", ch, err)
	}
	// The plain repository answers the same (it is what a real MongoDB would run with indexes).
	plain := NewRepo(db)
	pl, err := plain.Clientes(ctx, domain.Filtro{Empresa: "e1", Busca: "alvaro", Limit: 10})
	if err != nil || len(pl) != 1 {
		t.Fatalf("busca no banco: %v %v", pl, err)
	}
	pl, err = plain.Alteracoes(ctx, "e1", []string{"v1"}, 0, "", time.Now().UnixNano(), 10)
	if err != nil || len(pl) != 3 {
		t.Fatalf("alterações no banco: %v %v", pl, err)
	}
	// Document keys.
	if owner, err := plain.ClaimDocumento(ctx, "e1", "123", "c0"); err != nil || owner != "c0" {
		t.Fatal(owner, err)
	}
	if owner, err := plain.ClaimDocumento(ctx, "e1", "123", "c1"); !errors.Is(err, domain.ErrDuplicate) || owner != "c0" {
		t.Fatal(owner, err)
	}
	if owner, err := plain.ClaimDocumento(ctx, "e2", "123", "x"); err != nil || owner != "x" {
		t.Fatal(owner, err)
	}
}

// Concurrent readers and writers on one company's copy (run with -race in make test).
func TestIndexedConcurrent(t *testing.T) {
	db := testkit.DB(t, "repo")
	ctx := context.Background()
	x := NewIndexed(NewRepo(db), false)
	for i := 0; i < 20; i++ {
		if err := x.InsertCliente(ctx, cliente("e", fmt.Sprintf("c%02d", i), fmt.Sprintf("Cliente São João %d", i), "v1")); err != nil {
			t.Fatal(err)
		}
	}
	done := make(chan error, 10)
	for g := 0; g < 8; g++ {
		go func() {
			for i := 0; i < 30; i++ {
				if _, err := x.Clientes(ctx, domain.Filtro{Empresa: "e", Busca: "sao joao", Limit: 50}); err != nil {
					done <- err
					return
				}
				if _, err := x.Cliente(ctx, "e", "c01"); err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	for g := 0; g < 2; g++ {
		go func() {
			for i := 0; i < 15; i++ {
				id := fmt.Sprintf("c%02d", g*10+i%10)
				c, err := x.Cliente(ctx, "e", id)
				if err != nil {
					done <- err
					return
				}
				prev := c.Versao
				c.Versao++
				c.Nome += "!"
				if err := x.ReplaceCliente(ctx, c, prev); err != nil && !errors.Is(err, domain.ErrVersion) {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	for i := 0; i < 10; i++ {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	list, err := x.Clientes(ctx, domain.Filtro{Empresa: "e", Limit: 100})
	if err != nil || len(list) != 20 {
		t.Fatalf("%d %v", len(list), err)
	}
}

// What a reader gets is its own copy: changing it (as an update does before writing) leaves the
// company's copy as stored, even when the write is then refused.
func TestIndexedCopiesAreOwn(t *testing.T) {
	db := testkit.DB(t, "repo")
	ctx := context.Background()
	x := NewIndexed(NewRepo(db), false)
	if err := x.InsertCliente(ctx, cliente("e", "c1", "Cliente", "v1")); err != nil {
		t.Fatal(err)
	}
	c, _ := x.Cliente(ctx, "e", "c1")
	c.Enderecos[0].Cidade = "Alterada"
	c.Enderecos = append(c.Enderecos, domain.Endereco{ID: "novo"})
	if err := x.ReplaceCliente(ctx, c, 99); !errors.Is(err, domain.ErrVersion) {
		t.Fatalf("versão errada aceita: %v", err)
	}
	again, _ := x.Cliente(ctx, "e", "c1")
	list, _ := x.Clientes(ctx, domain.Filtro{Empresa: "e", Limit: 10})
	if again.Enderecos[0].Cidade != "São Paulo" || len(again.Enderecos) != 1 || list[0].Enderecos[0].Cidade != "São Paulo" {
		t.Fatalf("a cópia da empresa mudou: %+v", again.Enderecos)
	}
}
