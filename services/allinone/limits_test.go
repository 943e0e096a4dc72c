package allinone_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	operatorv1 "github.com/crmvendas/crm/proto/gen/go/crm/operator/v1"
	"github.com/crmvendas/crm/services/allinone"
	"github.com/crmvendas/crm/services/platform/testkit"
)

type limited struct {
	code       int
	retryAfter string
	Mensagem   string            `json:"mensagem"`
	Motivo     string            `json:"motivo"`
	Detalhes   map[string]string `json:"detalhes"`
}

// call sends one REST call with optional extra headers and returns the status, Retry-After and
// the error body (when there is one).
func call(t *testing.T, method, url, token string, body any, headers ...string) limited {
	t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, r)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out := limited{code: resp.StatusCode, retryAfter: resp.Header.Get("Retry-After")}
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		json.Unmarshal(b, &out)
	}
	return out
}

// TestRateLimits runs a crm with small limits: a burst passes, the next call gets 429 with
// Retry-After and a pt-BR message (ResourceExhausted with RetryInfo over gRPC), another user is
// not affected, and after the wait the user gets through again. Imports and sign-in calls have
// tighter limits of their own; the per-address limit counts calls before the token is checked.
func TestRateLimits(t *testing.T) {
	p := startCRM(t, t.TempDir(), "CRM_RATE_LIMIT_USER=30/min,5", "CRM_RATE_LIMIT_IMPORT=30/min,2",
		"CRM_RATE_LIMIT_SIGNIN=30/min,2", "CRM_RATE_LIMIT_IP=30/min,4", "CRM_TRUSTED_PROXIES=127.0.0.1")
	base := "http://" + p.http
	vend := testkit.SignIn(t, "vendedor@demo.example.com", allinone.DemoPassword)
	vend2 := testkit.SignIn(t, "vendedor2@demo.example.com", allinone.DemoPassword)
	admin := testkit.SignIn(t, "admin@demo.example.com", allinone.DemoPassword)

	// Per user: a burst of 5, then 429.
	for i := range 5 {
		if r := call(t, "GET", base+"/crm/operadores/eu", vend, nil); r.code != 200 {
			t.Fatalf("call %d of the burst: %+v", i+1, r)
		}
	}
	r := call(t, "GET", base+"/crm/operadores/eu", vend, nil)
	if r.code != http.StatusTooManyRequests || r.Motivo != "LIMITE_EXCEDIDO" || !strings.HasPrefix(r.Mensagem, "Muitas requisições em pouco tempo. Aguarde") {
		t.Fatalf("over the limit: %+v", r)
	}
	wait, err := strconv.Atoi(r.retryAfter)
	if err != nil || wait < 1 || wait > 2 || r.Detalhes["tentar_em_segundos"] != r.retryAfter {
		t.Fatalf("Retry-After %q, detalhes %v", r.retryAfter, r.Detalhes)
	}
	// The same over gRPC: ResourceExhausted with RetryInfo.
	conn, err := grpc.NewClient(p.grpc, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx := metadata.AppendToOutgoingContext(context.Background(), "authorization", "Bearer "+vend)
	_, err = operatorv1.NewOperatorServiceClient(conn).ObterChamador(ctx, &operatorv1.ObterChamadorRequest{})
	st := status.Convert(err)
	var retry *errdetails.RetryInfo
	for _, d := range st.Details() {
		if ri, ok := d.(*errdetails.RetryInfo); ok {
			retry = ri
		}
	}
	if st.Code() != codes.ResourceExhausted || retry == nil || retry.GetRetryDelay().AsDuration() <= 0 {
		t.Errorf("gRPC over the limit: %v %v", st, retry)
	}
	// Another user has a bucket of their own.
	if r := call(t, "GET", base+"/crm/operadores/eu", vend2, nil); r.code != 200 {
		t.Errorf("another user: %+v", r)
	}
	// Recovery: after the wait the user gets through.
	time.Sleep(time.Duration(wait)*time.Second + 100*time.Millisecond)
	if r := call(t, "GET", base+"/crm/operadores/eu", vend, nil); r.code != 200 {
		t.Errorf("after Retry-After: %+v", r)
	}

	// Imports: 2 at once, then 429 with their own message, while other calls of the user pass.
	imp := map[string]any{"csv": "documento;nome\n11222333000181;Limite", "validar_apenas": true}
	for i := range 2 {
		if r := call(t, "POST", base+"/crm/clientes/importar", admin, imp); r.code != 200 {
			t.Fatalf("import %d: %+v", i+1, r)
		}
	}
	if r := call(t, "POST", base+"/crm/clientes/importar", admin, imp); r.code != 429 || !strings.HasPrefix(r.Mensagem, "Muitas importações") || r.retryAfter == "" {
		t.Errorf("third import: %+v", r)
	}
	if r := call(t, "GET", base+"/crm/operadores/eu", admin, nil); r.code != 200 {
		t.Errorf("the importer's other calls: %+v", r)
	}

	// Sign-in calls (the operator lookup, the access log): 2, then 429.
	for i := range 2 {
		if r := call(t, "GET", base+"/crm/info/operador/demo-vendedor2", vend2, nil); r.code != 200 {
			t.Fatalf("sign-in call %d: %+v", i+1, r)
		}
	}
	if r := call(t, "GET", base+"/crm/info/operador/demo-vendedor2", vend2, nil); r.code != 429 || !strings.HasPrefix(r.Mensagem, "Muitas tentativas de entrada") {
		t.Errorf("third sign-in call: %+v", r)
	}

	// Per address (behind a trusted proxy, the client's address counts), before the token: 4
	// calls without a token get 401, the 5th 429; another address is not affected.
	for i := range 4 {
		if r := call(t, "GET", base+"/crm/operadores/eu", "", nil, "X-Forwarded-For", "203.0.113.9"); r.code != 401 {
			t.Fatalf("call %d from 203.0.113.9: %+v", i+1, r)
		}
	}
	if r := call(t, "GET", base+"/crm/operadores/eu", vend2, nil, "X-Forwarded-For", "203.0.113.9"); r.code != 429 || r.retryAfter == "" {
		t.Errorf("5th call from 203.0.113.9: %+v", r)
	}
	if r := call(t, "GET", base+"/crm/operadores/eu", "", nil, "X-Forwarded-For", "198.51.100.20"); r.code != 401 {
		t.Errorf("another address: %+v", r)
	}
}
