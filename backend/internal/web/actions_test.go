package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// post sends a form as a browser without JavaScript does.
func (f *fixture) post(target string, form url.Values, header map[string]string) *httptest.ResponseRecorder {
	h := map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin"}
	for k, v := range header {
		h[k] = v
	}
	return f.send(http.MethodPost, target, form.Encode(), h)
}

// bookByForm posts Ada's details, without a place, to the details step of
// page at start, as a browser without JavaScript does, and returns where
// the 303 sends her.
func bookByForm(t *testing.T, f *fixture, page, start string) string {
	t.Helper()
	form := adaForm(start)
	form.Del("locationChoice")
	rec := f.post(page+"time="+url.QueryEscape(start), form, nil)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("booking by form at %s: %d %s", page, rec.Code, rec.Body)
	}
	return rec.Header().Get("Location")
}

func adaForm(start string) url.Values {
	return url.Values{
		"start": {start}, "tz": {"Europe/Berlin"}, "idempotencyKey": {"form-1"},
		"contact.firstName": {"Ada"}, "contact.lastName": {"Lovelace"}, "contact.email": {"ada@example.com"},
		"contact.phone": {"+49 30 1234567"}, "locationChoice": {"0"},
	}
}

// detailsURL is the details step of the demo consultation at start.
func detailsURL(start string) string {
	return "/widget/bookings/demo-consultation?" + url.Values{"date": {start[:10]}, "time": {start}}.Encode()
}

