package notify_test

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"slotwise/backend/internal/notify"
)

func berlin(t testing.TB) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func sampleEvent(t testing.TB) notify.Event {
	loc := berlin(t)
	return notify.Event{
		UID:            "booking-42@slotwise.test",
		Sequence:       0,
		Start:          time.Date(2026, 11, 23, 9, 0, 0, 0, loc),
		End:            time.Date(2026, 11, 23, 10, 0, 0, 0, loc),
		Stamp:          time.Date(2026, 11, 1, 12, 30, 5, 0, time.UTC),
		Summary:        "Consultation with Anna",
		Description:    "Bring your questions.",
		Location:       "Demo Studio",
		URL:            "https://book.example.com/widget/booking/42?token=abc",
		OrganizerName:  "Demo Studio",
		OrganizerEmail: "hello@studio.test",
		AttendeeName:   "Jane Doe",
		AttendeeEmail:  "jane@example.com",
	}
}

func TestICSGolden(t *testing.T) {
	want := strings.Join([]string{
		"BEGIN:VCALENDAR",
		"PRODID:-//Slotwise//Booking//EN",
		"VERSION:2.0",
		"CALSCALE:GREGORIAN",
		"METHOD:REQUEST",
		"BEGIN:VEVENT",
		"UID:booking-42@slotwise.test",
		"SEQUENCE:0",
		"DTSTAMP:20261101T123005Z",
		"DTSTART:20261123T080000Z",
		"DTEND:20261123T090000Z",
		"SUMMARY:Consultation with Anna",
		"DESCRIPTION:Bring your questions.",
		"LOCATION:Demo Studio",
		"URL:https://book.example.com/widget/booking/42?token=abc",
		"STATUS:CONFIRMED",
		"ORGANIZER;CN=Demo Studio:mailto:hello@studio.test",
		// 76 octets: folded after the 75th.
		"ATTENDEE;CN=Jane Doe;ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:jane@example.co",
		" m",
		"END:VEVENT",
		"END:VCALENDAR",
		"",
	}, "\r\n")
	if got := string(notify.ICS(sampleEvent(t), notify.MethodRequest)); got != want {
		t.Errorf("ICS mismatch\n got: %q\nwant: %q", got, want)
	}
}

func TestICSCancelIsCancelled(t *testing.T) {
	ev := sampleEvent(t)
	ev.Sequence = 2
	ev.Status = notify.StatusConfirmed // a CANCEL overrides it
	got := string(notify.ICS(ev, "cancel"))
	for _, line := range []string{"METHOD:CANCEL\r\n", "STATUS:CANCELLED\r\n", "SEQUENCE:2\r\n", "UID:booking-42@slotwise.test\r\n"} {
		if !strings.Contains(got, line) {
			t.Errorf("CANCEL lacks %q:\n%s", line, got)
		}
	}
	if strings.Contains(got, "CONFIRMED") {
		t.Errorf("CANCEL still says CONFIRMED:\n%s", got)
	}
}

func TestICSStatusAndMethod(t *testing.T) {
	ev := sampleEvent(t)
	ev.Status = "tentative"
	got := string(notify.ICS(ev, notify.MethodPublish))
	if !strings.Contains(got, "\r\nMETHOD:PUBLISH\r\n") || !strings.Contains(got, "\r\nSTATUS:TENTATIVE\r\n") {
		t.Errorf("want PUBLISH and TENTATIVE:\n%s", got)
	}
}

func TestICSEscapesText(t *testing.T) {
	ev := sampleEvent(t)
	ev.Summary = `Cut, colour; and \ more`
	ev.Description = "Line one\nLine two\r\nLine three\rend"
	ev.Location = "Room 1; Floor 2, Main St."
	ev.OrganizerName = "Studio: Berlin, Mitte"
	got := unfold(string(notify.ICS(ev, notify.MethodRequest)))
	for _, line := range []string{
		`SUMMARY:Cut\, colour\; and \\ more`,
		`DESCRIPTION:Line one\nLine two\nLine three\nend`,
		`LOCATION:Room 1\; Floor 2\, Main St.`,
		`ORGANIZER;CN="Studio: Berlin, Mitte":mailto:hello@studio.test`,
	} {
		if !strings.Contains(got, "\r\n"+line+"\r\n") {
			t.Errorf("missing %s in\n%s", line, got)
		}
	}
}

func TestICSFoldsLongUTF8Lines(t *testing.T) {
	ev := sampleEvent(t)
	// Two-, three- and four-byte sequences, so folds fall at every offset.
	ev.Description = strings.Repeat("Grüße aus Zürich – 東京で会いましょう 🎉 ", 12)
	ev.Summary = strings.Repeat("é", 100)
	out := string(notify.ICS(ev, notify.MethodRequest))
	if !strings.HasSuffix(out, "\r\n") || strings.Contains(strings.ReplaceAll(out, "\r\n", ""), "\n") {
		t.Fatalf("lines must end in CRLF and only there")
	}
	folded := 0
	for _, line := range strings.Split(strings.TrimSuffix(out, "\r\n"), "\r\n") {
		if len(line) > 75 {
			t.Errorf("line of %d octets: %q", len(line), line)
		}
		if !utf8.ValidString(line) {
			t.Errorf("fold split a UTF-8 sequence: %q", line)
		}
		if strings.HasPrefix(line, " ") {
			folded++
		}
	}
	if folded < 10 {
		t.Errorf("only %d continuation lines; long lines were not folded", folded)
	}
	un := unfold(out)
	if !strings.Contains(un, "\r\nDESCRIPTION:"+escape(ev.Description)+"\r\n") {
		t.Errorf("unfolding does not restore the description")
	}
	if !strings.Contains(un, "\r\nSUMMARY:"+ev.Summary+"\r\n") {
		t.Errorf("unfolding does not restore the summary")
	}
}

// unfold undoes RFC 5545 folding: a CRLF followed by one space or tab goes.
func unfold(s string) string {
	return strings.NewReplacer("\r\n ", "", "\r\n\t", "").Replace(s)
}

func escape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `;`, `\;`, `,`, `\,`, "\n", `\n`).Replace(s)
}

func TestICSAllPutsEventsBookedTogetherInOneCalendar(t *testing.T) {
	first := sampleEvent(t)
	second := first
	second.UID, second.Start, second.End = "bk_second@slotwise", first.Start.AddDate(0, 0, 7), first.End.AddDate(0, 0, 7)
	got := string(notify.ICSAll([]notify.Event{first, second}, notify.MethodRequest))
	for _, want := range []struct {
		text  string
		count int
	}{
		{"BEGIN:VCALENDAR", 1}, {"METHOD:REQUEST", 1}, {"END:VCALENDAR", 1},
		{"BEGIN:VEVENT", 2}, {"END:VEVENT", 2}, {"UID:bk_second@slotwise", 1},
	} {
		if n := strings.Count(got, want.text); n != want.count {
			t.Errorf("%s appears %d times, want %d", want.text, n, want.count)
		}
	}
	if one := string(notify.ICS(first, notify.MethodRequest)); !strings.HasPrefix(got, strings.SplitN(one, "BEGIN:VEVENT", 2)[0]) {
		t.Errorf("the calendar's head differs from a single event's")
	}
}
