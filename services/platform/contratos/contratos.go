// Package contratos generates the Go and the TypeScript of what the server and the app both
// decide, from its one declaration in contracts/ (issue 19):
//
//   - contracts/pedidos.json: the order statuses (wire values, pt-BR labels), the sets of
//     statuses that matter (what weighs on credit, what counts in the figures, what a seller may
//     still edit, what may be cancelled or reopened, which statuses each step of the flow starts
//     from and where it leads), the order types, the device's window of
//     orders and who may use a payment term. Into services/sales/internal/domain/
//     pedido_contrato.gen.go and mobile/src/lib/contratos/pedidos.gen.ts.
//   - contracts/motivos.json: every error reason with the code it comes with. Into
//     services/platform/errs/motivos.gen.go (errs.ReasonX) and mobile/src/lib/api/motivos.gen.ts
//     (the app's Motivo).
//   - contracts/formularios.json: the form rules both sides check (required fields, ranges,
//     lengths, options, lists of records) with their pt-BR messages. Into the Go file each form
//     names (normalizarFormulario, Validar): services/sales/internal/domain/formularios.gen.go
//     and services/field/internal/domain/formularios.gen.go; and mobile/src/lib/contratos/
//     formularios.gen.ts (read by the app's form kit, lib/entidade/formulario.ts).
//
// `go generate ./services/platform/contratos` writes them; the package's test fails when a
// committed file differs from what Gerar makes (stale), when a service uses a reason the
// registry does not have or builds it with another code, and when an OpenAPI operation's error
// response is not the REST error body.
package contratos

//go:generate go run ./cmd/gerar-contratos

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// The contracts and the files made from them, relative to the repository's root.
const (
	ArquivoPedidos = "contracts/pedidos.json"
	ArquivoMotivos = "contracts/motivos.json"

	GoPedidos = "services/sales/internal/domain/pedido_contrato.gen.go"
	TSPedidos = "mobile/src/lib/contratos/pedidos.gen.ts"
	GoMotivos = "services/platform/errs/motivos.gen.go"
	TSMotivos = "mobile/src/lib/api/motivos.gen.ts"
)

// Arquivo is a generated file: its path from the repository's root and its content.
type Arquivo struct {
	Caminho  string
	Conteudo []byte
}

// Pedidos is contracts/pedidos.json.
type Pedidos struct {
	Status []struct {
		Valor  string `json:"valor"`
		Rotulo string `json:"rotulo"`
	} `json:"status"`
	Conjuntos []struct {
		Nome      string   `json:"nome"`
		Descricao string   `json:"descricao"`
		Status    []string `json:"status"`
	} `json:"conjuntos"`
	Tipos []struct {
		Valor  string `json:"valor"`
		Rotulo string `json:"rotulo"`
	} `json:"tipos"`
	DiasNoAparelho struct {
		Descricao string `json:"descricao"`
		Dias      int    `json:"dias"`
	} `json:"dias_no_aparelho"`
	CondicaoPagamento struct {
		Descricao string         `json:"descricao"`
		Casos     []CasoCondicao `json:"casos"`
	} `json:"condicao_pagamento"`
}

// CasoCondicao is a case of payment-term eligibility, run on both sides.
type CasoCondicao struct {
	Nome         string   `json:"nome"`
	Ativa        bool     `json:"ativa"`
	Clientes     []string `json:"clientes"`
	Cliente      string   `json:"cliente"`
	ParaOCliente bool     `json:"para_o_cliente"`
	Elegivel     bool     `json:"elegivel"`
}

// Motivos is contracts/motivos.json.
type Motivos struct {
	Motivos []Motivo `json:"motivos"`
}

// Motivo is an error reason of the registry.
type Motivo struct {
	Motivo string `json:"motivo"`
	Nome   string `json:"nome"`
	GRPC   string `json:"grpc"`
	Outros []struct {
		GRPC   string `json:"grpc"`
		Quando string `json:"quando"`
	} `json:"outros"`
	Mensagem  string `json:"mensagem"`
	Descricao string `json:"descricao"`
}

