package domain

import "testing"

func TestValidSuframa(t *testing.T) {
	for _, c := range []struct {
		in string
		ok bool
	}{
		{"210140267", true},                                                                // a real inscription (CNPJ 61.940.292/0066-82)
		{"123456789", true}, {"143456784", true}, {"148451780", true}, {"088451780", true}, // erpbrasil.base's valid cases
		{"123456788", false}, {"423456780", false}, // a wrong check digit
		{"21014026", false}, {"2101402670", false}, {"", false}, {"21014026X", false}, // length, letters
		{"000000000", false}, {"999999999", false}, // repeated digits
	} {
		if got := ValidSuframa(c.in); got != c.ok {
			t.Errorf("ValidSuframa(%q) = %v, esperado %v", c.in, got, c.ok)
		}
	}
	for in, want := range map[string]string{"21.0140.267": "210140267", " 21014026-7 ": "210140267", "21/0140/267": "210140267"} {
		if got := NormalizeSuframa(in); got != want {
			t.Errorf("NormalizeSuframa(%q) = %q", in, got)
		}
	}
	for in, want := range map[string]string{"210140267": "", "210140268": MsgSuframaDigito, "2101402": MsgSuframaTamanho, "21014026a": MsgSuframaTamanho} {
		if got := suframaErro(in); got != want {
			t.Errorf("suframaErro(%q) = %q, esperado %q", in, got, want)
		}
	}
}

func FuzzSuframa(f *testing.F) {
	for _, s := range []string{"210140267", "21.0140.267", "", "0", "12345678Z", "１２３"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d := NormalizeSuframa(s)
		if ValidSuframa(d) {
			if len(d) != 9 || CheckDigitSuframa(d[:8]) != d[8] || suframaErro(d) != "" {
				t.Fatalf("%q aceito sem 9 dígitos conferidos", s)
			}
		} else if d != "" && suframaErro(d) == "" {
			t.Fatalf("%q recusado sem mensagem", s)
		}
	})
}
