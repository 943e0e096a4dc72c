// Command gerar-mensagens writes the generated messages of the simple entities' crm:entidade
// declarations in every .proto under the folder it is given (package entity/mensagens); with
// -verificar it only fails when one is stale. Run by `make proto` before buf.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/crmvendas/crm/services/platform/entity/mensagens"
)

func main() {
	verificar := flag.Bool("verificar", false, "só verifica (falha se um bloco estiver desatualizado)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "uso: gerar-mensagens [-verificar] PASTA_DOS_PROTOS")
		os.Exit(2)
	}
	f := mensagens.Escrever
	if *verificar {
		f = mensagens.Verificar
	}
	if err := f(flag.Arg(0)); err != nil {
		fmt.Fprintln(os.Stderr, "gerar-mensagens:", err)
		os.Exit(1)
	}
}
