package domain

import (
	"github.com/crmvendas/crm/services/platform/errs"
)

// Produto is a product of the company's catalogue, as pricing and validation see it. (The code's
// uniqueness per company is the store's unique key; the photo and the stock figure live beside.)
type Produto struct {
	ID        string `json:"id"`
	Codigo    string `json:"codigo"`
	Descricao string `json:"descricao"`
	Marca     string `json:"marca"`
	Grupo     string `json:"grupo"`
	Unidade   string `json:"unidade"`
	// MultiploVenda: the quantity of a line must be a positive multiple of it (a box of 12: 12,
	// 24, …). At least 1.
	MultiploVenda int64 `json:"multiplo_venda"`
	// EAN is the EAN-13 barcode (optional; checked when given).
	EAN string `json:"ean"`
	// NCM is the 8-digit Mercosul code; it selects the ICMS-ST rule.
	NCM string `json:"ncm"`
	// IPI is the IPI rate, a % of the line value (0 to 100 %).
	IPI        Percentual `json:"ipi_percentual"`
	PesoGramas int64      `json:"peso_gramas"`
	Ativo      bool       `json:"ativo"`
}

// Messages of the product rules (the app's form shows the same).
const (
	MsgEAN      = "Código de barras inválido: informe os 13 dígitos do EAN-13 (o último é o dígito verificador)."
	MsgNCM      = "NCM deve ter 8 dígitos."
	MsgMultiplo = "Múltiplo de venda deve ser um número inteiro maior ou igual a 1."
	MsgIPI      = "Alíquota de IPI deve ficar entre 0% e 100%."
)

// EANValido reports whether s is an EAN-13: 13 digits whose last is the check digit (weights 1
// and 3 alternating from the left over the first 12; the check digit completes a multiple of 10).
func EANValido(s string) bool {
	if len(s) != 13 || !soDigitos(s) {
		return false
	}
	soma := 0
	for i := 0; i < 12; i++ {
		d := int(s[i] - '0')
		if i%2 == 1 {
			d *= 3
		}
		soma += d
	}
	return (10-soma%10)%10 == int(s[12]-'0')
}

// NCMValido reports whether s is an NCM: exactly 8 digits.
func NCMValido(s string) bool { return len(s) == 8 && soDigitos(s) }

// Validar checks the product rules of the domain: EAN-13 check digit (when given), NCM of 8
// digits, sales multiple of at least 1, IPI from 0 to 100 %. Every violation is reported at its
// field.
func (p Produto) Validar() error {
	var campos []errs.FieldViolation
	add := func(campo, msg string) { campos = append(campos, errs.FieldViolation{Field: campo, Description: msg}) }
	if p.EAN != "" && !EANValido(p.EAN) {
		add("ean", MsgEAN)
	}
	if !NCMValido(p.NCM) {
		add("ncm", MsgNCM)
	}
	if p.MultiploVenda < 1 {
		add("multiplo_venda", MsgMultiplo)
	}
	if p.IPI < 0 || p.IPI > Cem {
		add("ipi_percentual", MsgIPI)
	}
	if len(campos) == 0 {
		return nil
	}
	return errs.Invalid(campos[0].Description, campos...)
}
