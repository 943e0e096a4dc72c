// Package page implements list pagination: page_size (default 50, max 200) and an opaque
// page_token carrying the sort key of the last item returned.
package page

import (
	"encoding/base64"
	"encoding/json"

	"github.com/crmvendas/crm/services/platform/errs"
)

const (
	DefaultSize = 50
	MaxSize     = 200
	// MaxFeedSize bounds a page of a change feed. A device copies a whole catalogue through the
	// feeds (a distributor's 15,000 products and their prices): over a slow mobile network each
	// request costs a round trip, so a feed page may be larger than a list page.
	MaxFeedSize = 1000
)

// Size returns the effective page size.
func Size(n int32) int {
	switch {
	case n <= 0:
		return DefaultSize
	case n > MaxSize:
		return MaxSize
	}
	return int(n)
}

// FeedSize returns the effective size of a change-feed page (default DefaultSize, at most
// MaxFeedSize).
func FeedSize(n int32) int {
	switch {
	case n <= 0:
		return DefaultSize
	case n > MaxFeedSize:
		return MaxFeedSize
	}
	return int(n)
}

// Cursor is the position after the last item of a page: its sort key and id.
type Cursor struct {
	Key string `json:"k"`
	ID  string `json:"i"`
}

// Encode returns the opaque token for c.
func Encode(c Cursor) string {
	b, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(b)
}

// Decode parses a token; an empty token is the first page.
func Decode(tok string) (*Cursor, error) {
	if tok == "" {
		return nil, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(tok)
	var c Cursor
	if err != nil || json.Unmarshal(b, &c) != nil {
		return nil, errs.Field("page_token", "page_token inválido: use o valor de next_page_token da página anterior.")
	}
	return &c, nil
}
