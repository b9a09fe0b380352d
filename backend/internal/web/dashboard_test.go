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
	"slotwise/backend/internal/people"
)

// dashboard is a fixture with the people of two businesses signed in:
// the demo's owner, front desk and two staff members (jonas, mia), and the
// second studio's owner, whose staff have the same slugs.
type dashboard struct {
	*fixture
	t       *testing.T
	idB     int64
	cookies map[string]string // by who: the Cookie header their browser sends
	// jonas's request and mia's booking, in the demo; one of the second
	// studio's.
	jonasRequest, miaBooking, betaBooking string
}

func newDashboard(t *testing.T, opts ...option) *dashboard {
	t.Helper()
	f := newFixture(t, sharedRenderer(t), opts...)
	d := &dashboard{fixture: f, t: t, cookies: map[string]string{}}
	d.idB = addSecondStudio(t, f)
	start, _ := time.Parse(time.RFC3339, nextMonday10())
	d.jonasRequest = d.bookWith("", "facial-treatment", "jonas", start, "ada@example.com")
	d.miaBooking = d.bookWith("", "demo-massage", "mia", start.Add(3*time.Hour), "grace@example.com")
	d.betaBooking = d.bookWith(hostB, "facial-treatment", "jonas", start, "alan@example.com")
	for _, p := range []struct {
		who, host, email, role, staff string
	}{
		{"owner", "", "owner@example.com", people.RoleOwner, ""},
		{"desk", "", "desk@example.com", people.RoleDesk, ""},
		{"jonas", "", "jonas@example.com", people.RoleStaff, "jonas"},
		{"mia", "", "mia@example.com", people.RoleStaff, "mia"},
		{"betaOwner", hostB, "owner@example.com", people.RoleOwner, ""},
	} {
		link := d.addPerson(p.host, p.email, p.role, p.staff)
		d.cookies[p.who] = d.signIn(p.host, link)
	}
	return d
}

// ctxOf is the context of the business a host names ("": the demo).
func (d *dashboard) ctxOf(host string) context.Context {
	var id int64
	if err := d.pool.QueryRow(context.Background(), `SELECT id FROM locations WHERE slug = $1`, map[bool]string{true: "demo-studio", false: "beta-studio"}[host == ""]).Scan(&id); err != nil {
		d.t.Fatal(err)
	}
	return db.WithBusiness(context.Background(), id)
}

func (d *dashboard) staffID(host, slug string) int64 {
	var id int64
	if err := d.pool.QueryRow(d.ctxOf(host), `SELECT id FROM staff WHERE slug = $1 AND location_id = $2`, slug, db.ThisBusiness).Scan(&id); err != nil {
		d.t.Fatal(err)
	}
	return id
}

func (d *dashboard) bookWith(host, calendar, staff string, start time.Time, email string) string {
	d.t.Helper()
	rec := d.send(http.MethodPost, "/api/bookings", bookingBody(start.Format(time.RFC3339), func(b map[string]any) {
		b["calendar"], b["staff"] = calendar, d.staffID(host, staff)
		b["contact"].(map[string]any)["email"] = email
	}), map[string]string{"Host": hostOr(host)})
	if rec.Code != http.StatusCreated {
		d.t.Fatalf("book %s with %s: %d %s", calendar, staff, rec.Code, rec.Body)
	}
	return decodeJSON[bookingJSON](d.t, rec).ID
}

func hostOr(host string) string {
	if host == "" {
		return "example.com"
	}
	return host
}

// addPerson adds a person as the command line does and returns the path
// of their invitation.
func (d *dashboard) addPerson(host, email, role, staff string) string {
	d.t.Helper()
	ctx := d.ctxOf(host)
	var staffID int64
	if staff != "" {
		staffID = d.staffID(host, staff)
	}
	p, err := d.team.Add(ctx, email, role, staffID)
	if err != nil {
		d.t.Fatal(err)
	}
	secret, err := d.team.IssueLink(ctx, p.ID, people.InvitationLinkLife)
	if err != nil {
		d.t.Fatal(err)
	}
	return people.LinkPath(secret)
}

var setCookie = regexp.MustCompile(`^((?:__Host-)?slotwise_admin=sws_[A-Z0-9]+);`)

