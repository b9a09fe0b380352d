package pages

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/hosts"
	"slotwise/backend/internal/route"
	"slotwise/locales"
)

// Load matches the request, runs the route's loader and builds the
// payload, with the messages of the layout it ends in.
func (e *Engine) Load(c *gin.Context, path, rawQuery string) (p *Payload) {
	full := path
	if rawQuery != "" {
		full += "?" + rawQuery
	}
	prefix, basePath, prefixed := SplitLocale(path)
	locale := ResolveLocale(c, prefix)
	cat := locales.Get(locale)
	defer func() {
		localNotFound(p, cat)
		p.Messages = e.opt.Assets.messageSet(cat, p.Layout, p.Route, p.Parts)
		e.wearSite(c.Request.Context(), p)
	}()
	p = &Payload{
		Path: full, BasePath: basePath, Locale: cat.Locale, Lang: cat.Lang,
		Status: http.StatusOK, ScrollToTop: true,
		Params: map[string]string{}, Consent: consentOf(c), origin: e.Origin(c.Request.Context()),
		SiteName: SiteName(c.Request.Context(), cat),
	}
	routes := e.opt.Routes
	m, ok := routes.Match(basePath)
	if ok && prefixed && !strings.HasPrefix(path, "/"+prefix+"/") && path != "/"+prefix {
		// A language in capitals (/DE/about, /pt-BR) is the page under its
		// prefix as links write it: one address a language.
		to := "/" + prefix + strings.TrimSuffix(basePath, "/")
		if basePath != "/" && strings.HasSuffix(basePath, "/") {
			to += "/"
		}
		return e.moved(p, m, to, rawQuery)
	}
	if !ok {
		// An address of a caseless route in capitals is the same page in lower case.
		if lower := strings.ToLower(basePath); lower != basePath {
			if lm, ok := routes.Match(lower); ok && lm.Route.Caseless {
				to := lower
				if prefix != "" {
					to = "/" + prefix + lower
				}
				return e.moved(p, lm, to, rawQuery)
			}
		}
		e.Fail(p, NotFound(full))
		first, _, _ := strings.Cut(strings.TrimPrefix(basePath, "/"), "/")
		if !routes.Reserved(first) {
			// An address of the website, not the server's own (a widget's
			// shows in other sites' frames).
			e.keepSiteFrame(c.Request.Context(), p, cat.Locale)
		} else {
			e.keepBusinessFrame(c.Request.Context(), p, cat.Locale, "")
		}
		return p
	}
	if c.FullPath() == "" {
		e.served(c, "page:"+m.Route.Name) // the route asked for, even when its page fails
	}
	// The page's own query, not the request's: for /api/page-data they differ.
	query, _ := url.ParseQuery(rawQuery)
	req := &Request{Match: m, Path: basePath, FullPath: full, Query: query, Locale: cat.Locale, Prefix: prefix, Cat: cat, ClientIP: c.ClientIP(),
		Origin: e.Origin(c.Request.Context()), siteName: p.SiteName, cookies: e.cookies(c.Cookie),
		formKey: func() string { return e.IssueFormKey(c.Request.Context()) }}
	p.inPage = query.Get("embed") == "page"
	res, err := runLoader(c.Request.Context(), e.opt.Loaders[m.Route.Name], req)
	p.formKeys, p.varies = req.keys, req.read
	if err != nil {
		e.failed(c, p, m, req, err)
		return p
	}
	if res.Redirect != "" {
		p.Route, p.Layout, p.Status, p.Redirect = m.Route.Name, m.Route.Layout, http.StatusMovedPermanently, e.opt.Redirect(res.Redirect)
		if res.SeeOther {
			p.Status = http.StatusSeeOther
		}
		return p
	}
	p.Route, p.Layout, p.Kind, p.Params, p.Data, p.tags, p.until = m.Route.Name, m.Route.Layout, m.Kind, m.Params, res.Data, res.Tags, res.Until
	p.secret = res.Secret
	p.Parts, p.site = res.Parts, res.Site
	p.ScrollToTop = !m.Route.KeepScroll
	if p.Layout == route.LayoutAdmin && p.Consent == "" {
		// The dashboard sets one cookie, its people's session, which it
		// cannot work without: the banner has nothing to ask them.
		p.Consent = "essential"
	}
	var canonical string
	var alternates []Alternate
	if p.Layout != route.LayoutAdmin {
		// The dashboard is never indexed: it names no address for search
		// engines to prefer and no other language's page.
		canonical, alternates = e.signals(c.Request.Context(), res.Content, prefix, basePath)
	}
	inContentLanguage(p, res.Content, cat.Locale)
	p.Head = Head{
		Title:       res.Title,
		Description: res.Description,
		Robots:      res.Robots,
		Brand:       ValidColor(res.Brand),
		Canonical:   withQuery(canonical, res.CanonicalQuery),
		Alternates:  alternates,
		SEO:         res.SEO,
	}
	for i := range p.Head.Alternates {
		p.Head.Alternates[i].Href = withQuery(p.Head.Alternates[i].Href, res.CanonicalQuery)
	}
	return p
}