// Codigos are the gRPC codes the reason may come with, its own first.
func (m Motivo) Codigos() []string {
	out := []string{m.GRPC}
	for _, o := range m.Outros {
		out = append(out, o.GRPC)
	}
	return out
}

// Codigo is a gRPC code a reason may come with: its name in google.golang.org/grpc/codes and
// the HTTP status grpc-gateway answers for it.
type Codigo struct {
	Go   string
	HTTP int
}

// Codigos are the codes a domain error may have (errs.Kind), by their canonical names.
var Codigos = map[string]Codigo{
	"INVALID_ARGUMENT":   {"InvalidArgument", 400},
	"UNAUTHENTICATED":    {"Unauthenticated", 401},
	"PERMISSION_DENIED":  {"PermissionDenied", 403},
	"NOT_FOUND":          {"NotFound", 404},
	"ALREADY_EXISTS":     {"AlreadyExists", 409},
	"RESOURCE_EXHAUSTED": {"ResourceExhausted", 429},
	"INTERNAL":           {"Internal", 500},
	"UNAVAILABLE":        {"Unavailable", 503},
}

var (
	reValor  = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	reNome   = regexp.MustCompile(`^[A-Z][A-Za-z0-9]*$`)
	reMotivo = regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`)
)

func lerJSON(raiz, caminho string, v any) error {
	b, err := os.ReadFile(filepath.Join(raiz, caminho))
	if err != nil {
		return err
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return fmt.Errorf("%s: %w", caminho, err)
	}
	return nil
}

// LerPedidos reads and checks contracts/pedidos.json.
func LerPedidos(raiz string) (*Pedidos, error) {
	var p struct {
		Descricao string `json:"descricao"`
		Pedidos
	}
	if err := lerJSON(raiz, ArquivoPedidos, &p); err != nil {
		return nil, err
	}
	erro := func(f string, a ...any) error { return fmt.Errorf("%s: %s", ArquivoPedidos, fmt.Sprintf(f, a...)) }
	status := map[string]bool{}
	for _, s := range p.Status {
		if !reValor.MatchString(s.Valor) || s.Rotulo == "" || status[s.Valor] {
			return nil, erro("status %q: a lower-case value, unique, with a rotulo", s.Valor)
		}
		status[s.Valor] = true
	}
	nomes := map[string]bool{}
	for _, c := range p.Conjuntos {
		if !reNome.MatchString(c.Nome) || nomes[c.Nome] || c.Descricao == "" || len(c.Status) == 0 {
			return nil, erro("conjunto %q: a Go name, unique, with a descricao and statuses", c.Nome)
		}
		nomes[c.Nome] = true
		for _, s := range c.Status {
			if !status[s] {
				return nil, erro("conjunto %s: unknown status %q", c.Nome, s)
			}
		}
	}
	tipos := map[string]bool{}
	for _, t := range p.Tipos {
		if !reValor.MatchString(t.Valor) || t.Rotulo == "" || tipos[t.Valor] {
			return nil, erro("tipo %q: a lower-case value, unique, with a rotulo", t.Valor)
		}
		tipos[t.Valor] = true
	}
	if p.DiasNoAparelho.Dias <= 0 || p.DiasNoAparelho.Descricao == "" {
		return nil, erro("dias_no_aparelho: a positive number of days, with a descricao")
	}
	for _, c := range p.CondicaoPagamento.Casos {
		if c.Elegivel != (c.Ativa && c.ParaOCliente) {
			return nil, erro("condicao_pagamento, caso %q: elegivel is ativa and para_o_cliente", c.Nome)
		}
	}
	if len(p.Status) == 0 || len(p.Tipos) == 0 || len(p.CondicaoPagamento.Casos) == 0 {
		return nil, erro("status, tipos and condicao_pagamento.casos must not be empty")
	}
	return &p.Pedidos, nil
}

// LerMotivos reads and checks contracts/motivos.json.
func LerMotivos(raiz string) (*Motivos, error) {
	var m struct {
		Descricao string   `json:"descricao"`
		Motivos   []Motivo `json:"motivos"`
	}
	if err := lerJSON(raiz, ArquivoMotivos, &m); err != nil {
		return nil, err
	}
	vistos, nomes := map[string]bool{}, map[string]bool{}
	for _, x := range m.Motivos {
		if !reMotivo.MatchString(x.Motivo) || vistos[x.Motivo] || !reNome.MatchString(x.Nome) || nomes[x.Nome] || x.Descricao == "" {
			return nil, fmt.Errorf("%s: motivo %q (%s): an upper-case reason and a Go name, both unique, with a descricao", ArquivoMotivos, x.Motivo, x.Nome)
		}
		vistos[x.Motivo], nomes[x.Nome] = true, true
		for _, c := range x.Codigos() {
			if _, ok := Codigos[c]; !ok {
				return nil, fmt.Errorf("%s: motivo %s: unknown gRPC code %q", ArquivoMotivos, x.Motivo, c)
			}
		}
		for _, o := range x.Outros {
			if o.Quando == "" {
				return nil, fmt.Errorf("%s: motivo %s: say when it comes with %s", ArquivoMotivos, x.Motivo, o.GRPC)
			}
		}
	}
	return &Motivos{Motivos: m.Motivos}, nil
}

// Gerar makes every generated file from the contracts under raiz (the repository's root).
func Gerar(raiz string) ([]Arquivo, error) {
	p, err := LerPedidos(raiz)
	if err != nil {
		return nil, err
	}
	m, err := LerMotivos(raiz)
	if err != nil {
		return nil, err
	}
	goPedidos, err := formatar(GoPedidos, goDePedidos(p))
	if err != nil {
		return nil, err
	}
	goMotivos, err := formatar(GoMotivos, goDeMotivos(m))
	if err != nil {
		return nil, err
	}
	f, err := LerFormularios(raiz)
	if err != nil {
		return nil, err
	}
	goFormularios, err := goArquivosFormularios(f)
	if err != nil {
		return nil, err
	}
	arqs := []Arquivo{
		{GoPedidos, goPedidos},
		{TSPedidos, []byte(tsDePedidos(p))},
		{GoMotivos, goMotivos},
		{TSMotivos, []byte(tsDeMotivos(m))},
	}
	arqs = append(arqs, goFormularios...)
	return append(arqs, Arquivo{TSFormularios, []byte(tsDeFormularios(f))}), nil
}

func formatar(caminho, src string) ([]byte, error) {
	b, err := format.Source([]byte(src))
	if err != nil {
		return nil, fmt.Errorf("%s: %w\n%s", caminho, err, src)
	}
	return b, nil
}

// camel: "aguardando_aprovacao" → "AguardandoAprovacao".
func camel(s string) string {
	var b strings.Builder
	for _, p := range strings.Split(s, "_") {
		if p != "" {
			b.WriteString(strings.ToUpper(p[:1]) + p[1:])
		}
	}
	return b.String()
}

// snake: "ContaNosResumos" → "CONTA_NOS_RESUMOS".
func snake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if i > 0 && r >= 'A' && r <= 'Z' {
			b.WriteByte('_')
		}
		b.WriteRune(r)
	}
	return strings.ToUpper(b.String())
}

// lower: "EmAberto" → "emAberto".
func lower(s string) string { return strings.ToLower(s[:1]) + s[1:] }

// ts is a TypeScript string literal (single quotes, as the app writes them).
func ts(s string) string {
	q := strconv.Quote(s)
	q = strings.ReplaceAll(q[1:len(q)-1], `\"`, `"`)
	return "'" + strings.ReplaceAll(q, "'", `\'`) + "'"
}

