package adapters

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/crmvendas/crm/services/customer/internal/domain"
	"github.com/crmvendas/crm/services/platform/textfold"
)

// Indexed is the repository with each company's customers kept in memory (with the folded
// fields lists filter and sort on), so lists, searches, lookups by id, the portfolio summary and
// the changes feed read memory instead of the collection. Measured on the embedded FerretDB
// 1.24 (SQLite): a filter other than {_id} decodes every document in Go (about 0.3-0.6 ms per
// customer), and even {_id} misses SQLite's index (FerretDB queries `->'$._id'` while its index is
// on `->"_id"`), parsing each row's JSON (about 4 us per customer): a page of 50 customers read by
// _id costs 0.4 s at 2,000 customers. Writes go to the collection by _id.
//
// The memory stays correct across processes through a generation counter per company
// (collection "geracoes", _id = empresa), incremented after every customer write: a reader
// compares it with the generation its copy was loaded at and reloads on a difference. Writes of
// this process apply themselves to the copy, so in the all-in-one process a company is loaded
// once. Companies unused for IdleAfter are dropped from memory.
//
// Optimistic concurrency (versao) is checked against the copy under the company's lock, after
// making sure the copy is current; with Strict (a real MongoDB, where a two-key filter uses an
// index) the write also filters on the stored versao, closing the window between processes.
type Indexed struct {
	*Repo
	gens      *mongo.Collection
	Strict    bool
	IdleAfter time.Duration
	// MaxAge forces a reload now and then (a write whose counter increment was lost).
	MaxAge time.Duration

	mu sync.Mutex
	by map[string]*companyIndex
}

// NewIndexed wraps repo.
func NewIndexed(repo *Repo, strict bool) *Indexed {
	return &Indexed{Repo: repo, gens: repo.db.Collection("geracoes"), Strict: strict, IdleAfter: 30 * time.Minute, MaxAge: 10 * time.Minute,
		by: map[string]*companyIndex{}}
}

type entry struct {
	c                                    *domain.Cliente
	nomeOrdem, busca, cidadeNome, cidade string
}

func entryOf(c *domain.Cliente) entry {
	e := entry{c: c, nomeOrdem: textfold.Fold(c.Nome), busca: textfold.Fold(c.Nome + " | " + c.NomeFantasia)}
	if p := c.Principal(); p != nil {
		e.cidade, e.cidadeNome = p.IBGE, textfold.Fold(p.Cidade)
	}
	return e
}

func less(a, b *entry) int {
	if c := strings.Compare(a.nomeOrdem, b.nomeOrdem); c != 0 {
		return c
	}
	return strings.Compare(a.c.ID, b.c.ID)
}

// companyIndex: entries sorted by (nomeOrdem, id).
type companyIndex struct {
	mu       sync.Mutex
	gen      int64
	built    bool
	stale    bool
	builtAt  time.Time
	usedAt   time.Time
	entries  []entry
	position map[string]int // id -> index in entries (rebuilt lazily)
}

func (ci *companyIndex) find(id string) int {
	if ci.position == nil {
		ci.position = make(map[string]int, len(ci.entries))
		for i := range ci.entries {
			ci.position[ci.entries[i].c.ID] = i
		}
	}
	if i, ok := ci.position[id]; ok {
		return i
	}
	return -1
}

func (ci *companyIndex) upsert(c *domain.Cliente) {
	e := entryOf(c)
	if i := ci.find(c.ID); i >= 0 {
		ci.entries = slices.Delete(ci.entries, i, i+1)
	}
	i, _ := slices.BinarySearchFunc(ci.entries, e, func(a, b entry) int { return less(&a, &b) })
	ci.entries = slices.Insert(ci.entries, i, e)
	ci.position = nil
}

func (x *Indexed) company(empresa string) *companyIndex {
	x.mu.Lock()
	defer x.mu.Unlock()
	now := time.Now()
	for k, ci := range x.by { // drop idle companies
		if k != empresa && now.Sub(ci.usedAt) > x.IdleAfter && ci.mu.TryLock() {
			delete(x.by, k)
			ci.mu.Unlock()
		}
	}
	ci := x.by[empresa]
	if ci == nil {
		ci = &companyIndex{}
		x.by[empresa] = ci
	}
	ci.usedAt = now
	return ci
}

func (x *Indexed) generation(ctx context.Context, empresa string) (int64, error) {
	var d struct {
		N int64 `bson:"n"`
	}
	err := x.gens.FindOne(ctx, bson.D{{Key: "_id", Value: empresa}}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return 0, nil
	}
	return d.N, internal(err)
}

