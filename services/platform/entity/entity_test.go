package entity_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
	"github.com/crmvendas/crm/services/platform/textfold"
)

// termo is a simple entity of the tests: a name (required, trimmed) and a UF (upper case).
type termo struct {
	store.Meta `bson:",inline"`
	Nome       string `bson:"nome"`
	UF         string `bson:"uf"`
}

func (t *termo) Normalizar() error {
	t.Nome = strings.TrimSpace(t.Nome)
	t.UF = strings.ToUpper(strings.TrimSpace(t.UF))
	if t.Nome == "" {
		return errs.Field("nome", "Informe o nome do termo.")
	}
	return nil
}

var termosSpec = store.Spec[termo]{
	Name:       "termos",
	NotFound:   "Termo não encontrado.",
	OutOfScope: "Acesso negado: o registro é de outra empresa.",
	Fields: []store.Field[termo]{
		{Name: "nome_ordem", Value: func(t *termo) any { return textfold.Fold(t.Nome) }},
		{Name: "uf", Value: func(t *termo) any { return t.UF }},
	},
	Search: func(t *termo) string { return t.Nome },
	Sort:   store.Sort{Fields: []string{"nome_ordem"}},
}

const msgSemID = "Informe o id do termo."

func novo(t *testing.T) *entity.Entidade[termo, *termo] {
	t.Helper()
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), store.SQLiteFile))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	col, err := store.Declare(context.Background(), st, termosSpec)
	if err != nil {
		t.Fatal(err)
	}
	return entity.Nova(col, msgSemID)
}

func como(empresa string) context.Context {
	return caller.With(context.Background(), &caller.Caller{UID: "u-" + empresa, Empresa: empresa, Operador: "op", Perfil: caller.Admin})
}

// campo is the field and message of a field violation (fails when err is not one).
func campo(t *testing.T, err error) (string, string) {
	t.Helper()
	var e *errs.Error
	if !errors.As(err, &e) || e.Kind != errs.KindInvalid || len(e.Fields) != 1 {
		t.Fatalf("esperava uma violação de campo, veio %v", err)
	}
	return e.Fields[0].Field, e.Fields[0].Description
}

func TestCriarIDRegrasERepeticao(t *testing.T) {
	e := novo(t)
	ctx := como("e1")
	if _, err := e.Criar(ctx, &termo{Meta: store.Meta{ID: "com espaço"}, Nome: "x"}); err == nil {
		t.Fatal("id inválido aceito")
	} else if f, m := campo(t, err); f != "id" || m != entity.MsgID {
		t.Fatalf("id inválido: %s %q", f, m)
	}
	if _, err := e.Criar(ctx, &termo{Meta: store.Meta{ID: "t1"}, Nome: "  "}); err == nil {
		t.Fatal("as regras do domínio não rodaram")
	} else if f, m := campo(t, err); f != "nome" || m != "Informe o nome do termo." {
		t.Fatalf("regra: %s %q", f, m)
	}
	// The client's bookkeeping is not taken: the store writes its own.
	a, err := e.Criar(ctx, &termo{Meta: store.Meta{ID: "t1", Versao: 7, Empresa: "outra"}, Nome: " Trinta dias ", UF: "sp"})
	if err != nil {
		t.Fatal(err)
	}
	if a.Nome != "Trinta dias" || a.UF != "SP" || a.Versao != 1 || a.Empresa != "e1" {
		t.Fatalf("criado: %+v", a)
	}
	// A replay answers the first record; another payload under the id is refused.
	b, err := e.Criar(ctx, &termo{Meta: store.Meta{ID: "t1"}, Nome: "Trinta dias", UF: "SP"})
	if err != nil || b.Versao != 1 || !b.CriadoEm.Equal(a.CriadoEm) {
		t.Fatalf("repetição: %+v %v", b, err)
	}
	if _, err := e.Criar(ctx, &termo{Meta: store.Meta{ID: "t1"}, Nome: "Outro"}); !errs.IsReason(err, errs.ReasonIDReutilizado) {
		t.Fatalf("id reutilizado: %v", err)
	}
	// No id: the server makes one.
	c, err := e.Criar(ctx, &termo{Nome: "Sem id"})
	if err != nil || len(c.ID) != 36 {
		t.Fatalf("sem id: %+v %v", c, err)
	}
}

