package contratos

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// The form rules both sides check (contracts/formularios.json) and the files made from them.
const (
	ArquivoFormularios = "contracts/formularios.json"

	GoFormularios = "services/sales/internal/domain/formularios.gen.go"
	TSFormularios = "mobile/src/lib/contratos/formularios.gen.ts"
)

// Formularios is contracts/formularios.json.
type Formularios struct {
	Formularios []Formulario `json:"formularios"`
}

// Formulario is a form: its fields, where the Go goes, and the cases both sides run.
type Formulario struct {
	Nome string `json:"nome"`
	Go   struct {
		// Validar: the Go type that gets Validar() (value receiver); Normalizar: the one that gets
		// normalizarFormulario() (pointer receiver). Both have the fields' Go names.
		Validar    string `json:"validar"`
		Normalizar string `json:"normalizar"`
	} `json:"go"`
	Campos []CampoFormulario `json:"campos"`
	// Filtros are the entity list's default filters: the list request's field of that name equal
	// to the stored one (services/platform/entity), its value normalized as the form's field; the
	// app's list screen shows each as a select of the field's options (components/entidade).
	Filtros []FiltroFormulario `json:"filtros,omitempty"`
	Casos   []CasoFormulario   `json:"casos"`
}

// FiltroFormulario is a list filter on a field of the form: the select's label and its "all"
// option.
type FiltroFormulario struct {
	Campo  string `json:"campo"`
	Rotulo string `json:"rotulo"`
	Todos  string `json:"todos"`
}

// CampoFormulario is a field of a form.
type CampoFormulario struct {
	Campo      string   `json:"campo"`
	Go         string   `json:"go"`
	Tipo       string   `json:"tipo"`
	Normalizar []string `json:"normalizar"`
	// Vazio: the value an empty field takes (a string, or a list of numbers).
	Vazio   json.RawMessage `json:"vazio"`
	Formato string          `json:"formato"`
	Opcoes  []struct {
		Valor  string `json:"valor"`
		Rotulo string `json:"rotulo,omitempty"`
	} `json:"opcoes"`
	Regras []RegraFormulario `json:"regras"`
}

// RegraFormulario is a rule of a field: it fails when any of its checks fails.
type RegraFormulario struct {
	Obrigatorio   bool     `json:"obrigatorio"`
	MaxCaracteres int      `json:"max_caracteres"`
	Regex         string   `json:"regex"`
	EmOpcoes      bool     `json:"em_opcoes"`
	Min           *float64 `json:"min"`
	Max           *float64 `json:"max"`
	MinExclusivo  bool     `json:"min_exclusivo"`
	MaxExclusivo  bool     `json:"max_exclusivo"`
	Crescente     bool     `json:"crescente"`
	MaxItens      int      `json:"max_itens"`
	Se            *struct {
		Campo string `json:"campo"`
		Igual any    `json:"igual"`
	} `json:"se"`
	NaoZero  string `json:"nao_zero"`
	Mensagem string `json:"mensagem"`
}

// CasoFormulario is a payload (the API's JSON) and the message the server and the app give at
// each field it refuses.
type CasoFormulario struct {
	Nome    string            `json:"nome"`
	Valores map[string]any    `json:"valores"`
	Erros   map[string]string `json:"erros"`
}

// The kinds of field: their Go type and whether they are numbers or lists.
var tiposFormulario = map[string]string{
	"texto": "string", "inteiros": "[]int", "percentual": "Percentual", "centavos": "int64", "lista": "[]string", "booleano": "bool",
}

var normalizacoes = map[string]string{
	"aparar":             "strings.TrimSpace(%s)",
	"minusculas":         "strings.ToLower(%s)",
	"maiusculas":         "strings.ToUpper(%s)",
	"sem_acentos":        "semAcentosFormulario.Replace(%s)",
	"sem_pontos_espacos": "strings.NewReplacer(\".\", \"\", \" \", \"\").Replace(%s)",
}

