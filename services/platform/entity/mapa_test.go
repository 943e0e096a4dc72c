package entity_test

import (
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/platform/store"
)

// centesimos is a domain type the platform does not know: hundredths of a percent.
type centesimos int64

// prazo has the payment term's fields by their bson names, one of them a centesimos.
type prazo struct {
	store.Meta          `bson:",inline"`
	Nome                string     `bson:"nome"`
	ParcelasDias        []int      `bson:"parcelas_dias"`
	Forma               string     `bson:"forma"`
	Acrescimo           centesimos `bson:"acrescimo_percentual"`
	ValorMinimoCentavos int64      `bson:"valor_minimo_centavos"`
	UsaLimiteCredito    bool       `bson:"usa_limite_credito"`
	Clientes            []string   `bson:"clientes"`
	Ativo               bool       `bson:"ativo"`
}

var conv = entity.Conversor{Tipo: reflect.TypeFor[centesimos](),
	ParaProto: func(v any) protoreflect.Value { return protoreflect.ValueOfFloat64(float64(v.(centesimos)) / 100) },
	DeProto: func(v protoreflect.Value, campo string) (any, error) {
		c := v.Float() * 100
		if c != math.Trunc(c) {
			return nil, errs.Field(campo, "No máximo 2 casas.")
		}
		return centesimos(c), nil
	}}

func TestMapaPorNome(t *testing.T) {
	m := entity.NovoMapa[prazo](conv)
	quando := time.Date(2026, 11, 27, 1, 2, 3, 0, time.UTC)
	p := &prazo{Meta: store.Meta{ID: "p1", Empresa: "e1", Versao: 3, CriadoEm: quando}, Nome: "28/35", ParcelasDias: []int{28, 35},
		Forma: "pix", Acrescimo: -250, ValorMinimoCentavos: 30000, Clientes: nil, Ativo: true}
	got := entity.ParaProto[*salesv1.CondicaoPagamento](m, p)
	want := &salesv1.CondicaoPagamento{Id: "p1", Empresa: "e1", Nome: "28/35", ParcelasDias: []int32{28, 35}, Forma: "pix", AcrescimoPercentual: -2.5,
		ValorMinimoCentavos: 30000, Ativo: true, Versao: 3, CriadoEm: got.GetCriadoEm()}
	if !proto.Equal(got, want) || !got.GetCriadoEm().AsTime().Equal(quando) || got.AlteradoEm != nil {
		t.Fatalf("para o proto:\n%v\n%v", got, want)
	}

	// A create: every field by name, the first conversion mistake is the answer.
	n, err := m.Novo(&salesv1.CriarCondicaoRequest{Id: "p2", Nome: "Pix", ParcelasDias: []int32{0}, Forma: "pix", AcrescimoPercentual: 1.5, Clientes: []string{"c1"}})
	if err != nil || n.ID != "p2" || n.Nome != "Pix" || !reflect.DeepEqual(n.ParcelasDias, []int{0}) || n.Acrescimo != 150 || !reflect.DeepEqual(n.Clientes, []string{"c1"}) || n.Ativo {
		t.Fatalf("novo: %+v %v", n, err)
	}
	if _, err := m.Novo(&salesv1.CriarCondicaoRequest{AcrescimoPercentual: 1.555}); err == nil || !strings.Contains(err.Error(), "2 casas") {
		t.Fatalf("conversão: %v", err)
	}

	// An update: what was sent, lists when not empty, limpar_ empties a list not sent.
	base := func() *prazo {
		return &prazo{Nome: "A", ParcelasDias: []int{28}, Forma: "boleto", Acrescimo: 100, Clientes: []string{"c1"}, Ativo: true}
	}
	aplicar := func(r *salesv1.AtualizarCondicaoRequest) *prazo {
		t.Helper()
		f, err := m.Patch(r)
		if err != nil {
			t.Fatal(err)
		}
		x := base()
		f(x)
		return x
	}
	x := aplicar(&salesv1.AtualizarCondicaoRequest{Id: "p1", Versao: 2, Nome: new("B"), Ativo: new(false), ValorMinimoCentavos: new(int64(0))})
	if x.Nome != "B" || x.Ativo || x.Forma != "boleto" || x.Acrescimo != 100 || !reflect.DeepEqual(x.ParcelasDias, []int{28}) || !reflect.DeepEqual(x.Clientes, []string{"c1"}) {
		t.Fatalf("patch: %+v", x)
	}
	x = aplicar(&salesv1.AtualizarCondicaoRequest{ParcelasDias: []int32{30, 60}, AcrescimoPercentual: new(-1.0), LimparClientes: true})
	if !reflect.DeepEqual(x.ParcelasDias, []int{30, 60}) || x.Acrescimo != -100 || x.Clientes != nil {
		t.Fatalf("listas: %+v", x)
	}
	// A list sent wins over limpar_.
	if x = aplicar(&salesv1.AtualizarCondicaoRequest{Clientes: []string{"c2"}, LimparClientes: true}); !reflect.DeepEqual(x.Clientes, []string{"c2"}) {
		t.Fatalf("lista e limpar: %+v", x)
	}
	// A mistake in what was sent is answered before anything is read.
	if _, err := m.Patch(&salesv1.AtualizarCondicaoRequest{AcrescimoPercentual: new(0.001)}); err == nil {
		t.Fatal("conversão aceita")
	}

	// A message with a field the domain lacks is the service's mistake.
	if _, err := m.Novo(&salesv1.CriarRegraSTRequest{}); !errs.IsKind(err, errs.KindInternal) {
		t.Fatalf("campo sem correspondente: %v", err)
	}
	if _, err := entity.NovoMapa[prazo]().Novo(&salesv1.CriarCondicaoRequest{}); !errs.IsKind(err, errs.KindInternal) {
		t.Fatalf("tipo sem conversor: %v", err)
	}
}

// prazoAtivo is prazo whose ativo defaults to true on create (`padrao`).
type prazoAtivo struct {
	store.Meta          `bson:",inline"`
	Nome                string     `bson:"nome"`
	ParcelasDias        []int      `bson:"parcelas_dias"`
	Forma               string     `bson:"forma"`
	Acrescimo           centesimos `bson:"acrescimo_percentual"`
	ValorMinimoCentavos int64      `bson:"valor_minimo_centavos"`
	UsaLimiteCredito    bool       `bson:"usa_limite_credito"`
	Clientes            []string   `bson:"clientes"`
	Ativo               bool       `bson:"ativo" padrao:"true"`
}

func TestMapaPadrao(t *testing.T) {
	m := entity.NovoMapa[prazoAtivo](conv)
	for _, c := range []struct {
		ativo *bool
		want  bool
	}{{nil, true}, {new(false), false}, {new(true), true}} {
		n, err := m.Novo(&salesv1.CriarCondicaoRequest{Id: "p", Nome: "A", Ativo: c.ativo})
		if err != nil || n.Ativo != c.want {
			t.Errorf("ativo %v: %+v %v, want ativo %v", c.ativo, n, err, c.want)
		}
	}
	// An update sends what changes: the default is for a create only.
	f, err := m.Patch(&salesv1.AtualizarCondicaoRequest{Id: "p", Versao: 1, Nome: new("B")})
	if err != nil {
		t.Fatal(err)
	}
	x := &prazoAtivo{Nome: "A"}
	f(x)
	if x.Ativo || x.Nome != "B" {
		t.Errorf("patch: %+v", x)
	}
}
