package auth

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"

	"github.com/crmvendas/crm/services/platform/errs"
)

type logFields struct{ uid, empresa string }

type logKey struct{}

func logFieldsFrom(ctx context.Context) *logFields {
	lf, _ := ctx.Value(logKey{}).(*logFields)
	return lf
}

// Metrics are the RPC counters and latencies exported on /metrics.
type Metrics struct {
	calls   *prometheus.CounterVec
	latency *prometheus.HistogramVec
}

// NewMetrics registers the RPC metrics in reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "crm_rpc_total", Help: "RPCs handled, by method and gRPC code.",
		}, []string{"method", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "crm_rpc_duration_seconds", Help: "RPC latency in seconds, by method.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
		}, []string{"method"}),
	}
	reg.MustRegister(m.calls, m.latency)
	return m
}

// ObserveUnary is the outermost interceptor: it recovers panics, maps every error to a status in
// one place (errs.ToStatus), logs the call (request id, uid, empresa; never the token) and
// records metrics.
func ObserveUnary(log *slog.Logger, m *Metrics) grpc.UnaryServerInterceptor {
	return func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (resp any, err error) {
		start := time.Now()
		lf := &logFields{}
		ctx = context.WithValue(ctx, logKey{}, lf)
		func() {
			defer func() {
				if r := recover(); r != nil {
					err = errs.Internal(fmt.Errorf("panic: %v\n%s", r, debug.Stack()))
				}
			}()
			resp, err = handler(ctx, req)
		}()
		code := codes.OK
		if err != nil {
			st := errs.ToStatus(err)
			code = st.Code()
			if cerr := ctx.Err(); cerr != nil && (code == codes.Internal || code == codes.Unavailable || code == codes.Unknown) {
				// The client hung up or its deadline passed mid-call: whatever failed after that is
				// the call ending, not the server failing (and nobody reads this answer).
				st = errs.ToStatus(cerr)
				code = st.Code()
				log.Debug("rpc abandoned", "method", info.FullMethod, "code", code.String(), "err", err.Error(), "request_id", requestID(ctx))
			}
			if code == codes.Internal || code == codes.Unavailable || code == codes.Unknown {
				log.Error("rpc failed", "method", info.FullMethod, "code", code.String(), "err", err.Error(),
					"request_id", requestID(ctx), "uid", lf.uid, "empresa", lf.empresa)
			}
			err = st.Err()
		}
		d := time.Since(start)
		if m != nil {
			m.calls.WithLabelValues(info.FullMethod, code.String()).Inc()
			m.latency.WithLabelValues(info.FullMethod).Observe(d.Seconds())
		}
		if log.Enabled(ctx, slog.LevelInfo) {
			log.LogAttrs(ctx, slog.LevelInfo, "rpc", slog.String("method", info.FullMethod), slog.String("code", code.String()),
				slog.Duration("duration", d), slog.String("request_id", requestID(ctx)), slog.String("uid", lf.uid), slog.String("empresa", lf.empresa))
		}
		return resp, err
	}
}

// ObserveStream maps errors of streaming calls.
func ObserveStream() grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		err := handler(srv, ss)
		if err != nil {
			return errs.ToStatus(err).Err()
		}
		return nil
	}
}

func requestID(ctx context.Context) string {
	return first(mdReader{ctx}, "x-request-id")
}
