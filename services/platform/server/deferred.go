package server

import (
	"context"
	"sync/atomic"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Deferred is a channel to the process's own services that modules can hold before the server
// exists (they are built first): Options.Local makes the server point it at its in-process
// channel, so a call from one service to another in the all-in-one process runs the same
// interceptors (auth with the forwarded token, company and role checks) without the network.
type Deferred struct{ conn atomic.Pointer[localConn] }

func (d *Deferred) get() (*localConn, error) {
	c := d.conn.Load()
	if c == nil {
		return nil, status.Error(codes.Unavailable, "serviço ainda não iniciado")
	}
	return c, nil
}

func (d *Deferred) Invoke(ctx context.Context, method string, args, reply any, opts ...grpc.CallOption) error {
	c, err := d.get()
	if err != nil {
		return err
	}
	return c.Invoke(ctx, method, args, reply, opts...)
}

func (d *Deferred) NewStream(ctx context.Context, desc *grpc.StreamDesc, method string, opts ...grpc.CallOption) (grpc.ClientStream, error) {
	c, err := d.get()
	if err != nil {
		return nil, err
	}
	return c.NewStream(ctx, desc, method, opts...)
}