// comentario wraps text as // lines of at most 100 columns after indent.
func comentario(indent, texto string) string {
	var b, linha strings.Builder
	for _, w := range strings.Fields(texto) {
		if linha.Len() > 0 && len(indent)+3+linha.Len()+1+len(w) > 100 {
			b.WriteString(indent + "// " + linha.String() + "\n")
			linha.Reset()
		}
		if linha.Len() > 0 {
			linha.WriteByte(' ')
		}
		linha.WriteString(w)
	}
	if linha.Len() > 0 {
		b.WriteString(indent + "// " + linha.String() + "\n")
	}
	return b.String()
}

// jsdoc wraps text as a /** … */ comment.
func jsdoc(indent, texto string) string {
	c := comentario(indent, texto)
	if strings.Count(c, "\n") == 1 && len(c)+3 <= 100 {
		return indent + "/** " + strings.TrimPrefix(strings.TrimSuffix(c, "\n"), indent+"// ") + " */\n"
	}
	return indent + "/**\n" + strings.ReplaceAll(c, indent+"// ", indent+" * ") + indent + " */\n"
}

const cabecalhoGo = "// Code generated by services/platform/contratos from %s; DO NOT EDIT.\n// Change the contract, then run `go generate ./services/platform/contratos`.\n\n"

