// Package adapters holds the customer service's MongoDB repository and its clients of the
// address and operator services.
package adapters

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/crmvendas/crm/services/customer/internal/domain"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/mongox"
	"github.com/crmvendas/crm/services/platform/textfold"
)

const (
	colClientes       = "clientes"
	colDocumentos     = "documentos"
	colTransferencias = "transferencias"
	colPesquisas      = "pesquisas"
	colVersoes        = "pesquisas_versoes"
	colRespostas      = "respostas"
)

func idx(col, name string, unique bool, keys ...string) mongox.Index {
	d := bson.D{}
	for _, k := range keys {
		dir := 1
		if k[0] == '-' {
			k, dir = k[1:], -1
		}
		d = append(d, bson.E{Key: k, Value: dir})
	}
	o := options.Index().SetName(name)
	if unique {
		o.SetUnique(true)
	}
	return mongox.Index{Collection: col, Model: mongo.IndexModel{Keys: d, Options: o}}
}

// Indexes for every query below, for production MongoDB. Lookups by id go through _id (the
// customer's own id, a document's key "empresa|documento", a form version "id@versao"), the
// only filter the embedded FerretDB serves from an index; the lists scan there (see
// docs in the README: the app keeps the portfolio on the device for search).
var Indexes = []mongox.Index{
	// Portfolio list of a seller (VENDEDOR, SUPERVISOR's pick), and of the company (ADMIN).
	idx(colClientes, "empresa_vendedor_nome", false, "empresa", "vendedor_id", "excluido", "nome_ordem", "_id"),
	idx(colClientes, "empresa_nome", false, "empresa", "excluido", "nome_ordem", "_id"),
	// Filters by city (and region: a set of cities) and status.
	idx(colClientes, "empresa_cidade_nome", false, "empresa", "cidade_ibge", "nome_ordem", "_id"),
	idx(colClientes, "empresa_status_nome", false, "empresa", "status", "nome_ordem", "_id"),
	// Changes feed (device sync): by current and earlier sellers.
	idx(colClientes, "empresa_alterado", false, "empresa", "alterado_ns", "_id"),
	idx(colClientes, "empresa_vendedor_alterado", false, "empresa", "vendedor_id", "alterado_ns", "_id"),
	idx(colClientes, "empresa_anteriores_alterado", false, "empresa", "vendedores_anteriores", "alterado_ns", "_id"),
	idx(colTransferencias, "empresa_em", false, "empresa", "-em_ordem", "-_id"),
	idx(colPesquisas, "empresa_titulo", false, "empresa", "titulo_ordem"),
	idx(colRespostas, "empresa_cliente_em", false, "empresa", "cliente_id", "-em_ordem", "-_id"),
}

type clienteDoc struct {
	ID                    string            `bson:"_id"`
	TipoPessoa            string            `bson:"tipo_pessoa"`
	Documento             string            `bson:"documento"`
	Nome                  string            `bson:"nome"`
	NomeFantasia          string            `bson:"nome_fantasia"`
	NomeOrdem             string            `bson:"nome_ordem"`
	Busca                 string            `bson:"busca"`
	InscricaoEstadual     string            `bson:"inscricao_estadual"`
	ContribuinteICMS      bool              `bson:"contribuinte_icms"`
	Email                 string            `bson:"email"`
	Telefone              string            `bson:"telefone"`
	Celular               string            `bson:"celular"`
	Segmento              string            `bson:"segmento"`
	Status                string            `bson:"status"`
	LimiteCreditoCentavos int64             `bson:"limite_credito_centavos"`
	Observacoes           string            `bson:"observacoes"`
	VendedorID            string            `bson:"vendedor_id"`
	VendedoresAnteriores  []string          `bson:"vendedores_anteriores"`
	CidadeIBGE            string            `bson:"cidade_ibge"`
	CidadeNome            string            `bson:"cidade_nome"`
	Enderecos             []domain.Endereco `bson:"enderecos"`
	Contatos              []domain.Contato  `bson:"contatos"`
	CriadoPor             string            `bson:"criado_por"`
	AlteradoPor           string            `bson:"alterado_por"`
	AlteradoNs            int64             `bson:"alterado_ns"`
	mongox.Meta           `bson:",inline"`
}

