package booking_test

import (
	"context"
	"encoding/base64"
	"errors"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/notify"
)

type brokenRenderer struct{}

func (brokenRenderer) Call(context.Context, string, ...string) (string, error) {
	return "", errors.New("renderer is down")
}

// mailFixture is the service with its mail consumer subscribed, and a
// dispatcher the test runs by hand.
func mailFixture(t *testing.T) (*booking.Service, *db.Pool, *events.Dispatcher) {
	t.Helper()
	svc, pool, _ := newService(t)
	return svc, pool, mailDispatcher(t, svc, pool, brokenRenderer{})
}

// mailDispatcher subscribes the service's mail consumer, drawing its mails
// with r, and gives the dispatcher the test runs by hand.
func mailDispatcher(t *testing.T, svc *booking.Service, pool *db.Pool, r notify.Renderer) *events.Dispatcher {
	t.Helper()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	d := &events.Dispatcher{Pool: pool, Logger: log, Consumers: []events.Consumer{
		&booking.Mailer{Service: svc, Mailer: notify.Mailer{Renderer: r, BaseURL: "https://book.example.com", From: "b@example.com", Logger: log}},
	}}
	if err := d.Subscribe(context.Background()); err != nil {
		t.Fatal(err)
	}
	return d
}

type queuedMail struct{ kind, recipient, subject, mime string }