const cabecalhoTS = "// GENERATED by services/platform/contratos from %s. Do not edit:\n// change the contract, then run `go generate ./services/platform/contratos` (its test fails\n// when this file is stale).\n\n"

func goDePedidos(p *Pedidos) string {
	var b strings.Builder
	fmt.Fprintf(&b, cabecalhoGo, ArquivoPedidos)
	b.WriteString("package domain\n\nimport \"slices\"\n\n")
	b.WriteString("// StatusPedido is the status of an order.\ntype StatusPedido string\n\n")
	b.WriteString("// The statuses (exactly as on the wire).\nconst (\n")
	for _, s := range p.Status {
		fmt.Fprintf(&b, "\tStatus%s StatusPedido = %q\n", camel(s.Valor), s.Valor)
	}
	b.WriteString(")\n\n// StatusesPedido are every status, in the order of the flow.\nvar StatusesPedido = []StatusPedido{")
	for i, s := range p.Status {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("Status" + camel(s.Valor))
	}
	b.WriteString("}\n\n// rotulosStatus: each status as a user reads it after \"está\".\nvar rotulosStatus = map[StatusPedido]string{\n")
	for _, s := range p.Status {
		fmt.Fprintf(&b, "\tStatus%s: %q,\n", camel(s.Valor), s.Rotulo)
	}
	b.WriteString("}\n")
	for _, c := range p.Conjuntos {
		b.WriteString("\n" + comentario("", fmt.Sprintf("%s reports whether %s (%s).", c.Nome, c.Descricao, strings.Join(c.Status, ", "))))
		fmt.Fprintf(&b, "func (s StatusPedido) %s() bool {\n\tswitch s {\n\tcase ", c.Nome)
		for i, s := range c.Status {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("Status" + camel(s))
		}
		b.WriteString(":\n\t\treturn true\n\t}\n\treturn false\n}\n")
	}
	b.WriteString("\n// TipoPedido is the type of an order.\ntype TipoPedido string\n\n// The types (exactly as on the wire).\nconst (\n")
	for _, t := range p.Tipos {
		fmt.Fprintf(&b, "\tTipo%s TipoPedido = %q\n", camel(t.Valor), t.Valor)
	}
	b.WriteString(")\n\n// TiposPedido are every type.\nvar TiposPedido = []TipoPedido{")
	for i, t := range p.Tipos {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("Tipo" + camel(t.Valor))
	}
	b.WriteString("}\n\n// RotulosTipoPedido: each type as a user reads it (the order's PDF).\nvar RotulosTipoPedido = map[TipoPedido]string{\n")
	for _, t := range p.Tipos {
		fmt.Fprintf(&b, "\tTipo%s: %q,\n", camel(t.Valor), t.Rotulo)
	}
	b.WriteString("}\n\n" + comentario("", "DiasNoAparelho is "+p.DiasNoAparelho.Descricao+"."))
	fmt.Fprintf(&b, "const DiasNoAparelho = %d\n\n", p.DiasNoAparelho.Dias)
	b.WriteString(comentario("", "CondicaoParaOCliente reports whether a payment term's customer list lets the customer use it: an empty list is every customer. The server refuses a term not for the customer with CONDICAO_NAO_PERMITIDA, and an inactive one with a message of its own ("+ArquivoPedidos+", condicao_pagamento, with the cases both sides run)."))
	b.WriteString("func CondicaoParaOCliente(clientes []string, clienteID string) bool {\n\treturn len(clientes) == 0 || slices.Contains(clientes, clienteID)\n}\n\n")
	b.WriteString("// CondicaoElegivel reports whether a seller may use a payment term for the customer: active and\n// CondicaoParaOCliente.\n")
	b.WriteString("func CondicaoElegivel(ativa bool, clientes []string, clienteID string) bool {\n\treturn ativa && CondicaoParaOCliente(clientes, clienteID)\n}\n")
	return b.String()
}

