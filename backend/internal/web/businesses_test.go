package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/admin"
	"slotwise/backend/internal/content"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/demo"
	"slotwise/backend/internal/events"
)

// The words only each business's pages may hold.
const (
	markerA = "Slotwise Demo Studio"
	markerB = "Zweitstudio Beta"
	hostB   = "beta.example"
)

// addSecondStudio makes a second business of the demo's own folder, with
// every slug, path, person and service the same and only its name changed,
// answering on hostB; it returns its id.
func addSecondStudio(t *testing.T, f *fixture) int64 {
	t.Helper()
	dir := t.TempDir()
	err := fs.WalkDir(demo.Site(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(demo.Site(), path)
		if err != nil {
			return err
		}
		data = bytes.ReplaceAll(data, []byte(markerA), []byte(markerB))
		if path == "location.yaml" {
			data = bytes.Replace(data, []byte("slug: demo-studio"), []byte("slug: beta-studio"), 1)
		}
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(path)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, path), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	var id int64
	ctx := context.Background()
	if err := f.pool.QueryRow(ctx, `INSERT INTO locations (slug, name, time_zone) VALUES ('beta-studio', $1, 'Europe/Berlin') RETURNING id`, markerB).Scan(&id); err != nil {
		t.Fatal(err)
	}
	folder, err := content.Read(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := content.Import(db.WithBusiness(ctx, id), f.pool, folder, content.Options{Now: f.clock.Now}); err != nil {
		t.Fatal(err)
	}
	f.claimHost(t, hostB, id)
	return id
}

// publicPaths are a page of each kind the public side serves.
var publicPaths = []string{
	"/", "/about", "/blog", "/blog/author/jonas-becker", "/blog/b/first-massage/", "/blog/c/massage", "/blog/tag/routine",
	"/prices", "/terms", "/privacy", "/imprint", "/collections/gifts", "/product/calming-cream/",
	"/widget/bookings/demo-consultation", "/widget/bookings/facial-treatment", "/de/widget/bookings/demo-consultation",
	"/api/page-data?path=" + url.QueryEscape("/widget/bookings/demo-consultation"),
	"/sitemap.xml", "/robots.txt", "/feeds/blog.xml",
}

// Every public page of two businesses with the same slugs, asked for on
// each one's host and again from the cache, holds only its own words and
// links to its own host; a change of one leaves the other's cached pages.
func TestTwoBusinessesWithTheSameSlugsSeeOnlyTheirOwn(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	addSecondStudio(t, f)
	onB := map[string]string{"Host": hostB}
	for _, path := range publicPaths {
		for round := range 2 { // the second answer is the cache's
			a, b := f.do(http.MethodGet, path, nil), f.do(http.MethodGet, path, onB)
			if a.Code != b.Code {
				t.Errorf("%s (round %d): %d on A, %d on B", path, round, a.Code, b.Code)
			}
			for _, word := range []string{markerA, "book.example.com"} {
				if i := strings.Index(b.Body.String(), word); i >= 0 {
					t.Errorf("%s (round %d) on B's host holds %q: …%s…", path, round, word, b.Body.String()[max(0, i-80):i+len(word)])
				}
			}
			if strings.Contains(a.Body.String(), markerB) || strings.Contains(a.Body.String(), hostB) {
				t.Errorf("%s (round %d) on A's host holds B's name or host", path, round)
			}
		}
	}
	for _, tt := range []struct {
		host, want string
	}{{"", markerA}, {hostB, markerB}} {
		rec := f.do(http.MethodGet, "/", map[string]string{"Host": tt.host})
		if !strings.Contains(rec.Body.String(), tt.want) {
			t.Errorf("the home page on %q does not name %s", tt.host, tt.want)
		}
	}
	if !strings.Contains(f.do(http.MethodGet, "/", onB).Body.String(), `href="https://beta.example/"`) {
		t.Errorf("B's home page is not canonical on B's host")
	}

	// A change of A's home page drops A's cached page, not B's.
	if rec := f.do(http.MethodGet, "/", onB); rec.Header().Get("X-Cache") != "hit" {
		t.Fatalf("B's home page is not cached")
	}
	var a int64
	if err := f.pool.QueryRow(context.Background(), `SELECT id FROM locations WHERE slug = 'demo-studio'`).Scan(&a); err != nil {
		t.Fatal(err)
	}
	if _, err := f.pool.Exec(db.WithBusiness(context.Background(), a), `UPDATE site_pages SET title = 'Changed' WHERE path = ''`); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "A's home page to change", func() bool {
		return strings.Contains(f.do(http.MethodGet, "/", nil).Body.String(), "Changed")
	})
	if rec := f.do(http.MethodGet, "/", onB); rec.Header().Get("X-Cache") != "hit" || strings.Contains(rec.Body.String(), "Changed") {
		t.Errorf("A's change dropped or changed B's cached home page")
	}
}

// One business's booking, its manage token and its admin token are
// nothing on another's host: 404 for what is not there, 401 for a token
// that is not the business's, never the other's data.
func TestOneBusinessesIdsAndTokensAreNothingOnAnothersHost(t *testing.T) {
	af := newAdminFixture(t)
	b := addSecondStudio(t, af.fixture)
	next := bookByForm(t, af.fixture, "/widget/bookings/facial-treatment?", nextMonday10())
	view, err := url.Parse(next)
	if err != nil || !strings.HasPrefix(view.Path, "/widget/booking/") {
		t.Fatalf("booked: %q", next)
	}
	id := strings.TrimPrefix(view.Path, "/widget/booking/")
	onB := map[string]string{"Host": hostB}
	if rec := af.do(http.MethodGet, next, nil); rec.Code != http.StatusOK {
		t.Fatalf("the booking on its own host: %d", rec.Code)
	}
	if rec := af.do(http.MethodGet, next, onB); rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), "Lovelace") {
		t.Errorf("A's booking with its token on B's host: %d, want 404 without it", rec.Code)
	}
	_, tokenB, err := admin.CreateToken(db.WithBusiness(context.Background(), b), af.pool, "beta", admin.ScopeWrite)
	if err != nil {
		t.Fatal(err)
	}
	adminCall := func(method, path, token, host string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, path, nil)
		req.Host = host
		req.Header.Set("Authorization", "Bearer "+token)
		rec := httptest.NewRecorder()
		af.handler.ServeHTTP(rec, req)
		return rec
	}
	for _, tt := range []struct {
		name, method, path, token, host string
		want                            int
	}{
		{"A's booking with B's token on B's host", http.MethodGet, "/api/admin/bookings/" + id, tokenB, hostB, http.StatusNotFound},
		{"A's booking cancelled with B's token", http.MethodPost, "/api/admin/bookings/" + id + "/cancel", tokenB, hostB, http.StatusNotFound},
		{"A's token on B's host", http.MethodGet, "/api/admin/bookings", af.read, hostB, http.StatusUnauthorized},
		{"B's token on A's host", http.MethodGet, "/api/admin/bookings", tokenB, "example.com", http.StatusUnauthorized},
		{"A's booking with A's token on A's host", http.MethodGet, "/api/admin/bookings/" + id, af.read, "example.com", http.StatusOK},
	} {
		if rec := adminCall(tt.method, tt.path, tt.token, tt.host); rec.Code != tt.want || strings.Contains(rec.Body.String(), "Lovelace") && tt.want != http.StatusOK {
			t.Errorf("%s: %d, want %d (%s)", tt.name, rec.Code, tt.want, rec.Body)
		}
	}
	list := adminCall(http.MethodGet, "/api/admin/bookings", tokenB, hostB)
	if list.Code != http.StatusOK || strings.Contains(list.Body.String(), id) {
		t.Errorf("B's bookings hold A's: %d %s", list.Code, list.Body)
	}
}