// moved answers the page m as 301 to its one address, to with the query.
func (e *Engine) moved(p *Payload, m route.Match, to, rawQuery string) *Payload {
	p.Route, p.Layout, p.Status = m.Route.Name, m.Route.Layout, http.StatusMovedPermanently
	if rawQuery != "" {
		to += "?" + rawQuery
	}
	p.Redirect = e.opt.Redirect(to) // "//About" is "/about", not the host "about"
	return p
}

// failed shows a loader's error: the page the error says (ErrorPage), in
// the colour it carries; a 499 for a visitor who left; else the 500 page,
// logged.
func (e *Engine) failed(c *gin.Context, p *Payload, m route.Match, req *Request, err error) {
	ctx := c.Request.Context()
	var pe *Error
	ok := asError(err, &pe)
	if !ok && e.opt.ErrorPage != nil {
		pe, ok = e.opt.ErrorPage(err, req)
	}
	switch {
	case ok:
		e.Fail(p, pe)
		if m.Route.Layout == route.LayoutPage {
			e.keepSiteFrame(ctx, p, req.Locale)
		} else {
			e.keepBusinessFrame(ctx, p, req.Locale, m.Route.Name)
		}
		var b Branded
		if asBranded(err, &b) {
			p.Head.Brand = ValidColor(b.Brand)
		}
	case ctx.Err() != nil:
		// The visitor left: the loader stopped with the request, nothing to log.
		e.Fail(p, &Error{Status: StatusClientClosedRequest, Message: "Client Closed Request"})
	default:
		e.opt.Log.ErrorContext(ctx, "page loader failed", slog.String("route", m.Route.Name), slog.String("path", e.opt.LogPath(p.Path)), slog.Any("err", err))
		e.Fail(p, &Error{Status: http.StatusInternalServerError, Message: http.StatusText(http.StatusInternalServerError)})
	}
}

// StatusClientClosedRequest is the status of a request whose client left
// before it was answered (nginx's 499).
const StatusClientClosedRequest = 499

// Fail turns the payload into the error layout, in the colour the page
// already wore.
func (e *Engine) Fail(p *Payload, pe *Error) {
	p.Route, p.Layout, p.Kind, p.Parts = ErrorRoute, route.LayoutError, "", nil
	p.Status, p.StatusMessage = pe.Status, pe.Message
	p.Params = map[string]string{}
	p.Data = map[string]any{"status": pe.Status, "message": pe.Message}
	p.Head = Head{Title: pe.Message, Robots: "noindex", Brand: p.Head.Brand}
}

// ErrorPayload is the error page of a request refused before any route
// was matched (a malformed address, a form that is not text), in the
// visitor's language and the site's colour.
func (e *Engine) ErrorPayload(c *gin.Context, status int) *Payload {
	cat := locales.Get(ResolveLocale(c, ""))
	p := &Payload{Path: "/", BasePath: "/", Locale: cat.Locale, Lang: cat.Lang, Params: map[string]string{}, origin: e.Origin(c.Request.Context()),
		SiteName: SiteName(c.Request.Context(), cat)}
	e.Fail(p, &Error{Status: status, Message: http.StatusText(status)})
	p.Messages = e.opt.Assets.messageSet(cat, p.Layout, p.Route, nil)
	e.wearSite(c.Request.Context(), p)
	return p
}

// localNotFound says the spec's "Page Not Found: {path}" in the page's
// language (English keeps the spec's words).
func localNotFound(p *Payload, cat *locales.Catalogue) {
	path, ok := strings.CutPrefix(p.StatusMessage, notFoundPrefix)
	if !ok || p.Status != http.StatusNotFound {
		return
	}
	msg := cat.Format("error.pageNotFound", map[string]string{"path": path})
	// The tab says what happened and where, not the address again.
	p.StatusMessage = msg
	p.Head.Title = cat.Format("error.notFound.title", nil) + " · " + p.SiteName
	if d, ok := p.Data.(map[string]any); ok {
		d["message"] = msg
	}
}

// keepSiteFrame shows an address of the website that leads nowhere in the
// website's frame (the page layout's error screen, with its menu and Book),
// so the visitor finds the way on. Without them (the database is what
// failed) it is the bare error page.
func (e *Engine) keepSiteFrame(ctx context.Context, p *Payload, locale string) {
	if e.opt.SiteFrame == nil || p.Status != http.StatusNotFound {
		return
	}
	frame, err := e.opt.SiteFrame(ctx, locale)
	if err != nil {
		if ctx.Err() == nil {
			e.opt.Log.WarnContext(ctx, "unable to frame an error page", slog.Any("err", err))
		}
		return
	}
	p.Layout, p.Data = route.LayoutPage, frame
}

