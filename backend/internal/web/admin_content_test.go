package web_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3filter"
)

func init() {
	// The document describes pictures as image/*: the checks read them as bytes.
	for _, t := range []string{"image/svg+xml", "image/png"} {
		openapi3filter.RegisterBodyDecoder(t, openapi3filter.FileBodyDecoder)
	}
}

func TestAdminCreatesReadsChangesAndDeletesContent(t *testing.T) {
	af := newAdminFixture(t)
	af.clock.Set(aFriday)
	const service = "/api/admin/content/calendars/quick-check"
	rec := af.call(http.MethodPut, service, af.write, `{"name":"Quick check","duration":15,"staff":["mia"]}`, nil)
	if rec.Code != http.StatusCreated || rec.Header().Get("Slotwise-Outcome") != "created" {
		t.Fatalf("PUT a new calendar: %d %s", rec.Code, rec.Body)
	}
	var cal map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &cal); err != nil || cal["slug"] != "quick-check" || cal["bookingWindowDays"] != 60.0 || cal["active"] != true {
		t.Errorf("the new calendar, with its defaults: %v (%v)", cal, err)
	}
	if rec := af.call(http.MethodPut, service, af.write, `{"name":"Quick check","duration":15,"staff":["mia"]}`, nil); rec.Code != 200 ||
		rec.Header().Get("Slotwise-Outcome") != "unchanged" {
		t.Errorf("the same PUT again: %d %s", rec.Code, rec.Header().Get("Slotwise-Outcome"))
	}
	if rec := af.call(http.MethodGet, "/api/admin/content/calendars?limit=2", af.read, "", nil); rec.Code != 200 || !strings.Contains(rec.Body.String(), `"nextCursor":"`) {
		t.Errorf("a page of calendars: %d %s", rec.Code, rec.Body)
	}
	// The widget shows it at once.
	if rec := af.do(http.MethodGet, "/widget/bookings/quick-check", nil); rec.Code != 200 || !strings.Contains(rec.Body.String(), "Quick check") {
		t.Errorf("the new calendar's widget: %d", rec.Code)
	}

	for _, tc := range []struct {
		name, method, target, token, body string
		status                            int
		code, field                       string
	}{
		{"a read token changes nothing", http.MethodPut, service, af.read, `{"name":"X","duration":15}`, 403, "insufficient_scope", ""},
		{"a field out of bounds", http.MethodPut, service, af.write, `{"name":"Quick check","duration":2}`, 422, "invalid", "duration"},
		{"a person who is not there", http.MethodPut, service, af.write, `{"name":"Quick check","duration":15,"staff":["nobody"]}`, 422, "invalid", "staff.0"},
		{"a field that does not exist", http.MethodPut, service, af.write, `{"name":"Quick check","duraton":15}`, 400, "bad_request", ""},
		{"another key in the body", http.MethodPut, service, af.write, `{"slug":"other","name":"Q","duration":15}`, 400, "bad_request", ""},
		{"bytes that are not UTF-8", http.MethodPut, service, af.write, "{\"name\":\"\xff\",\"duration\":15}", 422, "invalid", "name"},
		{"NUL in a name", http.MethodPut, service, af.write, `{"name":"Q\u0000","duration":15}`, 422, "invalid", "name"},
		{"a kind that does not exist", http.MethodGet, "/api/admin/content/widgets", af.read, "", 404, "not_found", ""},
		{"an item that does not exist", http.MethodGet, "/api/admin/content/posts/nothing-here", af.read, "", 404, "not_found", ""},
		{"creating what exists", http.MethodPost, "/api/admin/content/tags", af.write, `{"slug":"winter","name":"winter"}`, 409, "exists", ""},
		{"the business stays", http.MethodDelete, "/api/admin/content/location/demo-studio", af.write, "", 409, "in_use", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			answersAs(t, af.call(tc.method, tc.target, tc.token, tc.body, nil), tc.status, tc.code, tc.field)
		})
	}

	// A calendar that has a booking stays; one without goes.
	af.book("demo-consultation", "2026-11-24T10:00:00+01:00", "ada@example.com")
	if rec := af.call(http.MethodDelete, "/api/admin/content/calendars/demo-consultation", af.write, "", nil); rec.Code != 409 {
		t.Errorf("deleting a booked calendar: %d %s", rec.Code, rec.Body)
	}
	if rec := af.call(http.MethodDelete, service, af.write, "", nil); rec.Code != 204 {
		t.Errorf("deleting the new calendar: %d %s", rec.Code, rec.Body)
	}
	if rec := af.call(http.MethodGet, service, af.read, "", nil); rec.Code != 404 {
		t.Errorf("the deleted calendar: %d", rec.Code)
	}
}