// Every statement the server sends for a business, reading, changing or
// deleting its rows, names the business in its own WHERE as a parameter
// bound to it: the public pages of two businesses with the same slugs, a
// booking made, seen and cancelled, and every list of the admin API.
func TestEveryStatementForABusinessNamesIt(t *testing.T) {
	var statements dbtest.Statements
	pool := dbtest.New(t, statements.Record)
	// Businesses' ids no other row's id is near, so a parameter that holds
	// one is the business, not a calendar or a person of the same number.
	if _, err := pool.Exec(context.Background(), `SELECT setval('locations_id_seq', 900000)`); err != nil {
		t.Fatal(err)
	}
	if err := demo.Seed(context.Background(), pool); err != nil {
		t.Fatal(err)
	}
	af := newAdminFixtureOn(t, pool, "http://127.0.0.1:9")
	b := addSecondStudio(t, af.fixture)
	onB := map[string]string{"Host": hostB}
	for _, path := range publicPaths {
		for _, host := range []map[string]string{nil, onB} {
			if rec := af.do(http.MethodGet, path, host); rec.Code >= 500 {
				t.Errorf("%s: %d", path, rec.Code)
			}
		}
	}
	for _, path := range []string{"/api/slots/demo-consultation", "/api/calendars/demo-consultation"} {
		af.do(http.MethodGet, path+"?from="+nextMonday10()[:10], onB)
	}
	next := bookByForm(t, af.fixture, "/widget/bookings/facial-treatment?", nextMonday10())
	af.do(http.MethodGet, next, nil)
	id := strings.TrimPrefix(strings.SplitN(next, "?", 2)[0], "/widget/booking/")
	_, tokenB, err := admin.CreateToken(db.WithBusiness(context.Background(), b), af.pool, "beta", admin.ScopeWrite)
	if err != nil {
		t.Fatal(err)
	}
	// Every list the admin API has: the lists of its own, and each kind of
	// content (the parameter's values, from the API's document).
	lists := []string{"/bookings", "/submissions", "/webhooks", "/calendar-connections", "/payment-accounts"}
	for _, kind := range af.doc.Components.Parameters["kind"].Value.Schema.Value.Enum {
		lists = append(lists, "/content/"+kind.(string))
	}
	for _, path := range lists {
		for _, call := range []struct{ token, host string }{{af.read, "example.com"}, {tokenB, hostB}} {
			req := httptest.NewRequest(http.MethodGet, "/api/admin"+path, nil)
			req.Host = call.host
			req.Header.Set("Authorization", "Bearer "+call.token)
			rec := httptest.NewRecorder()
			af.handler.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				t.Errorf("GET /api/admin%s on %s: %d", path, call.host, rec.Code)
			}
		}
	}
	af.call(http.MethodGet, "/api/admin/bookings/"+id, af.read, "", nil)
	af.call(http.MethodPost, "/api/admin/bookings/"+id+"/cancel", af.write, `{"reason":"test"}`, nil)
	// A quiz answered on the second business's host, and content written
	// with its token: a response stored, a calendar made and changed.
	var quiz struct {
		Data struct{ Key string } `json:"data"`
	}
	if err := json.Unmarshal(af.do(http.MethodGet, "/api/page-data?path=/widget/quiz/demo-quiz", onB).Body.Bytes(), &quiz); err != nil || quiz.Data.Key == "" {
		t.Fatalf("the quiz's page data on the second host: %v", err)
	}
	af.fill(time.Minute)
	answers := `{"key":"` + quiz.Data.Key + `","step":"questions","locale":"en-US","answers":{"spf":["uvb"],"dry":["ceramides"],"exfoliate":["daily"],"water":["some"]}}`
	if rec := af.send(http.MethodPost, "/api/forms/quiz/demo-quiz/answers", answers, map[string]string{"Host": hostB, "Sec-Fetch-Site": "same-origin"}); rec.Code != http.StatusCreated {
		t.Errorf("answers on the second host: %d %s", rec.Code, rec.Body)
	}
	for _, body := range []string{`{"name":"Quick check","duration":15,"staff":["mia"]}`, `{"name":"Quick check","duration":20,"staff":["mia"]}`} {
		if rec := af.call(http.MethodPut, "/api/admin/content/calendars/quick-check", tokenB, body, map[string]string{"Host": hostB}); rec.Code >= 300 {
			t.Errorf("PUT a calendar with the second business's token: %d %s", rec.Code, rec.Body)
		}
	}
	// The events of the booking, each handled for its business: its mails
	// and its webhooks.
	for _, d := range []*events.Dispatcher{af.mails, af.fanout} {
		if _, err := d.DeliverDue(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	n := statements.Check(t, af.pool)
	if len(lists) < 20 || n < 200 {
		t.Errorf("checked %d statements and %d lists of the admin API: too few to prove anything", n, len(lists))
	}
	t.Logf("checked %d statements", n)
}

// waitFor waits, in real time, until done, for what the database's notices
// bring to the server.
func waitFor(t *testing.T, what string, done func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !done(); time.Sleep(10 * time.Millisecond) { // real time: a wait
		if time.Now().After(deadline) {
			t.Fatalf("waited in vain for %s", what)
		}
	}
}

// With no default business, a host nobody claims is a plain 404 that
// names no business, on every path but the operator's; a claimed host
// still answers, and one that redirects sends visitors to the primary.
func TestAHostNobodyClaimsIsAPlainNotFound(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	b := addSecondStudio(t, f)
	if _, err := f.pool.Exec(context.Background(), `INSERT INTO location_hosts (host, location_id, redirect) VALUES ('www.beta.example', $1, true)`, b); err != nil {
		t.Fatal(err)
	}
	if _, err := f.pool.Exec(context.Background(), `UPDATE locations SET is_default = false`); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the map to hear of no default", func() bool {
		_, ok := f.deps.Hosts.Resolve("nobody.example")
		return !ok
	})
	for _, path := range []string{"/", "/widget/bookings/demo-consultation", "/api/page-data?path=/", "/sitemap.xml", "/assets/nothing.js"} {
		rec := f.do(http.MethodGet, path, map[string]string{"Host": "nobody.example"})
		if rec.Code != http.StatusNotFound || rec.Body.String() != "Not found" || strings.Contains(rec.Body.String(), "Studio") {
			t.Errorf("%s on an unclaimed host: %d %q", path, rec.Code, rec.Body.String())
		}
	}
	if rec := f.do(http.MethodGet, "/healthz", map[string]string{"Host": "nobody.example"}); rec.Code != http.StatusOK {
		t.Errorf("/healthz on an unclaimed host: %d", rec.Code)
	}
	if rec := f.do(http.MethodGet, "/about", map[string]string{"Host": hostB}); rec.Code != http.StatusOK {
		t.Errorf("a claimed host without a default business: %d", rec.Code)
	}
	waitFor(t, "the map to hear of the redirect", func() bool {
		a, ok := f.deps.Hosts.Resolve("www.beta.example")
		return ok && a.RedirectTo == hostB
	})
	if rec := f.do(http.MethodGet, "/about?x=1", map[string]string{"Host": "www.beta.example"}); rec.Code != http.StatusMovedPermanently || rec.Header().Get("Location") != "https://beta.example/about?x=1" {
		t.Errorf("a host that redirects: %d %q", rec.Code, rec.Header().Get("Location"))
	}
}