func toClienteDoc(c *domain.Cliente) *clienteDoc {
	d := &clienteDoc{ID: c.ID, TipoPessoa: c.TipoPessoa, Documento: c.Documento, Nome: c.Nome, NomeFantasia: c.NomeFantasia,
		NomeOrdem: textfold.Fold(c.Nome), Busca: textfold.Fold(c.Nome + " | " + c.NomeFantasia),
		InscricaoEstadual: c.InscricaoEstadual, ContribuinteICMS: c.ContribuinteICMS, Email: c.Email, Telefone: c.Telefone,
		Celular: c.Celular, Segmento: c.Segmento, Status: c.Status, LimiteCreditoCentavos: c.LimiteCreditoCentavos,
		Observacoes: c.Observacoes, VendedorID: c.VendedorID, VendedoresAnteriores: nonNil(c.VendedoresAnteriores),
		Enderecos: c.Enderecos, Contatos: c.Contatos, CriadoPor: c.CriadoPor, AlteradoPor: c.AlteradoPor,
		AlteradoNs: c.AlteradoEm.UnixNano(),
		Meta:       mongox.Meta{Empresa: c.Empresa, CriadoEm: c.CriadoEm, AlteradoEm: c.AlteradoEm, Versao: c.Versao, Excluido: c.Excluido}}
	if d.Enderecos == nil {
		d.Enderecos = []domain.Endereco{}
	}
	if d.Contatos == nil {
		d.Contatos = []domain.Contato{}
	}
	if p := c.Principal(); p != nil {
		d.CidadeIBGE, d.CidadeNome = p.IBGE, textfold.Fold(p.Cidade)
	}
	return d
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func (d *clienteDoc) domain() *domain.Cliente {
	return &domain.Cliente{ID: d.ID, Empresa: d.Empresa, TipoPessoa: d.TipoPessoa, Documento: d.Documento, Nome: d.Nome,
		NomeFantasia: d.NomeFantasia, InscricaoEstadual: d.InscricaoEstadual, ContribuinteICMS: d.ContribuinteICMS,
		Email: d.Email, Telefone: d.Telefone, Celular: d.Celular, Segmento: d.Segmento, Status: d.Status,
		LimiteCreditoCentavos: d.LimiteCreditoCentavos, Observacoes: d.Observacoes, VendedorID: d.VendedorID,
		VendedoresAnteriores: d.VendedoresAnteriores, Enderecos: d.Enderecos, Contatos: d.Contatos,
		CriadoPor: d.CriadoPor, CriadoEm: d.CriadoEm.UTC(), AlteradoPor: d.AlteradoPor,
		AlteradoEm: time.Unix(0, d.AlteradoNs).UTC(), Versao: d.Versao, Excluido: d.Excluido}
}

// Repo is the MongoDB repository of the customer service.
type Repo struct {
	db                                             *mongo.Database
	clientes, documentos, transf, pesq, vers, resp *mongo.Collection
}

// NewRepo returns the repository on db.
func NewRepo(db *mongo.Database) *Repo {
	return &Repo{db: db, clientes: db.Collection(colClientes), documentos: db.Collection(colDocumentos),
		transf: db.Collection(colTransferencias), pesq: db.Collection(colPesquisas), vers: db.Collection(colVersoes),
		resp: db.Collection(colRespostas)}
}

func internal(err error) error {
	if err == nil {
		return nil
	}
	return errs.Internal(err)
}

// byID reads one document by _id (the indexed lookup) and checks its company.
func byID[T any](ctx context.Context, c *mongo.Collection, id, empresa string, emp func(*T) string) (*T, error) {
	var d T
	err := c.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return nil, domain.ErrNotFound
	}
	if err != nil {
		return nil, internal(err)
	}
	if emp(&d) != empresa {
		return nil, domain.ErrOtherCompany
	}
	return &d, nil
}