func tsDePedidos(p *Pedidos) string {
	var b strings.Builder
	fmt.Fprintf(&b, cabecalhoTS, ArquivoPedidos)
	b.WriteString("/** Every order status, in the order of the flow (exactly as on the wire). */\nexport const STATUS_PEDIDO = [")
	for i, s := range p.Status {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(ts(s.Valor))
	}
	b.WriteString("] as const;\n\nexport type StatusPedido = (typeof STATUS_PEDIDO)[number];\n\n")
	b.WriteString("/** Each status as a user reads it after \"está\" (\"em orçamento\"). */\nexport const ROTULOS_STATUS_PEDIDO: Readonly<Record<StatusPedido, string>> = {\n")
	for _, s := range p.Status {
		fmt.Fprintf(&b, "  %s: %s,\n", s.Valor, ts(s.Rotulo))
	}
	b.WriteString("};\n")
	for _, c := range p.Conjuntos {
		b.WriteString("\n" + jsdoc("", fmt.Sprintf("The statuses where %s (the server's StatusPedido.%s).", c.Descricao, c.Nome)))
		fmt.Fprintf(&b, "export const STATUS_%s: readonly StatusPedido[] = [", snake(c.Nome))
		for i, s := range c.Status {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(ts(s))
		}
		b.WriteString("];\n\n")
		fmt.Fprintf(&b, "/** Whether an order of this status is in STATUS_%s. */\n", snake(c.Nome))
		fmt.Fprintf(&b, "export function status%s(status: string): boolean {\n  return (STATUS_%s as readonly string[]).includes(status);\n}\n", c.Nome, snake(c.Nome))
	}
	b.WriteString("\n/** Every order type (exactly as on the wire). */\nexport const TIPOS_PEDIDO = [")
	for i, t := range p.Tipos {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(ts(t.Valor))
	}
	b.WriteString("] as const;\n\nexport type TipoPedido = (typeof TIPOS_PEDIDO)[number];\n\n")
	b.WriteString("/** Each type as a user reads it (\"Bonificação\"). */\nexport const ROTULOS_TIPO_PEDIDO: Readonly<Record<TipoPedido, string>> = {\n")
	for _, t := range p.Tipos {
		fmt.Fprintf(&b, "  %s: %s,\n", t.Valor, ts(t.Rotulo))
	}
	b.WriteString("};\n\n" + jsdoc("", "DIAS_NO_APARELHO is "+p.DiasNoAparelho.Descricao+" (the server's domain.DiasNoAparelho)."))
	fmt.Fprintf(&b, "export const DIAS_NO_APARELHO = %d;\n\n", p.DiasNoAparelho.Dias)
	b.WriteString(jsdoc("", "Whether a payment term's customer list lets the customer use it: an empty list is every customer (the server's CondicaoParaOCliente; "+ArquivoPedidos+", condicao_pagamento)."))
	b.WriteString("export function condicaoParaOCliente(clientes: readonly string[] | null | undefined, clienteId: string | null | undefined): boolean {\n  return !clientes?.length || clientes.includes(clienteId ?? '');\n}\n\n")
	b.WriteString("/** Whether a seller may use a payment term for the customer: active and condicaoParaOCliente. */\n")
	b.WriteString("export function condicaoElegivel(ativa: boolean | null | undefined, clientes: readonly string[] | null | undefined, clienteId: string | null | undefined): boolean {\n  return Boolean(ativa) && condicaoParaOCliente(clientes, clienteId);\n}\n")
	return b.String()
}

