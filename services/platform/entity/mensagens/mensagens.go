// Package mensagens writes the proto messages of a simple entity (package entity) that follow
// from its record message and its service's RPCs, so that a .proto declares only the record, the
// RPCs and what is particular to the entity. The declaration is a comment of the .proto, apart
// from any message (a blank line after it, so that it documents nothing in the API):
//
//	// crm:entidade CondicaoPagamento um=Condicao varios=Condicoes padrao=ativo:true
//	// …the generated messages…
//	// crm:fim
//
// From the record message M (CondicaoPagamento) and the RPCs of the same file that name them, it
// writes, between the two lines:
//   - Listar<varios>Response: the page (repeated M <lista> = 1, next_page_token = 2);
//   - Alteracao<um> and Alteracoes<varios>Response: the change feed (id, removido, M <alteracao>;
//     alteracoes, cursor, mais, total);
//   - Criar<um>Request: id = 1, then M's fields but its bookkeeping (id, empresa, versao,
//     criado_em, alterado_em, excluido), in M's order (a field named in padrao= is optional: its
//     default is the store's, entity.Mapa);
//   - Atualizar<um>Request: id = 1, versao = 2, then M's fields with patch semantics (a scalar
//     optional, a list replaced when sent; one named in limpar= is followed by limpar_<lista>).
//
// Options: lista= (the page's and M's list field; default varios in lower case), alteracao= (the
// change's record field; default um in lower case), padrao=campo:valor,… and limpar=lista,….
// A message is written only when an RPC of the file takes or returns it by that name.
//
// `make proto` runs cmd/gerar-mensagens before buf (Escrever); Verificar, called from this
// package's test on the repository's protos, fails when a block is stale.
package mensagens

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/crmvendas/crm/services/platform/entity/diretiva"
)

// Diretiva and Fim are the block's first and last lines.
const (
	Diretiva = "// crm:entidade "
	Fim      = "// crm:fim"
)

const aviso = "// (the messages down to crm:fim are generated from this line and the record message:\n// services/platform/entity/mensagens, by `make proto`; do not edit them)"

// Campos of a record that are the store's bookkeeping, not a create's or an update's.
var meta = []string{"id", "empresa", "versao", "criado_em", "alterado_em", "excluido"}

type campo struct{ rotulo, tipo, nome string }

type entidade struct {
	registro, um, varios, lista, alteracao string
	padrao                                 map[string]string
	limpar                                 []string
}

var (
	reCampo = regexp.MustCompile(`^(repeated |optional )?([A-Za-z_][\w.]*) ([a-z_][a-z0-9_]*) = \d+;$`)
	reRPC   = regexp.MustCompile(`(?m)^\s*rpc \w+\((\w+)\) returns \((\w+)\);`)
)

func lerDiretiva(linha string) (entidade, error) {
	partes := strings.Fields(strings.TrimPrefix(linha, Diretiva))
	if len(partes) == 0 {
		return entidade{}, fmt.Errorf("%q: falta a mensagem do registro", linha)
	}
	e := entidade{registro: partes[0], padrao: map[string]string{}}
	var padrao, limpar string
	if err := diretiva.Ler(partes[1:], map[string]*string{
		"um": &e.um, "varios": &e.varios, "lista": &e.lista, "alteracao": &e.alteracao, "padrao": &padrao, "limpar": &limpar,
	}); err != nil {
		return e, fmt.Errorf("%q: %w", linha, err)
	}
	if padrao != "" {
		for _, x := range strings.Split(padrao, ",") {
			c, val, ok := strings.Cut(x, ":")
			if !ok {
				return e, fmt.Errorf("%q: padrao=campo:valor", linha)
			}
			e.padrao[c] = val
		}
	}
	if limpar != "" {
		e.limpar = strings.Split(limpar, ",")
	}
	if e.um == "" || e.varios == "" {
		return e, fmt.Errorf("%q: precisa de um= e varios=", linha)
	}
	if e.lista == "" {
		e.lista = strings.ToLower(e.varios)
	}
	if e.alteracao == "" {
		e.alteracao = strings.ToLower(e.um)
	}
	return e, nil
}

// registro reads the fields of message nome in src.
func registro(src, nome string) ([]campo, error) {
	ini := strings.Index(src, "\nmessage "+nome+" {\n")
	if ini < 0 {
		return nil, fmt.Errorf("não achei a mensagem %s", nome)
	}
	corpo := src[ini+len("\nmessage "+nome+" {\n"):]
	fim := strings.Index(corpo, "\n}\n")
	if fim < 0 {
		return nil, fmt.Errorf("a mensagem %s não termina", nome)
	}
	var cs []campo
	for _, l := range strings.Split(corpo[:fim], "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "//") {
			continue
		}
		m := reCampo.FindStringSubmatch(l)
		if m == nil {
			return nil, fmt.Errorf("%s: não sei ler o campo %q", nome, l)
		}
		cs = append(cs, campo{strings.TrimSpace(m[1]), m[2], m[3]})
	}
	return cs, nil
}

type escritor struct {
	b bytes.Buffer
	n int
}

func (w *escritor) mensagem(nome string) { w.n = 0; fmt.Fprintf(&w.b, "message %s {\n", nome) }
func (w *escritor) fim()                 { w.b.WriteString("}\n\n") }
func (w *escritor) comentario(linhas ...string) {
	for _, l := range linhas {
		fmt.Fprintf(&w.b, "  // %s\n", l)
	}
}
func (w *escritor) campo(rotulo, tipo, nome string) {
	w.n++
	if rotulo != "" {
		rotulo += " "
	}
	fmt.Fprintf(&w.b, "  %s%s %s = %d;\n", rotulo, tipo, nome, w.n)
}

