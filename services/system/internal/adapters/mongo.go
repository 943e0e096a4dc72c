// Package adapters holds the system service's MongoDB repository.
package adapters

import (
	"context"
	"errors"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/mongox"
	"github.com/crmvendas/crm/services/system/internal/domain"
)

const (
	colVersoes  = "versoes"
	colAcessos  = "acessos"
	colEmpresas = "empresas"
)

// Indexes of the system service.
var Indexes = []mongox.Index{
	{Collection: colAcessos, Model: mongo.IndexModel{Keys: bson.D{{Key: "empresa", Value: 1}, {Key: "registrado_em", Value: -1}, {Key: "_id", Value: -1}}, Options: options.Index().SetName("empresa_registrado")}},
	{Collection: colAcessos, Model: mongo.IndexModel{Keys: bson.D{{Key: "empresa", Value: 1}, {Key: "operador", Value: 1}, {Key: "registrado_em", Value: -1}}, Options: options.Index().SetName("empresa_operador_registrado")}},
}

// Repo is the MongoDB repository.
type Repo struct{ db *mongo.Database }

// NewRepo returns the repository on db.
func NewRepo(db *mongo.Database) *Repo { return &Repo{db: db} }

type versaoDoc struct {
	ID             string `bson:"_id"` // empresa/tipo
	Tipo           string `bson:"tipo"`
	VersaoAtual    string `bson:"versao_atual"`
	VersaoMinima   string `bson:"versao_minima"`
	URLAtualizacao string `bson:"url_atualizacao"`
	Mensagem       string `bson:"mensagem"`
	mongox.Meta    `bson:",inline"`
}

func (r *Repo) Versao(ctx context.Context, empresa, tipo string) (*domain.ConfigVersao, error) {
	var d versaoDoc
	err := r.db.Collection(colVersoes).FindOne(ctx, bson.D{{Key: "_id", Value: empresa + "/" + tipo}}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return nil, nil
	}
	if err != nil {
		return nil, errs.Internal(err)
	}
	if d.Empresa != empresa {
		return nil, errs.Internal(errors.New("versão de outra empresa"))
	}
	return &domain.ConfigVersao{Empresa: d.Empresa, Tipo: d.Tipo, VersaoAtual: d.VersaoAtual, VersaoMinima: d.VersaoMinima,
		URLAtualizacao: d.URLAtualizacao, Mensagem: d.Mensagem, Personalizada: true, AlteradoEm: d.AlteradoEm.UTC(), Versao: d.Versao}, nil
}

func (r *Repo) SaveVersao(ctx context.Context, c *domain.ConfigVersao) error {
	d := versaoDoc{ID: c.Empresa + "/" + c.Tipo, Tipo: c.Tipo, VersaoAtual: c.VersaoAtual, VersaoMinima: c.VersaoMinima,
		URLAtualizacao: c.URLAtualizacao, Mensagem: c.Mensagem,
		Meta: mongox.Meta{Empresa: c.Empresa, CriadoEm: c.AlteradoEm, AlteradoEm: c.AlteradoEm, Versao: c.Versao}}
	filter := bson.D{{Key: "_id", Value: d.ID}, {Key: "empresa", Value: c.Empresa}}
	if c.Versao > 1 {
		filter = append(filter, bson.E{Key: "versao", Value: c.Versao - 1})
		res, err := r.db.Collection(colVersoes).UpdateOne(ctx, filter, bson.D{{Key: "$set", Value: bson.D{
			{Key: "versao_atual", Value: d.VersaoAtual}, {Key: "versao_minima", Value: d.VersaoMinima},
			{Key: "url_atualizacao", Value: d.URLAtualizacao}, {Key: "mensagem", Value: d.Mensagem},
			{Key: "alterado_em", Value: d.AlteradoEm}, {Key: "versao", Value: d.Versao}}}})
		if err != nil {
			return errs.Internal(err)
		}
		if res.MatchedCount == 0 {
			return errs.Conflict("A configuração foi alterada por outra pessoa. Recarregue e tente novamente.")
		}
		return nil
	}
	if _, err := r.db.Collection(colVersoes).InsertOne(ctx, d); err != nil {
		if mongo.IsDuplicateKeyError(err) {
			return errs.Conflict("A configuração foi alterada por outra pessoa. Recarregue e tente novamente.")
		}
		return errs.Internal(err)
	}
	return nil
}

