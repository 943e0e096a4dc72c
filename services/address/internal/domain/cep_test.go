package domain

import (
	"testing"
	"unicode"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/input"
)

func TestNormalizeCEP(t *testing.T) {
	for in, want := range map[string]string{
		"01001-000": "01001000", "01001000": "01001000", " 01.001-000 ": "01001000", "cep: 80010-000": "80010000",
		"0100100": "", "010010000": "", "": "", "abcdefgh": "", "0100-1000-0": "",
	} {
		got, err := NormalizeCEP(in)
		if want == "" {
			if !errs.IsKind(err, errs.KindInvalid) || err.Error() != MsgCEPLength {
				t.Errorf("%q: want error %q, got %q %v", in, MsgCEPLength, got, err)
			}
			continue
		}
		if err != nil || got != want {
			t.Errorf("%q: got %q %v, want %q", in, got, err, want)
		}
	}
}

func FuzzNormalizeCEP(f *testing.F) {
	for _, s := range []string{"01001-000", "01001000", "", "123", "٠١٠٠١٠٠٠", "0100100000000", "\x00\xff01001000", "00000000", "00999-999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := NormalizeCEP(s)
		digits := 0
		var ds []rune
		for _, r := range s {
			if r >= '0' && r <= '9' {
				digits++
				ds = append(ds, r)
			}
		}
		if err != nil {
			// 8 digits are refused only below 01000-000, where no CEP exists.
			if digits == 8 && (string(ds) >= "01000000" || err.Error() != input.MsgCEPInexistente) {
				t.Fatalf("%q has 8 digits but was refused: %v", s, err)
			}
			return
		}
		if digits != 8 || len(got) != 8 {
			t.Fatalf("%q accepted as %q with %d digits", s, got, digits)
		}
		for _, r := range got {
			if !unicode.IsDigit(r) || r > '9' {
				t.Fatalf("non-ASCII digit in %q", got)
			}
		}
	})
}
