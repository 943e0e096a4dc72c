package registry

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestEvents: Emit's function calls whoever registered for the name when it runs (so the order in
// which services are built does not matter) and returns their errors; another name is not called.
func TestEvents(t *testing.T) {
	var e Events
	emit := e.Emit(RegiaoAlterada)
	if err := emit(context.Background(), "r1"); err != nil {
		t.Fatalf("nobody registered: %v", err)
	}
	var got []string
	e.On(RegiaoAlterada, func(_ context.Context, id string) error { got = append(got, "a:"+id); return nil })
	e.On(RegiaoAlterada, func(_ context.Context, id string) error { got = append(got, "b:"+id); return errors.New("falhou b") })
	e.On("outro", func(_ context.Context, id string) error { got = append(got, "outro:"+id); return nil })
	err := emit(context.Background(), "r2")
	if strings.Join(got, ",") != "a:r2,b:r2" || err == nil || !strings.Contains(err.Error(), "falhou b") {
		t.Errorf("calls %v, error %v", got, err)
	}
}

// TestRegister: a repeated name, or a service listing itself or the operator in Calls, is refused.
func TestRegister(t *testing.T) {
	ok := Service{Name: "teste-registro", DatabaseName: "crm_teste", New: func(Deps) (Instance, error) { return nil, nil }}
	Register(ok)
	if s, found := Lookup("teste-registro"); !found || s.DatabaseName != "crm_teste" {
		t.Fatalf("Lookup: %+v %v", s, found)
	}
	for _, bad := range []Service{ok,
		{Name: "teste-a", DatabaseName: "crm_a", Calls: []string{"teste-a"}, New: ok.New},
		{Name: "teste-b", DatabaseName: "crm_b", Calls: []string{Operator}, New: ok.New},
		{Name: "teste-c", New: ok.New}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Register(%+v) accepted", bad)
				}
			}()
			Register(bad)
		}()
	}
}
