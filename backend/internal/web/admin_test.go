package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
	"github.com/gin-gonic/gin"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"slotwise/backend/internal/admin"
	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/calsync"
	"slotwise/backend/internal/content"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/formkey"
	"slotwise/backend/internal/forms"
	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/people"
	"slotwise/backend/internal/seal"
	"slotwise/backend/internal/web"
	"slotwise/backend/internal/webhooks"
)

// adminFixture is the server with the admin API, the webhooks' consumer
// and sender to run by hand, and the API's document to check every call
// against.
type adminFixture struct {
	*fixture
	t         *testing.T
	hooks     *webhooks.Store
	calendars *calsync.Service
	fanout    *events.Dispatcher
	sender    *webhooks.Sender
	doc       *openapi3.T
	router    routers.Router
	write     string // a token of scope write
	read      string // a token of scope read
}

func newAdminFixture(t *testing.T, opts ...option) *adminFixture {
	t.Helper()
	return newAdminFixtureOn(t, demoPool(t), "http://127.0.0.1:9", opts...)
}

// newAdminFixtureOn is newAdminFixture on a pool of the test's own holding
// the demo, with businesses' Stripe accounts reached at stripeAPI (a closed
// port unless a test connects one: stripetest's double).
func newAdminFixtureOn(t *testing.T, pool *db.Pool, stripeAPI string, opts ...option) *adminFixture {
	t.Helper()
	af := &adminFixture{t: t}
	var bookings *booking.Service
	var formsSvc *forms.Service
	af.fixture = newFixtureOn(t, sharedRenderer(t), pool, append(opts, func(d *web.Deps, w wiring) {
		pool := w.pool
		bookings = w.bookings(d.Logger, booking.Options{}) // the admin API runs on the fixture's clock, as the booker's side does
		keys, err := formkey.Load(context.Background(), pool)
		if err != nil {
			t.Fatal(err)
		}
		formsSvc = forms.NewService(pool, keys, nil, d.Logger, w.now)
		af.hooks = webhooks.NewStore(pool, true)
		// Stripe is the one provider set up (never asked here; its own booking
		// service, so the fixture's bookings are not held for payments).
		calKeys, err := seal.LoadKeyring(context.Background(), pool, nil)
		if err != nil {
			t.Fatal(err)
		}
		pay := payments.NewService(pool, booking.NewService(pool, d.Logger, booking.Options{}), "https://book.example.com", d.Logger,
			payments.NewStripe(payments.StripeConfig{SecretKey: "sk_test_admin", APIURL: "http://127.0.0.1:9"})).
			WithAccounts(calKeys, payments.APIs{Stripe: stripeAPI})
		af.calendars = calsync.NewService(pool, calsync.Options{Keys: calKeys, AllowPrivate: true, Log: d.Logger})
		d.Features = append(d.Features, web.Admin(web.AdminDeps{Pool: pool, Bookings: bookings, Forms: formsSvc, Webhooks: af.hooks,
			Content: content.NewService(pool, nil, nil, w.cache.SeeOwnChanges), Payments: pay, Calendars: af.calendars,
			People: people.NewService(pool, w.now), Shop: w.dashboard.Shop})) // a shop when withShop came first
		af.fanout = &events.Dispatcher{Pool: pool, Logger: d.Logger, Consumers: []events.Consumer{
			&webhooks.Fanout{Store: af.hooks, Bookings: bookings, Forms: formsSvc, Orders: w.dashboard.Shop}}}
		if err := af.fanout.Subscribe(context.Background()); err != nil {
			t.Fatal(err)
		}
		af.sender = &webhooks.Sender{Pool: pool, Client: webhooks.NewClient(true), Logger: d.Logger}
	})...)
	var err error
	if af.doc, err = web.AdminOpenAPI(); err != nil {
		t.Fatal(err)
	}
	if af.router, err = legacy.NewRouter(af.doc); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, af.write, err = admin.CreateToken(ctx, af.pool, "test-write", admin.ScopeWrite); err != nil {
		t.Fatal(err)
	}
	if _, af.read, err = admin.CreateToken(ctx, af.pool, "test-read", admin.ScopeRead); err != nil {
		t.Fatal(err)
	}
	return af
}

