package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/people"
)

// The passkey endpoints refuse what is not a ceremony under way of a
// recent session, each with its own answer and never a 500; the whole
// ceremony runs in Chromium (ui/e2e/dashboard.test.mjs).
func TestPasskeyCeremoniesRefuseWhatIsNotOneUnderWay(t *testing.T) {
	d := newDashboard(t)
	now := time.Now()
	d.clock.Set(now)
	fresh := d.signIn("", d.link("desk@example.com"))
	// The business's own host: the fixture's public URL names it.
	json := map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "same-origin", "Host": "book.example.com"}
	with := func(cookie string) map[string]string {
		h := map[string]string{"Cookie": cookie}
		for k, v := range json {
			h[k] = v
		}
		return h
	}
	tests := []struct {
		name, target, body string
		header             map[string]string
		want               int
		code               string
	}{
		{"signed out, a new passkey", "/api/dashboard/passkeys", "{}", json, 401, "signed_out"},
		{"a recent session, a new passkey", "/api/dashboard/passkeys", "{}", with(fresh), 200, ""},
		{"its answer without the ceremony's cookie", "/api/dashboard/passkeys/finish", "{}", with(fresh), 409, "passkey_expired"},
		{"an answer that is not one", "/api/dashboard/passkeys/finish", "{}", with(fresh + "; slotwise_passkey=swc_nothing"), 409, "passkey_expired"},
		{"a sign-in's options", "/api/dashboard/passkey-sign-in", "{}", json, 200, ""},
		{"a sign-in's answer without its ceremony", "/api/dashboard/passkey-sign-in/finish", `{"id":"x"}`, json, 409, "passkey_expired"},
		{"a form, not JSON", "/api/dashboard/passkey-sign-in", "a=1", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415, ""},
		{"from another site", "/api/dashboard/passkey-sign-in", "{}", map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, 403, ""},
		{"on an address, not a domain name", "/api/dashboard/passkey-sign-in", "{}", map[string]string{"Content-Type": "application/json", "Host": "127.0.0.1:8080"}, 400, "passkeys_unavailable"},
		{"on a host that is not the business's own", "/api/dashboard/passkey-sign-in", "{}", map[string]string{"Content-Type": "application/json", "Host": "evil.example"}, 400, "passkeys_unavailable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := d.send(http.MethodPost, tt.target, tt.body, tt.header)
			if rec.Code != tt.want || !strings.Contains(rec.Body.String(), tt.code) {
				t.Fatalf("%d %s, want %d %s", rec.Code, rec.Body, tt.want, tt.code)
			}
		})
	}
	// A sign-in's ceremony answered with garbage: refused, and the
	// ceremony is spent.
	begin := d.send(http.MethodPost, "/api/dashboard/passkey-sign-in", "{}", json)
	ceremony := ceremonyCookieOf(t, begin.Header().Get("Set-Cookie"))
	for _, body := range []string{`{"id":"AAAA","rawId":"AAAA","type":"public-key","response":{"clientDataJSON":"e30","authenticatorData":"AAAA","signature":"AAAA","userHandle":"AAAA"}}`, "{}"} {
		rec := d.send(http.MethodPost, "/api/dashboard/passkey-sign-in/finish", body, with(ceremony))
		if rec.Code >= 500 || rec.Code == 200 || strings.Contains(rec.Header().Get("Set-Cookie"), "sws_") {
			t.Errorf("a garbage answer: %d %s", rec.Code, rec.Body)
		}
	}
	// Half an hour after signing in, adding a passkey asks to sign in again.
	d.clock.Set(now.Add(31 * time.Minute))
	if rec := d.send(http.MethodPost, "/api/dashboard/passkeys", "{}", with(fresh)); rec.Code != 403 || !strings.Contains(rec.Body.String(), "sign_in_again") {
		t.Errorf("an old session, a new passkey: %d %s", rec.Code, rec.Body)
	}
	page := d.do(http.MethodGet, "/admin/account", map[string]string{"Cookie": fresh})
	if !strings.Contains(page.Body.String(), "sign in again first") {
		t.Errorf("the account page of an old session does not offer to sign in again: %s", page.Body)
	}
	// Another person's passkey id, or none, removes nothing.
	rec := d.post("/admin/account", url.Values{"do": {"remove"}, "id": {"AAAA"}, "idempotencyKey": {"k"}}, map[string]string{"Cookie": fresh})
	if rec.Code != 404 {
		t.Errorf("removing a passkey that is not theirs: %d", rec.Code)
	}
}

func ceremonyCookieOf(t *testing.T, setCookie string) string {
	t.Helper()
	name, rest, _ := strings.Cut(setCookie, "=")
	value, _, _ := strings.Cut(rest, ";")
	if name != "slotwise_passkey" || !strings.HasPrefix(value, "swc_") {
		t.Fatalf("no ceremony cookie: %q", setCookie)
	}
	return name + "=" + value
}

// A passkey added is told to the person whose sign-in it is, in the
// language they added it in, with the way to their passkeys; one added
// for a person removed since tells nobody.
func TestAPasskeyAddedIsToldToThePerson(t *testing.T) {
	d := newDashboard(t)
	every := db.WithEveryBusiness(context.Background())
	if _, err := d.mails.DeliverDue(every); err != nil { // the bookings' mails
		t.Fatal(err)
	}
	for _, added := range []people.PasskeyAdded{
		{Email: "desk@example.com", Name: "Chrome on Linux", Locale: "de"},
		{Email: "gone@example.com", Name: "Firefox on Windows", Locale: "en-US"},
	} {
		if err := events.Emit(d.ctxOf(""), d.pool, people.EventPasskeyAdded, added); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.mails.DeliverDue(every); err != nil {
		t.Fatal(err)
	}
	rows, err := d.pool.Query(every, `SELECT recipient, mime FROM outbox WHERE kind = 'admin.passkey_added' ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	type mail struct {
		to   string
		mime []byte
	}
	mails, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (mail, error) {
		var m mail
		return m, r.Scan(&m.to, &m.mime)
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(mails) != 1 || mails[0].to != "desk@example.com" {
		t.Fatalf("passkey mails went to %v, want the desk's only", mails)
	}
	text := readableMail(t, mails[0].mime)
	for _, want := range []string{"Ein Passkey wurde hinzugefügt", "Chrome on Linux", "desk@example.com", "https://book.example.com/de/admin/account"} {
		if !strings.Contains(text, want) {
			t.Errorf("the mail lacks %q:\n%s", want, text)
		}
	}
}
