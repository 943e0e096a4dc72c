package domain

import "strings"

// The inscrição Suframa (Superintendência da Zona Franca de Manaus) of a customer in the free
// trade zone: 9 digits, the last a check digit, modulo 11 over the first 8 with weights 9 to 2
// from the left (2 to 9 from the right), a remainder of 0 or 1 giving 0 — as ACBr's
// ACBrValidador (ValidarSuframa) and erpbrasil.base (fiscal/suframa.py) compute it; a real
// inscription, 21.0140.267, checks. A Suframa customer pays no IPI.

// Messages of the Suframa field.
const (
	MsgSuframaTamanho = "Inscrição Suframa deve ter 9 dígitos."
	MsgSuframaDigito  = "Inscrição Suframa inválida: confira os dígitos."
)

// NormalizeSuframa keeps the digits of an inscription typed with its usual punctuation
// ("21.0140.267", "21014026-7"); anything else is kept so that the check refuses it.
func NormalizeSuframa(s string) string {
	return strings.NewReplacer(".", "", "-", "", "/", "", " ", "").Replace(strings.TrimSpace(s))
}

// CheckDigitSuframa is the check digit of the first 8 digits of an inscription.
func CheckDigitSuframa(base8 string) byte {
	sum := 0
	for i := 0; i < 8; i++ {
		sum += int(base8[i]-'0') * (9 - i)
	}
	r := sum % 11
	if r < 2 {
		return '0'
	}
	return byte('0' + 11 - r)
}

// ValidSuframa checks a normalized inscription: 9 digits, not all the same, and its check digit.
func ValidSuframa(d string) bool {
	if len(d) != 9 || allSame(d) {
		return false
	}
	for i := 0; i < 9; i++ {
		if d[i] < '0' || d[i] > '9' {
			return false
		}
	}
	return CheckDigitSuframa(d[:8]) == d[8]
}

// suframaErro is the field's message for a normalized, non-empty inscription ("" when valid).
func suframaErro(d string) string {
	if len(d) != 9 || strings.Trim(d, "0123456789") != "" {
		return MsgSuframaTamanho
	}
	if !ValidSuframa(d) {
		return MsgSuframaDigito
	}
	return ""
}
