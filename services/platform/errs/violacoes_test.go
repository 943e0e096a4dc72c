package errs

import "testing"

func TestViolacoes(t *testing.T) {
	var v Violacoes
	if v.Err() != nil {
		t.Fatal("sem violações: erro")
	}
	v.Add("titulo", "Informe o título.")
	v.Add("data", "Data inválida.")
	e, ok := v.Err().(*Error)
	if !ok || e.Kind != KindInvalid || e.Message != "Informe o título." || len(e.Fields) != 2 || e.Fields[1].Field != "data" {
		t.Errorf("erro: %#v", v.Err())
	}
}
