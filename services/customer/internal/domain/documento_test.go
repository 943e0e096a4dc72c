package domain

import (
	"strings"
	"testing"
)

func TestValidCPF(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"529.982.247-25", true},
		{"52998224725", true},
		{"111.444.777-35", true},
		{"529.982.247-24", false},
		{"111.111.111-11", false},
		{"00000000000", false},
		{"5299822472", false},
		{"529982247250", false},
		{"5299822472A", false},
		{"", false},
	} {
		if got := ValidCPF(NormalizeDocumento(c.in)); got != c.want {
			t.Errorf("ValidCPF(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestValidCNPJ(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"11.222.333/0001-81", true},
		{"11222333000181", true},
		{"45.997.418/0001-53", true},
		// Alphanumeric CNPJ (Receita Federal's example), also typed in lower case.
		{"12.ABC.345/01DE-35", true},
		{"12.abc.345/01de-35", true},
		{"12.ABC.345/01DE-36", false},
		{"12.ABC.345/01DE-3A", false},
		{"11.222.333/0001-82", false},
		{"00.000.000/0000-00", false},
		{"AA.AAA.AAA/AAAA-00", false},
		{"1122233300018", false},
		{"", false},
	} {
		if got := ValidCNPJ(NormalizeDocumento(c.in)); got != c.want {
			t.Errorf("ValidCNPJ(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestCheckDigits(t *testing.T) {
	if got := CheckDigitsCPF("529982247"); got != "52998224725" {
		t.Errorf("CheckDigitsCPF = %s", got)
	}
	if got := CheckDigitsCNPJ("112223330001"); got != "11222333000181" {
		t.Errorf("CheckDigitsCNPJ = %s", got)
	}
	if got := CheckDigitsCNPJ("12ABC34501DE"); got != "12ABC34501DE35" {
		t.Errorf("CheckDigitsCNPJ alfanumérico = %s", got)
	}
}

func TestNormalizeCliente(t *testing.T) {
	cid := fakeCidades{}
	c := Cliente{Documento: "11.222.333/0001-81", Nome: "  Mercado São João Ltda ", Telefone: "(11) 3333-4444", Email: " Compras@Exemplo.com.br ",
		InscricaoEstadual: "isento", Enderecos: []Endereco{{Logradouro: "Rua A", CEP: "01310-100", IBGE: "3550308"}, {Logradouro: "Rua B", Cidade: "sao paulo", UF: "sp"}},
		Contatos: []Contato{{Nome: "Ana", Celular: "11 99999-8888", Aniversario: "02-29"}}}
	if err := c.Normalize(cid); err != nil {
		t.Fatal(err)
	}
	if c.TipoPessoa != PJ || c.Documento != "11222333000181" || c.Nome != "Mercado São João Ltda" || c.Telefone != "1133334444" ||
		c.Email != "compras@exemplo.com.br" || c.InscricaoEstadual != Isento || c.Status != StatusAtivo {
		t.Fatalf("normalized: %+v", c)
	}
	if !c.Enderecos[0].Principal || c.Enderecos[1].Principal || c.Enderecos[0].Cidade != "São Paulo" || c.Enderecos[1].IBGE != "3550308" || c.Enderecos[0].Tipo != EnderecoEntrega {
		t.Fatalf("enderecos: %+v", c.Enderecos)
	}
	if !c.Contatos[0].Principal || c.Contatos[0].Celular != "11999998888" {
		t.Fatalf("contatos: %+v", c.Contatos)
	}

	bad := Cliente{TipoPessoa: Fisica, Documento: "11222333000181", Telefone: "123", Email: "x@", Status: "ok", LimiteCreditoCentavos: -1,
		Enderecos: []Endereco{{Logradouro: "R", IBGE: "9999999"}, {Logradouro: "S", Cidade: "Atlantida", UF: "SP", Principal: true}, {Principal: true, Cidade: "x"}},
		Contatos:  []Contato{{Aniversario: "2020-13-01"}}}
	err := bad.Normalize(cid)
	if err == nil {
		t.Fatal("esperava erro")
	}
	msg := err.Error()
	for _, want := range []string{"CPF inválido"} {
		if !strings.Contains(msg, want) {
			t.Errorf("mensagem %q sem %q", msg, want)
		}
	}
	fields := map[string]bool{}
	for _, f := range errFields(err) {
		fields[f] = true
	}
	for _, f := range []string{"documento", "nome", "telefone", "email", "status", "limite_credito_centavos", "enderecos[0].ibge",
		"enderecos[1].cidade", "enderecos[2].cidade", "enderecos", "contatos[0].nome", "contatos[0].aniversario"} {
		if !fields[f] {
			t.Errorf("falta violação em %s (tem %v)", f, fields)
		}
	}
}

func TestPesquisaCheck(t *testing.T) {
	p := Pesquisa{Titulo: "T", Perguntas: []Pergunta{
		{ID: "a", Texto: "A?", Tipo: "escolha_unica", Obrigatoria: true, Opcoes: []string{"x", "y", "x", " "}},
		{ID: "b", Texto: "B?", Tipo: PerguntaSimNao, Obrigatoria: true},
		{ID: "c", Texto: "C?", Tipo: PerguntaMultipla, Opcoes: []string{"1", "2", "3"}},
		{ID: "d", Texto: "D?", Tipo: PerguntaNumero},
		{ID: "e", Texto: "E?", Tipo: PerguntaData},
	}}
	if err := p.Normalize(); err != nil {
		t.Fatal(err)
	}
	if len(p.Perguntas[0].Opcoes) != 2 || p.Perguntas[0].Tipo != PerguntaUnica {
		t.Fatalf("opções: %+v", p.Perguntas[0])
	}
	rs, err := p.Check([]Resposta{{PerguntaID: "a", Valor: "y"}, {PerguntaID: "b", Valor: "Não"}, {PerguntaID: "c", Valores: []string{"1", "3"}}, {PerguntaID: "d", Valor: "3,5"}})
	if err != nil {
		t.Fatal(err)
	}
	if rs[1].Valor != "nao" || rs[3].Valor != "3.5" || len(rs[2].Valores) != 2 {
		t.Fatalf("respostas: %+v", rs)
	}
	_, err = p.Check([]Resposta{{PerguntaID: "a", Valor: "z"}, {PerguntaID: "c", Valores: []string{"9"}}, {PerguntaID: "d", Valor: "abc"}, {PerguntaID: "e", Valor: "31/12/2026"}, {PerguntaID: "zz", Valor: "1"}})
	if err == nil {
		t.Fatal("esperava erro")
	}
	if n := len(errFields(err)); n != 6 { // a, b (obrigatória), c, d, e, zz
		t.Fatalf("violações: %d %v", n, errFields(err))
	}
	if err := (&Pesquisa{Titulo: " ", Perguntas: []Pergunta{{Tipo: "X"}}}).Normalize(); err == nil {
		t.Fatal("pesquisa inválida aceita")
	}
}

// FuzzDocumento: the validators never panic, accept only normalized 11/14-character values, and
// completing any base with its check digits gives a valid document.
func FuzzDocumento(f *testing.F) {
	for _, s := range []string{"529.982.247-25", "11.222.333/0001-81", "12.ABC.345/01DE-35", "", "ÿ", "0000000000000000", "12abc34501de"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d := NormalizeDocumento(s)
		if ValidCPF(d) && (len(d) != 11 || strings.Trim(d, "0123456789") != "") {
			t.Fatalf("CPF aceito: %q", d)
		}
		if ValidCNPJ(d) && len(d) != 14 {
			t.Fatalf("CNPJ aceito: %q", d)
		}
		if ValidCPF(d) && ValidCNPJ(d) {
			t.Fatalf("CPF e CNPJ: %q", d)
		}
		digits := Digits(s)
		if len(digits) >= 9 {
			b := digits[:9]
			if cpf := CheckDigitsCPF(b); !ValidCPF(cpf) && !allSame(cpf) {
				t.Fatalf("CheckDigitsCPF(%s) = %s inválido", b, cpf)
			}
		}
		if len(d) >= 12 {
			b := d[:12]
			if cnpj := CheckDigitsCNPJ(b); !ValidCNPJ(cnpj) && !allSame(cnpj) {
				t.Fatalf("CheckDigitsCNPJ(%s) = %s inválido", b, cnpj)
			}
		}
	})
}

type fakeCidades struct{}

func (fakeCidades) Buscar(ibge string) (string, string, bool) {
	if ibge == "3550308" {
		return "São Paulo", "SP", true
	}
	return "", "", false
}

func (fakeCidades) PorNome(nome, uf string) (string, string, bool) {
	if strings.EqualFold(uf, "SP") && (nome == "sao paulo" || nome == "São Paulo") {
		return "3550308", "São Paulo", true
	}
	return "", "", false
}
