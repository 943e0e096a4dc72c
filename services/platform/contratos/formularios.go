package contratos

import (
	"encoding/json"
	"fmt"
	"math"
	"path"
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
		// Arquivo: the Go file the form's code goes to (its folder's package), GoFormularios when
		// empty; each file is generated with the forms that name it.
		Arquivo string `json:"arquivo,omitempty"`
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
	// Itens: an objetos field's items (a list of records): their fields, each with its
	// normalization and rules.
	Itens *ItensFormulario `json:"itens,omitempty"`
	// Unico (an item's field): no two items may have it equal, compared as is (exato) or
	// ignoring case (sem_caixa); a repeat is the list's repetido message.
	Unico string `json:"unico,omitempty"`
	// Gerado (an item's field): the server makes an empty value from the item's field named here
	// (by hand, before Validar); the app checks the field only once it has a value.
	Gerado string `json:"gerado,omitempty"`
}

// ItensFormulario are the items of an objetos field: the Go type of an item, its fields, and the
// message of an item that repeats a unico field ({campo} in it is that item's field).
type ItensFormulario struct {
	Go       string            `json:"go"`
	Campos   []CampoFormulario `json:"campos"`
	Repetido string            `json:"repetido,omitempty"`
}

// ArquivoGo is the Go file the form's code goes to.
func (fo Formulario) ArquivoGo() string {
	if fo.Go.Arquivo != "" {
		return fo.Go.Arquivo
	}
	return GoFormularios
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
	"texto": "string", "inteiro": "int32", "inteiros": "[]int", "objetos": "[]struct", "percentual": "Percentual", "centavos": "int64", "lista": "[]string", "booleano": "bool",
}

