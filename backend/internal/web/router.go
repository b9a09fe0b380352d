package web

import (
	"context"
	"crypto/subtle"
	"net/http"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/web/pages"
	"time"

	"github.com/gin-gonic/gin"
)

// router declares the server's own HTTP routes and returns the /api group
// that features add their endpoints to (feature.go). Pages are not listed
// here: they come from the shared route table and reach the page engine
// through NoRoute, which matches them against it.
func (s *Server) router() (*gin.Engine, *gin.RouterGroup, error) {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.RedirectTrailingSlash = false // the route table ignores trailing slashes itself
	r.RedirectFixedPath = false
	r.HandleMethodNotAllowed = false
	// The client is the socket's peer unless a trusted proxy says otherwise:
	// a forged X-Forwarded-For must not dodge the abuse limits.
	if err := r.SetTrustedProxies(s.cfg.TrustedProxies); err != nil {
		return nil, nil, err
	}
	crossOrigin, err := s.crossOrigin()
	if err != nil {
		return nil, nil, err
	}
	r.Use(s.recoverer(), s.requestLog(), securityHeaders(), s.checkURL(), s.forBusiness, crossOrigin)

	r.GET("/healthz", s.healthz)
	if s.metrics != nil {
		r.GET("/metrics", s.serveMetrics)
	}
	r.GET("/favicon.ico", func(c *gin.Context) { c.String(http.StatusNotFound, "Not found") })
	r.GET("/assets/*file", s.assets.Serve)
	r.GET("/embed.js", s.assets.ServeEmbed)

	// The page engine adds /api/page-data, /api/messages and /api/form-key (New).
	api := r.Group("/api")

	r.NoRoute(s.page)
	return r, api, nil
}

// answerHead lets HEAD answer wherever GET does (net/http drops the body).
func answerHead(r *gin.Engine) {
	heads := map[string]bool{}
	for _, info := range r.Routes() {
		if info.Method == http.MethodHead {
			heads[info.Path] = true
		}
	}
	for _, info := range r.Routes() {
		if info.Method == http.MethodGet && !heads[info.Path] {
			r.HEAD(info.Path, info.HandlerFunc)
		}
	}
}

func (s *Server) healthz(c *gin.Context) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
	defer cancel()
	if err := s.db.Ping(ctx); err != nil {
		c.Header("Retry-After", pages.RetryAfterUnavailable)
		c.JSON(http.StatusServiceUnavailable, gin.H{"status": "unavailable", "reason": "database", "detail": db.UnavailableReason(err)})
		return
	}
	if !s.pages.Ready() {
		c.JSON(http.StatusServiceUnavailable, gin.H{"status": "unavailable", "reason": "renderer"})
		return
	}
	c.JSON(http.StatusOK, gin.H{"status": "ok"})
}

// serveMetrics answers Prometheus; with a metrics token configured, only a
// scraper that sends it.
func (s *Server) serveMetrics(c *gin.Context) {
	if want := s.cfg.MetricsToken; want != "" {
		got, _ := bearerToken(c.GetHeader("Authorization"))
		if subtle.ConstantTimeCompare([]byte(got), []byte(want)) != 1 {
			unauthorized(c, `Bearer realm="metrics"`, "Send the metrics token (SLOTWISE_METRICS_TOKEN) as a bearer token")
			return
		}
	}
	s.metrics.Handler().ServeHTTP(c.Writer, c.Request)
}
