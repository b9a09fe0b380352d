package notify_test

import (
	"bytes"
	"encoding/base64"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/notify"
)

// part is a leaf of a parsed message, its body decoded.
type part struct {
	mediaType string
	params    map[string]string
	header    map[string][]string
	body      []byte
}

// parseMessage reads a message back with net/mail and mime/multipart, as a
// mail client would, and returns its header and its leaves in order.
func parseMessage(t *testing.T, data []byte) (*mail.Message, []part) {
	t.Helper()
	msg, err := mail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("net/mail cannot read the message: %v\n%s", err, data)
	}
	var leaves []part
	var walk func(header map[string][]string, body io.Reader)
	walk = func(header map[string][]string, body io.Reader) {
		ct := firstOf(header, "Content-Type")
		mt, params, err := mime.ParseMediaType(ct)
		if err != nil {
			t.Fatalf("bad Content-Type %q: %v", ct, err)
		}
		if strings.HasPrefix(mt, "multipart/") {
			mr := multipart.NewReader(body, params["boundary"])
			for {
				p, err := mr.NextRawPart()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("multipart: %v", err)
				}
				walk(p.Header, p)
			}
			leaves = append(leaves, part{mediaType: mt, params: params, header: header})
			return
		}
		raw, err := io.ReadAll(body)
		if err != nil {
			t.Fatal(err)
		}
		var decoded []byte
		switch cte := strings.ToLower(firstOf(header, "Content-Transfer-Encoding")); cte {
		case "quoted-printable":
			decoded, err = io.ReadAll(quotedprintable.NewReader(bytes.NewReader(raw)))
		case "base64":
			decoded, err = base64.StdEncoding.DecodeString(strings.NewReplacer("\r", "", "\n", "").Replace(string(raw)))
		case "", "7bit":
			decoded = raw
		default:
			t.Fatalf("unexpected transfer encoding %q", cte)
		}
		if err != nil {
			t.Fatalf("decoding %s: %v", mt, err)
		}
		leaves = append(leaves, part{mediaType: mt, params: params, header: header, body: decoded})
	}
	walk(msg.Header, msg.Body)
	return msg, leaves
}

func firstOf(h map[string][]string, k string) string {
	if v := h[k]; len(v) > 0 {
		return v[0]
	}
	return ""
}

func leaf(parts []part, mediaType string) *part {
	for i := range parts {
		if parts[i].mediaType == mediaType {
			return &parts[i]
		}
	}
	return nil
}

func sampleMessage(t *testing.T) notify.Message {
	return notify.Message{
		To:      "juergen@example.com",
		ToName:  "Jürgen Müller",
		Subject: "Bestätigung: Beratung am Montag, 23. November 2026 um 09:00 (Mitteleuropäische Normalzeit)",
		Text:    "Hallo Jürgen,\n\nIhr Termin ist bestätigt. 1 + 1 = 2.\nA very long line " + strings.Repeat("that keeps going ", 10) + "\n",
		HTML:    `<p style="color:#333">Hallo Jürgen, <a href="https://book.example.com/x?a=1&amp;b=2">Termin</a></p>`,
		Attachments: []notify.Attachment{
			notify.CalendarAttachment(sampleEvent(t), notify.MethodRequest),
		},
		Headers: map[string]string{"Auto-Submitted": "auto-generated", "Reply-To": "hello@studio.test"},
	}
}