// signIn opens a link's page and presses its button, as a person does,
// and returns the cookie their browser then sends.
func (d *dashboard) signIn(host, link string) string {
	d.t.Helper()
	page := d.do(http.MethodGet, link, map[string]string{"Host": hostOr(host)})
	if page.Code != http.StatusOK {
		d.t.Fatalf("the link's page: %d %s", page.Code, page.Body)
	}
	rec := d.post(link, url.Values{"idempotencyKey": {formKeyOf(d.t, page.Body.String())}}, map[string]string{"Host": hostOr(host)})
	m := setCookie.FindStringSubmatch(rec.Header().Get("Set-Cookie"))
	if rec.Code != http.StatusSeeOther || m == nil {
		d.t.Fatalf("signing in: %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
	return m[1]
}

func formKeyOf(t *testing.T, page string) string {
	t.Helper()
	m := formKeyField.FindStringSubmatch(page)
	if m == nil {
		t.Fatal("no form key on the page")
	}
	return m[1]
}

func (d *dashboard) status(id string) string {
	var s string
	if err := d.pool.QueryRow(db.WithEveryBusiness(context.Background()), `SELECT status FROM bookings WHERE id = $1`, id).Scan(&s); err != nil {
		d.t.Fatal(err)
	}
	return s
}

// Who sees what: each role against each page and change, signed out,
// another business's person, another staff member's ids, a cross-site
// post. What a request must not reach answers as if it did not exist, and
// nothing it must not change changes.
func TestTheDashboardShowsAndChangesOnlyWhatARoleReaches(t *testing.T) {
	d := newDashboard(t)
	signIn := "/admin/sign-in"
	tests := []struct {
		name, who, host, method, target string
		form                            url.Values
		header                          map[string]string
		want                            int
		location                        string   // where a 303 sends
		shows, hides                    []string // on the page answered
	}{
		{"signed out, the bookings", "", "", "GET", "/admin", nil, nil, 303, signIn, nil, nil},
		{"signed out, a booking", "", "", "GET", "/admin/booking/" + d.jonasRequest, nil, nil, 303, signIn, nil, nil},
		{"signed out, a booking's data", "", "", "GET", "/api/page-data?path=" + url.QueryEscape("/admin/booking/"+d.jonasRequest), nil, nil, 200, "", []string{`"redirect":"/admin/sign-in"`}, []string{"ada@example.com"}},
		{"signed out, in German", "", "", "GET", "/de/admin", nil, nil, 303, "/de/admin/sign-in", nil, nil},
		{"the owner sees every booking", "owner", "", "GET", "/admin", nil, nil, 200, "", []string{"ada@example.com", "grace@example.com"}, []string{"alan@example.com"}},
		{"the front desk sees every booking", "desk", "", "GET", "/admin", nil, nil, 200, "", []string{"ada@example.com", "grace@example.com"}, nil},
		{"the front desk opens any booking", "desk", "", "GET", "/admin/booking/" + d.miaBooking, nil, nil, 200, "", []string{"grace@example.com"}, nil},
		{"a staff member sees their own", "jonas", "", "GET", "/admin", nil, nil, 200, "", []string{"ada@example.com"}, []string{"grace@example.com"}},
		{"a staff member's list, as data", "jonas", "", "GET", "/api/page-data?path=" + url.QueryEscape("/admin"), nil, nil, 200, "", []string{`"staff":[]`, "ada@example.com"}, []string{"grace@example.com", "Mia Weber"}},
		{"a staff member asking for another's", "jonas", "", "GET", "/admin?staff=mia", nil, nil, 200, "", []string{"ada@example.com"}, []string{"grace@example.com"}},
		{"a staff member's requests", "mia", "", "GET", "/admin/bookings/requests", nil, nil, 200, "", nil, []string{"ada@example.com"}},
		{"another staff member's booking", "mia", "", "GET", "/admin/booking/" + d.jonasRequest, nil, nil, 404, "", nil, []string{"ada@example.com"}},
		{"another staff member's booking's data", "mia", "", "GET", "/api/page-data?path=" + url.QueryEscape("/admin/booking/"+d.jonasRequest), nil, nil, 404, "", nil, []string{"ada@example.com"}},
		{"confirming another staff member's request", "mia", "", "POST", "/admin/booking/" + d.jonasRequest, url.Values{"do": {"confirm"}}, nil, 404, "", nil, []string{"ada@example.com"}},
		{"a bulk change with one booking out of reach", "mia", "", "POST", "/admin", url.Values{"do": {"cancel"}, "id": {d.miaBooking, d.jonasRequest}}, nil, 404, "", nil, nil},
		{"confirming it from the list", "mia", "", "POST", "/admin/bookings/requests", url.Values{"do": {"confirm"}, "id": {d.jonasRequest}}, nil, 404, "", nil, nil},
		{"another business's booking", "owner", "", "GET", "/admin/booking/" + d.betaBooking, nil, nil, 404, "", nil, []string{"alan@example.com"}},
		{"another business's person on this host", "betaOwner", "", "GET", "/admin", nil, nil, 303, signIn, nil, nil},
		{"another business's person on their own host", "betaOwner", hostB, "GET", "/admin", nil, nil, 200, "", []string{"alan@example.com"}, []string{"ada@example.com"}},
		{"their own host, this business's booking", "betaOwner", hostB, "GET", "/admin/booking/" + d.jonasRequest, nil, nil, 404, "", nil, []string{"ada@example.com"}},
		{"a cross-site post", "owner", "", "POST", "/admin/booking/" + d.jonasRequest, url.Values{"do": {"confirm"}}, map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, "", nil, nil},
		{"signed out, a change", "", "", "POST", "/admin/booking/" + d.jonasRequest, url.Values{"do": {"confirm"}}, nil, 303, signIn, nil, nil},
		{"a change the dashboard does not make", "owner", "", "POST", "/admin/booking/" + d.jonasRequest, url.Values{"do": {"delete"}}, nil, 422, "", nil, nil},
		{"a bulk change of nothing", "owner", "", "POST", "/admin/bookings/requests", url.Values{"do": {"confirm"}}, nil, 422, "", nil, nil},
		{"a forged session", "", "", "GET", "/admin", nil, map[string]string{"Cookie": "__Host-slotwise_admin=sws_AAAAAAAAAAAAAAAAAAAAAAAAAA"}, 303, signIn, nil, nil},
		{"a cursor this server did not write", "owner", "", "GET", "/admin?cursor=zzzz", nil, nil, 200, "", []string{"ada@example.com"}, nil},
		{"a cursor past year 9999", "owner", "", "GET", "/admin?cursor=OTIyMzM3MjAzNjg1NDc3NTgwN3xiaw", nil, nil, 200, "", []string{"ada@example.com"}, nil},
		{"a search by address", "desk", "", "GET", "/admin?q=GRACE%40", nil, nil, 200, "", []string{"grace@example.com"}, []string{"ada@example.com"}},
		{"a search by a calendar", "desk", "", "GET", "/admin?calendar=facial-treatment", nil, nil, 200, "", []string{"ada@example.com"}, []string{"grace@example.com"}},
		{"a search of wildcards", "owner", "", "GET", "/admin?q=%25_%5C", nil, nil, 200, "", nil, []string{"ada@example.com"}},
		{"another business's search for this one's client", "betaOwner", hostB, "GET", "/admin?q=ada", nil, nil, 200, "", nil, []string{"ada@example.com"}},
		{"another business's search by this one's client's name and address", "betaOwner", hostB, "GET", "/admin?q=grace+example", nil, nil, 200, "", nil, []string{"grace@example.com"}},
		{"another business's search for its own client", "betaOwner", hostB, "GET", "/admin?q=alan", nil, nil, 200, "", []string{"alan@example.com"}, nil},
		{"another business's person and calendar of the same slugs", "betaOwner", hostB, "GET", "/admin?staff=jonas&calendar=facial-treatment", nil, nil, 200, "", []string{"alan@example.com"}, []string{"ada@example.com"}},
		{"this business's person and calendar of the same slugs", "desk", "", "GET", "/admin?staff=jonas&calendar=facial-treatment", nil, nil, 200, "", []string{"ada@example.com"}, []string{"alan@example.com", "grace@example.com"}},
		{"another business's calendar page of the same person's slug", "betaOwner", hostB, "GET", "/admin/calendar?staff=jonas&date=" + nextMonday10()[:10], nil, nil, 200, "", []string{"alan@example.com"}, []string{"ada@example.com"}},
		{"another business's export of a search for this one's client", "betaOwner", hostB, "GET", "/api/dashboard/bookings.csv?q=ada", nil, nil, 200, "", nil, []string{"ada@example.com"}},
		{"dates that are not", "owner", "", "GET", "/admin?from=2026-13-45&to=0000-00-00", nil, nil, 200, "", []string{"ada@example.com"}, nil},
		{"a tab that is not one", "owner", "", "GET", "/admin/bookings/everything", nil, nil, 404, "", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			header := map[string]string{"Host": hostOr(tt.host)}
			if c := d.cookies[tt.who]; c != "" {
				header["Cookie"] = c
			}
			for k, v := range tt.header {
				header[k] = v
			}
			var rec *httptest.ResponseRecorder
			if tt.method == "POST" {
				tt.form.Set("idempotencyKey", "key-"+tt.name)
				rec = d.post(tt.target, tt.form, header)
			} else {
				rec = d.do(tt.method, tt.target, header)
			}
			body := rec.Body.String()
			if rec.Code != tt.want {
				t.Fatalf("%d, want %d: %s", rec.Code, tt.want, body)
			}
			if tt.location != "" && rec.Header().Get("Location") != tt.location {
				t.Errorf("sent to %q, want %q", rec.Header().Get("Location"), tt.location)
			}
			for _, s := range tt.shows {
				if !strings.Contains(body, s) {
					t.Errorf("does not show %q", s)
				}
			}
			for _, s := range tt.hides {
				if strings.Contains(body, s) {
					t.Errorf("shows %q", s)
				}
			}
		})
	}
	if s := d.status(d.jonasRequest); s != "requested" {
		t.Errorf("the request is %s after changes nobody could make", s)
	}
	if s := d.status(d.miaBooking); s != "scheduled" {
		t.Errorf("mia's booking is %s after a bulk change that was refused", s)
	}
}

// The front desk confirms a request from its row, a double submit changes
// it once, and the owner cancels several bookings together with a reason
// the booker is told: each through the booking service's commands, with
// their events.
func TestTheDashboardConfirmsAndCancelsThroughTheBookingCommands(t *testing.T) {
	d := newDashboard(t)
	start, _ := time.Parse(time.RFC3339, nextMonday10())
	second := d.bookWith("", "facial-treatment", "mia", start.Add(26*time.Hour), "barbara@example.com")
	desk := map[string]string{"Cookie": d.cookies["desk"]}
	page := d.do(http.MethodGet, "/admin/bookings/requests", desk)
	if !strings.Contains(page.Body.String(), "ada@example.com") || !strings.Contains(page.Body.String(), "barbara@example.com") {
		t.Fatalf("the requests tab: %s", page.Body)
	}
	key := formKeyOf(t, page.Body.String())
	for range 2 {
		rec := d.post("/admin/bookings/requests", url.Values{"do": {"confirm"}, "id": {d.jonasRequest}, "idempotencyKey": {key}}, desk)
		if rec.Code != 303 || rec.Header().Get("Location") != "/admin/bookings/requests?done=confirmed" {
			t.Fatalf("confirm: %d %v %s", rec.Code, rec.Header(), rec.Body)
		}
	}
	if s := d.status(d.jonasRequest); s != "scheduled" {
		t.Errorf("confirmed, the request is %s", s)
	}
	var confirmations int
	ctx := db.WithEveryBusiness(context.Background())
	if err := d.pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE type = 'booking.confirmed' AND payload->>'bookingId' = $1`, d.jonasRequest).Scan(&confirmations); err != nil || confirmations != 1 {
		t.Errorf("%d confirmations told (%v), want 1", confirmations, err)
	}
	page = d.do(http.MethodGet, "/admin/bookings/requests?done=confirmed", desk)
	if body := page.Body.String(); strings.Contains(body, "ada@example.com") || !strings.Contains(body, "The client is told") {
		t.Errorf("after confirming, the requests tab: %s", body)
	}
	owner := map[string]string{"Cookie": d.cookies["owner"]}
	rec := d.post("/admin", url.Values{"do": {"cancel"}, "id": {d.miaBooking, second}, "reason": {"The studio is closed for repairs"}, "idempotencyKey": {"bulk-1"}}, owner)
	if rec.Code != 303 {
		t.Fatalf("bulk cancel: %d %s", rec.Code, rec.Body)
	}
	for _, id := range []string{d.miaBooking, second} {
		var status, reason string
		var told int
		if err := d.pool.QueryRow(ctx, `SELECT status, cancellation_reason, (SELECT count(*) FROM events WHERE type = 'booking.cancelled' AND payload->>'bookingId' = $1)
			FROM bookings WHERE id = $1`, id).Scan(&status, &reason, &told); err != nil {
			t.Fatal(err)
		}
		if status != "cancelled" || reason != "The studio is closed for repairs" || told != 1 {
			t.Errorf("%s: %s %q told %d times", id, status, reason, told)
		}
	}
	rec = d.post("/admin/booking/"+d.miaBooking, url.Values{"do": {"cancel"}, "idempotencyKey": {"again"}}, owner)
	if rec.Code == 303 || rec.Code >= 500 {
		t.Errorf("cancelling a cancelled booking: %d", rec.Code)
	}
	if page := d.do(http.MethodGet, "/admin/booking/"+d.miaBooking, owner); !strings.Contains(page.Body.String(), "The studio is closed for repairs") {
		t.Errorf("the cancelled booking's page does not tell its reason")
	}
	// Each change is told with who made it: in its event, and in the
	// booking's history, which outlives the events.
	var actor string
	if err := d.pool.QueryRow(ctx, `SELECT actor FROM events WHERE type = 'booking.confirmed' AND payload->>'bookingId' = $1`, d.jonasRequest).Scan(&actor); err != nil || actor != "person:desk@example.com" {
		t.Errorf("the confirmation's actor is %q (%v)", actor, err)
	}
	history := d.do(http.MethodGet, "/api/page-data?path="+url.QueryEscape("/admin/booking/"+d.jonasRequest), owner).Body.String()
	for _, want := range []string{`"type":"booked"`, `"type":"confirmed","byKind":"person","by":"desk@example.com"`} {
		if !strings.Contains(history, want) {
			t.Errorf("the history does not hold %s: %s", want, history)
		}
	}
	if _, err := d.pool.Exec(ctx, `DELETE FROM events`); err != nil {
		t.Fatal(err)
	}
	history = d.do(http.MethodGet, "/api/page-data?path="+url.QueryEscape("/admin/booking/"+d.miaBooking), owner).Body.String()
	if !strings.Contains(history, `"type":"cancelled","byKind":"person","by":"owner@example.com"`) || !strings.Contains(history, `"reason":"The studio is closed for repairs"`) {
		t.Errorf("with the events purged, the history: %s", history)
	}
}

// The export is the list a viewer sees, every row of it, with nothing a
// spreadsheet would run as a formula.
func TestTheExportIsTheListAViewerSees(t *testing.T) {
	d := newDashboard(t)
	start, _ := time.Parse(time.RFC3339, nextMonday10())
	formula := d.send(http.MethodPost, "/api/bookings", bookingBody(start.Add(5*time.Hour).Format(time.RFC3339), func(b map[string]any) {
		b["calendar"] = "demo-massage"
		b["contact"].(map[string]any)["firstName"] = "=HYPERLINK(\"http://evil.example\")"
		b["contact"].(map[string]any)["email"] = "formula@example.com"
	}), nil)
	if formula.Code != http.StatusCreated {
		t.Fatalf("booking: %d %s", formula.Code, formula.Body)
	}
	export := func(who, query string) (int, string) {
		rec := d.do(http.MethodGet, "/api/dashboard/bookings.csv?"+query, map[string]string{"Cookie": d.cookies[who]})
		return rec.Code, rec.Body.String()
	}
	code, body := export("owner", "tab=upcoming")
	if code != 200 || !strings.Contains(body, "ada@example.com") || !strings.Contains(body, "grace@example.com") || strings.Contains(body, "alan@example.com") {
		t.Fatalf("the owner's export: %d\n%s", code, body)
	}
	if !strings.Contains(body, `'=HYPERLINK`) || strings.Contains(body, "\n=") || strings.Contains(body, ",=") {
		t.Errorf("a formula is left to run:\n%s", body)
	}
	if _, body := export("jonas", "tab=upcoming&staff=mia"); !strings.Contains(body, "ada@example.com") || strings.Contains(body, "grace@example.com") {
		t.Errorf("a staff member's export holds another's bookings:\n%s", body)
	}
	if _, body := export("desk", "tab=requests"); !strings.Contains(body, "ada@example.com") || strings.Contains(body, "grace@example.com") {
		t.Errorf("the requests' export:\n%s", body)
	}
	if code, _ := export("", "tab=upcoming"); code != 401 {
		t.Errorf("signed out, an export: %d", code)
	}
}