func TestEveryStepOfTheBookerRendersOnTheServer(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	start := nextMonday10()
	tests := []struct {
		name, target string
		want         []string
	}{
		{"a day", "/widget/bookings/demo-consultation?date=" + start[:10], []string{`aria-selected="true"`, `data-slot="` + start + `"`, `name="time"`}},
		{"a month", "/widget/bookings/demo-consultation?month=" + start[:7], []string{`name="month"`, `name="date"`}},
		{"a person", "/widget/appointment/demo-team?staff=1", []string{"Massage team", `name="staff" checked="" value="1"`}},
		{"the details", detailsURL(start), []string{"Enter your details", `method="post"`, `name="contact.firstName"`, `name="start" value="` + start + `"`, `name="idempotencyKey"`}},
		{"every time of a day", "/widget/bookings/demo-consultation?times=all&date=" + start[:10], []string{`data-slot="` + start[:11] + `16:30:00+01:00"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.do(http.MethodGet, tt.target, nil)
			body := rec.Body.String()
			if rec.Code != http.StatusOK {
				t.Fatalf("%d", rec.Code)
			}
			for _, w := range tt.want {
				if !strings.Contains(body, w) {
					t.Errorf("the page lacks %s", w)
				}
			}
		})
	}
}

var viewLocation = regexp.MustCompile(`^/widget/booking/(bk_[A-Za-z0-9_-]+)\?token=[A-Za-z0-9_-]+$`)

func TestABookingWithoutJavaScript(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	start := nextMonday10()
	rec := f.post(detailsURL(start), adaForm(start), nil)
	if rec.Code != http.StatusSeeOther || !viewLocation.MatchString(rec.Header().Get("Location")) {
		t.Fatalf("post: %d %q, want 303 to the booking's page", rec.Code, rec.Header().Get("Location"))
	}
	first := rec.Header().Get("Location")
	page := f.do(http.MethodGet, first, nil)
	if page.Code != http.StatusOK || !strings.Contains(page.Body.String(), "Your appointment is scheduled") ||
		!strings.Contains(page.Body.String(), "Lindenstraße 12") {
		t.Errorf("the booking's page: %d", page.Code)
	}
	// The same form sent twice (a double click, a resend) books once.
	again := f.post(detailsURL(start), adaForm(start), nil)
	if viewLocation.FindStringSubmatch(again.Header().Get("Location"))[1] != viewLocation.FindStringSubmatch(first)[1] {
		t.Errorf("a resent form booked again: %s and %s", first, again.Header().Get("Location"))
	}
	var n int
	if err := f.pool.QueryRow(context.Background(), `SELECT count(*) FROM bookings`).Scan(&n); err != nil || n != 1 {
		t.Errorf("%d bookings, want 1", n)
	}
}

func TestARefusedFormComesBackWithItsMessagesAndValues(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	start := nextMonday10()
	form := adaForm(start)
	form.Set("contact.firstName", "")
	form.Set("contact.email", "ada@")
	form.Set("contact.notes", "Bring <b>towels</b>")
	rec := f.post(detailsURL(start), form, nil)
	body := rec.Body.String()
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("%d, want 422", rec.Code)
	}
	for _, want := range []string{"First name is required", "Email is invalid", `value="ada@"`, "Bring &lt;b&gt;towels&lt;/b&gt;", `name="contact.lastName"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %s", want)
		}
	}

	// A time taken meanwhile brings the visitor back to the times, with why.
	if rec := f.post(detailsURL(start), adaForm(start), nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("first booking: %d", rec.Code)
	}
	other := adaForm(start)
	other.Set("contact.email", "grace@example.com")
	other.Set("idempotencyKey", "form-2")
	if rec := f.post(detailsURL(start), other, nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("second booking (the other person): %d", rec.Code)
	}
	third := adaForm(start)
	third.Set("contact.email", "alan@example.com")
	third.Set("idempotencyKey", "form-3")
	rec = f.post(detailsURL(start), third, nil)
	if rec.Code != http.StatusConflict || !strings.Contains(rec.Body.String(), "Booking unsuccessful, resource unavailable at the moment") {
		t.Errorf("a taken time: %d", rec.Code)
	}
}

func TestFormPostsAreCheckedLikeTheAPI(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	start := nextMonday10()
	tests := []struct {
		name   string
		target string
		body   string
		header map[string]string
		want   int
	}{
		{"from another site", detailsURL(start), adaForm(start).Encode(), map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{"not a form", detailsURL(start), `{"a":1}`, map[string]string{"Content-Type": "application/json"}, http.StatusUnsupportedMediaType},
		{"a NUL", detailsURL(start), "contact.firstName=A%00da", nil, http.StatusBadRequest},
		{"invalid UTF-8", detailsURL(start), "contact.firstName=%ff%fe", nil, http.StatusBadRequest},
		{"too big", detailsURL(start), "contact.notes=" + strings.Repeat("a", 70<<10), nil, http.StatusBadRequest},
		{"a page without a form", "/about", "a=b", nil, http.StatusMethodNotAllowed},
		{"an unknown page", "/widget/bookings/nope?time=" + url.QueryEscape(start), adaForm(start).Encode(), nil, http.StatusNotFound},
		{"a path no route matches", "/ABC", "a=b", nil, http.StatusMethodNotAllowed},
		{"a key outside its form", detailsURL(start), func() string { f := adaForm(start); f.Set("idempotencyKey", "a key"); return f.Encode() }(), nil, http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin"}
			for k, v := range tt.header {
				h[k] = v
			}
			before := f.countRows(t)
			if rec := f.send(http.MethodPost, tt.target, tt.body, h); rec.Code != tt.want {
				t.Errorf("%d, want %d", rec.Code, tt.want)
			}
			if changed := f.countRows(t).changedSince(before); len(changed) > 0 {
				t.Errorf("a refused post wrote to %v", changed)
			}
		})
	}
}

func TestTeamsGroupsAndOneTimeLinksHaveTheirPages(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	secret, err := f.bookings.NewOneTimeLink(context.Background(), "demo-consultation", 24*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		target string
		status int
		want   []string
	}{
		{"/widget/appointment/demo-team", 200, []string{"Massage team", "Any available", "Mia Weber", "Jonas Becker"}},
		{"/widget/appointment/no-team", 404, []string{"Unable to find calendar"}},
		{"/widget/groups/demo-group", 200, []string{"Everything we offer", `href="/widget/bookings/demo-yoga"`, `href="/widget/bookings/facial-treatment"`, "8 places per class"}},
		{"/widget/group/grp_studio", 200, []string{"Everything we offer"}},
		{"/de/widget/groups/demo-group", 200, []string{`href="/de/widget/bookings/demo-yoga"`}},
		{"/widget/group/nope", 404, []string{"Unable to find calendar"}},
		{"/widget/otl/" + secret, 200, []string{"Consultation", `content="noindex"`}},
		{"/widget/otl/otl_unknown", 410, []string{"This link has expired"}},
		{"/widget/otl", 404, []string{"This booking link is incomplete"}},
		{"/widget/bookings/demo-yoga", 200, []string{"8 places per class", "8 places left"}},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			rec := f.do(http.MethodGet, tt.target, nil)
			if rec.Code != tt.status {
				t.Fatalf("%d, want %d", rec.Code, tt.status)
			}
			for _, w := range tt.want {
				if !strings.Contains(rec.Body.String(), w) {
					t.Errorf("the page lacks %s", w)
				}
			}
		})
	}
	// The link books once; then it is the expired-link page.
	start := nextMonday10()
	form := adaForm(start)
	if rec := f.post("/widget/otl/"+secret+"?time="+url.QueryEscape(start), form, nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("booking through the link: %d %s", rec.Code, rec.Body)
	}
	rec := f.do(http.MethodGet, "/widget/otl/"+secret, nil)
	if rec.Code != http.StatusGone {
		t.Errorf("the used link: %d, want 410", rec.Code)
	}
	// The spent link's page is its calendar's business's, in its colour. A
	// link that never existed wears the colour of the business whose host
	// it was asked on; on another business's host the studio's link is one
	// that never existed there.
	var office int64
	if err := f.pool.QueryRow(context.Background(), `INSERT INTO locations (slug, name, brand_color, time_zone)
		VALUES ('head-office', 'Head office', '#b45309', 'Europe/Berlin') RETURNING id`).Scan(&office); err != nil {
		t.Fatal(err)
	}
	f.claimHost(t, "office.example.com", office)
	if rec := f.do(http.MethodGet, "/widget/otl/"+secret, nil); !strings.Contains(rec.Body.String(), "--brand:#0f766e}") {
		t.Errorf("the used link's page is not in its business's colour")
	}
	onOffice := map[string]string{"Host": "office.example.com"}
	if rec := f.do(http.MethodGet, "/widget/otl/otl_unknown", onOffice); !strings.Contains(rec.Body.String(), "--brand:#b45309}") {
		t.Errorf("an unknown link's page is not in its host's business's colour")
	}
	if rec := f.do(http.MethodGet, "/widget/otl/"+secret, onOffice); rec.Code != http.StatusGone || !strings.Contains(rec.Body.String(), "--brand:#b45309}") {
		t.Errorf("the studio's link on the office's host: %d, want the office's page of a link it never had", rec.Code)
	}
}

