package web

import (
	"context"
	"errors"
	"log/slog"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/limits"
	"slotwise/backend/internal/web/pages"
	"slotwise/locales"
)

// Action is a page route's answer to a form post: what a visitor without
// JavaScript (or before it has loaded) sends. It changes something and
// names the page to go to next, answered with 303 See Other; or it fails,
// and the same page is rendered again, with the messages and the values
// the visitor sent, so nothing they typed is lost.
type Action func(ctx context.Context, req *pages.Request, form url.Values) (next string, err error)

// maxFormBytes bounds a form post; the longest form has a few short fields
// and one text of at most a few thousand characters.
const maxFormBytes = 64 << 10

// pageAction serves a POST to a page's own URL through its route's action.
func (s *Server) pageAction(c *gin.Context) {
	path, rawQuery := c.Request.URL.EscapedPath(), c.Request.URL.RawQuery
	prefix, basePath, prefixed := pages.SplitLocale(path)
	m, ok := s.routes.Match(basePath)
	var action Action
	if ok {
		action = s.actions[m.Route.Name]
	}
	// Every page takes the cookie banner's form and the booking links'
	// (booking_links.go); one without an action of its own takes nothing else.
	media, _, err := mime.ParseMediaType(c.GetHeader("Content-Type"))
	form := err == nil && media == "application/x-www-form-urlencoded"
	if action == nil && !form {
		apiError(c, http.StatusMethodNotAllowed, "method_not_allowed", "Method not allowed")
		return
	}
	if !form {
		apiError(c, http.StatusUnsupportedMediaType, "unsupported_media_type", "Send the form as application/x-www-form-urlencoded")
		return
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, maxFormBytes)
	if err := c.Request.ParseForm(); err != nil || !textForm(c.Request.PostForm) {
		s.refuse(c, http.StatusBadRequest)
		return
	}
	if consent, ok := c.Request.PostForm[consentField]; ok {
		s.keepConsent(c, consent)
		return
	}
	if email, ok := c.Request.PostForm[linksField]; ok && s.requestLinks != nil {
		s.linksForm(c, locales.Get(pages.ResolveLocale(c, prefix)).Locale, email)
		return
	}
	if action == nil {
		apiError(c, http.StatusMethodNotAllowed, "method_not_allowed", "Method not allowed")
		return
	}
	// The action and the page rendered again after it fails try the same
	// secret: one wrong secret is one guess.
	c.Request = c.Request.WithContext(withReveal(withOneGuess(c.Request.Context())))
	cat := locales.Get(pages.ResolveLocale(c, prefix))
	query, _ := url.ParseQuery(rawQuery)
	req := s.pages.NewRequest(c.Request.Context(), m, basePath, path+"?"+rawQuery, query, cat, c.ClientIP(), c.Cookie)
	req.UserAgent = c.GetHeader("User-Agent")
	if prefixed {
		req.Prefix = prefix // where the action sends the visitor next keeps their language
	}
	// The router's action (ui/src/router/page.ts) posts the same form and
	// asks for the answer as data: fetch would follow a 303 and lose where
	// it pointed.
	asData := acceptsJSON(c)
	next, err := action(c.Request.Context(), req, c.Request.PostForm)
	for _, cookie := range req.CookiesSet() {
		http.SetCookie(c.Writer, cookie)
	}
	if err == nil {
		// The next step's URL may carry a secret (a new booking's manage
		// token): no cache keeps the answer that names it.
		c.Header("Cache-Control", "no-store")
		if query.Get("time") != "" {
			s.rememberDone(c, path, query, next) // booked_back.go
		}
		if revealedOf(c.Request.Context()) != nil { // the page itself, once (dashboard_reveal.go)
			p := s.pages.Load(c, path, rawQuery)
			if asData {
				s.pages.WriteData(c, p)
				return
			}
			s.pages.Write(c, p)
			return
		}
		if s.leaveForCheckout(c, next, asData) {
			return
		}
		if asData {
			c.JSON(http.StatusOK, gin.H{"redirect": s.siteLocation(next)})
			return
		}
		s.redirect(c, http.StatusSeeOther, next)
		return
	}
	if clientGone(c, err) {
		return
	}
	status, result := s.actionError(c, err, cat)
	result.Values = map[string]string{}
	for k, v := range c.Request.PostForm {
		if len(v) > 0 && k != "idempotencyKey" && !neverEchoed[k] {
			result.Values[k] = v[0]
		}
		if len(v) > 1 && !neverEchoed[k] {
			if result.Lists == nil {
				result.Lists = map[string][]string{}
			}
			result.Lists[k] = v
		}
	}
	p := s.pages.Load(c, path, rawQuery)
	if p.Route != pages.ErrorRoute {
		p.Status, p.Action = status, result
	}
	if asData {
		s.pages.WriteData(c, p)
		return
	}
	s.pages.Write(c, p)
}

// neverEchoed are the fields a refused form is not shown again with: a
// payment account's secrets, which are written and never read back, not
// even into the page that asks for them again.
var neverEchoed = map[string]bool{"secretKey": true, "keySecret": true, "clientSecret": true, "webhookSecret": true}

// actionError is how a failed action is shown: the invalid fields, or the
// domain error's message, from the same tables as the API.
func (s *Server) actionError(c *gin.Context, err error, cat *locales.Catalogue) (int, *pages.ActionResult) {
	var invalid invalidFields
	if errors.As(err, &invalid) {
		return http.StatusUnprocessableEntity, &pages.ActionResult{Message: translate(cat, "booking.error.invalid", nil), Fields: fieldErrors(invalid, cat)}
	}
	var l *limits.ErrLimited
	if errors.As(err, &l) {
		return http.StatusTooManyRequests, &pages.ActionResult{Message: translate(cat, "error.tooManyRequests", nil)}
	}
	if m, args, ok := s.mapError(err); ok {
		if m.MessageID == "" {
			return m.Status, &pages.ActionResult{Message: m.Message, Code: m.Code} // a developer's error, in English
		}
		return m.Status, &pages.ActionResult{Message: translate(cat, m.MessageID, args), Code: m.Code}
	}
	s.log.ErrorContext(c.Request.Context(), "form action failed", slog.String("path", loggedPath(c.Request.URL.Path)), slog.Any("err", err))
	return http.StatusInternalServerError, &pages.ActionResult{Message: translate(cat, "booking.error.unableToSchedule", nil)}
}

// acceptsJSON: the client asks for the answer as JSON rather than a page.
func acceptsJSON(c *gin.Context) bool {
	for _, part := range strings.Split(c.GetHeader("Accept"), ",") {
		media, _, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err == nil && media == "application/json" {
			return true
		}
	}
	return false
}

// textForm tells whether every name and value of a form is text: valid
// UTF-8 without NUL; line breaks and tabs are fine in a text area.
func textForm(form url.Values) bool {
	for k, values := range form {
		for _, v := range append(values, k) {
			if !utf8.ValidString(v) || strings.ContainsRune(v, 0) {
				return false
			}
		}
	}
	return true
}
