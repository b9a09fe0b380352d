// Package pages is the page engine: it matches a request to a route of the
// shared table, runs the route's loader (the contract in request.go),
// builds the payload (payload.go), renders it through the V8 pool into a
// document (document.go, head.go) and keeps what may be kept: rendered
// bodies by their payload (render_cache.go), whole answers in every
// encoding with their ETags (cache.go) under the policy each loader
// returns as data. It answers /api/page-data from the same path
// (serve.go), serves the build's assets and its messages (assets.go,
// messages.go), and issues form keys. It knows no feature and no route by
// name: package web registers the loaders and says how a domain error
// becomes a page.
package pages

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/gin-gonic/gin"
	"golang.org/x/sync/singleflight"

	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/formkey"
	"slotwise/backend/internal/route"
	"slotwise/ssr"
)

// Renderer renders a page body from its payload and the messages of its
// layout in its language, which many renders share (ssr.Pool satisfies it).
type Renderer interface {
	RenderWith(ctx context.Context, url string, payloadJSON []byte, messages ssr.Shared) (string, error)
	Ready() bool
}

// Options are the engine's collaborators and settings.
type Options struct {
	Routes   *route.Table
	Loaders  map[string]Loader // one per route of the table but "error"
	Renderer Renderer
	Assets   *Assets // nil: pages carry their whole catalogue (tests that render nothing)
	Log      *slog.Logger
	// Origin is the public URL: every absolute link (canonical, hreflang,
	// cards) is built on it, never on a request's Host header.
	Origin string
	// FrameAncestors are the CSP sources that may frame a widget; "": any.
	FrameAncestors string
	// FormKeys signs the keys of pages' forms; nil: random, unsigned.
	FormKeys *formkey.Signer
	// Cache keeps pages while it hears the database's changes (NewCache);
	// nil: every page is loaded and rendered afresh.
	Cache *Cache
	// Cookies are the cookies loaders may read (Request.Cookie), each with
	// how its value is cleaned: false drops it.
	Cookies map[string]func(string) (string, bool)
	// ErrorPage turns a loader's domain error into the page it shows (a
	// 404, an expired link); false: the error is the server's (500).
	ErrorPage func(err error, req *Request) (*Error, bool)
	// Redirect makes a redirect's target one that stays on the site.
	Redirect func(target string) string
	// LogPath is a path as the log may show it (its secrets cut).
	LogPath func(path string) string
	// Site is what every page wears of the business the site belongs to
	// (its colour, its privacy policy); SiteFrame is the website's menu and
	// Book action, which its pages that lead nowhere keep. Either may be nil.
	Site      func(ctx context.Context, locale string) (Site, error)
	SiteFrame func(ctx context.Context, locale string) (any, error)
	// ErrorFrame is what a widget's error page keeps of the business: its
	// name, how to reach it and the way on, for the route asked for ("" for
	// an address no route has); nil: the bare error page.
	ErrorFrame func(ctx context.Context, locale, route string) (any, error)
	// CacheLookup counts the page cache's hits and misses; nil: not counted.
	CacheLookup func(hit bool)
	// Served is told the route that answered a request no gin pattern
	// matched, for the request log and metrics; nil: nobody is told.
	Served func(c *gin.Context, route string)
}

// Engine serves pages.
type Engine struct {
	opt     Options
	renders *renderCache
	pages   *pageCache
	// flights makes a cached page once for the requests that miss it at once.
	flights singleflight.Group
}

// New checks that every route of the table has exactly one loader and
// starts listening for the changes that drop cached pages.
func New(opt Options) (*Engine, error) {
	for _, name := range opt.Routes.Names() {
		if name != ErrorRoute && opt.Loaders[name] == nil {
			return nil, fmt.Errorf("pages: route %q has no loader", name)
		}
	}
	for name := range opt.Loaders {
		if opt.Routes.Route(name) == nil {
			return nil, fmt.Errorf("pages: loader %q has no route in the table", name)
		}
	}
	if opt.Log == nil {
		opt.Log = slog.Default()
	}
	if opt.Redirect == nil {
		opt.Redirect = func(target string) string { return target }
	}
	if opt.LogPath == nil {
		opt.LogPath = func(path string) string { return path }
	}
	e := &Engine{opt: opt, renders: newRenderCache(512, 64<<20)}
	if opt.Cache != nil {
		e.pages = opt.Cache.pages
	} else {
		e.pages = newPageCache(0, clock.Now) // never live: nothing kept
	}
	return e, nil
}

// ErrorRoute is the route of the error layout: every page that fails is
// one, and it has no loader of its own.
const ErrorRoute = "error"

func (e *Engine) served(c *gin.Context, route string) {
	if e.opt.Served != nil {
		e.opt.Served(c, route)
	}
}

// Register adds the engine's own endpoints to the /api group: the page
// data of client navigations, a part's messages and a fresh form key.
func (e *Engine) Register(api gin.IRoutes) {
	api.GET("/page-data", e.ServeData)
	api.GET("/messages", e.partMessages)
	api.GET("/form-key", e.formKeyEndpoint)
}

// Ready tells whether pages can be rendered.
func (e *Engine) Ready() bool { return e.opt.Renderer.Ready() }