func TestTheBusinessDecidesWithoutJavaScript(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	bookByForm(t, f, "/widget/bookings/facial-treatment?", nextMonday10())
	if _, err := f.mails.DeliverDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	var mime string
	if err := f.pool.QueryRow(context.Background(), `SELECT convert_from(mime, 'UTF8') FROM outbox WHERE kind = 'staff.booked'`).Scan(&mime); err != nil {
		t.Fatal(err)
	}
	unfolded := strings.NewReplacer("=\r\n", "", "=3D", "=").Replace(mime)
	link := regexp.MustCompile(`https://book\.example\.com(/widget/booking/bk_[A-Za-z0-9_-]+\?decide=[A-Za-z0-9_-]+)`).FindStringSubmatch(unfolded)
	if link == nil {
		t.Fatalf("no decide link in the staff mail")
	}
	page := f.do(http.MethodGet, link[1], nil)
	if page.Code != 200 || !strings.Contains(page.Body.String(), "Confirm or decline this request") {
		t.Fatalf("decide page: %d", page.Code)
	}
	if rec := f.post(link[1], url.Values{"decision": {"maybe"}}, nil); rec.Code != http.StatusUnprocessableEntity {
		t.Errorf("a decision that is neither: %d, want 422", rec.Code)
	}
	rec := f.post(link[1], url.Values{"decision": {"confirm"}}, nil)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("confirm: %d %s", rec.Code, rec.Body)
	}
	page = f.do(http.MethodGet, rec.Header().Get("Location"), nil)
	if !strings.Contains(page.Body.String(), "This request is confirmed") {
		t.Errorf("after confirming, the page does not say so")
	}
	if rec := f.post(link[1], url.Values{"decision": {"decline"}}, nil); rec.Code != http.StatusConflict {
		t.Errorf("declining a confirmed booking: %d, want 409", rec.Code)
	}
}

