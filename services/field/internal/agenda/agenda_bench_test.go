package agenda

import (
	"fmt"
	"testing"
	"time"

	"google.golang.org/protobuf/encoding/protojson"

	fieldv1 "github.com/crmvendas/crm/proto/gen/go/crm/field/v1"
)

// BenchmarkAgendaMes is the work of GET /crm/agenda for a seller with 400 customers over the
// month view (six weeks) once the records are read: planning, assembling, the proto and its JSON
// (what crmbench -only agenda measures end to end; go test -bench AgendaMes -cpuprofile).
func BenchmarkAgendaMes(b *testing.B) {
	fs := make([]*Frequencia, 400)
	for i := range fs {
		dias := []int32{int32(i%5 + 1)}
		if i%4 == 0 {
			dias = append(dias, int32((i+2)%5+1))
		}
		fs[i] = &Frequencia{ClienteID: fmt.Sprintf("demo-cliente-%05d", i), VendedorID: "demo-vendedor", Frequencia: Frequencias[i%3], DiasSemana: dias, Inicio: "2026-10-26"}
	}
	de := time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)
	ate := de.AddDate(0, 0, 41)
	folgas := map[time.Time]bool{time.Date(2026, 12, 25, 0, 0, 0, 0, time.UTC): true}
	util := func(d time.Time) bool { return diaISO(d) <= 5 && !folgas[d] }
	hoje := time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)
	b.ReportAllocs()
	for b.Loop() {
		its := Montar(Planejar(fs, de, ate, util), nil, nil, de, ate, hoje, hoje)
		if _, err := protojson.Marshal(&fieldv1.Agenda{Itens: itensProto(its)}); err != nil {
			b.Fatal(err)
		}
	}
}