// call sends a request to the admin API with token and checks the request
// (when the test expects success) and always the answer against the
// API's document.
func (af *adminFixture) call(method, target, token, body string, header map[string]string) *httptest.ResponseRecorder {
	t := af.t
	t.Helper()
	var reader io.Reader
	if body != "" {
		reader = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, target, reader)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for k, v := range header {
		req.Header.Set(k, v)
		if k == "Host" {
			req.Host = v
		}
	}
	rec := httptest.NewRecorder()
	af.handler.ServeHTTP(rec, req)

	check := httptest.NewRequest(method, target, strings.NewReader(body))
	check.Header = req.Header.Clone()
	route, params, err := af.router.FindRoute(check)
	if err != nil {
		t.Fatalf("%s %s is not in the API's document: %v", method, target, err)
	}
	opts := &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, IncludeResponseStatus: true}
	in := &openapi3filter.RequestValidationInput{Request: check, PathParams: params, Route: route, Options: opts}
	if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil && rec.Code < 400 {
		t.Errorf("%s %s: the request does not match the document: %v", method, target, err)
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: rec.Code, Header: rec.Header(), Options: opts}
	out.SetBodyBytes(rec.Body.Bytes())
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		t.Errorf("%s %s answered %d, which the document does not describe: %v\n%s", method, target, rec.Code, err, rec.Body)
	}
	return rec
}

// book makes a booking through the public API and returns its id.
func (af *adminFixture) book(calendar, start, email string) string {
	af.t.Helper()
	rec := af.send(http.MethodPost, "/api/bookings", bookingBody(start, func(b map[string]any) {
		b["calendar"] = calendar
		b["contact"].(map[string]any)["email"] = email
	}), nil)
	if rec.Code != http.StatusCreated {
		af.t.Fatalf("book %s at %s: %d %s", calendar, start, rec.Code, rec.Body)
	}
	return decodeJSON[bookingJSON](af.t, rec).ID
}

type bookingPage struct {
	Data       []map[string]any `json:"data"`
	NextCursor *string          `json:"nextCursor"`
}

func TestAdminAPIAdmitsOnlyLiveTokensOfTheRightScope(t *testing.T) {
	af := newAdminFixture(t)
	tests := []struct {
		name, method, target, token string
		header                      map[string]string
		want                        int
		wantCode                    string
	}{
		{"no token", http.MethodGet, "/api/admin/bookings", "", nil, 401, "unauthorized"},
		{"a wrong token", http.MethodGet, "/api/admin/bookings", "swa_WRONGWRONGWRONGWRONGWRONG", nil, 401, "unauthorized"},
		{"basic auth", http.MethodGet, "/api/admin/bookings", "", map[string]string{"Authorization": "Basic YTpi"}, 401, "unauthorized"},
		{"read token reads", http.MethodGet, "/api/admin/bookings", af.read, nil, 200, ""},
		{"read token cannot change", http.MethodPost, "/api/admin/bookings/bk_x/cancel", af.read, nil, 403, "insufficient_scope"},
		{"write token changes", http.MethodPost, "/api/admin/bookings/bk_nope/cancel", af.write, nil, 404, "not_found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := af.call(tt.method, tt.target, tt.token, "", tt.header)
			if rec.Code != tt.want {
				t.Fatalf("%d %s, want %d", rec.Code, rec.Body, tt.want)
			}
			if tt.wantCode != "" && decodeJSON[apiErr](t, rec).Error.Code != tt.wantCode {
				t.Errorf("code %s", rec.Body)
			}
			if rec.Code == 401 && !strings.HasPrefix(rec.Header().Get("WWW-Authenticate"), "Bearer") {
				t.Errorf("401 without WWW-Authenticate: %v", rec.Header())
			}
		})
	}
	if _, err := admin.RevokeToken(context.Background(), af.pool, "test-read", false); err != nil {
		t.Fatal(err)
	}
	if rec := af.call(http.MethodGet, "/api/admin/bookings", af.read, "", nil); rec.Code != 401 {
		t.Errorf("a revoked token: %d", rec.Code)
	}
}

