// Package diretiva reads the chave=valor words of the entity generators' declarations (portas'
// `//crm:entidade` on a Go accessor, mensagens' `// crm:entidade` in a .proto).
package diretiva

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Ler sets each word's value into its key's string; a word that is not chave=valor, or whose key
// is not one of campos, is refused naming it (and the keys there are).
func Ler(palavras []string, campos map[string]*string) error {
	for _, p := range palavras {
		k, v, ok := strings.Cut(p, "=")
		if !ok || v == "" {
			return fmt.Errorf("%q: use chave=valor", p)
		}
		destino, ok := campos[k]
		if !ok {
			return fmt.Errorf("chave %q desconhecida (%s)", k, strings.Join(slices.Sorted(maps.Keys(campos)), ", "))
		}
		*destino = v
	}
	return nil
}
