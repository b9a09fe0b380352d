package web_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/limits"
	"slotwise/backend/internal/people"
)

// Signing in by mail: the page answers the same for an address that is a
// person's and one that is not; only the person gets a mail, in the
// language they asked in; the link's page names them without using the
// link (a mail scanner's visit signs nobody in); its button signs in once.
func TestSigningInByMailAnswersAlikeAndMailsOnlyThePerson(t *testing.T) {
	d := newDashboard(t)
	ctx := db.WithEveryBusiness(context.Background())
	if _, err := d.mails.DeliverDue(ctx); err != nil { // the bookings' mails
		t.Fatal(err)
	}
	ask := func(email string) (int, string) {
		rec := d.post("/de/admin/sign-in", url.Values{"email": {email}}, nil)
		return rec.Code, rec.Header().Get("Location")
	}
	knownCode, known := ask("DESK@example.com")
	unknownCode, unknown := ask("nobody@example.com")
	if knownCode != 303 || unknownCode != 303 || known != unknown || known != "/de/admin/sign-in?state=sent" {
		t.Fatalf("answers differ: %d %s, %d %s", knownCode, known, unknownCode, unknown)
	}
	if _, err := d.mails.DeliverDue(ctx); err != nil {
		t.Fatal(err)
	}
	var to []string
	var raw []byte
	rows, err := d.pool.Query(ctx, `SELECT recipient, mime FROM outbox WHERE kind = 'admin.sign_in' ORDER BY id`)
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
	if len(to) != 1 || to[0] != "desk@example.com" {
		t.Fatalf("sign-in mails went to %v, want the person's address only", to)
	}
	text := readableMail(t, raw)
	if !strings.Contains(text, "Anmeldelink") || !strings.Contains(text, "15 Minuten") {
		t.Errorf("the mail is not the German sign-in mail:\n%s", text)
	}
	m := regexp.MustCompile(`https://book\.example\.com(/admin/sign-in/swl_[A-Z0-9]+)`).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no link in:\n%s", text)
	}
	link := m[1]
	for range 2 { // a scanner, then the person
		page := d.do(http.MethodGet, link, nil)
		if page.Code != 200 || !strings.Contains(page.Body.String(), "desk@example.com") {
			t.Fatalf("the link's page: %d %s", page.Code, page.Body)
		}
	}
	cookie := d.signIn("", link)
	if rec := d.do(http.MethodGet, "/admin", map[string]string{"Cookie": cookie}); rec.Code != 200 {
		t.Errorf("signed in by mail, the dashboard: %d", rec.Code)
	}
	again := d.post(link, url.Values{}, nil)
	if again.Code != http.StatusGone || strings.Contains(again.Header().Get("Set-Cookie"), "sws_") {
		t.Errorf("a used link: %d %v", again.Code, again.Header())
	}
	if page := d.do(http.MethodGet, link, nil); !strings.Contains(page.Body.String(), "no longer works") {
		t.Errorf("a used link's page does not say so: %s", page.Body)
	}
	for _, bad := range []string{"", "not an address", "a@b\x00.com", strings.Repeat("a", 300) + "@example.com"} {
		if rec := d.post("/admin/sign-in", url.Values{"email": {bad}}, nil); rec.Code != 422 && rec.Code != 400 {
			t.Errorf("%q: %d", bad, rec.Code)
		}
	}
}

// A mailed link runs out after 15 minutes; an invitation after a day; a
// session after 12 idle hours, or a week whatever its use.
func TestLinksAndSessionsRunOut(t *testing.T) {
	d := newDashboard(t)
	ctx := d.ctxOf("")
	now := time.Now()
	d.clock.Set(now)
	p, err := d.team.ByEmail(ctx, "desk@example.com")
	if err != nil {
		t.Fatal(err)
	}
	mailed, err := d.team.IssueLink(ctx, p.ID, people.MailedLinkLife)
	if err != nil {
		t.Fatal(err)
	}
	invitation := d.addPerson("", "late@example.com", people.RoleDesk, "")
	d.clock.Set(now.Add(16 * time.Minute))
	if page := d.do(http.MethodGet, people.LinkPath(mailed), nil); !strings.Contains(page.Body.String(), "no longer works") {
		t.Errorf("a mailed link past 15 minutes still opens: %s", page.Body)
	}
	cookie := d.signIn("", invitation)
	d.clock.Set(now.Add(16*time.Minute + 11*time.Hour))
	if rec := d.do(http.MethodGet, "/admin", map[string]string{"Cookie": cookie}); rec.Code != 200 {
		t.Errorf("a session used 11 hours ago: %d", rec.Code)
	}
	d.clock.Set(now.Add(16*time.Minute + 11*time.Hour + 12*time.Hour + time.Minute))
	if rec := d.do(http.MethodGet, "/admin", map[string]string{"Cookie": cookie}); rec.Code != 303 {
		t.Errorf("a session idle for 12 hours: %d", rec.Code)
	}
}

