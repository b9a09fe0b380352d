package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"html/template"
	"io"
	"log/slog"
	"net/http"
	"sync"

	"github.com/gin-gonic/gin"

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

// consentOf is the visitor's cookie choice as pages show it.
func consentOf(c *gin.Context) string {
	if v, err := c.Cookie(consentCookie); err == nil && (v == "essential" || v == "all") {
		return v
	}
	return ""
}

// document renders a whole page into memory, for the page cache, with its
// status; cacheable is false when the render failed (the document is then
// the error page) or the page has a form key, which is each answer's own.
func (s *Server) document(c *gin.Context, p *Payload) (doc []byte, status int, cacheable bool) {
	body, rendered, data, hydrate := s.renderBody(c, p)
	var buf bytes.Buffer
	if err := documentHead.Execute(&buf, s.headView(rendered)); err != nil {
		s.log.Error("unable to write document head", slog.Any("err", err))
	}
	perVisitor := bytes.Contains(data, []byte(perRequestSentinel))
	body, data = s.perRequest(body, data)
	s.writeBody(&buf, rendered, body, data, hydrate)
	if rendered != p {
		return buf.Bytes(), rendered.Status, false
	}
	return buf.Bytes(), p.Status, !perVisitor
}

func (s *Server) writeDocument(c *gin.Context, p *Payload) {
	w := c.Writer
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Vary", "Cookie, Accept-Language, Accept-Encoding")
	h.Set("Content-Security-Policy", s.pageCSP(p.Layout, p.Head.Brand))
	if p.Status == http.StatusServiceUnavailable {
		h.Set("Retry-After", retryAfterUnavailable)
	}
	// Compressed as it streams: a phone gets a booking page's 48 KB as
	// about a fifth, with the head still flushed before the render.
	var out io.Writer = w
	var gz *gzip.Writer
	if acceptsEncoding(c.GetHeader("Accept-Encoding"), "gzip") && c.Request.Method != http.MethodHead {
		h.Set("Content-Encoding", "gzip")
		gz = gzipWriters.Get().(*gzip.Writer)
		gz.Reset(w)
		defer func() {
			gz.Close()
			gzipWriters.Put(gz)
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
	if err := documentHead.Execute(out, s.headView(p)); err != nil {
		s.log.Error("unable to write document head", slog.Any("err", err))
		return
	}
	if gz != nil {
		_ = gz.Flush()
	}
	w.Flush()

	body, p, data, hydrate := s.renderBody(c, p)
	body, data = s.perRequest(body, data)
	var buf bytes.Buffer
	s.writeBody(&buf, p, body, data, hydrate)
	_, _ = out.Write(buf.Bytes())
}

// gzipWriters are reused: a writer's state is a few hundred kilobytes.
var gzipWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(io.Discard, 5) // a valid level cannot fail
	return w
}}

func (s *Server) headView(p *Payload) headView {
	view := headView{Payload: p, Styles: s.assets.Styles(p.Layout), Preloads: s.assets.Preloads(p.Layout), BrandStyle: template.CSS(brandStyle(p.Head.Brand)),
		InPage: p.inPage && p.Layout != "page"}
	// Website pages, and booking pages that say what they offer.
	if p.Status == http.StatusOK && (p.Layout == "page" && p.Route != "preview" || p.Layout == "calendar" && p.Head.SEO != nil) {
		view.SEO = s.seoView(p, locales.Get(p.Locale).Messages["site.name"])
	}
	return view
}

// writeBody writes the document after its head: the rendered body, the
// payload and the entry script.
func (s *Server) writeBody(buf *bytes.Buffer, p *Payload, body string, data []byte, hydrate bool) {
	buf.WriteString(`<body data-layout="` + template.HTMLEscapeString(p.Layout) + `">` + "\n")
	buf.WriteString(`<div id="root">`)
	buf.WriteString(body)
	buf.WriteString("</div>\n")
	if hydrate {
		writePayloadScript(buf, data)
		for _, src := range s.assets.Scripts() {
			buf.WriteString(`<script defer src="` + template.HTMLEscapeString(src) + `"></script>` + "\n")
		}
	}
	buf.WriteString("</body>\n</html>\n")
}

// renderBody renders the payload in V8. When that fails (an exception, a
// render past its deadline) the status line is already sent, so the visitor
// gets the error layout in its place: rendered in V8 if that works, else a
// static page without the client script, which would not hydrate it.
func (s *Server) renderBody(c *gin.Context, p *Payload) (string, *Payload, []byte, bool) {
	ctx := c.Request.Context()
	data, err := json.Marshal(p)
	if err == nil {
		// The page's own bytes key the render: what V8 renders with
		// differs only in its messages, which its locale and layout decide.
		key := renderKey(p.Path, data)
		if body, ok := s.renders.get(key); ok {
			return body, p, data, true
		}
		// V8 renders with every message of the layout (a part the loader
		// did not name still renders in full); the page carries its own.
		forRender := *p
		forRender.Messages = s.assets.renderSet(locales.Get(p.Locale), p.Layout)
		var rendered []byte
		if rendered, err = json.Marshal(&forRender); err == nil {
			var body string
			if body, err = s.render.Render(ctx, p.Path, rendered); err == nil {
				s.renders.put(key, body)
				return body, p, data, true
			}
		}
	}
	s.log.ErrorContext(ctx, "page render failed", slog.String("path", loggedPath(p.Path)), slog.String("route", p.Route), slog.Any("err", err))
	failed := *p
	s.fail(&failed, &PageError{Status: http.StatusInternalServerError, Message: http.StatusText(http.StatusInternalServerError)})
	if data, err := json.Marshal(&failed); err == nil {
		if body, err := s.render.Render(ctx, failed.Path, data); err == nil {
			return body, &failed, data, true
		}
	}
	return staticErrorBody, &failed, nil, false
}

const staticErrorBody = `<main class="static-error"><h1>500</h1><p>Internal Server Error</p></main>`