func goDeMotivos(m *Motivos) string {
	var b strings.Builder
	fmt.Fprintf(&b, cabecalhoGo, ArquivoMotivos)
	b.WriteString("package errs\n\nimport \"google.golang.org/grpc/codes\"\n\n")
	b.WriteString("// The reasons, each with the code it comes with (HTTP status through the gateway).\nconst (\n")
	for _, x := range m.Motivos {
		texto := fmt.Sprintf("Reason%s: %s. %s, HTTP %d.", x.Nome, x.Descricao, x.GRPC, Codigos[x.GRPC].HTTP)
		for _, o := range x.Outros {
			texto += fmt.Sprintf(" %s (HTTP %d) when %s.", o.GRPC, Codigos[o.GRPC].HTTP, o.Quando)
		}
		b.WriteString(comentario("\t", texto))
		fmt.Fprintf(&b, "\tReason%s Reason = %q\n", x.Nome, x.Motivo)
	}
	b.WriteString(")\n\n// The messages of the reasons that always say the same.\nconst (\n")
	for _, x := range m.Motivos {
		if x.Mensagem != "" {
			fmt.Fprintf(&b, "\t// Mensagem%s is the message of %s.\n\tMensagem%s = %q\n", x.Nome, x.Motivo, x.Nome, x.Mensagem)
		}
	}
	b.WriteString(")\n\n// registro is every reason with its codes, its own first (see Registrado, CodigosDoMotivo).\nvar registro = map[Reason][]codes.Code{\n")
	for _, x := range m.Motivos {
		var cods []string
		for _, c := range x.Codigos() {
			cods = append(cods, "codes."+Codigos[c].Go)
		}
		fmt.Fprintf(&b, "\tReason%s: {%s},\n", x.Nome, strings.Join(cods, ", "))
	}
	b.WriteString("}\n")
	return b.String()
}

func tsDeMotivos(m *Motivos) string {
	var b strings.Builder
	fmt.Fprintf(&b, cabecalhoTS, ArquivoMotivos)
	b.WriteString("/** Every error reason a client may meet (`motivo` in the error body): act on it, never on the message. */\nexport const Motivo = {\n")
	for _, x := range m.Motivos {
		b.WriteString(jsdoc("  ", fmt.Sprintf("%s. HTTP %d.", strings.ToUpper(x.Descricao[:1])+x.Descricao[1:], Codigos[x.GRPC].HTTP)))
		fmt.Fprintf(&b, "  %s: %s,\n", x.Nome, ts(x.Motivo))
	}
	b.WriteString("} as const;\n\nexport type Motivo = (typeof Motivo)[keyof typeof Motivo];\n\n")
	b.WriteString("/** The HTTP status each reason comes with (its own; contracts/motivos.json says when another). */\nexport const STATUS_HTTP_DO_MOTIVO: Readonly<Record<Motivo, number>> = {\n")
	for _, x := range m.Motivos {
		fmt.Fprintf(&b, "  %s: %d,\n", x.Motivo, Codigos[x.GRPC].HTTP)
	}
	b.WriteString("};\n\n/** Whether a string is a reason of the registry. */\nexport function ehMotivo(s: string): s is Motivo {\n  return Object.hasOwn(STATUS_HTTP_DO_MOTIVO, s);\n}\n")
	return b.String()
}

// Raiz finds the repository's root (the folder holding go.work) from dir up.
func Raiz(dir string) (string, error) {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.work")); err == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("go.work not found above %s", dir)
		}
	}
}

// Escrever writes the generated files under raiz; it reports the ones that changed.
func Escrever(raiz string) ([]string, error) {
	arqs, err := Gerar(raiz)
	if err != nil {
		return nil, err
	}
	var mudaram []string
	for _, a := range arqs {
		p := filepath.Join(raiz, a.Caminho)
		if atual, err := os.ReadFile(p); err == nil && bytes.Equal(atual, a.Conteudo) {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(p, a.Conteudo, 0o644); err != nil {
			return nil, err
		}
		mudaram = append(mudaram, a.Caminho)
	}
	slices.Sort(mudaram)
	return mudaram, nil
}
