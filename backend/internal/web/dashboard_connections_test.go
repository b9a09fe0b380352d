package web_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/admin"
	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/payments/stripetest"
	"slotwise/backend/internal/seal"
	"slotwise/backend/internal/web"
	"slotwise/backend/internal/webhooks"
)

// withConnections gives the dashboard the business's payment accounts (at
// the Stripe double) and webhook endpoints, as served.
func withConnections(t *testing.T) option {
	stripe := stripetest.Start(t)
	return func(d *web.Deps, w wiring) {
		keys, err := seal.LoadKeyring(context.Background(), w.pool, nil)
		if err != nil {
			t.Fatal(err)
		}
		w.dashboard.Payments = payments.NewService(w.pool, booking.NewService(w.pool, d.Logger, booking.Options{}), "https://book.example.com", d.Logger).
			WithAccounts(keys, payments.APIs{Stripe: stripe.URL})
		w.dashboard.Webhooks = webhooks.NewStore(w.pool, false)
	}
}

var (
	tokenSecret   = regexp.MustCompile(`swa_[A-Z0-9]{20,}`)
	webhookSecret = regexp.MustCompile(`whsec_[A-Za-z0-9+/=]{20,}`)
)

// The owner keeps the business's payment accounts, webhook endpoints and
// API tokens in the dashboard: keys go in and never come back, a new
// secret is shown once on the answer to its form, everyone else finds no
// page, and another business's ids are not found.
func TestTheOwnerKeepsPaymentAccountsWebhooksAndTokens(t *testing.T) {
	d := newDashboard(t, withConnections(t))
	const key, hook = "sk_test_51StudioOwnKey4242", "whsec_studio_own_secret"
	stripe := url.Values{"do": {"connect"}, "provider": {"stripe"}, "secretKey": {key}, "webhookSecret": {hook}}
	endpoint := url.Values{"do": {"addWebhook"}, "url": {"https://hooks.example.com/slotwise"}, "description": {"the till"}, "events": {"booking.created", "booking.cancelled"}}
	token := url.Values{"do": {"addToken"}, "name": {"reports"}, "scope": {"read"}}
	d.run(t, []pageCase{
		{"signed out", "", "", "GET", "/admin/settings/connections", nil, 303, nil, nil},
		{"the front desk", "desk", "", "GET", "/admin/settings/connections", nil, 404, nil, nil},
		{"a staff member's token", "jonas", "", "POST", "/admin/settings/connections", token, 404, nil, nil},
		{"the front desk's keys", "desk", "", "POST", "/admin/settings/connections", stripe, 404, nil, nil},
		{"the owner", "owner", "", "GET", "/admin/settings/connections", nil, 200, []string{"Payment accounts", "Stripe", "booking.reminder_sent", "Create the token"}, nil},
		{"a publishable key", "owner", "", "POST", "/admin/settings/connections", cloneWith(stripe, "secretKey", "pk_test_1"), 422, []string{"not a key of this provider"}, []string{hook}},
		{"a key the provider refuses", "owner", "", "POST", "/admin/settings/connections", cloneWith(stripe, "secretKey", "sk_live_not_a_key"), 422, []string{"The provider refused these keys"}, []string{"sk_live_not_a_key"}},
		{"a provider that is not", "owner", "", "POST", "/admin/settings/connections", cloneWith(stripe, "provider", "bank"), 422, nil, nil},
		{"connected", "owner", "", "POST", "/admin/settings/connections", stripe, 303, nil, nil},
		{"shown by its hint alone", "owner", "", "GET", "/admin/settings/connections?done=connected", nil, 200, []string{"test …4242", "The account is connected"}, []string{key, hook}},
		{"chosen", "owner", "", "POST", "/admin/settings/connections", url.Values{"do": {"choose"}, "provider": {"stripe"}}, 303, nil, nil},
		{"one not connected is not chosen", "owner", "", "POST", "/admin/settings/connections", url.Values{"do": {"choose"}, "provider": {"paypal"}}, 422, []string{"Choose a provider you have connected"}, nil},
		{"a private address", "owner", "", "POST", "/admin/settings/connections", cloneWith(endpoint, "url", "http://127.0.0.1:9/in"), 422, []string{"public https address"}, nil},
		{"no event", "owner", "", "POST", "/admin/settings/connections", cloneWith(endpoint, "events", ""), 422, []string{"at least one event"}, nil},
		{"a token without a name", "owner", "", "POST", "/admin/settings/connections", cloneWith(token, "name", " "), 422, []string{"1 to 100 characters"}, nil},
		{"an operator's token", "owner", "", "POST", "/admin/settings/connections", cloneWith(token, "scope", "operator"), 422, []string{"Choose read only"}, nil},
		{"an unknown change", "owner", "", "POST", "/admin/settings/connections", url.Values{"do": {"drop"}}, 422, nil, nil},
	})

	chosen := func() string {
		var provider *string
		if err := d.pool.QueryRow(d.ctxOf(""), `SELECT payment_provider FROM locations WHERE id = $1`, db.ThisBusiness).Scan(&provider); err != nil {
			t.Fatal(err)
		}
		if provider == nil {
			return ""
		}
		return *provider
	}
	if got := chosen(); got != "stripe" {
		t.Errorf("the business takes its payments with %q, not the account chosen", got)
	}
	owner := d.browser("owner", "")
	// A token made: its secret on the answer to the post, once, and it
	// opens the admin API; the page read again does not show it.
	rec := d.post("/admin/settings/connections", cloneWith(token, "idempotencyKey", "t1"), owner)
	secret := tokenSecret.FindString(rec.Body.String())
	if rec.Code != 200 || secret == "" || rec.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("making a token: %d %q (%s) %s", rec.Code, secret, rec.Header().Get("Cache-Control"), rec.Body)
	}
	ctx := d.ctxOf("")
	if tok, err := admin.Authenticate(ctx, d.pool, secret); err != nil || tok.Name != "reports" || tok.CanWrite() {
		t.Fatalf("the token shown: %+v %v", tok, err)
	}
	if page := d.do(http.MethodGet, "/admin/settings/connections", owner).Body.String(); strings.Contains(page, secret) || !strings.Contains(page, "reports") {
		t.Errorf("the page read again shows the secret, or not the token")
	}
	expect(t, d.post("/admin/settings/connections", cloneWith(token, "idempotencyKey", "t2"), owner), 422, []string{"A token of this name exists"}, nil)
	// The answer that showed it reloaded: the same form again makes nothing.
	expect(t, d.post("/admin/settings/connections", cloneWith(token, "idempotencyKey", "t1"), owner), 303, nil, []string{secret})

	// An endpoint added: its signing secret shown once; paused; another
	// business's owner cannot touch it.
	rec = d.post("/admin/settings/connections", cloneWith(endpoint, "idempotencyKey", "w1"), owner)
	signing := webhookSecret.FindString(rec.Body.String())
	if rec.Code != 200 || signing == "" {
		t.Fatalf("adding an endpoint: %d %s", rec.Code, rec.Body)
	}
	var id string
	if err := d.pool.QueryRow(ctx, `SELECT id FROM webhook_endpoints WHERE location_id = $1 AND secret = $2 AND events = '{booking.cancelled,booking.created}'`, db.ThisBusiness, signing).Scan(&id); err != nil {
		t.Fatalf("the endpoint kept: %v", err)
	}
	byID := func(do string) url.Values { return url.Values{"do": {do}, "id": {id}} }
	d.run(t, []pageCase{
		{"another business's owner pauses it", "betaOwner", hostB, "POST", "/admin/settings/connections", byID("pauseWebhook"), 404, nil, nil},
		{"another business's owner removes it", "betaOwner", hostB, "POST", "/admin/settings/connections", byID("removeWebhook"), 303, nil, nil},
		{"or revokes its token", "betaOwner", hostB, "POST", "/admin/settings/connections", url.Values{"do": {"revokeToken"}, "name": {"reports"}}, 303, nil, nil},
		{"and sees none of it", "betaOwner", hostB, "GET", "/admin/settings/connections", nil, 200, nil, []string{"hooks.example.com", "reports", "4242"}},
		{"paused", "owner", "", "POST", "/admin/settings/connections", byID("pauseWebhook"), 303, nil, nil},
		{"shown paused", "owner", "", "GET", "/admin/settings/connections", nil, 200, []string{"hooks.example.com/slotwise", "Paused.", "Resume"}, []string{signing}},
	})
	if _, err := admin.Authenticate(ctx, d.pool, secret); err != nil {
		t.Errorf("another business revoked the token: %v", err)
	}
	if _, err := webhooks.NewStore(d.pool, false).Get(ctx, id); err != nil {
		t.Errorf("another business removed the endpoint: %v", err)
	}
	expect(t, d.post("/admin/settings/connections", cloneWith(endpoint, "idempotencyKey", "w1"), owner), 303, nil, []string{signing})
	var endpoints int
	if err := d.pool.QueryRow(ctx, `SELECT count(*) FROM webhook_endpoints WHERE location_id = $1`, db.ThisBusiness).Scan(&endpoints); err != nil || endpoints != 1 {
		t.Errorf("the form posted again made %d endpoints (%v)", endpoints, err)
	}
	rec = d.post("/admin/settings/connections", cloneWith(byID("rotateWebhook"), "idempotencyKey", "w2"), owner)
	again := webhookSecret.FindString(rec.Body.String())
	if rec.Code != 200 || again == "" || again == signing {
		t.Errorf("a new signing secret: %d %q", rec.Code, again)
	}
	expect(t, d.post("/admin/settings/connections", cloneWith(byID("rotateWebhook"), "idempotencyKey", "w2"), owner), 303, nil, []string{again})
	var kept string
	if err := d.pool.QueryRow(ctx, `SELECT secret FROM webhook_endpoints WHERE id = $1 AND location_id = $2`, id, db.ThisBusiness).Scan(&kept); err != nil || kept != again {
		t.Errorf("the rotation posted again rotated the secret once more (%v)", err)
	}

	// Half an hour after signing in, nothing new is handed out; revoking
	// and removing still work.
	d.clock.Set(d.clock.Now().Add(31 * time.Minute))
	d.run(t, []pageCase{
		{"an old session's token", "owner", "", "POST", "/admin/settings/connections", cloneWith(token, "name", "later"), 403, []string{"sign in again"}, nil},
		{"an old session's keys", "owner", "", "POST", "/admin/settings/connections", stripe, 403, nil, nil},
		{"offered to sign in again", "owner", "", "GET", "/admin/settings/connections", nil, 200, []string{`value="signInAgain"`}, []string{`name="scope"`}},
		{"revoked", "owner", "", "POST", "/admin/settings/connections", url.Values{"do": {"revokeToken"}, "name": {"reports"}}, 303, nil, nil},
		{"removed", "owner", "", "POST", "/admin/settings/connections", byID("removeWebhook"), 303, nil, nil},
		{"disconnected", "owner", "", "POST", "/admin/settings/connections", url.Values{"do": {"disconnect"}, "provider": {"stripe"}}, 303, nil, nil},
		{"and none is left", "owner", "", "GET", "/admin/settings/connections", nil, 200, []string{"Not connected"}, []string{"reports", "hooks.example.com", "4242"}},
	})
	if _, err := admin.Authenticate(ctx, d.pool, secret); err == nil {
		t.Error("a revoked token still opens the admin API")
	}
	// The account chosen for online payments, disconnected, is chosen no more.
	if got := chosen(); got != "" {
		t.Errorf("the business still takes its payments with %q", got)
	}
}
