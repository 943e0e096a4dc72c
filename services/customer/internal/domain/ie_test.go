package domain

import "testing"

// TestExemploIE: the demo data's IEs pass their state's rule, in every state.
func TestExemploIE(t *testing.T) {
	for uf := range ufs {
		for _, semente := range []string{"000000000000", "123456789012", "999999999999", "4"} {
			ie := ExemploIE(uf, semente)
			if ie == "" || !ValidIE(uf, ie) {
				t.Errorf("%s %s: %q", uf, semente, ie)
			}
		}
	}
}

// TestIEGuardadaNaoBloqueia: a customer stored with an IE that fails today's rule is still
// edited while the IE and the main address's UF stay; a new IE, or a move to another state, is
// checked; IEInvalida lists it.
func TestIEGuardadaNaoBloqueia(t *testing.T) {
	novo := func(ie, uf string) *Cliente {
		return &Cliente{TipoPessoa: PJ, Documento: "11222333000181", Nome: "Mercado", InscricaoEstadual: ie,
			Enderecos: []Endereco{{UF: uf, Cidade: "X", IBGE: ""}}}
	}
	cid := cidadesUF{}
	antes := novo("692015742110", "SP") // SP, wrong second check digit
	if !antes.IEInvalida() {
		t.Fatal("IEInvalida: want true")
	}
	if err := novo("692015742110", "SP").Normalize(cid); err == nil {
		t.Fatal("a new customer with it must be refused")
	}
	c := novo("692.015.742-110", "SP")
	c.Telefone = "1133334444"
	if err := c.NormalizeAlteracao(cid, antes); err != nil {
		t.Fatalf("kept IE refused: %v", err)
	}
	if f := errFields(novo("692015742111", "SP").NormalizeAlteracao(cid, antes)); len(f) != 1 || f[0] != "inscricao_estadual" {
		t.Fatalf("another invalid IE: %v", f)
	}
	err := novo("692015742110", "MG").NormalizeAlteracao(cid, antes)
	if f := errFields(err); len(f) != 1 || f[0] != "inscricao_estadual" || err.Error() == "" {
		t.Fatalf("moved to MG: %v", f)
	}
	if ok := novo("692015742119", "SP"); ok.IEInvalida() || ok.Normalize(cid) != nil {
		t.Fatal("a valid SP IE")
	}
	if novo("", "SP").IEInvalida() || novo("ISENTO", "MG").IEInvalida() {
		t.Fatal("none and ISENTO are not invalid")
	}
}

// cidadesUF finds any city in any state.
type cidadesUF struct{}

func (cidadesUF) Buscar(string) (string, string, bool) { return "", "", false }
func (cidadesUF) PorNome(nome, uf string) (string, string, bool) {
	return "0000000", nome, true
}

// TestDocumentoComCaractereEstranho: "=" or "_" inside a CNPJ refuses it, with the app's message
// (mobile/src/features/clientes/utils/validacao.test.ts).
func TestDocumentoComCaractereEstranho(t *testing.T) {
	for _, d := range []string{"11.222.333/0001=81", "11_222_333_0001_81"} {
		c := &Cliente{TipoPessoa: PJ, Documento: d, Nome: "Mercado"}
		err := c.Normalize(nil)
		if f := errFields(err); len(f) != 1 || f[0] != "documento" {
			t.Fatalf("%s: %v", d, f)
		}
	}
	if got := erroCaracteresDocumento("11.222.333/0001=81"); got != "Documento inválido: o caractere '=' não é aceito (use números, letras, . - / e espaços)." {
		t.Fatal(got)
	}
	if got := erroCaracteresDocumento(" 12.abc.345/01DE-35 "); got != "" {
		t.Fatal(got)
	}
}
