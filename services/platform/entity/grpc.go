package entity

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// Portas is an entity as its gRPC service sees it: its use cases and the one mapping the
// platform cannot derive, the domain record to its proto message. The list and feed answers
// are built from the proto descriptors: the list's repeated field of M and next_page_token; the
// feed's repeated change (id, removido, the record) and cursor, mais.
type Portas[T any, P Registro[T], M proto.Message] struct {
	*Entidade[T, P]
	ParaProto func(*T) M
	// Mapa maps the requests by name (Expor, AtualizarPorNome).
	Mapa *Mapa[T]
	// Filtros are the list request's fields that filter the list (empty: not filtered); Expor
	// sets the domain's declared ones (ComFiltros).
	Filtros []Filtro
	// Busca names the list request's field holding the search text ("q"; empty: no search).
	Busca string
}

// ComFiltros is a domain type that declares its list's default filters (contracts/formularios.json
// generates FiltrosDaLista): by the list request's field (proto name, the collection's field of
// the same name), how what was sent becomes what is stored. Expor filters by them.
type ComFiltros interface {
	FiltrosDaLista() map[string]func(string) string
}

// filtrosDe are T's declared filters, in the order of their fields' names (none: not filtered).
func filtrosDe[T any, P Registro[T]]() []Filtro {
	c, ok := any(P(new(T))).(ComFiltros)
	if !ok {
		return nil
	}
	fs := c.FiltrosDaLista()
	out := make([]Filtro, 0, len(fs))
	for _, campo := range slices.Sorted(maps.Keys(fs)) {
		out = append(out, Filtro{Campo: campo, Normalizar: fs[campo]})
	}
	return out
}

// Filtro is a string field of the list request compared for equality with a declared field of
// the collection.
type Filtro struct {
	// Campo is the request's field (proto name), e.g. "uf".
	Campo string
	// Store is the collection's field (default Campo).
	Store string
	// Normalizar turns what was sent into what is stored (e.g. strings.ToUpper); the value is
	// trimmed before.
	Normalizar func(string) string
}

// Paginado is a list request.
type Paginado interface {
	proto.Message
	GetPageSize() int32
	GetPageToken() string
}

// PorID is a request naming a record.
type PorID interface{ GetId() string }

// NaVersao is a request naming a record and the versao the client saw.
type NaVersao interface {
	GetId() string
	GetVersao() int64
}

// DesdeCursor is a change-feed request.
type DesdeCursor interface {
	GetDesde() string
	GetPageSize() int32
}

func (p *Portas[T, P, M]) um(t *T, err error) (M, error) {
	if err != nil {
		var zero M
		return zero, err
	}
	return p.ParaProto(t), nil
}

// Obter answers a get.
func Obter[T any, P Registro[T], M proto.Message](ctx context.Context, p *Portas[T, P, M], r PorID) (M, error) {
	return p.um(p.Entidade.Obter(ctx, r.GetId()))
}

// Excluir answers a delete with the tombstone.
func Excluir[T any, P Registro[T], M proto.Message](ctx context.Context, p *Portas[T, P, M], r NaVersao) (M, error) {
	return p.um(p.Entidade.Excluir(ctx, r.GetId(), r.GetVersao()))
}

// Criar answers a create: de maps the request to the new record (its mistakes first, as a
// field violation), then Entidade.Criar.
func Criar[Req any, T any, P Registro[T], M proto.Message](ctx context.Context, p *Portas[T, P, M], r Req, de func(Req) (*T, error)) (M, error) {
	t, err := de(r)
	if err != nil {
		var zero M
		return zero, err
	}
	return p.um(p.Entidade.Criar(ctx, t))
}

// Atualizar answers an update: patch maps the request to the changes (its mistakes first), then
// Entidade.Atualizar on the request's id and versao.
func Atualizar[Req NaVersao, T any, P Registro[T], M proto.Message](ctx context.Context, p *Portas[T, P, M], r Req, patch func(Req) (func(*T), error)) (M, error) {
	f, err := patch(r)
	if err != nil {
		var zero M
		return zero, err
	}
	return p.um(p.Entidade.Atualizar(ctx, r.GetId(), r.GetVersao(), f))
}

