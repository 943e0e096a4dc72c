package entity

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/crmvendas/crm/services/platform/errs"
)

// Conversor maps a domain type the platform does not know (a percentage kept in hundredths) to
// and from its proto value; DeProto's error names the field (campo: the proto field's name).
type Conversor struct {
	Tipo      reflect.Type
	ParaProto func(v any) protoreflect.Value
	DeProto   func(v protoreflect.Value, campo string) (any, error)
}

// Mapa maps a domain record T to and from its proto messages by name: each proto field is the
// domain field whose bson name is the same (store.Meta's _id is id). Scalars, lists of scalars and
// times (google.protobuf.Timestamp) convert by kind; other domain types need a Conversor. What a
// service cannot map this way (a default the proto states, a field named otherwise) it writes
// after the map's answer. A create request's optional field left out takes the domain field's
// `padrao` tag when it has one (`padrao:"true"`: a record is active unless the request says not).
type Mapa[T any] struct {
	conv    map[reflect.Type]Conversor
	campos  map[string][]int
	padroes map[string]string
	planos  sync.Map // message full name → *plano
}

type passo struct {
	fd  protoreflect.FieldDescriptor
	idx []int
	// lista: for a limpar_<lista> flag of an update, the list it empties when the request sends
	// none.
	lista protoreflect.FieldDescriptor
}

type plano struct {
	passos []passo
	err    error
}

// NovoMapa maps T with the service's converters.
func NovoMapa[T any](cs ...Conversor) *Mapa[T] {
	m := &Mapa[T]{conv: map[reflect.Type]Conversor{}, campos: map[string][]int{}, padroes: map[string]string{}}
	for _, c := range cs {
		m.conv[c.Tipo] = c
	}
	var campos func(t reflect.Type, base []int)
	campos = func(t reflect.Type, base []int) {
		for i := range t.NumField() {
			f := t.Field(i)
			idx := append(append([]int{}, base...), i)
			nome, opts, _ := strings.Cut(f.Tag.Get("bson"), ",")
			if f.Anonymous && strings.Contains(opts, "inline") && f.Type.Kind() == reflect.Struct {
				campos(f.Type, idx)
				continue
			}
			if nome == "_id" {
				nome = "id"
			}
			if nome != "" && nome != "-" && f.IsExported() {
				m.campos[nome] = idx
				if p, ok := f.Tag.Lookup("padrao"); ok {
					m.padroes[nome] = p
				}
			}
		}
	}
	campos(reflect.TypeFor[T](), nil)
	return m
}

var tipoTempo = reflect.TypeFor[time.Time]()

// compativel reports whether a domain type converts to and from a proto field of kind k.
func (m *Mapa[T]) compativel(t reflect.Type, fd protoreflect.FieldDescriptor, lista bool) bool {
	if _, ok := m.conv[t]; ok {
		return true
	}
	if fd.IsList() && !lista {
		return t.Kind() == reflect.Slice && m.compativel(t.Elem(), fd, true)
	}
	switch fd.Kind() {
	case protoreflect.StringKind:
		return t.Kind() == reflect.String
	case protoreflect.BoolKind:
		return t.Kind() == reflect.Bool
	case protoreflect.Int32Kind, protoreflect.Int64Kind, protoreflect.Sint32Kind, protoreflect.Sint64Kind:
		return t.Kind() >= reflect.Int && t.Kind() <= reflect.Int64
	case protoreflect.DoubleKind:
		return t.Kind() == reflect.Float64
	case protoreflect.MessageKind:
		return t == tipoTempo && fd.Message().FullName() == "google.protobuf.Timestamp"
	}
	return false
}

