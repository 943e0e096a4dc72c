package adapters

import (
	"context"
	"time"

	"github.com/crmvendas/crm/services/address/internal/domain"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// ColCEPs is the CEP cache collection (the name of the old MongoDB collection too).
const ColCEPs = "ceps"

// EmpresaCache is the fixed empresa of every CEP cache entry. Postal data is public and shared
// by every company, so the cache is not company data, but the store keeps every record under an
// empresa. The cache is only ever read and written with this scope by the service's own code
// (never with a caller's), so even a company that were called "_cache" would not reach it.
const EmpresaCache = "_cache"

var cacheScope = store.Company(EmpresaCache)

// cepDoc is a cached answer, keyed by CEP (the record id). The bson names are those of the
// documents written before the store (the one-time copy of a legacy data directory decodes
// them straight into cepDoc).
type cepDoc struct {
	store.Meta `bson:",inline"`
	Encontrado bool      `bson:"encontrado"`
	Cep        string    `bson:"cep"`
	Logradouro string    `bson:"logradouro"`
	Compl      string    `bson:"complemento"`
	Bairro     string    `bson:"bairro"`
	Localidade string    `bson:"localidade"`
	UF         string    `bson:"uf"`
	IBGE       string    `bson:"ibge"`
	DDD        string    `bson:"ddd"`
	ObtidoEm   time.Time `bson:"obtido_em"`
	ExpiraEm   time.Time `bson:"expira_em"`
}

// FixLegacy gives an old cache document (which had no empresa) the cache's empresa.
func (d *cepDoc) FixLegacy() { d.Empresa = EmpresaCache }

// CEPSpec declares the cache: listed (by the sweep only) by expiry.
var CEPSpec = store.Spec[cepDoc]{
	Name:   ColCEPs,
	Fields: []store.Field[cepDoc]{{Name: "expira_em", Value: func(d *cepDoc) any { return d.ExpiraEm }}},
	Sort:   store.Sort{Fields: []string{"expira_em"}},
}

// CEPCache keeps answers keyed by CEP, on the store. An entry expires (domain.FoundTTL for an
// address, domain.NotFoundTTL for a CEP that does not exist): the use case ignores an expired
// entry, and Sweep turns expired entries into tombstones.
type CEPCache struct{ c *store.Collection[cepDoc] }

// NewCEPCache declares the cache on st.
func NewCEPCache(ctx context.Context, st *store.Store) (*CEPCache, error) {
	c, err := store.Declare(ctx, st, CEPSpec)
	if err != nil {
		return nil, err
	}
	return &CEPCache{c: c}, nil
}

func (c *CEPCache) Get(ctx context.Context, cep string) (*domain.CacheEntry, error) {
	d, err := c.c.Get(ctx, cacheScope, cep)
	if errs.IsKind(err, errs.KindNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	e := &domain.CacheEntry{CEP: d.ID, ObtidoEm: d.ObtidoEm.UTC()}
	if d.Encontrado {
		e.Endereco = &domain.Endereco{CEP: d.Cep, Logradouro: d.Logradouro, Complemento: d.Compl, Bairro: d.Bairro,
			Localidade: d.Localidade, UF: d.UF, IBGE: d.IBGE, DDD: d.DDD}
	}
	return e, nil
}

// Put stores an answer, replacing (or reviving) the entry of the same CEP.
func (c *CEPCache) Put(ctx context.Context, e *domain.CacheEntry) error {
	d := &cepDoc{Meta: store.Meta{ID: e.CEP}, ObtidoEm: e.ObtidoEm.UTC().Truncate(time.Millisecond)}
	ttl := domain.NotFoundTTL
	if a := e.Endereco; a != nil {
		d.Encontrado, d.Cep, d.Logradouro, d.Compl, d.Bairro, d.Localidade, d.UF, d.IBGE, d.DDD =
			true, a.CEP, a.Logradouro, a.Complemento, a.Bairro, a.Localidade, a.UF, a.IBGE, a.DDD
		ttl = domain.FoundTTL
	}
	d.ExpiraEm = d.ObtidoEm.Add(ttl)
	fresh := *d
	_, created, err := c.c.Create(ctx, cacheScope, d)
	if created {
		return nil
	}
	// The CEP has an entry already (an older answer, or a tombstone of the sweep): replace its
	// content. versao 0: the latest answer wins over a concurrent one.
	if err != nil && !errs.IsReason(err, errs.ReasonIDReutilizado) {
		return err
	}
	_, err = c.c.Update(ctx, cacheScope, e.CEP, 0, func(cur *cepDoc) error {
		m := cur.Meta
		*cur = fresh
		cur.Meta = m
		cur.Excluido = false
		return nil
	}, store.IncludeDeleted)
	return err
}

// Sweep turns the entries expired at now into tombstones (the store keeps tombstones: see the
// service's notes) and returns how many.
func (c *CEPCache) Sweep(ctx context.Context, now time.Time) (int64, error) {
	var n int64
	q := store.Query{Where: []store.Cond{store.Lt("expira_em", now.UTC())}}
	for {
		p, err := c.c.List(ctx, cacheScope, q)
		if err != nil {
			return n, err
		}
		for _, d := range p.Items {
			// The listed versao: an entry refreshed meanwhile is left alone (409).
			_, err := c.c.Delete(ctx, cacheScope, d.ID, d.Versao)
			if errs.IsReason(err, errs.ReasonVersaoDesatualizada) {
				continue
			}
			if err != nil {
				return n, err
			}
			n++
		}
		if p.Next == "" {
			return n, nil
		}
		q.PageToken = p.Next
	}
}
