package domain

import (
	"fmt"
	"strings"
)

// Inscrição estadual (IE): each state's length, prefix and check digits, as published by
// SINTEGRA ("Conferência de Inscrições Estaduais", the Cad_Estados pages) and as
// erpbrasil.base (src/erpbrasil/base/fiscal/ie.py) implements them. The shared cases are in
// contracts/inscricoes-estaduais.json (the app runs them too: mobile/src/lib/documento/ie.ts).
//
// Accepted input: digits with the separators ". - /" and spaces (as printed on a cadastro),
// ISENTO, and for São Paulo's rural producers a leading P ("P-01100424.3/002"). Stored: the
// digits ("P" and the digits for a producer), or ISENTO. The length must be the state's (no
// zeros are added on the left).

// NormalizeIE cleans an IE for storage: ISENTO, "P"+digits (SP producer) or the digits. ok is
// false when it has characters other than digits and separators (or a P not at the start).
func NormalizeIE(s string) (ie string, ok bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if s == "" || s == Isento {
		return s, true
	}
	prefix := ""
	if strings.HasPrefix(s, "P") {
		prefix, s = "P", s[1:]
	}
	if strings.Trim(s, "0123456789.-/ ") != "" {
		return prefix + Digits(s), false
	}
	return prefix + Digits(s), true
}

// ValidIE reports whether a normalized IE (NormalizeIE) is valid in uf. ISENTO is valid in
// every state.
func ValidIE(uf, ie string) bool {
	if ie == Isento {
		return true
	}
	if strings.HasPrefix(ie, "P") {
		return uf == "SP" && ieSPProdutor(ie[1:])
	}
	f := ieRegras[uf]
	if f == nil || ie == "" || Digits(ie) != ie {
		return false
	}
	return f(ie)
}

// ErroIE is the message at the field for an IE as typed, against the customer's UF (empty: no
// address yet, then any state's rule will do). "" when it is valid or empty.
func ErroIE(s, uf string) string {
	ie, ok := NormalizeIE(s)
	if ie == "" || ie == Isento {
		return ""
	}
	if !ok {
		return "Inscrição estadual inválida: use só números (com . - /) ou ISENTO."
	}
	if uf != "" && UFValida(uf) {
		if !ValidIE(uf, ie) {
			return fmt.Sprintf("Inscrição estadual inválida para %s.", uf)
		}
		return ""
	}
	for u := range ufs {
		if ValidIE(u, ie) {
			return ""
		}
	}
	return "Inscrição estadual inválida: confira os dígitos."
}

// nums are the digits of s as numbers.
func nums(s string) []int {
	out := make([]int, len(s))
	for i := range s {
		out[i] = int(s[i] - '0')
	}
	return out
}

// soma is Σ d[i]·w[i].
func soma(d, w []int) int {
	s := 0
	for i := range w {
		s += d[i] * w[i]
	}
	return s
}

// mod11 is the usual check digit: 11 minus the remainder, 0 when that is 10 or 11.
func mod11(d, w []int) int {
	r := soma(d, w) % 11
	if r < 2 {
		return 0
	}
	return 11 - r
}

// pesos returns n weights from primeiro down to 2, going on from 9 after 2.
func pesos(n int, primeiro int) []int {
	w := make([]int, n)
	p := primeiro
	for i := 0; i < n; i++ {
		w[i] = p
		p--
		if p < 2 {
			p = 9
		}
	}
	return w
}

// simples: n digits, the last a mod11 check digit over the others with weights n down to 2,
// with an optional prefix.
func simples(n int, prefixos ...string) func(string) bool {
	return func(s string) bool {
		if len(s) != n || !temPrefixo(s, prefixos) {
			return false
		}
		d := nums(s)
		return mod11(d, pesos(n-1, n)) == d[n-1]
	}
}