func TestObterAtualizarExcluirAlteracoes(t *testing.T) {
	e := novo(t)
	ctx := como("e1")
	if _, err := e.Criar(ctx, &termo{Meta: store.Meta{ID: "t1"}, Nome: "Trinta"}); err != nil {
		t.Fatal(err)
	}
	for nome, f := range map[string]func(string) error{
		"obter":     func(id string) error { _, err := e.Obter(ctx, id); return err },
		"atualizar": func(id string) error { _, err := e.Atualizar(ctx, id, 0, func(*termo) {}); return err },
		"excluir":   func(id string) error { _, err := e.Excluir(ctx, id, 0); return err },
	} {
		if c, m := campo(t, f(" ")); c != "id" || m != msgSemID {
			t.Fatalf("%s sem id: %s %q", nome, c, m)
		}
	}
	ch, err := e.Alteracoes(ctx, "", 10)
	if err != nil || len(ch.Items) != 1 || ch.Items[0].Removido {
		t.Fatalf("feed: %+v %v", ch, err)
	}
	if _, err := e.Obter(como("e2"), "t1"); !errs.IsReason(err, errs.ReasonForaDoEscopo) {
		t.Fatalf("outra empresa: %v", err)
	}
	// A patch, then the rules: what the patch leaves invalid is refused and nothing is written.
	if _, err := e.Atualizar(ctx, "t1", 1, func(t *termo) { t.Nome = "" }); err == nil {
		t.Fatal("patch inválido gravado")
	}
	u, err := e.Atualizar(ctx, "t1", 1, func(t *termo) { t.UF = " pr " })
	if err != nil || u.Nome != "Trinta" || u.UF != "PR" || u.Versao != 2 {
		t.Fatalf("atualizado: %+v %v", u, err)
	}
	if _, err := e.Atualizar(ctx, "t1", 1, func(*termo) {}); !errs.IsReason(err, errs.ReasonVersaoDesatualizada) {
		t.Fatalf("versão velha: %v", err)
	}
	x, err := e.Excluir(ctx, "t1", 2)
	if err != nil || !x.Excluido {
		t.Fatalf("excluído: %+v %v", x, err)
	}
	if _, err := e.Obter(ctx, "t1"); !errs.IsKind(err, errs.KindNotFound) {
		t.Fatalf("excluído ainda aparece: %v", err)
	}
	if _, err := e.Alteracoes(ctx, "lixo", 10); err == nil {
		t.Fatal("cursor inválido aceito")
	} else if c, m := campo(t, err); c != "desde" || m != entity.MsgCursor {
		t.Fatalf("cursor: %s %q", c, m)
	}
	ch, err = e.Alteracoes(ctx, ch.Cursor, 10)
	if err != nil || len(ch.Items) != 1 || !ch.Items[0].Removido || ch.Items[0].ID != "t1" {
		t.Fatalf("feed: %+v %v", ch, err)
	}
}

// termoFiltrado is a termo whose list is filtered by UF, declared as contracts/formularios.json
// generates it (FiltrosDaLista).
type termoFiltrado termo

func (t *termoFiltrado) StoreMeta() *store.Meta { return &t.Meta }
func (t *termoFiltrado) Normalizar() error      { return (*termo)(t).Normalizar() }
func (*termoFiltrado) FiltrosDaLista() map[string]func(string) string {
	return map[string]func(string) string{"uf": func(s string) string { return strings.ToUpper(strings.TrimSpace(s)) }}
}

// TestExporFiltraPeloDeclarado: a domain type that declares its list's filters gets them from
// Expor, with no code of the service: the request's field, normalized, against the stored one.
func TestExporFiltraPeloDeclarado(t *testing.T) {
	st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), store.SQLiteFile))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	col, err := store.Declare(context.Background(), st, store.Spec[termoFiltrado]{
		Name: "termos", NotFound: "Termo não encontrado.", OutOfScope: "Acesso negado.",
		Fields: []store.Field[termoFiltrado]{{Name: "uf", Value: func(t *termoFiltrado) any { return t.UF }}},
	})
	if err != nil {
		t.Fatal(err)
	}
	p := entity.Expor[*salesv1.CondicaoPagamento](entity.Nova(col, msgSemID), entity.NovoMapa[termoFiltrado]())
	// The proto is not the record's (no mapping by name): its own one.
	p.ParaProto = func(t *termoFiltrado) *salesv1.CondicaoPagamento { return paraProto((*termo)(t)) }
	ctx := como("e1")
	for _, x := range []termoFiltrado{{Meta: store.Meta{ID: "a"}, Nome: "Boleto", UF: "sp"}, {Meta: store.Meta{ID: "b"}, Nome: "Pix", UF: "PR"}} {
		if _, err := p.Criar(ctx, &x); err != nil {
			t.Fatal(err)
		}
	}
	nomes := func(uf string) string {
		l, err := entity.Listar[*salesv1.ListarCondicoesResponse](ctx, p, &salesv1.ListarRegrasSTRequest{Uf: uf})
		if err != nil {
			t.Fatalf("uf %q: %v", uf, err)
		}
		var out []string
		for _, c := range l.GetCondicoes() {
			out = append(out, c.GetNome())
		}
		return strings.Join(out, ",")
	}
	if got := nomes(" sp "); got != "Boleto" {
		t.Fatalf("filtro uf sp: %q", got)
	}
	if got := nomes(""); got != "Boleto,Pix" {
		t.Fatalf("sem filtro: %q", got)
	}
	// A type without the declaration is not filtered (a request with a uf lists everything).
	if f := entity.Expor[*salesv1.CondicaoPagamento](novo(t), entity.NovoMapa[termo]()).Filtros; len(f) != 0 {
		t.Fatalf("filtros sem declaração: %v", f)
	}
}

