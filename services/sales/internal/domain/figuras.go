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

// Projecao is what a month would sell at the pace so far: vendido ÷ decorridos × total working
// days, rounded half up (vendido itself when no working day has gone by or the month is over).
func Projecao(vendido int64, decorridos, total int) int64 {
	if decorridos <= 0 || decorridos >= total {
		return vendido
	}
	n := new(big.Int).Mul(big.NewInt(vendido), big.NewInt(int64(2*total)))
	n.Add(n, big.NewInt(int64(decorridos)))
	return n.Quo(n, big.NewInt(int64(2*decorridos))).Int64()
}

// PorDia is falta spread over the working days left, rounded up (what a seller must sell each
// day to reach it); all of it when no working day is left, 0 when nothing is missing.
func PorDia(falta int64, restantes int) int64 {
	switch {
	case falta <= 0:
		return 0
	case restantes <= 0:
		return falta
	}
	return (falta + int64(restantes) - 1) / int64(restantes)
}

// Media is total ÷ n rounded half up (0 without n).
func Media(total, n int64) int64 {
	if n <= 0 {
		return 0
	}
	return (2*total + n) / (2 * n)
}
