package auth

import (
	"fmt"
	"math"
	"net"
	"sync"
	"time"

	"golang.org/x/time/rate"

	customerv1 "github.com/crmvendas/crm/proto/gen/go/crm/customer/v1"
	operatorv1 "github.com/crmvendas/crm/proto/gen/go/crm/operator/v1"
	systemv1 "github.com/crmvendas/crm/proto/gen/go/crm/system/v1"
	"github.com/crmvendas/crm/services/platform/config"
	"github.com/crmvendas/crm/services/platform/errs"
)

// Limits are the rate limits of the API: one token bucket per client address (checked before the
// token is verified), one per verified user (uid), and tighter ones per user for CSV imports and
// for the calls an app makes at sign-in. A call over a limit gets ResourceExhausted (HTTP 429)
// with the time to wait (RetryInfo; Retry-After over REST). Calls one service of this process
// makes to another on a user's behalf are not counted again.
type Limits struct {
	ip, user, imports, signIn *keyed
	// classes: the methods with a tighter limit of their own.
	classes map[string]limitClass
}

type limitClass int

const (
	classImport limitClass = iota + 1
	classSignIn
)

// Methods with a tighter limit: the CSV import (each one validates and may write thousands of
// customers) and what an app calls when a user signs in (the operator lookup, the access log).
var limitClasses = map[string]limitClass{
	customerv1.CustomerService_ImportarClientes_FullMethodName:  classImport,
	operatorv1.OperatorService_ObterInfoOperador_FullMethodName: classSignIn,
	systemv1.SystemService_RegistrarAcesso_FullMethodName:       classSignIn,
}

// NewLimits builds the limits from the configuration (a zero Limit turns that one off).
func NewLimits(cfg config.Config) *Limits {
	return &Limits{
		ip: newKeyed(cfg.LimitIP), user: newKeyed(cfg.LimitUser),
		imports: newKeyed(cfg.LimitImport), signIn: newKeyed(cfg.LimitSignIn),
		classes: limitClasses,
	}
}

const (
	msgLimite           = "Muitas requisições em pouco tempo. Aguarde %d s e tente de novo."
	msgLimiteImportacao = "Muitas importações em pouco tempo. Aguarde %d s e tente de novo."
	msgLimiteEntrada    = "Muitas tentativas de entrada em pouco tempo. Aguarde %d s e tente de novo."
)

// CheckIP counts a call from addr (the client's address as the guard found it). Loopback
// addresses are not limited: they are this host (a proxy beside the service, a health check);
// a proxy on the same host must be named in CRM_TRUSTED_PROXIES so the real client counts.
func (l *Limits) CheckIP(addr string, now time.Time) error {
	if l == nil || l.ip == nil || addr == "" {
		return nil
	}
	if ip := net.ParseIP(addr); ip != nil && ip.IsLoopback() {
		return nil
	}
	return tooMany(msgLimite, l.ip.allow(addr, now))
}

// CheckUser counts a call of method by uid: its class's limit first, then the user's.
func (l *Limits) CheckUser(method, uid string, now time.Time) error {
	if l == nil || uid == "" {
		return nil
	}
	switch l.classes[method] {
	case classImport:
		if err := tooMany(msgLimiteImportacao, l.imports.allow(uid, now)); err != nil {
			return err
		}
	case classSignIn:
		if err := tooMany(msgLimiteEntrada, l.signIn.allow(uid, now)); err != nil {
			return err
		}
	}
	return tooMany(msgLimite, l.user.allow(uid, now))
}

func tooMany(msg string, wait time.Duration) error {
	if wait <= 0 {
		return nil
	}
	secs := int(math.Ceil(wait.Seconds()))
	return errs.RateLimited(fmt.Sprintf(msg, secs), time.Duration(secs)*time.Second)
}

// keyed is a set of token buckets, one per key, with bounded memory: a bucket idle long enough
// to have refilled is the same as a new one and is dropped; past maxKeys the idle ones go at
// once and, if that is not enough, all of them (the limits restart rather than memory grow).
type keyed struct {
	limit rate.Limit
	burst int
	idle  time.Duration

	mu        sync.Mutex
	m         map[string]*bucket
	lastSweep time.Time
}

type bucket struct {
	l    *rate.Limiter
	last time.Time
}

const maxKeys = 50_000

func newKeyed(c config.Limit) *keyed {
	if c.Off() {
		return nil
	}
	// Time for an empty bucket to fill up again; at least a minute between sweeps.
	idle := time.Duration(float64(c.Burst) / c.Rate * float64(time.Second))
	if idle < time.Minute {
		idle = time.Minute
	}
	return &keyed{limit: rate.Limit(c.Rate), burst: c.Burst, idle: idle, m: map[string]*bucket{}}
}

// allow takes one token for key; when there is none it takes nothing and returns how long until
// there will be one.
func (k *keyed) allow(key string, now time.Time) time.Duration {
	if k == nil {
		return 0
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if now.Sub(k.lastSweep) > k.idle {
		k.sweep(now)
	}
	b := k.m[key]
	if b == nil {
		if len(k.m) >= maxKeys {
			k.sweep(now)
			if len(k.m) >= maxKeys {
				k.m = map[string]*bucket{}
			}
		}
		b = &bucket{l: rate.NewLimiter(k.limit, k.burst)}
		k.m[key] = b
	}
	b.last = now
	r := b.l.ReserveN(now, 1)
	if !r.OK() {
		return k.idle
	}
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return d
	}
	return 0
}

func (k *keyed) sweep(now time.Time) {
	k.lastSweep = now
	for key, b := range k.m {
		if now.Sub(b.last) > k.idle {
			delete(k.m, key)
		}
	}
}

// size is the number of keys held (tests).
func (k *keyed) size() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.m)
}