// keepBusinessFrame draws a widget's error page in its business's frame
// (its name, how to reach it, the way on), which ErrorFrame gives; a
// failure of the server's own keeps the bare page.
func (e *Engine) keepBusinessFrame(ctx context.Context, p *Payload, locale, routeName string) {
	if e.opt.ErrorFrame == nil || p.Status >= 500 {
		return
	}
	frame, err := e.opt.ErrorFrame(ctx, locale, routeName)
	if err != nil {
		if ctx.Err() == nil {
			e.opt.Log.WarnContext(ctx, "unable to frame an error page", slog.Any("err", err))
		}
		return
	}
	if d, ok := p.Data.(map[string]any); ok && frame != nil {
		d["frame"] = frame
	}
}

// Site is what the pages of a site wear of its business.
type Site struct {
	// Brand is its colour, worn by the pages no business of their own
	// claims (the website's, error pages), as the booker wears its
	// calendar's business's.
	Brand string
	// Privacy is its privacy policy, which the cookie banner links to: a
	// path of the site in the page's language, or an address.
	Privacy string
	// Tags drop the cached pages that wear it when it changes.
	Tags []string
}

// wearSite dresses a page in the site's business: its privacy policy, and
// its colour where no business of the page's own claimed it. Without it
// the page keeps the default colour and no policy link.
func (e *Engine) wearSite(ctx context.Context, p *Payload) {
	if p.Redirect != "" || e.opt.Site == nil {
		return
	}
	site := p.site
	if site == nil {
		found, err := e.opt.Site(ctx, p.Locale)
		if err != nil {
			if ctx.Err() == nil {
				e.opt.Log.WarnContext(ctx, "unable to find the site's business", slog.Any("err", err))
			}
			return
		}
		site = &found
	}
	if p.Head.Brand == "" {
		p.Head.Brand = ValidColor(site.Brand)
	}
	p.Privacy = site.Privacy
	p.tags = append(p.tags, site.Tags...)
}

// Absolute builds a public URL for a site-relative path. The origin is
// the business's primary host (hosts.Origin) or the configured public URL,
// never the request's Host header, which anyone can set: a link in a page,
// a calendar file or an answer must not point at a host of the sender's
// choosing.
func (e *Engine) Absolute(ctx context.Context, path string) string {
	return e.Origin(ctx) + path
}

// SiteName is the name of the business ctx works for, as its pages are
// headed and titled; without one known, the catalogue's.
func SiteName(ctx context.Context, cat *locales.Catalogue) string {
	if b, ok := hosts.BusinessOf(ctx); ok && b.Name != "" {
		return cmp.Or(b.Names[Prefix(cat.Locale)], b.Name)
	}
	return cat.Messages["site.name"]
}

// Origin is the origin of the absolute links of the business ctx works for.
func (e *Engine) Origin(ctx context.Context) string {
	primary := ""
	if b, ok := hosts.BusinessOf(ctx); ok {
		primary = b.Primary
	}
	return hosts.Origin(e.opt.Origin, primary)
}

// canonical is the server's page in its own language: each language's
// page is canonical for itself and the hreflang alternates tie them
// together (a canonical pointing at another language contradicts them).
// English's is the unprefixed page.
func (e *Engine) canonical(ctx context.Context, prefix, basePath string) string {
	if prefix == "en" {
		prefix = ""
	}
	return e.addressOf(ctx, prefix, basePath)
}

// Alternates lists the server's page in every language; unprefixed URLs
// are en-US, which is also the x-default.
func (e *Engine) Alternates(ctx context.Context, basePath string) []Alternate {
	return e.alternates(ctx, "en", locales.Prefixes, func(string) string { return basePath })
}

func withQuery(u string, q url.Values) string {
	if len(q) == 0 {
		return u
	}
	return u + "?" + q.Encode()
}

var hexColor = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// ValidColor lets only #rrggbb reach the page's inline style.
func ValidColor(c string) string {
	if hexColor.MatchString(c) {
		return c
	}
	return ""
}

// runLoader runs a loader, turning a panic into an error: the visitor gets
// the 500 error page in their language, not a broken document.
func runLoader(ctx context.Context, load Loader, req *Request) (res *Result, err error) {
	defer func() {
		if v := recover(); v != nil {
			res, err = nil, fmt.Errorf("pages: loader of %s panicked: %v", req.Match.Route.Name, v)
		}
	}()
	return load(ctx, req)
}
