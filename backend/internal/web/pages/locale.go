package pages

import (
	"context"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/hosts"

	"slotwise/locales"
)

// Cookie names shared with the client (ui/src/cookies.ts).
const (
	LocaleCookie  = "slotwise_locale"
	ConsentCookie = "slotwise_consent"
)

// SplitLocale takes a language prefix off a path: "/de/widget/x" → "de", "/widget/x".
func SplitLocale(path string) (locale, rest string, prefixed bool) {
	trimmed := strings.TrimPrefix(path, "/")
	first, after, _ := strings.Cut(trimmed, "/")
	if l, ok := locales.FromPrefix(first); ok {
		return l, "/" + after, true
	}
	return "", path, false
}

// ResolveLocale: the URL's prefix wins, then the visitor's earlier choice
// (cookie), then the browser's languages, then the language the business
// writes in (what a visitor who says none, a search engine, reads it in),
// then en-US.
func ResolveLocale(c *gin.Context, prefix string) string {
	return resolveLocale(c.Request, prefix, businessLocale(c.Request.Context()))
}

// resolveLocale is ResolveLocale of a request whose business writes in
// written ("" for none known).
func resolveLocale(r *http.Request, prefix, written string) string {
	if prefix != "" {
		return prefix
	}
	if v, ok := CookieValue(r, LocaleCookie); ok {
		if locale, ok := locales.Canonical(v); ok {
			return locale
		}
	}
	if locale, ok := locales.NegotiateMatch(HeaderValue(r.Header, "Accept-Language")); ok {
		return locale
	}
	if written != "" {
		return written
	}
	return locales.Fallback
}

func businessLocale(ctx context.Context) string {
	if b, ok := hosts.BusinessOf(ctx); ok {
		return b.Locale
	}
	return ""
}

// consentOf is the visitor's cookie choice as pages show it.
func consentOf(c *gin.Context) string { return consentIn(c.Request) }

func consentIn(r *http.Request) string {
	if v, ok := CookieValue(r, ConsentCookie); ok && (v == "essential" || v == "all") {
		return v
	}
	return ""
}

// cookies reads the cookies loaders may read, each cleaned as the
// options say; one that does not clean is left out.
func (e *Engine) cookies(get func(string) (string, error)) map[string]string {
	out := map[string]string{}
	for name, clean := range e.opt.Cookies {
		v, err := get(name)
		if err != nil {
			continue
		}
		if v, ok := clean(v); ok {
			out[name] = v
		}
	}
	return out
}
