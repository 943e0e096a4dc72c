package domain

import (
	"bytes"
	"errors"
	"math/big"
	"strconv"
	"strings"
)

// Percentual is a percentage in hundredths of a percentage point: 750 is 7,50 %, -300 is -3 %.
// Percentages have at most two decimals everywhere (the REST shape's "7.5 = 7,5 %"), so an
// integer holds every one of them exactly and the money path never touches a float. In JSON it
// is a plain number with at most two decimals (7.5), read and written exactly from its text.
type Percentual int64

// Cem is 100 % (the scale of a Percentual is 10,000 to 1).
const Cem Percentual = 10000

// ErrPercentual is the error of a percentage with more than two decimals or not a number.
var ErrPercentual = errors.New("percentual inválido: use um número com no máximo 2 casas decimais")

// ParsePercentual reads "7.5", "-3", "12.25" or "7,5" (the pt-BR comma is accepted) exactly.
// More than two decimals are refused unless the extra ones are zeros; exponents are refused.
func ParsePercentual(s string) (Percentual, error) {
	s = strings.TrimSpace(strings.Replace(s, ",", ".", 1))
	neg := false
	if strings.HasPrefix(s, "-") {
		neg, s = true, s[1:]
	} else if strings.HasPrefix(s, "+") {
		s = s[1:]
	}
	inteiro, frac, _ := strings.Cut(s, ".")
	if inteiro == "" || len(inteiro) > 12 || !soDigitos(inteiro) || !soDigitos(frac) {
		return 0, ErrPercentual
	}
	frac = strings.TrimRight(frac, "0")
	if len(frac) > 2 {
		return 0, ErrPercentual
	}
	frac += strings.Repeat("0", 2-len(frac))
	i, _ := strconv.ParseInt(inteiro, 10, 64)
	f, _ := strconv.ParseInt(frac, 10, 64)
	v := Percentual(i*100 + f)
	if neg {
		v = -v
	}
	return v, nil
}

func soDigitos(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Decimal is the percentage as a JSON number's text: 7.5, -3, 12.25, 0.
func (p Percentual) Decimal() string {
	var b strings.Builder
	a := int64(p)
	if a < 0 {
		b.WriteByte('-')
		a = -a
	}
	b.WriteString(strconv.FormatInt(a/100, 10))
	if f := a % 100; f != 0 {
		b.WriteByte('.')
		if f < 10 {
			b.WriteByte('0')
			b.WriteString(strconv.FormatInt(f, 10))
		} else {
			b.WriteString(strings.TrimRight(strconv.FormatInt(f, 10), "0"))
		}
	}
	return b.String()
}

// String is the percentage as a user reads it: "7,5%", "12,25%", "5%".
func (p Percentual) String() string { return strings.Replace(p.Decimal(), ".", ",", 1) + "%" }

func (p Percentual) MarshalJSON() ([]byte, error) { return []byte(p.Decimal()), nil }

func (p *Percentual) UnmarshalJSON(b []byte) error {
	if bytes.Equal(b, []byte("null")) {
		*p = 0
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		return ErrPercentual
	}
	v, err := ParsePercentual(string(b))
	if err != nil {
		return err
	}
	*p = v
	return nil
}

// Data is a calendar date as "AAAA-MM-DD" (the day in America/Sao_Paulo, chosen by the caller);
// in that form dates compare as strings. Validity ranges are inclusive at both ends; an empty
// end means no end.
type Data string

// vigente reports whether d falls within [inicio, fim] (an empty bound is open).
func vigente(d, inicio, fim Data) bool {
	return (inicio == "" || d >= inicio) && (fim == "" || d <= fim)
}

// LimiteCentavos is the largest amount any figure of a priced line or order may reach:
// 2^53 - 1 centavos (about R$ 90 trillion), the largest integer the app's numbers hold exactly,
// so that the server and the app always agree.
const LimiteCentavos = 1<<53 - 1

// dividirPar divides num by den (den > 0) rounding half to even (banker's rounding): 2.5 → 2,
// 3.5 → 4, -2.5 → -2. It is the one rounding of the money path.
func dividirPar(num, den *big.Int) *big.Int {
	q, r := new(big.Int).QuoRem(num, den, new(big.Int)) // truncated toward zero
	if r.Sign() == 0 {
		return q
	}
	dobro := new(big.Int).Abs(r)
	dobro.Lsh(dobro, 1)
	c := dobro.Cmp(den)
	if c > 0 || (c == 0 && q.Bit(0) == 1) { // q's low bit is the parity of |q| (two's complement)
		if num.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	return q
}

// fatorDesconto is (10000 - p), the numerator of (1 - p) over 10000.
func fatorDesconto(p Percentual) *big.Int { return big.NewInt(int64(Cem - p)) }

// FormatarCentavos writes an amount as a user reads it: "R$ 1.234,56", "-R$ 0,50". (The app's
// mirror writes the same, so messages match character for character.)
func FormatarCentavos(c int64) string {
	neg := c < 0
	if neg {
		c = -c
	}
	reais := strconv.FormatInt(c/100, 10)
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	b.WriteString("R$ ")
	for i, r := range reais {
		if i > 0 && (len(reais)-i)%3 == 0 {
			b.WriteByte('.')
		}
		b.WriteRune(r)
	}
	b.WriteByte(',')
	cent := c % 100
	if cent < 10 {
		b.WriteByte('0')
	}
	b.WriteString(strconv.FormatInt(cent, 10))
	return b.String()
}
