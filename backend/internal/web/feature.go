package web

import (
	"context"
	"fmt"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/web/pages"
)

// Feature is one part of the product on the web: booking, the website,
// forms, payments and the admin API. From its own files it registers the
// loaders of its page routes, its JSON endpoints under /api and how its
// domain errors are answered; cmd wires features, never single loaders.
type Feature interface {
	Register(r *Registry)
}

// Registry is what features register into while the server is built.
type Registry struct {
	server  *Server
	root    gin.IRoutes // the site's own files (sitemap, feeds), beside the pages
	api     *gin.RouterGroup
	loaders map[string]pages.Loader
	actions map[string]Action
	errors  []ErrorMapping
	faults  []error
	// site is what pages wear of the business the site belongs to (Site).
	site func(ctx context.Context, locale string) (pages.Site, error)
	// errorFrame is a widget's error page's business (ErrorFrame).
	errorFrame func(ctx context.Context, locale, route string) (any, error)
}

// Page sets the loader of a route of the table; a route has one loader.
func (r *Registry) Page(name string, l pages.Loader) {
	if _, dup := r.loaders[name]; dup {
		r.faults = append(r.faults, fmt.Errorf("web: route %q has two loaders", name))
	}
	r.loaders[name] = l
}

// Action sets what a form post to a route's pages does (actions.go).
func (r *Registry) Action(name string, a Action) {
	if _, dup := r.actions[name]; dup {
		r.faults = append(r.faults, fmt.Errorf("web: route %q has two actions", name))
	}
	r.actions[name] = a
}

// Root is where a feature serves files at the site's top level (robots.txt,
// sitemaps, feeds); those paths are then no page's.
func (r *Registry) Root() gin.IRoutes { return r.root }

// API is the /api route group for the feature's JSON endpoints.
func (r *Registry) API() *gin.RouterGroup { return r.api }

// Server gives handlers the shared helpers: apiError, absolute links, the log.
func (r *Registry) Server() *Server { return r.server }

// Site sets where what every page wears of the business the site belongs
// to is found: its colour (worn by the website's pages and the error
// pages, as the booker wears its calendar's) and its privacy policy.
func (r *Registry) Site(site func(ctx context.Context, locale string) (pages.Site, error)) {
	if r.site != nil {
		r.faults = append(r.faults, fmt.Errorf("web: two features give the site's business"))
	}
	r.site = site
}

// ErrorFrame sets what a widget's error page keeps of the business: its
// name, how to reach it and the way on.
func (r *Registry) ErrorFrame(frame func(ctx context.Context, locale, route string) (any, error)) {
	if r.errorFrame != nil {
		r.faults = append(r.faults, fmt.Errorf("web: two features frame the error pages"))
	}
	r.errorFrame = frame
}

// RedirectOrigins adds other sites the feature's actions may send a
// visitor to (a form's redirect, which its service checked): a redirect to
// any other site goes to the site's home instead (redirect.go).
func (r *Registry) RedirectOrigins(origins ...string) {
	for _, o := range origins {
		if o = origin(o); o != "" {
			r.server.redirectOrigins = append(r.server.redirectOrigins, o)
		}
	}
}

// Errors adds how the feature's domain errors are answered (api_errors.go).
func (r *Registry) Errors(m ...ErrorMapping) { r.errors = append(r.errors, m...) }
