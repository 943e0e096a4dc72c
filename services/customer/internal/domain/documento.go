// Package domain holds the customer service's entities and rules: customers (with their addresses
// and contacts), portfolio transfers and surveys.
package domain

import (
	"fmt"
	"strings"
)

// Person types, with the spec's spelling.
const (
	Fisica = "FISICA"
	PJ     = "PJ"
)

// SeparadoresDocumento are the punctuation a CPF or CNPJ may be typed with: "529.982.247-25",
// "11.222.333/0001-81", spaces. Anything else (=, _, commas…) is refused, not cleaned away.
const SeparadoresDocumento = ".-/ "

// erroCaracteresDocumento is the message for a document with characters other than digits,
// letters A-Z and SeparadoresDocumento ("" when there are none).
func erroCaracteresDocumento(s string) string {
	for _, r := range strings.TrimSpace(s) {
		if !(r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || strings.ContainsRune(SeparadoresDocumento, r)) {
			return fmt.Sprintf("Documento inválido: o caractere %q não é aceito (use números, letras, . - / e espaços).", r)
		}
	}
	return ""
}

// NormalizeDocumento keeps the characters of a CPF or CNPJ: digits and (for the alphanumeric
// CNPJ) letters, uppercased; punctuation and spaces are dropped.
func NormalizeDocumento(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9', r >= 'A' && r <= 'Z':
			b.WriteRune(r)
		case r >= 'a' && r <= 'z':
			b.WriteRune(r - 'a' + 'A')
		}
	}
	return b.String()
}

// ValidCPF checks an 11-digit CPF (normalized) by its two check digits. Repeated digits
// ("111.111.111-11") pass the arithmetic but are not valid CPFs.
func ValidCPF(d string) bool {
	if len(d) != 11 || allSame(d) {
		return false
	}
	for i := 0; i < 11; i++ {
		if d[i] < '0' || d[i] > '9' {
			return false
		}
	}
	return CheckDigitsCPF(d[:9]) == d
}

// ValidCNPJ checks a 14-character CNPJ (normalized): the first 12 characters are digits or, in
// the alphanumeric CNPJ (Receita Federal, from July 2026), uppercase letters, each worth its ASCII
// code minus 48; the last two are check digits (modulo 11, weights 2 to 9 from the right).
func ValidCNPJ(d string) bool {
	if len(d) != 14 || allSame(d) {
		return false
	}
	for i := 0; i < 14; i++ {
		c := d[i]
		digit := c >= '0' && c <= '9'
		if i >= 12 && !digit || !digit && !(c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return CheckDigitsCNPJ(d[:12]) == d
}

func allSame(s string) bool {
	for i := 1; i < len(s); i++ {
		if s[i] != s[0] {
			return false
		}
	}
	return true
}

// CheckDigitsCPF completes the first 9 digits of a CPF with its check digits.
func CheckDigitsCPF(base9 string) string {
	d := base9
	for _, n := range []int{9, 10} {
		sum := 0
		for i := 0; i < n; i++ {
			sum += int(d[i]-'0') * (n + 1 - i)
		}
		dv := sum * 10 % 11
		if dv == 10 {
			dv = 0
		}
		d += string(rune('0' + dv))
	}
	return d
}

// CheckDigitsCNPJ completes the first 12 characters of a CNPJ with its check digits.
func CheckDigitsCNPJ(base12 string) string {
	d := base12
	for _, n := range []int{12, 13} {
		sum, w := 0, 2
		for i := n - 1; i >= 0; i-- {
			sum += int(d[i]-'0') * w
			if w++; w > 9 {
				w = 2
			}
		}
		dv := 11 - sum%11
		if dv >= 10 {
			dv = 0
		}
		d += string(rune('0' + dv))
	}
	return d
}

// TipoPorDocumento infers the person type from a normalized document (11 characters: FISICA,
// 14: PJ), or "" when neither.
func TipoPorDocumento(d string) string {
	switch len(d) {
	case 11:
		return Fisica
	case 14:
		return PJ
	}
	return ""
}

// DocumentoBusca turns a search that looks like a CPF/CNPJ ("123.456", "12.345.678/0001") into
// the characters stored in the document; other searches are left as they are.
func DocumentoBusca(q string) string {
	if strings.IndexFunc(q, func(r rune) bool { return r >= '0' && r <= '9' }) < 0 {
		return q
	}
	d := NormalizeDocumento(q)
	if len(d) >= 3 && strings.Trim(q, "0123456789./- ") == "" {
		return d
	}
	return q
}
