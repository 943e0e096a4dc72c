package auth

import (
	"context"
	"sync"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	operatorv1 "github.com/crmvendas/crm/proto/gen/go/crm/operator/v1"
	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
)

// Resolver turns a verified identity into the caller's operator context. A uid without an operator
// record resolves to a Caller whose Empresa is empty.
type Resolver interface {
	Resolve(ctx context.Context, id Identity, token string) (caller.Caller, error)
}

// ResolverFunc adapts a function to Resolver.
type ResolverFunc func(ctx context.Context, id Identity, token string) (caller.Caller, error)

func (f ResolverFunc) Resolve(ctx context.Context, id Identity, token string) (caller.Caller, error) {
	return f(ctx, id, token)
}

// CachedResolver keeps resolved callers in memory for TTL, so the hot path does not read the
// operator per request. Whoever changes an operator calls Invalidate, so that in one process a
// change (a deactivation, a new role) applies from the next request on.
type CachedResolver struct {
	Next Resolver
	TTL  time.Duration

	mu sync.RWMutex
	m  map[string]cachedCaller
}

type cachedCaller struct {
	c   caller.Caller
	exp time.Time
}

// NewCachedResolver caches next's answers for ttl.
func NewCachedResolver(next Resolver, ttl time.Duration) *CachedResolver {
	return &CachedResolver{Next: next, TTL: ttl, m: map[string]cachedCaller{}}
}

func (r *CachedResolver) Resolve(ctx context.Context, id Identity, token string) (caller.Caller, error) {
	now := time.Now()
	r.mu.RLock()
	e, ok := r.m[id.UID]
	r.mu.RUnlock()
	if ok && now.Before(e.exp) {
		return e.c, nil
	}
	c, err := r.Next.Resolve(ctx, id, token)
	if err != nil {
		return caller.Caller{}, err
	}
	r.mu.Lock()
	if len(r.m) > 50000 {
		r.m = map[string]cachedCaller{}
	}
	r.m[id.UID] = cachedCaller{c: c, exp: now.Add(r.TTL)}
	r.mu.Unlock()
	return c, nil
}

// Invalidate forgets the cached context of uid (all of them when uid is empty).
func (r *CachedResolver) Invalidate(uid string) {
	r.mu.Lock()
	if uid == "" {
		r.m = map[string]cachedCaller{}
	} else {
		delete(r.m, uid)
	}
	r.mu.Unlock()
}

// RemoteResolver asks the operator service who the caller is (ObterChamador), forwarding the
// caller's own token. Services deployed on their own use it; the all-in-one process resolves in
// memory instead.
type RemoteResolver struct {
	Client operatorv1.OperatorServiceClient
}

// NewRemoteResolver resolves through the operator service reachable on conn.
func NewRemoteResolver(conn grpc.ClientConnInterface) *RemoteResolver {
	return &RemoteResolver{Client: operatorv1.NewOperatorServiceClient(conn)}
}

func (r *RemoteResolver) Resolve(ctx context.Context, id Identity, token string) (caller.Caller, error) {
	ctx = metadata.NewOutgoingContext(ctx, metadata.Pairs("authorization", "Bearer "+token))
	ch, err := r.Client.ObterChamador(ctx, &operatorv1.ObterChamadorRequest{})
	if err != nil {
		if st, ok := status.FromError(err); ok && (st.Code() == codes.Unauthenticated || st.Code() == codes.PermissionDenied) {
			return caller.Caller{}, err
		}
		return caller.Caller{}, errs.Unavailable("Serviço de operadores indisponível. Tente novamente em instantes.", err)
	}
	return caller.Caller{
		UID: id.UID, Email: id.Email, Empresa: ch.GetEmpresa(), Operador: ch.GetOperador(),
		NomeOperador: ch.GetNomeOperador(), Perfil: ch.GetPerfilApp(), Equipe: ch.GetEquipe(), Ativo: ch.GetAtivo(),
	}, nil
}
