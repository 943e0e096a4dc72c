package domain

import (
	"errors"

	"github.com/crmvendas/crm/services/platform/errs"
)

func errFields(err error) []string {
	var de *errs.Error
	if !errors.As(err, &de) {
		return nil
	}
	var out []string
	for _, f := range de.Fields {
		out = append(out, f.Field)
	}
	return out
}