func (r *Repo) Cliente(ctx context.Context, empresa, id string) (*domain.Cliente, error) {
	d, err := byID(ctx, r.clientes, id, empresa, func(d *clienteDoc) string { return d.Empresa })
	if err != nil {
		return nil, err
	}
	return d.domain(), nil
}

func (r *Repo) InsertCliente(ctx context.Context, c *domain.Cliente) error {
	_, err := r.clientes.InsertOne(ctx, toClienteDoc(c))
	if mongo.IsDuplicateKeyError(err) {
		return domain.ErrDuplicate
	}
	return internal(err)
}

func (r *Repo) ReplaceCliente(ctx context.Context, c *domain.Cliente, prev int64) error {
	res, err := r.clientes.ReplaceOne(ctx, bson.D{{Key: "_id", Value: c.ID}, {Key: "versao", Value: prev}}, toClienteDoc(c))
	if err != nil {
		return internal(err)
	}
	if res.MatchedCount == 0 {
		return domain.ErrVersion
	}
	return nil
}

type documentoDoc struct {
	ID        string `bson:"_id"`
	ClienteID string `bson:"cliente_id"`
}

func docKey(empresa, documento string) string { return empresa + "|" + documento }

func (r *Repo) ClaimDocumento(ctx context.Context, empresa, documento, id string) (string, error) {
	_, err := r.documentos.InsertOne(ctx, documentoDoc{ID: docKey(empresa, documento), ClienteID: id})
	if err == nil {
		return id, nil
	}
	if !mongo.IsDuplicateKeyError(err) {
		return "", internal(err)
	}
	owner, err := r.DonoDocumento(ctx, empresa, documento)
	if err != nil {
		return "", err
	}
	if owner == id {
		return id, nil
	}
	return owner, domain.ErrDuplicate
}

func (r *Repo) ReleaseDocumento(ctx context.Context, empresa, documento, id string) error {
	_, err := r.documentos.DeleteOne(ctx, bson.D{{Key: "_id", Value: docKey(empresa, documento)}, {Key: "cliente_id", Value: id}})
	return internal(err)
}

func (r *Repo) DonoDocumento(ctx context.Context, empresa, documento string) (string, error) {
	var d documentoDoc
	err := r.documentos.FindOne(ctx, bson.D{{Key: "_id", Value: docKey(empresa, documento)}}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return "", domain.ErrNotFound
	}
	return d.ClienteID, internal(err)
}

func contains(s string) bson.D {
	return bson.D{{Key: "$regex", Value: regexp.QuoteMeta(s)}}
}

func (r *Repo) Clientes(ctx context.Context, f domain.Filtro) ([]*domain.Cliente, error) {
	q := bson.D{{Key: "empresa", Value: f.Empresa}, {Key: "excluido", Value: false}}
	if f.Vendedores != nil {
		q = append(q, inOrEq("vendedor_id", f.Vendedores))
	}
	var or bson.A
	if f.Busca != "" {
		or = append(or, bson.D{{Key: "busca", Value: contains(f.Busca)}})
	}
	if f.BuscaDocumento != "" {
		or = append(or, bson.D{{Key: "documento", Value: contains(f.BuscaDocumento)}})
	}
	var and bson.A
	if len(or) > 0 {
		and = append(and, bson.D{{Key: "$or", Value: or}})
	}
	if f.CidadeIBGE != "" {
		q = append(q, bson.E{Key: "cidade_ibge", Value: f.CidadeIBGE})
	}
	if f.CidadeNome != "" {
		q = append(q, bson.E{Key: "cidade_nome", Value: f.CidadeNome})
	}
	if f.Status != "" {
		q = append(q, bson.E{Key: "status", Value: f.Status})
	}
	if f.PorCidades {
		q = append(q, bson.E{Key: "cidade_ibge", Value: bson.D{{Key: "$in", Value: nonNil(f.CidadesIn)}}})
	}
	if f.AfterID != "" {
		and = append(and, bson.D{{Key: "$or", Value: bson.A{
			bson.D{{Key: "nome_ordem", Value: bson.D{{Key: "$gt", Value: f.AfterKey}}}},
			bson.D{{Key: "nome_ordem", Value: f.AfterKey}, {Key: "_id", Value: bson.D{{Key: "$gt", Value: f.AfterID}}}},
		}}})
	}
	if len(and) > 0 {
		q = append(q, bson.E{Key: "$and", Value: and})
	}
	opts := options.Find().SetSort(bson.D{{Key: "nome_ordem", Value: 1}, {Key: "_id", Value: 1}}).SetLimit(int64(f.Limit))
	return r.findClientes(ctx, q, opts)
}