func paraProto(t *termo) *salesv1.CondicaoPagamento {
	return &salesv1.CondicaoPagamento{Id: t.ID, Empresa: t.Empresa, Nome: t.Nome, Forma: t.UF, Versao: t.Versao, Excluido: t.Excluido}
}

func TestPortasListaFiltroBuscaEFeed(t *testing.T) {
	p := &entity.Portas[termo, *termo, *salesv1.CondicaoPagamento]{Entidade: novo(t), ParaProto: paraProto}
	ctx := como("e1")
	for _, c := range []*salesv1.CriarCondicaoRequest{{Id: "a", Nome: "Boleto 28", Forma: "SP"}, {Id: "b", Nome: "Pix", Forma: "PR"}, {Id: "c", Nome: "Boleto 35", Forma: "SP"}} {
		m, err := entity.Criar(ctx, p, c, func(r *salesv1.CriarCondicaoRequest) (*termo, error) {
			return &termo{Meta: store.Meta{ID: r.GetId()}, Nome: r.GetNome(), UF: r.GetForma()}, nil
		})
		if err != nil || m.GetVersao() != 1 {
			t.Fatalf("criar %s: %v %v", c.Id, m, err)
		}
	}
	// A mapping's mistake comes first, before the id or the rules.
	if _, err := entity.Criar(ctx, p, &salesv1.CriarCondicaoRequest{Id: "com espaço"}, func(*salesv1.CriarCondicaoRequest) (*termo, error) {
		return nil, errs.Field("acrescimo_percentual", "Percentual inválido.")
	}); err == nil || !strings.Contains(err.Error(), "Percentual") {
		t.Fatalf("erro do mapeamento: %v", err)
	}
	nomes := func(l []*salesv1.CondicaoPagamento) (out []string) {
		for _, c := range l {
			out = append(out, c.GetNome())
		}
		return out
	}
	pg, err := entity.Listar[*salesv1.ListarCondicoesResponse](ctx, p, &salesv1.PaginaRequest{PageSize: 2})
	if err != nil || strings.Join(nomes(pg.GetCondicoes()), ",") != "Boleto 28,Boleto 35" || pg.GetNextPageToken() == "" {
		t.Fatalf("página 1: %v %v", pg, err)
	}
	pg, err = entity.Listar[*salesv1.ListarCondicoesResponse](ctx, p, &salesv1.PaginaRequest{PageSize: 2, PageToken: pg.GetNextPageToken()})
	if err != nil || strings.Join(nomes(pg.GetCondicoes()), ",") != "Pix" || pg.GetNextPageToken() != "" {
		t.Fatalf("página 2: %v %v", pg, err)
	}
	// The declared filter, read from the request's field and normalized.
	p.Filtros = []entity.Filtro{{Campo: "uf", Normalizar: strings.ToUpper}}
	rs, err := entity.Listar[*salesv1.ListarCondicoesResponse](ctx, p, &salesv1.ListarRegrasSTRequest{Uf: " pr "})
	if err != nil || strings.Join(nomes(rs.GetCondicoes()), ",") != "Pix" {
		t.Fatalf("filtro uf: %v %v", rs, err)
	}
	// Search by the declared field.
	p.Filtros, p.Busca = nil, "q"
	bs, err := entity.Listar[*salesv1.ListarCondicoesResponse](ctx, p, &salesv1.ListarProdutosRequest{Q: "boleto 35"})
	if err != nil || strings.Join(nomes(bs.GetCondicoes()), ",") != "Boleto 35" {
		t.Fatalf("busca: %v %v", bs, err)
	}
	// A request without the declared field is the service's mistake, never silently unfiltered.
	if _, err := entity.Listar[*salesv1.ListarCondicoesResponse](ctx, p, &salesv1.PaginaRequest{}); !errs.IsKind(err, errs.KindInternal) {
		t.Fatalf("campo de busca ausente: %v", err)
	}
	p.Busca = ""
	// An answer without a list of the entity's message is refused the same way.
	if _, err := entity.Listar[*salesv1.ListarTabelasResponse](ctx, p, &salesv1.PaginaRequest{}); !errs.IsKind(err, errs.KindInternal) {
		t.Fatalf("resposta sem lista: %v", err)
	}

	up, err := entity.Atualizar(ctx, p, &salesv1.AtualizarCondicaoRequest{Id: "b", Versao: 1, Nome: new("PIX à vista")},
		func(r *salesv1.AtualizarCondicaoRequest) (func(*termo), error) {
			return func(t *termo) { entity.Definir(&t.Nome, r.Nome); entity.Definir(&t.UF, r.Forma) }, nil
		})
	if err != nil || up.GetNome() != "PIX à vista" || up.GetForma() != "PR" || up.GetVersao() != 2 {
		t.Fatalf("atualizar: %v %v", up, err)
	}
	if ob, err := entity.Obter(ctx, p, &salesv1.ObterRequest{Id: "b"}); err != nil || ob.GetVersao() != 2 {
		t.Fatalf("obter: %v %v", ob, err)
	}
	antes, err := entity.Alteracoes[*salesv1.AlteracoesCondicoesResponse](ctx, p, &salesv1.AlteracoesRequest{PageSize: 10})
	if err != nil || len(antes.GetAlteracoes()) != 3 {
		t.Fatalf("feed antes: %v %v", antes, err)
	}
	for _, a := range antes.GetAlteracoes() {
		if a.GetRemovido() || a.GetCondicao().GetId() != a.GetId() || (a.GetId() == "b" && a.GetCondicao().GetNome() != "PIX à vista") {
			t.Fatalf("alteração: %v", a)
		}
	}
	if ex, err := entity.Excluir(ctx, p, &salesv1.ExcluirRequest{Id: "a", Versao: 1}); err != nil || !ex.GetExcluido() {
		t.Fatalf("excluir: %v %v", ex, err)
	}
	if _, err := entity.Excluir(ctx, p, &salesv1.ExcluirRequest{Id: "c", Versao: 9}); !errs.IsReason(err, errs.ReasonVersaoDesatualizada) {
		t.Fatalf("excluir em versão velha: %v", err)
	}

	f, err := entity.Alteracoes[*salesv1.AlteracoesCondicoesResponse](ctx, p, &salesv1.AlteracoesRequest{Desde: antes.GetCursor(), PageSize: 10})
	if err != nil || f.GetCursor() == "" || f.GetMais() {
		t.Fatalf("feed: %v %v", f, err)
	}
	vistos := map[string]string{}
	for _, a := range f.GetAlteracoes() {
		switch {
		case a.GetRemovido() && a.GetCondicao() == nil:
			vistos[a.GetId()] = "removido"
		case !a.GetRemovido() && a.GetCondicao().GetId() == a.GetId():
			vistos[a.GetId()] = a.GetCondicao().GetNome()
		default:
			t.Fatalf("alteração malformada: %v", a)
		}
	}
	if len(vistos) != 1 || vistos["a"] != "removido" {
		t.Fatalf("feed: %v", vistos)
	}
	if _, err := entity.Alteracoes[*salesv1.AlteracoesCondicoesResponse](ctx, p, &salesv1.AlteracoesRequest{Desde: "x"}); !errs.IsKind(err, errs.KindInvalid) {
		t.Fatalf("cursor: %v", err)
	}
}

