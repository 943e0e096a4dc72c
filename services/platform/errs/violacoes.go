package errs

// Violacoes gathers a record's field violations while its rules are checked: the answer is one
// 400 naming every field at fault, the first one's description as its message.
type Violacoes []FieldViolation

// Add records a violation at campo (the API's field name).
func (v *Violacoes) Add(campo, descricao string) {
	*v = append(*v, FieldViolation{Field: campo, Description: descricao})
}

// Merge adds the field violations of err, an invalid-argument error of a nested record's rules
// (another error adds nothing).
func (v *Violacoes) Merge(err error) {
	if e, ok := err.(*Error); ok {
		*v = append(*v, e.Fields...)
	}
}

// Err is nil without violations, else the invalid-argument error listing them.
func (v Violacoes) Err() error {
	if len(v) == 0 {
		return nil
	}
	return Invalid(v[0].Description, v...)
}
