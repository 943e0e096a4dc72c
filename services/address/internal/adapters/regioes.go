package adapters

import (
	"context"
	"errors"
	"regexp"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/crmvendas/crm/services/address/internal/domain"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/mongox"
)

// ColRegioes is the regions collection.
const ColRegioes = "regioes"

// RegiaoIndexes are the indexes of the regions collection. The document _id is empresa + "/" + id
// (region ids contain no "/"), so the by-id lookup is a single-key {_id} filter, the only one
// FerretDB serves from an index. nome_unico is the folded name of a live region and a per-id
// placeholder of a deleted one, so the unique index keeps live names unique without a partial
// index (which FerretDB lacks).
var RegiaoIndexes = []mongox.Index{
	{Collection: ColRegioes, Model: mongo.IndexModel{Keys: bson.D{{Key: "empresa", Value: 1}, {Key: "id", Value: 1}}, Options: options.Index().SetUnique(true).SetName("empresa_id")}},
	{Collection: ColRegioes, Model: mongo.IndexModel{Keys: bson.D{{Key: "empresa", Value: 1}, {Key: "nome_unico", Value: 1}}, Options: options.Index().SetUnique(true).SetName("empresa_nome_unico")}},
	{Collection: ColRegioes, Model: mongo.IndexModel{Keys: bson.D{{Key: "empresa", Value: 1}, {Key: "nome_ordem", Value: 1}, {Key: "id", Value: 1}}, Options: options.Index().SetName("empresa_nome_ordem")}},
	{Collection: ColRegioes, Model: mongo.IndexModel{Keys: bson.D{{Key: "empresa", Value: 1}, {Key: "cidades", Value: 1}}, Options: options.Index().SetName("empresa_cidades")}},
	{Collection: ColRegioes, Model: mongo.IndexModel{Keys: bson.D{{Key: "id", Value: 1}}, Options: options.Index().SetName("id")}},
}

type regiaoDoc struct {
	Key         string   `bson:"_id"`
	ID          string   `bson:"id"`
	Nome        string   `bson:"nome"`
	NomeOrdem   string   `bson:"nome_ordem"`
	NomeUnico   string   `bson:"nome_unico"`
	Cidades     []string `bson:"cidades"`
	Operadores  []string `bson:"operadores"`
	mongox.Meta `bson:",inline"`
}

func regiaoKey(empresa, id string) string { return empresa + "/" + id }

func toRegiaoDoc(r *domain.Regiao) regiaoDoc {
	d := regiaoDoc{Key: regiaoKey(r.Empresa, r.ID), ID: r.ID, Nome: r.Nome, NomeOrdem: domain.NomeOrdem(r.Nome),
		Cidades: r.Cidades, Operadores: r.Operadores,
		Meta: mongox.Meta{Empresa: r.Empresa, CriadoEm: r.CriadoEm.UTC(), AlteradoEm: r.AlteradoEm.UTC(), Versao: r.Versao, Excluido: r.Excluido}}
	d.NomeUnico = d.NomeOrdem
	if r.Excluido {
		d.NomeUnico = "~excluida/" + r.ID
	}
	if d.Cidades == nil {
		d.Cidades = []string{}
	}
	if d.Operadores == nil {
		d.Operadores = []string{}
	}
	return d
}

func (d *regiaoDoc) domain() *domain.Regiao {
	return &domain.Regiao{ID: d.ID, Empresa: d.Empresa, Nome: d.Nome, Cidades: d.Cidades, Operadores: d.Operadores,
		Excluido: d.Excluido, CriadoEm: d.CriadoEm.UTC(), AlteradoEm: d.AlteradoEm.UTC(), Versao: d.Versao}
}

// Regioes is the MongoDB region repository. Every query is scoped to the caller's company.
type Regioes struct{ c *mongo.Collection }

// NewRegioes returns the repository on db.
func NewRegioes(db *mongo.Database) *Regioes { return &Regioes{c: db.Collection(ColRegioes)} }

func (r *Regioes) ByID(ctx context.Context, empresa, id string) (*domain.Regiao, error) {
	var d regiaoDoc
	err := r.c.FindOne(ctx, bson.D{{Key: "_id", Value: regiaoKey(empresa, id)}}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) || (err == nil && (d.Empresa != empresa || d.ID != id)) {
		return nil, domain.ErrRegiaoNotFound
	}
	if err != nil {
		return nil, errs.Internal(err)
	}
	return d.domain(), nil
}

