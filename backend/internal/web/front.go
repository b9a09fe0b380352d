package web

import (
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/web/pages"
)

// frontDoor is the server's handler. Most requests ask for a page the
// cache keeps; it answers those itself, before the router: the page's
// key made from the request as it came, the business from its host, the
// answer written with the headers and log line and metrics the router's
// middleware would give it. Everything else, and every request it is
// unsure of, takes the router's whole way, which answers the same page
// the same way: the front door is only shorter.
type frontDoor struct {
	s      *Server
	router *gin.Engine
	// routed are the first segments of the router's own paths (/api,
	// /assets …): their requests are never a kept page.
	routed map[string]bool
}

func newFrontDoor(s *Server, router *gin.Engine) *frontDoor {
	d := &frontDoor{s: s, router: router, routed: map[string]bool{}}
	for _, r := range router.Routes() {
		first, _, _ := strings.Cut(strings.TrimPrefix(r.Path, "/"), "/")
		d.routed[first] = true
	}
	return d
}

// Routes lists the router's own routes (gin's Engine.Routes).
func (d *frontDoor) Routes() gin.RoutesInfo { return d.router.Routes() }

func (d *frontDoor) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if (r.Method == http.MethodGet || r.Method == http.MethodHead) && d.answerKept(w, r) {
		return
	}
	d.router.ServeHTTP(w, r)
}

// answerKept answers with a kept page, or tells false having written
// nothing. It leaves to the router what the middleware would answer
// otherwise: a refused URL (checkURL), a host that is no business's or
// one its business sends on (forBusiness), a booker sent back to the
// booking they made (backToDone, only with a time= in the query).
func (d *frontDoor) answerKept(w http.ResponseWriter, r *http.Request) (answered bool) {
	start := time.Now() // real time: how long the request took
	s := d.s
	stage := looking
	defer s.recoverKept(r, &stage, &answered)
	first, _, _ := strings.Cut(r.URL.Path[min(1, len(r.URL.Path)):], "/")
	if s.hosts == nil || d.routed[first] || refusedURL(r.URL) != 0 || strings.Contains(r.URL.RawQuery, "time=") {
		return false
	}
	answer, ok := s.hosts.Resolve(r.Host)
	if !ok || answer.RedirectTo != "" {
		return false
	}
	kept, ok := s.pages.Find(r, answer.Business)
	if !ok {
		return false
	}
	id := requestID(pages.HeaderValue(r.Header, "X-Request-Id"))
	h := w.Header()
	h["X-Request-Id"] = []string{id}
	addSecurityHeaders(h, r)
	stage = writing
	status := s.pages.Answer(w, r, kept)
	stage = written
	took := time.Since(start) // real time: how long the request took
	s.logRequest(r.Context(), id, start, took, r.Method, r.URL.Path, status)
	if s.metrics != nil {
		s.metrics.Request(kept.Route(), r.Method, status, took)
	}
	return true
}

// frontStage is how far the front door got with a request.
type frontStage uint8

const (
	looking frontStage = iota // nothing sent: the router may still answer
	writing                   // the page is being sent
	written                   // the page went whole
)

// recoverKept is recoverer's for the front door: a panic is logged, and
// then, before anything was sent, the router answers the request as it
// would have (answered stays false); while the page is sent, the
// connection is cut (net/http's ErrAbortHandler, which it does not log
// again) rather than a half-written page finished as if whole; after it
// went whole, only its log line or count is lost.
func (s *Server) recoverKept(r *http.Request, stage *frontStage, answered *bool) {
	v := recover()
	if v == nil {
		return
	}
	if v != http.ErrAbortHandler {
		s.log.ErrorContext(r.Context(), "handler panicked", slog.String("path", loggedPath(r.URL.Path)), slog.Any("panic", v))
	}
	switch {
	case *stage == writing || v == http.ErrAbortHandler:
		panic(http.ErrAbortHandler)
	case *stage == written:
		*answered = true
	default:
		*answered = false
	}
}
