package diretiva

import (
	"strings"
	"testing"
)

func TestLer(t *testing.T) {
	var um, varios string
	campos := map[string]*string{"um": &um, "varios": &varios}
	if err := Ler(strings.Fields("um=Condicao varios=Condicoes"), campos); err != nil || um != "Condicao" || varios != "Condicoes" {
		t.Fatalf("%q %q %v", um, varios, err)
	}
	for palavras, quer := range map[string]string{
		"um":       `"um": use chave=valor`,
		"um=":      `"um=": use chave=valor`,
		"cor=azul": `chave "cor" desconhecida (um, varios)`,
	} {
		if err := Ler(strings.Fields(palavras), campos); err == nil || err.Error() != quer {
			t.Errorf("%s: %v, quero %q", palavras, err, quer)
		}
	}
}
