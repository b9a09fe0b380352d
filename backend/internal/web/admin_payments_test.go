package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"slotwise/backend/internal/admin"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/payments/stripetest"
)

// A business connects its own payment account through the admin API: its
// secrets go in and never come out, every field is checked on its own,
// a read token cannot change it, and another business sees none of it.
func TestABusinessConnectsItsOwnPaymentAccountWhoseSecretsNeverComeBack(t *testing.T) {
	af := newAdminFixtureOn(t, demoPool(t), stripetest.Start(t).URL)
	const key, hook = "sk_test_51BusinessOwnKey4242", "whsec_business_own_secret"
	connect := `{"secretKey":"` + key + `","webhookSecret":"` + hook + `"}`
	leaks := func(body string) bool { return strings.Contains(body, key) || strings.Contains(body, hook) }

	for _, tc := range []struct {
		name, method, target, token, body string
		status                            int
		holds                             string
	}{
		{"a read token", http.MethodPut, "/api/admin/payment-accounts/stripe", af.read, connect, 403, "insufficient_scope"},
		{"an unknown provider", http.MethodPut, "/api/admin/payment-accounts/bank", af.write, connect, 404, "not_found"},
		{"without the webhook's secret", http.MethodPut, "/api/admin/payment-accounts/stripe", af.write, `{"secretKey":"sk_test_1"}`, 422, `"webhookSecret"`},
		{"a publishable key", http.MethodPut, "/api/admin/payment-accounts/stripe", af.write, `{"secretKey":"pk_test_1","webhookSecret":"whsec_1"}`, 422, `"secretKey"`},
		{"a NUL byte", http.MethodPut, "/api/admin/payment-accounts/paypal", af.write, `{"clientId":"a\u0000b","clientSecret":"s","webhookId":"w"}`, 422, `"clientId"`},
		{"another provider's field", http.MethodPut, "/api/admin/payment-accounts/razorpay", af.write, `{"keyId":"rzp_test_1","keySecret":"s","webhookSecret":"w","secretKey":"sk_test_1"}`, 422, `"secretKey"`},
		{"an unknown field", http.MethodPut, "/api/admin/payment-accounts/stripe", af.write, `{"secretKey":"sk_test_1","webhookSecret":"whsec_1","apiKey":"x"}`, 400, "apiKey"},
		{"a key Stripe refuses", http.MethodPut, "/api/admin/payment-accounts/stripe", af.write, `{"secretKey":"sk_live_not_a_key","webhookSecret":"whsec_1"}`, 422, "Stripe does not take this key"},
		{"connected", http.MethodPut, "/api/admin/payment-accounts/stripe", af.write, connect, 200, `"hint":"test …4242"`},
		{"listed", http.MethodGet, "/api/admin/payment-accounts", af.read, "", 200, `"provider":"stripe"`},
		{"chosen", http.MethodGet, "/api/admin/payment-accounts", af.read, "", 200, `"updatedAt"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := af.call(tc.method, tc.target, tc.token, tc.body, nil)
			if rec.Code != tc.status || !strings.Contains(rec.Body.String(), tc.holds) || leaks(rec.Body.String()) {
				t.Fatalf("%d %s, want %d holding %s and no secret", rec.Code, rec.Body, tc.status, tc.holds)
			}
		})
	}

	b := addSecondStudio(t, af.fixture)
	_, tokenB, err := admin.CreateToken(db.WithBusiness(context.Background(), b), af.pool, "beta", admin.ScopeWrite)
	if err != nil {
		t.Fatal(err)
	}
	onB := map[string]string{"Host": hostB}
	if rec := af.call(http.MethodGet, "/api/admin/payment-accounts", tokenB, "", onB); rec.Code != 200 || strings.Contains(rec.Body.String(), "stripe") {
		t.Fatalf("B lists A's account: %d %s", rec.Code, rec.Body)
	}
	if rec := af.call(http.MethodDelete, "/api/admin/payment-accounts/stripe", tokenB, "", onB); rec.Code != 404 {
		t.Fatalf("B disconnects A's account: %d %s", rec.Code, rec.Body)
	}
	if rec := af.call(http.MethodDelete, "/api/admin/payment-accounts/stripe", af.write, "", nil); rec.Code != 204 {
		t.Fatalf("disconnecting: %d %s", rec.Code, rec.Body)
	}
	if rec := af.call(http.MethodDelete, "/api/admin/payment-accounts/stripe", af.write, "", nil); rec.Code != 404 {
		t.Fatalf("disconnecting again: %d %s", rec.Code, rec.Body)
	}
}

// Keys are stored only once the provider has taken them: a provider that
// cannot be reached to ask is a 503 that changes nothing.
func TestAnAccountIsNotConnectedWhileItsProviderCannotBeAsked(t *testing.T) {
	af := newAdminFixture(t) // its Stripe is a closed port
	rec := af.call(http.MethodPut, "/api/admin/payment-accounts/stripe", af.write, `{"secretKey":"sk_test_1","webhookSecret":"whsec_1"}`, nil)
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || strings.Contains(rec.Body.String(), "sk_test_1") {
		t.Fatalf("%d %s, want a 503 with Retry-After and no key", rec.Code, rec.Body)
	}
	if rec := af.call(http.MethodGet, "/api/admin/payment-accounts", af.read, "", nil); !strings.Contains(rec.Body.String(), `"data":[]`) {
		t.Fatalf("an account was stored: %s", rec.Body)
	}
}
