package allinone_test

import (
	"net/http/httptest"
	"testing"

	"github.com/crmvendas/crm/services/allinone"
	"github.com/crmvendas/crm/services/platform/testkit"
)

// BenchmarkInfoOperadorHandler measures the server side of GET /crm/info/operador/{uid} (gateway,
// interceptors, token check, caller context), without the network.
func BenchmarkInfoOperadorHandler(b *testing.B) {
	st, _ := fullStack(b, "http://127.0.0.1:1")
	tok := testkit.SignIn(b, "vendedor@demo.example.com", allinone.DemoPassword)
	h := st.Server.Handler()
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			req := httptest.NewRequest("GET", "/crm/info/operador/demo-vendedor", nil)
			req.Header.Set("Authorization", "Bearer "+tok)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != 200 {
				b.Fatal(rec.Code, rec.Body.String())
			}
		}
	})
}
