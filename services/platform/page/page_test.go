package page

import "testing"

func TestSizes(t *testing.T) {
	for _, c := range []struct {
		n          int32
		list, feed int
	}{
		{0, DefaultSize, DefaultSize},
		{-3, DefaultSize, DefaultSize},
		{10, 10, 10},
		{500, MaxSize, 500},
		{5000, MaxSize, MaxFeedSize},
	} {
		if got := Size(c.n); got != c.list {
			t.Errorf("Size(%d) = %d, want %d", c.n, got, c.list)
		}
		if got := FeedSize(c.n); got != c.feed {
			t.Errorf("FeedSize(%d) = %d, want %d", c.n, got, c.feed)
		}
	}
}
