package web

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/hosts"
)

// forBusiness finds the business the request's host belongs to before any
// handler runs (from memory: hosts.Map), and works for it from then on:
// every statement, cache key and change notice of the request is that
// business's. A host no business claims, without a default business, is a
// plain 404 that names none; a secondary host the business sends on is a
// 301 to its primary. The operator's own paths answer on any host.
func (s *Server) forBusiness(c *gin.Context) {
	if s.hosts == nil {
		return
	}
	if p := c.Request.URL.Path; p == "/healthz" || p == "/metrics" || strings.HasPrefix(p, operatorPrefix) {
		return
	}
	answer, ok := s.hosts.Resolve(c.Request.Host)
	if !ok {
		c.Header("Cache-Control", "no-store")
		c.String(http.StatusNotFound, "Not found")
		c.Abort()
		return
	}
	if answer.RedirectTo != "" && (c.Request.Method == http.MethodGet || c.Request.Method == http.MethodHead) {
		s.redirectToPrimary(c, answer.RedirectTo)
		c.Abort()
		return
	}
	ctx := hosts.WithBusiness(db.WithBusiness(c.Request.Context(), answer.Business.ID), answer.Business)
	c.Request = c.Request.WithContext(ctx)
}
