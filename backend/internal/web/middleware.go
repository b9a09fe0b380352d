package web

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/logqueue"
	"slotwise/backend/internal/web/pages"
)

// recoverer turns a panic into a clean 500 (never a stack trace to the
// visitor) and logs the panic for the operator.
func (s *Server) recoverer() gin.HandlerFunc {
	return func(c *gin.Context) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.ErrorContext(c.Request.Context(), "handler panicked", slog.String("path", loggedPath(c.Request.URL.Path)), slog.Any("panic", v))
				if !c.Writer.Written() {
					apiError(c, http.StatusInternalServerError, "internal", http.StatusText(http.StatusInternalServerError))
				}
				c.Abort()
			}
		}()
		c.Next()
	}
}

// requestLog gives the request its id and its business (forHost), logs
// it when answered and counts it by route and status.
func (s *Server) requestLog() gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now() // real time: how long the request took
		rs := newRequestScope(pages.HeaderValue(c.Request.Header, "X-Request-Id"))
		c.Writer.Header()["X-Request-Id"] = rs.idHeader[:]
		ctx := s.forHost(context.WithValue(c.Request.Context(), requestScopeKey{}, rs), c.Request, rs)
		c.Request = c.Request.WithContext(ctx)
		c.Next()
		took := time.Since(start) // real time: how long the request took
		s.logRequest(c.Request.Context(), "", start, took, c.Request.Method, c.Request.URL.Path, c.Writer.Status())
		if s.metrics != nil {
			route := c.FullPath()
			if route == "" {
				route = rs.route
			}
			if route == "" {
				route = "unmatched"
			}
			s.metrics.Request(route, c.Request.Method, c.Writer.Status(), took)
		}
	}
}

// logRequest writes a request's line. It goes to the handler itself:
// slog.Logger would walk the stack for the caller's program counter on
// every request, for a source no handler of ours writes. The line reads
// the same. id is the request's id when ctx does not carry it (the front
// door makes no context): it is added as LogHandler would add it. Through
// the server's own log (LogHandler around a logqueue) the line goes as its
// fields, made into a record off the request's path (logqueue.Request).
func (s *Server) logRequest(ctx context.Context, id string, start time.Time, took time.Duration, method, path string, status int) {
	h := s.log.Handler()
	if withID, ok := h.(requestIDHandler); ok {
		if fast, ok := withID.Handler.(logqueue.RequestLogger); ok && fast.LogRequest(ctx, logqueue.Request{
			Time: start.Add(took), Method: method, Path: loggedPath(path), Status: status, Took: took, ID: id,
		}) {
			return
		}
	}
	if !h.Enabled(ctx, slog.LevelInfo) {
		return
	}
	line := slog.NewRecord(start.Add(took), slog.LevelInfo, "request", 0)
	line.AddAttrs(slog.String("method", method),
		slog.String("path", loggedPath(path)),
		slog.Int("status", status),
		slog.Duration("took", took))
	if withID, ok := h.(requestIDHandler); ok && id != "" {
		h = withID.Handler
		line.AddAttrs(slog.String("request_id", id))
	}
	_ = h.Handle(ctx, line)
}

// apiError is the one shape of every API error: {"error": {"code", "message"}}.
func apiError(c *gin.Context, status int, code, message string) {
	c.AbortWithStatusJSON(status, pages.APIErrorResponse{Error: pages.APIErrorBody{Code: code, Message: message}})
}
