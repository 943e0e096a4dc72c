package app

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/crmvendas/crm/services/customer/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// MsgPesquisaNaoEncontrada is what a missing form reads.
const MsgPesquisaNaoEncontrada = "Pesquisa não encontrada."

// ListarPesquisas lists the forms by title, one page (inactive ones only for ADMIN).
func (s *Service) ListarPesquisas(ctx context.Context, inativas bool, size int32, token string) (*store.Page[domain.Pesquisa], error) {
	c := caller.From(ctx)
	q := store.Query{PageSize: size, PageToken: token}
	if !(inativas && c.IsAdmin()) {
		q.Where = []store.Cond{store.Eq("ativa", true)}
	}
	return s.Col.Pesquisas.List(ctx, store.Company(c.Empresa), q)
}

// ObterPesquisa reads a form (versao > 0: that version).
func (s *Service) ObterPesquisa(ctx context.Context, id string, versao int64) (*domain.Pesquisa, error) {
	c := caller.From(ctx)
	company := store.Company(c.Empresa)
	if versao > 0 {
		v, err := s.Col.Versoes.Get(ctx, company, adapterVersaoID(id, versao))
		if err != nil {
			return nil, err
		}
		return asVersion(v), nil
	}
	p, err := s.Col.Pesquisas.Get(ctx, company, id)
	if err != nil {
		return nil, err
	}
	if !p.Ativa && !c.IsAdmin() {
		return nil, errs.NotFound(MsgPesquisaNaoEncontrada)
	}
	return p, nil
}

func adapterVersaoID(id string, v int64) string { return fmt.Sprintf("%s@%d", id, v) }

// asVersion shows a stored version as the form it was.
func asVersion(v *domain.Pesquisa) *domain.Pesquisa {
	out := *v
	id, n, _ := strings.Cut(v.ID, "@")
	out.ID = id
	out.Versao, _ = strconv.ParseInt(n, 10, 64)
	out.PesquisaID = ""
	return &out
}

// keepVersion stores the form's current version among its versions.
func (s *Service) keepVersion(ctx context.Context, p *domain.Pesquisa) error {
	v := *p
	v.Meta = store.Meta{ID: adapterVersaoID(p.ID, p.Versao)}
	v.PesquisaID = p.ID
	_, _, err := s.Col.Versoes.Create(ctx, store.Company(p.Empresa), &v)
	return err
}

// CriarPesquisa adds a form (ADMIN); a retry with the same id returns it.
func (s *Service) CriarPesquisa(ctx context.Context, p domain.Pesquisa) (*domain.Pesquisa, error) {
	c := caller.From(ctx)
	id, err := newID(p.ID, "id")
	if err != nil {
		return nil, err
	}
	if err := p.Normalize(); err != nil {
		return nil, err
	}
	p.Meta, p.PesquisaID = store.Meta{ID: id}, ""
	out, _, err := s.Col.Pesquisas.Create(ctx, store.Company(c.Empresa), &p)
	if err != nil {
		return nil, err
	}
	return out, s.keepVersion(ctx, out)
}

// PesquisaPatch lists what an edit changes.
type PesquisaPatch struct {
	Titulo, Descricao *string
	Perguntas         *[]domain.Pergunta
	Ativa             *bool
}

// AtualizarPesquisa makes a new version of a form (ADMIN); earlier versions stay readable.
func (s *Service) AtualizarPesquisa(ctx context.Context, id string, p PesquisaPatch, versao int64) (*domain.Pesquisa, error) {
	c := caller.From(ctx)
	next, err := s.Col.Pesquisas.Update(ctx, store.Company(c.Empresa), id, versao, func(cur *domain.Pesquisa) error {
		if p.Titulo != nil {
			cur.Titulo = *p.Titulo
		}
		if p.Descricao != nil {
			cur.Descricao = *p.Descricao
		}
		if p.Perguntas != nil {
			cur.Perguntas = *p.Perguntas
		}
		if p.Ativa != nil {
			cur.Ativa = *p.Ativa
		}
		return cur.Normalize()
	})
	if err != nil {
		return nil, err
	}
	return next, s.keepVersion(ctx, next)
}