// Acentos are the pt-BR letters sem_acentos replaces, with their plain letter (both sides).
var Acentos = [][2]string{
	{"á", "a"}, {"à", "a"}, {"â", "a"}, {"ã", "a"}, {"é", "e"}, {"ê", "e"}, {"í", "i"}, {"ó", "o"}, {"ô", "o"}, {"õ", "o"}, {"ú", "u"}, {"ü", "u"}, {"ç", "c"},
}

var reGoNome = regexp.MustCompile(`^[A-Z][A-Za-z0-9]*$`)

// LerFormularios reads and checks contracts/formularios.json.
func LerFormularios(raiz string) (*Formularios, error) {
	var f struct {
		Descricao string `json:"descricao"`
		Formularios
	}
	if err := lerJSON(raiz, ArquivoFormularios, &f); err != nil {
		return nil, err
	}
	erro := func(x string, a ...any) error { return fmt.Errorf("%s: %s", ArquivoFormularios, fmt.Sprintf(x, a...)) }
	for _, fo := range f.Formularios.Formularios {
		if !reNome.MatchString(fo.Nome) || !reGoNome.MatchString(fo.Go.Validar) || !reGoNome.MatchString(fo.Go.Normalizar) || len(fo.Casos) == 0 {
			return nil, erro("formulário %q: a Go name, the Go types (validar, normalizar) and cases", fo.Nome)
		}
		campos := map[string]CampoFormulario{}
		for _, c := range fo.Campos {
			if !reValor.MatchString(c.Campo) || !reGoNome.MatchString(c.Go) || tiposFormulario[c.Tipo] == "" {
				return nil, erro("%s.%s: a wire name, a Go name and a known tipo", fo.Nome, c.Campo)
			}
			for _, n := range c.Normalizar {
				if normalizacoes[n] == "" || c.Tipo != "texto" {
					return nil, erro("%s.%s: unknown normalizar %q (texto only)", fo.Nome, c.Campo, n)
				}
			}
			campos[c.Campo] = c
		}
		for _, c := range fo.Campos {
			for _, r := range c.Regras {
				if r.Mensagem == "" {
					return nil, erro("%s.%s: a rule without a mensagem", fo.Nome, c.Campo)
				}
				if r.Regex != "" {
					if _, err := regexp.Compile(r.Regex); err != nil {
						return nil, erro("%s.%s: %v", fo.Nome, c.Campo, err)
					}
				}
				if r.EmOpcoes && len(c.Opcoes) == 0 {
					return nil, erro("%s.%s: em_opcoes without opcoes", fo.Nome, c.Campo)
				}
				if r.Se != nil {
					alvo, ok := campos[r.NaoZero]
					if _, existe := campos[r.Se.Campo]; !existe || !ok || alvo.Tipo != "percentual" {
						return nil, erro("%s.%s: se names a field, nao_zero a percentual field", fo.Nome, c.Campo)
					}
				}
			}
		}
		for _, f := range fo.Filtros {
			if c, ok := campos[f.Campo]; !ok || c.Tipo != "texto" || len(c.Opcoes) == 0 || f.Rotulo == "" || f.Todos == "" {
				return nil, erro("%s, filtro %q: a texto field with opcoes, a rotulo and todos", fo.Nome, f.Campo)
			}
		}
		for _, k := range fo.Casos {
			for campo := range k.Erros {
				if _, ok := campos[campo]; !ok {
					return nil, erro("%s, caso %q: unknown field %q", fo.Nome, k.Nome, campo)
				}
			}
		}
	}
	return &f.Formularios, nil
}

// goNumero is a rule's bound as the Go field holds it (a Percentual in ten-thousandths of 100 %).
func goNumero(c CampoFormulario, v float64) string {
	if c.Tipo == "percentual" {
		v *= 100
	}
	return strconv.FormatInt(int64(math.Round(v)), 10)
}