func inOrEq(field string, vals []string) bson.E {
	if len(vals) == 1 {
		return bson.E{Key: field, Value: vals[0]}
	}
	return bson.E{Key: field, Value: bson.D{{Key: "$in", Value: nonNil(vals)}}}
}

func (r *Repo) findClientes(ctx context.Context, q bson.D, opts *options.FindOptionsBuilder) ([]*domain.Cliente, error) {
	cur, err := r.clientes.Find(ctx, q, opts)
	if err != nil {
		return nil, internal(err)
	}
	var docs []clienteDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, internal(err)
	}
	out := make([]*domain.Cliente, len(docs))
	for i := range docs {
		out[i] = docs[i].domain()
	}
	return out, nil
}

func (r *Repo) Alteracoes(ctx context.Context, empresa string, vendedores []string, afterNs int64, afterID string, untilNs int64, limit int) ([]*domain.Cliente, error) {
	q := bson.D{{Key: "empresa", Value: empresa}}
	var and bson.A
	if vendedores != nil {
		and = append(and, bson.D{{Key: "$or", Value: bson.A{
			bson.D{inOrEq("vendedor_id", vendedores)},
			bson.D{{Key: "vendedores_anteriores", Value: bson.D{{Key: "$in", Value: vendedores}}}},
		}}})
	}
	and = append(and, bson.D{{Key: "$or", Value: bson.A{
		bson.D{{Key: "alterado_ns", Value: bson.D{{Key: "$gt", Value: afterNs}}}},
		bson.D{{Key: "alterado_ns", Value: afterNs}, {Key: "_id", Value: bson.D{{Key: "$gt", Value: afterID}}}},
	}}})
	q = append(q, bson.E{Key: "alterado_ns", Value: bson.D{{Key: "$lte", Value: untilNs}}}, bson.E{Key: "$and", Value: and})
	opts := options.Find().SetSort(bson.D{{Key: "alterado_ns", Value: 1}, {Key: "_id", Value: 1}}).SetLimit(int64(limit))
	return r.findClientes(ctx, q, opts)
}

func (r *Repo) Contagens(ctx context.Context, empresa string, vendedores []string) ([]domain.Contagem, error) {
	q := bson.D{{Key: "empresa", Value: empresa}, {Key: "excluido", Value: false}}
	if vendedores != nil {
		q = append(q, inOrEq("vendedor_id", vendedores))
	}
	cur, err := r.clientes.Find(ctx, q, options.Find().SetProjection(bson.D{{Key: "vendedor_id", Value: 1}, {Key: "status", Value: 1}}))
	if err != nil {
		return nil, internal(err)
	}
	var docs []struct {
		V string `bson:"vendedor_id"`
		S string `bson:"status"`
	}
	if err := cur.All(ctx, &docs); err != nil {
		return nil, internal(err)
	}
	out := make([]domain.Contagem, len(docs))
	for i, d := range docs {
		out[i] = domain.Contagem{Vendedor: d.V, Status: d.S}
	}
	return out, nil
}

func (r *Repo) IDsDoVendedor(ctx context.Context, empresa, vendedor string) ([]string, error) {
	cur, err := r.clientes.Find(ctx, bson.D{{Key: "empresa", Value: empresa}, {Key: "vendedor_id", Value: vendedor}, {Key: "excluido", Value: false}},
		options.Find().SetProjection(bson.D{{Key: "_id", Value: 1}}).SetSort(bson.D{{Key: "_id", Value: 1}}))
	if err != nil {
		return nil, internal(err)
	}
	var docs []struct {
		ID string `bson:"_id"`
	}
	if err := cur.All(ctx, &docs); err != nil {
		return nil, internal(err)
	}
	ids := make([]string, len(docs))
	for i, d := range docs {
		ids[i] = d.ID
	}
	return ids, nil
}