// ResponderInput is an answered form.
type ResponderInput struct {
	ClienteID, ID, PesquisaID string
	PesquisaVersao            int64
	Respostas                 []domain.Resposta
	Latitude, Longitude       *float64
}

// ResponderPesquisa records the caller's answers to a form for a customer in their scope. A retry with
// the same id returns the first answer.
func (s *Service) ResponderPesquisa(ctx context.Context, in ResponderInput) (*domain.RespostaPesquisa, error) {
	c := caller.From(ctx)
	cl, err := s.cliente(ctx, in.ClienteID)
	if err != nil {
		return nil, err
	}
	id, err := newID(in.ID, "id")
	if err != nil {
		return nil, err
	}
	company := store.Company(c.Empresa)
	if prev, err := s.Col.Respostas.GetAny(ctx, company, id); err == nil {
		if prev.ClienteID != cl.ID {
			return nil, errs.Conflict("Este id de resposta já foi usado para outro cliente.").WithReason(errs.ReasonIDReutilizado, "id", id)
		}
		return prev, nil // a retry: even if the form changed meanwhile
	} else if !errs.IsKind(err, errs.KindNotFound) {
		return nil, err
	}
	if strings.TrimSpace(in.PesquisaID) == "" {
		return nil, errs.Field("pesquisa_id", "Escolha a pesquisa.")
	}
	cur, err := s.Col.Pesquisas.Get(ctx, company, in.PesquisaID)
	if err != nil {
		return nil, err
	}
	if !cur.Ativa {
		return nil, errs.Invalid("Esta pesquisa está inativa e não aceita respostas.")
	}
	if in.PesquisaVersao != 0 && in.PesquisaVersao != cur.Versao {
		return nil, errs.Conflict("A pesquisa mudou desde que você a abriu. Abra de novo para responder à versão atual.").WithReason(errs.ReasonVersaoDesatualizada)
	}
	rs, err := cur.Check(in.Respostas)
	if err != nil {
		return nil, err
	}
	if (in.Latitude == nil) != (in.Longitude == nil) {
		return nil, errs.Field("latitude", "Informe latitude e longitude juntas.")
	}
	if in.Latitude != nil && (math.IsNaN(*in.Latitude) || math.Abs(*in.Latitude) > 90 || math.IsNaN(*in.Longitude) || math.Abs(*in.Longitude) > 180) {
		return nil, errs.Field("latitude", "Localização inválida.")
	}
	r := &domain.RespostaPesquisa{Meta: store.Meta{ID: id}, ClienteID: cl.ID, PesquisaID: cur.ID, PesquisaVersao: cur.Versao,
		PesquisaTitulo: cur.Titulo, Respostas: rs, Operador: c.Operador, OperadorNome: c.NomeOperador,
		Em: s.Col.Respostas.Store().Now(), Latitude: in.Latitude, Longitude: in.Longitude}
	out, _, err := s.Col.Respostas.Create(ctx, company, r)
	return out, err
}

// ListarRespostas lists a customer's answered forms, newest first.
func (s *Service) ListarRespostas(ctx context.Context, clienteID string, size int32, token string) ([]*domain.RespostaPesquisa, string, error) {
	c := caller.From(ctx)
	if _, err := s.cliente(ctx, clienteID); err != nil {
		return nil, "", err
	}
	p, err := s.Col.Respostas.List(ctx, store.Company(c.Empresa), store.Query{PageSize: size, PageToken: token,
		Where: []store.Cond{store.Eq("cliente_id", clienteID)}})
	if err != nil {
		return nil, "", err
	}
	return p.Items, p.Next, nil
}