type acessoDoc struct {
	ID           string    `bson:"_id"`
	Empresa      string    `bson:"empresa"`
	Operador     string    `bson:"operador"`
	UID          string    `bson:"uid"`
	Historico    string    `bson:"historico"`
	Localizacao  string    `bson:"localizacao"`
	Latitude     *float64  `bson:"latitude"`
	Longitude    *float64  `bson:"longitude"`
	IP           string    `bson:"ip"`
	UserAgent    string    `bson:"user_agent"`
	RegistradoEm time.Time `bson:"registrado_em"`
	// Bookkeeping shared by every entity (an entry is written once).
	CriadoEm   time.Time `bson:"criado_em"`
	AlteradoEm time.Time `bson:"alterado_em"`
	Versao     int64     `bson:"versao"`
	Excluido   bool      `bson:"excluido"`
}

func (r *Repo) InsertAcesso(ctx context.Context, a *domain.Acesso) error {
	d := acessoDoc{ID: a.ID, Empresa: a.Empresa, Operador: a.Operador, UID: a.UID, Historico: a.Historico, Localizacao: a.Localizacao,
		Latitude: a.Latitude, Longitude: a.Longitude, IP: a.IP, UserAgent: a.UserAgent, RegistradoEm: a.RegistradoEm,
		CriadoEm: a.RegistradoEm, AlteradoEm: a.RegistradoEm, Versao: 1}
	if _, err := r.db.Collection(colAcessos).InsertOne(ctx, d); err != nil {
		return errs.Internal(err)
	}
	return nil
}

func (r *Repo) ListAcessos(ctx context.Context, f domain.AcessoFilter) ([]*domain.Acesso, error) {
	filter := bson.D{{Key: "empresa", Value: f.Empresa}, {Key: "excluido", Value: false}}
	if f.Operador != "" {
		filter = append(filter, bson.E{Key: "operador", Value: f.Operador})
	}
	rng := bson.D{}
	if !f.De.IsZero() {
		rng = append(rng, bson.E{Key: "$gte", Value: f.De})
	}
	if !f.Ate.IsZero() {
		rng = append(rng, bson.E{Key: "$lt", Value: f.Ate})
	}
	if len(rng) > 0 {
		filter = append(filter, bson.E{Key: "registrado_em", Value: rng})
	}
	if f.AfterID != "" {
		filter = append(filter, bson.E{Key: "$or", Value: bson.A{
			bson.D{{Key: "registrado_em", Value: bson.D{{Key: "$lt", Value: f.AfterTime}}}},
			bson.D{{Key: "registrado_em", Value: f.AfterTime}, {Key: "_id", Value: bson.D{{Key: "$lt", Value: f.AfterID}}}},
		}})
	}
	cur, err := r.db.Collection(colAcessos).Find(ctx, filter,
		options.Find().SetSort(bson.D{{Key: "registrado_em", Value: -1}, {Key: "_id", Value: -1}}).SetLimit(int64(f.Limit)))
	if err != nil {
		return nil, errs.Internal(err)
	}
	var docs []acessoDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, errs.Internal(err)
	}
	out := make([]*domain.Acesso, len(docs))
	for i, d := range docs {
		out[i] = &domain.Acesso{ID: d.ID, Empresa: d.Empresa, Operador: d.Operador, UID: d.UID, Historico: d.Historico,
			Localizacao: d.Localizacao, Latitude: d.Latitude, Longitude: d.Longitude, IP: d.IP, UserAgent: d.UserAgent,
			RegistradoEm: d.RegistradoEm.UTC()}
	}
	return out, nil
}

type empresaDoc struct {
	ID          string `bson:"_id"`
	Nome        string `bson:"nome"`
	mongox.Meta `bson:",inline"`
}

func (r *Repo) EnsureEmpresa(ctx context.Context, e *domain.Empresa) (*domain.Empresa, error) {
	_, err := r.db.Collection(colEmpresas).UpdateOne(ctx, bson.D{{Key: "_id", Value: e.ID}},
		bson.D{{Key: "$setOnInsert", Value: bson.D{{Key: "nome", Value: e.Nome}, {Key: "empresa", Value: e.ID},
			{Key: "criado_em", Value: e.CriadoEm}, {Key: "alterado_em", Value: e.CriadoEm}, {Key: "versao", Value: int64(1)}, {Key: "excluido", Value: false}}}},
		options.UpdateOne().SetUpsert(true))
	if err != nil {
		return nil, errs.Internal(err)
	}
	return r.Empresa(ctx, e.ID)
}

func (r *Repo) Empresa(ctx context.Context, id string) (*domain.Empresa, error) {
	var d empresaDoc
	err := r.db.Collection(colEmpresas).FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return nil, errs.NotFound("Empresa não encontrada.")
	}
	if err != nil {
		return nil, errs.Internal(err)
	}
	return &domain.Empresa{ID: d.ID, Nome: d.Nome, CriadoEm: d.CriadoEm.UTC()}, nil
}
