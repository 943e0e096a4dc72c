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

// Merge takes a nested record's field violations, and nothing from another kind of error.
func TestViolacoesMerge(t *testing.T) {
	var v Violacoes
	v.Merge(Field("itens[0].quantidade", "Quantidade deve ser maior que zero."))
	v.Merge(Internal(nil))
	v.Merge(nil)
	v.Add("cliente_id", "Informe o cliente.")
	e, ok := v.Err().(*Error)
	if !ok || len(e.Fields) != 2 || e.Fields[0].Field != "itens[0].quantidade" || e.Message != "Quantidade deve ser maior que zero." {
		t.Errorf("erro: %#v", v.Err())
	}
}
