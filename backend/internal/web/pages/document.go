package pages

import (
	"bytes"
	"html/template"
	"io"
	"log/slog"
	"net/http"
	"sync"

	"github.com/gin-gonic/gin"
	"github.com/klauspost/compress/gzip"

	"slotwise/backend/internal/route"
	"slotwise/locales"
)

func writeHTML(c *gin.Context, status int, csp string, doc []byte) {
	h := c.Writer.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Vary", "Cookie, Accept-Language")
	h.Set("Content-Security-Policy", csp)
	c.Status(status)
	if c.Request.Method == http.MethodHead {
		c.Writer.WriteHeaderNow()
		return
	}
	_, _ = c.Writer.Write(doc)
}

// document renders a whole page into memory, for the page cache, with its
// status; whole is false when the render failed: the document is then the
// error page, for this answer only.
func (e *Engine) document(c *gin.Context, p *Payload) (doc []byte, status int, whole bool) {
	body, rendered, data, hydrate := e.renderBody(c, p)
	var buf bytes.Buffer
	if err := documentHead.Execute(&buf, e.headView(rendered)); err != nil {
		e.opt.Log.Error("unable to write document head", slog.Any("err", err))
	}
	e.writeBody(&buf, rendered, body, data, hydrate)
	return buf.Bytes(), rendered.Status, rendered == p
}

// Write answers with a page's document: its status and head flushed at
// once, so the browser fetches styles and scripts while V8 renders the
// body, which follows, compressed as it streams when the browser takes it
// (a body rendered before goes with the head).
func (e *Engine) Write(c *gin.Context, p *Payload) {
	w := c.Writer
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Vary", "Cookie, Accept-Language, Accept-Encoding")
	h.Set("Content-Security-Policy", e.CSP(p.Layout, p.Head.Brand))
	if p.Layout == route.LayoutAdmin {
		h.Set("X-Robots-Tag", "noindex, nofollow") // and no page of it links out to be followed
	}
	if p.Status == http.StatusServiceUnavailable {
		h.Set("Retry-After", RetryAfterUnavailable)
	}
	// Compressed as it streams: a phone gets a booking page's 48 KB as
	// about a fifth, with the head still flushed before the render.
	var out io.Writer = w
	var gz *gzip.Writer
	if acceptsEncoding(c.GetHeader("Accept-Encoding"), "gzip") && c.Request.Method != http.MethodHead {
		h.Set("Content-Encoding", "gzip")
		writers := &gzipWriters
		if p.Layout == route.LayoutAdmin {
			writers = &gzipFastWriters
		}
		gz = writers.Get().(*gzip.Writer)
		gz.Reset(w)
		defer func() {
			gz.Close()
			writers.Put(gz)
		}()
		out = gz
	}
	w.WriteHeader(p.Status)
	if c.Request.Method == http.MethodHead {
		// Send the status line now: gin would otherwise answer an unwritten
		// NoRoute 404 with its own text/plain body.
		w.WriteHeaderNow()
		return
	}
	job := e.lookupBody(p)
	if err := documentHead.Execute(out, e.headView(p)); err != nil {
		e.opt.Log.Error("unable to write document head", slog.Any("err", err))
		return
	}
	// The head goes ahead of a body V8 has yet to render; with a body
	// kept from before, both go at once (one write, one compressed block).
	if !job.hit {
		if gz != nil {
			_ = gz.Flush()
		}
		w.Flush()
	}

	body, p, data, hydrate := e.finishBody(c, p, job)
	var buf bytes.Buffer
	e.writeBody(&buf, p, body, data, hydrate)
	_, _ = out.Write(buf.Bytes())
}

// RetryAfterUnavailable is the Retry-After of a 503 while the database is
// away: seconds, short, since the pool reconnects by itself.
const RetryAfterUnavailable = "5"

// gzipWriters are reused: a writer's state is a few hundred kilobytes.
// They are klauspost/compress's, which writes the same format as the
// standard library's at level 5 in less than half the time (a page 1 %
// larger), and at level 1 a third faster.
var gzipWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(io.Discard, 5) // a valid level cannot fail
	return w
}}

// gzipFastWriters compress the dashboard's pages: each is one person's and
// compressed at every request (level 5 took a fifth of the server's time
// under the dashboard's bench), read on the business's own network.
var gzipFastWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed)
	return w
}}

