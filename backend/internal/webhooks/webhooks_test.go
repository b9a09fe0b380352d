package webhooks

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

func ptr[T any](v T) *T { return &v }

func TestEndpointsAreCheckedBeforeTheyAreKept(t *testing.T) {
	pool := dbtest.WithBusiness(t)
	public := NewStore(pool, false)
	tests := []struct {
		name  string
		in    EndpointInput
		field string
	}{
		{"no url", EndpointInput{Events: ptr([]string{BookingCreated})}, "url"},
		{"not http", EndpointInput{URL: ptr("ftp://example.com/x"), Events: ptr([]string{BookingCreated})}, "url"},
		{"relative", EndpointInput{URL: ptr("/hook"), Events: ptr([]string{BookingCreated})}, "url"},
		{"credentials", EndpointInput{URL: ptr("https://a:b@example.com/"), Events: ptr([]string{BookingCreated})}, "url"},
		{"loopback", EndpointInput{URL: ptr("http://127.0.0.1:9/hook"), Events: ptr([]string{BookingCreated})}, "url"},
		{"localhost", EndpointInput{URL: ptr("http://localhost/hook"), Events: ptr([]string{BookingCreated})}, "url"},
		{"metadata", EndpointInput{URL: ptr("http://169.254.169.254/latest"), Events: ptr([]string{BookingCreated})}, "url"},
		{"private v6", EndpointInput{URL: ptr("http://[fd00::1]/"), Events: ptr([]string{BookingCreated})}, "url"},
		{"NUL", EndpointInput{URL: ptr("https://example.com/\x00"), Events: ptr([]string{BookingCreated})}, "url"},
		{"no events", EndpointInput{URL: ptr("https://example.com/"), Events: ptr([]string{})}, "events"},
		{"unknown event", EndpointInput{URL: ptr("https://example.com/"), Events: ptr([]string{"booking.exploded"})}, "events"},
		{"long description", EndpointInput{URL: ptr("https://example.com/"), Events: ptr([]string{FormSubmitted}), Description: ptr(strings.Repeat("x", 501))}, "description"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := public.Create(context.Background(), tt.in)
			verr, ok := errors.AsType[*ValidationError](err)
			if !ok || verr.Fields[tt.field] == "" {
				t.Fatalf("Create = %v, want a message for %s", err, tt.field)
			}
		})
	}
	e, secret, err := public.Create(context.Background(), EndpointInput{URL: ptr("https://crm.example.com/hooks"),
		Events: ptr([]string{BookingCreated, FormSubmitted, BookingCreated})})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(secret, "whsec_") || len(e.Events) != 2 || !e.Enabled {
		t.Errorf("created %+v with secret %q", e, secret)
	}
	if _, err := standardwebhooks.NewWebhook(secret); err != nil {
		t.Errorf("the secret is not one Standard Webhooks libraries read: %v", err)
	}
	if _, _, err := NewStore(pool, true).Create(context.Background(), EndpointInput{URL: ptr("http://127.0.0.1:9/hook"),
		Events: ptr([]string{BookingCreated})}); err != nil {
		t.Errorf("a loopback endpoint was refused although private addresses are allowed: %v", err)
	}
}

func TestEndpointUpdateAndDelete(t *testing.T) {
	pool := dbtest.WithBusiness(t)
	s := NewStore(pool, false)
	ctx := context.Background()
	e, _, err := s.Create(ctx, EndpointInput{URL: ptr("https://crm.example.com/a"), Events: ptr([]string{BookingCreated})})
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Update(ctx, e.ID, EndpointInput{Events: ptr([]string{BookingCancelled, BookingPaid}), Enabled: ptr(false)})
	if err != nil || got.URL != e.URL || len(got.Events) != 2 || got.Enabled {
		t.Fatalf("Update = %+v, %v", got, err)
	}
	if _, err := s.Update(ctx, "ep_nope", EndpointInput{Enabled: ptr(true)}); !errors.Is(err, ErrNotFound) {
		t.Errorf("Update of a missing endpoint = %v", err)
	}
	if err := s.Delete(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, e.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("second Delete = %v", err)
	}
}