func TestAdminListsBookingsByFilterAndCursor(t *testing.T) {
	af := newAdminFixture(t)
	first, _ := time.Parse(time.RFC3339, nextMonday10())
	var ids []string
	for i := range 5 {
		ids = append(ids, af.book("demo-consultation", first.Add(time.Duration(i)*time.Hour).Format(time.RFC3339), "ada@example.com"))
	}
	other := af.book("demo-yoga", first.Add(24*time.Hour).Format(time.RFC3339), "grace@example.com")

	var walked []string
	cursor := ""
	for pages := 0; pages < 10; pages++ {
		target := "/api/admin/bookings?calendar=demo-consultation&limit=2"
		if cursor != "" {
			target += "&cursor=" + cursor
		}
		rec := af.call(http.MethodGet, target, af.read, "", nil)
		if rec.Code != 200 {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		page := decodeJSON[bookingPage](t, rec)
		for _, b := range page.Data {
			walked = append(walked, b["id"].(string))
		}
		if page.NextCursor == nil {
			break
		}
		cursor = *page.NextCursor
	}
	if !slices.Equal(walked, ids) {
		t.Errorf("pages walked %v, want %v in start order", walked, ids)
	}
	tests := []struct {
		query string
		want  []string
	}{
		{"staff=nobody", nil},
		{"calendar=demo-yoga", []string{other}},
		{"email=GRACE@example.com", []string{other}},
		{"status=scheduled,requested&from=" + first.Add(150*time.Minute).Format(time.RFC3339), append(slices.Clone(ids[3:]), other)},
		{"to=" + first.Add(time.Hour).Format(time.RFC3339), ids[:1]},
		{"status=cancelled", nil},
	}
	for _, tt := range tests {
		rec := af.call(http.MethodGet, "/api/admin/bookings?"+strings.ReplaceAll(tt.query, "+", "%2B"), af.read, "", nil)
		var got []string
		for _, b := range decodeJSON[bookingPage](t, rec).Data {
			got = append(got, b["id"].(string))
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.query, got, tt.want)
		}
	}
	for _, bad := range []string{"limit=0", "limit=101", "limit=x", "from=yesterday", "status=lost", "cursor=%00%01", "cursor=bm9wZQ", "staff=nobody&cursor=bm9wZQ"} {
		rec := af.call(http.MethodGet, "/api/admin/bookings?"+bad, af.read, "", nil)
		if rec.Code != http.StatusBadRequest {
			t.Errorf("%s: %d %s", bad, rec.Code, rec.Body)
		}
	}
	rec := af.call(http.MethodGet, "/api/admin/bookings/"+other, af.read, "", nil)
	if b := decodeJSON[map[string]any](t, rec); rec.Code != 200 || b["calendar"] != "demo-yoga" || b["customer"].(map[string]any)["email"] != "grace@example.com" {
		t.Errorf("one booking: %d %s", rec.Code, rec.Body)
	}
}

