package auth

import (
	"context"
	"testing"

	"google.golang.org/grpc/metadata"
)

func TestClientAddr(t *testing.T) {
	trusted, err := ParseCIDRs([]string{"10.0.0.0/8", "192.168.1.5"})
	if err != nil {
		t.Fatal(err)
	}
	g := &Guard{TrustedProxies: trusted}
	for _, c := range []struct {
		xff  []string
		want string
	}{
		{nil, ""},
		{[]string{"203.0.113.7"}, "203.0.113.7"},
		// A client forging the header: the gateway's own hop (the real peer) wins.
		{[]string{"1.2.3.4, 203.0.113.7"}, "203.0.113.7"},
		// Behind trusted proxies: the first untrusted hop from the right.
		{[]string{"1.2.3.4, 203.0.113.7, 10.1.2.3"}, "203.0.113.7"},
		{[]string{"203.0.113.7", "192.168.1.5"}, "203.0.113.7"},
		{[]string{"10.0.0.1, 10.0.0.2"}, "10.0.0.1"},
	} {
		ctx := context.Background()
		if c.xff != nil {
			md := metadata.MD{}
			for _, v := range c.xff {
				md.Append("x-forwarded-for", v)
			}
			ctx = metadata.NewIncomingContext(ctx, md)
		}
		if got := g.clientAddr(ctx, mdReader{ctx}); got != c.want {
			t.Errorf("%v: %q, want %q", c.xff, got, c.want)
		}
	}
}
