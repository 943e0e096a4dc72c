package auth

import (
	"context"
	"net"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/peer"

	"github.com/crmvendas/crm/services/platform/caller"
	"github.com/crmvendas/crm/services/platform/errs"
)

// Policy says who may call a method.
type Policy struct {
	// Public methods need no token (health checks and server reflection).
	Public bool
	// NoOperator methods accept a verified uid that has no operator record.
	NoOperator bool
	// AllowInactive methods accept a deactivated operator (only the caller-context lookup, so
	// that other services learn that the operator is inactive).
	AllowInactive bool
	// Roles allowed; empty means any active operator.
	Roles []string
}

// Policies maps full method names ("/crm.system.v1.SystemService/ObterVersao") to policies.
type Policies map[string]Policy

// Roles is a shorthand for a policy limited to roles.
func Roles(r ...string) Policy { return Policy{Roles: r} }

// Guard enforces policies. Methods without a policy are refused (fail closed).
type Guard struct {
	Verifier Verifier
	Resolver Resolver
	Policies Policies
	// TrustedProxies are the networks of proxies in front of the HTTP port (an edge proxy, an
	// ingress): their X-Forwarded-For entries are believed when finding the client's address.
	TrustedProxies []*net.IPNet
	// Limits, when set, are the rate limits per client address and per user.
	Limits *Limits
}

// ParseCIDRs parses CIDRs or single addresses.
func ParseCIDRs(list []string) ([]*net.IPNet, error) {
	var out []*net.IPNet
	for _, s := range list {
		if !strings.Contains(s, "/") {
			if ip := net.ParseIP(s); ip != nil && ip.To4() != nil {
				s += "/32"
			} else {
				s += "/128"
			}
		}
		_, n, err := net.ParseCIDR(s)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// publicPrefixes: services that never need a token.
var publicPrefixes = []string{"/grpc.health.v1.Health/", "/grpc.reflection.v1.ServerReflection/", "/grpc.reflection.v1alpha.ServerReflection/"}

func (g *Guard) policy(method string) (Policy, bool) {
	for _, p := range publicPrefixes {
		if strings.HasPrefix(method, p) {
			return Policy{Public: true}, true
		}
	}
	p, ok := g.Policies[method]
	return p, ok
}

// Authorize resolves and checks the caller of method; req (may be nil) is checked for an empresa
// field other than the caller's. It returns ctx carrying the caller.
func (g *Guard) Authorize(ctx context.Context, method string, req any) (context.Context, error) {
	pol, ok := g.policy(method)
	if !ok {
		return ctx, errs.Forbidden(errs.MsgRole)
	}
	if pol.Public {
		return ctx, nil
	}
	// Read single keys: FromIncomingContext would copy (and lowercase) the whole metadata.
	md := mdReader{ctx}
	// A call that one service of this process makes to another on behalf of a caller already
	// authorized here (the in-process channel keeps the context) was counted when it came in.
	nested := caller.From(ctx) != nil
	ip := g.clientAddr(ctx, md)
	now := time.Now()
	if !nested {
		if err := g.Limits.CheckIP(ip, now); err != nil {
			return ctx, err
		}
	}
	token, err := bearer(md)
	if err != nil {
		return ctx, err
	}
	id, err := g.Verifier.Verify(ctx, token)
	if err != nil {
		return ctx, err
	}
	if !nested {
		if err := g.Limits.CheckUser(method, id.UID, now); err != nil {
			return ctx, err
		}
	}
	c, err := g.Resolver.Resolve(ctx, id, token)
	if err != nil {
		return ctx, err
	}
	c.UID, c.Token = id.UID, token
	if c.Email == "" {
		c.Email = id.Email
	}
	c.IP, c.UserAgent = ip, userAgent(md)
	c.RequestID = first(md, "x-request-id")
	if !c.HasOperator() {
		if !pol.NoOperator {
			return ctx, errs.Forbidden(errs.MsgNoOperator)
		}
	} else {
		if !c.Ativo && !pol.AllowInactive {
			return ctx, errs.Forbidden(errs.MsgInactive)
		}
		if len(pol.Roles) > 0 && !contains(pol.Roles, c.Perfil) {
			return ctx, errs.Forbidden(errs.MsgRole)
		}
	}
	// Company isolation, for every request that names a company.
	if r, ok := req.(interface{ GetEmpresa() string }); ok {
		if e := r.GetEmpresa(); e != "" && e != c.Empresa {
			return ctx, errs.OutOfScope(errs.MsgOtherCompany)
		}
	}
	if lf := logFieldsFrom(ctx); lf != nil {
		lf.uid, lf.empresa = c.UID, c.Empresa
	}
	return caller.With(ctx, &c), nil
}

// mdReader reads incoming metadata keys (lowercase) without copying the whole map.
type mdReader struct{ ctx context.Context }

func (m mdReader) Get(k string) []string { return metadata.ValueFromIncomingContext(m.ctx, k) }

func bearer(md mdReader) (string, error) {
	h := first(md, "authorization")
	if h == "" {
		return "", errs.Unauthenticated(errs.MsgNoToken)
	}
	scheme, tok, ok := strings.Cut(h, " ")
	tok = strings.TrimSpace(tok)
	if !ok || !strings.EqualFold(scheme, "bearer") || tok == "" {
		return "", errs.Unauthenticated(errs.MsgBadToken)
	}
	return tok, nil
}

func first(md mdReader, k string) string {
	if v := md.Get(k); len(v) > 0 {
		return v[0]
	}
	return ""
}

// clientAddr is the network peer of a gRPC call. For a REST call the gateway appends the HTTP
// peer to x-forwarded-for; walking the list from the right, hops that are trusted proxies are
// skipped and the first other address is the client (so a client can't forge its address, and
// behind an edge proxy the real client is still recorded).
func (g *Guard) clientAddr(ctx context.Context, md mdReader) string {
	if p, ok := peer.FromContext(ctx); ok && p.Addr != nil {
		if host, _, err := net.SplitHostPort(p.Addr.String()); err == nil {
			return host
		}
		return p.Addr.String()
	}
	var hops []string
	for _, v := range md.Get("x-forwarded-for") {
		for _, h := range strings.Split(v, ",") {
			if h = strings.TrimSpace(h); h != "" {
				hops = append(hops, h)
			}
		}
	}
	for i := len(hops) - 1; i >= 0; i-- {
		if i == 0 || !g.trusted(hops[i]) {
			return hops[i]
		}
	}
	return ""
}

func (g *Guard) trusted(addr string) bool {
	ip := net.ParseIP(addr)
	if ip == nil {
		return false
	}
	for _, n := range g.TrustedProxies {
		if n.Contains(ip) {
			return true
		}
	}
	return false
}

func userAgent(md mdReader) string {
	if ua := first(md, "grpcgateway-user-agent"); ua != "" {
		return ua
	}
	return first(md, "user-agent")
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// UnaryInterceptor runs Authorize before the handler.
func (g *Guard) UnaryInterceptor() grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		ctx, err := g.Authorize(ctx, info.FullMethod, req)
		if err != nil {
			return nil, err
		}
		return handler(ctx, req)
	}
}

// StreamInterceptor runs Authorize for streaming methods (health watch, reflection).
func (g *Guard) StreamInterceptor() grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		ctx, err := g.Authorize(ss.Context(), info.FullMethod, nil)
		if err != nil {
			return err
		}
		return handler(srv, &wrappedStream{ServerStream: ss, ctx: ctx})
	}
}

type wrappedStream struct {
	grpc.ServerStream
	ctx context.Context
}

func (w *wrappedStream) Context() context.Context { return w.ctx }