func TestMIMEParsesBack(t *testing.T) {
	m := sampleMessage(t)
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	data, err := m.MIME("noreply@studio.test", "Demo Studio – Berlin", now, "abc123@studio.test")
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(data), "\r\n") {
		if strings.Contains(line, "\n") {
			t.Fatalf("line %d ends in a bare LF", i)
		}
		if len(line) > 998 {
			t.Fatalf("line %d is %d octets long", i, len(line))
		}
		for _, c := range []byte(line) {
			if c >= 0x80 {
				t.Fatalf("line %d is not 7-bit: %q", i, line)
			}
		}
	}

	msg, parts := parseMessage(t, data)
	dec := new(mime.WordDecoder)
	subject, err := dec.DecodeHeader(msg.Header.Get("Subject"))
	if err != nil || subject != m.Subject {
		t.Errorf("Subject = %q, %v; want %q", subject, err, m.Subject)
	}
	from, err := msg.Header.AddressList("From")
	if err != nil || len(from) != 1 || from[0].Name != "Demo Studio – Berlin" || from[0].Address != "noreply@studio.test" {
		t.Errorf("From = %v, %v", from, err)
	}
	to, err := msg.Header.AddressList("To")
	if err != nil || len(to) != 1 || to[0].Name != "Jürgen Müller" || to[0].Address != "juergen@example.com" {
		t.Errorf("To = %v, %v", to, err)
	}
	if d, err := msg.Header.Date(); err != nil || !d.Equal(now) {
		t.Errorf("Date = %v, %v; want %v", d, err, now)
	}
	if got := msg.Header.Get("Message-ID"); got != "<abc123@studio.test>" {
		t.Errorf("Message-ID = %q", got)
	}
	if got := msg.Header.Get("MIME-Version"); got != "1.0" {
		t.Errorf("MIME-Version = %q", got)
	}
	if got := msg.Header.Get("Auto-Submitted"); got != "auto-generated" {
		t.Errorf("Auto-Submitted = %q", got)
	}

	// multipart/mixed { multipart/alternative { text/plain, text/html }, text/calendar }
	var order []string
	for _, p := range parts {
		order = append(order, p.mediaType)
	}
	want := "text/plain text/html multipart/alternative text/calendar multipart/mixed"
	if got := strings.Join(order, " "); got != want {
		t.Fatalf("structure (leaves before their container) = %s, want %s", got, want)
	}
	text := leaf(parts, "text/plain")
	if got, want := string(text.body), strings.ReplaceAll(m.Text, "\n", "\r\n"); got != want {
		t.Errorf("text = %q, want %q", got, want)
	}
	if text.params["charset"] != "utf-8" || firstOf(text.header, "Content-Transfer-Encoding") != "quoted-printable" {
		t.Errorf("text part header %v", text.header)
	}
	if html := leaf(parts, "text/html"); string(html.body) != m.HTML {
		t.Errorf("html = %q, want %q", html.body, m.HTML)
	}
	cal := leaf(parts, "text/calendar")
	if cal.params["method"] != "REQUEST" || !strings.EqualFold(cal.params["charset"], "utf-8") {
		t.Errorf("calendar Content-Type params = %v", cal.params)
	}
	disp, dparams, err := mime.ParseMediaType(firstOf(cal.header, "Content-Disposition"))
	if err != nil || disp != "attachment" || dparams["filename"] != "invite.ics" {
		t.Errorf("calendar disposition = %q %v %v", disp, dparams, err)
	}
	if !bytes.Equal(cal.body, m.Attachments[0].Data) {
		t.Errorf("the .ics attachment changed on the way")
	}
}

func TestMIMEWithoutHTMLOrAttachmentsIsPlainText(t *testing.T) {
	m := notify.Message{To: "a@example.com", Subject: "Hi", Text: "Just text."}
	data, err := m.MIME("b@example.com", "", time.Now(), "")
	if err != nil {
		t.Fatal(err)
	}
	msg, parts := parseMessage(t, data)
	if len(parts) != 1 || parts[0].mediaType != "text/plain" || strings.TrimSuffix(string(parts[0].body), "\r\n") != "Just text." {
		t.Errorf("parts = %+v", parts)
	}
	id := msg.Header.Get("Message-ID")
	if !strings.HasPrefix(id, "<") || !strings.HasSuffix(id, "@example.com>") {
		t.Errorf("generated Message-ID = %q", id)
	}
}

func TestMIMERefusesBadInput(t *testing.T) {
	tests := []struct {
		name   string
		modify func(*notify.Message)
		from   string
	}{
		{"bad recipient", func(m *notify.Message) { m.To = "not an address" }, "a@example.com"},
		{"bad sender", func(m *notify.Message) {}, "nobody"},
		{"header injection", func(m *notify.Message) {
			m.Headers = map[string]string{"Reply-To": "a@example.com\r\nBcc: x@evil.test"}
		}, "a@example.com"},
		{"reserved header", func(m *notify.Message) { m.Headers = map[string]string{"bcc": "x@evil.test"} }, "a@example.com"},
		{"bad attachment type", func(m *notify.Message) {
			m.Attachments = []notify.Attachment{{Name: "x", ContentType: "text/", Data: []byte("x")}}
		}, "a@example.com"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := notify.Message{To: "c@example.com", Subject: "Hi", Text: "x"}
			tt.modify(&m)
			if _, err := m.MIME(tt.from, "", time.Now(), ""); !errors.Is(err, notify.ErrInvalidMessage) {
				t.Errorf("err = %v, want ErrInvalidMessage", err)
			}
		})
	}
}

func TestMIMESubjectCannotBreakTheHeader(t *testing.T) {
	m := notify.Message{To: "c@example.com", Subject: "Hi\r\nBcc: x@evil.test", Text: "x"}
	data, err := m.MIME("a@example.com", "", time.Now(), "")
	if err != nil {
		t.Fatal(err)
	}
	msg, _ := parseMessage(t, data)
	if msg.Header.Get("Bcc") != "" {
		t.Errorf("a line break in the subject made a header")
	}
}

