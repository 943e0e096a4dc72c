// Package adapters holds the operator service's MongoDB repository and Firebase identity client.
package adapters

import (
	"context"
	"errors"
	"regexp"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/crmvendas/crm/services/operator/internal/domain"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/mongox"
	"github.com/crmvendas/crm/services/platform/textfold"
)

const collection = "operadores"

// Indexes of the operator collection. The document _id is the Firebase uid (the hot lookup of
// every request); (empresa, id) is unique.
var Indexes = []mongox.Index{
	{Collection: collection, Model: mongo.IndexModel{Keys: bson.D{{Key: "empresa", Value: 1}, {Key: "id", Value: 1}}, Options: options.Index().SetUnique(true).SetName("empresa_id")}},
	{Collection: collection, Model: mongo.IndexModel{Keys: bson.D{{Key: "empresa", Value: 1}, {Key: "nome_busca", Value: 1}, {Key: "id", Value: 1}}, Options: options.Index().SetName("empresa_nome")}},
}

type doc struct {
	UID          string   `bson:"_id"`
	ID           string   `bson:"id"`
	Email        string   `bson:"email"`
	NomeOperador string   `bson:"nome_operador"`
	NomeBusca    string   `bson:"nome_busca"`
	PerfilApp    string   `bson:"perfil_app"`
	ExibirMedida bool     `bson:"exibir_medida"`
	Equipe       []string `bson:"equipe"`
	Ativo        bool     `bson:"ativo"`
	mongox.Meta  `bson:",inline"`
}

func toDoc(o *domain.Operador) doc {
	eq := o.Equipe
	if eq == nil {
		eq = []string{}
	}
	return doc{UID: o.UID, ID: o.ID, Email: o.Email, NomeOperador: o.NomeOperador, NomeBusca: textfold.Fold(o.NomeOperador),
		PerfilApp: o.PerfilApp, ExibirMedida: o.ExibirMedida, Equipe: eq, Ativo: o.Ativo,
		Meta: mongox.Meta{Empresa: o.Empresa, CriadoEm: o.CriadoEm, AlteradoEm: o.AlteradoEm, Versao: o.Versao}}
}

func (d *doc) domain() *domain.Operador {
	return &domain.Operador{UID: d.UID, ID: d.ID, Empresa: d.Empresa, Email: d.Email, NomeOperador: d.NomeOperador,
		PerfilApp: d.PerfilApp, ExibirMedida: d.ExibirMedida, Equipe: d.Equipe, Ativo: d.Ativo,
		CriadoEm: d.CriadoEm.UTC(), AlteradoEm: d.AlteradoEm.UTC(), Versao: d.Versao}
}

// Repo is the MongoDB operator repository.
type Repo struct{ c *mongo.Collection }

// NewRepo returns the repository on db.
func NewRepo(db *mongo.Database) *Repo { return &Repo{c: db.Collection(collection)} }

func (r *Repo) one(ctx context.Context, filter bson.D) (*domain.Operador, error) {
	var d doc
	err := r.c.FindOne(ctx, filter).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return nil, domain.ErrNotFound
	}
	if err != nil {
		return nil, errs.Internal(err)
	}
	return d.domain(), nil
}

// ByUID filters on _id alone: FerretDB serves only a single-key {_id} filter from the index, and
// this runs on every caller-cache miss.
func (r *Repo) ByUID(ctx context.Context, uid string) (*domain.Operador, error) {
	var d doc
	err := r.c.FindOne(ctx, bson.D{{Key: "_id", Value: uid}}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) || (err == nil && d.Excluido) {
		return nil, domain.ErrNotFound
	}
	if err != nil {
		return nil, errs.Internal(err)
	}
	return d.domain(), nil
}

func (r *Repo) ExistsElsewhere(ctx context.Context, empresa, id string) (bool, error) {
	n, err := r.c.CountDocuments(ctx, bson.D{{Key: "id", Value: id}, {Key: "empresa", Value: bson.D{{Key: "$ne", Value: empresa}}}})
	if err != nil {
		return false, errs.Internal(err)
	}
	return n > 0, nil
}