func (e *Engine) headView(p *Payload) headView {
	view := headView{Payload: p, Styles: e.opt.Assets.Styles(p.Layout), Preloads: e.opt.Assets.Preloads(p.Layout), BrandStyle: template.CSS(brandStyle(p.Head.Brand)),
		InPage: p.inPage && p.Layout != route.LayoutPage}
	// The pages whose loaders give cards (Result.SEO): the website's, and
	// booking pages that say what they offer.
	if p.Status == http.StatusOK && p.Head.SEO != nil {
		view.SEO = e.seoView(p, p.SiteName)
	}
	return view
}

// writeBody writes the document after its head: the rendered body, the
// payload and the entry script.
func (e *Engine) writeBody(buf *bytes.Buffer, p *Payload, body string, data []byte, hydrate bool) {
	buf.WriteString(`<body data-layout="` + template.HTMLEscapeString(p.Layout) + `">` + "\n")
	if p.ContentLang != "" {
		// <html lang> names the main content's language; the frame is the visitor's.
		buf.WriteString(`<div id="root" lang="` + template.HTMLEscapeString(p.Lang) + `">`)
	} else {
		buf.WriteString(`<div id="root">`)
	}
	buf.WriteString(body)
	buf.WriteString("</div>\n")
	if hydrate {
		writePayloadScript(buf, data)
		for _, src := range e.opt.Assets.Scripts() {
			buf.WriteString(`<script defer src="` + template.HTMLEscapeString(src) + `"></script>` + "\n")
		}
	}
	buf.WriteString("</body>\n</html>\n")
}

// renderBody renders the payload in V8. When that fails (an exception, a
// render past its deadline) the status line is already sent, so the visitor
// gets the error layout in its place: rendered in V8 if that works, else a
// static page without the client script, which would not hydrate it.
func (e *Engine) renderBody(c *gin.Context, p *Payload) (string, *Payload, []byte, bool) {
	return e.finishBody(c, p, e.lookupBody(p))
}

// bodyJob is a page's body on its way: its payload's bytes, and the body
// kept from an earlier render of the same bytes (hit), or not yet made.
type bodyJob struct {
	data []byte
	key  [32]byte
	body string
	hit  bool
	err  error
}

// lookupBody marshals the page and finds its body among the renders kept.
func (e *Engine) lookupBody(p *Payload) bodyJob {
	data, err := p.marshal()
	if err != nil {
		return bodyJob{err: err}
	}
	// The page's own bytes key the render: what V8 renders with differs
	// only in its messages, which its locale and layout decide, and in a
	// page of one visitor's, its form keys (renderKey).
	key := renderKey(p.Path, data, p.formKeys)
	if body, ok := e.renders.get(key, p.formKeys); ok && !p.secret {
		return bodyJob{data: data, key: key, body: body, hit: true}
	}
	return bodyJob{data: data, key: key}
}

// finishBody is renderBody after lookupBody: the body kept, or made now.
func (e *Engine) finishBody(c *gin.Context, p *Payload, job bodyJob) (string, *Payload, []byte, bool) {
	ctx := c.Request.Context()
	if job.hit {
		return job.body, p, job.data, true
	}
	err := job.err
	if err == nil {
		// V8 renders with every message of the layout (a part the loader
		// did not name still renders in full), handed over apart; the page
		// carries its own.
		var body string
		if body, err = e.opt.Renderer.RenderWith(ctx, p.Path, job.data, e.opt.Assets.renderSet(locales.Get(p.Locale), p.Layout)); err == nil {
			if !p.secret {
				e.renders.put(job.key, body, p.formKeys)
			}
			return body, p, job.data, true
		}
	}
	e.opt.Log.ErrorContext(ctx, "page render failed", slog.String("path", e.opt.LogPath(p.Path)), slog.String("route", p.Route), slog.Any("err", err))
	failed := *p
	e.Fail(&failed, &Error{Status: http.StatusInternalServerError, Message: http.StatusText(http.StatusInternalServerError)})
	if data, err := failed.marshal(); err == nil {
		if body, err := e.opt.Renderer.RenderWith(ctx, failed.Path, data, e.opt.Assets.renderSet(locales.Get(failed.Locale), failed.Layout)); err == nil {
			return body, &failed, data, true
		}
	}
	return staticErrorBody, &failed, nil, false
}

const staticErrorBody = `<main class="static-error"><h1>500</h1><p>Internal Server Error</p></main>`