// answersAs checks an answer's status, its error's code (none for a
// success) and, when given, the field its error names.
func answersAs(t *testing.T, rec *httptest.ResponseRecorder, status int, code, field string) {
	t.Helper()
	var body struct {
		Error struct {
			Code   string                    `json:"code"`
			Fields map[string]map[string]any `json:"fields"`
		} `json:"error"`
	}
	_ = json.Unmarshal(rec.Body.Bytes(), &body)
	if rec.Code != status || body.Error.Code != code || (field != "" && body.Error.Fields[field] == nil) {
		t.Errorf("%d %s, want %d %s naming %q", rec.Code, rec.Body, status, code, field)
	}
}

// A business chooses among the providers the operator set up: one that is
// not set up would leave its calendars paid online booking nothing.
func TestAdminChoosesOnlyAPaymentProviderThatIsSetUp(t *testing.T) {
	af := newAdminFixture(t)
	const studio = "/api/admin/content/location/demo-studio"
	rec := af.call(http.MethodGet, studio, af.read, "", nil)
	var loc map[string]any
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &loc) != nil {
		t.Fatalf("GET the business: %d %s", rec.Code, rec.Body)
	}
	delete(loc, "slug")
	for _, tc := range []struct {
		provider string
		status   int
	}{
		{"paypal", 422},
		{"razorpay", 422},
		{"square", 422}, // not a provider at all: the content's own check
		{"stripe", 200},
	} {
		t.Run(tc.provider, func(t *testing.T) {
			loc["paymentProvider"] = tc.provider
			body, _ := json.Marshal(loc)
			rec := af.call(http.MethodPut, studio, af.write, string(body), nil)
			if rec.Code != tc.status || (tc.status == 422 && !strings.Contains(rec.Body.String(), `"paymentProvider"`)) {
				t.Fatalf("choosing %s: %d %s, want %d naming paymentProvider", tc.provider, rec.Code, rec.Body, tc.status)
			}
			if tc.status == 422 && tc.provider == "paypal" && !strings.Contains(rec.Body.String(), "connect one first (PUT /api/admin/payment-accounts/paypal)") {
				t.Fatalf("the refusal does not say how to connect one: %s", rec.Body)
			}
		})
	}
}

