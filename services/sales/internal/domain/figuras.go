package domain

import (
	"fmt"
	"math/big"
	"time"
)

// The sales figures read from the summaries (resumo.go): what they compute on top of the rows,
// pure.

// MaxMesesFiguras bounds the span of a month-by-month figure (GET /crm/vendas/ano-mes).
const MaxMesesFiguras = 24

// Mes is a calendar month, counted from year 0 (ano*12 + mês − 1), so that months subtract.
type Mes int

// LerMes reads "AAAA-MM" (ok false otherwise).
func LerMes(s string) (Mes, bool) {
	t, err := time.Parse("2006-01", s)
	if err != nil || len(s) != 7 {
		return 0, false
	}
	return Mes(t.Year()*12 + int(t.Month()) - 1), true
}

// String is the month as "AAAA-MM".
func (m Mes) String() string { return fmt.Sprintf("%04d-%02d", int(m)/12, int(m)%12+1) }

// VariacaoPercentual is the change from base to atual in percent (hundredths of a point, rounded
// half to even: 1250 = +12,5 %); ok false without a base (base ≤ 0).
func VariacaoPercentual(atual, base int64) (Percentual, bool) {
	if base <= 0 {
		return 0, false
	}
	num := new(big.Int).Mul(big.NewInt(atual-base), big.NewInt(int64(Cem)))
	return Percentual(dividirPar(num, big.NewInt(base)).Int64()), true
}