// Signing out ends this browser's session; everywhere ends every session
// of the person, and the cookie is forgotten.
func TestSigningOutHereAndEverywhere(t *testing.T) {
	d := newDashboard(t)
	second := d.signIn("", d.link("owner@example.com"))
	rec := d.post("/admin/sign-out", url.Values{}, map[string]string{"Cookie": d.cookies["owner"]})
	if rec.Code != 303 || rec.Header().Get("Location") != "/admin/sign-in?state=out" || !strings.Contains(rec.Header().Get("Set-Cookie"), "Max-Age=0") {
		t.Fatalf("sign out: %d %v", rec.Code, rec.Header())
	}
	if rec := d.do(http.MethodGet, "/admin", map[string]string{"Cookie": d.cookies["owner"]}); rec.Code != 303 {
		t.Errorf("signed out, still in: %d", rec.Code)
	}
	if rec := d.do(http.MethodGet, "/admin", map[string]string{"Cookie": second}); rec.Code != 200 {
		t.Errorf("another browser was signed out too: %d", rec.Code)
	}
	// Signing in on a browser that holds a session (a shared front desk's
	// computer) ends that session.
	deskLink := d.link("desk@example.com")
	page := d.do(http.MethodGet, deskLink, map[string]string{"Cookie": second})
	if rec := d.post(deskLink, url.Values{"idempotencyKey": {formKeyOf(t, page.Body.String())}}, map[string]string{"Cookie": second}); rec.Code != 303 {
		t.Fatalf("signing in over another's session: %d %s", rec.Code, rec.Body)
	}
	if rec := d.do(http.MethodGet, "/admin", map[string]string{"Cookie": second}); rec.Code != 303 {
		t.Errorf("the session before another person signed in on the same browser lives on: %d", rec.Code)
	}
	third := d.signIn("", d.link("owner@example.com"))
	d.post("/admin/sign-out", url.Values{"everywhere": {"1"}}, map[string]string{"Cookie": third})
	for _, c := range []string{second, third} {
		if rec := d.do(http.MethodGet, "/admin", map[string]string{"Cookie": c}); rec.Code != 303 {
			t.Errorf("signed out everywhere, still in: %d", rec.Code)
		}
	}
	if rec := d.do(http.MethodGet, "/admin", map[string]string{"Cookie": d.cookies["desk"]}); rec.Code != 200 {
		t.Errorf("another person was signed out: %d", rec.Code)
	}
}

// link is a fresh mailed link of a person of the demo.
func (d *dashboard) link(email string) string {
	d.t.Helper()
	ctx := d.ctxOf("")
	p, err := d.team.ByEmail(ctx, email)
	if err != nil {
		d.t.Fatal(err)
	}
	secret, err := d.team.IssueLink(ctx, p.ID, people.MailedLinkLife)
	if err != nil {
		d.t.Fatal(err)
	}
	return people.LinkPath(secret)
}

// The sign-in page asks a few times an hour per address, more per client.
func TestSigningInIsLimitedPerAddressAndClient(t *testing.T) {
	d := newDashboard(t, withLimits(map[string]limits.Rule{
		"signin.email": {Max: 2, Window: time.Hour}, "signin.ip": {Max: 4, Window: time.Hour},
	}))
	codes := []int{}
	for _, email := range []string{"a@example.com", "a@example.com", "A@example.com", "b@example.com", "c@example.com"} {
		codes = append(codes, d.post("/admin/sign-in", url.Values{"email": {email}}, nil).Code)
	}
	want := []int{303, 303, 429, 303, 429}
	for i := range want {
		if codes[i] != want[i] {
			t.Fatalf("answers %v, want %v", codes, want)
		}
	}
}

// Every dashboard page is its person's: never kept by a cache or a
// browser, never indexed, never framed.
func TestDashboardPagesAreNeverCachedIndexedOrFramed(t *testing.T) {
	d := newDashboard(t)
	for _, target := range []string{"/admin", "/admin/sign-in", "/admin/booking/" + d.jonasRequest, "/admin/sign-out"} {
		for _, cookie := range []string{d.cookies["owner"], d.cookies["owner"], ""} {
			rec := d.do(http.MethodGet, target, map[string]string{"Cookie": cookie})
			h := rec.Header()
			if rec.Code >= 400 || h.Get("Cache-Control") != "no-store" || h.Get("X-Cache") != "" {
				t.Errorf("%s: %d, Cache-Control %q, X-Cache %q", target, rec.Code, h.Get("Cache-Control"), h.Get("X-Cache"))
			}
			if rec.Code == 200 && (h.Get("X-Robots-Tag") != "noindex, nofollow" || !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'")) {
				t.Errorf("%s: X-Robots-Tag %q, CSP %q", target, h.Get("X-Robots-Tag"), h.Get("Content-Security-Policy"))
			}
		}
	}
}