func TestAdminConfirmsDeclinesAndCancels(t *testing.T) {
	af := newAdminFixture(t)
	start, _ := time.Parse(time.RFC3339, nextMonday10())
	requested := af.book("facial-treatment", start.Format(time.RFC3339), "ada@example.com")
	declined := af.book("facial-treatment", start.Add(2*time.Hour).Format(time.RFC3339), "ada@example.com")
	plain := af.book("demo-consultation", start.Add(4*time.Hour).Format(time.RFC3339), "ada@example.com")

	steps := []struct {
		name, target, body string
		header             map[string]string
		want               int
		wantStatus         string
		wantCode           string
	}{
		{"confirm a request", "/api/admin/bookings/" + requested + "/confirm", "", nil, 200, "scheduled", ""},
		{"confirm it again", "/api/admin/bookings/" + requested + "/confirm", "", nil, 409, "", "not_requested"},
		{"decline with a reason", "/api/admin/bookings/" + declined + "/decline", `{"reason":"We are closed that day."}`, nil, 200, "cancelled", ""},
		{"decline a booking that was not requested", "/api/admin/bookings/" + plain + "/decline", "", nil, 409, "", "not_requested"},
		{"an unknown field", "/api/admin/bookings/" + plain + "/cancel", `{"reason":"x","notify":false}`, nil, 400, "", "bad_request"},
		{"a reason that is not text", "/api/admin/bookings/" + plain + "/cancel", `{"reason":"a\u0000b"}`, nil, 422, "", "invalid"},
		{"cancel", "/api/admin/bookings/" + plain + "/cancel", `{"reason":"Illness"}`, map[string]string{"Idempotency-Key": "c-1"}, 200, "cancelled", ""},
		{"the same cancel again", "/api/admin/bookings/" + plain + "/cancel", `{"reason":"Illness"}`, map[string]string{"Idempotency-Key": "c-1"}, 200, "cancelled", ""},
		{"cancel again without the key", "/api/admin/bookings/" + plain + "/cancel", "", nil, 410, "", "expired"},
		{"refund what was never paid", "/api/admin/bookings/" + plain + "/refund", "", nil, 409, "", "nothing_to_refund"},
		{"refund a part of what was never paid", "/api/admin/bookings/" + plain + "/refund", `{"amount":1000}`, nil, 409, "", "nothing_to_refund"},
		{"refund a negative amount", "/api/admin/bookings/" + plain + "/refund", `{"amount":-5}`, nil, 422, "", "invalid"},
		{"refund nothing", "/api/admin/bookings/" + plain + "/refund", `{"amount":0}`, nil, 422, "", "invalid"},
		{"refund an amount that is not a number", "/api/admin/bookings/" + plain + "/refund", `{"amount":"all"}`, nil, 400, "", "bad_request"},
		{"a booking that does not exist", "/api/admin/bookings/bk_missing/confirm", "", nil, 404, "", "not_found"},
	}
	for _, s := range steps {
		rec := af.call(http.MethodPost, s.target, af.write, s.body, s.header)
		if rec.Code != s.want {
			t.Fatalf("%s: %d %s", s.name, rec.Code, rec.Body)
		}
		if s.wantStatus != "" && decodeJSON[map[string]any](t, rec)["status"] != s.wantStatus {
			t.Errorf("%s: %s", s.name, rec.Body)
		}
		if s.wantCode != "" && decodeJSON[apiErr](t, rec).Error.Code != s.wantCode {
			t.Errorf("%s: %s", s.name, rec.Body)
		}
	}
	b := decodeJSON[map[string]any](t, af.call(http.MethodGet, "/api/admin/bookings/"+plain, af.read, "", nil))
	if b["cancelledBy"] != "business" || b["cancellationReason"] != "Illness" {
		t.Errorf("the cancelled booking: %v", b)
	}
	var mails int
	if err := af.pool.QueryRow(context.Background(), `SELECT count(*) FROM events WHERE type = 'booking.cancelled' AND payload->>'bookingId' = $1`, plain).Scan(&mails); err != nil || mails != 1 {
		t.Errorf("%d cancellation events for one cancellation repeated (%v)", mails, err)
	}
	// The changes are the token's: its name is their actor.
	var actors []string
	rows, err := af.pool.Query(context.Background(), `SELECT actor FROM booking_history WHERE booking_id = ANY($1) AND type <> 'booking.booked' ORDER BY id`, []string{requested, plain})
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			t.Fatal(err)
		}
		actors = append(actors, a)
	}
	if len(actors) != 2 || actors[0] != "token:test-write" || actors[1] != "token:test-write" {
		t.Errorf("the admin API's changes were made by %v, want the token twice", actors)
	}
}

