package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/limits"
	"slotwise/backend/internal/web"
)

// A booker who lost their link asks for their links by e-mail: the answer
// is the same for every address; an address with upcoming bookings gets a
// mail whose links open each of them, one without gets nothing.
func TestSendMeMyBookingLinksMailsTheLinksOfUpcomingBookingsOnly(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	ctx := context.Background()
	rec := f.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), nil), nil)
	booked := decodeJSON[bookingJSON](t, rec)
	if rec.Code != 201 {
		t.Fatalf("booking: %d %s", rec.Code, rec.Body)
	}
	if _, err := f.mails.DeliverDue(ctx); err != nil { // the confirmation
		t.Fatal(err)
	}
	ask := func(email string) (int, string) {
		rec := f.send(http.MethodPost, "/api/booking-links", `{"email":"`+email+`","locale":"de"}`, nil)
		return rec.Code, rec.Body.String()
	}
	knownCode, known := ask("ADA@example.com")
	unknownCode, unknown := ask("nobody@example.com")
	if knownCode != 202 || unknownCode != 202 || known != unknown || !strings.Contains(known, "Danke.") {
		t.Fatalf("answers differ or are not 202:\n%d %s\n%d %s", knownCode, known, unknownCode, unknown)
	}
	if _, err := f.mails.DeliverDue(ctx); err != nil {
		t.Fatal(err)
	}
	var to []string
	var raw []byte
	rows, err := f.pool.Query(ctx, `SELECT recipient, mime FROM outbox WHERE kind = 'booking.links' ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var r string
		if err := rows.Scan(&r, &raw); err != nil {
			t.Fatal(err)
		}
		to = append(to, r)
	}
	if len(to) != 1 || to[0] != "ada@example.com" {
		t.Fatalf("links mails went to %v, want the booker's address only", to)
	}
	text := readableMail(t, raw)
	if !strings.Contains(text, "Ihre kommende Buchung") || !strings.Contains(text, "Beratung") {
		t.Errorf("the mail does not tell of the booking in German:\n%s", text)
	}
	link := regexp.MustCompile(`https://book\.example\.com(/de/widget/booking/[^\s"<>]+)`).FindStringSubmatch(text)
	if link == nil {
		t.Fatalf("no manage link in:\n%s", text)
	}
	u, _ := url.Parse(strings.ReplaceAll(link[1], "&amp;", "&"))
	token := u.Query().Get("token")
	if got := f.do(http.MethodGet, "/api/bookings/"+booked.ID+"?token="+url.QueryEscape(token), nil); got.Code != 200 {
		t.Errorf("the mailed link does not open the booking: %d %s", got.Code, got.Body)
	}
}

// A cancelled or past booking is not mailed, and an address that is not
// one is refused field by field.
func TestSendMeMyBookingLinksSkipsWhatCannotBeManagedAndRefusesAMalformedAddress(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	ctx := context.Background()
	booked := decodeJSON[bookingJSON](t, f.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), nil), nil))
	if rec := f.send(http.MethodPost, "/api/bookings/"+booked.ID+"/cancel", `{"token":"`+tokenOf(t, booked.ManageURL)+`"}`, nil); rec.Code != 200 {
		t.Fatalf("cancel: %d %s", rec.Code, rec.Body)
	}
	if rec := f.send(http.MethodPost, "/api/booking-links", `{"email":"ada@example.com"}`, nil); rec.Code != 202 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	if _, err := f.mails.DeliverDue(ctx); err != nil {
		t.Fatal(err)
	}
	var n int
	_ = f.pool.QueryRow(ctx, `SELECT count(*) FROM outbox WHERE kind = 'booking.links'`).Scan(&n)
	if n != 0 {
		t.Errorf("%d links mails for an address whose only booking is cancelled", n)
	}
	for _, body := range []string{`{"email":"not an address"}`, `{"email":"a@b\u0000.com"}`, `{"email":""}`} {
		rec := f.send(http.MethodPost, "/api/booking-links", body, nil)
		if rec.Code != 422 || !strings.Contains(rec.Body.String(), `"email"`) {
			t.Errorf("%s: %d %s", body, rec.Code, rec.Body)
		}
	}
	if rec := f.send(http.MethodPost, "/api/booking-links", `{"email":"ada@example.com","extra":1}`, nil); rec.Code != 400 {
		t.Errorf("an unknown field: %d", rec.Code)
	}
}

// Each client and each address asks a few times an hour; past that, 429
// for every address alike.
func TestSendMeMyBookingLinksIsLimitedPerClientAndPerAddress(t *testing.T) {
	f := newFixture(t, sharedRenderer(t), withLimits(map[string]limits.Rule{
		web.BucketLinksPerIP: {Max: 3, Window: time.Hour}, web.BucketLinksPerEmail: {Max: 2, Window: time.Hour},
	}))
	ask := func(email string) int {
		return f.send(http.MethodPost, "/api/booking-links", `{"email":"`+email+`"}`, nil).Code
	}
	got := []int{ask("a@example.com"), ask("A@example.com"), ask("a@example.com"), ask("b@example.com")}
	if want := []int{202, 202, 429, 429}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("answers %v, want %v", got, want)
	}
}

// A booking's link that leads nowhere is the business's page that offers
// the links; without JavaScript its form posts to the page, which comes
// back saying the links are on their way. Another widget's missing page
// is in the business's frame too, without the offer.
func TestABookingsLinkThatLeadsNowhereOffersTheLinksWithoutJavaScript(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	page := f.do(http.MethodGet, "/widget/booking/bk_nosuchbooking00000000", nil)
	body := page.Body.String()
	if page.Code != 404 || !strings.Contains(body, "We could not find this booking") || !strings.Contains(body, `name="booking-links"`) ||
		!strings.Contains(body, "Slotwise Demo Studio") || !strings.Contains(body, `href="tel:+49301234567"`) && !strings.Contains(body, "See what you can book") {
		t.Fatalf("%d %s", page.Code, body)
	}
	form := url.Values{"booking-links": {"ada@example.com"}}.Encode()
	rec := f.send(http.MethodPost, "/widget/booking/bk_nosuchbooking00000000", form, map[string]string{"Content-Type": "application/x-www-form-urlencoded"})
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/widget/booking/bk_nosuchbooking00000000?links=sent" {
		t.Fatalf("%d %q", rec.Code, rec.Header().Get("Location"))
	}
	if after := f.do(http.MethodGet, rec.Header().Get("Location"), nil).Body.String(); !strings.Contains(after, "their links are on their way") {
		t.Errorf("the page does not say the links are on their way")
	}
	bad := f.send(http.MethodPost, "/de/widget/booking/bk_nosuchbooking00000000", "booking-links=nope", map[string]string{"Content-Type": "application/x-www-form-urlencoded"})
	if bad.Header().Get("Location") != "/de/widget/booking/bk_nosuchbooking00000000?links=invalid" {
		t.Errorf("a malformed address: %d %q", bad.Code, bad.Header().Get("Location"))
	}
	other := f.do(http.MethodGet, "/widget/form/no-such-form", nil).Body.String()
	if !strings.Contains(other, "We could not find this page") || strings.Contains(other, `name="booking-links"`) || !strings.Contains(other, "See what you can book") {
		t.Errorf("a missing form's page: %s", other)
	}
}