var normalizacoes = map[string]string{
	"aparar":             "strings.TrimSpace(%s)",
	"minusculas":         "strings.ToLower(%s)",
	"maiusculas":         "strings.ToUpper(%s)",
	"sem_acentos":        "semAcentosFormulario.Replace(%s)",
	"sem_pontos_espacos": "strings.NewReplacer(\".\", \"\", \" \", \"\").Replace(%s)",
	"espacos":            "strings.Join(strings.Fields(%s), \" \")",
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
		if a := fo.ArquivoGo(); !strings.HasPrefix(a, "services/") || !strings.HasSuffix(a, ".gen.go") {
			return nil, erro("formulário %s: go.arquivo %q is a services/….gen.go file", fo.Nome, a)
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
			if err := checarItens(fo, c); err != nil {
				return nil, erro("%v", err)
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

// checarItens checks an objetos field's items (and that only items have unico and gerado).
func checarItens(fo Formulario, c CampoFormulario) error {
	if (c.Tipo == "objetos") != (c.Itens != nil) || c.Unico != "" || c.Gerado != "" {
		return fmt.Errorf("%s.%s: itens for an objetos field (and only there); unico and gerado only in itens", fo.Nome, c.Campo)
	}
	if c.Itens == nil {
		return nil
	}
	for _, r := range c.Regras {
		if r.MaxItens == 0 && !r.Obrigatorio {
			return fmt.Errorf("%s.%s: an objetos field's own rules are max_itens or obrigatorio", fo.Nome, c.Campo)
		}
	}
	if !reGoNome.MatchString(c.Itens.Go) || len(c.Itens.Campos) == 0 {
		return fmt.Errorf("%s.%s: itens need a Go type and fields", fo.Nome, c.Campo)
	}
	nomes, unicos := map[string]bool{}, 0
	for _, i := range c.Itens.Campos {
		nomes[i.Campo] = true
	}
	for _, i := range c.Itens.Campos {
		if !reValor.MatchString(i.Campo) || !reGoNome.MatchString(i.Go) || (i.Tipo != "texto" && i.Tipo != "booleano") || len(i.Vazio) > 0 || len(i.Opcoes) > 0 {
			return fmt.Errorf("%s.%s.%s: an item's field: a wire name, a Go name, texto or booleano, no vazio or opcoes", fo.Nome, c.Campo, i.Campo)
		}
		for _, n := range i.Normalizar {
			if normalizacoes[n] == "" || i.Tipo != "texto" {
				return fmt.Errorf("%s.%s.%s: unknown normalizar %q (texto only)", fo.Nome, c.Campo, i.Campo, n)
			}
		}
		for _, r := range i.Regras {
			if r.Mensagem == "" || r.Se != nil || r.EmOpcoes || r.Crescente || r.MaxItens > 0 {
				return fmt.Errorf("%s.%s.%s: an item's rule has a mensagem and no se, em_opcoes, crescente or max_itens", fo.Nome, c.Campo, i.Campo)
			}
			if r.Regex != "" {
				if _, err := regexp.Compile(r.Regex); err != nil {
					return fmt.Errorf("%s.%s.%s: %v", fo.Nome, c.Campo, i.Campo, err)
				}
			}
		}
		if i.Unico != "" {
			if (i.Unico != "exato" && i.Unico != "sem_caixa") || i.Tipo != "texto" {
				return fmt.Errorf("%s.%s.%s: unico is exato or sem_caixa, on a texto field", fo.Nome, c.Campo, i.Campo)
			}
			unicos++
		}
		if i.Gerado != "" && (!nomes[i.Gerado] || i.Gerado == i.Campo) {
			return fmt.Errorf("%s.%s.%s: gerado names another field of the item", fo.Nome, c.Campo, i.Campo)
		}
	}
	if (unicos > 0) != (c.Itens.Repetido != "") {
		return fmt.Errorf("%s.%s: a repetido message when (and only when) a field is unico", fo.Nome, c.Campo)
	}
	return nil
}

// goNumero is a rule's bound as the Go field holds it (a Percentual in ten-thousandths of 100 %).
func goNumero(c CampoFormulario, v float64) string {
	if c.Tipo == "percentual" {
		v *= 100
	}
	return strconv.FormatInt(int64(math.Round(v)), 10)
}

// goFalha is the Go condition under which rule r of field c fails (x is the receiver, "x." or an
// item's "it."; re names the rule's regexp, its field's Go name after it).
func goFalha(fo Formulario, c CampoFormulario, r RegraFormulario, res map[string]string, x, re string) string {
	f := x + c.Go
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
		nome := "re" + re + c.Go
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

// goArquivosFormularios: each Go file the forms go to, with its code (GoFormularios first).
func goArquivosFormularios(fs *Formularios) ([]Arquivo, error) {
	arquivos := []string{GoFormularios}
	por := map[string][]Formulario{}
	for _, fo := range fs.Formularios {
		a := fo.ArquivoGo()
		if !slices.Contains(arquivos, a) {
			arquivos = append(arquivos, a)
		}
		por[a] = append(por[a], fo)
	}
	var out []Arquivo
	for _, a := range arquivos {
		src, err := formatar(a, goDeFormularios(a, por[a]))
		if err != nil {
			return nil, err
		}
		out = append(out, Arquivo{a, src})
	}
	return out, nil
}

// goNormalizar is a normalized texto field's assignment (x is the receiver, "x." or "it.").
func goNormalizar(b *strings.Builder, indent, x string, c CampoFormulario) {
	if len(c.Normalizar) == 0 {
		return
	}
	expr := x + c.Go
	for _, n := range c.Normalizar {
		expr = fmt.Sprintf(normalizacoes[n], expr)
	}
	fmt.Fprintf(b, "%s%s%s = %s\n", indent, x, c.Go, expr)
}

// goMensagem is a rule's message as a Go expression: {valor} is the field's value (x its receiver).
func goMensagem(r RegraFormulario, x string, c CampoFormulario) string {
	msg := strconv.Quote(r.Mensagem)
	if strings.Contains(r.Mensagem, "{valor}") {
		msg = fmt.Sprintf("strings.ReplaceAll(%s, \"{valor}\", %s%s)", msg, x, c.Go)
	}
	return msg
}

// goItens checks an objetos field's items: each item's first failing rule (its fields' rules in
// order, then a repeated unico field) is a violation at the list's field.
func goItens(b *strings.Builder, fo Formulario, c CampoFormulario, res map[string]string) {
	it := c.Itens
	var chaves, trocas []string
	for _, i := range it.Campos {
		switch i.Unico {
		case "exato":
			chaves = append(chaves, fmt.Sprintf("%q+it.%s", i.Campo+"\x00", i.Go))
		case "sem_caixa":
			chaves = append(chaves, fmt.Sprintf("%q+strings.ToLower(it.%s)", i.Campo+"\x00", i.Go))
		}
		if i.Tipo == "texto" && strings.Contains(it.Repetido, "{"+i.Campo+"}") {
			trocas = append(trocas, fmt.Sprintf("%q, it.%s", "{"+i.Campo+"}", i.Go))
		}
	}
	b.WriteString("\t{\n")
	if len(chaves) > 0 {
		b.WriteString("\t\tvistos := map[string]bool{}\n")
	}
	fmt.Fprintf(b, "\t\tfor _, it := range x.%s {\n\t\t\tswitch {\n", c.Go)
	for _, i := range it.Campos {
		for _, r := range i.Regras {
			fmt.Fprintf(b, "\t\t\tcase %s:\n\t\t\t\tv = append(v, errs.FieldViolation{Field: %q, Description: %s})\n",
				goFalha(fo, i, r, res, "it.", fo.Nome+c.Go), c.Campo, goMensagem(r, "it.", i))
		}
	}
	if len(chaves) > 0 {
		var vistos []string
		for _, k := range chaves {
			vistos = append(vistos, "vistos["+k+"]")
		}
		msg := strconv.Quote(it.Repetido)
		if len(trocas) > 0 {
			msg = fmt.Sprintf("strings.NewReplacer(%s).Replace(%s)", strings.Join(trocas, ", "), msg)
		}
		fmt.Fprintf(b, "\t\t\tcase %s:\n\t\t\t\tv = append(v, errs.FieldViolation{Field: %q, Description: %s})\n", strings.Join(vistos, " || "), c.Campo, msg)
	}
	b.WriteString("\t\t\t}\n")
	if len(chaves) > 0 {
		b.WriteString("\t\t\t")
		for i := range chaves {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("vistos[" + chaves[i] + "]")
		}
		b.WriteString(" = ")
		for i := range chaves {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("true")
		}
		b.WriteString("\n")
	}
	b.WriteString("\t\t}\n\t}\n")
}

func goDeFormularios(arquivo string, fos []Formulario) string {
	var b strings.Builder
	res := map[string]string{}
	for _, fo := range fos {
		b.WriteString(comentario("", fmt.Sprintf("normalizarFormulario normalizes a %s as the app does before it checks the form (%s).", fo.Nome, ArquivoFormularios)))
		fmt.Fprintf(&b, "func (x *%s) normalizarFormulario() {\n", fo.Go.Normalizar)
		for _, c := range fo.Campos {
			goNormalizar(&b, "\t", "x.", c)
			if c.Itens != nil && slices.ContainsFunc(c.Itens.Campos, func(i CampoFormulario) bool { return len(i.Normalizar) > 0 }) {
				fmt.Fprintf(&b, "\tfor i := range x.%s {\n\t\tit := &x.%s[i]\n", c.Go, c.Go)
				for _, i := range c.Itens.Campos {
					goNormalizar(&b, "\t\t", "it.", i)
				}
				b.WriteString("\t}\n")
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
			if len(c.Regras) > 0 {
				b.WriteString("\tswitch {\n")
				for _, r := range c.Regras {
					fmt.Fprintf(&b, "\tcase %s:\n\t\tv = append(v, errs.FieldViolation{Field: %q, Description: %s})\n", goFalha(fo, c, r, res, "x.", fo.Nome), c.Campo, goMensagem(r, "x.", c))
				}
				b.WriteString("\t}\n")
			}
			if c.Itens != nil {
				goItens(&b, fo, c, res)
			}
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
	var vars []string
	for _, n := range nomes {
		vars = append(vars, fmt.Sprintf("\t%s = regexp.MustCompile(%q)\n", n, res[n]))
	}
	if strings.Contains(b.String(), "semAcentosFormulario") {
		var a strings.Builder
		a.WriteString("\tsemAcentosFormulario = strings.NewReplacer(")
		for i, x := range Acentos {
			if i > 0 {
				a.WriteString(", ")
			}
			fmt.Fprintf(&a, "%q, %q", x[0], x[1])
		}
		vars = append(vars, a.String()+")\n")
	}
	if len(vars) > 0 {
		b.WriteString("var (\n" + strings.Join(vars, "") + ")\n")
	}
	if strings.Contains(b.String(), "crescenteFormulario(") {
		b.WriteString("\n// crescenteFormulario reports whether each item is above the one before.\nfunc crescenteFormulario(l []int) bool {\n")
		b.WriteString("\tfor i := 1; i < len(l); i++ {\n\t\tif l[i] <= l[i-1] {\n\t\t\treturn false\n\t\t}\n\t}\n\treturn true\n}\n")
	}
	corpo := b.String()
	var imps []string
	for _, p := range []string{"regexp", "slices", "strings", "unicode/utf8"} {
		if strings.Contains(corpo, path.Base(p)+".") {
			imps = append(imps, "\t"+strconv.Quote(p)+"\n")
		}
	}
	var cab strings.Builder
	fmt.Fprintf(&cab, cabecalhoGo, ArquivoFormularios)
	fmt.Fprintf(&cab, "package %s\n\nimport (\n%s\n\t\"github.com/crmvendas/crm/services/platform/errs\"\n)\n\n", path.Base(path.Dir(arquivo)), strings.Join(imps, ""))
	return cab.String() + corpo
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
		var tmp struct {
			Campos []any `json:"campos"`
		}
		_ = json.Unmarshal(j, &tmp)
		campos := camposTS(tmp.Campos)
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
const tiposTS = `export type TipoCampo = 'texto' | 'inteiro' | 'inteiros' | 'percentual' | 'centavos' | 'lista' | 'objetos' | 'booleano';
export type Normalizacao = 'aparar' | 'minusculas' | 'maiusculas' | 'sem_acentos' | 'sem_pontos_espacos' | 'espacos';

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
  /** An objetos field's items: their fields, and the message of an item repeating a unico field. */
  itens?: { campos: readonly CampoFormulario[]; repetido?: string };
  /** An item's field no two items may repeat: as is (exato) or ignoring case (sem_caixa). */
  unico?: 'exato' | 'sem_caixa';
  /** An item's field the server makes from the named field when empty: checked once it has a value. */
  gerado?: string;
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

// camposTS are field declarations (JSON) as the app reads them: no Go names, nothing empty;
// an objetos field's items alike.
func camposTS(cs []any) []any {
	for _, x := range cs {
		c := x.(map[string]any)
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
		if it, ok := c["itens"].(map[string]any); ok {
			delete(it, "go")
			it["campos"] = camposTS(it["campos"].([]any))
		}
	}
	return cs
}

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