// delivery writes an endpoint at url and one due delivery to it.
func delivery(t *testing.T, pool *db.Pool, url string) (endpointID, deliveryID, secret string) {
	t.Helper()
	e, secret, err := NewStore(pool, true).Create(context.Background(), EndpointInput{URL: &url, Events: ptr([]string{BookingCreated})})
	if err != nil {
		t.Fatal(err)
	}
	deliveryID = "msg_test" + strings.ToLower(e.ID[3:9])
	if _, err := pool.Exec(context.Background(), `INSERT INTO webhook_deliveries (id, endpoint_id, event_type, source_event_id, body, next_attempt_at, expires_at)
		VALUES ($1, $2, 'booking.created', 1, '{"type":"booking.created","data":{"id":"bk_1"}}', now(), now() + interval '3 days')`,
		deliveryID, e.ID); err != nil {
		t.Fatal(err)
	}
	return e.ID, deliveryID, secret
}

func TestSenderSignsAsStandardWebhooksSays(t *testing.T) {
	pool := dbtest.WithBusiness(t)
	var mu sync.Mutex
	var verifyErr error
	var got http.Header
	var secret string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		defer mu.Unlock()
		got = r.Header.Clone()
		wh, _ := standardwebhooks.NewWebhook(secret)
		verifyErr = wh.Verify(body, r.Header)
		_, _ = io.WriteString(w, "thanks")
	}))
	defer srv.Close()
	endpointID, id, s := delivery(t, pool, srv.URL+"/hooks")
	secret = s
	sender := &Sender{Pool: pool, Client: NewClient(true)}
	if n, err := sender.SendDue(context.Background()); err != nil || n != 1 {
		t.Fatalf("SendDue = %d, %v", n, err)
	}
	if verifyErr != nil {
		t.Fatalf("the reference library refused the signature: %v", verifyErr)
	}
	if got.Get("webhook-id") != id || got.Get("Content-Type") != "application/json" {
		t.Errorf("headers %v", got)
	}
	d, err := NewStore(pool, true).Delivery(context.Background(), endpointID, id)
	if err != nil {
		t.Fatal(err)
	}
	if d.Status != "succeeded" || d.Attempts != 1 || len(d.History) != 1 || *d.History[0].StatusCode != 200 || d.History[0].Response != "thanks" {
		t.Errorf("delivery after success: %+v", d)
	}
	if n, _ := sender.SendDue(context.Background()); n != 0 {
		t.Errorf("a delivered message was sent again (%d)", n)
	}
}

func TestSenderOutcomes(t *testing.T) {
	tests := []struct {
		name         string
		handler      http.HandlerFunc
		expiresIn    time.Duration
		wantStatus   string
		wantEnabled  bool
		wantCode     int
		wantErrorHas string
	}{
		{"server error is retried", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(500) }, time.Hour, "pending", true, 500, ""},
		{"410 disables the endpoint", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(410) }, time.Hour, "failed", false, 410, ""},
		{"redirects are not followed", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "http://169.254.169.254/", http.StatusFound)
		}, time.Hour, "pending", true, 302, ""},
		{"gives up after its window", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(503) }, time.Second, "failed", true, 503, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pool := dbtest.WithBusiness(t)
			srv := httptest.NewServer(tt.handler)
			defer srv.Close()
			endpointID, id, _ := delivery(t, pool, srv.URL)
			if _, err := pool.Exec(context.Background(), `UPDATE webhook_deliveries SET expires_at = now() + $2 * interval '1 millisecond' WHERE id = $1`,
				id, tt.expiresIn.Milliseconds()); err != nil {
				t.Fatal(err)
			}
			var outcomes []string
			sender := &Sender{Pool: pool, Client: NewClient(true), Observe: func(o string) { outcomes = append(outcomes, o) }}
			if _, err := sender.SendDue(context.Background()); err != nil {
				t.Fatal(err)
			}
			store := NewStore(pool, true)
			d, _ := store.Delivery(context.Background(), endpointID, id)
			e, _ := store.Get(context.Background(), endpointID)
			if d.Status != tt.wantStatus || e.Enabled != tt.wantEnabled || *d.History[0].StatusCode != tt.wantCode {
				t.Errorf("delivery %s (%d), endpoint enabled %v (%q), outcomes %v", d.Status, *d.History[0].StatusCode, e.Enabled, e.DisabledReason, outcomes)
			}
			if tt.wantStatus == "pending" && (d.NextAttemptAt == nil || !d.NextAttemptAt.After(time.Now())) {
				t.Errorf("a retry is not scheduled later: %v", d.NextAttemptAt)
			}
			if n, _ := sender.SendDue(context.Background()); n != 0 {
				t.Errorf("retried at once (%d claimed)", n)
			}
		})
	}
}