func (r *Repo) ByID(ctx context.Context, empresa, id string) (*domain.Operador, error) {
	return r.one(ctx, bson.D{{Key: "empresa", Value: empresa}, {Key: "id", Value: id}, {Key: "excluido", Value: false}})
}

func (r *Repo) Insert(ctx context.Context, o *domain.Operador) error {
	_, err := r.c.InsertOne(ctx, toDoc(o))
	if mongo.IsDuplicateKeyError(err) {
		return errs.Conflict("Já existe um operador com este e-mail ou id.")
	}
	if err != nil {
		return errs.Internal(err)
	}
	return nil
}

func (r *Repo) Update(ctx context.Context, o *domain.Operador) error {
	d := toDoc(o)
	res, err := r.c.ReplaceOne(ctx, bson.D{{Key: "_id", Value: o.UID}, {Key: "empresa", Value: o.Empresa}, {Key: "versao", Value: o.Versao - 1}}, d)
	if err != nil {
		return errs.Internal(err)
	}
	if res.MatchedCount == 0 {
		return domain.ErrVersion
	}
	return nil
}

func (r *Repo) List(ctx context.Context, f domain.ListFilter) ([]*domain.Operador, error) {
	filter := bson.D{{Key: "empresa", Value: f.Empresa}, {Key: "excluido", Value: false}}
	if !f.IncluirInativos {
		filter = append(filter, bson.E{Key: "ativo", Value: true})
	}
	if f.IDs != nil {
		filter = append(filter, bson.E{Key: "id", Value: bson.D{{Key: "$in", Value: f.IDs}}})
	}
	if f.Q != "" {
		q := regexp.QuoteMeta(f.Q)
		filter = append(filter, bson.E{Key: "$or", Value: bson.A{
			bson.D{{Key: "nome_busca", Value: bson.D{{Key: "$regex", Value: q}}}},
			bson.D{{Key: "email", Value: bson.D{{Key: "$regex", Value: q}}}},
		}})
	}
	if f.AfterKey != "" || f.AfterID != "" {
		filter = append(filter, bson.E{Key: "$or", Value: bson.A{
			bson.D{{Key: "nome_busca", Value: bson.D{{Key: "$gt", Value: f.AfterKey}}}},
			bson.D{{Key: "nome_busca", Value: f.AfterKey}, {Key: "id", Value: bson.D{{Key: "$gt", Value: f.AfterID}}}},
		}})
		// Two $or at the top level are not allowed: combine with $and when both are present.
		filter = andOrs(filter)
	}
	cur, err := r.c.Find(ctx, filter, options.Find().SetSort(bson.D{{Key: "nome_busca", Value: 1}, {Key: "id", Value: 1}}).SetLimit(int64(f.Limit)))
	if err != nil {
		return nil, errs.Internal(err)
	}
	var docs []doc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, errs.Internal(err)
	}
	out := make([]*domain.Operador, len(docs))
	for i := range docs {
		out[i] = docs[i].domain()
	}
	return out, nil
}

// andOrs moves repeated top-level $or clauses under one $and.
func andOrs(f bson.D) bson.D {
	var out bson.D
	var ors bson.A
	for _, e := range f {
		if e.Key == "$or" {
			ors = append(ors, bson.D{e})
			continue
		}
		out = append(out, e)
	}
	if len(ors) == 1 {
		return append(out, ors[0].(bson.D)[0])
	}
	if len(ors) > 1 {
		out = append(out, bson.E{Key: "$and", Value: ors})
	}
	return out
}

func (r *Repo) CountActive(ctx context.Context, empresa string, ids []string) (int, error) {
	n, err := r.c.CountDocuments(ctx, bson.D{{Key: "empresa", Value: empresa}, {Key: "id", Value: bson.D{{Key: "$in", Value: ids}}},
		{Key: "ativo", Value: true}, {Key: "excluido", Value: false}})
	if err != nil {
		return 0, errs.Internal(err)
	}
	return int(n), nil
}