func temPrefixo(s string, prefixos []string) bool {
	if len(prefixos) == 0 {
		return true
	}
	for _, p := range prefixos {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// doisDV: 13 digits (AC, DF): two mod11 check digits, weights 4,3,2,9..2 then 5,4,3,2,9..2.
func doisDV(prefixos ...string) func(string) bool {
	return func(s string) bool {
		if len(s) != 13 || !temPrefixo(s, prefixos) {
			return false
		}
		d := nums(s)
		return mod11(d, pesos(11, 4)) == d[11] && mod11(d, pesos(12, 5)) == d[12]
	}
}

var ieRegras = map[string]func(string) bool{
	"AC": doisDV("01"),
	// AL: 9 digits from 24. (SINTEGRA lists the company-type third digit 0,3,5,7,8, but real
	// IEs in erpbrasil.base's tests have others, so it is not checked.)
	"AL": simples(9, "24"),
	"AM": simples(9),
	"AP": ieAP,
	"BA": ieBA,
	"CE": simples(9),
	// DF: 13 digits from 07 (SINTEGRA) or 08 (a newer series, erpbrasil.base's tests).
	"DF": doisDV("07", "08"),
	"ES": simples(9),
	"GO": ieGO,
	"MA": simples(9, "12"),
	"MG": ieMG,
	"MS": simples(9, "28"),
	// MT: 11 digits; a shorter one (9 or 10) is read with zeros on the left, as SEFAZ-MT prints
	// them ("13335740-6", caelum-stella's tests; erpbrasil.base pads too).
	"MT": func(s string) bool {
		if len(s) < 9 || len(s) > 11 {
			return false
		}
		s = strings.Repeat("0", 11-len(s)) + s
		d := nums(s)
		return mod11(d, []int{3, 2, 9, 8, 7, 6, 5, 4, 3, 2}) == d[10]
	},
	"PA": simples(9, "15"),
	"PB": simples(9),
	"PE": iePE,
	"PI": simples(9),
	"PR": func(s string) bool {
		if len(s) != 10 {
			return false
		}
		d := nums(s)
		return mod11(d, []int{3, 2, 7, 6, 5, 4, 3, 2}) == d[8] && mod11(d, []int{4, 3, 2, 7, 6, 5, 4, 3, 2}) == d[9]
	},
	"RJ": func(s string) bool {
		if len(s) != 8 {
			return false
		}
		d := nums(s)
		return mod11(d, []int{2, 7, 6, 5, 4, 3, 2}) == d[7]
	},
	"RN": ieRN,
	"RO": ieRO,
	"RR": func(s string) bool {
		if len(s) != 9 || !strings.HasPrefix(s, "24") {
			return false
		}
		d := nums(s)
		return soma(d, []int{1, 2, 3, 4, 5, 6, 7, 8})%9 == d[8]
	},
	"RS": func(s string) bool {
		if len(s) != 10 {
			return false
		}
		d := nums(s)
		return mod11(d, []int{2, 9, 8, 7, 6, 5, 4, 3, 2}) == d[9]
	},
	"SC": simples(9),
	"SE": simples(9),
	"SP": ieSP,
	// TO: 9 digits since June 2002 (SEFAZ-TO Portaria 676/02); the former 11, with a type code
	// 01, 02, 03 or 99 at the 3rd and 4th digits, is checked without it (SINTEGRA TO).
	"TO": func(s string) bool {
		if len(s) == 11 && temPrefixo(s[2:4], []string{"01", "02", "03", "99"}) {
			s = s[:2] + s[4:]
		}
		return simples(9)(s)
	},
}

// ieAP: 9 digits from 03; p and d by the range of the first 8 digits (SINTEGRA AP).
func ieAP(s string) bool {
	if len(s) != 9 || !strings.HasPrefix(s, "03") {
		return false
	}
	n := 0
	for _, c := range s[:8] {
		n = n*10 + int(c-'0')
	}
	p, dd := 0, 0
	switch {
	case n <= 3017000:
		p, dd = 5, 0
	case n <= 3019022:
		p, dd = 9, 1
	}
	d := nums(s)
	r := (p + soma(d, pesos(8, 9))) % 11
	dv := 11 - r
	switch r {
	case 1:
		dv = 0
	case 0:
		dv = dd
	}
	return dv == d[8]
}

// ieBA: 8 or 9 digits; modulo 10 when the first (8 digits) or second (9 digits) digit is
// 0,1,2,3,4,5 or 8, else modulo 11; the last digit is computed first, then the one before it
// over the base and that digit (SINTEGRA BA).
func ieBA(s string) bool {
	var base, test int
	switch len(s) {
	case 8:
		base, test = 6, 0
	case 9:
		base, test = 7, 1
	default:
		return false
	}
	d := nums(s)
	m := 11
	if strings.ContainsRune("0123458", rune(s[test])) {
		m = 10
	}
	dv := func(ds []int, w []int) int {
		r := soma(ds, w) % m
		if r == 0 || (m == 11 && r == 1) {
			return 0
		}
		return m - r
	}
	dv2 := dv(d[:base], pesos(base, base+1))
	dv1 := dv(append(append([]int{}, d[:base]...), dv2), pesos(base+1, base+2))
	return dv1 == d[base] && dv2 == d[base+1]
}

// ieGO: 9 digits from 10, 11, 15 (SINTEGRA GO) or 20 (the series since 2023, SEFAZ-GO; as in
// erpbrasil.base); remainder 1 gives 1 in the range 10103105–10119997, else 0.
func ieGO(s string) bool {
	if len(s) != 9 || !temPrefixo(s, []string{"10", "11", "15", "20"}) {
		return false
	}
	d := nums(s)
	n := 0
	for _, x := range d[:8] {
		n = n*10 + x
	}
	r := soma(d, pesos(8, 9)) % 11
	dv := 11 - r
	switch r {
	case 0:
		dv = 0
	case 1:
		dv = 0
		if n >= 10103105 && n <= 10119997 {
			dv = 1
		}
	}
	return dv == d[8]
}

// ieMG: 13 digits; the first check digit over the 11-digit base with a 0 after the third digit,
// weights 1,2,… summing the digits of the products, to the next ten; the second mod11 with
// weights 3,2,11..2 (SINTEGRA MG).
func ieMG(s string) bool {
	if len(s) != 13 {
		return false
	}
	d := nums(s)
	aux := append(append(append([]int{}, d[:3]...), 0), d[3:11]...)
	t := 0
	for i, x := range aux {
		p := x * (1 + i%2)
		t += p/10 + p%10
	}
	dv1 := (10 - t%10) % 10
	dv2 := mod11(append(append([]int{}, d[:11]...), dv1), []int{3, 2, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2})
	return dv1 == d[11] && dv2 == d[12]
}

// iePE: 9 digits (eFisco, two mod11 check digits) or 14 (the former CACEPE: one, 11 minus the
// remainder, less 10 above 9) (SINTEGRA PE).
func iePE(s string) bool {
	d := nums(s)
	switch len(s) {
	case 9:
		return mod11(d, pesos(7, 8)) == d[7] && mod11(d, pesos(8, 9)) == d[8]
	case 14:
		dv := 11 - soma(d, []int{5, 4, 3, 2, 1, 9, 8, 7, 6, 5, 4, 3, 2})%11
		if dv > 9 {
			dv -= 10
		}
		return dv == d[13]
	}
	return false
}

// ieRN: 9 or 10 digits from 20; (sum × 10) mod 11, 10 giving 0 (SINTEGRA RN).
func ieRN(s string) bool {
	if (len(s) != 9 && len(s) != 10) || !strings.HasPrefix(s, "20") {
		return false
	}
	d := nums(s)
	n := len(s)
	dv := soma(d, pesos(n-1, n)) * 10 % 11 % 10
	return dv == d[n-1]
}

// ieRO: 14 digits (since August 2000) or the former 9 (a 3-digit municipality code, then 5
// digits and the check digit): 11 minus the remainder, less 10 above 9 (SINTEGRA RO).
func ieRO(s string) bool {
	d := nums(s)
	dv := func(ds, w []int) int {
		v := 11 - soma(ds, w)%11
		if v > 9 {
			v -= 10
		}
		return v
	}
	switch len(s) {
	case 14:
		return dv(d, []int{6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2}) == d[13]
	case 9:
		return dv(d[3:8], []int{6, 5, 4, 3, 2}) == d[8]
	}
	return false
}

// ieSP: 12 digits, check digits at the 9th and 12th positions: the rightmost digit of the
// remainder (mod 11) with weights 1,3,4,5,6,7,8,10 and then 3,2,10..2 (SINTEGRA SP).
func ieSP(s string) bool {
	if len(s) != 12 {
		return false
	}
	d := nums(s)
	return soma(d, []int{1, 3, 4, 5, 6, 7, 8, 10})%11%10 == d[8] &&
		soma(d, []int{3, 2, 10, 9, 8, 7, 6, 5, 4, 3, 2})%11%10 == d[11]
}

// ieSPProdutor: a rural producer's IE in SP, P then 12 digits from 0 with its one check digit
// at the 9th (the weights of ieSP's first) (SINTEGRA SP: "P-01100424.3/002").
func ieSPProdutor(s string) bool {
	if len(s) != 12 || s[0] != '0' || Digits(s) != s {
		return false
	}
	d := nums(s)
	return soma(d, []int{1, 3, 4, 5, 6, 7, 8, 10})%11%10 == d[8]
}

// formatoIE is each state's length and a prefix of its IEs (for ExemploIE).
var formatoIE = map[string]struct {
	n      int
	prefix string
}{"AC": {13, "01"}, "AL": {9, "24"}, "AM": {9, ""}, "AP": {9, "03"}, "BA": {9, ""}, "CE": {9, ""}, "DF": {13, "07"},
	"ES": {9, ""}, "GO": {9, "10"}, "MA": {9, "12"}, "MG": {13, ""}, "MS": {9, "28"}, "MT": {11, ""}, "PA": {9, "15"},
	"PB": {9, ""}, "PE": {9, ""}, "PI": {9, ""}, "PR": {10, ""}, "RJ": {8, ""}, "RN": {9, "20"}, "RO": {14, ""},
	"RR": {9, "24"}, "RS": {10, ""}, "SC": {9, ""}, "SE": {9, ""}, "SP": {12, ""}, "TO": {9, ""}}

// ExemploIE makes a valid IE of uf from the digits of semente (the demo data's): the state's
// prefix and length, then the first number from there that passes the state's rule. "" for an
// unknown UF.
func ExemploIE(uf, semente string) string {
	f, ok := formatoIE[uf]
	if !ok {
		return ""
	}
	s := f.prefix + strings.Repeat(Digits(semente), f.n)
	b := []byte(s[:f.n])
	for k := 0; k < 1_000_000; k++ {
		if ValidIE(uf, string(b)) {
			return string(b)
		}
		// The next number, keeping the prefix.
		for i := f.n - 1; i >= len(f.prefix); i-- {
			if b[i] < '9' {
				b[i]++
				break
			}
			b[i] = '0'
		}
	}
	return ""
}
