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
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/events"
)

type brokenRenderer struct{}

func (brokenRenderer) Call(context.Context, string, ...string) (string, error) {
	return "", errors.New("renderer is down")
}

// mailFixture is the service with its mail consumer subscribed, and a
// dispatcher the test runs by hand.
func mailFixture(t *testing.T) (*booking.Service, *pgxpool.Pool, *events.Dispatcher) {
	t.Helper()
	svc, pool, _ := newService(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	d := &events.Dispatcher{Pool: pool, Logger: log, Consumers: []events.Consumer{
		&booking.Mailer{Service: svc, Renderer: brokenRenderer{}, BaseURL: "https://book.example.com", From: "b@example.com", Logger: log},
	}}
	if err := d.Subscribe(context.Background()); err != nil {
		t.Fatal(err)
	}
	return svc, pool, d
}

type queuedMail struct{ kind, recipient, subject, mime string }

func deliverAndRead(t *testing.T, pool *pgxpool.Pool, d *events.Dispatcher) []queuedMail {
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
