package notify

import (
	"bytes"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// iCalendar methods (RFC 5546) used for booking invitations.
const (
	MethodRequest = "REQUEST" // a new or moved booking, to be put in the calendar
	MethodPublish = "PUBLISH" // informational, e.g. a download link
	MethodCancel  = "CANCEL"  // removes the event with the same UID
)

// Event statuses (RFC 5545 section 3.8.1.11).
const (
	StatusConfirmed = "CONFIRMED"
	StatusTentative = "TENTATIVE"
	StatusCancelled = "CANCELLED"
)

// ProdID identifies Slotwise as the producer of calendar files.
const ProdID = "-//Slotwise//Booking//EN"

// Event is one booking as a calendar event.
type Event struct {
	// UID is stable for the life of a booking, so a calendar replaces the
	// event on reschedule and removes it on cancel instead of adding another.
	UID string
	// Sequence must grow with every change (reschedule, cancel) or calendars
	// ignore the update as stale.
	Sequence int

	Start, End time.Time
	Stamp      time.Time // DTSTAMP: when this version was produced; the start if zero

	Summary, Description, Location, URL string

	OrganizerName, OrganizerEmail string
	AttendeeName, AttendeeEmail   string

	Status string // StatusConfirmed (default), StatusTentative, StatusCancelled
}

// maxLineOctets is the RFC 5545 limit on a content line, excluding CRLF.
const maxLineOctets = 75

// ICS returns ev as an iCalendar object (RFC 5545) with the given method.
// A CANCEL always carries STATUS:CANCELLED. Empty optional properties
// (description, location, URL, organizer, attendee) are left out.
func ICS(ev Event, method string) []byte { return ICSAll([]Event{ev}, method) }

// ICSAll is ICS for events booked together (a series, a visit's services):
// one calendar object with a VEVENT each, so one file adds them all.
func ICSAll(evs []Event, method string) []byte {
	method = strings.ToUpper(strings.TrimSpace(method))
	if method == "" {
		method = MethodRequest
	}
	var b bytes.Buffer
	line := func(s string) {
		writeFolded(&b, s)
	}
	line("BEGIN:VCALENDAR")
	line("PRODID:" + ProdID)
	line("VERSION:2.0")
	line("CALSCALE:GREGORIAN")
	line("METHOD:" + method)
	for _, ev := range evs {
		writeEvent(line, ev, method)
	}
	line("END:VCALENDAR")
	return b.Bytes()
}

// ICSFeed is a calendar to subscribe to (a staff member's bookings): the
// events as they stand, under the calendar's name, with no method, since
// it asks nothing of its reader.
func ICSFeed(name string, evs []Event) []byte {
	return published(evs, "X-WR-CALNAME:"+escapeText(name), "REFRESH-INTERVAL;VALUE=DURATION:PT15M", "X-PUBLISHED-TTL:PT15M")
}

// ICSObject is one event as a calendar object resource, to store in a
// CalDAV collection: no method (RFC 4791 forbids one there).
func ICSObject(ev Event) []byte { return published([]Event{ev}) }

// published writes events as they stand, with the calendar's extra lines.
func published(evs []Event, extra ...string) []byte {
	var b bytes.Buffer
	line := func(s string) { writeFolded(&b, s) }
	line("BEGIN:VCALENDAR")
	line("PRODID:" + ProdID)
	line("VERSION:2.0")
	line("CALSCALE:GREGORIAN")
	for _, x := range extra {
		line(x)
	}
	for _, ev := range evs {
		writeEvent(line, ev, MethodPublish)
	}
	line("END:VCALENDAR")
	return b.Bytes()
}

func writeEvent(line func(string), ev Event, method string) {
	status := strings.ToUpper(strings.TrimSpace(ev.Status))
	if method == MethodCancel {
		status = StatusCancelled
	}
	if status == "" {
		status = StatusConfirmed
	}
	stamp := ev.Stamp
	if stamp.IsZero() {
		// An event made without a stamp is dated by its own start, so a
		// calendar file never depends on the moment it is written.
		stamp = ev.Start
	}
	line("BEGIN:VEVENT")
	line("UID:" + escapeText(ev.UID))
	line("SEQUENCE:" + strconv.Itoa(max(ev.Sequence, 0)))
	line("DTSTAMP:" + utcStamp(stamp))
	line("DTSTART:" + utcStamp(ev.Start))
	line("DTEND:" + utcStamp(ev.End))
	line("SUMMARY:" + escapeText(ev.Summary))
	if ev.Description != "" {
		line("DESCRIPTION:" + escapeText(ev.Description))
	}
	if ev.Location != "" {
		line("LOCATION:" + escapeText(ev.Location))
	}
	if ev.URL != "" {
		line("URL:" + stripControls(ev.URL))
	}
	line("STATUS:" + status)
	if ev.OrganizerEmail != "" {
		line("ORGANIZER" + cnParam(ev.OrganizerName) + ":mailto:" + stripControls(ev.OrganizerEmail))
	}
	if ev.AttendeeEmail != "" {
		line("ATTENDEE" + cnParam(ev.AttendeeName) + ";ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:" + stripControls(ev.AttendeeEmail))
	}
	line("END:VEVENT")
}

// utcStamp formats t as an RFC 5545 UTC DATE-TIME: 20261123T080000Z.
func utcStamp(t time.Time) string {
	return t.UTC().Format("20060102T150405Z")
}

// escapeText escapes an RFC 5545 TEXT value: backslash, semicolon, comma
// and line breaks (CRLF, CR and LF each become \n). Other control
// characters are not allowed in TEXT and are dropped.
func escapeText(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			b.WriteString(`\\`)
		case c == ';':
			b.WriteString(`\;`)
		case c == ',':
			b.WriteString(`\,`)
		case c == '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			b.WriteString(`\n`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\t':
			b.WriteByte(c)
		case c < 0x20 || c == 0x7f:
			// dropped
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// cnParam returns ";CN=name", quoted when the name holds characters that
// end an unquoted parameter value; DQUOTE cannot appear even when quoted.
func cnParam(name string) string {
	name = strings.ReplaceAll(stripControls(name), `"`, "'")
	if name == "" {
		return ""
	}
	if strings.ContainsAny(name, ",;:") {
		return `;CN="` + name + `"`
	}
	return ";CN=" + name
}

func stripControls(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, s)
}

// writeFolded writes one content line, folded (RFC 5545 section 3.1) so no
// physical line exceeds 75 octets before its CRLF: a continuation starts
// with a space, which counts towards its 75. Folds fall between UTF-8
// sequences, never inside one.
func writeFolded(b *bytes.Buffer, s string) {
	// Invalid UTF-8 has no sequence boundaries to fold at (and is no text).
	s = strings.ToValidUTF8(s, "\uFFFD")
	limit := maxLineOctets
	for len(s) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		if cut == 0 {
			cut = limit // never reached with valid UTF-8; never loop forever
		}
		b.WriteString(s[:cut])
		b.WriteString("\r\n ")
		s = s[cut:]
		limit = maxLineOctets - 1
	}
	b.WriteString(s)
	b.WriteString("\r\n")
}
