package allinone_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"gopkg.in/yaml.v3"

	"github.com/crmvendas/crm/services/allinone"
	"github.com/crmvendas/crm/services/platform/config"
	"github.com/crmvendas/crm/services/platform/registry"
	"github.com/crmvendas/crm/services/platform/runner"
	"github.com/crmvendas/crm/services/platform/server"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// registryEntry is an entry of services/registry.yaml (see its header).
type registryEntry struct {
	Name        string            `yaml:"name"`
	Calls       yaml.Node         `yaml:"calls"`
	Routes      []string          `yaml:"routes"`
	LargeBodies map[string]string `yaml:"large_bodies"`
}

func readRegistry(t *testing.T) []registryEntry {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "registry.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Services []registryEntry `yaml:"services"`
	}
	if err := yaml.Unmarshal(b, &f); err != nil {
		t.Fatalf("services/registry.yaml: %v", err)
	}
	return f.Services
}

// calls of an entry: a list, or a mapping callee -> why.
func entryCalls(t *testing.T, e registryEntry) []string {
	t.Helper()
	var out []string
	switch e.Calls.Kind {
	case 0:
	case yaml.SequenceNode:
		if err := e.Calls.Decode(&out); err != nil {
			t.Fatal(err)
		}
	case yaml.MappingNode:
		for i := 0; i < len(e.Calls.Content); i += 2 {
			out = append(out, e.Calls.Content[i].Value)
		}
	default:
		t.Fatalf("services/registry.yaml: %s: calls is neither a list nor a mapping", e.Name)
	}
	return out
}

// TestRegistryFile: the Go registry and services/registry.yaml agree: the same services, in the
// file's order in the all-in-one, each calling the same services; every large body a module
// declares has its limit in the file (the edge and the Ingress take it from there), above the
// module's own.
func TestRegistryFile(t *testing.T) {
	entries := readRegistry(t)
	var fileNames []string
	for _, e := range entries {
		fileNames = append(fileNames, e.Name)
		reg, ok := registry.Lookup(e.Name)
		if !ok {
			t.Errorf("%s está em services/registry.yaml e não se registrou (registry.Register em services/%s)", e.Name, e.Name)
			continue
		}
		want, got := slices.Sorted(slices.Values(entryCalls(t, e))), slices.Sorted(slices.Values(reg.Calls))
		if !slices.Equal(want, got) {
			t.Errorf("%s chama %v em services/registry.yaml e %v no registro Go", e.Name, want, got)
		}
	}
	var goNames []string
	for _, reg := range registry.All() {
		goNames = append(goNames, reg.Name)
	}
	if !slices.Equal(slices.Sorted(slices.Values(fileNames)), goNames) {
		t.Errorf("serviços em services/registry.yaml %v, registrados em Go %v", fileNames, goNames)
	}

	// Built as the all-in-one builds them (no identity service needed to build).
	cfg := config.FromEnv()
	env := &runner.Env{Config: cfg, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), SQLite: testkit.Store(t, "crm"), Local: &server.Deferred{}}
	var s *allinone.Services
	mods, res, err := allinone.Build(&s)(context.Background(), env)
	if err != nil {
		t.Fatal(err)
	}
	if res == nil {
		t.Error("no resolver of callers")
	}
	var mounted []string
	for _, m := range s.Mounted {
		mounted = append(mounted, m.Name)
	}
	if !slices.Equal(mounted, fileNames) {
		t.Errorf("the all-in-one mounts %v, services/registry.yaml lists %v", mounted, fileNames)
	}
	if len(mods) != len(fileNames)+1 { // and the web module
		t.Errorf("%d modules for %d services", len(mods), len(fileNames))
	}
	byName := map[string]registryEntry{}
	for _, e := range entries {
		byName[e.Name] = e
	}
	for _, m := range s.Mounted {
		declared := byName[m.Name].LargeBodies
		for _, lb := range m.Instance.Module().LargeBodies {
			size, ok := declared[lb.Route]
			if !ok {
				t.Errorf("%s: large body %s (%d bytes) missing from its large_bodies in services/registry.yaml (the edge and the Ingress would refuse it)", m.Name, lb.Route, lb.Max)
				continue
			}
			if n := parseSize(t, size); n <= lb.Max {
				t.Errorf("%s: large body %s: %s in services/registry.yaml, not above the module's %d bytes", m.Name, lb.Route, size, lb.Max)
			}
		}
	}
}

// parseSize reads an nginx size (9m, 512k).
func parseSize(t *testing.T, s string) int64 {
	t.Helper()
	mult := map[string]int64{"k": 1 << 10, "m": 1 << 20}[strings.ToLower(s[len(s)-1:])]
	n, err := strconv.ParseInt(s[:len(s)-1], 10, 64)
	if err != nil || mult == 0 {
		t.Fatalf("size %q", s)
	}
	return n * mult
}

// TestRegistryConnections: a service reaches only what it declared (the operator, itself and its
// Calls); any other name fails its build, naming the service and the callee.
func TestRegistryConnections(t *testing.T) {
	var seen []string
	svc := registry.Service{Name: "teste", DatabaseName: "crm_teste", Calls: []string{"customer"},
		New: func(d registry.Deps) (registry.Instance, error) {
			for _, c := range []string{"customer", registry.Operator, "teste"} {
				if d.Conn(c) != nil {
					seen = append(seen, c)
				}
			}
			return fakeInstance{}, nil
		}}
	local := &server.Deferred{}
	conn := func(string) (grpc.ClientConnInterface, error) { return local, nil }
	if _, err := registry.Build(svc, registry.Deps{}, conn); err != nil || len(seen) != 3 {
		t.Fatalf("declared calls: %v, reached %v", err, seen)
	}
	svc.New = func(d registry.Deps) (registry.Instance, error) {
		d.Conn("sales")
		return fakeInstance{}, nil
	}
	_, err := registry.Build(svc, registry.Deps{}, conn)
	if err == nil || !strings.Contains(err.Error(), "teste") || !strings.Contains(err.Error(), "sales") {
		t.Errorf("an undeclared call: %v", err)
	}
}

type fakeInstance struct{}

func (fakeInstance) Module() server.Module { return server.Module{Name: "teste"} }
