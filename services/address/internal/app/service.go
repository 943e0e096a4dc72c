// Package app holds the address service's use cases.
package app

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/crmvendas/crm/services/address/internal/domain"
)

// Service looks CEPs up, through the cache first.
type Service struct {
	Cache    domain.Cache
	Upstream domain.Upstream
	Log      *slog.Logger
	Now      func() time.Time

	group singleflight.Group
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// LookupCEP answers an address for cep (any punctuation allowed). Concurrent lookups of the same
// CEP share one upstream call.
func (s *Service) LookupCEP(ctx context.Context, raw string) (*domain.Endereco, error) {
	cep, err := domain.NormalizeCEP(raw)
	if err != nil {
		return nil, err
	}
	if e, err := s.Cache.Get(ctx, cep); err == nil && e != nil && e.Fresh(s.now()) {
		if e.Endereco == nil {
			return nil, domain.ErrCEPNotFound
		}
		return e.Endereco, nil
	} else if err != nil && s.Log != nil {
		s.Log.Warn("cache de CEP indisponível", "err", err)
	}
	v, err, _ := s.group.Do(cep, func() (any, error) {
		end, err := s.Upstream.Lookup(context.WithoutCancel(ctx), cep)
		switch {
		case err == nil:
			s.store(ctx, &domain.CacheEntry{CEP: cep, Endereco: end, ObtidoEm: s.now()})
			return end, nil
		case errors.Is(err, domain.ErrCEPNotFound):
			s.store(ctx, &domain.CacheEntry{CEP: cep, ObtidoEm: s.now()})
		}
		return nil, err
	})
	if err != nil {
		return nil, err
	}
	return v.(*domain.Endereco), nil
}

func (s *Service) store(ctx context.Context, e *domain.CacheEntry) {
	if err := s.Cache.Put(context.WithoutCancel(ctx), e); err != nil && s.Log != nil {
		s.Log.Warn("não foi possível guardar o CEP no cache", "cep", e.CEP, "err", err)
	}
}

// SweepEvery deletes expired cache entries every interval until ctx ends.
func (s *Service) SweepEvery(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if n, err := s.Cache.Sweep(ctx, s.now()); err != nil && ctx.Err() == nil && s.Log != nil {
			s.Log.Warn("limpeza do cache de CEP falhou", "err", err)
		} else if n > 0 && s.Log != nil {
			s.Log.Info("cache de CEP limpo", "removidos", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
