// Package caller carries the authenticated caller (Firebase uid and, when the uid has an operator
// record, the company, operator and role) through a request's context.
package caller

import "context"

// Roles (perfil_app), exactly as they travel on the wire.
const (
	Admin      = "ADMIN"
	Supervisor = "SUPERVISOR"
	Vendedor   = "VENDEDOR"
)

// ValidRole reports whether p is one of the three roles.
func ValidRole(p string) bool { return p == Admin || p == Supervisor || p == Vendedor }

// Caller is who is calling. Empresa is empty when the uid has no operator record.
type Caller struct {
	UID          string
	Email        string
	Empresa      string
	Operador     string
	NomeOperador string
	Perfil       string
	Equipe       []string
	Ativo        bool
	// Token is the verified bearer token, kept to call other services on the caller's behalf.
	Token string
	// Metadata of the call, for audit records.
	IP        string
	UserAgent string
	RequestID string
}

// HasOperator reports whether the uid is linked to an operator of a company.
func (c *Caller) HasOperator() bool { return c != nil && c.Empresa != "" }

// IsAdmin reports whether the caller is an ADMIN of their company.
func (c *Caller) IsAdmin() bool { return c != nil && c.Perfil == Admin }

// Sees reports whether the caller's role scope covers data owned by operator id: ADMIN sees the
// whole company, SUPERVISOR themself and their team, VENDEDOR only themself.
func (c *Caller) Sees(operador string) bool {
	if c == nil || !c.HasOperator() {
		return false
	}
	switch c.Perfil {
	case Admin:
		return true
	case Supervisor:
		if operador == c.Operador {
			return true
		}
		for _, o := range c.Equipe {
			if o == operador {
				return true
			}
		}
		return false
	default:
		return operador == c.Operador
	}
}

type ctxKey struct{}

// With returns ctx carrying c.
func With(ctx context.Context, c *Caller) context.Context { return context.WithValue(ctx, ctxKey{}, c) }

// From returns the caller in ctx, or nil for unauthenticated (public) calls.
func From(ctx context.Context) *Caller {
	c, _ := ctx.Value(ctxKey{}).(*Caller)
	return c
}
