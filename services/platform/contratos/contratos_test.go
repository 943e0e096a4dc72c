package contratos

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func raiz(t *testing.T) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	r, err := Raiz(wd)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestGeradosEmDia fails when a generated file is not what the contracts make now (a contract
// changed without `go generate ./services/platform/contratos`, or a generated file was edited).
func TestGeradosEmDia(t *testing.T) {
	r := raiz(t)
	arqs, err := Gerar(r)
	if err != nil {
		t.Fatal(err)
	}
	if len(arqs) != 7 {
		t.Fatalf("%d generated files, want 7", len(arqs))
	}
	for _, a := range arqs {
		atual, err := os.ReadFile(filepath.Join(r, a.Caminho))
		if err != nil {
			t.Errorf("%s: %v (run `go generate ./services/platform/contratos`)", a.Caminho, err)
			continue
		}
		if !bytes.Equal(atual, a.Conteudo) {
			t.Errorf("%s is stale: run `go generate ./services/platform/contratos` and commit it", a.Caminho)
		}
	}
}

// TestContratoValidado: a contract that breaks its own rules is refused, not generated.
func TestContratoValidado(t *testing.T) {
	r := raiz(t)
	for _, c := range []struct {
		arquivo, de, para, erro string
	}{
		{ArquivoPedidos, `"status": ["aguardando_aprovacao", "enviado", "em_separacao"]`, `"status": ["aguardando_aprovacao", "enviada"]`, `unknown status "enviada"`},
		{ArquivoPedidos, `{ "valor": "troca", "rotulo": "Troca" }`, `{ "valor": "venda", "rotulo": "Troca" }`, `tipo "venda"`},
		{ArquivoMotivos, `"grpc": "ALREADY_EXISTS", "descricao": "orders: the order's status`, `"grpc": "CONFLICT", "descricao": "orders: the order's status`, `unknown gRPC code "CONFLICT"`},
		{ArquivoMotivos, `{ "motivo": "CLIENTE_INATIVO", "nome": "ClienteInativo"`, `{ "motivo": "CLIENTE_BLOQUEADO", "nome": "ClienteInativo"`, `motivo "CLIENTE_BLOQUEADO"`},
		{ArquivoFormularios, `{"campo": "ativo", "go": "Ativo", "tipo": "booleano"}`, `{"campo": "ativo", "go": "Ativo", "tipo": "data"}`, `CondicaoPagamento.ativo: a wire name, a Go name and a known tipo`},
		{ArquivoFormularios, `{"se": {"campo": "reducao_base_tipo", "igual": "propria_e_st"}, "nao_zero": "reducao_base_percentual"`, `{"se": {"campo": "reducao_base_tipo", "igual": "propria_e_st"}, "nao_zero": "reducao_base"`, `se names a field, nao_zero a percentual field`},
		{ArquivoFormularios, `"unico": "sem_caixa"`, `"unico": "minusculas"`, `ConfiguracaoVisitas.motivos_sem_venda.nome: unico is exato or sem_caixa`},
		{ArquivoFormularios, `"gerado": "nome"`, `"gerado": "titulo"`, `ConfiguracaoVisitas.motivos_sem_venda.id: gerado names another field`},
		{ArquivoFormularios, `"repetido": "O motivo \"{nome}\" está repetido.", `, ``, `ConfiguracaoVisitas.motivos_sem_venda: a repetido message`},
		{ArquivoFormularios, `"arquivo": "services/field/internal/domain/formularios.gen.go"`, `"arquivo": "mobile/x.go"`, `go.arquivo "mobile/x.go"`},
	} {
		tmp := t.TempDir()
		for _, a := range []string{ArquivoPedidos, ArquivoMotivos, ArquivoFormularios} {
			b, err := os.ReadFile(filepath.Join(r, a))
			if err != nil {
				t.Fatal(err)
			}
			if a == c.arquivo {
				if !bytes.Contains(b, []byte(c.de)) {
					t.Fatalf("%s no longer has %s: update the test", a, c.de)
				}
				b = bytes.Replace(b, []byte(c.de), []byte(c.para), 1)
			}
			if err := os.MkdirAll(filepath.Join(tmp, "contracts"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(tmp, a), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := Gerar(tmp); err == nil || !strings.Contains(err.Error(), c.erro) {
			t.Errorf("%s with %s: err = %v, want one naming %s", c.arquivo, c.para, err, c.erro)
		}
	}
}

// construtores: the errs constructors and the code of the error each builds.
var construtores = map[string]string{
	"Invalid": "INVALID_ARGUMENT", "Field": "INVALID_ARGUMENT", "Unauthenticated": "UNAUTHENTICATED",
	"Forbidden": "PERMISSION_DENIED", "OutOfScope": "PERMISSION_DENIED", "NotFound": "NOT_FOUND",
	"Conflict": "ALREADY_EXISTS", "TooMany": "RESOURCE_EXHAUSTED", "RateLimited": "RESOURCE_EXHAUSTED",
	"Unavailable": "UNAVAILABLE", "Internal": "INTERNAL",
}

// kinds: errs.Kind constants and their codes (a composite literal errs.Error{Kind: …, Reason: …}).
var kinds = map[string]string{
	"KindInvalid": "INVALID_ARGUMENT", "KindUnauthenticated": "UNAUTHENTICATED", "KindForbidden": "PERMISSION_DENIED",
	"KindNotFound": "NOT_FOUND", "KindConflict": "ALREADY_EXISTS", "KindTooMany": "RESOURCE_EXHAUSTED",
	"KindUnavailable": "UNAVAILABLE", "KindInternal": "INTERNAL",
}

var reNomeReason = regexp.MustCompile(`^Reason[A-Z]`)

// naoMotivos are identifiers named Reason… that are not reasons.
var naoMotivos = map[string]bool{"ReasonOf": true}

// usosDeMotivos scans the Go sources under dir (tests and test-support packages, whose invented
// reasons never reach a client, aside) and reports every violation of the registry: a reason
// written as a literal (a Reason constant, WithReason("…"), errs.Reason("…"), Reason: "…"), a
// Reason… name the registry does not have, an alias of another name, and a reason built with an
// errs constructor (or Kind) of a code the registry does not give it. checados counts the
// reasons whose code it checked.
func usosDeMotivos(dir string, reg *Motivos) (violacoes []string, arquivos, checados int, err error) {
	porNome := map[string]Motivo{}
	for _, m := range reg.Motivos {
		porNome["Reason"+m.Nome] = m
	}
	nomeDe := func(e ast.Expr) string {
		switch x := e.(type) {
		case *ast.Ident:
			return x.Name
		case *ast.SelectorExpr:
			return x.Sel.Name
		}
		return ""
	}
	literal := func(e ast.Expr) bool {
		l, ok := e.(*ast.BasicLit)
		return ok && l.Kind == token.STRING
	}
	ehReason := func(e ast.Expr) bool { return nomeDe(e) == "Reason" }
	fset := token.NewFileSet()
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "testdata" || n == "node_modules" || strings.HasPrefix(n, ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") || strings.HasSuffix(p, filepath.FromSlash(GoMotivos)) {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		if strings.HasSuffix(f.Name.Name, "test") {
			return nil
		}
		arquivos++
		rel, _ := filepath.Rel(dir, p)
		erro := func(n ast.Node, f string, a ...any) {
			violacoes = append(violacoes, fmt.Sprintf("%s:%d: %s", rel, fset.Position(n.Pos()).Line, fmt.Sprintf(f, a...)))
		}
		// confere checks that reason expression r may come with code c.
		confere := func(n ast.Node, r ast.Expr, c string) {
			nome := nomeDe(r)
			m, ok := porNome[nome]
			if !ok {
				return // a variable (its value is checked where it is assigned) or reported below
			}
			checados++
			if !slices.Contains(m.Codigos(), c) {
				erro(n, "%s (%s) built as %s; the registry gives it %s (contracts/motivos.json)", nome, m.Motivo, c, strings.Join(m.Codigos(), ", "))
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.ValueSpec:
				for i, nm := range x.Names {
					if i < len(x.Values) && literal(x.Values[i]) && (ehReason(x.Type) || reNomeReason.MatchString(nm.Name)) {
						erro(x, "reason %s written as a literal: declare it in contracts/motivos.json and use errs.%s", nm.Name, nm.Name)
					}
					if i < len(x.Values) && reNomeReason.MatchString(nm.Name) {
						if v := nomeDe(x.Values[i]); reNomeReason.MatchString(v) && v != nm.Name {
							erro(x, "%s is an alias of %s: an alias keeps the registry's name", nm.Name, v)
						}
					}
				}
			case *ast.Ident:
				if reNomeReason.MatchString(x.Name) && !naoMotivos[x.Name] && porNome[x.Name].Motivo == "" {
					erro(x, "%s is not in the registry (contracts/motivos.json)", x.Name)
				}
			case *ast.CallExpr:
				if len(x.Args) > 0 && nomeDe(x.Fun) == "WithReason" {
					if literal(x.Args[0]) {
						erro(x, "WithReason(%s): a reason is a registry constant (contracts/motivos.json)", x.Args[0].(*ast.BasicLit).Value)
					}
					if sel, ok := x.Fun.(*ast.SelectorExpr); ok {
						if dentro, ok := sel.X.(*ast.CallExpr); ok {
							if c, ok := construtores[nomeDe(dentro.Fun)]; ok {
								confere(x, x.Args[0], c)
							}
						}
					}
				}
				if len(x.Args) == 1 && ehReason(x.Fun) && literal(x.Args[0]) {
					erro(x, "Reason(%s): a reason is a registry constant (contracts/motivos.json)", x.Args[0].(*ast.BasicLit).Value)
				}
			case *ast.CompositeLit:
				var kind string
				var reason ast.Expr
				for _, el := range x.Elts {
					kv, ok := el.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					switch nomeDe(kv.Key) {
					case "Kind":
						kind = kinds[nomeDe(kv.Value)]
					case "Reason":
						reason = kv.Value
						if literal(kv.Value) {
							erro(kv, "Reason: %s: a reason is a registry constant (contracts/motivos.json)", kv.Value.(*ast.BasicLit).Value)
						}
					}
				}
				if kind != "" && reason != nil {
					confere(x, reason, kind)
				}
			}
			return true
		})
		return nil
	})
	return violacoes, arquivos, checados, err
}

// TestMotivosRegistrados fails when a service uses a reason the registry does not have, writes
// one as a literal, or builds one with a code the registry does not give it.
func TestMotivosRegistrados(t *testing.T) {
	r := raiz(t)
	reg, err := LerMotivos(r)
	if err != nil {
		t.Fatal(err)
	}
	violacoes, arquivos, checados, err := usosDeMotivos(filepath.Join(r, "services"), reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range violacoes {
		t.Error(v)
	}
	// The scan must have seen the services: a wrong root or a parse that finds nothing passes
	// nothing.
	if arquivos < 120 || checados < 35 {
		t.Errorf("scanned %d files and checked %d reasons: too few, the scan is broken", arquivos, checados)
	}
	t.Logf("%d files, %d reasons built with their code", arquivos, checados)
}

// TestVarreduraAcusa: the scan finds each kind of violation (so that a clean run means something).
func TestVarreduraAcusa(t *testing.T) {
	reg, err := LerMotivos(raiz(t))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src := `package x

import "github.com/crmvendas/crm/services/platform/errs"

const ReasonNovo errs.Reason = "NOVO"

const ReasonSemTabela = errs.ReasonSemFoto

func f() error {
	_ = errs.Invalid("x").WithReason("SOLTO")
	_ = errs.Reason("OUTRO")
	_ = errs.Conflict("x").WithReason(errs.ReasonPedidoSemItens)
	_ = &errs.Error{Kind: errs.KindNotFound, Reason: errs.ReasonPerfil}
	return errs.Field("a", "b").WithReason(errs.ReasonInexistente)
}
`
	if err := os.WriteFile(filepath.Join(dir, "x.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	violacoes, _, _, err := usosDeMotivos(dir, reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"x.go:5: reason ReasonNovo written as a literal",
		"x.go:5: ReasonNovo is not in the registry",
		"x.go:7: ReasonSemTabela is an alias of ReasonSemFoto",
		`x.go:10: WithReason("SOLTO")`,
		`x.go:11: Reason("OUTRO")`,
		"x.go:12: ReasonPedidoSemItens (PEDIDO_SEM_ITENS) built as ALREADY_EXISTS",
		"x.go:13: ReasonPerfil (PERFIL_NAO_PERMITIDO) built as NOT_FOUND",
		"x.go:14: ReasonInexistente is not in the registry",
	} {
		if !slices.ContainsFunc(violacoes, func(v string) bool { return strings.HasPrefix(v, want) }) {
			t.Errorf("the scan missed %q; it found:\n%s", want, strings.Join(violacoes, "\n"))
		}
	}
}

// TestOpenAPIErro: every operation of the OpenAPI document answers its errors with the REST
// error body (crm.platform.v1.Erro, proto/openapi.yaml), so the app's client is typed against
// it; a proto file with a service left out of proto/openapi.yaml fails here.
func TestOpenAPIErro(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(raiz(t), "proto/gen/openapi/crm.swagger.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]struct {
			Responses map[string]struct {
				Schema struct {
					Ref string `json:"$ref"`
				}
			}
		}
		Definitions map[string]struct{ Properties map[string]json.RawMessage }
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	n := 0
	for p, ops := range doc.Paths {
		for m, op := range ops {
			n++
			if got := op.Responses["default"].Schema.Ref; got != "#/definitions/v1Erro" {
				t.Errorf("%s %s: default response %q, want #/definitions/v1Erro (add its proto file to proto/openapi.yaml)", strings.ToUpper(m), p, got)
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d operations in the OpenAPI document", n)
	}
	var campos []string
	for k := range doc.Definitions["v1Erro"].Properties {
		campos = append(campos, k)
	}
	slices.Sort(campos)
	if want := []string{"campos", "code", "detalhes", "mensagem", "message", "motivo", "status"}; !slices.Equal(campos, want) {
		t.Errorf("v1Erro's fields = %v, want %v (services/platform/server's errorBody)", campos, want)
	}
}