// Listar answers a list with one page of R (its repeated M and next_page_token), filtered by the
// declared fields and searched by the Busca field.
func Listar[R proto.Message, T any, P Registro[T], M proto.Message](ctx context.Context, p *Portas[T, P, M], r Paginado) (R, error) {
	var zero R
	q, err := p.consulta(r)
	if err != nil {
		return zero, err
	}
	pg, err := p.Entidade.Listar(ctx, q)
	if err != nil {
		return zero, err
	}
	out := zero.ProtoReflect().Type().New()
	itens, err := campoDe(out.Descriptor(), mensagemDe[M]())
	if err != nil {
		return zero, errs.Internal(err)
	}
	l := out.Mutable(itens).List()
	for _, t := range pg.Items {
		l.Append(protoreflect.ValueOfMessage(p.ParaProto(t).ProtoReflect()))
	}
	if err := definir(out, "next_page_token", protoreflect.ValueOfString(pg.Next)); err != nil {
		return zero, errs.Internal(err)
	}
	return out.Interface().(R), nil
}

func (p *Portas[T, P, M]) consulta(r Paginado) (store.Query, error) {
	q := store.Query{PageSize: r.GetPageSize(), PageToken: r.GetPageToken()}
	m := r.ProtoReflect()
	texto := func(nome string) (string, error) {
		fd := m.Descriptor().Fields().ByName(protoreflect.Name(nome))
		if fd == nil || fd.Kind() != protoreflect.StringKind || fd.IsList() {
			return "", errs.Internal(fmt.Errorf("entity: %s não tem o campo de texto %q", m.Descriptor().FullName(), nome))
		}
		return strings.TrimSpace(m.Get(fd).String()), nil
	}
	for _, f := range p.Filtros {
		v, err := texto(f.Campo)
		if err != nil {
			return q, err
		}
		if f.Normalizar != nil {
			v = f.Normalizar(v)
		}
		if v == "" {
			continue
		}
		campo := f.Store
		if campo == "" {
			campo = f.Campo
		}
		q.Where = append(q.Where, store.Eq(campo, v))
	}
	if p.Busca != "" {
		v, err := texto(p.Busca)
		if err != nil {
			return q, err
		}
		q.Search = v
	}
	return q, nil
}

// Alteracoes answers a change-feed request with R: its repeated change (id, removido and the
// record as M, absent on a removal), cursor and mais.
func Alteracoes[R proto.Message, T any, P Registro[T], M proto.Message](ctx context.Context, p *Portas[T, P, M], r DesdeCursor) (R, error) {
	var zero R
	ch, err := p.Entidade.Alteracoes(ctx, r.GetDesde(), r.GetPageSize())
	if err != nil {
		return zero, err
	}
	out := zero.ProtoReflect().Type().New()
	lista, a, err := alteracaoDe(out.Descriptor(), mensagemDe[M]())
	if err != nil {
		return zero, errs.Internal(err)
	}
	l := out.Mutable(lista).List()
	for _, c := range ch.Items {
		e := l.NewElement().Message()
		e.Set(a.id, protoreflect.ValueOfString(c.ID))
		e.Set(a.removido, protoreflect.ValueOfBool(c.Removido))
		if c.Doc != nil {
			e.Set(a.registro, protoreflect.ValueOfMessage(p.ParaProto(c.Doc).ProtoReflect()))
		}
		l.Append(protoreflect.ValueOfMessage(e))
	}
	if err := definir(out, "cursor", protoreflect.ValueOfString(ch.Cursor)); err != nil {
		return zero, errs.Internal(err)
	}
	if err := definir(out, "mais", protoreflect.ValueOfBool(ch.Mais)); err != nil {
		return zero, errs.Internal(err)
	}
	// A first copy's first page says how far the copy is heading, where the response has room
	// for it (an int32 or int64 `total`).
	if f := out.Descriptor().Fields().ByName("total"); f != nil && ch.Total != 0 {
		switch f.Kind() {
		case protoreflect.Int32Kind:
			out.Set(f, protoreflect.ValueOfInt32(ch.Total32()))
		case protoreflect.Int64Kind:
			out.Set(f, protoreflect.ValueOfInt64(ch.Total))
		}
	}
	return out.Interface().(R), nil
}

func mensagemDe[M proto.Message]() protoreflect.MessageDescriptor {
	var m M
	return m.ProtoReflect().Descriptor()
}

// campoDe is the one repeated field of message type m in d.
func campoDe(d, m protoreflect.MessageDescriptor) (protoreflect.FieldDescriptor, error) {
	var achado protoreflect.FieldDescriptor
	fs := d.Fields()
	for i := range fs.Len() {
		f := fs.Get(i)
		if f.IsList() && f.Message() != nil && f.Message().FullName() == m.FullName() {
			if achado != nil {
				return nil, fmt.Errorf("entity: %s tem mais de uma lista de %s", d.FullName(), m.FullName())
			}
			achado = f
		}
	}
	if achado == nil {
		return nil, fmt.Errorf("entity: %s não tem uma lista de %s", d.FullName(), m.FullName())
	}
	return achado, nil
}

