package app

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/crmvendas/crm/services/address/internal/domain"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// Regioes implements the region use cases. Reads are open to every operator of the company;
// the methods that write are for ADMINs (enforced by the service's policies).
//
// The store keeps the rules: one live region per name and per city in a company are unique
// keys claimed atomically with the write (two ADMINs saving one city into two regions at the
// same instant: one wins, the other gets 409 CIDADE_EM_OUTRA_REGIAO); versao, replays of a
// create or a delete, tombstones, scope and pages are the store's.
type Regioes struct {
	Col *store.Collection[domain.Regiao]
	// OnAlterada, when set, runs after every successful create, update and delete (see alterada).
	OnAlterada func(ctx context.Context, regiaoID string) error
	Log        *slog.Logger
}

// hookTimeout bounds OnAlterada (it runs without the request's cancellation).
const hookTimeout = 30 * time.Second

// alterada calls the OnAlterada hook for a region the caller just wrote. A failure is logged and
// the request still succeeds: the region is saved, and answering an error would make the client
// retry (or report as failed) a change that took effect. The hook recomputes what depends on
// regions and is idempotent, so the next write of the region (or a replay of this one, which
// calls it again) repairs what it missed. It runs without the request's cancellation (a client
// that hangs up right after the write must not stop it) but with its values (the caller).
func (s *Regioes) alterada(ctx context.Context, id string) {
	if s.OnAlterada == nil {
		return
	}
	hctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), hookTimeout)
	defer cancel()
	if err := s.OnAlterada(hctx, id); err != nil {
		log := s.Log
		if log == nil {
			log = slog.Default()
		}
		empresa := ""
		if c := caller.From(ctx); c != nil {
			empresa = c.Empresa
		}
		log.ErrorContext(ctx, "região salva, mas o aviso de região alterada falhou", "regiao_id", id, "empresa", empresa, "err", err)
	}
}

func scope(ctx context.Context) store.Scope { return store.Company(caller.From(ctx).Empresa) }

// explain gives the store's conflicts the region's words: the name of the region that holds a
// city, and the region's message for a stale versao (the reasons stay the store's).
func (s *Regioes) explain(ctx context.Context, sc store.Scope, err error) error {
	var de *errs.Error
	if !errors.As(err, &de) {
		return err
	}
	switch de.Reason {
	case domain.ReasonCidadeEmOutraRegiao:
		id, ibge := de.Details["regiao_id"], de.Details["cidade"]
		if other, gerr := s.Col.GetAny(ctx, sc, id); gerr == nil {
			return domain.CidadeOcupada(ibge, id, other.Nome)
		}
	case errs.ReasonVersaoDesatualizada:
		return domain.RegiaoAlterada()
	}
	return err
}

// Get returns a live region of the caller's company; another company's id is refused (403).
func (s *Regioes) Get(ctx context.Context, id string) (*domain.Regiao, error) {
	if !domain.ValidRegiaoID(id) {
		return nil, domain.ErrRegiaoNotFound
	}
	return s.Col.Get(ctx, scope(ctx), id)
}

// List pages through the company's live regions by name (q: every word contained in the name,
// accent- and case-insensitive).
func (s *Regioes) List(ctx context.Context, q string, size int32, token string) ([]*domain.Regiao, string, error) {
	p, err := s.Col.List(ctx, scope(ctx), store.Query{Search: q, PageSize: size, PageToken: token})
	if err != nil {
		return nil, "", err
	}
	return p.Items, p.Next, nil
}

// CriarInput is what an ADMIN sends to create a region.
type CriarInput struct {
	ID, Nome            string
	Cidades, Operadores []string
}

// Create adds a region to the caller's company. With a client-generated id, a replay of the
// same request returns the region stored under it; the same id with another payload is 409
// ID_REUTILIZADO, and another company's id 403.
func (s *Regioes) Create(ctx context.Context, in CriarInput) (*domain.Regiao, error) {
	if in.ID != "" {
		if !domain.ValidRegiaoID(in.ID) {
			return nil, errs.Field("id", domain.MsgIDRegiao)
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
	sc := scope(ctx)
	r, _, err := s.Col.Create(ctx, sc, &domain.Regiao{Meta: store.Meta{ID: in.ID}, Nome: nome, Cidades: cids, Operadores: ops})
	if err != nil && errs.IsKind(err, errs.KindConflict) && !errs.IsReason(err, errs.ReasonIDReutilizado) {
		// The store claims the unique keys before it looks at the id, so a replay whose name or
		// cities were taken since (by another region, after this one changed or was deleted)
		// reports the key. An id already stored answers as a replay: the stored region (or 403
		// for another company's id).
		if prev, gerr := s.Col.GetAny(ctx, sc, in.ID); gerr == nil {
			r, err = prev, nil
		} else if !errs.IsKind(gerr, errs.KindNotFound) {
			return nil, gerr
		}
	}
	if err != nil {
		return nil, s.explain(ctx, sc, err)
	}
	s.alterada(ctx, r.ID)
	return r, nil
}

// Ensure creates a region with a fixed id when the id is free (demo data); a region stored under
// the id, live or deleted, is left as it is.
func (s *Regioes) Ensure(ctx context.Context, in CriarInput) error {
	_, err := s.Col.GetAny(ctx, scope(ctx), in.ID)
	if err == nil || !errs.IsKind(err, errs.KindNotFound) {
		return err
	}
	_, err = s.Create(ctx, in)
	return err
}

// AtualizarInput is a partial update: nil fields are kept.
type AtualizarInput struct {
	ID         string
	Nome       *string
	Cidades    *[]string
	Operadores *[]string
	// Versao: when non-zero, must equal the stored version (else 409 VERSAO_DESATUALIZADA).
	Versao int64
}

// Update changes a live region of the caller's company. A change that changes nothing writes
// nothing (the versao stays).
func (s *Regioes) Update(ctx context.Context, in AtualizarInput) (*domain.Regiao, error) {
	if !domain.ValidRegiaoID(in.ID) {
		return nil, domain.ErrRegiaoNotFound
	}
	sc := scope(ctx)
	r, err := s.Col.Update(ctx, sc, in.ID, in.Versao, func(r *domain.Regiao) error {
		if in.Nome != nil {
			nome, err := domain.NormalizeNome(*in.Nome)
			if err != nil {
				return err
			}
			r.Nome = nome
		}
		if in.Cidades != nil {
			cids, err := domain.NormalizeCidades(*in.Cidades)
			if err != nil {
				return err
			}
			r.Cidades = cids
		}
		if in.Operadores != nil {
			ops, err := domain.NormalizeOperadores(*in.Operadores)
			if err != nil {
				return err
			}
			r.Operadores = ops
		}
		return nil
	})
	if err != nil {
		return nil, s.explain(ctx, sc, err)
	}
	s.alterada(ctx, r.ID)
	return r, nil
}

// Delete soft-deletes a region of the caller's company (its name and cities are free again) and
// returns the tombstone. Deleting a deleted region returns its tombstone unchanged (a replay).
func (s *Regioes) Delete(ctx context.Context, id string) (*domain.Regiao, error) {
	if !domain.ValidRegiaoID(id) {
		return nil, domain.ErrRegiaoNotFound
	}
	r, err := s.Col.Delete(ctx, scope(ctx), id, 0)
	if err != nil {
		return nil, err
	}
	s.alterada(ctx, r.ID)
	return r, nil
}