func deliverAndRead(t *testing.T, pool *db.Pool, d *events.Dispatcher) []queuedMail {
	t.Helper()
	if _, err := d.DeliverDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	rows, err := pool.Query(context.Background(), `SELECT kind, recipient, subject, convert_from(mime, 'UTF8') FROM outbox ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []queuedMail
	for rows.Next() {
		var m queuedMail
		rows.Scan(&m.kind, &m.recipient, &m.subject, &m.mime)
		m.mime = decodedParts(t, m.mime)
		out = append(out, m)
	}
	return out
}

func TestABookingStandsWhenItsMailCannotBeRendered(t *testing.T) {
	svc, pool, d := mailFixture(t)
	b, _, err := book(svc, "2026-11-23T10:00:00+01:00")
	if err != nil {
		t.Fatalf("booking failed with the renderer down: %v", err)
	}
	mails := deliverAndRead(t, pool, d)
	if len(mails) != 2 {
		t.Fatalf("%d mails queued for %s, want 2 (booker and staff)", len(mails), b.ID)
	}
	for _, m := range mails {
		if !strings.Contains(m.subject, "Consultation") || !strings.Contains(m.mime, "invite.ics") {
			t.Errorf("plain mail %q lacks the facts or the calendar file", m.subject)
		}
	}
}

// recordingRenderer keeps what each mail was rendered from and answers
// with a plain mail.
type recordingRenderer struct {
	mu       sync.Mutex
	payloads []string
}

func (r *recordingRenderer) Call(_ context.Context, _ string, args ...string) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.payloads = append(r.payloads, args[len(args)-1])
	return `{"subject":"s","text":"t","html":"<p>h</p>"}`, nil
}

func TestMailsWearTheBusinessColour(t *testing.T) {
	svc, pool, _ := newService(t)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `UPDATE locations SET brand_color = '#b45309'`); err != nil {
		t.Fatal(err)
	}
	r := &recordingRenderer{}
	d := mailDispatcher(t, svc, pool, r)
	if _, _, err := book(svc, "2026-11-23T10:00:00+01:00"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.DeliverDue(ctx); err != nil {
		t.Fatal(err)
	}
	if len(r.payloads) != 2 {
		t.Fatalf("%d mails rendered, want 2 (booker and staff)", len(r.payloads))
	}
	for _, p := range r.payloads {
		if !strings.Contains(p, `"brand":"#b45309"`) {
			t.Errorf("a mail is rendered without the business's colour: %.300s", p)
		}
	}
}

func TestMailsJudgeCanChangeOnTheServicesClock(t *testing.T) {
	for _, tc := range []struct {
		name  string
		later time.Duration // the service's clock moves on before the mail is made
		want  string
	}{
		{"before the appointment", 0, `"canChange":true`},
		{"once it has started", 30 * 24 * time.Hour, `"canChange":false`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			svc, pool, _ := newService(t)
			ctx := context.Background()
			r := &recordingRenderer{}
			d := mailDispatcher(t, svc, pool, r)
			if _, _, err := book(svc, "2026-11-23T10:00:00+01:00"); err != nil {
				t.Fatal(err)
			}
			now := svc.Now().Add(tc.later)
			svc.SetClock(func() time.Time { return now })
			if _, err := d.DeliverDue(ctx); err != nil {
				t.Fatal(err)
			}
			if len(r.payloads) == 0 || !strings.Contains(r.payloads[0], tc.want) {
				t.Errorf("the booker's mail, on the service's clock at %s, lacks %s", now.Format(time.RFC3339), tc.want)
			}
		})
	}
}

// decodedParts is the message's headers and every part decoded (the
// calendar file is base64, the texts quoted-printable), so a test reads
// what the recipient's programs read.
func decodedParts(t *testing.T, raw string) string {
	t.Helper()
	msg, err := mail.ReadMessage(strings.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	for k, v := range msg.Header {
		out.WriteString(k + ": " + strings.Join(v, ", ") + "\n")
	}
	var walk func(r io.Reader, contentType string)
	walk = func(r io.Reader, contentType string) {
		media, params, err := mime.ParseMediaType(contentType)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(media, "multipart/") {
			data, _ := io.ReadAll(r)
			out.Write(data)
			return
		}
		mr := multipart.NewReader(r, params["boundary"])
		for {
			part, err := mr.NextRawPart()
			if err == io.EOF {
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var body io.Reader = part
			switch part.Header.Get("Content-Transfer-Encoding") {
			case "base64":
				body = base64.NewDecoder(base64.StdEncoding, part)
			case "quoted-printable":
				body = quotedprintable.NewReader(part)
			}
			out.WriteString("\n--part\n")
			for k, v := range part.Header {
				out.WriteString(k + ": " + strings.Join(v, ", ") + "\n")
			}
			walk(body, part.Header.Get("Content-Type"))
		}
	}
	walk(msg.Body, msg.Header.Get("Content-Type"))
	return out.String()
}

var tokenInMail = regexp.MustCompile(`token=([A-Za-z0-9_-]+)`)

func TestEveryChangeMailsBookerAndStaffOnce(t *testing.T) {
	svc, pool, d := mailFixture(t)
	ctx := context.Background()
	b, token, err := book(svc, "2026-11-23T10:00:00+01:00")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Reschedule(ctx, booking.RescheduleCommand{ID: b.ID, Token: token, Start: "2026-11-24T10:00:00+01:00", TimeZone: "Europe/Berlin"}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Cancel(ctx, booking.CancelCommand{ID: b.ID, Token: token, Reason: "ill"}); err != nil {
		t.Fatal(err)
	}
	mails := deliverAndRead(t, pool, d)
	// A second round (another replica, a restart) finds nothing left to do.
	if again := deliverAndRead(t, pool, d); len(again) != len(mails) {
		t.Errorf("a second delivery round queued %d more mails", len(again)-len(mails))
	}
	var kinds []string
	for _, m := range mails {
		kinds = append(kinds, m.kind)
		toBooker := m.recipient == "ada@example.com"
		tokens := tokenInMail.FindAllStringSubmatch(m.mime, -1)
		if !toBooker && len(tokens) > 0 {
			t.Errorf("the staff member's %s mail carries a manage link", m.kind)
		}
		if toBooker {
			if len(tokens) == 0 {
				t.Errorf("the booker's %s mail has no manage link", m.kind)
				continue
			}
			if _, err := svc.Get(ctx, b.ID, tokens[0][1]); err != nil {
				t.Errorf("the link of the booker's %s mail does not open the booking: %v", m.kind, err)
			}
			assertStoredOnlyHashed(t, pool, tokens[0][1])
		}
	}
	want := "booking.confirmation staff.booked booking.rescheduled staff.rescheduled booking.cancelled staff.cancelled"
	if got := strings.Join(kinds, " "); got != want {
		t.Errorf("mails %s, want %s", got, want)
	}
	for _, m := range mails {
		if !strings.Contains(m.mime, "BEGIN:VCALENDAR") {
			t.Errorf("%s mail has no calendar file", m.kind)
		}
		// The calendar file folds long lines; unfolded, the staff's has no link either.
		if m.recipient != "ada@example.com" && strings.Contains(strings.ReplaceAll(m.mime, "\r\n ", ""), "token") {
			t.Errorf("the staff member's %s mail or calendar file carries a manage token", m.kind)
		}
	}
	if !strings.Contains(mails[4].mime, "METHOD:CANCEL") || !strings.Contains(mails[5].mime, "METHOD:CANCEL") {
		t.Errorf("cancel mails lack a cancelling calendar file")
	}
}

// A series is one decision: its booker and its person hear of it once, with
// every time in the mail and in one calendar file; an occurrence cancelled
// later is its own news.
func TestASeriesIsOneMailWithEveryTime(t *testing.T) {
	svc, pool, d := mailFixture(t)
	ctx := context.Background()
	b, token, err := svc.Book(ctx, massageSeries("2026-12-01T10:00:00+01:00", booking.EveryWeek, 4))
	if err != nil {
		t.Fatal(err)
	}
	mails := deliverAndRead(t, pool, d)
	var kinds []string
	for _, m := range mails {
		kinds = append(kinds, m.kind)
		unfolded := strings.ReplaceAll(m.mime, "\r\n ", "")
		if n := strings.Count(unfolded, "BEGIN:VEVENT"); n != 4 {
			t.Errorf("%s to %s: calendar file with %d events, want 4", m.kind, m.recipient, n)
		}
		if n := strings.Count(unfolded, "BEGIN:VCALENDAR"); n != 1 {
			t.Errorf("%s to %s: %d calendar files, want one", m.kind, m.recipient, n)
		}
		for _, day := range []string{"20261201T090000Z", "20261208T090000Z", "20261215T090000Z", "20261222T090000Z"} {
			if !strings.Contains(unfolded, "DTSTART:"+day) {
				t.Errorf("%s to %s lacks the time %s", m.kind, m.recipient, day)
			}
		}
	}
	if got := strings.Join(kinds, " "); got != "booking.confirmation staff.booked" {
		t.Fatalf("mails %s, want one confirmation and one staff mail", got)
	}
	// The link in the one mail opens every time of the series.
	tokens := tokenInMail.FindAllStringSubmatch(mails[0].mime, -1)
	if len(tokens) == 0 {
		t.Fatal("the confirmation has no manage link")
	}
	all, err := svc.SeriesOf(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	for i, x := range all {
		if _, err := svc.Get(ctx, x.ID, tokens[0][1]); err != nil {
			t.Errorf("the mail's link does not open time %d: %v", i, err)
		}
	}
	if _, err := svc.Cancel(ctx, booking.CancelCommand{ID: all[2].ID, Token: token}); err != nil {
		t.Fatal(err)
	}
	after := deliverAndRead(t, pool, d)[len(mails):]
	if len(after) != 2 || after[0].kind != "booking.cancelled" || strings.Count(after[0].mime, "BEGIN:VEVENT") != 1 {
		t.Errorf("cancelling one time: %d mails, want the booker's and the person's, each of that time only", len(after))
	}
}

// A visit is one mail to the booker listing every service, one to each
// person listing theirs, and one to a guest listing the services that are
// theirs.
func TestAVisitIsOneMailForEachWhoTakesPart(t *testing.T) {
	svc, pool, d := mailFixture(t)
	ctx := context.Background()
	menu, err := svc.MenuBySlug(ctx, "demo-salon")
	if err != nil {
		t.Fatal(err)
	}
	cmd := graceVisit(menu.ID)
	b, _, err := svc.BookCart(ctx, menu, cmd)
	if err != nil {
		t.Fatal(err)
	}
	all, err := svc.SeriesOf(ctx, b)
	if err != nil || len(all) != 3 {
		t.Fatalf("the visit: %d bookings, %v", len(all), err)
	}
	people := map[string]int{} // a person's e-mail → how many of the visit's bookings are theirs
	for _, x := range all {
		people[x.Staff.Email]++
	}
	got := map[string]int{} // recipient → mails
	for _, m := range deliverAndRead(t, pool, d) {
		got[m.recipient]++
		events := strings.Count(m.mime, "BEGIN:VEVENT")
		switch {
		case m.recipient == "ada@example.com" && events != 3:
			t.Errorf("the booker's mail tells of %d bookings, want all 3", events)
		case m.recipient == "grace@example.com" && events != 2:
			t.Errorf("the guest's mail tells of %d bookings, want her 2", events)
		case people[m.recipient] > 0 && events != people[m.recipient]:
			t.Errorf("%s's mail tells of %d bookings, want their %d", m.recipient, events, people[m.recipient])
		}
	}
	for who, n := range got {
		if n != 1 {
			t.Errorf("%s got %d mails, want one", who, n)
		}
	}
	if got["ada@example.com"] != 1 || got["grace@example.com"] != 1 || len(got) != 2+len(people) {
		t.Errorf("recipients %v, want the booker, the guest and each person once", got)
	}
}