// Once a booking has begun, its client's attendance is marked (not
// before, not of a cancelled one); notes are added by anyone who sees the
// booking, once per submit, and carry their author.
func TestAttendanceAndNotes(t *testing.T) {
	d := newDashboard(t)
	jonas := map[string]string{"Cookie": d.cookies["jonas"]}
	mark := func(id, attendance string, who map[string]string) int {
		return d.post("/admin/booking/"+id, url.Values{"do": {attendance}, "idempotencyKey": {"m-" + attendance + id}}, who).Code
	}
	if code := mark(d.jonasRequest, "no_show", jonas); code != http.StatusConflict {
		t.Errorf("a booking still ahead marked: %d", code)
	}
	// Begun ten minutes ago, a request still unanswered is no appointment
	// to attend; confirmed, it is.
	if _, err := d.pool.Exec(db.WithEveryBusiness(context.Background()), `UPDATE bookings b SET starts_at = b.starts_at - x.s, ends_at = b.ends_at - x.s,
		blocked = tstzrange(lower(b.blocked) - x.s, upper(b.blocked) - x.s)
		FROM (SELECT starts_at - (now() - interval '10 minutes') AS s FROM bookings WHERE id = $1) x WHERE b.id = $1`, d.jonasRequest); err != nil {
		t.Fatal(err)
	}
	if code := mark(d.jonasRequest, "attended", jonas); code != http.StatusGone {
		t.Errorf("a request marked: %d", code)
	}
	if _, err := d.pool.Exec(db.WithEveryBusiness(context.Background()), `UPDATE bookings SET status = 'scheduled' WHERE id = $1`, d.jonasRequest); err != nil {
		t.Fatal(err)
	}
	if code := mark(d.jonasRequest, "no_show", jonas); code != 303 {
		t.Fatalf("a booking begun, marked by its staff member: %d", code)
	}
	if code := mark(d.miaBooking, "attended", jonas); code != 404 {
		t.Errorf("another staff member's booking marked: %d", code)
	}
	if code := mark(d.jonasRequest, "late", jonas); code != 422 {
		t.Errorf("an attendance that is none: %d", code)
	}
	key := url.Values{"do": {"note"}, "note": {"Called: she is stuck in traffic"}, "idempotencyKey": {"note-1"}}
	for range 2 {
		if rec := d.post("/admin/booking/"+d.jonasRequest, key, jonas); rec.Code != 303 {
			t.Fatalf("a note: %d %s", rec.Code, rec.Body)
		}
	}
	if rec := d.post("/admin/booking/"+d.jonasRequest, url.Values{"do": {"note"}, "note": {"  "}, "idempotencyKey": {"note-2"}}, jonas); rec.Code != 422 {
		t.Errorf("an empty note: %d", rec.Code)
	}
	data := d.do(http.MethodGet, "/api/page-data?path="+url.QueryEscape("/admin/booking/"+d.jonasRequest), map[string]string{"Cookie": d.cookies["desk"]}).Body.String()
	if strings.Count(data, "stuck in traffic") != 1 || !strings.Contains(data, `"attendance":"no_show"`) ||
		!strings.Contains(data, `"byKind":"person","by":"jonas@example.com","body":"Called`) || !strings.Contains(data, `"type":"no_show","byKind":"person","by":"jonas@example.com"`) {
		t.Errorf("the booking's page data:\n%s", data)
	}
}

