// Package textfold folds text for accent- and case-insensitive search ("São João" -> "sao joao").
package textfold

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// A transform.Chain keeps state between calls, so it is not safe for concurrent use: each call
// takes one from the pool.
var folders = sync.Pool{New: func() any { return transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC) }}

// Fold lowercases s, removes diacritics and collapses spaces. Safe for concurrent use.
func Fold(s string) string {
	if isPlainASCII(s) {
		return strings.Join(strings.Fields(strings.ToLower(s)), " ")
	}
	t := folders.Get().(transform.Transformer)
	t.Reset()
	out, _, err := transform.String(t, s)
	folders.Put(t)
	if err != nil {
		out = s
	}
	return strings.Join(strings.Fields(strings.ToLower(out)), " ")
}

func isPlainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