// An owner invites and removes the business's people; nobody else finds
// the page; the invitation is a mail whose link lives a day; an old
// session signs in again before it invites.
func TestOwnersInviteAndRemoveThePeople(t *testing.T) {
	d := newDashboard(t)
	ctx := db.WithEveryBusiness(context.Background())
	now := time.Now()
	d.clock.Set(now)
	owner := map[string]string{"Cookie": d.signIn("", d.link("owner@example.com"))}
	invite := func(who map[string]string, email, role, staff string) *httptest.ResponseRecorder {
		return d.post("/admin/people", url.Values{"do": {"invite"}, "email": {email}, "role": {role}, "staff": {staff}, "idempotencyKey": {"i-" + email}}, who)
	}
	for _, who := range []string{"desk", "jonas"} {
		if rec := d.do(http.MethodGet, "/admin/people", map[string]string{"Cookie": d.cookies[who]}); rec.Code != 404 {
			t.Errorf("%s opens the people page: %d", who, rec.Code)
		}
		if rec := invite(map[string]string{"Cookie": d.cookies[who]}, "sneaky@example.com", "owner", ""); rec.Code != 404 {
			t.Errorf("%s invites an owner: %d", who, rec.Code)
		}
	}
	if rec := invite(owner, "new.desk@example.com", "desk", ""); rec.Code != 303 || rec.Header().Get("Location") != "/admin/people?done=invited" {
		t.Fatalf("an invitation: %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
	for _, tc := range []struct{ name, email, role, staff, field string }{
		{"an address already here", "DESK@example.com", "desk", "", "email"},
		{"a staff member of nobody", "x@example.com", "staff", "", "staff"},
		{"a staff member of no one of the business", "x@example.com", "staff", "nobody", "staff"},
		{"a role that is none", "x@example.com", "admin", "", "role"},
		{"no address", "nope", "desk", "", "email"},
	} {
		rec := d.send(http.MethodPost, "/admin/people", url.Values{"do": {"invite"}, "email": {tc.email}, "role": {tc.role}, "staff": {tc.staff}, "idempotencyKey": {"i"}}.Encode(),
			map[string]string{"Cookie": owner["Cookie"], "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin", "Accept": "application/json"})
		if fields := decodeJSON[struct {
			Action struct {
				Fields map[string]any `json:"fields"`
			} `json:"action"`
		}](t, rec).Action.Fields; rec.Code != 422 || fields[tc.field] == nil {
			t.Errorf("%s: %d, fields %v, want %s", tc.name, rec.Code, fields, tc.field)
		}
	}
	if _, err := d.mails.DeliverDue(ctx); err != nil {
		t.Fatal(err)
	}
	var raw []byte
	if err := d.pool.QueryRow(ctx, `SELECT mime FROM outbox WHERE kind = 'admin.sign_in' AND recipient = 'new.desk@example.com'`).Scan(&raw); err != nil {
		t.Fatal(err)
	}
	if text := readableMail(t, raw); !strings.Contains(text, "added you to its dashboard") || !strings.Contains(text, "24 hours") {
		t.Errorf("the invitation:\n%s", text)
	}
	if rec := d.post("/admin/people", url.Values{"do": {"remove"}, "email": {"desk@example.com"}, "idempotencyKey": {"r-1"}}, owner); rec.Code != 303 {
		t.Errorf("removing the front desk: %d", rec.Code)
	}
	if rec := d.do(http.MethodGet, "/admin", map[string]string{"Cookie": d.cookies["desk"]}); rec.Code != 303 {
		t.Errorf("removed, the front desk is still signed in: %d", rec.Code)
	}
	if rec := d.post("/admin/people", url.Values{"do": {"remove"}, "email": {"owner@example.com"}, "idempotencyKey": {"r-2"}}, owner); rec.Code != 409 {
		t.Errorf("removing the last owner: %d", rec.Code)
	}
	d.clock.Set(now.Add(31 * time.Minute))
	if rec := invite(owner, "late@example.com", "desk", ""); rec.Code != 403 {
		t.Errorf("an invitation from an old session: %d", rec.Code)
	}
	if rec := d.post("/admin/people", url.Values{"do": {"remove"}, "email": {"new.desk@example.com"}, "idempotencyKey": {"r-3"}}, owner); rec.Code != 403 {
		t.Errorf("a removal from an old session: %d", rec.Code)
	}
}