// The admin API's errors carry a code and a plain English message; one
// the booker's API answers too from the booking's messages carries its
// messageId as well (and fields their ids). A booking that can no longer
// change is 410 expired on both APIs, told to a business in its own
// terms: not "Reschedule or cancellation…" to one confirming a request.
func TestAdminErrorsCarryWhatTheirDocsSay(t *testing.T) {
	af := newAdminFixture(t)
	start, _ := time.Parse(time.RFC3339, nextMonday10())
	declined := af.book("facial-treatment", start.Format(time.RFC3339), "ada@example.com")
	if rec := af.call(http.MethodPost, "/api/admin/bookings/"+declined+"/decline", af.write, "", nil); rec.Code != 200 {
		t.Fatalf("decline: %d %s", rec.Code, rec.Body)
	}
	created := decodeJSON[bookingJSON](t, af.send(http.MethodPost, "/api/bookings", bookingBody(start.Add(2*time.Hour).Format(time.RFC3339), nil), nil))
	token := tokenOf(t, created.ManageURL)
	if rec := af.call(http.MethodPost, "/api/admin/bookings/"+created.ID+"/cancel", af.write, "", nil); rec.Code != 200 {
		t.Fatalf("cancel: %d %s", rec.Code, rec.Body)
	}
	const plainExpired = "The booking is cancelled or has started, so it can no longer change"
	tests := []struct {
		name, target, token, body string
		status                    int
		code, message, messageID  string
		fieldID                   string // of the field "reason"
	}{
		{"confirm a declined request", "/api/admin/bookings/" + declined + "/confirm", af.write, "", 410, "expired", plainExpired, "", ""},
		{"decline it again", "/api/admin/bookings/" + declined + "/decline", af.write, "", 410, "expired", plainExpired, "", ""},
		{"cancel a cancelled booking", "/api/admin/bookings/" + created.ID + "/cancel", af.write, "", 410, "expired", plainExpired, "", ""},
		{"the booker cancels it too", "/api/bookings/" + created.ID + "/cancel", "", fmt.Sprintf(`{"token":%q}`, token), 410, "expired",
			"Reschedule or cancellation is no longer possible for this booking", "booking.error.linkExpired", ""},
		{"a booking that does not exist", "/api/admin/bookings/bk_missing/confirm", af.write, "", 404, "not_found", "There is no booking with this id", "", ""},
		{"a reason that is not text", "/api/admin/bookings/" + declined + "/cancel", af.write, `{"reason":"a\u0000b"}`, 422, "invalid", "", "booking.error.invalid", "validation.invalidText"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var rec *httptest.ResponseRecorder
			if tt.token == "" {
				rec = af.send(http.MethodPost, tt.target, tt.body, nil) // the booker's API
			} else {
				rec = af.call(http.MethodPost, tt.target, tt.token, tt.body, nil)
			}
			e := decodeJSON[apiErr](t, rec).Error
			if rec.Code != tt.status || e.Code != tt.code || e.MessageID != tt.messageID || tt.message != "" && e.Message != tt.message || e.Message == "" {
				t.Errorf("%d %s, want %d %s %q (messageId %q)", rec.Code, rec.Body, tt.status, tt.code, tt.message, tt.messageID)
			}
			if tt.fieldID != "" && e.Fields["reason"].ID != tt.fieldID {
				t.Errorf("the field's id: %s, want %s", rec.Body, tt.fieldID)
			}
		})
	}
}

// receiver is a webhook endpoint that checks each delivery's signature
// with the Standard Webhooks reference library.
type receiver struct {
	mu       sync.Mutex
	secret   string
	messages []webhooks.Message
	raw      []map[string]any
	failures []string
	status   int
}

