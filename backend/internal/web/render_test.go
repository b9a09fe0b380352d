package web_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/web"
	"slotwise/ssr"
)

// flakyRenderer fails its first n renders, as a render past its deadline does.
type flakyRenderer struct {
	inner web.Renderer
	fails atomic.Int32
}

func (r *flakyRenderer) Render(ctx context.Context, url string, payload []byte) (string, error) {
	if r.fails.Add(-1) >= 0 {
		return "", fmt.Errorf("render %s: %w", url, ssr.ErrTimeout)
	}
	return r.inner.Render(ctx, url, payload)
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

func TestNewRefusesARouteWithoutLoader(t *testing.T) {
	loaders := web.Loaders(sites.NewStore(nil), nil)
	delete(loaders, "quiz")
	_, err := web.New(web.Deps{Loaders: loaders})
	if err == nil || !strings.Contains(err.Error(), `"quiz" has no loader`) {
		t.Errorf("New = %v, want a missing-loader error", err)
	}
	loaders = web.Loaders(sites.NewStore(nil), nil)
	loaders["ghost"] = loaders["quiz"]
	if _, err := web.New(web.Deps{Loaders: loaders}); err == nil {
		t.Errorf("New accepted a loader without a route")
	}
}
