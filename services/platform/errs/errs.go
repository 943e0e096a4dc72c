// Package errs is the one place where domain errors get their kind, and where kinds become gRPC
// status codes (and through the gateway, HTTP statuses). Handlers never build statuses by hand.
package errs

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/durationpb"
)

// Kind classifies an error the way a client must react to it.
type Kind int

const (
	KindInternal Kind = iota
	KindInvalid
	KindUnauthenticated
	KindForbidden
	KindNotFound
	KindConflict
	KindTooMany
	KindUnavailable
)

// FieldViolation names a request field and what is wrong with it (pt-BR).
type FieldViolation struct {
	Field       string
	Description string
}

// Reason is the machine-readable cause of an error (google.rpc.ErrorInfo.reason over gRPC,
// `motivo` in the REST body). Clients act on the reason, never on the message. Every reason a
// client may meet is declared once, in the registry contracts/motivos.json, with the code it comes
// with; motivos.gen.go is generated from it (the constants ReasonX, MensagemX and the registry
// read by Registrado and CodigosDoMotivo) and so is the app's Motivo. A service names a reason by
// its constant (or a local alias of the same name); services/platform/contratos's test fails on a
// reason that is not in the registry, on one written as a literal, and on one built with a code
// the registry does not give it.
type Reason string

// Domain is the ErrorInfo domain of every reason.
const Domain = "crm.vendas"

// Registrado reports whether r is in the registry (contracts/motivos.json).
func Registrado(r Reason) bool { _, ok := registro[r]; return ok }

// CodigosDoMotivo are the gRPC codes r comes with, its own first (nil when r is not registered).
func CodigosDoMotivo(r Reason) []codes.Code { return slices.Clone(registro[r]) }

// Motivos are every registered reason, sorted.
func Motivos() []Reason {
	out := make([]Reason, 0, len(registro))
	for r := range registro {
		out = append(out, r)
	}
	slices.Sort(out)
	return out
}

// defaultReasons: the reason of an error built without one.
var defaultReasons = map[Kind]Reason{
	KindInternal:        ReasonInterno,
	KindInvalid:         ReasonDadosInvalidos,
	KindUnauthenticated: ReasonNaoAutenticado,
	KindForbidden:       ReasonPerfil,
	KindNotFound:        ReasonNaoEncontrado,
	KindConflict:        ReasonConflito,
	KindTooMany:         ReasonLimiteExcedido,
	KindUnavailable:     ReasonIndisponivel,
}

// Error is a domain error: a kind, a pt-BR message a user may read, optional field violations,
// a machine-readable reason with its metadata, and an optional cause that is logged but never
// sent to the client.
type Error struct {
	Kind    Kind
	Message string
	Fields  []FieldViolation
	Reason  Reason
	Details map[string]string
	Cause   error
	// RetryAfter, when set, is how long the client should wait before trying again.
	RetryAfter time.Duration
}

// WithReason returns a copy of e with the reason and metadata (key, value pairs).
func (e *Error) WithReason(r Reason, kv ...string) *Error {
	c := *e
	c.Reason = r
	if len(kv) > 0 {
		c.Details = make(map[string]string, len(kv)/2+len(e.Details))
		for k, v := range e.Details {
			c.Details[k] = v
		}
		for i := 0; i+1 < len(kv); i += 2 {
			c.Details[kv[i]] = kv[i+1]
		}
	}
	return &c
}

// ReasonOf is the reason of err (its kind's default when it has none; empty for non-domain errors).
func ReasonOf(err error) Reason {
	var de *Error
	if !errors.As(err, &de) {
		return ""
	}
	if de.Reason != "" {
		return de.Reason
	}
	return defaultReasons[de.Kind]
}

// IsReason reports whether err carries reason r.
func IsReason(err error, r Reason) bool { return ReasonOf(err) == r }

