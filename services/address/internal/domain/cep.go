// Package domain holds the address service's rules: postal codes (CEP) and addresses.
package domain

import (
	"context"
	"time"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/input"
)

// MsgCEPLength is the answer to a CEP that is not 8 digits once punctuation is removed.
const MsgCEPLength = input.MsgCEPTamanho

// ErrCEPNotFound: the public service knows no such CEP.
var ErrCEPNotFound = errs.NotFound("CEP não encontrado")

// NormalizeCEP strips everything but digits and requires a CEP that can exist (input.CEP: 8
// digits, from 01000-000).
func NormalizeCEP(s string) (string, error) {
	cep, msg := input.CEP(s)
	if msg != "" {
		return "", errs.Field("cep", msg)
	}
	return cep, nil
}

// Endereco is what a CEP resolves to (field names of the public postal-code service).
type Endereco struct {
	CEP, Logradouro, Complemento, Bairro, Localidade, UF, IBGE, DDD string
}

// How long answers are kept.
const (
	FoundTTL    = 30 * 24 * time.Hour
	NotFoundTTL = 24 * time.Hour
)

// CacheEntry is a stored answer: an address, or the fact that the CEP does not exist.
type CacheEntry struct {
	CEP      string
	Endereco *Endereco // nil: not found
	ObtidoEm time.Time
}

// Fresh reports whether the entry may still be used at now.
func (c *CacheEntry) Fresh(now time.Time) bool {
	ttl := FoundTTL
	if c.Endereco == nil {
		ttl = NotFoundTTL
	}
	return now.Before(c.ObtidoEm.Add(ttl))
}

// Cache stores answers.
type Cache interface {
	Get(ctx context.Context, cep string) (*CacheEntry, error) // nil when absent
	Put(ctx context.Context, e *CacheEntry) error
	// Sweep deletes entries that can no longer be used.
	Sweep(ctx context.Context, now time.Time) (int64, error)
}

// Upstream asks the public postal-code service. It returns ErrCEPNotFound when the service says
// so, and an Unavailable error when it can't answer.
type Upstream interface {
	Lookup(ctx context.Context, cep string) (*Endereco, error)
}