// goFalha is the Go condition under which rule r of field c fails (x is the receiver).
func goFalha(fo Formulario, c CampoFormulario, r RegraFormulario, res map[string]string) string {
	f := "x." + c.Go
	var conds []string
	if r.Obrigatorio {
		if c.Tipo == "texto" {
			conds = append(conds, f+` == ""`)
		} else {
			conds = append(conds, "len("+f+") == 0")
		}
	}
	if r.MaxCaracteres > 0 {
		conds = append(conds, fmt.Sprintf("utf8.RuneCountInString(%s) > %d", f, r.MaxCaracteres))
	}
	if r.Regex != "" {
		nome := fmt.Sprintf("re%s%s", fo.Nome, c.Go)
		res[nome] = r.Regex
		conds = append(conds, "!"+nome+".MatchString("+f+")")
	}
	if r.EmOpcoes {
		var vs []string
		for _, o := range c.Opcoes {
			vs = append(vs, strconv.Quote(o.Valor))
		}
		cond := fmt.Sprintf("!slices.Contains([]string{%s}, %s)", strings.Join(vs, ", "), f)
		if len(c.Vazio) > 0 {
			cond = f + ` != "" && ` + cond
		}
		conds = append(conds, cond)
	}
	var limites []string
	item := f
	if c.Tipo == "inteiros" {
		item = "d"
	}
	if r.Min != nil {
		op := " < "
		if r.MinExclusivo {
			op = " <= "
		}
		limites = append(limites, item+op+goNumero(c, *r.Min))
	}
	if r.Max != nil {
		op := " > "
		if r.MaxExclusivo {
			op = " >= "
		}
		limites = append(limites, item+op+goNumero(c, *r.Max))
	}
	if len(limites) > 0 {
		if c.Tipo == "inteiros" {
			conds = append(conds, fmt.Sprintf("slices.ContainsFunc(%s, func(d int) bool { return %s })", f, strings.Join(limites, " || ")))
		} else {
			conds = append(conds, strings.Join(limites, " || "))
		}
	}
	if r.Crescente {
		conds = append(conds, "!crescenteFormulario("+f+")")
	}
	if r.MaxItens > 0 {
		conds = append(conds, fmt.Sprintf("len(%s) > %d", f, r.MaxItens))
	}
	if r.Se != nil {
		var se, alvo CampoFormulario
		for _, o := range fo.Campos {
			if o.Campo == r.Se.Campo {
				se = o
			}
			if o.Campo == r.NaoZero {
				alvo = o
			}
		}
		switch v := r.Se.Igual.(type) {
		case bool:
			if v {
				conds = append(conds, "x."+se.Go+" && x."+alvo.Go+" == 0")
			} else {
				conds = append(conds, "!x."+se.Go+" && x."+alvo.Go+" == 0")
			}
		default:
			conds = append(conds, fmt.Sprintf("x.%s == %q && x.%s == 0", se.Go, fmt.Sprint(v), alvo.Go))
		}
	}
	for i, c := range conds {
		if strings.Contains(c, "||") || strings.Contains(c, "&&") {
			conds[i] = "(" + c + ")"
		}
	}
	return strings.Join(conds, " || ")
}

