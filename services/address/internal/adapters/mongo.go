package adapters

import (
	"context"
	"errors"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/crmvendas/crm/services/address/internal/domain"
	"github.com/crmvendas/crm/services/platform/errs"
)

const colCEPs = "ceps"

// CEPCache keeps answers keyed by CEP (the document _id). Postal data is public and shared by
// every company, so the cache is not scoped by company.
type CEPCache struct{ c *mongo.Collection }

// NewCEPCache returns the cache on db.
func NewCEPCache(db *mongo.Database) *CEPCache { return &CEPCache{c: db.Collection(colCEPs)} }

type cepDoc struct {
	CEP        string    `bson:"_id"`
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

func (c *CEPCache) Get(ctx context.Context, cep string) (*domain.CacheEntry, error) {
	var d cepDoc
	err := c.c.FindOne(ctx, bson.D{{Key: "_id", Value: cep}}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return nil, nil
	}
	if err != nil {
		return nil, errs.Internal(err)
	}
	e := &domain.CacheEntry{CEP: d.CEP, ObtidoEm: d.ObtidoEm}
	if d.Encontrado {
		e.Endereco = &domain.Endereco{CEP: d.Cep, Logradouro: d.Logradouro, Complemento: d.Compl, Bairro: d.Bairro,
			Localidade: d.Localidade, UF: d.UF, IBGE: d.IBGE, DDD: d.DDD}
	}
	return e, nil
}

func (c *CEPCache) Put(ctx context.Context, e *domain.CacheEntry) error {
	d := cepDoc{CEP: e.CEP, ObtidoEm: e.ObtidoEm.UTC()}
	ttl := domain.NotFoundTTL
	if a := e.Endereco; a != nil {
		d.Encontrado, d.Cep, d.Logradouro, d.Compl, d.Bairro, d.Localidade, d.UF, d.IBGE, d.DDD =
			true, a.CEP, a.Logradouro, a.Complemento, a.Bairro, a.Localidade, a.UF, a.IBGE, a.DDD
		ttl = domain.FoundTTL
	}
	d.ExpiraEm = d.ObtidoEm.Add(ttl)
	_, err := c.c.ReplaceOne(ctx, bson.D{{Key: "_id", Value: e.CEP}}, d, options.Replace().SetUpsert(true))
	if err != nil {
		return errs.Internal(err)
	}
	return nil
}

func (c *CEPCache) Sweep(ctx context.Context, now time.Time) (int64, error) {
	res, err := c.c.DeleteMany(ctx, bson.D{{Key: "expira_em", Value: bson.D{{Key: "$lt", Value: now.UTC()}}}})
	if err != nil {
		return 0, err
	}
	return res.DeletedCount, nil
}