func TestAdminContentChangesShowOnTheCachedPages(t *testing.T) {
	af := newAdminFixture(t)
	af.clock.Set(aFriday)
	before := af.do(http.MethodGet, "/blog", nil)
	if before.Code != 200 || strings.Contains(before.Body.String(), "Opening in January") {
		t.Fatalf("the blog before: %d", before.Code)
	}
	rec := af.call(http.MethodPost, "/api/admin/content/posts", af.write, `{"slug":"opening-in-january","blog":"blog","title":"Opening in January",
		"author":"lena-hoffmann","published":true,"publishedAt":"2026-11-20T08:00:00Z","body":"We open on **2 January**."}`, nil)
	if rec.Code != http.StatusCreated {
		t.Fatalf("POST a post: %d %s", rec.Code, rec.Body)
	}
	eventually(t, "the blog lists the new post", func() bool {
		return strings.Contains(af.do(http.MethodGet, "/blog", nil).Body.String(), "Opening in January")
	})
	if page := af.do(http.MethodGet, "/blog/b/opening-in-january/", nil); page.Code != 200 || !strings.Contains(page.Body.String(), "<strong>2 January</strong>") {
		t.Errorf("the post, its Markdown rendered: %d", page.Code)
	}

	svg := `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>`
	rec = af.call(http.MethodPut, "/api/admin/content/media/dot.svg", af.write, svg, map[string]string{"Content-Type": "image/svg+xml"})
	if rec.Code != http.StatusCreated {
		t.Fatalf("PUT a picture: %d %s", rec.Code, rec.Body)
	}
	if rec := af.call(http.MethodGet, "/api/admin/content/media/dot.svg", af.read, "", nil); rec.Code != 200 || rec.Body.String() != svg ||
		rec.Header().Get("Content-Type") != "image/svg+xml" {
		t.Errorf("the picture: %d %q %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
	// A page below a path: its key holds a slash.
	if rec := af.do(http.MethodGet, "/api/admin/content/pages/index", map[string]string{"Authorization": "Bearer " + af.read}); rec.Code != 200 ||
		!strings.Contains(rec.Body.String(), `"path":""`) {
		t.Errorf("the home page: %d %s", rec.Code, rec.Body)
	}
}

// A translation is content like any other through the API: checked as its
// original is, refused in the same words, and said to be outdated when its
// original changed after it.
func TestAdminWritesTranslationsAndSaysWhichAreOutdated(t *testing.T) {
	af := newAdminFixture(t)
	const fr = "/api/admin/content/page-translations/about.fr"
	rec := af.call(http.MethodPut, fr, af.write, `{"title":"À propos","description":"Qui nous sommes.","body":"Deux thérapeutes."}`, nil)
	if rec.Code != http.StatusCreated {
		t.Fatalf("PUT a new translation: %d %s", rec.Code, rec.Body)
	}
	if body := af.do(http.MethodGet, "/fr/about", nil).Body.String(); !strings.Contains(body, "<h1>À propos</h1>") {
		t.Errorf("the French page does not show its translation")
	}
	for _, tc := range []struct {
		name, target, body string
		status             int
		code, field        string
	}{
		{"NUL in a title", fr, `{"title":"À\u0000 propos"}`, 422, "invalid", "title"},
		{"bytes that are not UTF-8", fr, "{\"title\":\"\xff\"}", 422, "invalid", "title"},
		{"a title too long", fr, `{"title":"` + strings.Repeat("a", 201) + `"}`, 422, "invalid", "title"},
		{"a section naming no calendar", fr, `{"title":"À propos","sections":[{"type":"booking","calendar":"nobody"}]}`, 422, "invalid", "sections.0.calendar"},
		{"a post's field", fr, `{"title":"À propos","excerpt":"Non"}`, 422, "invalid", "excerpt"},
		{"a page it cannot translate", "/api/admin/content/page-translations/nowhere.fr", `{"title":"Nulle part"}`, 422, "invalid", "key"},
		{"a language the server does not speak", "/api/admin/content/page-translations/about.xx", `{"title":"?"}`, 422, "invalid", "key"},
		{"the original's own language", "/api/admin/content/page-translations/about.en", `{"title":"About"}`, 422, "invalid", "key"},
		{"a field that does not exist", fr, `{"title":"À propos","titel":"x"}`, 400, "bad_request", ""},
		{"script in a post's body", "/api/admin/content/post-translations/winter-skin.fr",
			`{"title":"L'hiver","published":true,"publishedAt":"2026-11-20T08:00:00Z","format":"html","body":"<p>Bonjour</p><script>alert(1)</script>"}`, 201, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			answersAs(t, af.call(http.MethodPut, tc.target, af.write, tc.body, nil), tc.status, tc.code, tc.field)
		})
	}
	if body := af.do(http.MethodGet, "/fr/blog/b/winter-skin/", nil).Body.String(); strings.Contains(body, "<script>alert") || !strings.Contains(body, "Bonjour") {
		t.Errorf("the French post's body is not its sanitised translation")
	}
	// The original changes: its translation is outdated until written again.
	if rec := af.call(http.MethodPut, "/api/admin/content/pages/about", af.write, `{"title":"About us","locale":"en-US"}`, nil); rec.Code != 200 {
		t.Fatalf("PUT the original: %d %s", rec.Code, rec.Body)
	}
	outdated := func() bool {
		var tr struct{ Outdated bool }
		_ = json.Unmarshal(af.call(http.MethodGet, fr, af.read, "", nil).Body.Bytes(), &tr)
		return tr.Outdated
	}
	if !outdated() {
		t.Errorf("a translation whose original changed is not outdated")
	}
	if rec := af.call(http.MethodPut, fr, af.write, `{"title":"À propos de nous"}`, nil); rec.Code != 200 || outdated() {
		t.Errorf("written again: %d, outdated %v", rec.Code, outdated())
	}
	if rec := af.call(http.MethodDelete, fr, af.write, "", nil); rec.Code != 204 {
		t.Errorf("DELETE a translation: %d %s", rec.Code, rec.Body)
	}
	if body := af.do(http.MethodGet, "/fr/about", nil).Body.String(); !strings.Contains(body, `<h1 lang="en-US">About us</h1>`) {
		t.Errorf("without its translation, the French page does not show the original, marked")
	}
}
