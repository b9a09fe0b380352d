package web_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/web"
	"slotwise/backend/internal/web/pages"
)

// replica is a second server on the fixture's database, as another
// replica of the binary runs: its own booking service and page cache.
func (f *fixture) replica(t *testing.T) http.Handler {
	t.Helper()
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	w := wiring{pool: f.pool, now: f.clock.Now, cache: pages.NewCache(f.pool, t.Context(), f.clock.Now, quiet)}
	bookings := w.bookings(quiet, booking.Options{})
	deps := f.deps
	deps.Cache = w.cache
	deps.Features = append([]web.Feature{}, f.deps.Features...)
	deps.Features[1] = web.Booking(bookings)
	h, err := web.New(deps)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func get(h http.Handler, target string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	return rec
}

// fromCache tells an answer the page cache had kept.
func fromCache(rec *httptest.ResponseRecorder) bool { return rec.Header().Get("X-Cache") == "hit" }

// cachedOn waits until h serves target from its cache (its listener is
// connected), and returns that answer.
func cachedOn(t *testing.T, h http.Handler, target string) *httptest.ResponseRecorder {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		get(h, target)
		if rec := get(h, target); fromCache(rec) {
			return rec
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s never came from the cache", target)
		}
	}
}

// offers tells whether a booking page's answer offers start: its HTML
// names it whole (a time to choose); its data, packed (web.PageSlots).
func offers(body, start string) bool {
	if strings.Contains(body, start) {
		return true
	}
	var page struct {
		Data struct {
			Slots web.PageSlots `json:"slots"`
		} `json:"data"`
	}
	if json.Unmarshal([]byte(body), &page) != nil {
		return false
	}
	for _, s := range page.Data.Slots.Slots[start[:10]] {
		if s == start || s == start[11:16] && start[16:] == page.Data.Slots.Suffix {
			return true
		}
	}
	return false
}

// bookEveryone books start with each person of the demo consultation, so
// the time is no longer free.
func bookEveryone(t *testing.T, f *fixture, start string) {
	t.Helper()
	for range 2 {
		if rec := f.send(http.MethodPost, "/api/bookings", bookingBody(start, nil), nil); rec.Code != http.StatusCreated {
			t.Fatalf("book: %d %s", rec.Code, rec.Body)
		}
	}
}

func TestABookingPageIsServedFromMemoryUntilItsTimeIsTaken(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	start := nextMonday10()
	page := "/widget/bookings/demo-consultation?date=" + start[:10]
	data := "/api/page-data?path=" + strings.ReplaceAll(page, "?", "%3F")
	for _, target := range []string{page, data} {
		if rec := cachedOn(t, f.handler, target); !offers(rec.Body.String(), start) {
			t.Fatalf("%s does not offer %s to begin with", target, start)
		}
	}
	bookEveryone(t, f, start)
	// No waiting: the replica that booked has dropped the page before it answered.
	for _, target := range []string{page, data} {
		if rec := get(f.handler, target); rec.Code != http.StatusOK || offers(rec.Body.String(), start) {
			t.Fatalf("%s right after booking: %d, still offers %s", target, rec.Code, start)
		}
	}
}

func TestAnotherReplicaStopsOfferingATakenTimeWithinASecond(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	other := f.replica(t)
	start := nextMonday10()
	page := "/widget/bookings/demo-consultation?date=" + start[:10]
	if rec := cachedOn(t, other, page); !strings.Contains(rec.Body.String(), start) {
		t.Fatalf("the other replica does not offer %s to begin with", start)
	}
	bookEveryone(t, f, start)
	for deadline := time.Now().Add(time.Second); strings.Contains(get(other, page).Body.String(), start); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the other replica still offers the taken time a second later")
		}
	}
}

