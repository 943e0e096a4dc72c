package portas

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A declaration the generator cannot read says why, naming the accessor's place.
func TestDiretivaInvalida(t *testing.T) {
	casos := map[string]string{
		"//crm:entidade servico=salesv1.SalesService um=Condicao":                   "precisa de servico=, um= e varios=",
		"//crm:entidade servico=salesv1.SalesService um=A varios=B cor=azul":        `chave "cor" desconhecida`,
		"//crm:entidade servico=salesv1.SalesService um=A varios=B politica":        "use chave=valor",
		"//crm:entidade servico=outro.SalesService um=Condicao varios=Condicoes":    "use <pacote importado>.<Serviço>",
		"//crm:entidade servico=salesv1.SalesService um=Condicao varios=Condicoes ": "", // no methods read: go list of a fake import fails
	}
	for diretiva, quer := range casos {
		dir := t.TempDir()
		src := "package ports\n\nimport salesv1 \"example.com/naoexiste/salesv1\"\n\nvar _ salesv1.X\n\ntype Server struct{}\n\n" + diretiva + "\nfunc (s *Server) condicoes() int { return 0 }\n"
		if err := os.WriteFile(filepath.Join(dir, "a.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Gerar(dir)
		if err == nil {
			t.Errorf("%s: sem erro", diretiva)
			continue
		}
		if quer != "" && !strings.Contains(err.Error(), quer) {
			t.Errorf("%s: %v, quero %q", diretiva, err, quer)
		}
	}
	// A package without declarations has nothing to generate.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.go"), []byte("package ports\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if src, err := Gerar(dir); err != nil || src != nil {
		t.Fatalf("%q, %v", src, err)
	}
}