// plano is how a message maps onto T, checked once per message: every field must have its
// domain field (for an update, id and versao are its own and limpar_<lista> names a list).
func (m *Mapa[T]) plano(d protoreflect.MessageDescriptor, atualizacao bool) *plano {
	chave := fmt.Sprintf("%s|%t", d.FullName(), atualizacao)
	if p, ok := m.planos.Load(chave); ok {
		return p.(*plano)
	}
	p := &plano{}
	tipo := reflect.TypeFor[T]()
	fs := d.Fields()
	for i := range fs.Len() {
		fd := fs.Get(i)
		nome := string(fd.Name())
		if atualizacao && (nome == "id" || nome == "versao") {
			continue
		}
		if lista, ok := strings.CutPrefix(nome, "limpar_"); ok && atualizacao && fd.Kind() == protoreflect.BoolKind {
			idx, ok := m.campos[lista]
			lfd := fs.ByName(protoreflect.Name(lista))
			if !ok || tipo.FieldByIndex(idx).Type.Kind() != reflect.Slice || lfd == nil || !lfd.IsList() {
				p.err = fmt.Errorf("entity: %s.%s não limpa uma lista de %s", d.FullName(), nome, tipo)
				break
			}
			p.passos = append(p.passos, passo{fd: fd, idx: idx, lista: lfd})
			continue
		}
		idx, ok := m.campos[nome]
		if !ok || !m.compativel(tipo.FieldByIndex(idx).Type, fd, false) {
			p.err = fmt.Errorf("entity: %s.%s sem campo correspondente em %s", d.FullName(), nome, tipo)
			break
		}
		if atualizacao && !fd.IsList() && !fd.HasPresence() {
			p.err = fmt.Errorf("entity: %s.%s numa atualização precisa ser optional ou uma lista", d.FullName(), nome)
			break
		}
		p.passos = append(p.passos, passo{fd: fd, idx: idx})
	}
	m.planos.Store(chave, p)
	return p
}

func (m *Mapa[T]) paraProto(v reflect.Value, fd protoreflect.FieldDescriptor) protoreflect.Value {
	if c, ok := m.conv[v.Type()]; ok {
		return c.ParaProto(v.Interface())
	}
	switch fd.Kind() {
	case protoreflect.StringKind:
		return protoreflect.ValueOfString(v.String())
	case protoreflect.BoolKind:
		return protoreflect.ValueOfBool(v.Bool())
	case protoreflect.Int32Kind, protoreflect.Sint32Kind:
		return protoreflect.ValueOfInt32(int32(v.Int()))
	case protoreflect.Int64Kind, protoreflect.Sint64Kind:
		return protoreflect.ValueOfInt64(v.Int())
	case protoreflect.DoubleKind:
		return protoreflect.ValueOfFloat64(v.Float())
	}
	return protoreflect.ValueOfMessage(timestamppb.New(v.Interface().(time.Time)).ProtoReflect())
}

func (m *Mapa[T]) deProto(pv protoreflect.Value, t reflect.Type, fd protoreflect.FieldDescriptor) (reflect.Value, error) {
	if c, ok := m.conv[t]; ok {
		v, err := c.DeProto(pv, string(fd.Name()))
		if err != nil {
			return reflect.Value{}, err
		}
		return reflect.ValueOf(v).Convert(t), nil
	}
	out := reflect.New(t).Elem()
	switch t.Kind() {
	case reflect.String:
		out.SetString(pv.String())
	case reflect.Bool:
		out.SetBool(pv.Bool())
	case reflect.Float64:
		out.SetFloat(pv.Float())
	case reflect.Struct:
		out.Set(reflect.ValueOf(pv.Message().Interface().(*timestamppb.Timestamp).AsTime()))
	default:
		out.SetInt(pv.Int())
	}
	return out, nil
}

// definirCampo sets the domain field of step s in r from the message's value.
func (m *Mapa[T]) definirCampo(r reflect.Value, s passo, msg protoreflect.Message) error {
	alvo := r.FieldByIndex(s.idx)
	v := msg.Get(s.fd)
	if !s.fd.IsList() {
		x, err := m.deProto(v, alvo.Type(), s.fd)
		if err != nil {
			return err
		}
		alvo.Set(x)
		return nil
	}
	l := v.List()
	out := reflect.MakeSlice(alvo.Type(), 0, l.Len())
	for i := range l.Len() {
		x, err := m.deProto(l.Get(i), alvo.Type().Elem(), s.fd)
		if err != nil {
			return err
		}
		out = reflect.Append(out, x)
	}
	alvo.Set(out)
	return nil
}

