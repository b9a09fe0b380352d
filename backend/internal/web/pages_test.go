package web_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

func TestPagesRenderTheirLayoutInTheirLanguage(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	tests := []struct {
		name     string
		target   string
		header   map[string]string
		status   int
		layout   string
		contains []string
	}{
		{"home", "/", nil, 200, "page", []string{`<html lang="en-US">`, "<h1>Slotwise Demo Studio</h1>", "Book a consultation"}},
		{"website page from the database", "/about", nil, 200, "page", []string{"<title>About the studio · Slotwise Demo Studio</title>", "quiet courtyard", `<link rel="canonical" href="https://book.example.com/about">`}},
		{"booking widget", "/widget/bookings/demo-consultation", nil, 200, "calendar", []string{"<title>Consultation · Slotwise Demo Studio</title>", ">Consultation</h1>", ":root{--brand:#0f766e}</style>"}},
		{"booking widget catch-all", "/widget/bookingsdemo-consultation", nil, 200, "calendar", []string{">Consultation</h1>"}},
		{"booking widget in German", "/de/widget/bookings/demo-consultation", nil, 200, "calendar", []string{`<html lang="de">`, ">Beratung</h1>"}},
		{"a service with a named person", "/widget/appointment/mia/demo-consultation", nil, 200, "calendar", []string{"Mia Weber"}},
		{"a group's cards say their prices", "/widget/groups/demo-group", nil, 200, "calendar", []string{"€65.00", "€55.00", "€18.00 per person"}},
		{"a group's prices in German", "/de/widget/groups/demo-group", nil, 200, "calendar", []string{"65,00\u00a0€", "18,00\u00a0€ pro Person"}},
		{"a person who does not take it", "/widget/appointment/nobody/demo-consultation", nil, 404, "error", []string{"Unable to find calendar"}},
		{"unknown calendar", "/widget/bookings/nope", nil, 404, "error", []string{"Cannot find calendar"}},
		{"booking without id", "/widget/booking", nil, 404, "error", []string{"No calendar event found"}},
		{"booking with a wrong token", "/widget/booking/bk_x?token=nope", nil, 404, "error", []string{"No calendar event found"}},
		{"Brazilian Portuguese", "/pt-br/widget/form/demo-contact", nil, 200, "form", []string{`<html lang="pt-BR">`}},
		{"form widget", "/widget/form/demo-contact", nil, 200, "form", []string{"<h1", "Get in touch</h1>"}},
		{"a form that does not exist", "/widget/form/contact", nil, 404, "error", []string{"Page Not Found: /widget/form/contact"}},
		{"quiz result that claims nothing", "/widget/quiz-result/12", nil, 200, "form", []string{"We could not find this result"}},
		{"a payment result without its payment", "/verify-payment-callback?session=1", nil, 404, "error", []string{"We could not find this payment."}},
		{"a payment result with a wrong secret", "/verify-payment-callback?payment=pay_nothing&token=x", nil, 404, "error", []string{"We could not find this payment.", `content="noindex"`}},
		{"preview with a secret that opens nothing", "/v2/preview/abc/b/hello", nil, 404, "page", []string{"Page Not Found: /v2/preview/abc/b/hello", `content="noindex"`}},
		{"cookie picks the language", "/widget/form/demo-contact", map[string]string{"Cookie": "slotwise_locale=fr"}, 200, "form", []string{`<html lang="fr">`}},
		{"accept-language picks the language", "/widget/form/demo-contact", map[string]string{"Accept-Language": "nl-BE,nl;q=0.9,en;q=0.5"}, 200, "form", []string{`<html lang="nl">`}},
		{"prefix beats cookie", "/da/widget/form/demo-contact", map[string]string{"Cookie": "slotwise_locale=fr"}, 200, "form", []string{`<html lang="da">`}},
		{"unknown path", "/nothing/here", nil, 404, "page", []string{"Page Not Found: /nothing/here", `href="/widget/groups/demo-group"`, "This page does not exist"}},
		{"unknown widget", "/widget/unknown", nil, 404, "error", []string{"Page Not Found: /widget/unknown"}},
		{"failing validation keeps the query", "/widget/quiz-result/abc?x=1", nil, 404, "error", []string{"Page Not Found: /widget/quiz-result/abc?x=1"}},
		{"unknown path in German", "/de/nirgends", nil, 404, "page", []string{"Seite nicht gefunden: /de/nirgends", `<html lang="de">`, "<title>Seite nicht gefunden · Slotwise Demo-Studio</title>"}},
		{"an unknown widget in French", "/fr/widget/form/contact", nil, 404, "error", []string{"Page introuvable : /fr/widget/form/contact"}},
		{"escaped markup in the path", "/%3Cscript%3Ealert(1)%3C/script%3E", nil, 404, "page", []string{"Page Not Found: /%3Cscript%3Ealert(1)%3C/script%3E"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.do(http.MethodGet, tt.target, tt.header)
			body := rec.Body.String()
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d\n%s", rec.Code, tt.status, body)
			}
			if want := `<body data-layout="` + tt.layout + `">`; !strings.Contains(body, want) {
				t.Errorf("body lacks %s", want)
			}
			for _, s := range tt.contains {
				if !strings.Contains(body, s) {
					t.Errorf("body lacks %q", s)
				}
			}
			if strings.Contains(strings.ToLower(body), "<script>alert") {
				t.Errorf("markup from the path reached the page unescaped")
			}
		})
	}
}