func TestAPageOfOneVisitorIsNeverCached(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	start := nextMonday10()
	cachedOn(t, f.handler, "/widget/bookings/demo-consultation") // the cache is live
	for _, target := range []string{
		// The details step: its form has a key of its own in each answer.
		"/widget/bookings/demo-consultation?date=" + start[:10] + "&time=" + strings.ReplaceAll(start, "+", "%2B"),
		// A one-time link is its holder's.
		"/widget/otl/not-a-real-link",
	} {
		for range 2 {
			if rec := get(f.handler, target); fromCache(rec) {
				t.Fatalf("%s came from the cache", target)
			}
		}
	}
	a := get(f.handler, "/widget/bookings/demo-consultation?date="+start[:10]+"&time="+strings.ReplaceAll(start, "+", "%2B"))
	b := get(f.handler, "/widget/bookings/demo-consultation?date="+start[:10]+"&time="+strings.ReplaceAll(start, "+", "%2B"))
	if key := formKeyIn(a.Body.String()); key == "" || key == formKeyIn(b.Body.String()) {
		t.Fatalf("two visitors of the details step share the form key %q", key)
	}
}

func formKeyIn(html string) string {
	_, after, ok := strings.Cut(html, `name="idempotencyKey" value="`)
	if !ok {
		return ""
	}
	key, _, _ := strings.Cut(after, `"`)
	return key
}

func TestAQueryStringTheRouteDoesNotReadIsTheSamePage(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	tests := []struct{ page, asked, canonical string }{
		{"/widget/bookings/demo-consultation", "/widget/bookings/demo-consultation?cb=1", "https://book.example.com/widget/bookings/demo-consultation"},
		{"/widget/bookings/demo-consultation", "/widget/bookings/demo-consultation?utm_source=news&cb=2", "https://book.example.com/widget/bookings/demo-consultation"},
		{"/blog", "/blog?evil=1", "https://book.example.com/blog"},
		{"/blog?page=2", "/blog?evil=1&page=2", "https://book.example.com/blog?page=2"},
	}
	for _, tt := range tests {
		t.Run(tt.asked, func(t *testing.T) {
			cachedOn(t, f.handler, tt.page)
			rec := get(f.handler, tt.asked)
			if !fromCache(rec) {
				t.Fatalf("loaded again instead of answered from %s", tt.page)
			}
			body := rec.Body.String()
			if strings.Contains(body, "cb=") || strings.Contains(body, "utm_source") || strings.Contains(body, "evil") {
				t.Fatal("the unknown parameter reached the page")
			}
			if !strings.Contains(body, `<link rel="canonical" href="`+tt.canonical+`"`) {
				t.Fatalf("the canonical link is not %s", tt.canonical)
			}
		})
	}
}

func TestALapsedHoldOffersItsTimeAgain(t *testing.T) {
	pf := newPaymentsFixture(t)
	start := nextMonday10()
	page := "/widget/bookings/demo-paid?date=" + start[:10]
	if rec := cachedOn(t, pf.handler, page); !strings.Contains(rec.Body.String(), start) {
		t.Fatalf("%s is not offered to begin with", start)
	}
	body := bookingBody(start, func(b map[string]any) { b["calendar"], b["acceptTerms"] = "demo-paid", true })
	for staffLeft := true; staffLeft; staffLeft = strings.Contains(get(pf.handler, page).Body.String(), start) {
		if rec := pf.send(http.MethodPost, "/api/bookings", body, nil); rec.Code != http.StatusCreated {
			t.Fatalf("hold: %d %s", rec.Code, rec.Body)
		}
	}
	// The holds end; the page is cached again without the time meanwhile.
	if _, err := pf.pool.Exec(context.Background(), `UPDATE bookings SET hold_until = $1 WHERE payment = 'hold'`, pf.clock.Now()); err != nil {
		t.Fatal(err)
	}
	if rec := cachedOn(t, pf.handler, page); strings.Contains(rec.Body.String(), start) {
		t.Fatal("offered while still held")
	}
	if n, err := pf.pay.ReleaseDue(context.Background()); n == 0 || err != nil {
		t.Fatalf("released %d, %v", n, err)
	}
	eventually(t, "the released time offered again", func() bool { return strings.Contains(get(pf.handler, page).Body.String(), start) })
}

func TestAPageThatIsNotThereNamesTheAddressAsAsked(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	for _, target := range []string{"/no/such/page?x=1", "/api/page-data?path=%2Fno%2Fsuch%2Fpage%3Fx%3D1"} {
		rec := get(f.handler, target)
		if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "Page Not Found: /no/such/page?x=1") {
			t.Errorf("%s: %d, without the address as asked", target, rec.Code)
		}
	}
}

