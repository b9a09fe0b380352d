// Package web is the HTTP side: the server's own routes (router.go),
// middleware, form posts to pages (actions.go), and one file set per
// feature that registers its page loaders, JSON APIs and error mappings
// (feature.go). Pages themselves are served by the page engine
// (web/pages), which web builds over the features' loaders.
package web

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/formkey"
	"slotwise/backend/internal/hosts"
	"slotwise/backend/internal/limits"
	"slotwise/backend/internal/route"
	"slotwise/backend/internal/web/pages"
	"slotwise/ui"
)

// Pinger answers whether the database is reachable (pgxpool.Pool satisfies it).
type Pinger interface {
	Ping(ctx context.Context) error
}

// Config is what the web layer needs from configuration.
type Config struct {
	PublicURL      string   // origin of every absolute link: canonical, hreflang, calendar files
	TrustedOrigins []string // may send state-changing API requests across origins
	FrameAncestors string   // CSP sources that may frame the widgets; empty: any
	TrustedProxies []string // whose X-Forwarded-For names the client; none: the socket's peer
	MetricsToken   string   // when set, /metrics asks for it as a bearer token
}

// Deps are the web layer's collaborators.
type Deps struct {
	Config   Config
	Logger   *slog.Logger
	Renderer pages.Renderer
	DB       Pinger
	Assets   *pages.Assets
	Features []Feature
	Limits   *limits.Limiter // abuse limits (limits.go); nil: none
	// Cache, when set, keeps pages while it hears the database's changes
	// (pages.NewCache, made before the services whose commits it must
	// see); without it every page is rendered afresh.
	Cache *pages.Cache
	// FormKeys signs the key rendered into each page's forms (formkey);
	// without it the keys are random and unsigned.
	FormKeys *formkey.Signer
	// Metrics, when set, counts requests and cache lookups and is served
	// at /metrics (behind Config.MetricsToken when there is one).
	Metrics Metrics
	// Hosts tells which business answers a request's host (business.go);
	// nil: every request is the database's only business's.
	Hosts *hosts.Map
}

// Metrics is what the server tells of itself (backend/internal/metrics).
type Metrics interface {
	Request(route, method string, status int, took time.Duration)
	CacheLookup(hit bool)
	Handler() http.Handler
}

// Server holds what the handlers share.
type Server struct {
	cfg     Config
	log     *slog.Logger
	db      Pinger
	assets  *pages.Assets
	routes  *route.Table
	pages   *pages.Engine
	actions map[string]Action
	errors  []ErrorMapping
	limits  *limits.Limiter
	keys    *formkey.Signer
	// siteFrame is the website's menu and Book action, which an error page
	// of the website keeps (sites_feature.go).
	siteFrame func(ctx context.Context, locale string) (*SiteData, error)
	// siteBook is the website's Book action alone (wayOn): one query, not
	// the whole frame.
	siteBook func(ctx context.Context, locale string) (string, error)
	// shopFront is how the business sells, which its product and
	// collection pages show (the shop feature's); nil: nothing is sold.
	shopFront func(ctx context.Context, locale string) (*ShopData, error)
	// requestLinks mails an address the links to its upcoming bookings
	// (booking_links.go); nil without the booking feature.
	requestLinks func(ctx context.Context, client, email, locale string) error
	metrics      Metrics
	hosts        *hosts.Map
	// redirectOrigins are the origins a redirect may name in full: the
	// site's own and those features add (Registry.RedirectOrigins).
	redirectOrigins []string
	// checkout tells whether an address is the provider's page of one of
	// the business's open checkouts (the payments feature's), where a
	// form's answer may send the visitor.
	checkout func(ctx context.Context, u string) (bool, error)
}

// New registers the features, builds the page engine over their loaders
// (which checks that every route of the table has exactly one) and the
// handler: the router behind its front door (front.go).
func New(d Deps) (http.Handler, error) {
	table, err := route.Parse(ui.RoutesJSON)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: d.Config, log: d.Logger, db: d.DB, assets: d.Assets, routes: table, limits: d.Limits, keys: d.FormKeys, metrics: d.Metrics, hosts: d.Hosts}
	if o := origin(d.Config.PublicURL); o != "" {
		s.redirectOrigins = append(s.redirectOrigins, o)
	}
	engine, api, err := s.router()
	if err != nil {
		return nil, err
	}
	reg := &Registry{server: s, root: engine, api: api, loaders: map[string]pages.Loader{}, actions: map[string]Action{}, errors: commandErrors}
	for _, f := range d.Features {
		f.Register(reg)
	}
	if len(reg.faults) > 0 {
		return nil, reg.faults[0]
	}
	opt := pages.Options{
		Routes: table, Loaders: reg.loaders, Renderer: d.Renderer, Assets: d.Assets, Log: d.Logger,
		Origin: d.Config.PublicURL, FrameAncestors: d.Config.FrameAncestors, FormKeys: d.FormKeys, Cache: d.Cache,
		Cookies: map[string]func(string) (string, bool){timeZoneCookie: cleanZone, sessionCookie: cleanSession, secureSessionCookie: cleanSession,
			cartCookie: cleanCart, secureCartCookie: cleanCart},
		ErrorPage: s.pageError, Redirect: s.siteLocation, LogPath: loggedPath, Site: reg.site, ErrorFrame: reg.errorFrame,
		Served: noteRoute,
	}
	if s.siteFrame != nil {
		opt.SiteFrame = func(ctx context.Context, locale string) (any, error) { return s.siteFrame(ctx, locale) }
	}
	if d.Metrics != nil {
		opt.CacheLookup = d.Metrics.CacheLookup
	}
	if s.pages, err = pages.New(opt); err != nil {
		return nil, err
	}
	s.pages.Register(api)
	s.actions, s.errors = reg.actions, reg.errors
	answerHead(engine)
	return newFrontDoor(s, engine), nil
}

// absolute builds a public URL for a site-relative path, on the origin of
// the business ctx works for (its primary host, or the configured public
// URL), never on a request's Host header (pages.Engine.Absolute).
func (s *Server) absolute(ctx context.Context, path string) string {
	return s.pages.Absolute(ctx, path)
}

// page serves what no route of the server's own matched: a POST to a page
// is its route's form action (actions.go), a GET or HEAD the page itself.
func (s *Server) page(c *gin.Context) {
	if c.Request.Method == http.MethodPost && !strings.HasPrefix(c.Request.URL.Path, "/api/") {
		s.pageAction(c)
		return
	}
	if c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead {
		apiError(c, http.StatusMethodNotAllowed, "method_not_allowed", "Method not allowed")
		return
	}
	if strings.HasPrefix(c.Request.URL.Path, "/api/") {
		apiError(c, http.StatusNotFound, "not_found", "Not found")
		return
	}
	if s.backToDone(c) {
		return
	}
	s.pages.Serve(c)
}