func TestDocumentHeadHasSEOEssentials(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	body := f.do(http.MethodGet, "/de/about", nil).Body.String()
	for _, s := range []string{
		`<meta name="viewport" content="width=device-width, initial-scale=1">`,
		`<meta name="description" content="Wer wir sind und wie wir arbeiten.">`, // the page's German translation
		`<link rel="canonical" href="https://book.example.com/de/about">`,
		`<link rel="alternate" hreflang="x-default" href="https://book.example.com/about">`,
		`<link rel="alternate" hreflang="de" href="https://book.example.com/de/about">`,
		`<link rel="alternate" hreflang="en" href="https://book.example.com/about">`,
		`<script id="__SLOTWISE_DATA__" type="application/json">`,
		`<script defer src="/assets/main.`,
		`<link rel="stylesheet" href="/assets/main.`,
	} {
		if !strings.Contains(body, s) {
			t.Errorf("document lacks %s", s)
		}
	}
	if i, j := strings.Index(body, "</head>"), strings.Index(body, "<body"); i < 0 || j < i {
		t.Errorf("head must come before body")
	}
}

func TestFaviconIsNotFound(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	rec := f.do(http.MethodGet, "/favicon.ico", nil)
	if rec.Code != 404 || rec.Body.String() != "Not found" {
		t.Errorf("favicon: %d %q, want 404 \"Not found\"", rec.Code, rec.Body.String())
	}
}

func TestPageDataIsTheSameLoaderAsJSON(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	tests := []struct {
		target string
		status int
		route  string
		locale string
	}{
		{"/api/page-data?path=/about", 200, "website", "en-US"},
		{"/api/page-data?path=" + "%2Fde%2Fwidget%2Fbookings%2Fdemo-consultation", 200, "bookings", "de"},
		{"/api/page-data?path=/missing", 404, "error", "en-US"},
	}
	for _, tt := range tests {
		rec := f.do(http.MethodGet, tt.target, nil)
		var p struct {
			Route, Locale, StatusMessage string
			Messages                     map[string]json.RawMessage
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
			t.Fatalf("%s: not JSON: %v", tt.target, err)
		}
		if rec.Code != tt.status || p.Route != tt.route || p.Locale != tt.locale || len(p.Messages) == 0 {
			t.Errorf("%s: %d %s %s (%d messages), want %d %s %s", tt.target, rec.Code, p.Route, p.Locale, len(p.Messages), tt.status, tt.route, tt.locale)
		}
	}
	for _, bad := range []string{"/api/page-data", "/api/page-data?path=about", "/api/page-data?path=//evil.example"} {
		if rec := f.do(http.MethodGet, bad, nil); rec.Code != http.StatusBadRequest {
			t.Errorf("%s: status %d, want 400", bad, rec.Code)
		}
	}
}

func TestHealthz(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	if rec := f.do(http.MethodGet, "/healthz", nil); rec.Code != 200 {
		t.Errorf("healthz %d %s", rec.Code, rec.Body)
	}
}

func TestUnknownAPIAndMethodsGetJSONErrors(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	for _, tt := range []struct {
		method, target string
		status         int
	}{
		{http.MethodGet, "/api/nothing", 404},
		{http.MethodPost, "/about", 405},
		{http.MethodGet, "/assets/nothing.js", 404},
	} {
		before := f.countRows(t)
		rec := f.do(tt.method, tt.target, nil)
		if rec.Code != tt.status {
			t.Errorf("%s %s: %d, want %d", tt.method, tt.target, rec.Code, tt.status)
		}
		if changed := f.countRows(t).changedSince(before); len(changed) > 0 {
			t.Errorf("%s %s wrote to %v", tt.method, tt.target, changed)
		}
	}
}

func TestAssetsAreServedCompressedAndCachedForever(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	body := f.do(http.MethodGet, "/about", nil).Body.String()
	start := strings.Index(body, `src="/assets/main.`)
	if start < 0 {
		t.Fatal("no main script in the page")
	}
	src := body[start+5:]
	src = src[:strings.IndexByte(src, '"')]
	plain := f.do(http.MethodGet, src, nil)
	gz := f.do(http.MethodGet, src, map[string]string{"Accept-Encoding": "gzip, br"})
	if plain.Code != 200 || gz.Code != 200 {
		t.Fatalf("script: %d / %d", plain.Code, gz.Code)
	}
	if gz.Header().Get("Content-Encoding") != "gzip" || gz.Body.Len()*2 > plain.Body.Len() {
		t.Errorf("gzip: %q, %d bytes for %d plain", gz.Header().Get("Content-Encoding"), gz.Body.Len(), plain.Body.Len())
	}
	if !strings.Contains(gz.Header().Get("Content-Type"), "javascript") || !strings.Contains(plain.Header().Get("Cache-Control"), "immutable") {
		t.Errorf("headers: %v", gz.Header())
	}
}
