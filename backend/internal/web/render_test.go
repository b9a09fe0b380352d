package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/web"
	"slotwise/backend/internal/web/pages"
	"slotwise/ssr"
)

// flakyRenderer fails its first n renders, as a render past its deadline does.
type flakyRenderer struct {
	inner pages.Renderer
	fails atomic.Int32
}

func (r *flakyRenderer) RenderWith(ctx context.Context, url string, payload []byte, messages ssr.Shared) (string, error) {
	if r.fails.Add(-1) >= 0 {
		return "", fmt.Errorf("render %s: %w", url, ssr.ErrTimeout)
	}
	return r.inner.RenderWith(ctx, url, payload, messages)
}

func (r *flakyRenderer) Ready() bool { return r.inner.Ready() }

func TestFailedRenderGivesTheErrorPage(t *testing.T) {
	tests := []struct {
		name     string
		fails    int32
		contains string
		hydrates bool
	}{
		{"the error page renders in V8 and hydrates", 1, "Internal Server Error", true},
		{"V8 failing twice gives a static page without scripts", 2, `<main class="static-error">`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &flakyRenderer{inner: sharedRenderer(t)}
			r.fails.Store(tt.fails)
			f := newFixture(t, r)
			body := f.do(http.MethodGet, "/about", nil).Body.String()
			if !strings.Contains(body, `<body data-layout="error">`) || !strings.Contains(body, tt.contains) {
				t.Errorf("body lacks the error page:\n%s", body)
			}
			if got := strings.Contains(body, "__SLOTWISE_DATA__"); got != tt.hydrates {
				t.Errorf("payload present = %v, want %v", got, tt.hydrates)
			}
			if strings.Contains(body, "goroutine") || strings.Contains(body, ".go:") {
				t.Errorf("a stack trace reached the visitor")
			}
			if !strings.Contains(f.logs.String(), "page render failed") {
				t.Errorf("the failure was not logged")
			}
		})
	}
}

// ghostFeature registers a loader for a route the table does not have.
type ghostFeature struct{ name string }

func (g ghostFeature) Register(r *web.Registry) {
	r.Page(g.name, func(context.Context, *pages.Request) (*pages.Result, error) { return nil, nil })
}

func TestNewRefusesRoutesWithoutOneLoader(t *testing.T) {
	all := func(extra ...web.Feature) []web.Feature {
		return append([]web.Feature{web.Sites(sites.NewStore(nil)), web.Booking(nil), web.Forms(nil), web.Payments(nil), web.Shop(nil, nil, nil), web.Dashboard(web.DashboardDeps{})}, extra...)
	}
	tests := []struct {
		name     string
		features []web.Feature
		want     string
	}{
		{"a feature missing", []web.Feature{web.Sites(sites.NewStore(nil)), web.Booking(nil), web.Forms(nil)}, `"verifyPayment" has no loader`},
		{"a loader without a route", all(ghostFeature{"ghost"}), `"ghost" has no route`},
		{"two loaders for one route", all(ghostFeature{"quiz"}), `"quiz" has two loaders`},
	}
	for _, tt := range tests {
		if _, err := web.New(web.Deps{Features: tt.features}); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: New = %v, want an error saying %s", tt.name, err, tt.want)
		}
	}
	if _, err := web.New(web.Deps{Features: all()}); err != nil {
		t.Errorf("every feature: %v", err)
	}
}

func TestTheSamePayloadRendersOnceAndEachAnswerGetsItsOwnFormKey(t *testing.T) {
	counting := &countingRenderer{Renderer: sharedRenderer(t)}
	f := newFixture(t, counting)
	keys := map[string]bool{}
	start := nextMonday10()
	details := "/widget/bookings/demo-consultation?date=" + start[:10] + "&time=" + url.QueryEscape(start)
	for range 5 {
		rec := f.do(http.MethodGet, details, nil)
		m := regexp.MustCompile(`name="idempotencyKey" value="([^"]+)"`).FindStringSubmatch(rec.Body.String())
		if m == nil || strings.Contains(m[1], "sentinel") {
			t.Fatalf("no per-answer form key in the page")
		}
		keys[m[1]] = true
	}
	if len(keys) != 5 {
		t.Errorf("%d distinct form keys in 5 answers", len(keys))
	}
	if n := counting.calls.Load(); n > 2 {
		t.Errorf("the same page rendered %d times in V8 (a new minute may add one), want it cached", n)
	}
}

type countingRenderer struct {
	pages.Renderer
	calls atomic.Int64
}

func (c *countingRenderer) RenderWith(ctx context.Context, url string, payload []byte, messages ssr.Shared) (string, error) {
	c.calls.Add(1)
	return c.Renderer.RenderWith(ctx, url, payload, messages)
}
