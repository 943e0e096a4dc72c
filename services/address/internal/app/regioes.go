package app

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/crmvendas/crm/services/address/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/page"
)

// Regioes implements the region use cases. Reads are open to every operator of the company;
// the methods that write are for ADMINs (enforced by the service's policies).
//
// The name and city rules are checked before writing; a unique index backs the name rule. Two
// ADMINs saving the same city into two regions at the same instant could both pass the city
// check (no transactions on FerretDB); the next save of either region reports the conflict.
type Regioes struct {
	Repo domain.RegiaoRepository
	Now  func() time.Time
}

func (s *Regioes) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC().Truncate(time.Millisecond)
	}
	return time.Now().UTC().Truncate(time.Millisecond)
}

// stored reads a region of the caller's company, live or deleted. An id of another company is
// refused (403) rather than reported missing.
func (s *Regioes) stored(ctx context.Context, empresa, id string) (*domain.Regiao, error) {
	if !domain.ValidRegiaoID(id) {
		return nil, domain.ErrRegiaoNotFound
	}
	r, err := s.Repo.ByID(ctx, empresa, id)
	if errors.Is(err, domain.ErrRegiaoNotFound) {
		if other, oerr := s.Repo.ExistsElsewhere(ctx, empresa, id); oerr != nil {
			return nil, oerr
		} else if other {
			return nil, errs.OutOfScope(errs.MsgOtherCompany)
		}
	}
	return r, err
}

// live reads a region of the caller's company that is not deleted.
func (s *Regioes) live(ctx context.Context, empresa, id string) (*domain.Regiao, error) {
	r, err := s.stored(ctx, empresa, id)
	if err != nil {
		return nil, err
	}
	if r.Excluido {
		return nil, domain.ErrRegiaoNotFound
	}
	return r, nil
}

// Get returns a live region of the caller's company.
func (s *Regioes) Get(ctx context.Context, id string) (*domain.Regiao, error) {
	return s.live(ctx, caller.From(ctx).Empresa, id)
}

// List pages through the company's live regions by name (q: name contains, accent- and
// case-insensitive).
func (s *Regioes) List(ctx context.Context, q string, size int32, token string) ([]*domain.Regiao, string, error) {
	c := caller.From(ctx)
	cur, err := page.Decode(token)
	if err != nil {
		return nil, "", err
	}
	n := page.Size(size)
	f := domain.RegiaoFilter{Empresa: c.Empresa, Q: domain.NomeOrdem(q), Limit: n + 1}
	if cur != nil {
		f.AfterKey, f.AfterID = cur.Key, cur.ID
	}
	list, err := s.Repo.List(ctx, f)
	if err != nil {
		return nil, "", err
	}
	next := ""
	if len(list) > n {
		list = list[:n]
		last := list[n-1]
		next = page.Encode(page.Cursor{Key: domain.NomeOrdem(last.Nome), ID: last.ID})
	}
	return list, next, nil
}

// checkNome refuses a name another live region of the company has.
func (s *Regioes) checkNome(ctx context.Context, empresa, self, nome string) error {
	other, err := s.Repo.ByNomeOrdem(ctx, empresa, domain.NomeOrdem(nome))
	if err != nil {
		return err
	}
	if other != nil && other.ID != self {
		return domain.ErrNomeRepetido
	}
	return nil
}

// checkCidades refuses cities another live region of the company has.
func (s *Regioes) checkCidades(ctx context.Context, empresa, self string, cidades []string) error {
	others, err := s.Repo.WithCidades(ctx, empresa, cidades)
	if err != nil {
		return err
	}
	owner := map[string]string{}
	for _, o := range others {
		if o.ID == self {
			continue
		}
		for _, c := range o.Cidades {
			if _, taken := owner[c]; !taken {
				owner[c] = o.Nome
			}
		}
	}
	for _, c := range cidades {
		if nome, taken := owner[c]; taken {
			return domain.CidadeOcupada(c, nome)
		}
	}
	return nil
}

// CriarInput is what an ADMIN sends to create a region.
type CriarInput struct {
	ID, Nome            string
	Cidades, Operadores []string
}