// mensagens are the entity's messages that an RPC of src names, in a fixed order.
func mensagens(src string, e entidade) (string, error) {
	cs, err := registro(src, e.registro)
	if err != nil {
		return "", err
	}
	nomes := map[string]bool{}
	for _, m := range reRPC.FindAllStringSubmatch(src, -1) {
		nomes[m[1]], nomes[m[2]] = true, true
	}
	dados := slices.DeleteFunc(slices.Clone(cs), func(c campo) bool { return slices.Contains(meta, c.nome) })
	for c := range e.padrao {
		if !slices.ContainsFunc(dados, func(d campo) bool { return d.nome == c && d.rotulo == "" }) {
			return "", fmt.Errorf("%s: padrao=%s não é um campo simples do registro", e.registro, c)
		}
	}
	for _, c := range e.limpar {
		if !slices.ContainsFunc(dados, func(d campo) bool { return d.nome == c && d.rotulo == "repeated" }) {
			return "", fmt.Errorf("%s: limpar=%s não é uma lista do registro", e.registro, c)
		}
	}
	var w escritor
	if n := "Listar" + e.varios + "Response"; nomes[n] {
		w.mensagem(n)
		w.campo("repeated", e.registro, e.lista)
		w.campo("", "string", "next_page_token")
		w.fim()
	}
	if n := "Alteracoes" + e.varios + "Response"; nomes[n] {
		w.mensagem("Alteracao" + e.um)
		w.campo("", "string", "id")
		w.campo("", "bool", "removido")
		w.campo("", e.registro, e.alteracao)
		w.fim()
		w.mensagem(n)
		w.campo("repeated", "Alteracao"+e.um, "alteracoes")
		w.campo("", "string", "cursor")
		w.campo("", "bool", "mais")
		w.comentario("Only on the first page of a first copy (desde empty): how many records the copy is heading",
			"for, so the device can say how far it is. 0 on every other page.")
		w.campo("", "int32", "total")
		w.fim()
	}
	if n := "Criar" + e.um + "Request"; nomes[n] {
		w.mensagem(n)
		w.campo("", "string", "id")
		for _, c := range dados {
			rotulo := c.rotulo
			if v, ok := e.padrao[c.nome]; ok {
				w.comentario("Default " + v + ".")
				rotulo = "optional"
			}
			w.campo(rotulo, c.tipo, c.nome)
		}
		w.fim()
	}
	if n := "Atualizar" + e.um + "Request"; nomes[n] {
		w.mensagem(n)
		w.campo("", "string", "id")
		w.campo("", "int64", "versao")
		for _, c := range dados {
			if c.rotulo == "repeated" {
				w.comentario("Replace the stored list when present.")
				w.campo("repeated", c.tipo, c.nome)
				if slices.Contains(e.limpar, c.nome) {
					w.comentario("Empty the stored list (when " + c.nome + " is not sent).")
					w.campo("", "bool", "limpar_"+c.nome)
				}
				continue
			}
			w.campo("optional", c.tipo, c.nome)
		}
		w.fim()
	}
	if w.b.Len() == 0 {
		return "", fmt.Errorf("%s: nenhuma RPC do arquivo usa as mensagens de %s/%s", e.registro, e.um, e.varios)
	}
	return w.b.String(), nil
}

// Gerar answers src with each declaration's block written anew.
func Gerar(src string) (string, error) {
	var out strings.Builder
	linhas := strings.SplitAfter(src, "\n")
	for i := 0; i < len(linhas); i++ {
		out.WriteString(linhas[i])
		if !strings.HasPrefix(linhas[i], Diretiva) {
			continue
		}
		e, err := lerDiretiva(strings.TrimSpace(linhas[i]))
		if err != nil {
			return "", err
		}
		j := i + 1
		for j < len(linhas) && strings.TrimSpace(linhas[j]) != Fim {
			if strings.HasPrefix(linhas[j], Diretiva) {
				break
			}
			j++
		}
		if j == len(linhas) || strings.TrimSpace(linhas[j]) != Fim {
			return "", fmt.Errorf("%s: o bloco não termina em %q", e.registro, Fim)
		}
		corpo, err := mensagens(src, e)
		if err != nil {
			return "", err
		}
		out.WriteString(aviso + "\n\n" + corpo + Fim + "\n")
		i = j
	}
	return out.String(), nil
}

// arquivos are the .proto files under dir.
func arquivos(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".proto") {
			out = append(out, p)
		}
		return err
	})
	return out, err
}

// Escrever writes the blocks of every .proto under dir anew.
func Escrever(dir string) error {
	return cadaArquivo(dir, func(p string, tem, quer string) error {
		if tem == quer {
			return nil
		}
		return os.WriteFile(p, []byte(quer), 0o644)
	})
}

// Verificar fails when a block of a .proto under dir is not what Gerar makes (stale or edited).
func Verificar(dir string) error {
	return cadaArquivo(dir, func(p string, tem, quer string) error {
		if tem != quer {
			return fmt.Errorf("%s: as mensagens geradas de crm:entidade estão desatualizadas: rode `make proto`", p)
		}
		return nil
	})
}

func cadaArquivo(dir string, f func(p, tem, quer string) error) error {
	ps, err := arquivos(dir)
	if err != nil {
		return err
	}
	for _, p := range ps {
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if !bytes.Contains(b, []byte(Diretiva)) {
			continue
		}
		quer, err := Gerar(string(b))
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		if err := f(p, string(b), quer); err != nil {
			return err
		}
	}
	return nil
}
