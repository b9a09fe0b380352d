package reminders_test

import (
	"context"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net/mail"
	"net/textproto"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/notify"
)

// The calendar file a reminder carries is read by ical.js (the library
// of Thunderbird's and many web calendars) as the confirmation's is: one
// event, the same UID, the same times.
func TestTheRemindersCalendarFileOpensInICALjsAsTheConfirmations(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is needed to read the calendar file with ical.js (make test installs the UI's packages with it)")
	}
	f := newFixture(t, utc("2027-03-26 10:00"))
	ctx := context.Background()
	b := mustBook(t, f, "demo-consultation", mondayAfterChange)
	payload, _ := json.Marshal(booking.EventOf(b))
	commit, err := f.mailer.Handle(ctx, events.Event{ID: 1, Type: booking.EventBooked, Payload: payload})
	if err != nil {
		t.Fatal(err)
	}
	if err := pgx.BeginFunc(ctx, f.pool, func(tx pgx.Tx) error { return commit(ctx, tx) }); err != nil {
		t.Fatal(err)
	}
	// The confirmation says which reminders will come, as the V8 the
	// binary embeds words them.
	if text := decoded(t, f.mails(t, notify.KindConfirmation)[0].mime); !strings.Contains(text, "We will send you reminders 24 hours and 2 hours before.") {
		t.Errorf("the confirmation does not tell of the reminders:\n%s", text)
	}
	f.send(t, utc("2027-03-28 07:00"))
	dir := t.TempDir()
	var files []string
	for _, m := range []queued{f.mails(t, notify.KindConfirmation)[0], f.mails(t, notify.KindReminder)[0]} {
		name := filepath.Join(dir, m.kind+".ics")
		if err := os.WriteFile(name, []byte(calendarPart(t, m.mime)), 0o600); err != nil {
			t.Fatal(err)
		}
		files = append(files, name)
	}
	cmd := exec.Command(node, append([]string{filepath.Join("testdata", "ical.mjs")}, files...)...)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	var read []struct {
		Error  string `json:"error"`
		Method string `json:"method"`
		Events []struct{ UID, Start, End, Summary string }
	}
	if err := json.Unmarshal(out, &read); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for i, r := range read {
		if r.Error != "" || r.Method != "REQUEST" || len(r.Events) != 1 {
			t.Fatalf("%s: %+v", files[i], r)
		}
		ev := r.Events[0]
		if ev.UID != b.ID+"@slotwise" || ev.Start != "2027-03-29T07:00:00.000Z" || ev.End != "2027-03-29T07:30:00.000Z" {
			t.Errorf("%s read as %+v", filepath.Base(files[i]), ev)
		}
	}
	if read[0].Events[0] != read[1].Events[0] {
		t.Errorf("the reminder's event %+v differs from the confirmation's %+v", read[1].Events[0], read[0].Events[0])
	}
}

// calendarPart is the text/calendar part of a mail, decoded.
func calendarPart(t *testing.T, raw string) string {
	t.Helper()
	msg, err := mail.ReadMessage(strings.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var found string
	var walk func(h textproto.MIMEHeader, body io.Reader)
	walk = func(h textproto.MIMEHeader, body io.Reader) {
		mediaType, params, _ := mime.ParseMediaType(h.Get("Content-Type"))
		if strings.HasPrefix(mediaType, "multipart/") {
			r := multipart.NewReader(body, params["boundary"])
			for {
				p, err := r.NextPart() // decodes quoted-printable; base64 below
				if err != nil {
					return
				}
				walk(p.Header, p)
			}
		}
		if mediaType == "text/calendar" || mediaType == "application/ics" {
			data, _ := io.ReadAll(body)
			found = string(data)
			if strings.EqualFold(h.Get("Content-Transfer-Encoding"), "base64") {
				found = decodeBase64(t, found)
			}
		}
	}
	walk(textproto.MIMEHeader(msg.Header), msg.Body)
	if found == "" {
		t.Fatalf("no calendar file in:\n%s", raw)
	}
	return found
}
