package web_test

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/content"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/demo"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/formkey"
	"slotwise/backend/internal/forms"
	"slotwise/backend/internal/hosts"
	"slotwise/backend/internal/notify"
	"slotwise/backend/internal/people"
	"slotwise/backend/internal/shop"
	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/web"
	"slotwise/backend/internal/web/pages"
	"slotwise/locales"
	"slotwise/ssr"
	"slotwise/ui"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

var (
	renderOnce sync.Once
	renderPool *ssr.Pool
	renderErr  error
)

// sharedRenderer is one pool for the package: isolates are costly to build
// and the bundle is the same for every test.
func sharedRenderer(t testing.TB) *ssr.Pool {
	t.Helper()
	renderOnce.Do(func() {
		bundle, err := fs.ReadFile(ui.Dist(), "server/server.js")
		if err != nil {
			renderErr = err
			return
		}
		// A generous deadline: these tests judge pages and data, not render speed,
		// and a loaded CI machine must not turn a slow render into a failure.
		renderPool, renderErr = ssr.New(ssr.Options{Bundle: bundle, BundleName: "server.js", Workers: 2, Deadline: 30 * time.Second})
	})
	if renderErr != nil {
		t.Fatalf("the server bundle is needed (run `make build` first): %v", renderErr)
	}
	return renderPool
}

type fixture struct {
	handler  http.Handler
	logs     *strings.Builder
	pool     *db.Pool
	bookings *booking.Service
	forms    *forms.Service
	// formsAhead moves the forms' clock ahead (nanoseconds), as time passes
	// while a visitor fills a form.
	formsAhead *atomic.Int64
	// clock is every service's clock: the real one until a test fixes it.
	clock *testClock
	mails *events.Dispatcher // run by hand: DeliverDue
	deps  web.Deps           // what the server was built from, for a second replica
	team  *people.Service    // the dashboard's people
}

// option changes the server a fixture builds (abuse limits, say).
type option func(d *web.Deps, w wiring)

// wiring is what an option builds its services from, as serve does: the
// database, the fixture's clock and its page cache.
type wiring struct {
	pool  *db.Pool
	now   func() time.Time
	cache *pages.Cache
	// dashboard is what the dashboard works on, which an option may add
	// to; it is registered after the options, last.
	dashboard *web.DashboardDeps
}

// bookings is a booking service wired as the fixture's (its clock, its
// commits seen by the page cache), with opt's other collaborators.
func (w wiring) bookings(log *slog.Logger, opt booking.Options) *booking.Service {
	opt.Clock, opt.AfterCommit = w.now, w.cache.SeeOwnChanges
	return booking.NewService(w.pool, log, opt)
}

func newFixture(t testing.TB, renderer pages.Renderer, opts ...option) *fixture {
	t.Helper()
	return newFixtureOn(t, renderer, demoPool(t), opts...)
}

// demoPool is a database of the test's own holding the demo's import (a
// copy of one imported once a process).
func demoPool(t testing.TB) *db.Pool {
	t.Helper()
	if err := locales.Load(); err != nil {
		t.Fatal(err)
	}
	return dbtest.NewFilled(t, "demo", demo.Seed)
}