func TestTheVisitorsZoneCookieRendersTheirTimes(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	tests := []struct{ cookie, want string }{
		{"slotwise_tz=America%2FNew_York", `"timeZone":"America/New_York"`},
		{"slotwise_tz=Mars%2FOlympus", `"timeZone":"Europe/Berlin"`},
		{"", `"timeZone":"Europe/Berlin"`},
	}
	for _, tt := range tests {
		rec := f.do(http.MethodGet, "/api/page-data?path=/widget/bookings/demo-consultation", map[string]string{"Cookie": tt.cookie})
		if !strings.Contains(rec.Body.String(), tt.want) {
			t.Errorf("cookie %q: want %s", tt.cookie, tt.want)
		}
	}
	// A zone in the URL wins over the cookie.
	rec := f.do(http.MethodGet, "/api/page-data?path="+url.QueryEscape("/widget/bookings/demo-consultation?tz=Asia/Tokyo"), map[string]string{"Cookie": "slotwise_tz=America%2FNew_York"})
	if !strings.Contains(rec.Body.String(), `"timeZone":"Asia/Tokyo"`) {
		t.Errorf("?tz= did not win over the cookie")
	}
}

func TestASeriesThroughTheAPIAndTheForm(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	start := nextMonday10()
	q := func(every, count string) string {
		return "/api/booking/series?" + url.Values{"calendar": {"demo-massage"}, "start": {start}, "tz": {"Europe/Berlin"}, "every": {every}, "count": {count}}.Encode()
	}
	tests := []struct {
		target string
		status int
		want   string
	}{
		{q("week", "3"), 200, `"free":true`},
		{q("day", "3"), 422, "validation.repeatInvalid"},
		{q("week", "99"), 422, "validation.repeatInvalid"},
		{q("week", "x"), 422, "validation.repeatInvalid"},
		{"/api/booking/series?calendar=demo-consultation&start=" + url.QueryEscape(start) + "&tz=Europe/Berlin&every=week&count=3", 422, "validation.repeatInvalid"},
	}
	for _, tt := range tests {
		rec := f.do(http.MethodGet, tt.target, nil)
		if rec.Code != tt.status || !strings.Contains(rec.Body.String(), tt.want) {
			t.Errorf("%s: %d %s", tt.target, rec.Code, rec.Body)
		}
	}
	form := adaForm(start)
	form.Del("locationChoice")
	form.Set("repeat.every", "2weeks")
	form.Set("repeat.count", "3")
	rec := f.post("/widget/bookings/demo-massage?time="+url.QueryEscape(start), form, nil)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("series by form: %d", rec.Code)
	}
	page := f.do(http.MethodGet, rec.Header().Get("Location"), nil)
	if n := strings.Count(page.Body.String(), `data-status="scheduled"`); n != 3 {
		t.Errorf("the booking's page shows %d bookings, want the 3 of the series", n)
	}
}

