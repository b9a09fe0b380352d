package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

// The demo's consultation and calming cream are in English and German;
// its lip balm in English only. A product's signals name the languages
// its text is in, as a page's do.
func TestAProductsSignalsNameTheLanguagesItsTextIsIn(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	both := []string{"x-default /product/calming-cream/", "en /product/calming-cream/", "de /de/product/calming-cream/"}
	tests := []struct {
		name, target string
		want         languageSignals
	}{
		{"a product's translation", "/de/product/calming-cream/", languageSignals{htmlLang: "de", canonical: "/de/product/calming-cream/",
			ogLocale: "de_DE", contentLanguage: "de", alternates: both, ogAlternates: []string{"en_US"}, inLanguage: []string{"de"}}},
		{"its original", "/product/calming-cream/", languageSignals{htmlLang: "en-US", canonical: "/product/calming-cream/",
			ogLocale: "en_US", contentLanguage: "en-US", alternates: both, ogAlternates: []string{"de_DE"}, inLanguage: []string{"en-US"}}},
		{"a language it lacks", "/fr/product/calming-cream/", languageSignals{htmlLang: "en-US", rootLang: "fr", titleLang: "en-US",
			canonical: "/product/calming-cream/", ogLocale: "en_US", contentLanguage: "en-US", ogAlternates: []string{"de_DE"}, inLanguage: []string{"en-US"}}},
		{"a product in one language", "/de/product/lip-balm/", languageSignals{htmlLang: "en-US", rootLang: "de", titleLang: "en-US",
			canonical: "/product/lip-balm/", ogLocale: "en_US", contentLanguage: "en-US", inLanguage: []string{"en-US"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.do(http.MethodGet, tt.target, nil)
			if rec.Code != http.StatusOK {
				t.Fatalf("%d", rec.Code)
			}
			got := signalsOf(t, rec.Body.String())
			if !got.same(tt.want) {
				t.Errorf("signals\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

// A translated product's and service's payloads carry their language's
// text only; a service the business did not translate says its language.
func TestABusinessesRecordsReadInTheVisitorsLanguage(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	for _, tt := range []struct{ target, has, hasNot string }{
		{"/api/page-data?path=/de/product/calming-cream/", `"name":"Beruhigende Gesichtscreme"`, "Calming face cream"},
		{"/api/page-data?path=/de/product/calming-cream/", "Sheabutter und Haferextrakt", "Shea butter"},
		{"/api/page-data?path=/product/calming-cream/", `"name":"Calming face cream"`, "Beruhigende"},
		{"/api/page-data?path=/de/widget/bookings/demo-consultation", `"name":"Beratung"`, `"name":"Consultation"`},
		{"/api/page-data?path=/widget/bookings/demo-consultation", `"name":"Consultation","description":"A free 30-minute consultation: we talk about your skin and what would help it most.","durationMinutes"`, "Beratung"},
		{"/api/page-data?path=/fr/widget/bookings/demo-consultation", `"name":"Consultation","description":"A free 30-minute consultation`, "Beratung"},
		{"/api/page-data?path=/fr/widget/bookings/demo-consultation", `"lang":"en-US"`, "Beratung"},
	} {
		body := f.do(http.MethodGet, tt.target, nil).Body.String()
		if !strings.Contains(body, tt.has) || strings.Contains(body, tt.hasNot) {
			t.Errorf("%s: want %q and not %q:\n%.600s", tt.target, tt.has, tt.hasNot, body)
		}
	}
	// The French booker marks the English name it shows.
	if doc := f.do(http.MethodGet, "/fr/widget/bookings/demo-consultation", nil).Body.String(); !strings.Contains(doc, `<h1 class="`) ||
		!strings.Contains(doc, `lang="en-US">Consultation</h1>`) {
		t.Errorf("the French booker does not mark the English name")
	}
}

// Booked in German, the booker's confirmation names the service and its
// place in German; the staff's copy, in the business's language, in English.
func TestTheConfirmationNamesTheServiceInTheBookersLanguage(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	if _, err := f.pool.Exec(context.Background(), `UPDATE calendars SET translations = jsonb_set(translations, '{de,places}',
		'{"Lindenstraße 12, 10969 Berlin": "Lindenstraße 12, 10969 Berlin (Hinterhaus)"}') WHERE slug = 'demo-consultation'`); err != nil {
		t.Fatal(err)
	}
	rec := f.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), func(b map[string]any) { b["locale"] = "de" }), nil)
	if rec.Code != 201 {
		t.Fatalf("booking: %d %s", rec.Code, rec.Body)
	}
	if _, err := f.mails.DeliverDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	rows, err := f.pool.Query(context.Background(), `SELECT kind, mime FROM outbox ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	seen := map[string]string{}
	for rows.Next() {
		var kind string
		var raw []byte
		if err := rows.Scan(&kind, &raw); err != nil {
			t.Fatal(err)
		}
		seen[kind] = readableMail(t, raw)
	}
	if text := seen["booking.confirmation"]; !strings.Contains(text, "Beratung") || strings.Contains(text, "Consultation") || !strings.Contains(text, "(Hinterhaus)") {
		t.Errorf("the German confirmation does not name the service in German:\n%s", text)
	}
	if text := seen["staff.booked"]; !strings.Contains(text, "Consultation") || strings.Contains(text, "Beratung") || strings.Contains(text, "Hinterhaus") {
		t.Errorf("the staff's copy does not name the service in English:\n%s", text)
	}
}

// A service menu in German names itself, its categories and its services
// in German where the business translated them, and marks the rest.
func TestAServiceMenuReadsInTheVisitorsLanguage(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	if _, err := f.pool.Exec(context.Background(), `UPDATE service_menus SET translations = '{"de": {"name": "Salon-Menü", "categories": {"Hair": "Haare"}}}'`); err != nil {
		t.Fatal(err)
	}
	if _, err := f.pool.Exec(context.Background(), `UPDATE calendars SET translations = '{"de": {"name": "Haarschnitt"}}' WHERE slug = 'salon-haircut'`); err != nil {
		t.Fatal(err)
	}
	doc := f.do(http.MethodGet, "/de/widget/service-menus/demo-salon?cart=salon-haircut,salon-manicure", nil).Body.String()
	for _, want := range []string{">Salon-Menü</h1>", ">Haare</h2>", `<span>Haarschnitt</span>`, `<span lang="en-US">Manicure</span>`, `lang="en-US">Hands and feet</h2>`} {
		if !strings.Contains(doc, want) {
			t.Errorf("the German menu lacks %s", want)
		}
	}
}