func TestPoliticas(t *testing.T) {
	ps := entity.Politicas(&salesv1.SalesService_ServiceDesc, "Condicao", "Condicoes", entity.AdminEscreve)
	quer := map[string][]string{
		salesv1.SalesService_ListarCondicoes_FullMethodName: nil, salesv1.SalesService_ObterCondicao_FullMethodName: nil,
		salesv1.SalesService_AlteracoesCondicoes_FullMethodName: nil,
		salesv1.SalesService_CriarCondicao_FullMethodName:       {caller.Admin}, salesv1.SalesService_AtualizarCondicao_FullMethodName: {caller.Admin},
		salesv1.SalesService_ExcluirCondicao_FullMethodName: {caller.Admin},
	}
	if len(ps) != len(quer) {
		t.Fatalf("políticas: %v", ps)
	}
	for m, roles := range quer {
		p, ok := ps[m]
		if !ok || strings.Join(p.Roles, ",") != strings.Join(roles, ",") {
			t.Fatalf("%s: %v", m, p)
		}
	}
	// Only the methods the service has (ST rules: list, create, delete).
	if st := entity.Politicas(&salesv1.SalesService_ServiceDesc, "RegraST", "RegrasST", entity.AdminEscreve); len(st) != 3 {
		t.Fatalf("regras ST: %v", st)
	}
	j := entity.Juntar(ps, auth.Policies{"/x/Y": auth.Policy{}})
	if len(j) != 7 {
		t.Fatalf("juntar: %v", j)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("um método declarado duas vezes passou")
		}
	}()
	entity.Juntar(ps, ps)
}