// bumpLocked increments the company's generation after a write and applies the written
// customers to the copy (or marks it stale when another process wrote in between). ci is locked.
func (x *Indexed) bumpLocked(ctx context.Context, ci *companyIndex, empresa string, written ...*domain.Cliente) error {
	var d struct {
		N int64 `bson:"n"`
	}
	err := x.gens.FindOneAndUpdate(ctx, bson.D{{Key: "_id", Value: empresa}}, bson.D{{Key: "$inc", Value: bson.D{{Key: "n", Value: int64(1)}}}},
		options.FindOneAndUpdate().SetUpsert(true).SetReturnDocument(options.After)).Decode(&d)
	if err != nil {
		ci.stale = true
		return internal(err)
	}
	if !ci.built || ci.stale || ci.gen != d.N-1 {
		ci.stale = true
		return nil
	}
	for _, w := range written {
		ci.upsert(w.Clone())
	}
	ci.gen = d.N
	return nil
}

// index returns the company's copy, current with the stored generation, locked (callers unlock).
func (x *Indexed) index(ctx context.Context, empresa string) (*companyIndex, error) {
	gen, err := x.generation(ctx, empresa)
	if err != nil {
		return nil, err
	}
	ci := x.company(empresa)
	ci.mu.Lock()
	if ci.built && !ci.stale && ci.gen == gen && time.Since(ci.builtAt) < x.MaxAge {
		return ci, nil
	}
	// Reload: the generation was read before the scan, so a write during it is noticed next time.
	cur, err := x.clientes.Find(ctx, bson.D{{Key: "empresa", Value: empresa}})
	if err != nil {
		ci.mu.Unlock()
		return nil, internal(err)
	}
	var docs []clienteDoc
	if err := cur.All(ctx, &docs); err != nil {
		ci.mu.Unlock()
		return nil, internal(err)
	}
	entries := make([]entry, len(docs))
	for i := range docs {
		entries[i] = entryOf(docs[i].domain())
	}
	slices.SortFunc(entries, func(a, b entry) int { return less(&a, &b) })
	ci.entries, ci.position, ci.gen, ci.built, ci.stale, ci.builtAt = entries, nil, gen, true, false, time.Now()
	return ci, nil
}

// Cliente reads a customer from the company's copy; an id the copy lacks is looked up in the
// collection (another company's id is refused there).
func (x *Indexed) Cliente(ctx context.Context, empresa, id string) (*domain.Cliente, error) {
	ci, err := x.index(ctx, empresa)
	if err != nil {
		return nil, err
	}
	if i := ci.find(id); i >= 0 {
		cp := ci.entries[i].c.Clone()
		ci.mu.Unlock()
		return cp, nil
	}
	ci.mu.Unlock()
	return x.Repo.Cliente(ctx, empresa, id)
}

func (x *Indexed) InsertCliente(ctx context.Context, c *domain.Cliente) error {
	ci, err := x.index(ctx, c.Empresa)
	if err != nil {
		return err
	}
	defer ci.mu.Unlock()
	if err := x.Repo.InsertCliente(ctx, c); err != nil {
		return err
	}
	return x.bumpLocked(ctx, ci, c.Empresa, c)
}

// ReplaceCliente stores c if the stored versao is still prev, checked on the current copy under
// the company's lock (and, when Strict, by the write's filter too).
func (x *Indexed) ReplaceCliente(ctx context.Context, c *domain.Cliente, prev int64) error {
	ci, err := x.index(ctx, c.Empresa)
	if err != nil {
		return err
	}
	defer ci.mu.Unlock()
	i := ci.find(c.ID)
	if i < 0 {
		return domain.ErrNotFound
	}
	if ci.entries[i].c.Versao != prev {
		return domain.ErrVersion
	}
	filter := bson.D{{Key: "_id", Value: c.ID}}
	if x.Strict {
		filter = append(filter, bson.E{Key: "versao", Value: prev})
	}
	res, err := x.clientes.ReplaceOne(ctx, filter, toClienteDoc(c))
	if err != nil {
		return internal(err)
	}
	if res.MatchedCount == 0 {
		ci.stale = true
		return domain.ErrVersion
	}
	return x.bumpLocked(ctx, ci, c.Empresa, c)
}