// Create adds a region to the caller's company. With a client-generated id, a retry returns the
// region already stored under it.
func (s *Regioes) Create(ctx context.Context, in CriarInput) (*domain.Regiao, error) {
	c := caller.From(ctx)
	if in.ID != "" {
		if !domain.ValidRegiaoID(in.ID) {
			return nil, errs.Field("id", domain.MsgIDRegiao)
		}
		r, err := s.stored(ctx, c.Empresa, in.ID)
		if err == nil {
			return r, nil // a retry
		}
		if !errors.Is(err, domain.ErrRegiaoNotFound) {
			return nil, err
		}
	} else {
		in.ID = uuid.NewString()
	}
	nome, err := domain.NormalizeNome(in.Nome)
	if err != nil {
		return nil, err
	}
	cids, err := domain.NormalizeCidades(in.Cidades)
	if err != nil {
		return nil, err
	}
	ops, err := domain.NormalizeOperadores(in.Operadores)
	if err != nil {
		return nil, err
	}
	if err := s.checkNome(ctx, c.Empresa, in.ID, nome); err != nil {
		return nil, err
	}
	if err := s.checkCidades(ctx, c.Empresa, in.ID, cids); err != nil {
		return nil, err
	}
	now := s.now()
	r := &domain.Regiao{ID: in.ID, Empresa: c.Empresa, Nome: nome, Cidades: cids, Operadores: ops, CriadoEm: now, AlteradoEm: now, Versao: 1}
	if err := s.Repo.Insert(ctx, r); errors.Is(err, domain.ErrRegiaoExists) {
		return s.Repo.ByID(ctx, c.Empresa, in.ID) // a concurrent retry won
	} else if err != nil {
		return nil, err
	}
	return r, nil
}

// AtualizarInput is a partial update: nil fields are kept.
type AtualizarInput struct {
	ID         string
	Nome       *string
	Cidades    *[]string
	Operadores *[]string
	// Versao: when non-zero, must equal the stored version.
	Versao int64
}

// Update changes a live region of the caller's company.
func (s *Regioes) Update(ctx context.Context, in AtualizarInput) (*domain.Regiao, error) {
	c := caller.From(ctx)
	r, err := s.live(ctx, c.Empresa, in.ID)
	if err != nil {
		return nil, err
	}
	if in.Versao != 0 && in.Versao != r.Versao {
		return nil, domain.ErrRegiaoVersion
	}
	if in.Nome != nil {
		nome, err := domain.NormalizeNome(*in.Nome)
		if err != nil {
			return nil, err
		}
		if domain.NomeOrdem(nome) != domain.NomeOrdem(r.Nome) {
			if err := s.checkNome(ctx, c.Empresa, r.ID, nome); err != nil {
				return nil, err
			}
		}
		r.Nome = nome
	}
	if in.Cidades != nil {
		cids, err := domain.NormalizeCidades(*in.Cidades)
		if err != nil {
			return nil, err
		}
		if err := s.checkCidades(ctx, c.Empresa, r.ID, cids); err != nil {
			return nil, err
		}
		r.Cidades = cids
	}
	if in.Operadores != nil {
		ops, err := domain.NormalizeOperadores(*in.Operadores)
		if err != nil {
			return nil, err
		}
		r.Operadores = ops
	}
	r.Versao++
	r.AlteradoEm = s.now()
	if err := s.Repo.Update(ctx, r); err != nil {
		return nil, err
	}
	return r, nil
}

// Delete soft-deletes a region of the caller's company and returns the tombstone. Deleting a
// deleted region returns its tombstone unchanged (a replayed delete).
func (s *Regioes) Delete(ctx context.Context, id string) (*domain.Regiao, error) {
	c := caller.From(ctx)
	r, err := s.stored(ctx, c.Empresa, id)
	if err != nil {
		return nil, err
	}
	if r.Excluido {
		return r, nil
	}
	r.Excluido = true
	r.Versao++
	r.AlteradoEm = s.now()
	if err := s.Repo.Update(ctx, r); err != nil {
		return nil, err
	}
	return r, nil
}