func TestAServiceMenuFromMenuToCartToBooking(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	tests := []struct {
		target string
		status int
		want   []string
	}{
		{"/widget/service-menus/demo-salon", 200, []string{"Salon menu", "Hair", "Hands and feet", "Haircut", "€39.00", `value="salon-haircut"`}},
		{"/widget/service-menu/menu_salon", 200, []string{"Salon menu"}},
		{"/widget/service-menus/demo-salon?cart=salon-haircut,salon-manicure", 200, []string{"2 selected services", "In all: 1 h 15 min", "€64.00", `value="salon-manicure"`, "step=time"}},
		{"/widget/service-menus/demo-salon/salon-colour", 200, []string{"1 selected service"}},
		{"/widget/service-menus/demo-salon?cart=salon-haircut,salon-manicure&step=time", 200, []string{"Haircut + Manicure", "1 h 15 min", "Back to the menu", `name="date"`}},
		{"/widget/service-menus/nope", 404, []string{"Cannot find calendar"}},
		{"/widget/service-menus/demo-salon?cart=demo-consultation", 200, []string{"Add services to book them"}},
	}
	for _, tt := range tests {
		rec := f.do(http.MethodGet, tt.target, nil)
		if rec.Code != tt.status {
			t.Errorf("%s: %d, want %d", tt.target, rec.Code, tt.status)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(rec.Body.String(), w) {
				t.Errorf("%s lacks %s", tt.target, w)
			}
		}
	}
	// The cart's details form books both, back to back, on one page.
	start := nextMonday10()
	form := adaForm(start)
	form.Del("locationChoice")
	rec := f.post("/widget/service-menus/demo-salon?cart=salon-haircut,salon-manicure&step=time&time="+url.QueryEscape(start), form, nil)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("cart by form: %d %s", rec.Code, rec.Body)
	}
	page := f.do(http.MethodGet, rec.Header().Get("Location"), nil)
	body := page.Body.String()
	if strings.Count(body, `data-status="scheduled"`) != 1 || !strings.Contains(body, "Haircut") || !strings.Contains(body, "Manicure") {
		t.Errorf("the visit's page is not one outcome with both services")
	}
	// And through the API.
	api := f.send(http.MethodPost, "/api/bookings/cart", fmt.Sprintf(`{"menu":"menu_salon","items":["salon-pedicure","salon-manicure"],"start":%q,"tz":"Europe/Berlin",`+
		`"contact":{"firstName":"Ada","lastName":"Lovelace","email":"ada.cart@example.com"}}`, nextMonday10()[:11]+"14:00:00+01:00"), nil)
	if api.Code != http.StatusCreated {
		t.Errorf("cart by API: %d %s", api.Code, api.Body)
	}
}

func TestEachGuestOfAVisitChoosesTheirOwnServices(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	rec := f.do(http.MethodGet, "/widget/service-menus/demo-salon?cart=salon-haircut~&step=time", nil)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "Please ensure you select services for all guests before proceeding") {
		t.Errorf("a guest without services: %d, want the menu saying so", rec.Code)
	}
	target := "/widget/service-menus/demo-salon?cart=salon-haircut~salon-manicure&step=time"
	rec = f.do(http.MethodGet, target, nil)
	if body := rec.Body.String(); rec.Code != 200 || !strings.Contains(body, "Guest 1") || !strings.Contains(body, "Manicure") {
		t.Fatalf("the visit's booker: %d", rec.Code)
	}
	start := nextMonday10()
	form := adaForm(start)
	form.Del("locationChoice")
	form.Set("guests.0.name", "Grace Hopper")
	form.Set("guests.0.email", "grace@example.com")
	rec = f.post(target+"&time="+url.QueryEscape(start), form, nil)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("visit by form: %d %s", rec.Code, rec.Body)
	}
	page := f.do(http.MethodGet, rec.Header().Get("Location"), nil).Body.String()
	if strings.Count(page, `data-status="scheduled"`) != 1 || !strings.Contains(page, "for Grace Hopper") {
		t.Errorf("the visit's page does not show the guest's service for the guest")
	}
	// Without the guest's name the form comes back asking for it.
	form.Del("guests.0.name")
	form.Set("idempotencyKey", "form-9")
	if rec := f.post(target+"&time="+url.QueryEscape(start), form, nil); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "Name is required") {
		t.Errorf("a nameless guest: %d", rec.Code)
	}
}
