package server

import (
	"context"
	"fmt"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// localConn is the channel the REST gateway calls through: a unary call runs the registered
// handler in the caller's goroutine, with the same interceptor chain as the gRPC server, and
// copies the request and response messages (so neither side shares memory with the other). It
// replaces grpchan's inprocgrpc, which spends a goroutine (and its stack growth) per call; the
// gateway only makes unary calls.
type localConn struct {
	methods     map[string]localMethod
	interceptor grpc.UnaryServerInterceptor
}

type localMethod struct {
	impl    any
	handler grpc.MethodHandler
}

func newLocalConn(interceptor grpc.UnaryServerInterceptor) *localConn {
	return &localConn{methods: map[string]localMethod{}, interceptor: interceptor}
}

func (c *localConn) RegisterService(desc *grpc.ServiceDesc, impl any) {
	for _, m := range desc.Methods {
		c.methods["/"+desc.ServiceName+"/"+m.MethodName] = localMethod{impl: impl, handler: m.Handler}
	}
}

func (c *localConn) Invoke(ctx context.Context, method string, args, reply any, _ ...grpc.CallOption) error {
	m, ok := c.methods[method]
	if !ok {
		return status.Errorf(codes.Unimplemented, "método %s não implementado", method)
	}
	in, ok := args.(proto.Message)
	out, ok2 := reply.(proto.Message)
	if !ok || !ok2 {
		return status.Error(codes.Internal, "mensagem não protobuf")
	}
	// What the client sent as outgoing metadata is what the server sees as incoming.
	md, _ := metadata.FromOutgoingContext(ctx)
	sctx := metadata.NewIncomingContext(ctx, md)
	sctx = grpc.NewContextWithServerTransportStream(sctx, &localStream{method: method})
	dec := func(v any) error {
		pm, ok := v.(proto.Message)
		if !ok {
			return fmt.Errorf("mensagem não protobuf: %T", v)
		}
		proto.Merge(pm, in)
		return nil
	}
	resp, err := m.handler(m.impl, sctx, dec, c.interceptor)
	if err != nil {
		return err
	}
	rm, ok := resp.(proto.Message)
	if !ok {
		return status.Error(codes.Internal, "resposta não protobuf")
	}
	proto.Merge(out, rm)
	return nil
}

func (c *localConn) NewStream(context.Context, *grpc.StreamDesc, string, ...grpc.CallOption) (grpc.ClientStream, error) {
	return nil, status.Error(codes.Unimplemented, "streams não passam pelo gateway")
}

// localStream lets handlers call grpc.SetHeader and friends (headers are dropped: the gateway's
// REST answers carry none).
type localStream struct{ method string }

func (s *localStream) Method() string                  { return s.method }
func (s *localStream) SetHeader(metadata.MD) error     { return nil }
func (s *localStream) SendHeader(metadata.MD) error    { return nil }
func (s *localStream) SetTrailer(md metadata.MD) error { return nil }
