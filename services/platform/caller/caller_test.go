package caller

import "testing"

func TestSees(t *testing.T) {
	admin := &Caller{Empresa: "e", Operador: "a", Perfil: Admin}
	sup := &Caller{Empresa: "e", Operador: "s", Perfil: Supervisor, Equipe: []string{"v1"}}
	vend := &Caller{Empresa: "e", Operador: "v1", Perfil: Vendedor}
	none := &Caller{UID: "u"}
	for _, c := range []struct {
		c    *Caller
		op   string
		want bool
	}{
		{admin, "anyone", true}, {sup, "s", true}, {sup, "v1", true}, {sup, "v2", false},
		{vend, "v1", true}, {vend, "v2", false}, {none, "", false}, {nil, "v1", false},
	} {
		if got := c.c.Sees(c.op); got != c.want {
			t.Errorf("%+v sees %q = %v", c.c, c.op, got)
		}
	}
}