// ParaProto is t as a new M (a zero time stays unset).
func ParaProto[M proto.Message, T any](m *Mapa[T], t *T) M {
	var zero M
	out := zero.ProtoReflect().Type().New()
	p := m.plano(out.Descriptor(), false)
	if p.err != nil {
		panic(p.err)
	}
	r := reflect.ValueOf(t).Elem()
	for _, s := range p.passos {
		v := r.FieldByIndex(s.idx)
		if !s.fd.IsList() {
			if v.Type() == tipoTempo && v.Interface().(time.Time).IsZero() {
				continue
			}
			out.Set(s.fd, m.paraProto(v, s.fd))
			continue
		}
		l := out.Mutable(s.fd).List()
		for i := range v.Len() {
			l.Append(m.paraProto(v.Index(i), s.fd))
		}
	}
	return out.Interface().(M)
}

// Novo is a new record from a create request: each of its fields by name, in the request's order
// (the first mistake is the answer).
func (m *Mapa[T]) Novo(req proto.Message) (*T, error) {
	msg := req.ProtoReflect()
	p := m.plano(msg.Descriptor(), false)
	if p.err != nil {
		return nil, errs.Internal(p.err)
	}
	t := new(T)
	r := reflect.ValueOf(t).Elem()
	for _, s := range p.passos {
		if padrao, ok := m.padroes[string(s.fd.Name())]; ok && s.fd.HasPresence() && !msg.Has(s.fd) {
			if err := definirPadrao(r.FieldByIndex(s.idx), padrao); err != nil {
				return nil, errs.Internal(err)
			}
			continue
		}
		if err := m.definirCampo(r, s, msg); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// definirPadrao sets a field from its `padrao` tag (a bool, a string or a whole number).
func definirPadrao(f reflect.Value, padrao string) error {
	switch f.Kind() {
	case reflect.Bool:
		b, err := strconv.ParseBool(padrao)
		f.SetBool(b)
		return err
	case reflect.String:
		f.SetString(padrao)
		return nil
	case reflect.Int, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(padrao, 10, 64)
		f.SetInt(n)
		return err
	}
	return fmt.Errorf("padrao %q: a %s field takes none", padrao, f.Type())
}

// Patch is an update request's changes (patch semantics): an optional field when sent, a list
// when not empty, limpar_<lista> empties that list when it is not sent; id and versao are the
// update's own.
func (m *Mapa[T]) Patch(req proto.Message) (func(*T), error) {
	msg := req.ProtoReflect()
	p := m.plano(msg.Descriptor(), true)
	if p.err != nil {
		return nil, errs.Internal(p.err)
	}
	var passos []func(reflect.Value) error
	for _, s := range p.passos {
		switch {
		case s.lista != nil:
			if msg.Get(s.fd).Bool() && !msg.Has(s.lista) {
				passos = append(passos, func(r reflect.Value) error {
					f := r.FieldByIndex(s.idx)
					f.Set(reflect.Zero(f.Type()))
					return nil
				})
			}
		case msg.Has(s.fd):
			passos = append(passos, func(r reflect.Value) error { return m.definirCampo(r, s, msg) })
		}
	}
	// The conversions are checked now, so that a mistake in the request is answered before the
	// record is read.
	if err := m.aplicar(new(T), passos); err != nil {
		return nil, err
	}
	return func(t *T) { _ = m.aplicar(t, passos) }, nil
}

func (m *Mapa[T]) aplicar(t *T, passos []func(reflect.Value) error) error {
	r := reflect.ValueOf(t).Elem()
	for _, f := range passos {
		if err := f(r); err != nil {
			return err
		}
	}
	return nil
}
