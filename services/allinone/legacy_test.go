package allinone_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/crmvendas/crm/services/allinone"
	"github.com/crmvendas/crm/services/platform/config"
	"github.com/crmvendas/crm/services/platform/mongox"
	"github.com/crmvendas/crm/services/platform/runner"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// TestLegacyDataDirCopied: a data directory left by the FerretDB embedded default (documents as
// the old repositories wrote them) is copied into the SQLite store on the first start, once,
// and everything in it is served as before.
func TestLegacyDataDirCopied(t *testing.T) {
	ctx := context.Background()
	testkit.AuthClient(t) // the emulator, for the Admin SDK runner.Open builds
	dir := t.TempDir()
	u := testkit.NewUser(t, "legado")
	now := time.Date(2026, 10, 1, 12, 0, 0, 0, time.UTC)
	meta := bson.D{{Key: "empresa", Value: "legado"}, {Key: "criado_em", Value: now}, {Key: "alterado_em", Value: now}, {Key: "versao", Value: int64(3)}, {Key: "excluido", Value: false}}
	with := func(d bson.D) bson.D { return append(d, meta...) }

	emb, err := mongox.StartEmbedded(filepath.Join(dir, "db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	client, err := mongox.Connect(ctx, emb.URI)
	if err != nil {
		t.Fatal(err)
	}
	ins := func(db, col string, docs ...bson.D) {
		t.Helper()
		for _, d := range docs {
			if _, err := client.Database(db).Collection(col).InsertOne(ctx, d); err != nil {
				t.Fatalf("%s.%s: %v", db, col, err)
			}
		}
	}
	ins("crm_operator", "operadores", with(bson.D{{Key: "_id", Value: u.UID}, {Key: "id", Value: "adm-legado"}, {Key: "email", Value: u.Email},
		{Key: "nome_operador", Value: "Ana Legada"}, {Key: "nome_busca", Value: "ana legada"}, {Key: "perfil_app", Value: "ADMIN"},
		{Key: "exibir_medida", Value: true}, {Key: "equipe", Value: bson.A{}}, {Key: "ativo", Value: true}}))
	ins("crm_customer", "clientes", with(bson.D{{Key: "_id", Value: "cli-legado-1"}, {Key: "tipo_pessoa", Value: "PJ"},
		{Key: "documento", Value: "11222333000181"}, {Key: "nome", Value: "Mercado Legado Ltda"}, {Key: "nome_fantasia", Value: "Legadão"},
		{Key: "nome_ordem", Value: "mercado legado ltda"}, {Key: "busca", Value: "mercado legado ltda | legadao"}, {Key: "status", Value: "ativo"},
		{Key: "limite_credito_centavos", Value: int64(150000)}, {Key: "vendedor_id", Value: "adm-legado"}, {Key: "vendedores_anteriores", Value: bson.A{}},
		{Key: "cidade_ibge", Value: "4106902"}, {Key: "cidade_nome", Value: "curitiba"},
		{Key: "enderecos", Value: bson.A{bson.D{{Key: "id", Value: "e1"}, {Key: "tipo", Value: "ENTREGA"}, {Key: "principal", Value: true},
			{Key: "cep", Value: "80010000"}, {Key: "logradouro", Value: "Rua XV"}, {Key: "numero", Value: "10"}, {Key: "cidade", Value: "Curitiba"},
			{Key: "uf", Value: "PR"}, {Key: "ibge", Value: "4106902"}}}},
		{Key: "contatos", Value: bson.A{}}, {Key: "criado_por", Value: "adm-legado"}, {Key: "alterado_por", Value: "adm-legado"},
		{Key: "alterado_ns", Value: now.UnixNano()}}))
	ins("crm_customer", "documentos", bson.D{{Key: "_id", Value: "legado|11222333000181"}, {Key: "cliente_id", Value: "cli-legado-1"}})
	// A second customer with the same document, which the old code's races could let in: it is
	// copied (nothing is lost) without the key, and the copy says so.
	ins("crm_customer", "clientes", with(bson.D{{Key: "_id", Value: "cli-legado-2"}, {Key: "tipo_pessoa", Value: "PJ"},
		{Key: "documento", Value: "11222333000181"}, {Key: "nome", Value: "Mercado Legado Repetido"}, {Key: "status", Value: "ativo"},
		{Key: "vendedor_id", Value: "adm-legado"}, {Key: "enderecos", Value: bson.A{}}, {Key: "contatos", Value: bson.A{}}}))
	ins("crm_customer", "pesquisas", with(bson.D{{Key: "_id", Value: "pesq-legado"}, {Key: "pesquisa_id", Value: "pesq-legado"},
		{Key: "titulo", Value: "Satisfação"}, {Key: "titulo_ordem", Value: "satisfacao"}, {Key: "descricao", Value: ""}, {Key: "ativa", Value: true},
		{Key: "perguntas", Value: bson.A{bson.D{{Key: "id", Value: "p1"}, {Key: "texto", Value: "Nota?"}, {Key: "tipo", Value: "NUMERO"}}}}}))
	ins("crm_address", "regioes", with(bson.D{{Key: "_id", Value: "legado|reg-sul"}, {Key: "id", Value: "reg-sul"}, {Key: "nome", Value: "Sul"},
		{Key: "nome_ordem", Value: "sul"}, {Key: "nome_unico", Value: "sul"}, {Key: "cidades", Value: bson.A{"4106902"}}, {Key: "operadores", Value: bson.A{}}}))
	ins("crm_system", "acessos", bson.D{{Key: "_id", Value: "acesso-legado-1"}, {Key: "empresa", Value: "legado"}, {Key: "operador", Value: "adm-legado"},
		{Key: "uid", Value: u.UID}, {Key: "historico", Value: "login"}, {Key: "localizacao", Value: ""}, {Key: "ip", Value: "10.0.0.1"},
		{Key: "user_agent", Value: "teste"}, {Key: "registrado_em", Value: now}, {Key: "criado_em", Value: now}, {Key: "alterado_em", Value: now}, {Key: "versao", Value: int64(1)}})
	client.Disconnect(ctx)
	emb.Close()

	start := func() (*runner.Env, *testkit.Stack) {
		cfg := config.FromEnv()
		cfg.DataDir, cfg.MongoURI, cfg.WebDir = dir, "", ""
		env, err := runner.Open(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(env.Close)
		var s *allinone.Services
		mods, res, err := allinone.Build(&s)(ctx, env)
		if err != nil {
			t.Fatal(err)
		}
		if err := env.ImportLegacy(ctx); err != nil {
			t.Fatal(err)
		}
		return env, testkit.StartStackLocal(t, res, env.Local, mods...)
	}
	env, st := start()
	marker, err := os.ReadFile(filepath.Join(dir, "db", "COPIADO-PARA-crm.db.txt"))
	if err != nil || !strings.Contains(string(marker), "documentos") || !strings.Contains(string(marker), "copiado sem essa chave") {
		t.Fatalf("marcador da cópia: %v %s", err, marker)
	}
	if code, body := st.Do(t, "GET", "/crm/clientes/cli-legado-2", u.Token, nil); code != 200 {
		t.Fatalf("cliente com documento repetido no banco antigo: %d %s", code, body)
	}
	if _, err := os.Stat(filepath.Join(dir, "db", "crm_customer.sqlite")); err != nil {
		t.Fatalf("os arquivos antigos ficam: %v", err)
	}
	code, body := st.Do(t, "GET", "/crm/clientes/cli-legado-1", u.Token, nil)
	var cl map[string]any
	json.Unmarshal(body, &cl)
	if code != 200 || cl["nome"] != "Mercado Legado Ltda" || cl["versao"] != "3" || cl["limite_credito_centavos"] != "150000" {
		t.Fatalf("cliente copiado: %d %s", code, body)
	}
	// Its document is still unique in the company.
	code, body = st.Do(t, "POST", "/crm/clientes", u.Token, map[string]any{"documento": "11.222.333/0001-81", "nome": "Outro"})
	if code != 409 || !strings.Contains(string(body), `"motivo":"DOCUMENTO_DUPLICADO"`) || !strings.Contains(string(body), "cli-legado-1") {
		t.Fatalf("documento copiado deixou de ser único: %d %s", code, body)
	}
	code, body = st.Do(t, "GET", "/crm/regioes", u.Token, nil)
	if code != 200 || !strings.Contains(string(body), `"reg-sul"`) {
		t.Fatalf("região copiada: %d %s", code, body)
	}
	code, body = st.Do(t, "GET", "/crm/regioes/reg-sul", u.Token, nil)
	if code != 200 || !strings.Contains(string(body), "4106902") {
		t.Fatalf("região copiada por id: %d %s", code, body)
	}
	code, body = st.Do(t, "GET", "/crm/pesquisas", u.Token, nil)
	if code != 200 || !strings.Contains(string(body), "Satisfação") {
		t.Fatalf("pesquisa copiada: %d %s", code, body)
	}
	code, body = st.Do(t, "GET", "/crm/sistema/logacesso", u.Token, nil)
	if code != 200 || !strings.Contains(string(body), "acesso-legado-1") {
		t.Fatalf("log de acesso copiado: %d %s", code, body)
	}
	before, err := env.SQLite.Fingerprint(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Once: a second start copies nothing again.
	if err := env.ImportLegacy(ctx); err != nil {
		t.Fatal(err)
	}
	if after, _ := env.SQLite.Fingerprint(ctx); after != before {
		t.Fatalf("segunda cópia: %s -> %s", before, after)
	}
}