// InsertClientes stores many customers (of one company) and then bumps the generation once.
func (x *Indexed) InsertClientes(ctx context.Context, cs []*domain.Cliente) error {
	if len(cs) == 0 {
		return nil
	}
	if err := x.Repo.InsertClientes(ctx, cs); err != nil {
		return err
	}
	ci := x.company(cs[0].Empresa)
	ci.mu.Lock()
	defer ci.mu.Unlock()
	ci.stale = true // a bulk write: reloaded on the next read
	return x.bumpLocked(ctx, ci, cs[0].Empresa)
}

func inSet(set []string, v string) bool {
	return set == nil || slices.Contains(set, v)
}

func (f *filtroIdx) match(e *entry) bool {
	if e.c.Excluido || !inSet(f.Vendedores, e.c.VendedorID) {
		return false
	}
	if f.Busca != "" || f.BuscaDocumento != "" {
		hit := (f.Busca != "" && strings.Contains(e.busca, f.Busca)) || (f.BuscaDocumento != "" && strings.Contains(e.c.Documento, f.BuscaDocumento))
		if !hit {
			return false
		}
	}
	if f.CidadeIBGE != "" && e.cidade != f.CidadeIBGE || f.CidadeNome != "" && e.cidadeNome != f.CidadeNome || f.Status != "" && e.c.Status != f.Status {
		return false
	}
	if f.PorCidades && !slices.Contains(f.CidadesIn, e.cidade) {
		return false
	}
	return true
}

type filtroIdx struct{ domain.Filtro }

// Clientes filters the company's copy from the cursor on.
func (x *Indexed) Clientes(ctx context.Context, f domain.Filtro) ([]*domain.Cliente, error) {
	ci, err := x.index(ctx, f.Empresa)
	if err != nil {
		return nil, err
	}
	defer ci.mu.Unlock()
	start := 0
	if f.AfterID != "" {
		start, _ = slices.BinarySearchFunc(ci.entries, entry{nomeOrdem: f.AfterKey, c: &domain.Cliente{ID: f.AfterID}}, func(a, b entry) int { return less(&a, &b) })
		if start < len(ci.entries) && ci.entries[start].nomeOrdem == f.AfterKey && ci.entries[start].c.ID == f.AfterID {
			start++
		}
	}
	fi := filtroIdx{f}
	var out []*domain.Cliente
	for i := start; i < len(ci.entries) && len(out) < f.Limit; i++ {
		if fi.match(&ci.entries[i]) {
			out = append(out, ci.entries[i].c.Clone())
		}
	}
	return out, nil
}

func (x *Indexed) Alteracoes(ctx context.Context, empresa string, vendedores []string, afterNs int64, afterID string, untilNs int64, limit int) ([]*domain.Cliente, error) {
	ci, err := x.index(ctx, empresa)
	if err != nil {
		return nil, err
	}
	defer ci.mu.Unlock()
	var hits []*domain.Cliente
	for i := range ci.entries {
		c := ci.entries[i].c
		ns := c.AlteradoEm.UnixNano()
		if ns > untilNs || ns < afterNs || ns == afterNs && c.ID <= afterID {
			continue
		}
		if vendedores != nil && !slices.Contains(vendedores, c.VendedorID) && !slices.ContainsFunc(c.VendedoresAnteriores, func(v string) bool { return slices.Contains(vendedores, v) }) {
			continue
		}
		hits = append(hits, c)
	}
	slices.SortFunc(hits, func(a, b *domain.Cliente) int {
		if c := a.AlteradoEm.Compare(b.AlteradoEm); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	if len(hits) > limit {
		hits = hits[:limit]
	}
	out := make([]*domain.Cliente, len(hits))
	for i, c := range hits {
		out[i] = c.Clone()
	}
	return out, nil
}

func (x *Indexed) Contagens(ctx context.Context, empresa string, vendedores []string) ([]domain.Contagem, error) {
	ci, err := x.index(ctx, empresa)
	if err != nil {
		return nil, err
	}
	defer ci.mu.Unlock()
	var out []domain.Contagem
	for i := range ci.entries {
		c := ci.entries[i].c
		if !c.Excluido && inSet(vendedores, c.VendedorID) {
			out = append(out, domain.Contagem{Vendedor: c.VendedorID, Status: c.Status})
		}
	}
	return out, nil
}

func (x *Indexed) IDsDoVendedor(ctx context.Context, empresa, vendedor string) ([]string, error) {
	ci, err := x.index(ctx, empresa)
	if err != nil {
		return nil, err
	}
	defer ci.mu.Unlock()
	var ids []string
	for i := range ci.entries {
		if c := ci.entries[i].c; !c.Excluido && c.VendedorID == vendedor {
			ids = append(ids, c.ID)
		}
	}
	slices.Sort(ids)
	return ids, nil
}