func goDeFormularios(fs *Formularios) string {
	var b strings.Builder
	fmt.Fprintf(&b, cabecalhoGo, ArquivoFormularios)
	b.WriteString("package domain\n\nimport (\n\t\"regexp\"\n\t\"slices\"\n\t\"strings\"\n\t\"unicode/utf8\"\n\n\t\"github.com/crmvendas/crm/services/platform/errs\"\n)\n\n")
	res := map[string]string{}
	for _, fo := range fs.Formularios {
		b.WriteString(comentario("", fmt.Sprintf("normalizarFormulario normalizes a %s as the app does before it checks the form (%s).", fo.Nome, ArquivoFormularios)))
		fmt.Fprintf(&b, "func (x *%s) normalizarFormulario() {\n", fo.Go.Normalizar)
		for _, c := range fo.Campos {
			if len(c.Normalizar) > 0 {
				expr := "x." + c.Go
				for _, n := range c.Normalizar {
					expr = fmt.Sprintf(normalizacoes[n], expr)
				}
				fmt.Fprintf(&b, "\tx.%s = %s\n", c.Go, expr)
			}
			if len(c.Vazio) > 0 {
				var vazio any
				_ = json.Unmarshal(c.Vazio, &vazio)
				if s, ok := vazio.(string); ok {
					fmt.Fprintf(&b, "\tif x.%s == \"\" {\n\t\tx.%s = %q\n\t}\n", c.Go, c.Go, s)
				} else {
					fmt.Fprintf(&b, "\tif len(x.%s) == 0 {\n\t\tx.%s = %s%s\n\t}\n", c.Go, c.Go, tiposFormulario[c.Tipo], strings.NewReplacer("[", "{", "]", "}").Replace(string(c.Vazio)))
				}
			}
		}
		b.WriteString("}\n\n")
		b.WriteString(comentario("", fmt.Sprintf("Validar checks a %s's form rules (%s), the app's too: a field's first failing rule is its message.", fo.Nome, ArquivoFormularios)))
		fmt.Fprintf(&b, "func (x %s) Validar() error {\n\tvar v []errs.FieldViolation\n", fo.Go.Validar)
		for _, c := range fo.Campos {
			if len(c.Regras) == 0 {
				continue
			}
			b.WriteString("\tswitch {\n")
			for _, r := range c.Regras {
				msg := strconv.Quote(r.Mensagem)
				if strings.Contains(r.Mensagem, "{valor}") {
					msg = fmt.Sprintf("strings.ReplaceAll(%s, \"{valor}\", x.%s)", msg, c.Go)
				}
				fmt.Fprintf(&b, "\tcase %s:\n\t\tv = append(v, errs.FieldViolation{Field: %q, Description: %s})\n", goFalha(fo, c, r, res), c.Campo, msg)
			}
			b.WriteString("\t}\n")
		}
		b.WriteString("\tif len(v) == 0 {\n\t\treturn nil\n\t}\n\treturn errs.Invalid(v[0].Description, v...)\n}\n\n")
		if len(fo.Filtros) > 0 {
			b.WriteString(comentario("", fmt.Sprintf("FiltrosDaLista are the %s list's default filters (%s, services/platform/entity): the list request's field equal to the stored one, its value normalized as the form's.", fo.Nome, ArquivoFormularios)))
			fmt.Fprintf(&b, "func (*%s) FiltrosDaLista() map[string]func(string) string {\n\treturn map[string]func(string) string{\n", fo.Go.Normalizar)
			for _, f := range fo.Filtros {
				expr := "s"
				for _, c := range fo.Campos {
					if c.Campo == f.Campo {
						for _, n := range c.Normalizar {
							expr = fmt.Sprintf(normalizacoes[n], expr)
						}
					}
				}
				fmt.Fprintf(&b, "\t\t%q: func(s string) string { return %s },\n", f.Campo, expr)
			}
			b.WriteString("\t}\n}\n\n")
		}
	}
	nomes := make([]string, 0, len(res))
	for n := range res {
		nomes = append(nomes, n)
	}
	slices.Sort(nomes)
	b.WriteString("var (\n")
	for _, n := range nomes {
		fmt.Fprintf(&b, "\t%s = regexp.MustCompile(%q)\n", n, res[n])
	}
	b.WriteString("\tsemAcentosFormulario = strings.NewReplacer(")
	for i, a := range Acentos {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q, %q", a[0], a[1])
	}
	b.WriteString(")\n)\n\n// crescenteFormulario reports whether each item is above the one before.\nfunc crescenteFormulario(l []int) bool {\n")
	b.WriteString("\tfor i := 1; i < len(l); i++ {\n\t\tif l[i] <= l[i-1] {\n\t\t\treturn false\n\t\t}\n\t}\n\treturn true\n}\n")
	return b.String()
}