// ---------- transfers ----------

type transfDoc struct {
	ID         string    `bson:"_id"`
	Empresa    string    `bson:"empresa"`
	De         string    `bson:"de_vendedor_id"`
	Para       string    `bson:"para_vendedor_id"`
	Vendedores []string  `bson:"vendedores"`
	ClienteIDs []string  `bson:"cliente_ids"`
	Por        string    `bson:"por"`
	Em         time.Time `bson:"em"`
	EmOrdem    string    `bson:"em_ordem"`
}

func ordemTempo(t time.Time) string { return domain.OrdemTempo(t) }

func (d *transfDoc) domain() *domain.Transferencia {
	return &domain.Transferencia{ID: d.ID, Empresa: d.Empresa, De: d.De, Para: d.Para, ClienteIDs: d.ClienteIDs, Por: d.Por, Em: d.Em.UTC()}
}

func (r *Repo) InsertTransferencia(ctx context.Context, t *domain.Transferencia) error {
	vs := []string{t.Para}
	if t.De != "" {
		vs = append(vs, t.De)
	}
	_, err := r.transf.InsertOne(ctx, transfDoc{ID: t.ID, Empresa: t.Empresa, De: t.De, Para: t.Para, Vendedores: vs,
		ClienteIDs: nonNil(t.ClienteIDs), Por: t.Por, Em: t.Em, EmOrdem: ordemTempo(t.Em)})
	if mongo.IsDuplicateKeyError(err) {
		return domain.ErrDuplicate
	}
	return internal(err)
}

func (r *Repo) Transferencia(ctx context.Context, empresa, id string) (*domain.Transferencia, error) {
	d, err := byID(ctx, r.transf, id, empresa, func(d *transfDoc) string { return d.Empresa })
	if err != nil {
		return nil, err
	}
	return d.domain(), nil
}

func (r *Repo) Transferencias(ctx context.Context, empresa string, vendedores []string, afterKey, afterID string, limit int) ([]*domain.Transferencia, error) {
	q := bson.D{{Key: "empresa", Value: empresa}}
	if vendedores != nil {
		q = append(q, bson.E{Key: "vendedores", Value: bson.D{{Key: "$in", Value: vendedores}}})
	}
	if afterID != "" {
		q = append(q, bson.E{Key: "$or", Value: bson.A{
			bson.D{{Key: "em_ordem", Value: bson.D{{Key: "$lt", Value: afterKey}}}},
			bson.D{{Key: "em_ordem", Value: afterKey}, {Key: "_id", Value: bson.D{{Key: "$lt", Value: afterID}}}},
		}})
	}
	cur, err := r.transf.Find(ctx, q, options.Find().SetSort(bson.D{{Key: "em_ordem", Value: -1}, {Key: "_id", Value: -1}}).SetLimit(int64(limit)))
	if err != nil {
		return nil, internal(err)
	}
	var docs []transfDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, internal(err)
	}
	out := make([]*domain.Transferencia, len(docs))
	for i := range docs {
		out[i] = docs[i].domain()
	}
	return out, nil
}

// ---------- surveys ----------

type pesquisaDoc struct {
	ID          string            `bson:"_id"`
	PesquisaID  string            `bson:"pesquisa_id"`
	Titulo      string            `bson:"titulo"`
	TituloOrdem string            `bson:"titulo_ordem"`
	Descricao   string            `bson:"descricao"`
	Perguntas   []domain.Pergunta `bson:"perguntas"`
	Ativa       bool              `bson:"ativa"`
	mongox.Meta `bson:",inline"`
}

