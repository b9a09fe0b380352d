package web

import (
	"context"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/hosts"
)

// The business a request is for is found from its host before any
// handler runs (from memory: hosts.Map), and worked for from then on:
// every statement, cache key and change notice of the request is that
// business's. requestLog finds it (forHost) as it makes the request's
// scope, so the request is copied with its context once; forBusiness then
// answers for a host that is no business's: a plain 404 that names none,
// without a default business; a 301 to the primary host from a secondary
// one the business sends on. The operator's own paths answer on any host.

// hostOutcome is what the request's host was found to be.
type hostOutcome uint8

const (
	hostNotAsked hostOutcome = iota // no map of hosts, or an operator's path
	hostUnknown
	hostKnown
)

// forHost resolves the request's host into rs and returns ctx working for
// its business, when it has one.
func (s *Server) forHost(ctx context.Context, r *http.Request, rs *requestScope) context.Context {
	if s.hosts == nil {
		return ctx
	}
	if p := r.URL.Path; p == "/healthz" || p == "/metrics" || strings.HasPrefix(p, operatorPrefix) {
		return ctx
	}
	answer, ok := s.hosts.Resolve(r.Host)
	if !ok {
		rs.host = hostUnknown
		return ctx
	}
	rs.host, rs.redirectTo = hostKnown, answer.RedirectTo
	return hosts.WithBusiness(db.WithBusiness(ctx, answer.Business.ID), answer.Business)
}

// forBusiness answers a request whose host is no business's, or one the
// business sends to its primary host; the others go on.
func (s *Server) forBusiness(c *gin.Context) {
	rs := scopeOf(c.Request.Context())
	switch {
	case rs == nil || rs.host == hostNotAsked:
	case rs.host == hostUnknown:
		c.Header("Cache-Control", "no-store")
		c.String(http.StatusNotFound, "Not found")
		c.Abort()
	case rs.redirectTo != "" && (c.Request.Method == http.MethodGet || c.Request.Method == http.MethodHead):
		s.redirectToPrimary(c, rs.redirectTo)
		c.Abort()
	}
}