func (r *receiver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	defer r.mu.Unlock()
	wh, err := standardwebhooks.NewWebhook(r.secret)
	if err == nil {
		err = wh.Verify(body, req.Header)
	}
	if err != nil {
		r.failures = append(r.failures, err.Error())
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	var m webhooks.Message
	var raw map[string]any
	_ = json.Unmarshal(body, &m)
	_ = json.Unmarshal(body, &raw)
	r.messages, r.raw = append(r.messages, m), append(r.raw, raw)
	if r.status != 0 {
		w.WriteHeader(r.status)
	}
}

func (r *receiver) types() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, m := range r.messages {
		out = append(out, m.Type)
	}
	return out
}

// deliver runs the webhooks' consumer and sender once each.
func (af *adminFixture) deliver() {
	af.t.Helper()
	if _, err := af.fanout.DeliverDue(context.Background()); err != nil {
		af.t.Fatal(err)
	}
	if _, err := af.sender.SendDue(context.Background()); err != nil {
		af.t.Fatal(err)
	}
}

func TestWebhooksTellAnEndpointWhatHappenedSigned(t *testing.T) {
	af := newAdminFixture(t)
	rcv := &receiver{}
	srv := httptest.NewServer(rcv)
	defer srv.Close()

	rec := af.call(http.MethodPost, "/api/admin/webhooks", af.write,
		`{"url":"`+srv.URL+`/hooks","events":["booking.created","booking.cancelled","booking.requested"],"description":"CRM"}`, nil)
	if rec.Code != http.StatusCreated {
		t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	created := decodeJSON[map[string]any](t, rec)
	rcv.secret = created["secret"].(string)
	endpoint := created["id"].(string)
	if !strings.HasPrefix(rcv.secret, "whsec_") || rec.Header().Get("Location") != "/api/admin/webhooks/"+endpoint {
		t.Fatalf("created %v, Location %q", created, rec.Header().Get("Location"))
	}
	if rec := af.call(http.MethodPost, "/api/admin/webhooks", af.write, `{"url":"ftp://x","events":["booking.moved"]}`, nil); rec.Code != 422 ||
		len(decodeJSON[apiErr](t, rec).Error.Fields) != 2 {
		t.Errorf("an invalid endpoint: %d %s", rec.Code, rec.Body)
	}

	start, _ := time.Parse(time.RFC3339, nextMonday10())
	id := af.book("demo-consultation", start.Format(time.RFC3339), "ada@example.com")
	requested := af.book("facial-treatment", start.Add(2*time.Hour).Format(time.RFC3339), "ada@example.com")
	af.deliver()
	af.deliver() // a second round sends nothing twice
	// Deliveries go out in parallel: in any order.
	if got := slices.Sorted(slices.Values(rcv.types())); !slices.Equal(got, []string{"booking.created", "booking.created", "booking.requested"}) {
		t.Fatalf("messages %v (signature failures %v)", got, rcv.failures)
	}
	for _, m := range rcv.raw {
		data := m["data"].(map[string]any)
		switch {
		case data["id"] == id && m["type"] == "booking.created":
			if data["status"] != "scheduled" || data["customer"].(map[string]any)["email"] != "ada@example.com" || data["calendar"] != "demo-consultation" {
				t.Errorf("booking.created carries %v", data)
			}
		case data["id"] == requested:
			if data["status"] != "requested" {
				t.Errorf("%s carries %v", m["type"], data)
			}
		default:
			t.Errorf("a message about nothing booked here: %v", m)
		}
	}

	af.call(http.MethodPost, "/api/admin/bookings/"+id+"/cancel", af.write, `{"reason":"Closed"}`, nil)
	af.call(http.MethodPost, "/api/admin/bookings/"+requested+"/confirm", af.write, "", nil) // not subscribed
	af.deliver()
	if got := rcv.types(); len(got) != 4 || got[3] != "booking.cancelled" || len(rcv.failures) > 0 {
		t.Fatalf("after the cancel: %v (signature failures %v)", got, rcv.failures)
	}

	rec = af.call(http.MethodGet, "/api/admin/webhooks/"+endpoint+"/deliveries?limit=2", af.read, "", nil)
	page := decodeJSON[struct {
		Data       []webhooks.Delivery
		NextCursor *string
	}](t, rec)
	if len(page.Data) != 2 || page.NextCursor == nil || page.Data[0].EventType != "booking.cancelled" ||
		page.Data[0].Status != "succeeded" || len(page.Data[0].History) != 1 || *page.Data[0].History[0].StatusCode != 200 {
		t.Fatalf("deliveries: %s", rec.Body)
	}
	rec = af.call(http.MethodGet, "/api/admin/webhooks/"+endpoint+"/deliveries?limit=2&cursor="+*page.NextCursor, af.read, "", nil)
	if rest := decodeJSON[bookingPage](t, rec); len(rest.Data) != 2 || rest.NextCursor != nil {
		t.Errorf("the second page: %s", rec.Body)
	}
	delivery := page.Data[0].ID
	rec = af.call(http.MethodPost, "/api/admin/webhooks/"+endpoint+"/deliveries/"+delivery+"/replay", af.write, "", nil)
	if rec.Code != http.StatusAccepted {
		t.Fatalf("replay: %d %s", rec.Code, rec.Body)
	}
	af.deliver()
	if got := rcv.types(); len(got) != 5 || got[4] != "booking.cancelled" {
		t.Errorf("after the replay: %v", got)
	}

	// The endpoint answers 410: it is disabled and hears nothing more.
	rcv.status = http.StatusGone
	af.book("demo-consultation", start.Add(5*time.Hour).Format(time.RFC3339), "ada@example.com")
	af.deliver()
	ep := decodeJSON[webhooks.Endpoint](t, af.call(http.MethodGet, "/api/admin/webhooks/"+endpoint, af.read, "", nil))
	if ep.Enabled || !strings.Contains(ep.DisabledReason, "410") {
		t.Errorf("after a 410: %+v", ep)
	}
	rec = af.call(http.MethodPatch, "/api/admin/webhooks/"+endpoint, af.write, `{"enabled":true,"events":["form.submitted"]}`, nil)
	if ep := decodeJSON[webhooks.Endpoint](t, rec); rec.Code != 200 || !ep.Enabled || ep.DisabledReason != "" || !slices.Equal(ep.Events, []string{"form.submitted"}) {
		t.Errorf("enable again: %d %s", rec.Code, rec.Body)
	}
	rec = af.call(http.MethodPost, "/api/admin/webhooks/"+endpoint+"/rotate-secret", af.write, "", nil)
	if s := decodeJSON[map[string]string](t, rec)["secret"]; rec.Code != 200 || s == rcv.secret || !strings.HasPrefix(s, "whsec_") {
		t.Errorf("rotate: %d %s", rec.Code, rec.Body)
	}
	if rec := af.call(http.MethodGet, "/api/admin/webhooks", af.read, "", nil); len(decodeJSON[bookingPage](t, rec).Data) != 1 {
		t.Errorf("list: %s", rec.Body)
	}
	if rec := af.call(http.MethodDelete, "/api/admin/webhooks/"+endpoint, af.write, "", nil); rec.Code != http.StatusNoContent {
		t.Errorf("delete: %d %s", rec.Code, rec.Body)
	}
	if rec := af.call(http.MethodGet, "/api/admin/webhooks/"+endpoint+"/deliveries", af.read, "", nil); rec.Code != 404 {
		t.Errorf("deliveries of a deleted endpoint: %d", rec.Code)
	}
}

func TestAdminDocumentDescribesEveryRouteAndNoOther(t *testing.T) {
	af := newAdminFixture(t, withShop(t, &shopParts{})) // every feature the API has
	rec := af.do(http.MethodGet, "/api/admin/openapi.json", nil)
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("openapi.json: %d %v", rec.Code, rec.Header())
	}
	if _, err := openapi3.NewLoader().LoadFromData(rec.Body.Bytes()); err != nil {
		t.Fatalf("the served document does not load: %v", err)
	}
	served := map[string]bool{}
	for _, r := range af.handler.(interface{ Routes() gin.RoutesInfo }).Routes() {
		path, ok := strings.CutPrefix(r.Path, "/api/admin")
		if !ok || path == "/openapi.json" || r.Method == http.MethodHead {
			continue
		}
		parts := strings.Split(path, "/")
		for i, p := range parts {
			if strings.HasPrefix(p, ":") || strings.HasPrefix(p, "*") {
				parts[i] = "{" + p[1:] + "}"
			}
		}
		served[r.Method+" "+strings.Join(parts, "/")] = true
	}
	documented := map[string]bool{}
	for path, item := range af.doc.Paths.Map() {
		for method := range item.Operations() {
			documented[method+" "+path] = true
		}
	}
	for k := range served {
		if !documented[k] {
			t.Errorf("%s is served but not documented", k)
		}
	}
	for k := range documented {
		if !served[k] {
			t.Errorf("%s is documented but not served", k)
		}
	}
}

