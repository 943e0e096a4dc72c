// Command gerar-contratos writes the Go and TypeScript generated from contracts/pedidos.json and
// contracts/motivos.json (see package contratos). Run from anywhere in the repository:
//
//	go generate ./services/platform/contratos
package main

import (
	"fmt"
	"os"

	"github.com/crmvendas/crm/services/platform/contratos"
)

func main() {
	wd, err := os.Getwd()
	if err == nil {
		var raiz string
		if raiz, err = contratos.Raiz(wd); err == nil {
			var mudaram []string
			if mudaram, err = contratos.Escrever(raiz); err == nil {
				for _, m := range mudaram {
					fmt.Println("escrito", m)
				}
				if len(mudaram) == 0 {
					fmt.Println("gerados em dia")
				}
				return
			}
		}
	}
	fmt.Fprintln(os.Stderr, "gerar-contratos:", err)
	os.Exit(1)
}