func TestVisitorsWhoMissAPageAtOnceWaitForOneRender(t *testing.T) {
	r := &pathCountingRenderer{inner: sharedRenderer(t), n: map[string]int{}}
	f := newFixture(t, r)
	f.clock.Set(time.Now()) // the page's minute does not end during the test
	start := nextMonday10()
	page := "/widget/bookings/demo-consultation?date=" + start[:10]
	cachedOn(t, f.handler, page)
	bookEveryone(t, f, start) // the page is dropped
	before := r.renders(page)
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			if rec := get(f.handler, page); rec.Code != http.StatusOK || strings.Contains(rec.Body.String(), start) {
				t.Errorf("%d, or the taken time offered", rec.Code)
			}
		})
	}
	wg.Wait()
	if n := r.renders(page) - before; n != 1 {
		t.Fatalf("16 visitors at once made %d renders, want 1", n)
	}
}

func TestEachTimeZoneIsABookingPageOfItsOwn(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	page := "/widget/bookings/demo-consultation"
	cachedOn(t, f.handler, page)
	tests := []struct{ cookie, want string }{
		{"slotwise_tz=America/New_York", `"timeZone":"America/New_York"`},
		{"slotwise_tz=Asia/Tokyo", `"timeZone":"Asia/Tokyo"`},
		{"slotwise_tz=Not/AZone", `"timeZone":"Europe/Berlin"`}, // the calendar's own, as without one
		{"", `"timeZone":"Europe/Berlin"`},                      // the zones' pages kept beside it
	}
	for _, tt := range tests {
		for i := range 2 { // the second from the cache
			header := map[string]string{}
			if tt.cookie != "" {
				header["Cookie"] = tt.cookie
			}
			rec := f.do(http.MethodGet, page, header)
			if !strings.Contains(rec.Body.String(), tt.want) {
				t.Fatalf("%q: the page is not in its zone (%s)", tt.cookie, tt.want)
			}
			if i == 1 && rec.Header().Get("X-Cache") != "hit" {
				t.Errorf("%q: asked again, the page was not taken from the cache", tt.cookie)
			}
		}
	}
}

func TestPagesOfSettingsAloneAreCachedUntilTheSettingsChange(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	tests := []struct {
		name, page, change, shown string
	}{
		{"a service menu", "/widget/service-menus/demo-salon", `UPDATE service_menus SET name = 'Salon menu, renamed'`, "Salon menu, renamed"},
		{"a service menu's cart", "/widget/service-menus/demo-salon?cart=salon-haircut,salon-manicure", `UPDATE calendars SET name = 'Haircut, renamed' WHERE slug = 'salon-haircut'`, "Haircut, renamed"},
		{"a group", "/widget/groups/demo-group", `UPDATE calendars SET name = 'Yoga, renamed' WHERE slug = 'demo-yoga'`, "Yoga, renamed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if rec := cachedOn(t, f.handler, tt.page); strings.Contains(rec.Body.String(), tt.shown) {
				t.Fatalf("%s shows the change before it is made", tt.page)
			}
			if _, err := f.pool.Exec(context.Background(), tt.change); err != nil {
				t.Fatal(err)
			}
			for deadline := time.Now().Add(2 * time.Second); !strings.Contains(get(f.handler, tt.page).Body.String(), tt.shown); time.Sleep(5 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("%s still shows the old settings two seconds after they changed", tt.page)
				}
			}
		})
	}
}

func TestACartsTimesAreCachedUntilOneOfItsServicesIsBooked(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	start := nextMonday10()
	page := "/widget/service-menus/demo-salon?cart=salon-haircut&step=time&date=" + start[:10]
	if rec := cachedOn(t, f.handler, page); !strings.Contains(rec.Body.String(), start) {
		t.Fatalf("the cart does not offer %s to begin with", start)
	}
	// Every person of the haircut booked at that time, one after another.
	for booked := 0; strings.Contains(get(f.handler, page).Body.String(), start); booked++ {
		if booked == 10 {
			t.Fatalf("the cart still offers %s after ten bookings of it", start)
		}
		rec := f.send(http.MethodPost, "/api/bookings", bookingBody(start, func(b map[string]any) { b["calendar"] = "salon-haircut" }), nil)
		if rec.Code != http.StatusCreated {
			t.Fatalf("booking %d of the haircut: %d %s", booked+1, rec.Code, rec.Body)
		}
	}
}