func toPesquisaDoc(p *domain.Pesquisa, id string) *pesquisaDoc {
	return &pesquisaDoc{ID: id, PesquisaID: p.ID, Titulo: p.Titulo, TituloOrdem: textfold.Fold(p.Titulo), Descricao: p.Descricao,
		Perguntas: p.Perguntas, Ativa: p.Ativa,
		Meta: mongox.Meta{Empresa: p.Empresa, CriadoEm: p.CriadoEm, AlteradoEm: p.AlteradoEm, Versao: p.Versao}}
}

func (d *pesquisaDoc) domain() *domain.Pesquisa {
	return &domain.Pesquisa{ID: d.PesquisaID, Empresa: d.Empresa, Titulo: d.Titulo, Descricao: d.Descricao, Perguntas: d.Perguntas,
		Ativa: d.Ativa, CriadoEm: d.CriadoEm.UTC(), AlteradoEm: d.AlteradoEm.UTC(), Versao: d.Versao}
}

func versaoKey(id string, v int64) string { return fmt.Sprintf("%s@%d", id, v) }

// InsertPesquisa stores a new form and its first version.
func (r *Repo) InsertPesquisa(ctx context.Context, p *domain.Pesquisa) error {
	if _, err := r.pesq.InsertOne(ctx, toPesquisaDoc(p, p.ID)); err != nil {
		if mongo.IsDuplicateKeyError(err) {
			return domain.ErrDuplicate
		}
		return internal(err)
	}
	return r.keepVersion(ctx, p)
}

func (r *Repo) keepVersion(ctx context.Context, p *domain.Pesquisa) error {
	_, err := r.vers.ReplaceOne(ctx, bson.D{{Key: "_id", Value: versaoKey(p.ID, p.Versao)}}, toPesquisaDoc(p, versaoKey(p.ID, p.Versao)),
		options.Replace().SetUpsert(true))
	return internal(err)
}

// ReplacePesquisa stores a new version (the previous ones are kept).
func (r *Repo) ReplacePesquisa(ctx context.Context, p *domain.Pesquisa, prev int64) error {
	// The version copy first: a form never points at a version that is not kept.
	if err := r.keepVersion(ctx, p); err != nil {
		return err
	}
	res, err := r.pesq.ReplaceOne(ctx, bson.D{{Key: "_id", Value: p.ID}, {Key: "versao", Value: prev}}, toPesquisaDoc(p, p.ID))
	if err != nil {
		return internal(err)
	}
	if res.MatchedCount == 0 {
		return domain.ErrVersion
	}
	return nil
}

func (r *Repo) Pesquisa(ctx context.Context, empresa, id string, versao int64) (*domain.Pesquisa, error) {
	c, key := r.pesq, id
	if versao > 0 {
		c, key = r.vers, versaoKey(id, versao)
	}
	d, err := byID(ctx, c, key, empresa, func(d *pesquisaDoc) string { return d.Empresa })
	if err != nil {
		return nil, err
	}
	return d.domain(), nil
}

func (r *Repo) Pesquisas(ctx context.Context, empresa string, inativas bool) ([]*domain.Pesquisa, error) {
	q := bson.D{{Key: "empresa", Value: empresa}}
	if !inativas {
		q = append(q, bson.E{Key: "ativa", Value: true})
	}
	cur, err := r.pesq.Find(ctx, q, options.Find().SetSort(bson.D{{Key: "titulo_ordem", Value: 1}, {Key: "_id", Value: 1}}).SetLimit(500))
	if err != nil {
		return nil, internal(err)
	}
	var docs []pesquisaDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, internal(err)
	}
	out := make([]*domain.Pesquisa, len(docs))
	for i := range docs {
		out[i] = docs[i].domain()
	}
	return out, nil
}

type respostaDoc struct {
	ID             string            `bson:"_id"`
	Empresa        string            `bson:"empresa"`
	ClienteID      string            `bson:"cliente_id"`
	PesquisaID     string            `bson:"pesquisa_id"`
	PesquisaVersao int64             `bson:"pesquisa_versao"`
	PesquisaTitulo string            `bson:"pesquisa_titulo"`
	Respostas      []domain.Resposta `bson:"respostas"`
	Operador       string            `bson:"operador"`
	OperadorNome   string            `bson:"operador_nome"`
	Em             time.Time         `bson:"em"`
	EmOrdem        string            `bson:"em_ordem"`
	Latitude       *float64          `bson:"latitude,omitempty"`
	Longitude      *float64          `bson:"longitude,omitempty"`
}

