package errs

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

func TestToStatus(t *testing.T) {
	for _, c := range []struct {
		err  error
		code codes.Code
		msg  string
	}{
		{Invalid("CEP deve ter 8 dígitos"), codes.InvalidArgument, "CEP deve ter 8 dígitos"},
		{Unauthenticated(MsgNoToken), codes.Unauthenticated, MsgNoToken},
		{Forbidden(MsgRole), codes.PermissionDenied, MsgRole},
		{NotFound("CEP não encontrado"), codes.NotFound, "CEP não encontrado"},
		{Conflict("já existe"), codes.AlreadyExists, "já existe"},
		{TooMany("devagar"), codes.ResourceExhausted, "devagar"},
		{Unavailable("fora do ar", errors.New("dial tcp: refused")), codes.Unavailable, "fora do ar"},
		{fmt.Errorf("wrapped: %w", NotFound("x")), codes.NotFound, "x"},
		{errors.New("segredo interno"), codes.Internal, MsgInternal},
		{Internal(errors.New("segredo interno")), codes.Internal, MsgInternal},
		{context.Canceled, codes.Canceled, MsgCanceled},
		// A store call abandoned by its client fails inside the driver: still the client's doing.
		{Internal(fmt.Errorf("%w (interrupted (9))", context.Canceled)), codes.Canceled, MsgCanceled},
		{fmt.Errorf("listar: %w", Internal(fmt.Errorf("%w (sql: transaction has already been committed or rolled back)", context.DeadlineExceeded))), codes.DeadlineExceeded, MsgDeadline},
		{status.Error(codes.Aborted, "abortado"), codes.Aborted, "abortado"},
	} {
		st := ToStatus(c.err)
		if st.Code() != c.code || st.Message() != c.msg {
			t.Errorf("%v -> %v %q, want %v %q", c.err, st.Code(), st.Message(), c.code, c.msg)
		}
	}
	st := ToStatus(Invalid("dois problemas", FieldViolation{"a", "A ruim"}, FieldViolation{"b", "B ruim"}))
	if len(st.Details()) != 2 || len(st.Details()[1].(*errdetails.BadRequest).FieldViolations) != 2 {
		t.Errorf("details: %v", st.Details())
	}
	if ToStatus(nil) != nil {
		t.Error("nil error")
	}
}

func TestReasons(t *testing.T) {
	st := ToStatus(Conflict("Já existe").WithReason(ReasonDocumentoDuplicado, "cliente_id", "c1"))
	info, ok := st.Details()[0].(*errdetails.ErrorInfo)
	if !ok || info.Reason != "DOCUMENTO_DUPLICADO" || info.Metadata["cliente_id"] != "c1" || info.Domain != Domain {
		t.Fatalf("ErrorInfo: %v", st.Details())
	}
	if r := ReasonOf(fmt.Errorf("x: %w", NotFound("Cliente não encontrado."))); r != ReasonNaoEncontrado {
		t.Errorf("default reason of NotFound: %q", r)
	}
	if r := ReasonOf(OutOfScope("de outra empresa")); r != ReasonForaDoEscopo {
		t.Errorf("OutOfScope: %q", r)
	}
	// The copy does not change the original.
	base := Conflict("x")
	_ = base.WithReason(ReasonConflito, "a", "b")
	if base.Reason != "" || base.Details != nil {
		t.Error("WithReason changed its receiver")
	}
}

// TestMotivosDoRegistro: the reasons this package gives by itself (a kind's default, OutOfScope,
// RateLimited) are registered (contracts/motivos.json) with the code they come with.
func TestMotivosDoRegistro(t *testing.T) {
	for k, r := range defaultReasons {
		if !slices.Contains(CodigosDoMotivo(r), kindCodes[k]) {
			t.Errorf("default reason %s of kind %d: registered with %v, not %v", r, k, CodigosDoMotivo(r), kindCodes[k])
		}
	}
	for _, e := range []*Error{OutOfScope("x"), RateLimited("x", time.Second)} {
		if !slices.Contains(CodigosDoMotivo(e.Reason), kindCodes[e.Kind]) {
			t.Errorf("%s: registered with %v, not %v", e.Reason, CodigosDoMotivo(e.Reason), kindCodes[e.Kind])
		}
	}
	if Registrado("NAO_DECLARADO") || !Registrado(ReasonPrecosAlterados) || len(Motivos()) < 30 {
		t.Errorf("registry: %v", Motivos())
	}
	if MsgInternal != MensagemInterno || MsgRole != MensagemPerfil {
		t.Error("the messages of ERRO_INTERNO and PERFIL_NAO_PERMITIDO are the registry's")
	}
}