func TestStaffSeeTheirBookingsInAPrivateFeed(t *testing.T) {
	af := newAdminFixture(t)
	start, _ := time.Parse(time.RFC3339, nextMonday10())
	id := af.book("demo-consultation", start.Format(time.RFC3339), "ada@example.com")
	b := decodeJSON[map[string]any](t, af.call(http.MethodGet, "/api/admin/bookings/"+id, af.read, "", nil))
	staff := b["staff"].(string)

	rec := af.call(http.MethodPost, "/api/admin/staff/"+staff+"/feed", af.write, "", nil)
	if rec.Code != http.StatusCreated {
		t.Fatalf("create feed: %d %s", rec.Code, rec.Body)
	}
	first := strings.TrimPrefix(decodeJSON[map[string]string](t, rec)["url"], "https://book.example.com")
	feed := af.do(http.MethodGet, first, nil)
	if feed.Code != 200 || !strings.HasPrefix(feed.Header().Get("Content-Type"), "text/calendar") ||
		!strings.Contains(feed.Body.String(), "UID:"+id+"@slotwise") || !strings.Contains(feed.Body.String(), "Ada Lovelace") {
		t.Fatalf("the feed: %d %v\n%s", feed.Code, feed.Header(), feed.Body)
	}
	af.call(http.MethodPost, "/api/admin/bookings/"+id+"/cancel", af.write, "", nil)
	if body := af.do(http.MethodGet, first, nil).Body.String(); strings.Contains(body, id) {
		t.Errorf("a cancelled booking stays in the feed")
	}

	second := strings.TrimPrefix(decodeJSON[map[string]string](t, af.call(http.MethodPost, "/api/admin/staff/"+staff+"/feed", af.write, "", nil))["url"], "https://book.example.com")
	if rec := af.do(http.MethodGet, first, nil); rec.Code != 404 {
		t.Errorf("the feed before the new one: %d", rec.Code)
	}
	if rec := af.call(http.MethodDelete, "/api/admin/staff/"+staff+"/feed", af.write, "", nil); rec.Code != http.StatusNoContent {
		t.Errorf("revoke: %d", rec.Code)
	}
	for _, gone := range []string{second, "/ical/staff/stf_guess.ics", "/ical/staff/" + strings.Repeat("x", 300) + ".ics"} {
		if rec := af.do(http.MethodGet, gone, nil); rec.Code != 404 {
			t.Errorf("%s: %d", gone, rec.Code)
		}
	}
	if rec := af.call(http.MethodPost, "/api/admin/staff/nobody/feed", af.write, "", nil); rec.Code != 404 {
		t.Errorf("a feed for nobody: %d", rec.Code)
	}
}
