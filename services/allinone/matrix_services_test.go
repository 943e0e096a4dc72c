package allinone_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/crmvendas/crm/services/allinone"
	"github.com/crmvendas/crm/services/platform/server"
)

// The isolation matrices take the services from the registry (what allinone mounts, from
// services/registry.yaml): each registered service must have cases in both, so a new service
// fails them, by name, until it has.

// everyServiceHasRESTCases fails for each registered service that none of the REST matrix's
// calls (method, path) reaches. The service a call reaches is found by routing it through each
// service's own gateway and plain HTTP routes, alone.
func everyServiceHasRESTCases(t *testing.T, s *allinone.Services, calls [][2]string) {
	t.Helper()
	count := map[string]int{}
	for _, m := range s.Mounted {
		reaches := restRouter(t, m.Instance.Module().Services, m.Instance.Module().HTTP)
		for _, c := range calls {
			if reaches(c[0], c[1]) {
				count[m.Name]++
			}
		}
	}
	report(t, "REST", s, count)
}

// everyServiceHasGRPCCases fails for each registered service none of whose methods has a case.
func everyServiceHasGRPCCases(t *testing.T, s *allinone.Services, cased map[string]bool) {
	t.Helper()
	count := map[string]int{}
	for _, m := range s.Mounted {
		for _, sv := range m.Instance.Module().Services {
			for method := range cased {
				if strings.HasPrefix(method, "/"+sv.Desc.ServiceName+"/") {
					count[m.Name]++
				}
			}
		}
	}
	report(t, "gRPC", s, count)
}

func report(t *testing.T, matrix string, s *allinone.Services, count map[string]int) {
	t.Helper()
	var line []string
	for _, m := range s.Mounted {
		line = append(line, m.Name+" "+strconv.Itoa(count[m.Name]))
		if count[m.Name] == 0 {
			t.Errorf("matriz %s: o serviço registrado %s não tem nenhum caso (acrescente os casos de cada rota/método dele)", matrix, m.Name)
		}
	}
	if len(s.Mounted) == 0 {
		t.Errorf("matriz %s: nenhum serviço registrado", matrix)
	}
	t.Logf("matriz %s, casos por serviço registrado: %s", matrix, strings.Join(line, ", "))
}

// restRouter reports whether a request reaches one of these services' REST routes: the gateway
// registered on a mux of its own, over a channel that only records that a call was made.
func restRouter(t *testing.T, svcs []server.Service, plain map[string]http.Handler) func(method, path string) bool {
	t.Helper()
	rec := &recordingConn{}
	mux := runtime.NewServeMux()
	for _, sv := range svcs {
		if sv.Gateway != nil {
			if err := sv.Gateway(context.Background(), mux, rec); err != nil {
				t.Fatalf("gateway %s: %v", sv.Desc.ServiceName, err)
			}
		}
	}
	hmux := http.NewServeMux()
	for p, h := range plain {
		hmux.Handle(p, h)
	}
	return func(method, path string) bool {
		r := httptest.NewRequest(method, path, nil)
		if _, p := hmux.Handler(r); p != "" {
			return true
		}
		rec.reset()
		mux.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(method, path, nil))
		return rec.called()
	}
}

// recordingConn is a channel that records that a call was made and answers Unavailable.
type recordingConn struct {
	mu    sync.Mutex
	calls []string
}

func (c *recordingConn) Invoke(_ context.Context, method string, _, _ any, _ ...grpc.CallOption) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls = append(c.calls, method)
	return status.Error(codes.Unavailable, "gravado")
}

func (c *recordingConn) NewStream(_ context.Context, _ *grpc.StreamDesc, method string, _ ...grpc.CallOption) (grpc.ClientStream, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls = append(c.calls, method)
	return nil, status.Error(codes.Unavailable, "gravado")
}

func (c *recordingConn) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls = nil
}

func (c *recordingConn) called() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.calls) > 0
}
