// Package auth verifies Firebase ID tokens, resolves the caller's operator context, and enforces
// each method's policy (token, operator record, role, company) in one interceptor that runs for
// gRPC calls and for REST calls alike.
package auth

import (
	"context"
	"crypto/sha256"
	"errors"
	"sync"
	"time"

	firebase "firebase.google.com/go/v4"
	fbauth "firebase.google.com/go/v4/auth"
	"google.golang.org/api/option"

	"github.com/crmvendas/crm/services/platform/errs"
)

// Identity is what a verified token says about its bearer.
type Identity struct {
	UID     string
	Email   string
	Expires time.Time
}

// Verifier checks a bearer token.
type Verifier interface {
	Verify(ctx context.Context, token string) (Identity, error)
}

// NewFirebaseApp returns the Admin SDK app for projectID. With FIREBASE_AUTH_EMULATOR_HOST set the
// SDK talks to the emulator and needs no credentials; otherwise it uses the application default
// credentials when present (user management needs them; token verification does not).
func NewFirebaseApp(ctx context.Context, projectID string, emulator bool) (*firebase.App, error) {
	var opts []option.ClientOption
	if emulator {
		opts = append(opts, option.WithoutAuthentication())
	}
	return firebase.NewApp(ctx, &firebase.Config{ProjectID: projectID}, opts...)
}

// FirebaseVerifier verifies ID tokens with the Admin SDK (signature, audience = project, issuer,
// expiry) and remembers a verified token until it expires (at most CacheFor), so that a busy
// operator's calls do not pay for verification each time.
type FirebaseVerifier struct {
	client   *fbauth.Client
	CacheFor time.Duration
	now      func() time.Time

	mu    sync.RWMutex
	cache map[[32]byte]Identity
}

const maxCachedTokens = 20000

// NewFirebaseVerifier wraps an Admin SDK auth client.
func NewFirebaseVerifier(client *fbauth.Client) *FirebaseVerifier {
	return &FirebaseVerifier{client: client, CacheFor: 5 * time.Minute, now: time.Now, cache: map[[32]byte]Identity{}}
}

// Verify returns the token's identity, or an Unauthenticated error (Unavailable when the identity
// service could not be asked).
func (v *FirebaseVerifier) Verify(ctx context.Context, token string) (Identity, error) {
	key := sha256.Sum256([]byte(token))
	now := v.now()
	v.mu.RLock()
	id, ok := v.cache[key]
	v.mu.RUnlock()
	if ok && now.Before(id.Expires) {
		return id, nil
	}
	tok, err := v.client.VerifyIDToken(ctx, token)
	if err != nil {
		if isTokenProblem(err) {
			return Identity{}, errs.Unauthenticated(errs.MsgBadToken)
		}
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return Identity{}, err
		}
		return Identity{}, errs.Unavailable("Serviço de autenticação indisponível. Tente novamente em instantes.", err)
	}
	id = Identity{UID: tok.UID, Expires: time.Unix(tok.Expires, 0)}
	if e, ok := tok.Claims["email"].(string); ok {
		id.Email = e
	}
	if limit := now.Add(v.CacheFor); limit.Before(id.Expires) {
		id.Expires = limit
	}
	v.mu.Lock()
	if len(v.cache) >= maxCachedTokens {
		for k, e := range v.cache {
			if !now.Before(e.Expires) || len(v.cache) >= maxCachedTokens {
				delete(v.cache, k)
			}
		}
	}
	v.cache[key] = id
	v.mu.Unlock()
	return id, nil
}

// isTokenProblem tells a bad token apart from a failure to reach the identity service.
func isTokenProblem(err error) bool {
	return fbauth.IsIDTokenInvalid(err) || fbauth.IsIDTokenExpired(err) || fbauth.IsIDTokenRevoked(err) ||
		fbauth.IsUserDisabled(err) || fbauth.IsUserNotFound(err) || fbauth.IsTenantIDMismatch(err)
}
