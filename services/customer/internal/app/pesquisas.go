package app

import (
	"context"
	"errors"
	"math"
	"strings"

	"github.com/crmvendas/crm/services/customer/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/page"
)

// MsgPesquisaNaoEncontrada is what a missing form reads.
const MsgPesquisaNaoEncontrada = "Pesquisa não encontrada."

// Pesquisas lists the forms (inactive ones only for ADMIN).
func (s *Service) Pesquisas(ctx context.Context, inativas bool) ([]*domain.Pesquisa, error) {
	c := caller.From(ctx)
	return s.Repo.Pesquisas(ctx, c.Empresa, inativas && c.IsAdmin())
}

// Pesquisa reads a form (versao > 0: that version).
func (s *Service) Pesquisa(ctx context.Context, id string, versao int64) (*domain.Pesquisa, error) {
	c := caller.From(ctx)
	p, err := s.Repo.Pesquisa(ctx, c.Empresa, id, versao)
	if err != nil {
		return nil, repoErr(err, MsgPesquisaNaoEncontrada)
	}
	if !p.Ativa && !c.IsAdmin() && versao == 0 {
		return nil, errs.NotFound(MsgPesquisaNaoEncontrada)
	}
	return p, nil
}

// CriarPesquisa adds a form (ADMIN); a retry with the same id returns it.
func (s *Service) CriarPesquisa(ctx context.Context, p domain.Pesquisa) (*domain.Pesquisa, error) {
	c := caller.From(ctx)
	id, err := newID(p.ID, "id")
	if err != nil {
		return nil, err
	}
	if prev, err := s.Repo.Pesquisa(ctx, c.Empresa, id, 0); err == nil {
		return prev, nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return nil, repoErr(err, MsgPesquisaNaoEncontrada)
	}
	if err := p.Normalize(); err != nil {
		return nil, err
	}
	now := s.now()
	p.ID, p.Empresa, p.CriadoEm, p.AlteradoEm, p.Versao = id, c.Empresa, now, now, 1
	if err := s.Repo.InsertPesquisa(ctx, &p); err != nil {
		if errors.Is(err, domain.ErrDuplicate) {
			return nil, errs.OutOfScope(errs.MsgOtherCompany)
		}
		return nil, err
	}
	return &p, nil
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
	cur, err := s.Repo.Pesquisa(ctx, c.Empresa, id, 0)
	if err != nil {
		return nil, repoErr(err, MsgPesquisaNaoEncontrada)
	}
	if versao != 0 && versao != cur.Versao {
		return nil, errs.Conflict("A pesquisa foi alterada por outra pessoa. Recarregue e tente novamente.")
	}
	next := *cur
	if p.Titulo != nil {
		next.Titulo = *p.Titulo
	}
	if p.Descricao != nil {
		next.Descricao = *p.Descricao
	}
	if p.Perguntas != nil {
		next.Perguntas = *p.Perguntas
	}
	if p.Ativa != nil {
		next.Ativa = *p.Ativa
	}
	if err := next.Normalize(); err != nil {
		return nil, err
	}
	next.Versao, next.AlteradoEm = cur.Versao+1, s.now()
	if err := s.Repo.ReplacePesquisa(ctx, &next, cur.Versao); err != nil {
		if errors.Is(err, domain.ErrVersion) {
			return nil, errs.Conflict("A pesquisa foi alterada por outra pessoa. Recarregue e tente novamente.")
		}
		return nil, err
	}
	return &next, nil
}

// ResponderInput is an answered form.
type ResponderInput struct {
	ClienteID, ID, PesquisaID string
	PesquisaVersao            int64
	Respostas                 []domain.Resposta
	Latitude, Longitude       *float64
}

// Responder records the caller's answers to a form for a customer in their scope. A retry with
// the same id returns the first answer.
func (s *Service) Responder(ctx context.Context, in ResponderInput) (*domain.RespostaPesquisa, error) {
	c := caller.From(ctx)
	cl, err := s.cliente(ctx, in.ClienteID)
	if err != nil {
		return nil, err
	}
	id, err := newID(in.ID, "id")
	if err != nil {
		return nil, err
	}
	if prev, err := s.Repo.Resposta(ctx, c.Empresa, id); err == nil {
		if prev.ClienteID != cl.ID {
			return nil, errs.Conflict("Este id de resposta já foi usado para outro cliente.")
		}
		return prev, nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return nil, repoErr(err, "Resposta não encontrada.")
	}
	if strings.TrimSpace(in.PesquisaID) == "" {
		return nil, errs.Field("pesquisa_id", "Escolha a pesquisa.")
	}
	cur, err := s.Repo.Pesquisa(ctx, c.Empresa, in.PesquisaID, 0)
	if err != nil {
		return nil, repoErr(err, MsgPesquisaNaoEncontrada)
	}
	if !cur.Ativa {
		return nil, errs.Invalid("Esta pesquisa está inativa e não aceita respostas.")
	}
	if in.PesquisaVersao != 0 && in.PesquisaVersao != cur.Versao {
		return nil, errs.Conflict("A pesquisa mudou desde que você a abriu. Abra de novo para responder à versão atual.")
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
	r := &domain.RespostaPesquisa{ID: id, Empresa: c.Empresa, ClienteID: cl.ID, PesquisaID: cur.ID, PesquisaVersao: cur.Versao,
		PesquisaTitulo: cur.Titulo, Respostas: rs, Operador: c.Operador, OperadorNome: c.NomeOperador, Em: s.now(), Latitude: in.Latitude, Longitude: in.Longitude}
	if err := s.Repo.InsertResposta(ctx, r); err != nil {
		if errors.Is(err, domain.ErrDuplicate) {
			return nil, errs.OutOfScope(errs.MsgOtherCompany)
		}
		return nil, err
	}
	return r, nil
}

// Respostas lists a customer's answered forms, newest first.
func (s *Service) Respostas(ctx context.Context, clienteID string, size int32, token string) ([]*domain.RespostaPesquisa, string, error) {
	c := caller.From(ctx)
	if _, err := s.cliente(ctx, clienteID); err != nil {
		return nil, "", err
	}
	cur, err := page.Decode(token)
	if err != nil {
		return nil, "", err
	}
	n := page.Size(size)
	var k, i string
	if cur != nil {
		k, i = cur.Key, cur.ID
	}
	list, err := s.Repo.Respostas(ctx, c.Empresa, clienteID, k, i, n+1)
	if err != nil {
		return nil, "", err
	}
	next := ""
	if len(list) > n {
		list = list[:n]
		last := list[len(list)-1]
		next = page.Encode(page.Cursor{Key: domain.OrdemTempo(last.Em), ID: last.ID})
	}
	return list, next, nil
}
