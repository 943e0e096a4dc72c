package server

import (
	"context"
	"testing"
	"time"

	"google.golang.org/grpc"
)

// TestDefaultDeadline: a call that came without a deadline gets CRM_RPC_TIMEOUT's; one that came
// with its own keeps it.
func TestDefaultDeadline(t *testing.T) {
	ic := defaultDeadline(3 * time.Second)
	var got time.Time
	var ok bool
	h := func(ctx context.Context, req any) (any, error) { got, ok = ctx.Deadline(); return nil, nil }
	ic(context.Background(), nil, &grpc.UnaryServerInfo{}, h)
	if !ok || time.Until(got) < 2*time.Second || time.Until(got) > 3*time.Second {
		t.Errorf("no client deadline: %v %v", got, ok)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	ic(ctx, nil, &grpc.UnaryServerInfo{}, h)
	if !ok || time.Until(got) < 9*time.Minute {
		t.Errorf("client's deadline replaced: %v", got)
	}
}
