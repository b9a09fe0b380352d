package web

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
)

// bearerToken is the token of an "Authorization: Bearer …" header. The
// scheme's name is case-insensitive (RFC 9110 section 11.1): "bearer" and
// "BEARER" are the same scheme.
func bearerToken(header string) (string, bool) {
	scheme, token, ok := strings.Cut(header, " ")
	token = strings.TrimLeft(token, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || token == "" {
		return "", false
	}
	return token, true
}

// unauthorized refuses a request for want of a token, with the challenge
// that says which; like every answer about a credential, no cache keeps it.
func unauthorized(c *gin.Context, challenge, message string) {
	c.Header("WWW-Authenticate", challenge)
	c.Header("Cache-Control", "no-store")
	apiError(c, http.StatusUnauthorized, "unauthorized", message)
}
