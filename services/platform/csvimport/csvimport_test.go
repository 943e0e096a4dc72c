package csvimport

import (
	"errors"
	"reflect"
	"testing"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/input"
)

// Money in the CSV is read as integer centavos, never through floating point.
func TestReais(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"", 0, true},
		{"0,29", 29, true},
		{"1.234,56", 123456, true},
		{"R$ 1.500,00", 150000, true},
		{"1234.56", 123456, true},
		{"1.234", 123400, true},
		{"1.234.567", 123456700, true},
		{"0,1", 10, true},
		{"99999999999,99", 9999999999999, true},
		{"4.35", 435, true},
		{"1,005", 0, false}, // three decimals: a typo, not a rounding decision
		{"-100", 0, false},
		{"abc", 0, false},
		{"1,2,3", 0, false},
		{"999999999999,00", 0, false}, // beyond R$ 99 bilhões
	} {
		got, ok := Reais(c.in, 11) // the customers' limit: up to R$ 99 bilhões
		if ok != c.ok || (ok && got != c.want) {
			t.Errorf("Reais(%q) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// TestFormulaNasColunasDeTexto: a free-text cell that a spreadsheet would run as a formula is
// refused at its row and column; a phone "+55…" or a negative number (not text columns) stays.
func TestFormulaNasColunasDeTexto(t *testing.T) {
	f := Formato{Colunas: []string{"nome", "telefone", "saldo", "obs"}, Texto: []string{"nome", "obs"}}
	ls, err := Ler("Nome;telefone;saldo;obs\n"+
		"Maria;+55 11 3333-4444;-10,00;ok\n"+
		"=1+1;;;\n"+
		" @SUM(A1);;;-cmd\n"+
		"João;;;+1\n", f)
	if err != nil {
		t.Fatal(err)
	}
	got := map[int32][]string{}
	for _, l := range ls {
		got[l.N] = l.Erros
	}
	want := map[int32][]string{2: nil, 3: {"coluna Nome: " + input.MsgFormula}, 4: {"coluna Nome: " + input.MsgFormula, "coluna obs: " + input.MsgFormula},
		5: {"coluna obs: " + input.MsgFormula}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("erros por linha: %v", got)
	}
}

// TestErrosNaColunaDoArquivo (issue 21 §5): a refusal names the file's own column as its header
// wrote it — a record's field path ("enderecos[0].cep") mapped back to the cell it came from,
// through the format's Campos or the aliases — never the path; a field no column makes shows its
// description alone; a column the file lacks says so.
func TestErrosNaColunaDoArquivo(t *testing.T) {
	f := Formato{Colunas: []string{"documento", "nome", "cep", "cidade", "limite_credito", "mva", "vendedor_id"},
		Aliases: map[string]string{"cnpj": "documento", "municipio": "cidade", "mva_percentual": "mva"},
		Campos:  map[string]string{"enderecos.cep": "cep", "enderecos.cidade": "cidade", "limite_credito_centavos": "limite_credito"}}
	ls, err := Ler("CNPJ;Nome;Cep ;Município;Limite crédito;MVA\n1;x;0131;Lugar;10;5\n", f)
	if err != nil {
		t.Fatal(err)
	}
	l := ls[0]
	v := errs.Invalid("CEP deve ter 8 dígitos",
		errs.FieldViolation{Field: "enderecos[0].cep", Description: "CEP deve ter 8 dígitos"},
		errs.FieldViolation{Field: "enderecos[1].cidade", Description: "Cidade não encontrada."},
		errs.FieldViolation{Field: "documento", Description: "CNPJ inválido: confira os dígitos."},
		errs.FieldViolation{Field: "limite_credito_centavos", Description: "O limite de crédito não pode ser negativo."},
		errs.FieldViolation{Field: "mva_percentual", Description: "MVA deve ficar entre 0% e 1000%."},
		errs.FieldViolation{Field: "enderecos", Description: "Marque só um endereço como principal."},
		errs.FieldViolation{Field: "vendedor_id", Description: "Escolha o vendedor."})
	want := []string{"coluna Cep: CEP deve ter 8 dígitos", "coluna Município: Cidade não encontrada.", "coluna CNPJ: CNPJ inválido: confira os dígitos.",
		"coluna Limite crédito: O limite de crédito não pode ser negativo.", "coluna MVA: MVA deve ficar entre 0% e 1000%.",
		"Marque só um endereço como principal.", "coluna vendedor_id (não está no arquivo): Escolha o vendedor."}
	if got := l.ErrosDe(v); !reflect.DeepEqual(got, want) {
		t.Errorf("ErrosDe:\n got %q\nwant %q", got, want)
	}
	if got := l.ErrosDe(errors.New("falhou")); len(got) != 1 || got[0] == "" {
		t.Errorf("erro sem campos: %q", got)
	}
	if got := l.Erro("cidade", "use o nome oficial."); got != "coluna Município: use o nome oficial." {
		t.Errorf("Erro: %q", got)
	}
	if got := l.Coluna("documento"); got != "CNPJ" {
		t.Errorf("Coluna: %q", got)
	}
}

func TestDecimal(t *testing.T) {
	for _, c := range []struct {
		s    string
		want int64
		ok   bool
	}{
		{"1,25", 1250, true}, {"1.250,5", 1250500, true}, {"1.250", 1250000, true}, {"12.5", 12500, true}, {"0,001", 1, true},
		{"", 0, true}, {"1,2345", 0, false}, {"1,2a", 0, false}, {"-1", 0, false}, {"12345678", 0, false},
	} {
		if got, ok := Decimal(c.s, 3, 7); got != c.want || ok != c.ok {
			t.Errorf("%q: %d %v, esperado %d %v", c.s, got, ok, c.want, c.ok)
		}
	}
}