func tsDeFormularios(fs *Formularios) string {
	var b strings.Builder
	fmt.Fprintf(&b, cabecalhoTS, ArquivoFormularios)
	b.WriteString(tiposTS)
	b.WriteString("/** The pt-BR letters sem_acentos replaces, with their plain letter (the server's too). */\nexport const ACENTOS: Readonly<Record<string, string>> = {")
	for i, a := range Acentos {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s: %s", a[0], ts(a[1]))
	}
	b.WriteString(" };\n")
	for _, fo := range fs.Formularios {
		j, _ := json.Marshal(struct {
			Nome   string            `json:"nome"`
			Campos []CampoFormulario `json:"campos"`
		}{fo.Nome, fo.Campos})
		// The field declarations as a TS literal (JSON is one), without the Go names.
		var campos []map[string]any
		var tmp struct {
			Campos []map[string]any `json:"campos"`
		}
		_ = json.Unmarshal(j, &tmp)
		for _, c := range tmp.Campos {
			delete(c, "go")
			for k, v := range c {
				if v == nil || v == "" || (isSlice(v) && len(v.([]any)) == 0) {
					delete(c, k)
				}
			}
			if rs, ok := c["regras"].([]any); ok {
				for _, r := range rs {
					for k, v := range r.(map[string]any) {
						if v == nil || v == false || v == "" || v == float64(0) && k != "min" && k != "max" {
							delete(r.(map[string]any), k)
						}
					}
				}
			}
			campos = append(campos, c)
		}
		decl := map[string]any{"nome": fo.Nome, "campos": campos, "casos": fo.Casos}
		if len(fo.Filtros) > 0 {
			decl["filtros"] = fo.Filtros
		}
		lit, _ := json.MarshalIndent(decl, "", "  ")
		b.WriteString("\n" + jsdoc("", fmt.Sprintf("The %s form's fields and rules, and the cases both sides run.", fo.Nome)))
		fmt.Fprintf(&b, "export const FORMULARIO_%s: Formulario = %s;\n", constanteTS(fo.Nome), lit)
	}
	return b.String()
}

// tiposTS: what a form declaration is, for the app's form kit (lib/entidade/formulario.ts).
const tiposTS = `export type TipoCampo = 'texto' | 'inteiros' | 'percentual' | 'centavos' | 'lista' | 'booleano';
export type Normalizacao = 'aparar' | 'minusculas' | 'maiusculas' | 'sem_acentos' | 'sem_pontos_espacos';

/** A rule of a field: it fails when any of its checks fails (see the contract's descricao). */
export interface RegraCampo {
  obrigatorio?: boolean;
  max_caracteres?: number;
  regex?: string;
  em_opcoes?: boolean;
  min?: number;
  max?: number;
  min_exclusivo?: boolean;
  max_exclusivo?: boolean;
  crescente?: boolean;
  max_itens?: number;
  se?: { campo: string; igual: string | boolean };
  nao_zero?: string;
  mensagem: string;
}

/** A field: its API name, kind, normalization, empty value, options and rules. */
export interface CampoFormulario {
  campo: string;
  tipo: TipoCampo;
  normalizar?: readonly Normalizacao[];
  /** The value an empty field takes. */
  vazio?: string | readonly number[];
  /** The app's message for text that is not of the field's kind. */
  formato?: string;
  opcoes?: readonly { valor: string; rotulo?: string }[];
  regras?: readonly RegraCampo[];
}

/** A case both sides run: a payload (the API's JSON) and the message at each field refused. */
export interface CasoFormulario {
  nome: string;
  valores: Record<string, unknown>;
  erros: Record<string, string>;
}

/** A default filter of the entity's list: a select of the field's options, under its label, with "all" first. */
export interface FiltroFormulario {
  campo: string;
  rotulo: string;
  todos: string;
}

export interface Formulario {
  nome: string;
  campos: readonly CampoFormulario[];
  filtros?: readonly FiltroFormulario[];
  casos: readonly CasoFormulario[];
}

`

func isSlice(v any) bool { _, ok := v.([]any); return ok }

// constanteTS: "RegraST" → "REGRA_ST", "CondicaoPagamento" → "CONDICAO_PAGAMENTO".
func constanteTS(s string) string {
	var b strings.Builder
	for i, r := range s {
		if i > 0 && r >= 'A' && r <= 'Z' && s[i-1] >= 'a' && s[i-1] <= 'z' {
			b.WriteByte('_')
		}
		b.WriteRune(r)
	}
	return strings.ToUpper(b.String())
}