func TestSenderRefusesPrivateAddressesUnlessAllowed(t *testing.T) {
	pool := dbtest.WithBusiness(t)
	hit := false
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hit = true }))
	defer srv.Close()
	endpointID, id, _ := delivery(t, pool, srv.URL)
	sender := &Sender{Pool: pool, Client: NewClient(false)}
	if _, err := sender.SendDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	d, _ := NewStore(pool, true).Delivery(context.Background(), endpointID, id)
	if hit || d.History[0].StatusCode != nil || !strings.Contains(d.History[0].Error, "private") {
		t.Errorf("the loopback endpoint was reached (%v) or not refused: %+v", hit, d.History)
	}
}

func TestReplaySendsTheSameMessageAgain(t *testing.T) {
	pool := dbtest.WithBusiness(t)
	var ids []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { ids = append(ids, r.Header.Get("webhook-id")) }))
	defer srv.Close()
	endpointID, id, _ := delivery(t, pool, srv.URL)
	sender := &Sender{Pool: pool, Client: NewClient(true)}
	_, _ = sender.SendDue(context.Background())
	store := NewStore(pool, true)
	if _, err := store.Replay(context.Background(), endpointID, id); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Replay(context.Background(), "ep_other", id); !errors.Is(err, ErrNotFound) {
		t.Errorf("replay through another endpoint = %v", err)
	}
	_, _ = sender.SendDue(context.Background())
	d, _ := store.Delivery(context.Background(), endpointID, id)
	if len(ids) != 2 || ids[0] != ids[1] || d.Attempts != 2 || d.Status != "succeeded" {
		t.Errorf("ids %v, delivery %+v", ids, d)
	}
}

func TestBackoffGrowsWithJitterAndStaysBounded(t *testing.T) {
	prev := time.Duration(0)
	for n := 1; n <= 15; n++ {
		d := Backoff(n)
		base := 5 * time.Second
		for i := 1; i < n && base < 12*time.Hour; i++ {
			base *= 3
		}
		base = min(base, 12*time.Hour)
		if d < base*3/4 || d > base*5/4 {
			t.Errorf("Backoff(%d) = %v, want within ±25%% of %v", n, d, base)
		}
		if n <= 9 && d < prev/2 {
			t.Errorf("Backoff(%d) = %v fell from %v", n, d, prev)
		}
		prev = d
	}
	var total time.Duration
	n := 0
	for total < Retention {
		n++
		total += Backoff(n)
	}
	if n < 8 || n > 16 {
		t.Errorf("%d attempts in three days, want about a dozen", n)
	}
}

func TestMessageTypesSayWhatABusinessCaresAbout(t *testing.T) {
	tests := []struct {
		event   string
		status  string
		payment string
		want    []string
	}{
		{booking.EventBooked, booking.StatusScheduled, "none", []string{BookingCreated}},
		{booking.EventBooked, booking.StatusRequested, "on_site", []string{BookingCreated, BookingRequested}},
		{booking.EventHeld, booking.StatusPending, "hold", []string{BookingCreated}},
		{booking.EventBooked, booking.StatusScheduled, "paid", nil},
		{booking.EventBooked, booking.StatusRequested, "paid", []string{BookingRequested}},
		{booking.EventRescheduled, booking.StatusRescheduled, "", []string{BookingRescheduled}},
		{booking.EventRescheduled, booking.StatusRequested, "", []string{BookingRescheduled, BookingRequested}},
		{booking.EventReleased, booking.StatusCancelled, "released", []string{BookingCancelled}},
		{booking.EventCancelled, booking.StatusCancelled, "", []string{BookingCancelled}},
		{booking.EventConfirmed, booking.StatusScheduled, "", []string{BookingConfirmed}},
		{booking.EventDeclined, booking.StatusCancelled, "", []string{BookingDeclined}},
		{booking.EventPaid, booking.StatusScheduled, "paid", []string{BookingPaid}},
		{booking.EventLatePaid, booking.StatusCancelled, "refund_due", []string{BookingPaid}},
		{booking.EventRefunded, booking.StatusCancelled, "refunded", []string{BookingRefunded}},
		{booking.EventRefundDue, booking.StatusCancelled, "refund_due", nil},
		{booking.EventReminderSent, booking.StatusScheduled, "none", []string{BookingReminderSent}},
	}
	for _, tt := range tests {
		got := messageTypes(tt.event, booking.BookingEvent{Status: tt.status, Payment: tt.payment})
		if strings.Join(got, ",") != strings.Join(tt.want, ",") {
			t.Errorf("%s (%s, %s) = %v, want %v", tt.event, tt.status, tt.payment, got, tt.want)
		}
	}
}