func (e *Error) Error() string {
	if e.Cause != nil {
		return fmt.Sprintf("%s: %v", e.Message, e.Cause)
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.Cause }

// Invalid: bad input (HTTP 400). The message names the problem in pt-BR.
func Invalid(msg string, fields ...FieldViolation) *Error {
	return &Error{Kind: KindInvalid, Message: msg, Fields: fields}
}

// Field builds a single-field validation error whose message is the description.
func Field(field, description string) *Error {
	return Invalid(description, FieldViolation{Field: field, Description: description})
}

func Unauthenticated(msg string) *Error { return &Error{Kind: KindUnauthenticated, Message: msg} }
func Forbidden(msg string) *Error       { return &Error{Kind: KindForbidden, Message: msg} }

// OutOfScope: another company's record or one outside the caller's role scope (403,
// FORA_DO_ESCOPO).
func OutOfScope(msg string) *Error {
	return &Error{Kind: KindForbidden, Message: msg, Reason: ReasonForaDoEscopo}
}
func NotFound(msg string) *Error { return &Error{Kind: KindNotFound, Message: msg} }
func Conflict(msg string) *Error { return &Error{Kind: KindConflict, Message: msg} }
func TooMany(msg string) *Error  { return &Error{Kind: KindTooMany, Message: msg} }

// RateLimited: over a rate limit (HTTP 429, LIMITE_EXCEDIDO); retry is the wait before the next
// call may pass (whole seconds in detalhes.tentar_em_segundos and Retry-After).
func RateLimited(msg string, retry time.Duration) *Error {
	secs := int64(math.Ceil(retry.Seconds()))
	return &Error{Kind: KindTooMany, Message: msg, Reason: ReasonLimiteExcedido, RetryAfter: retry,
		Details: map[string]string{"tentar_em_segundos": strconv.FormatInt(secs, 10)}}
}

// Unavailable: a dependency failed (HTTP 503); cause is logged only.
func Unavailable(msg string, cause error) *Error {
	return &Error{Kind: KindUnavailable, Message: msg, Cause: cause}
}

// Internal wraps an unexpected failure; the client sees a generic message.
func Internal(cause error) *Error {
	return &Error{Kind: KindInternal, Message: MsgInternal, Cause: cause}
}

// Common messages, so that the same situation reads the same everywhere.
const (
	MsgInternal        = MensagemInterno
	MsgNoToken         = "Autenticação necessária: envie o token do Firebase no cabeçalho Authorization."
	MsgBadToken        = "Token de autenticação inválido ou expirado. Entre novamente."
	MsgNoOperator      = "Nenhum operador cadastrado para este usuário. Peça ao administrador da empresa para incluí-lo."
	MsgInactive        = "Operador desativado. Fale com o administrador da empresa."
	MsgOtherCompany    = "Acesso negado: os dados pertencem a outra empresa."
	MsgRole            = MensagemPerfil
	MsgCanceled        = "Requisição cancelada."
	MsgDeadline        = "Tempo esgotado ao processar a requisição. Tente novamente."
	MsgBodyTooLarge    = "Requisição grande demais (máximo de 1 MiB)."
	MsgInvalidJSON     = "Não foi possível ler os dados enviados: algum campo está em formato inválido. Confira e tente de novo."
	MsgInvalidQuery    = "Não foi possível ler a consulta: algum filtro está em formato inválido."
	MsgInvalidValue    = "Valor inválido para este campo."
	MsgNotFoundRoute   = "Rota não encontrada."
	MsgMethodNotAllowd = "Método não permitido para esta rota."
)

var kindCodes = map[Kind]codes.Code{
	KindInternal:        codes.Internal,
	KindInvalid:         codes.InvalidArgument,
	KindUnauthenticated: codes.Unauthenticated,
	KindForbidden:       codes.PermissionDenied,
	KindNotFound:        codes.NotFound,
	KindConflict:        codes.AlreadyExists,
	KindTooMany:         codes.ResourceExhausted,
	KindUnavailable:     codes.Unavailable,
}

// ToStatus converts any error returned by a handler into a gRPC status. Errors that already are
// statuses pass through; context errors become Canceled/DeadlineExceeded; anything else is
// Internal with a generic pt-BR message (the cause is only logged by the caller).
func ToStatus(err error) *status.Status {
	if err == nil {
		return nil
	}
	var de *Error
	if errors.As(err, &de) && !(de.Kind == KindInternal && endedContext(err)) {
		st := status.New(kindCodes[de.Kind], de.Message)
		reason := de.Reason
		if reason == "" {
			reason = defaultReasons[de.Kind]
		}
		if withInfo, derr := st.WithDetails(&errdetails.ErrorInfo{Reason: string(reason), Domain: Domain, Metadata: de.Details}); derr == nil {
			st = withInfo
		}
		if de.RetryAfter > 0 {
			if withRetry, derr := st.WithDetails(&errdetails.RetryInfo{RetryDelay: durationpb.New(de.RetryAfter)}); derr == nil {
				st = withRetry
			}
		}
		if len(de.Fields) > 0 {
			br := &errdetails.BadRequest{}
			for _, f := range de.Fields {
				br.FieldViolations = append(br.FieldViolations, &errdetails.BadRequest_FieldViolation{Field: f.Field, Description: f.Description})
			}
			if withDetails, derr := st.WithDetails(br); derr == nil {
				st = withDetails
			}
		}
		return st
	}
	if st, ok := status.FromError(err); ok && de == nil {
		return st
	}
	switch {
	case errors.Is(err, context.Canceled):
		return status.New(codes.Canceled, MsgCanceled)
	case errors.Is(err, context.DeadlineExceeded):
		return status.New(codes.DeadlineExceeded, MsgDeadline)
	}
	return status.New(codes.Internal, MsgInternal)
}

// endedContext: an internal error whose cause is the call's own context ending (the client hung
// up, the deadline passed) is that, not a server failure.
func endedContext(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// IsKind reports whether err is a domain error of kind k.
func IsKind(err error, k Kind) bool {
	var de *Error
	return errors.As(err, &de) && de.Kind == k
}
