// Package web is the HTTP side: the server's own routes (router.go),
// middleware, the page handler that matches the shared route table, loads
// data and renders it in V8, and one file set per feature that registers its
// loaders, JSON APIs and error mappings (feature.go).
package web

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/singleflight"

	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/formkey"
	"slotwise/backend/internal/limits"
	"slotwise/backend/internal/route"
	"slotwise/ui"
)

// Renderer renders a page body from its payload (ssr.Pool satisfies it).
type Renderer interface {
	Render(ctx context.Context, url string, payloadJSON []byte) (string, error)
	Ready() bool
}

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
	Renderer Renderer
	DB       Pinger
	Assets   *Assets
	Features []Feature
	Limits   *limits.Limiter // abuse limits (limits.go); nil: none
	// ContentPool, when set, is listened on for content changes until
	// Lifetime ends, and published website pages are cached meanwhile
	// (page_cache.go); without it every page is rendered afresh.
	ContentPool *pgxpool.Pool
	Lifetime    context.Context
	// FormKeys signs the key rendered into each page's forms (formkey);
	// without it the keys are random and unsigned.
	FormKeys *formkey.Signer
	// Metrics, when set, counts requests and cache lookups and is served
	// at /metrics (behind Config.MetricsToken when there is one).
	Metrics Metrics
	// Clock is the time the booking pages' times are computed at, which
	// their cached copies expire on (PageResult.Until); nil: clock.Now.
	Clock clock.Func
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
	render  Renderer
	db      Pinger
	assets  *Assets
	routes  *route.Table
	loaders map[string]Loader
	actions map[string]Action
	errors  []ErrorMapping
	limits  *limits.Limiter
	renders *renderCache
	pages   *pageCache
	keys    *formkey.Signer
	// siteBrand is the colour of the business the site belongs to, worn by
	// pages that no business of their own claims (Registry.SiteBrand).
	siteBrand func(ctx context.Context) (string, error)
	// siteFrame is the website's menu and Book action, which an error page
	// of the website keeps (sites_feature.go).
	siteFrame func(ctx context.Context, locale string) (*SiteData, error)
	metrics   Metrics
	// flights makes a cached page once for the requests that miss it at once.
	flights singleflight.Group
	// contentPool is where the page cache's own sync marks are sent
	// (SeeOwnChanges); nil: pages are not cached.
	contentPool *pgxpool.Pool
	// redirectOrigins are the origins a redirect may name in full: the
	// site's own and those features add (Registry.RedirectOrigins).
	redirectOrigins []string
}

// SeeOwnChanges returns once the page cache of this replica has dropped
// every page that a change committed before the call made stale: a
// command's after-commit hook, so a visitor who just booked, cancelled or
// moved a booking never meets the old times on the next page.
func (s *Server) SeeOwnChanges(ctx context.Context) {
	if s.contentPool == nil {
		return
	}
	s.pages.catchUp(ctx, func(ctx context.Context, payload string) error {
		_, err := s.contentPool.Exec(ctx, `SELECT pg_notify($1, $2)`, ContentChannel, payload)
		return err
	})
}

// New registers the features, checks that every route of the table has
// exactly one loader, and builds the handler.
func New(d Deps) (*gin.Engine, error) {
	table, err := route.Parse(ui.RoutesJSON)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: d.Config, log: d.Logger, render: d.Renderer, db: d.DB, assets: d.Assets, routes: table, limits: d.Limits, keys: d.FormKeys,
		renders: newRenderCache(512, 64<<20), metrics: d.Metrics, contentPool: d.ContentPool}
	if o := origin(d.Config.PublicURL); o != "" {
		s.redirectOrigins = append(s.redirectOrigins, o)
	}
	now := d.Clock
	if now == nil {
		now = clock.Now
	}
	s.pages = newPageCache(64<<20, now)
	if d.ContentPool != nil && d.Lifetime != nil {
		go db.ListenPayloads(d.Lifetime, d.ContentPool, ContentChannel, s.pages.notice, s.pages.setLive, 5*time.Second, d.Logger)
	}
	engine, api, err := s.router()
	if err != nil {
		return nil, err
	}
	reg := &Registry{server: s, root: engine, api: api, loaders: map[string]Loader{}, actions: map[string]Action{}, errors: commandErrors}
	for _, f := range d.Features {
		f.Register(reg)
	}
	if len(reg.faults) > 0 {
		return nil, reg.faults[0]
	}
	if err := checkLoaders(table, reg.loaders); err != nil {
		return nil, err
	}
	s.loaders, s.actions, s.errors = reg.loaders, reg.actions, reg.errors
	answerHead(engine)
	return engine, nil
}

// checkLoaders fails when a route lacks a loader or a loader has no route.
func checkLoaders(table *route.Table, loaders map[string]Loader) error {
	for _, name := range table.Names() {
		if name != "error" && loaders[name] == nil {
			return fmt.Errorf("web: route %q has no loader", name)
		}
	}
	for name := range loaders {
		if table.Route(name) == nil {
			return fmt.Errorf("web: loader %q has no route in the table", name)
		}
	}
	return nil
}