func (r *Regioes) ExistsElsewhere(ctx context.Context, empresa, id string) (bool, error) {
	n, err := r.c.CountDocuments(ctx, bson.D{{Key: "id", Value: id}, {Key: "empresa", Value: bson.D{{Key: "$ne", Value: empresa}}}})
	if err != nil {
		return false, errs.Internal(err)
	}
	return n > 0, nil
}

func (r *Regioes) Insert(ctx context.Context, reg *domain.Regiao) error {
	_, err := r.c.InsertOne(ctx, toRegiaoDoc(reg))
	if mongo.IsDuplicateKeyError(err) {
		// Which unique key: the id (a concurrent create with the same id) or the live name.
		if _, gerr := r.ByID(ctx, reg.Empresa, reg.ID); gerr == nil {
			return domain.ErrRegiaoExists
		}
		return domain.ErrNomeRepetido
	}
	if err != nil {
		return errs.Internal(err)
	}
	return nil
}

func (r *Regioes) Update(ctx context.Context, reg *domain.Regiao) error {
	res, err := r.c.ReplaceOne(ctx, bson.D{{Key: "_id", Value: regiaoKey(reg.Empresa, reg.ID)}, {Key: "empresa", Value: reg.Empresa}, {Key: "versao", Value: reg.Versao - 1}}, toRegiaoDoc(reg))
	// The only unique key a replacement can break is the live name. FerretDB 1.24 reports it as
	// an InternalError carrying SQLite's message rather than as a duplicate-key error.
	if mongo.IsDuplicateKeyError(err) || (err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed")) {
		return domain.ErrNomeRepetido
	}
	if err != nil {
		return errs.Internal(err)
	}
	if res.MatchedCount == 0 {
		return domain.ErrRegiaoVersion
	}
	return nil
}

func (r *Regioes) find(ctx context.Context, filter bson.D, opts ...options.Lister[options.FindOptions]) ([]*domain.Regiao, error) {
	cur, err := r.c.Find(ctx, filter, opts...)
	if err != nil {
		return nil, errs.Internal(err)
	}
	var docs []regiaoDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, errs.Internal(err)
	}
	out := make([]*domain.Regiao, len(docs))
	for i := range docs {
		out[i] = docs[i].domain()
	}
	return out, nil
}

func (r *Regioes) List(ctx context.Context, f domain.RegiaoFilter) ([]*domain.Regiao, error) {
	filter := bson.D{{Key: "empresa", Value: f.Empresa}, {Key: "excluido", Value: false}}
	var and bson.A
	if f.Q != "" {
		and = append(and, bson.D{{Key: "nome_ordem", Value: bson.D{{Key: "$regex", Value: regexp.QuoteMeta(f.Q)}}}})
	}
	if f.AfterKey != "" || f.AfterID != "" {
		and = append(and, bson.D{{Key: "$or", Value: bson.A{
			bson.D{{Key: "nome_ordem", Value: bson.D{{Key: "$gt", Value: f.AfterKey}}}},
			bson.D{{Key: "nome_ordem", Value: f.AfterKey}, {Key: "id", Value: bson.D{{Key: "$gt", Value: f.AfterID}}}},
		}}})
	}
	if len(and) > 0 {
		filter = append(filter, bson.E{Key: "$and", Value: and})
	}
	return r.find(ctx, filter, options.Find().SetSort(bson.D{{Key: "nome_ordem", Value: 1}, {Key: "id", Value: 1}}).SetLimit(int64(f.Limit)))
}

func (r *Regioes) ByNomeOrdem(ctx context.Context, empresa, nomeOrdem string) (*domain.Regiao, error) {
	list, err := r.find(ctx, bson.D{{Key: "empresa", Value: empresa}, {Key: "nome_unico", Value: nomeOrdem}, {Key: "excluido", Value: false}}, options.Find().SetLimit(1))
	if err != nil || len(list) == 0 {
		return nil, err
	}
	return list[0], nil
}

func (r *Regioes) WithCidades(ctx context.Context, empresa string, cidades []string) ([]*domain.Regiao, error) {
	if len(cidades) == 0 {
		return nil, nil
	}
	return r.find(ctx, bson.D{{Key: "empresa", Value: empresa}, {Key: "excluido", Value: false}, {Key: "cidades", Value: bson.D{{Key: "$in", Value: cidades}}}},
		options.Find().SetSort(bson.D{{Key: "nome_ordem", Value: 1}, {Key: "id", Value: 1}}))
}
