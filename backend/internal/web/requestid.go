package web

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"strings"

	"github.com/gin-gonic/gin"
)

// Every request has an id: the one a proxy sent in X-Request-Id when it is
// plausible, else a new one. It is answered in X-Request-Id and written in
// every log line made with the request's context, so a visitor's report,
// a proxy's log and ours meet.

// requestScope is what the request log keeps of a request while it is
// answered: its id, the id's header value, what its host was found to be
// (business.go) and the route that answered it when no gin pattern did
// (pages.Options.Served), in one allocation.
type requestScope struct {
	id         string
	idHeader   [1]string
	route      string
	host       hostOutcome
	redirectTo string // the business's primary host's URL, when it sends there
}

type requestScopeKey struct{}

func newRequestScope(sentID string) *requestScope {
	rs := &requestScope{id: requestID(sentID)}
	rs.idHeader[0] = rs.id
	return rs
}

func scopeOf(ctx context.Context) *requestScope {
	rs, _ := ctx.Value(requestScopeKey{}).(*requestScope)
	return rs
}

// RequestID returns the request id ctx carries, or "".
func RequestID(ctx context.Context) string {
	if rs := scopeOf(ctx); rs != nil {
		return rs.id
	}
	return ""
}

// noteRoute is pages.Options.Served: the route goes to the request's scope.
func noteRoute(c *gin.Context, route string) {
	if rs := scopeOf(c.Request.Context()); rs != nil {
		rs.route = route
	}
}

// requestID is the sent id when it is 1 to 64 letters, digits, - _ . and :,
// else a new one.
func requestID(sent string) string {
	if len(sent) >= 1 && len(sent) <= 64 && strings.Trim(sent, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:") == "" {
		return sent
	}
	return newRequestID()
}

const requestIDAlphabet = "abcdefghijklmnopqrstuvwxyz234567"

// newRequestID is 128 random bits in 26 characters of lowercase base32,
// drawn from the runtime's ChaCha8 generator: an id names a request and
// guards nothing, so it costs no system call and one allocation.
func newRequestID() string {
	var b [26]byte
	hi, lo := rand.Uint64(), rand.Uint64()
	for i := range 13 {
		b[i], b[13+i] = requestIDAlphabet[hi&31], requestIDAlphabet[lo&31]
		hi, lo = hi>>5, lo>>5
	}
	return string(b[:])
}

// LogHandler adds the request id of a log call's context to its record.
func LogHandler(h slog.Handler) slog.Handler { return requestIDHandler{h} }

type requestIDHandler struct{ slog.Handler }

func (h requestIDHandler) Handle(ctx context.Context, r slog.Record) error {
	if id := RequestID(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	return h.Handler.Handle(ctx, r)
}

func (h requestIDHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return requestIDHandler{h.Handler.WithAttrs(attrs)}
}

func (h requestIDHandler) WithGroup(name string) slog.Handler {
	return requestIDHandler{h.Handler.WithGroup(name)}
}
