package web_test

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"slotwise/backend/internal/web"
	"slotwise/backend/internal/web/pages"
	"slotwise/ui"
)

// faultySite answers the website routes: /boom fails, /panic panics, /gone
// is a pages.Error, anything else a plain page.
type faultySite struct{}

func (faultySite) Register(r *web.Registry) {
	load := func(_ context.Context, req *pages.Request) (*pages.Result, error) {
		switch req.Match.Params["path"] {
		case "boom":
			return nil, errors.New("connection refused: db.internal:5432 password=hunter2")
		case "panic":
			panic("index out of range [7] with length 3")
		case "gone":
			return nil, &pages.Error{Status: http.StatusGone, Message: "slug expired"}
		}
		return &pages.Result{Title: "A page", Data: map[string]any{}}, nil
	}
	for _, name := range []string{"index", "website", "preview"} {
		r.Page(name, load)
	}
}

func faultyServer(t *testing.T) (http.Handler, *strings.Builder) {
	t.Helper()
	assets, err := pages.LoadAssets(ui.Dist())
	if err != nil {
		t.Fatal(err)
	}
	logs := &strings.Builder{}
	h, err := web.New(web.Deps{
		Logger: slog.New(slog.NewTextHandler(&lockedWriter{w: logs}, nil)), Renderer: sharedRenderer(t), Assets: assets,
		Features: []web.Feature{faultySite{}, web.Booking(nil), web.Forms(nil), web.Payments(nil), web.Shop(nil, nil, nil), web.Dashboard(web.DashboardDeps{})},
	})
	if err != nil {
		t.Fatal(err)
	}
	return h, logs
}

func TestPageHandlerAnswersLoaderFailuresWithErrorPages(t *testing.T) {
	h, logs := faultyServer(t)
	f := &fixture{handler: h}
	tests := []struct {
		name, target string
		status       int
		contains     string
	}{
		{"a loader error is a 500 page that tells nothing of its cause", "/boom", 500, "Internal Server Error"},
		{"a loader panic is a 500 page too", "/de/panic", 500, `<html lang="de">`},
		{"the server serves on after a panic", "/fine", 200, "<title>A page</title>"},
		{"a pages.Error keeps its status and message", "/gone", 410, "slug expired"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.do(http.MethodGet, tt.target, nil)
			body := rec.Body.String()
			if rec.Code != tt.status || !strings.Contains(body, tt.contains) {
				t.Fatalf("status %d, want %d with %q:\n%.400s", rec.Code, tt.status, tt.contains, body)
			}
			if tt.status >= 400 && !strings.Contains(body, `data-layout="error"`) {
				t.Errorf("not the error layout")
			}
			for _, leak := range []string{"hunter2", "db.internal", "index out of range", "goroutine", ".go:"} {
				if strings.Contains(body, leak) {
					t.Errorf("the page leaks %q", leak)
				}
			}
		})
	}
	if !strings.Contains(logs.String(), "hunter2") || !strings.Contains(logs.String(), "panicked") {
		t.Errorf("the causes were not logged for the operator:\n%s", logs.String())
	}
}

func TestHeadAnswersLikeGetWithoutABody(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	for _, target := range []string{"/", "/widget/bookings/demo-consultation", "/de/about", "/nothing/here", "/widget/bookings/nope"} {
		t.Run(target, func(t *testing.T) {
			get, head := f.do(http.MethodGet, target, nil), f.do(http.MethodHead, target, nil)
			if head.Code != get.Code {
				t.Errorf("HEAD %d, GET %d", head.Code, get.Code)
			}
			if head.Body.Len() != 0 {
				t.Errorf("HEAD has a body of %d bytes", head.Body.Len())
			}
			for _, h := range []string{"Content-Type", "Cache-Control", "Vary"} {
				if head.Header().Get(h) != get.Header().Get(h) {
					t.Errorf("%s: HEAD %q, GET %q", h, head.Header().Get(h), get.Header().Get(h))
				}
			}
		})
	}
}

func TestLanguageComesFromPrefixThenCookieThenBrowser(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	tests := []struct {
		name, target string
		header       map[string]string
		lang         string
	}{
		{"browser q-values", "/about", map[string]string{"Accept-Language": "fr;q=0.3, de;q=0.9"}, "de"},
		{"Brazilian before European Portuguese", "/about", map[string]string{"Accept-Language": "pt-BR, pt;q=0.8"}, "pt-BR"},
		{"European Portuguese", "/about", map[string]string{"Accept-Language": "pt-PT"}, "pt"},
		{"unknown languages fall back", "/about", map[string]string{"Accept-Language": "xx, tlh;q=0.9"}, "en-US"},
		{"cookie beats browser", "/about", map[string]string{"Accept-Language": "de", "Cookie": "slotwise_locale=it"}, "it"},
		{"a cookie in capitals", "/about", map[string]string{"Cookie": "slotwise_locale=PT-BR"}, "pt-BR"},
		{"an unknown cookie is ignored", "/about", map[string]string{"Accept-Language": "nl", "Cookie": "slotwise_locale=xx"}, "nl"},
		{"prefix beats cookie and browser", "/pl/about", map[string]string{"Accept-Language": "de", "Cookie": "slotwise_locale=it"}, "pl"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.do(http.MethodGet, tt.target, tt.header)
			if got := frameLang(rec.Body.String()); got != tt.lang {
				t.Errorf("the frame is in %q, want %q: %.200s", got, tt.lang, rec.Body.String())
			}
		})
	}
}

// frameLang is the language a page's frame is in: <html lang>, unless the
// main content is in another, when the root element says the frame's.
func frameLang(doc string) string {
	if m := rootLang.FindStringSubmatch(doc); m != nil {
		return m[1]
	}
	if m := htmlLang.FindStringSubmatch(doc); m != nil {
		return m[1]
	}
	return ""
}

var (
	rootLang = regexp.MustCompile(`<div id="root" lang="([^"]+)">`)
	htmlLang = regexp.MustCompile(`<html lang="([^"]+)"`)
)
