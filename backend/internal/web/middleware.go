package web

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
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
				s.log.ErrorContext(c.Request.Context(), "handler panicked", slog.String("path", c.Request.URL.Path), slog.Any("panic", v))
				if !c.Writer.Written() {
					apiError(c, http.StatusInternalServerError, "internal", http.StatusText(http.StatusInternalServerError))
				}
				c.Abort()
			}
		}()
		c.Next()
	}
}

func (s *Server) requestLog() gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		s.log.LogAttrs(c.Request.Context(), slog.LevelInfo, "request",
			slog.String("method", c.Request.Method),
			slog.String("path", c.Request.URL.Path),
			slog.Int("status", c.Writer.Status()),
			slog.Duration("took", time.Since(start)))
	}
}

// apiError is the one shape of every API error: {"error": {"code", "message"}}.
func apiError(c *gin.Context, status int, code, message string) {
	c.AbortWithStatusJSON(status, APIErrorResponse{Error: APIErrorBody{Code: code, Message: message}})
}
