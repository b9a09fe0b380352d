package notify_test

import (
	"bytes"
	"net/mail"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"slotwise/backend/internal/notify"
)

// FuzzICS: whatever a booker types, the calendar file stays a calendar
// file: CRLF lines of at most 75 octets, no line break inside a value (so
// no injected property), one event.
func FuzzICS(f *testing.F) {
	f.Add("Consultation · Demo", "Line one\nLine two; a,b\\c", "Lindenstraße 12", "Ada Lovelace", "ada@example.com", "https://x/y?token=t")
	f.Add("X\r\nATTENDEE:mailto:evil@example.com", "\r\nEND:VEVENT", strings.Repeat("é", 200), "\x00", "a@b", "")
	f.Fuzz(func(t *testing.T, summary, desc, location, name, email, url string) {
		start := time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)
		ics := notify.ICS(notify.Event{
			UID: "bk_1@slotwise", Start: start, End: start.Add(time.Hour), Stamp: start,
			Summary: summary, Description: desc, Location: location, URL: url,
			OrganizerName: "Studio", OrganizerEmail: "studio@example.com", AttendeeName: name, AttendeeEmail: email,
		}, notify.MethodRequest)
		if !utf8.Valid(ics) {
			t.Fatal("the calendar file is not UTF-8")
		}
		if !bytes.HasSuffix(ics, []byte("\r\n")) {
			t.Fatal("does not end with CRLF")
		}
		lines := strings.Split(strings.TrimSuffix(string(ics), "\r\n"), "\r\n")
		events := 0
		for _, line := range lines {
			if len(line) > 75 {
				t.Fatalf("line of %d octets: %q", len(line), line)
			}
			if strings.ContainsAny(line, "\r\n") {
				t.Fatalf("bare line break in %q", line)
			}
			if line == "BEGIN:VEVENT" {
				events++
			}
		}
		if events != 1 {
			t.Fatalf("%d events", events)
		}
	})
}

// FuzzMIME: a mail either refuses its input or is one message that
// net/mail reads back, with the recipient and subject it was given and no
// header a subject or a name could inject.
func FuzzMIME(f *testing.F) {
	f.Add("ada@example.com", "Ada Lovelace", "Booking confirmed", "Hello\nthere", "<p>Hi</p>")
	f.Add("ada@exämple.com", "Ada\r\nBcc: evil@example.com", "Subject\r\nX-Injected: 1", "\x00", "")
	f.Fuzz(func(t *testing.T, to, toName, subject, text, html string) {
		msg := notify.Message{To: to, ToName: toName, Subject: subject, Text: text, HTML: html}
		data, err := msg.MIME("bookings@example.com", "Studio", time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC), "")
		if err != nil {
			return
		}
		m, err := mail.ReadMessage(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("unreadable message: %v\n%q", err, data)
		}
		for _, k := range []string{"Bcc", "Cc", "X-Injected"} {
			if m.Header.Get(k) != "" {
				t.Fatalf("injected header %s", k)
			}
		}
		rcpt, err := mail.ParseAddress(m.Header.Get("To"))
		if err != nil || !strings.EqualFold(rcpt.Address, mustASCII(t, to)) {
			t.Fatalf("To %q (%v), want %q", m.Header.Get("To"), err, to)
		}
		head := string(data[:bytes.Index(data, []byte("\r\n\r\n"))])
		if !utf8.ValidString(head) || strings.ContainsFunc(head, func(r rune) bool { return r > 0x7e }) {
			t.Fatalf("headers are not ASCII: %q", head)
		}
	})
}

func mustASCII(t *testing.T, addr string) string {
	a, err := mail.ParseAddress(strings.TrimSpace(addr))
	if err != nil {
		t.Fatalf("MIME accepted %q that net/mail refuses: %v", addr, err)
	}
	ascii, err := notify.ASCIIAddress(a.Address)
	if err != nil {
		t.Fatalf("MIME accepted %q: %v", addr, err)
	}
	return ascii
}