type campos struct{ id, removido, registro protoreflect.FieldDescriptor }

// alteracaoDe is the feed's repeated change in d: a message with id, removido and one field of
// message type m.
func alteracaoDe(d, m protoreflect.MessageDescriptor) (protoreflect.FieldDescriptor, campos, error) {
	fs := d.Fields()
	for i := range fs.Len() {
		f := fs.Get(i)
		if !f.IsList() || f.Message() == nil {
			continue
		}
		a := f.Message().Fields()
		c := campos{id: a.ByName("id"), removido: a.ByName("removido")}
		for j := range a.Len() {
			if g := a.Get(j); !g.IsList() && g.Message() != nil && g.Message().FullName() == m.FullName() {
				c.registro = g
			}
		}
		if c.id != nil && c.id.Kind() == protoreflect.StringKind && c.removido != nil && c.removido.Kind() == protoreflect.BoolKind && c.registro != nil {
			return f, c, nil
		}
	}
	return nil, campos{}, fmt.Errorf("entity: %s não tem uma lista de alterações (id, removido, %s)", d.FullName(), m.FullName())
}

func definir(m protoreflect.Message, nome string, v protoreflect.Value) error {
	fd := m.Descriptor().Fields().ByName(protoreflect.Name(nome))
	if fd == nil {
		return fmt.Errorf("entity: %s não tem o campo %q", m.Descriptor().FullName(), nome)
	}
	m.Set(fd, v)
	return nil
}

// Politica says who may call an entity's reads (Listar, Obter, Alteracoes) and who its writes
// (Criar, Atualizar, Excluir).
type Politica struct{ Ler, Escrever auth.Policy }

// AdminEscreve: every operator of the company reads, ADMIN writes (the catalogue's rule).
var AdminEscreve = Politica{Ler: auth.Policy{}, Escrever: auth.Roles(caller.Admin)}

// Politicas are the policies of an entity's RPCs in svc, named as the use cases mirror them:
// Listar<varios>, Obter<um>, Alteracoes<varios>, Criar<um>, Atualizar<um>, Excluir<um> (those svc
// has). A method it leaves out still needs its own policy: a server refuses to start without.
func Politicas(svc *grpc.ServiceDesc, um, varios string, p Politica) auth.Policies {
	quer := map[string]auth.Policy{
		"Listar" + varios: p.Ler, "Obter" + um: p.Ler, "Alteracoes" + varios: p.Ler,
		"Criar" + um: p.Escrever, "Atualizar" + um: p.Escrever, "Excluir" + um: p.Escrever,
	}
	out := auth.Policies{}
	for _, m := range svc.Methods {
		if pol, ok := quer[m.MethodName]; ok {
			out["/"+svc.ServiceName+"/"+m.MethodName] = pol
		}
	}
	return out
}

// Juntar merges policies; a method declared twice is a programming error (it panics at start).
func Juntar(ps ...auth.Policies) auth.Policies {
	out := auth.Policies{}
	for _, p := range ps {
		for m := range p {
			if _, ok := out[m]; ok {
				panic("entity: política declarada duas vezes para " + m)
			}
		}
		maps.Copy(out, p)
	}
	return out
}

// Expor is an entity's Portas whose proto message M maps onto the domain by name (Mapa), its list
// filtered by the domain's declared filters (ComFiltros).
func Expor[M proto.Message, T any, P Registro[T]](e *Entidade[T, P], m *Mapa[T]) *Portas[T, P, M] {
	return &Portas[T, P, M]{Entidade: e, Mapa: m, ParaProto: func(t *T) M { return ParaProto[M](m, t) }, Filtros: filtrosDe[T, P]()}
}

// CriarPorNome answers a create whose request maps onto the domain by name (Mapa.Novo).
func CriarPorNome[Req proto.Message, T any, P Registro[T], M proto.Message](ctx context.Context, p *Portas[T, P, M], r Req) (M, error) {
	return Criar(ctx, p, r, func(r Req) (*T, error) { return p.Mapa.Novo(r) })
}

// AtualizarPorNome answers an update whose request maps onto the domain by name (Mapa.Patch).
func AtualizarPorNome[Req interface {
	NaVersao
	proto.Message
}, T any, P Registro[T], M proto.Message](ctx context.Context, p *Portas[T, P, M], r Req) (M, error) {
	return Atualizar(ctx, p, r, func(r Req) (func(*T), error) { return p.Mapa.Patch(r) })
}