// newFixtureOn is newFixture on a pool of the test's own holding the demo
// (one whose statements are recorded).
func newFixtureOn(t testing.TB, renderer pages.Renderer, pool *db.Pool, opts ...option) *fixture {
	t.Helper()
	if err := locales.Load(); err != nil {
		t.Fatal(err)
	}
	assets, err := pages.LoadAssets(ui.Dist())
	if err != nil {
		t.Fatal(err)
	}
	logs := &strings.Builder{}
	logger := slog.New(slog.NewTextHandler(&lockedWriter{w: logs}, nil))
	clk := &testClock{}
	// As served: pages cached while content changes are heard, and each
	// booking seen by them before it answers.
	w := wiring{pool: pool, now: clk.Now, cache: pages.NewCache(pool, t.Context(), clk.Now, logger)}
	bookings := w.bookings(logger, booking.Options{})
	siteStore := sites.NewStore(pool).At(clk.Now)
	keys, err := formkey.Load(context.Background(), pool)
	if err != nil {
		t.Fatal(err)
	}
	formsSvc := forms.NewService(pool, keys, []string{"https://example.com"}, logger, nil)
	// Forms' time runs ahead when a test says so (a visitor filling a form).
	ahead := &atomic.Int64{}
	formsSvc.SetClock(func() time.Time { return clk.Now().Add(time.Duration(ahead.Load())) })
	mailer := notify.Mailer{Renderer: sharedRenderer(t), BaseURL: "https://book.example.com", From: "bookings@example.com", FromName: "Demo", Logger: logger}
	team := people.NewService(pool, clk.Now)
	signInMails := &people.Mailer{Service: team, Mailer: mailer, Business: func(ctx context.Context) (people.Business, error) {
		b, err := bookings.Business(ctx)
		if err != nil {
			return people.Business{}, err
		}
		return people.Business{Name: b.Name, Locale: b.DefaultLocale, Brand: b.BrandColor}, nil
	}}
	mails := &events.Dispatcher{Pool: pool, Logger: logger, Consumers: []events.Consumer{
		&booking.Mailer{Service: bookings, Mailer: mailer},
		&forms.Mailer{Service: formsSvc, Mailer: mailer},
		signInMails,
		people.PasskeyMailer{Mailer: signInMails},
	}}
	if err := mails.Subscribe(context.Background()); err != nil {
		t.Fatal(err)
	}
	// As served: the business is found by the request's host, and the map
	// follows hosts added while the test runs.
	businesses := &hosts.Map{}
	if err := businesses.Load(context.Background(), pool); err != nil {
		t.Fatal(err)
	}
	go businesses.Watch(t.Context(), pool, logger)
	deps := web.Deps{
		Hosts:    businesses,
		Config:   web.Config{PublicURL: "https://book.example.com"},
		Logger:   logger,
		Renderer: renderer,
		DB:       pool,
		Assets:   assets,
		Features: []web.Feature{web.Sites(siteStore), web.Booking(bookings), web.Forms(formsSvc), web.Payments(nil),
			web.Shop(shop.NewService(pool, logger, shop.Options{Clock: clk.Now}), nil, siteStore)},
		Cache:    w.cache,
		FormKeys: formsSvc.Keys(),
	}
	w.dashboard = &web.DashboardDeps{People: team, Bookings: bookings, Pool: pool, Content: content.NewService(pool, nil, clk.Now, w.cache.SeeOwnChanges), Forms: formsSvc}
	for _, o := range opts {
		o(&deps, w)
	}
	deps.Features = append(deps.Features, web.Dashboard(*w.dashboard))
	// Limits count in fixed windows: a test's hits all fall in one of them,
	// whatever the moment it runs, rather than straddling a window's end.
	frozen := clk.Now()
	deps.Limits.SetClock(func() time.Time { return frozen })
	h, err := web.New(deps)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("server warnings and errors:\n%s", problemLines(logs.String()))
		}
	})
	return &fixture{handler: h, logs: logs, pool: pool, bookings: bookings, forms: formsSvc, formsAhead: ahead, mails: mails, clock: clk, deps: deps, team: team}
}

// aFriday is an instant for tests whose dates are written out: 20 November
// 2026, 14:00 in Berlin. The Monday and Tuesday after are in the demo
// calendars' window, and a post of that morning is out.
var aFriday = time.Date(2026, 11, 20, 13, 0, 0, 0, time.UTC)

// testClock reads the real time (moved by SLOTWISE_CLOCK_SHIFT in a run
// that moves it) until a test fixes it at an instant.
type testClock struct{ at atomic.Pointer[time.Time] }

func (c *testClock) Now() time.Time {
	if t := c.at.Load(); t != nil {
		return *t
	}
	return clock.Now()
}

// Set fixes the clock at t.
func (c *testClock) Set(t time.Time) { c.at.Store(&t) }

type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// claimHost gives host to business and waits until the server's map of
// hosts has heard of it.
func (f *fixture) claimHost(t *testing.T, host string, business int64) {
	t.Helper()
	if _, err := f.pool.Exec(context.Background(), `INSERT INTO location_hosts (host, location_id, is_primary) VALUES ($1, $2, true)`, host, business); err != nil {
		t.Fatal(err)
	}
	waitFor(t, fmt.Sprintf("the server to hear that %s is business %d's", host, business), func() bool {
		a, ok := f.deps.Hosts.Resolve(host)
		return ok && a.Business.ID == business
	})
}

func (f *fixture) do(method, target string, header map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	for k, v := range header {
		req.Header.Set(k, v)
		if k == "Host" {
			req.Host = v // net/http keeps the Host header here
		}
	}
	rec := httptest.NewRecorder()
	f.handler.ServeHTTP(rec, req)
	return rec
}

// problemLines keeps the log lines worth reading when a test fails.
func problemLines(log string) string {
	var out []string
	for _, line := range strings.Split(log, "\n") {
		if strings.Contains(line, "level=WARN") || strings.Contains(line, "level=ERROR") {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}
