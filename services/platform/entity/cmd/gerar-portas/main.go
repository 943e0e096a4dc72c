// Command gerar-portas writes entidades.gen.go in the current package from its //crm:entidade
// declarations (package entity/portas). Run by `go generate` in a service's ports package.
package main

import (
	"fmt"
	"os"

	"github.com/crmvendas/crm/services/platform/entity/portas"
)

func main() {
	if err := portas.Escrever("."); err != nil {
		fmt.Fprintln(os.Stderr, "gerar-portas:", err)
		os.Exit(1)
	}
	fmt.Println("escrito", portas.Arquivo)
}
