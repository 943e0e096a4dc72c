package input

import (
	"reflect"
	"testing"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/protobuf/types/known/structpb"

	"github.com/crmvendas/crm/services/platform/errs"
)

func TestTextoValido(t *testing.T) {
	for _, s := range []string{"Maria José", "São João — Açaí & Cia.", "linha 1\nlinha 2\r\n\tfim", "😀 árabe عربي hebraico עברית", ""} {
		if !TextoValido(s) {
			t.Errorf("%q refused", s)
		}
	}
	for _, s := range []string{"a\x00b", "\x1b[31mvermelho", "Maria\u202eairaM", "x\u202a", "x\u202d", "x\u2066y\u2069", "x\u200f", "x\u200e", "x\u061c", "x\x7f", "x\u0085", "x\x0b", "x\x0c"} {
		if TextoValido(s) {
			t.Errorf("%q accepted", s)
		}
	}
}

func TestCheckNamesEveryField(t *testing.T) {
	ok := &errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{{Field: "nome", Description: "Açaí\n"}}}
	if err := Check(ok); err != nil {
		t.Fatalf("clean message refused: %v", err)
	}
	bad := &errdetails.BadRequest{FieldViolations: []*errdetails.BadRequest_FieldViolation{{Field: "ok", Description: "ok"}, {Field: "x", Description: "a\u202eb"}}}
	err := Check(bad)
	var de *errs.Error
	if !errs.IsKind(err, errs.KindInvalid) || !asErr(err, &de) || de.Message != MsgControle || len(de.Fields) != 1 || de.Fields[0].Field != "field_violations[1].description" {
		t.Fatalf("nested list: %v %+v", err, de)
	}
	// Maps and nested values (a Struct), keys included.
	st, _ := structpb.NewStruct(map[string]any{"limpo": "x", "sujo": "a\x00", "lista": []any{"ok", "\x1b"}, "a\u202e": "v"})
	err = Check(st)
	if !asErr(err, &de) {
		t.Fatalf("struct: %v", err)
	}
	var got []string
	for _, f := range de.Fields {
		got = append(got, f.Field)
	}
	want := map[string]bool{"fields[sujo].string_value": true, "fields[lista].list_value.values[1].string_value": true, "fields": true}
	if len(got) != len(want) {
		t.Fatalf("campos %v", got)
	}
	for _, g := range got {
		if !want[g] {
			t.Fatalf("campos %v", got)
		}
	}
}

func asErr(err error, de **errs.Error) bool {
	e, ok := err.(*errs.Error)
	*de = e
	return ok
}

func TestCEP(t *testing.T) {
	for in, want := range map[string]string{"01310-100": "01310100", "01000-000": "01000000", " 99999999 ": "99999999"} {
		if got, msg := CEP(in); got != want || msg != "" {
			t.Errorf("%q: %q %q", in, got, msg)
		}
	}
	for in, want := range map[string]string{"00000000": MsgCEPInexistente, "00000-000": MsgCEPInexistente, "00999-999": MsgCEPInexistente,
		"1234567": MsgCEPTamanho, "123456789": MsgCEPTamanho, "": MsgCEPTamanho} {
		if _, msg := CEP(in); msg != want {
			t.Errorf("%q: %q, want %q", in, msg, want)
		}
	}
}

func TestFormula(t *testing.T) {
	var got []bool
	for _, s := range []string{"=HYPERLINK(\"http://x\")", "+55 11 3333-4444", "-2+3", "@SUM(A1)", "\tx", "\rx", "Maria", "", "R$ 10", "1=1"} {
		got = append(got, Formula(s))
	}
	if want := []bool{true, true, true, true, true, true, false, false, false, false}; !reflect.DeepEqual(got, want) {
		t.Fatalf("%v", got)
	}
}
