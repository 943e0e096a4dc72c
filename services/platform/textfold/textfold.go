// Package textfold folds text for accent- and case-insensitive search ("São João" -> "sao joao").
package textfold

import (
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

var folder = transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)

// Fold lowercases s, removes diacritics and collapses spaces.
func Fold(s string) string {
	out, _, err := transform.String(folder, s)
	if err != nil {
		out = s
	}
	return strings.Join(strings.Fields(strings.ToLower(out)), " ")
}
