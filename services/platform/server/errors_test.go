package server

import (
	"errors"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/crmvendas/crm/services/platform/errs"
)

// TestIsOurs: ours by make (our ErrorInfo), not by words — a domain message that happens to use
// parser vocabulary stays ours, and a bare status (the gateway's decoding errors) never is.
func TestIsOurs(t *testing.T) {
	for _, msg := range []string{"CEP deve ter 8 dígitos", "invalid value: o campo json: está vazio", "unknown field"} {
		if !isOurs(errs.ToStatus(errs.Field("cep", msg))) {
			t.Errorf("domain error %q taken for the gateway's", msg)
		}
		// Also after a gRPC hop (the status and its details as they arrive).
		st, _ := status.FromError(errs.ToStatus(errs.Invalid(msg)).Err())
		if !isOurs(st) {
			t.Errorf("domain error %q over gRPC taken for the gateway's", msg)
		}
	}
	for _, msg := range []string{"invalid character 'h' looking for beginning of value", "unexpected EOF", "invalid character '[' exceeded max depth",
		"proto: syntax error (line 1:2): unexpected token", "type mismatch, parameter: id, error: x", "Texto qualquer em português"} {
		if isOurs(status.New(codes.InvalidArgument, msg)) {
			t.Errorf("gateway error %q taken for ours", msg)
		}
	}
	if isOurs(errs.ToStatus(errors.New("boom"))) {
		t.Error("an internal error's bare status taken for ours")
	}
}