func TestInternationalDomainsGoOnTheWireInASCII(t *testing.T) {
	m := notify.Message{To: "ada@exämple.com", ToName: "Ada Lovelace", Subject: "Hi", Text: "Hello"}
	data, err := m.MIME("bookings@example.com", "Studio", time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC), "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "<ada@xn--exmple-cua.com>") || strings.ContainsFunc(string(data[:strings.Index(string(data), "\r\n\r\n")]), func(r rune) bool { return r > 0x7f }) {
		t.Errorf("headers are not ASCII with the domain's ASCII form:\n%s", data[:400])
	}
	for _, bad := range []string{"ädä@example.com", "ada@-bad-.com"} {
		m.To = bad
		if _, err := m.MIME("bookings@example.com", "Studio", time.Now(), ""); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
}

// A visitor's text that looks like an encoded word reaches the reader as
// typed: a client decoding it must not find a header or a line break in it.
func TestHeadersFromVisitorsTextAreEncodedNotTrusted(t *testing.T) {
	tests := []struct{ name, text string }{
		{"base64 encoded word", "=?UTF-8?B?QmNjOiB4QGV2aWwuZXhhbXBsZQ==?="},
		{"q encoded line break", "=?utf-8?q?X=0D=0ABcc:_y@evil.example?="},
		{"encoded word inside a name", "Ada =?utf-8?q?=0D=0ABcc:_y@evil.example?= Lovelace"},
		{"a long one", strings.Repeat("=?utf-8?b?QmNjOiB4QGV2aWwuZXhhbXBsZQ==?= ", 4) + "Jürgen"},
		{"plain ASCII", "Ada Lovelace"},
		{"letters beyond ASCII", "Jürgen Müller"},
		{"quotes and brackets", `Ada "the first" (Lovelace) <x>`},
		{"a backslash", `Ada \ Lovelace`},
		{"a backslash beside letters beyond ASCII", `Jürgen\`},
	}
	dec := new(mime.WordDecoder)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := notify.Message{To: "ada@example.com", ToName: tt.text, Subject: "New booking: " + tt.text, Text: "x",
				Headers: map[string]string{"Reply-To": "ada@example.com"}}
			data, err := m.MIME("bookings@example.com", tt.text, time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC), "")
			if err != nil {
				t.Fatal(err)
			}
			msg, _ := parseMessage(t, data)
			if subject, err := dec.DecodeHeader(msg.Header.Get("Subject")); err != nil || subject != m.Subject {
				t.Errorf("Subject = %q, %v; want %q", subject, err, m.Subject)
			}
			for _, h := range []string{"To", "From"} {
				list, err := msg.Header.AddressList(h)
				if err != nil || len(list) != 1 || list[0].Name != tt.text {
					t.Errorf("%s = %v, %v; want the name %q", h, list, err, tt.text)
				}
			}
			if rt, err := msg.Header.AddressList("Reply-To"); err != nil || len(rt) != 1 || rt[0].Address != "ada@example.com" {
				t.Errorf("Reply-To = %v, %v", rt, err)
			}
			// A Reply-To with a name keeps its address and cannot grow a header.
			replyTo := (&mail.Address{Name: tt.text, Address: "ada@example.com"}).String()
			if _, err := mail.ParseAddress(replyTo); err != nil {
				return // net/mail cannot read its own form of this name (a bare backslash in a Q-encoded word), which MIME leaves out
			}
			named := m
			named.Headers = map[string]string{"Reply-To": replyTo}
			data, err = named.MIME("bookings@example.com", "", time.Now(), "")
			if err != nil {
				t.Fatal(err)
			}
			withName, _ := parseMessage(t, data)
			rt, err := withName.Header.AddressList("Reply-To")
			loose, _ := dec.DecodeHeader(withName.Header.Get("Reply-To"))
			if err != nil || len(rt) != 1 || rt[0].Address != "ada@example.com" || withName.Header.Get("Bcc") != "" || strings.ContainsAny(loose, "\r\n") {
				t.Errorf("a named Reply-To = %v, %v (loosely %q)", rt, err, loose)
			}
			for _, h := range []string{"Bcc", "Cc"} {
				if v := msg.Header.Get(h); v != "" {
					t.Errorf("a %s header appeared: %q", h, v)
				}
			}
			// Some clients decode encoded words even inside quoted names.
			for _, h := range []string{"Subject", "To", "From"} {
				loose, _ := dec.DecodeHeader(msg.Header.Get(h))
				if strings.ContainsAny(loose, "\r\n") || strings.Contains(loose, "Bcc: ") {
					t.Errorf("%s decodes loosely to %q", h, loose)
				}
			}
		})
	}
}
