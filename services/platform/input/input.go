// Package input holds the rules every domain applies to what users type, in one place: the
// characters free text may not carry (checked at the request boundary for every field of every
// request, see Check), a CEP, and the spreadsheet cells an import refuses (formula injection).
package input

import (
	"fmt"
	"strings"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/crmvendas/crm/services/platform/errs"
)

// MsgControle is the answer to text carrying a character no one types: a control character (NUL,
// ESC…; tab and line breaks are fine) or a bidirectional-text control (U+202E and its kin), which
// can make a name read differently from what is stored.
const MsgControle = "Texto com caractere de controle ou de direção de texto (invisível), que não é aceito. Apague e digite de novo."

// Proibido reports whether r may not appear in text: C0 controls but tab, line feed and carriage
// return; DEL; C1 controls; the bidirectional controls (ALM, LRM, RLM, the embeddings and
// overrides U+202A–U+202E, the isolates U+2066–U+2069).
func Proibido(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r':
		return false
	case r < 0x20, r >= 0x7f && r <= 0x9f:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// TextoValido reports whether s has no Proibido character.
func TextoValido(s string) bool {
	return strings.IndexFunc(s, Proibido) < 0
}

// Check refuses a request with a Proibido character in any of its strings (every field, nested
// messages, lists and maps, at any depth): 400 DADOS_INVALIDOS naming each field
// ("enderecos[0].logradouro"), MsgControle. Bytes (a photo) are not text and are not looked at.
func Check(m proto.Message) error {
	if m == nil {
		return nil
	}
	var campos []errs.FieldViolation
	walk(m.ProtoReflect(), "", &campos)
	if len(campos) == 0 {
		return nil
	}
	return errs.Invalid(MsgControle, campos...)
}

const maxCampos = 20 // a report, not an inventory

func walk(m protoreflect.Message, prefix string, out *[]errs.FieldViolation) {
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		name := prefix + string(fd.Name())
		switch {
		case fd.IsList():
			l := v.List()
			for i := 0; i < l.Len(); i++ {
				value(fd, l.Get(i), fmt.Sprintf("%s[%d]", name, i), out)
			}
		case fd.IsMap():
			v.Map().Range(func(k protoreflect.MapKey, mv protoreflect.Value) bool {
				key := k.String()
				if !TextoValido(key) {
					add(out, name)
					key = "?"
				}
				value(fd.MapValue(), mv, name+"["+key+"]", out)
				return len(*out) < maxCampos
			})
		default:
			value(fd, v, name, out)
		}
		return len(*out) < maxCampos
	})
}

func value(fd protoreflect.FieldDescriptor, v protoreflect.Value, name string, out *[]errs.FieldViolation) {
	switch fd.Kind() {
	case protoreflect.StringKind:
		if !TextoValido(v.String()) {
			add(out, name)
		}
	case protoreflect.MessageKind, protoreflect.GroupKind:
		walk(v.Message(), name+".", out)
	}
}

func add(out *[]errs.FieldViolation, name string) {
	if len(*out) < maxCampos {
		*out = append(*out, errs.FieldViolation{Field: name, Description: MsgControle})
	}
}

// CEP messages.
const (
	MsgCEPTamanho     = "CEP deve ter 8 dígitos"
	MsgCEPInexistente = "CEP inexistente: os CEPs vão de 01000-000 a 99999-999."
)

// CEP keeps a CEP's digits ("01310-100" → "01310100") and checks it: exactly 8 digits, and one
// that can exist (the first is 01000-000: 00000-000 and the like are placeholders). The message
// is "" when it is valid.
func CEP(s string) (string, string) {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
			if b.Len() > 8 {
				break
			}
		}
	}
	cep := b.String()
	if len(cep) != 8 {
		return cep, MsgCEPTamanho
	}
	if cep < "01000000" {
		return cep, MsgCEPInexistente
	}
	return cep, ""
}

// MsgFormula is the answer to a text cell of an import that a spreadsheet would run as a formula.
const MsgFormula = "não pode começar com =, +, -, @, tabulação ou quebra de linha (uma planilha leria como fórmula)."

// Formula reports whether a text cell starts as a spreadsheet formula would (=, +, -, @, tab, CR)
// — CSV formula injection: the value would come back in an export and run on someone's machine.
// Only for free text (names, descriptions): a phone "+55…" or a negative number is not text.
func Formula(s string) bool {
	return s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0]))
}