// The front desk moves a booking for its client on the phone: the page
// offers the day's free times (its own time free), the move keeps what
// the business decided, the client is told, and a taken time is refused.
func TestTheFrontDeskMovesABookingForItsClient(t *testing.T) {
	d := newDashboard(t)
	desk := map[string]string{"Cookie": d.cookies["desk"]}
	start, _ := time.Parse(time.RFC3339, nextMonday10())
	day := start.In(berlin()).Format(time.DateOnly)
	data := d.do(http.MethodGet, "/api/page-data?path="+url.QueryEscape("/admin/booking/"+d.miaBooking+"?date="+day), desk).Body.String()
	own := start.Add(3 * time.Hour).In(berlin()).Format(time.RFC3339)
	if !strings.Contains(data, `"move":{"date":"`+day+`","times":[`) || !strings.Contains(data, own) {
		t.Fatalf("the move's times do not hold the booking's own: %s", data)
	}
	to := start.Add(5 * time.Hour).In(berlin()).Format(time.RFC3339)
	rec := d.post("/admin/booking/"+d.miaBooking, url.Values{"do": {"reschedule"}, "start": {to}, "idempotencyKey": {"move-1"}}, desk)
	if rec.Code != 303 || rec.Header().Get("Location") != "/admin/booking/"+d.miaBooking+"?done=moved" {
		t.Fatalf("the move: %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
	ctx := db.WithEveryBusiness(context.Background())
	var status string
	var at time.Time
	if err := d.pool.QueryRow(ctx, `SELECT status, starts_at FROM bookings WHERE id = $1`, d.miaBooking).Scan(&status, &at); err != nil {
		t.Fatal(err)
	}
	if status != "rescheduled" || !at.Equal(start.Add(5*time.Hour)) {
		t.Errorf("moved, the booking is %s at %s", status, at)
	}
	var actor string
	if err := d.pool.QueryRow(ctx, `SELECT actor FROM events WHERE type = 'booking.rescheduled' AND payload->>'bookingId' = $1`, d.miaBooking).Scan(&actor); err != nil || actor != "person:desk@example.com" {
		t.Errorf("the move's actor %q (%v)", actor, err)
	}
	// A request moved stays a request; a time its person is taken refuses.
	rec = d.post("/admin/booking/"+d.jonasRequest, url.Values{"do": {"reschedule"}, "start": {start.Add(time.Hour).In(berlin()).Format(time.RFC3339)}, "idempotencyKey": {"move-2"}}, desk)
	if rec.Code != 303 || d.status(d.jonasRequest) != "requested" {
		t.Errorf("a request moved: %d, %s", rec.Code, d.status(d.jonasRequest))
	}
	taken := start.Add(6 * time.Hour)
	d.bookWith("", "demo-massage", "jonas", taken, "barbara@example.com") // its calendar takes anyone free: both are taken
	d.bookWith("", "demo-massage", "mia", taken, "frances@example.com")
	rec = d.post("/admin/booking/"+d.jonasRequest, url.Values{"do": {"reschedule"}, "start": {taken.In(berlin()).Format(time.RFC3339)}, "idempotencyKey": {"move-5"}}, desk)
	if rec.Code != http.StatusConflict {
		t.Errorf("a move onto a time everyone is taken: %d", rec.Code)
	}
	rec = d.post("/admin/booking/"+d.jonasRequest, url.Values{"do": {"reschedule"}, "start": {"not a time"}, "idempotencyKey": {"move-3"}}, desk)
	if rec.Code != 422 {
		t.Errorf("a move to no time: %d", rec.Code)
	}
	if rec := d.post("/admin/booking/"+d.miaBooking, url.Values{"do": {"reschedule"}, "start": {to}, "idempotencyKey": {"move-4"}}, map[string]string{"Cookie": d.cookies["jonas"]}); rec.Code != 404 {
		t.Errorf("another staff member's booking moved: %d", rec.Code)
	}
}

// browser is the headers of who's browser ("" signed out) on host ("" the
// demo's).
func (d *dashboard) browser(who, host string) map[string]string {
	header := map[string]string{"Host": hostOr(host)}
	if c := d.cookies[who]; c != "" {
		header["Cookie"] = c
	}
	return header
}

// expect checks an answer: its status, and what it shows and must not.
func expect(t *testing.T, rec *httptest.ResponseRecorder, want int, shows, hides []string) {
	t.Helper()
	body := rec.Body.String()
	if rec.Code != want {
		t.Fatalf("%d, want %d: %s", rec.Code, want, body)
	}
	for _, s := range shows {
		if !strings.Contains(body, s) {
			t.Errorf("does not show %q", s)
		}
	}
	for _, s := range hides {
		if strings.Contains(body, s) {
			t.Errorf("shows %q", s)
		}
	}
}
