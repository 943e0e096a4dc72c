package server

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/wrapperspb"
)

func TestBodyLimits(t *testing.T) {
	foto := LargeBody{Method: "/crm.sales.v1.SalesService/DefinirFotoProduto", Route: "PUT /crm/produtos/{id}/foto", Max: 8 << 20}
	l, err := newBodyLimits([]Module{{Name: "sales", LargeBodies: []LargeBody{foto}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		method, path string
		want         int64
	}{
		{"PUT", "/crm/produtos/p-1/foto", 8 << 20},
		{"GET", "/crm/produtos/p-1/foto", maxBody}, // only the upload
		{"PUT", "/crm/produtos/p-1", maxBody},
		{"POST", "/crm/produtos/importar", maxBody},
	} {
		if got := l.forRequest(httptest.NewRequest(c.method, c.path, nil)); got != c.want {
			t.Errorf("%s %s: %d, esperado %d", c.method, c.path, got, c.want)
		}
	}
	if l.largest != 8<<20 || l.forMethod(foto.Method) != 8<<20 || l.forMethod("/crm.sales.v1.SalesService/ObterProduto") != maxBody {
		t.Errorf("limites gRPC: %+v", l)
	}
	// The gRPC check: a 2 MiB message is refused on another method, accepted on the upload.
	big := wrapperspb.String(strings.Repeat("x", 2<<20))
	ok := func(context.Context, any) (any, error) { return "ok", nil }
	if _, err := l.unary()(context.Background(), big, &grpc.UnaryServerInfo{FullMethod: "/x.Y/Z"}, ok); status.Code(err) != codes.ResourceExhausted ||
		status.Convert(err).Message() != "Requisição grande demais (máximo de 1 MiB)." {
		t.Errorf("2 MiB noutro método: %v", err)
	}
	if _, err := l.unary()(context.Background(), big, &grpc.UnaryServerInfo{FullMethod: foto.Method}, ok); err != nil {
		t.Errorf("2 MiB no envio da foto: %v", err)
	}
	for _, bad := range []LargeBody{{Method: foto.Method, Route: foto.Route, Max: 1 << 20}, {Route: foto.Route, Max: 8 << 20},
		{Method: foto.Method, Route: "PUT /crm/{id", Max: 8 << 20}} {
		if _, err := newBodyLimits([]Module{{Name: "x", LargeBodies: []LargeBody{bad}}}); err == nil {
			t.Errorf("aceitou %+v", bad)
		}
	}
}
