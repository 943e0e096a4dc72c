package caller

import (
	"context"

	"google.golang.org/grpc/metadata"
)

// EmNomeDe is ctx for a call to another service on the caller's behalf: it forwards the caller's
// own token, so the other service applies the caller's company and role scope exactly as it
// would for the app (a seller reaches only their portfolio). Without a token, ctx as it is.
func EmNomeDe(ctx context.Context) context.Context {
	c := From(ctx)
	if c == nil || c.Token == "" {
		return ctx
	}
	return metadata.AppendToOutgoingContext(ctx, "authorization", "Bearer "+c.Token)
}
