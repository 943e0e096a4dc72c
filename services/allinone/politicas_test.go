package allinone_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/crmvendas/crm/services/allinone"
	"github.com/crmvendas/crm/services/platform/config"
	"github.com/crmvendas/crm/services/platform/runner"
	"github.com/crmvendas/crm/services/platform/server"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// arquivoPoliticas is the role policy of every method of every registered service, as the app's
// permission table (mobile/src/lib/permissoes.ts) checks itself against it: written from the
// modules the crm command mounts, never by hand.
const arquivoPoliticas = "../../contracts/politicas.json"

type politicas struct {
	Descricao string `json:"descricao"`
	// Metodos: "Service/Method" → the roles it accepts ([]: any active operator), in the order
	// the service declares them.
	Metodos map[string][]string `json:"metodos"`
}

// TestPoliticasDoContrato fails when contracts/politicas.json is not what the services declare
// (CRM_ATUALIZAR_CONTRATOS=1 rewrites it).
func TestPoliticasDoContrato(t *testing.T) {
	env := &runner.Env{Config: config.FromEnv(), Log: slog.New(slog.NewTextHandler(io.Discard, nil)), SQLite: testkit.Store(t, "crm"),
		Auth: testkit.AuthClient(t), Local: &server.Deferred{}}
	var s *allinone.Services
	mods, _, err := allinone.Build(&s)(context.Background(), env)
	if err != nil {
		t.Fatal(err)
	}
	p := politicas{
		Descricao: "Gerado por services/allinone (TestPoliticasDoContrato) a partir das políticas que cada serviço registrado declara: " +
			"o método (Serviço/Método) e os perfis que ele aceita ([] = qualquer operador ativo). Não edite à mão: " +
			"CRM_ATUALIZAR_CONTRATOS=1 go test -run TestPoliticasDoContrato ./services/allinone/ (com o emulador do Auth).",
		Metodos: map[string][]string{},
	}
	for _, m := range mods {
		for full, pol := range m.Policies {
			if pol.Public {
				continue
			}
			nome := strings.TrimPrefix(full, "/")
			if i := strings.LastIndex(nome, "/"); i > 0 {
				svc := nome[:i]
				nome = svc[strings.LastIndex(svc, ".")+1:] + nome[i:]
			}
			p.Metodos[nome] = append([]string{}, pol.Roles...)
		}
	}
	if len(p.Metodos) < 90 || !slices.Equal(p.Metodos["SalesService/CriarProduto"], []string{"ADMIN"}) {
		t.Fatalf("as políticas lidas dos módulos não parecem completas: %d métodos", len(p.Metodos))
	}
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(p); err != nil {
		t.Fatal(err)
	}
	arquivo := filepath.FromSlash(arquivoPoliticas)
	if os.Getenv("CRM_ATUALIZAR_CONTRATOS") == "1" {
		if err := os.WriteFile(arquivo, want.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(arquivo)
	if err != nil || !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("contracts/politicas.json não corresponde às políticas dos serviços (%v): rode CRM_ATUALIZAR_CONTRATOS=1 go test -run TestPoliticasDoContrato ./services/allinone/ e faça commit", err)
	}
}
