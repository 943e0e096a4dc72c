// Package ports translates between the sales protos and the use cases, one file per resource
// (produtos.go, tabelas.go, condicoes.go, regras_st.go, politica.go, calculo.go, importar.go; the
// orders in pedidos.go). The simple entities' RPCs (payment terms, ICMS-ST rules) are written
// into entidades.gen.go from their //crm:entidade declarations (services/platform/entity/portas).
package ports

//go:generate go run github.com/crmvendas/crm/services/platform/entity/cmd/gerar-portas

import (
	"reflect"
	"strconv"
	"time"

	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/timestamppb"

	salesv1 "github.com/crmvendas/crm/proto/gen/go/crm/sales/v1"
	"github.com/crmvendas/crm/services/platform/entity"
	"github.com/crmvendas/crm/services/platform/errs"
	"github.com/crmvendas/crm/services/sales/internal/app"
	"github.com/crmvendas/crm/services/sales/internal/domain"
)

// Server implements salesv1.SalesServiceServer.
type Server struct {
	salesv1.UnimplementedSalesServiceServer
	App *app.Service
}

// MsgPercentual is the message of a percentage with more than two decimals.
const MsgPercentual = "Percentual inválido: use um número com no máximo 2 casas decimais (ex.: 7.5)."

// pct reads a percentage from the wire exactly: at most two decimals.
func pct(d float64, campo string) (domain.Percentual, error) {
	p, err := domain.ParsePercentual(strconv.FormatFloat(d, 'f', -1, 64))
	if err != nil {
		return 0, errs.Field(campo, MsgPercentual)
	}
	return p, nil
}

func pctOpt(d *float64, campo string) (*domain.Percentual, error) {
	if d == nil {
		return nil, nil
	}
	p, err := pct(*d, campo)
	return &p, err
}

// num writes a percentage as a JSON number (7.5).
func num(p domain.Percentual) float64 {
	f, _ := strconv.ParseFloat(p.Decimal(), 64)
	return f
}

// percentual maps a domain percentage by name (entity.Mapa) as pct and num do.
var percentual = entity.Conversor{Tipo: reflect.TypeFor[domain.Percentual](),
	ParaProto: func(v any) protoreflect.Value { return protoreflect.ValueOfFloat64(num(v.(domain.Percentual))) },
	DeProto:   func(v protoreflect.Value, campo string) (any, error) { return pct(v.Float(), campo) }}

func ts(t time.Time) *timestamppb.Timestamp {
	if t.IsZero() {
		return nil
	}
	return timestamppb.New(t)
}

func strs(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func lista(l []string, limpar bool) *[]string {
	if len(l) == 0 && !limpar {
		return nil
	}
	return &l
}

// mapear translates a list item by item.
func mapear[T, P any](xs []T, f func(T) P) []P {
	out := make([]P, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

// seHouver translates a record that may be absent (a removal in the feed carries none).
func seHouver[T any, P any](d *T, f func(*T) P) P {
	if d == nil {
		var zero P
		return zero
	}
	return f(d)
}
