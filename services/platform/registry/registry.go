// Package registry is where every service of the product registers itself (its name, its
// database, the services it calls and how it is built), so that the all-in-one `crm` mounts each
// registered service and each service's own command is one line (Standalone). The list of
// services, their calls and their deployment live in services/registry.yaml; deploy/gen.py
// writes the all-in-one's imports from it, and services/allinone's tests check that the file and
// the registrations agree.
package registry

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sort"
	"sync"

	fbauth "firebase.google.com/go/v4/auth"
	"google.golang.org/grpc"

	"github.com/crmvendas/crm/services/platform/auth"
	"github.com/crmvendas/crm/services/platform/config"
	"github.com/crmvendas/crm/services/platform/server"
	"github.com/crmvendas/crm/services/platform/store"
)

// Operator is the service every other one calls (it resolves their callers): it is never listed
// in Calls, and Deps.Conn reaches it always.
const Operator = "operator"

// Service is one registration.
type Service struct {
	// Name is the service's name in services/registry.yaml: its folder, command, image and
	// Kubernetes objects, and CRM_<NAME>_ADDR for whoever calls it.
	Name string
	// DatabaseName is the database the service owns (runner.Env.Store).
	DatabaseName string
	// Calls are the services it calls over gRPC besides the operator, as in services/registry.yaml
	// (deployed apart: at CRM_<CALLEE>_ADDR; in the all-in-one: the in-process channel).
	Calls []string
	// New builds the service.
	New func(d Deps) (Instance, error)
}

// Instance is a built service.
type Instance interface {
	Module() server.Module
}

// Resolving is an Instance that resolves callers itself (the operator service); every other
// service resolves them through the operator's gRPC when deployed apart.
type Resolving interface {
	Resolver() auth.Resolver
}

// Deps is what every service is built from.
type Deps struct {
	// Store is the service's own store (its DatabaseName).
	Store  *store.Store
	Config config.Config
	Log    *slog.Logger
	// Auth is the Firebase Admin SDK client.
	Auth *fbauth.Client
	// Events connects services in one process (nil when the service runs on its own).
	Events *Events

	links *links // shared by the copies of Deps that New gets
}

type links struct {
	name  string
	conns map[string]grpc.ClientConnInterface
	bad   []string
}

// Conn reaches a service this one declared in Calls, or the operator, or itself: the in-process
// channel in the all-in-one, a gRPC client of CRM_<CALLEE>_ADDR deployed apart. Any other name
// is a registration error: New fails with it once the constructor returns.
func (d Deps) Conn(callee string) grpc.ClientConnInterface {
	if d.links == nil {
		return nil
	}
	c, ok := d.links.conns[callee]
	if !ok {
		d.links.bad = append(d.links.bad, callee)
	}
	return c
}

func (l *links) err() error {
	if len(l.bad) == 0 {
		return nil
	}
	return fmt.Errorf("serviço %s: chama %v sem declarar em Calls (e em services/registry.yaml)", l.name, l.bad)
}

var (
	mu       sync.Mutex
	services = map[string]Service{}
)

// Register adds a service; it panics on an invalid or repeated registration (a programming error,
// found by the first test that builds the product).
func Register(s Service) {
	mu.Lock()
	defer mu.Unlock()
	if s.Name == "" || s.DatabaseName == "" || s.New == nil {
		panic(fmt.Sprintf("registry: serviço %q sem Name, DatabaseName ou New", s.Name))
	}
	if _, dup := services[s.Name]; dup {
		panic("registry: serviço registrado duas vezes: " + s.Name)
	}
	for _, c := range s.Calls {
		if c == s.Name || c == Operator {
			panic(fmt.Sprintf("registry: %s lista %s em Calls (ele mesmo, ou o operator, que todo serviço chama)", s.Name, c))
		}
	}
	s.Calls = slices.Clone(s.Calls)
	services[s.Name] = s
}

// Lookup is the registration of name.
func Lookup(name string) (Service, bool) {
	mu.Lock()
	defer mu.Unlock()
	s, ok := services[name]
	return s, ok
}

// All are the registered services, by name.
func All() []Service {
	mu.Lock()
	defer mu.Unlock()
	out := make([]Service, 0, len(services))
	for _, s := range services {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Build builds s with d, its connections given by conn (nil: none can be made).
func Build(s Service, d Deps, conn func(callee string) (grpc.ClientConnInterface, error)) (Instance, error) {
	d.links = &links{name: s.Name, conns: map[string]grpc.ClientConnInterface{}}
	for _, c := range append([]string{Operator, s.Name}, s.Calls...) {
		if _, done := d.links.conns[c]; done {
			continue
		}
		cc, err := conn(c)
		if err != nil {
			return nil, fmt.Errorf("serviço %s: conexão com %s: %w", s.Name, c, err)
		}
		d.links.conns[c] = cc
	}
	inst, err := s.New(d)
	if err != nil {
		return nil, err
	}
	if err := d.links.err(); err != nil {
		return nil, err
	}
	if inst == nil {
		return nil, fmt.Errorf("serviço %s: New não devolveu o serviço", s.Name)
	}
	return inst, nil
}

// The notifications between services (Events).
const (
	// RegiaoAlterada: a region was created, changed or deleted (the address service sends it with
	// the region's id; the customer service recomputes its customers' region).
	RegiaoAlterada = "regiao-alterada"
)

// Events are named notifications between services of one process, each with an id (a region
// changed: "regiao-alterada"). Emit's function calls every function registered with On for the
// name, when it runs; so the order in which the services are built does not matter.
type Events struct {
	mu   sync.Mutex
	subs map[string][]func(ctx context.Context, id string) error
}

// On registers f for the notifications called name.
func (e *Events) On(name string, f func(ctx context.Context, id string) error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.subs == nil {
		e.subs = map[string][]func(context.Context, string) error{}
	}
	e.subs[name] = append(e.subs[name], f)
}

// Emit is the function that sends the notification called name: it calls every function
// registered for it and returns their errors.
func (e *Events) Emit(name string) func(ctx context.Context, id string) error {
	return func(ctx context.Context, id string) error {
		e.mu.Lock()
		subs := slices.Clone(e.subs[name])
		e.mu.Unlock()
		var errs []error
		for _, f := range subs {
			errs = append(errs, f(ctx, id))
		}
		return errors.Join(errs...)
	}
}