func (d *respostaDoc) domain() *domain.RespostaPesquisa {
	return &domain.RespostaPesquisa{ID: d.ID, Empresa: d.Empresa, ClienteID: d.ClienteID, PesquisaID: d.PesquisaID,
		PesquisaVersao: d.PesquisaVersao, PesquisaTitulo: d.PesquisaTitulo, Respostas: d.Respostas, Operador: d.Operador, OperadorNome: d.OperadorNome,
		Em: d.Em.UTC(), Latitude: d.Latitude, Longitude: d.Longitude}
}

func (r *Repo) InsertResposta(ctx context.Context, x *domain.RespostaPesquisa) error {
	_, err := r.resp.InsertOne(ctx, respostaDoc{ID: x.ID, Empresa: x.Empresa, ClienteID: x.ClienteID, PesquisaID: x.PesquisaID,
		PesquisaVersao: x.PesquisaVersao, PesquisaTitulo: x.PesquisaTitulo, Respostas: x.Respostas, Operador: x.Operador, OperadorNome: x.OperadorNome,
		Em: x.Em, EmOrdem: ordemTempo(x.Em), Latitude: x.Latitude, Longitude: x.Longitude})
	if mongo.IsDuplicateKeyError(err) {
		return domain.ErrDuplicate
	}
	return internal(err)
}

func (r *Repo) Resposta(ctx context.Context, empresa, id string) (*domain.RespostaPesquisa, error) {
	d, err := byID(ctx, r.resp, id, empresa, func(d *respostaDoc) string { return d.Empresa })
	if err != nil {
		return nil, err
	}
	return d.domain(), nil
}

func (r *Repo) Respostas(ctx context.Context, empresa, clienteID string, afterKey, afterID string, limit int) ([]*domain.RespostaPesquisa, error) {
	q := bson.D{{Key: "empresa", Value: empresa}, {Key: "cliente_id", Value: clienteID}}
	if afterID != "" {
		q = append(q, bson.E{Key: "$or", Value: bson.A{
			bson.D{{Key: "em_ordem", Value: bson.D{{Key: "$lt", Value: afterKey}}}},
			bson.D{{Key: "em_ordem", Value: afterKey}, {Key: "_id", Value: bson.D{{Key: "$lt", Value: afterID}}}},
		}})
	}
	cur, err := r.resp.Find(ctx, q, options.Find().SetSort(bson.D{{Key: "em_ordem", Value: -1}, {Key: "_id", Value: -1}}).SetLimit(int64(limit)))
	if err != nil {
		return nil, internal(err)
	}
	var docs []respostaDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, internal(err)
	}
	out := make([]*domain.RespostaPesquisa, len(docs))
	for i := range docs {
		out[i] = docs[i].domain()
	}
	return out, nil
}

// InsertClientes stores many new customers and their document keys at once (demo data, large
// imports); documents already taken are reported by the caller beforehand.
func (r *Repo) InsertClientes(ctx context.Context, cs []*domain.Cliente) error {
	if len(cs) == 0 {
		return nil
	}
	docs := make([]any, len(cs))
	keys := make([]any, len(cs))
	for i, c := range cs {
		docs[i] = toClienteDoc(c)
		keys[i] = documentoDoc{ID: docKey(c.Empresa, c.Documento), ClienteID: c.ID}
	}
	if _, err := r.documentos.InsertMany(ctx, keys, options.InsertMany().SetOrdered(false)); err != nil && !mongo.IsDuplicateKeyError(err) {
		return internal(err)
	}
	if _, err := r.clientes.InsertMany(ctx, docs, options.InsertMany().SetOrdered(false)); err != nil && !mongo.IsDuplicateKeyError(err) {
		return internal(err)
	}
	return nil
}
