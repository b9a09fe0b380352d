package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/sites"
)

func TestEveryShapeOfTheStorefrontsURLs(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	if err := sites.NewStore(f.pool).SaveProduct(context.Background(), sites.ProductInput{ID: "secret-serum", Name: "Secret serum",
		PriceCents: 9900, Currency: "EUR", DescriptionHTML: "<p>not yet</p>"}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		target string
		status int
		where  string
		has    []string
	}{
		{"/product/gentle-cleanser/", 200, "", []string{"<h1>Gentle cleansing gel</h1>", "€19.00", "Was €24.00", "In stock", `src="/media/gentle-cleanser.svg"`, `width="800"`, `href="/collections/skin-care"`}},
		{"/de/product/lip-balm/", 200, "", []string{"Nicht vorrätig"}},
		{"/product/gentle-cleanser", 301, "/product/gentle-cleanser/", nil},
		{"/shop/product/gentle-cleanser/", 301, "/product/gentle-cleanser/", nil},
		{"/product/Gentle-Cleanser/", 301, "/product/gentle-cleanser/", nil},
		{"/product/nope/", 404, "", nil},
		{"/product/secret-serum/", 404, "", nil},
		{"/collections/gifts", 200, "", []string{"<h1 id=\"collection-title\">Gifts</h1>", "3 products"}},
		{"/collections/gifts/", 301, "/collections/gifts", nil},
		{"/shop/collections/gifts", 301, "/collections/gifts", nil},
		{"/collections/nope", 404, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			rec := f.do(http.MethodGet, tt.target, nil)
			if rec.Code != tt.status || rec.Header().Get("Location") != tt.where {
				t.Fatalf("%d %q, want %d %q", rec.Code, rec.Header().Get("Location"), tt.status, tt.where)
			}
			for _, w := range tt.has {
				if !strings.Contains(rec.Body.String(), w) {
					t.Errorf("the page lacks %s", w)
				}
			}
		})
	}
	// A collection lists in its own order: the gifts by price, highest first.
	body := f.do(http.MethodGet, "/collections/gifts", nil).Body.String()
	if a, b, c := strings.Index(body, "Gift voucher"), strings.Index(body, "Calming face cream"), strings.Index(body, "Warming massage oil"); !(a < b && b < c) {
		t.Errorf("gifts not by price, highest first: %d %d %d", a, b, c)
	}
	if strings.Contains(body, "Secret serum") {
		t.Errorf("a draft product is listed")
	}
}

func TestAProductTellsSearchEnginesItsOffer(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	head, _, _ := strings.Cut(f.do(http.MethodGet, "/product/lip-balm/", nil).Body.String(), "</head>")
	data := structuredData(t, head)
	product := data["Product"]
	if product == nil || data["BreadcrumbList"] == nil {
		t.Fatalf("structured data: %v", data)
	}
	offer, _ := product["offers"].(map[string]any)
	if product["name"] != "Lip balm" || offer["@type"] != "Offer" || offer["price"] != "7.00" || offer["priceCurrency"] != "EUR" ||
		offer["availability"] != "https://schema.org/OutOfStock" {
		t.Errorf("product %v", product)
	}
	for _, w := range []string{`<meta property="og:image" content="https://book.example.com/media/lip-balm.svg">`, `<meta name="twitter:card" content="summary_large_image">`} {
		if !strings.Contains(head, w) {
			t.Errorf("the head lacks %s", w)
		}
	}
}

// A price is shown and told to search engines in its currency's decimals:
// a yen has none and a Kuwaiti dinar has three, whatever a cent is.
func TestAProductsPriceIsInItsCurrencysDecimals(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	tests := []struct {
		currency      string
		minor         int64
		shown, schema string
	}{
		{"EUR", 700, "€7.00", "7.00"},
		{"JPY", 5000, "¥5,000", "5000"},
		{"KWD", 12345, "KWD 12.345", "12.345"},
	}
	for _, tt := range tests {
		t.Run(tt.currency, func(t *testing.T) {
			if _, err := f.pool.Exec(context.Background(), `UPDATE products SET currency = $1, price_cents = $2, compare_at_cents = NULL WHERE id = 'lip-balm'`, tt.currency, tt.minor); err != nil {
				t.Fatal(err)
			}
			var body string
			for deadline := time.Now().Add(2 * time.Second); ; time.Sleep(5 * time.Millisecond) {
				if body = f.do(http.MethodGet, "/product/lip-balm/", nil).Body.String(); strings.Contains(body, `"priceCurrency":"`+tt.currency+`"`) || time.Now().After(deadline) {
					break
				}
			}
			head, page, _ := strings.Cut(body, "</head>")
			offer, _ := structuredData(t, head)["Product"]["offers"].(map[string]any)
			if offer["price"] != tt.schema || offer["priceCurrency"] != tt.currency {
				t.Errorf("the offer says %v %v, want %s %s", offer["price"], offer["priceCurrency"], tt.schema, tt.currency)
			}
			if !strings.Contains(strings.ReplaceAll(page, "\u00a0", " "), tt.shown) {
				t.Errorf("the page does not show %s", tt.shown)
			}
		})
	}
}

// Pictures are served as stored, cached for a year, and an SVG cannot run
// script even when opened on its own.
func TestMediaIsServedSandboxed(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	rec := f.do(http.MethodGet, "/media/calming-cream.svg", nil)
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/svg+xml" || !strings.Contains(rec.Header().Get("Content-Security-Policy"), "sandbox") ||
		!strings.Contains(rec.Header().Get("Cache-Control"), "immutable") || !strings.HasPrefix(rec.Body.String(), "<svg") {
		t.Errorf("%d %v", rec.Code, rec.Header())
	}
	for _, target := range []string{"/media/nope.svg", "/media/..%2fetc%2fpasswd"} {
		if rec := f.do(http.MethodGet, target, nil); rec.Code != http.StatusNotFound && rec.Code != http.StatusBadRequest {
			t.Errorf("%s: %d", target, rec.Code)
		}
	}
}

// A page shows its sections after its text: the about page embeds the
// booking widget, with a link to it for whoever cannot use the frame.
func TestAPageShowsItsSections(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	for target, wants := range map[string][]string{
		"/about": {"<h2>Book your first consultation</h2>", "<strong>free of charge</strong>",
			`<iframe name="slotwise-embed page" class="`, `src="/widget/bookings/demo-consultation?embed=page" title="Book an appointment" loading="lazy"`,
			`<a href="/widget/bookings/demo-consultation">Book an appointment</a>`, `href="/blog">Read the journal</a>`},
		"/de/about": {`src="/de/widget/bookings/demo-consultation?embed=page" title="Termin buchen"`},
	} {
		body := f.do(http.MethodGet, target, nil).Body.String()
		for _, w := range wants {
			if !strings.Contains(body, w) {
				t.Errorf("%s lacks %s", target, w)
			}
		}
	}
}
