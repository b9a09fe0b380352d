package notify

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"net/textproto"
	"slices"
	"strings"
	"time"
)

// Attachment is a file sent with a message.
type Attachment struct {
	Name        string // file name shown to the recipient, e.g. invite.ics
	ContentType string // full media type, e.g. text/calendar; method=REQUEST; charset=UTF-8
	Data        []byte
}

// Message is an e-mail to one recipient, before rendering to MIME.
type Message struct {
	To, ToName  string
	Subject     string
	Text, HTML  string // the plain-text and HTML versions of the same content
	Attachments []Attachment
	// Headers are extra header fields (Reply-To, Auto-Submitted, …). They
	// cannot replace the ones MIME writes itself.
	Headers map[string]string
}

// ErrInvalidMessage wraps every reason MIME refuses a message.
var ErrInvalidMessage = errors.New("notify: invalid message")

// CalendarAttachment returns ev, and any events booked with it, as
// invite.ics, typed so that mail clients offer to add them to (or, for
// CANCEL, remove them from) the calendar.
func CalendarAttachment(ev Event, method string, with ...Event) Attachment {
	method = strings.ToUpper(strings.TrimSpace(method))
	if method == "" {
		method = MethodRequest
	}
	return Attachment{
		Name:        "invite.ics",
		ContentType: mime.FormatMediaType("text/calendar", map[string]string{"method": method, "charset": "UTF-8"}),
		Data:        ICSAll(append([]Event{ev}, with...), method),
	}
}

// headers MIME writes itself; Message.Headers may not set them.
var reservedHeaders = []string{
	"Bcc", "Cc", "Content-Disposition", "Content-Transfer-Encoding", "Content-Type", "Date",
	"From", "Message-Id", "Mime-Version", "Subject", "To",
}

// MIME renders m as an RFC 5322 message from fromName <from>, dated now,
// with Message-ID msgID (angle brackets optional; generated from a random
// id and the sender's domain when empty). Its structure is
//
//	multipart/mixed                        (only with attachments)
//	├─ multipart/alternative
//	│  ├─ text/plain; charset=utf-8        quoted-printable
//	│  └─ text/html; charset=utf-8         quoted-printable (only with HTML)
//	└─ each attachment                     base64
//
// and every line is 7-bit and ends in CRLF, so any SMTP server relays it
// unchanged: non-ASCII header text is encoded (RFC 2047 Q encoding).
func (m Message) MIME(from, fromName string, now time.Time, msgID string) ([]byte, error) {
	fromAddr, err := parseAddress(from, fromName)
	if err != nil {
		return nil, fmt.Errorf("%w: sender: %v", ErrInvalidMessage, err)
	}
	toAddr, err := parseAddress(m.To, m.ToName)
	if err != nil {
		return nil, fmt.Errorf("%w: recipient: %v", ErrInvalidMessage, err)
	}
	if msgID == "" {
		msgID = NewMessageID(fromAddr.Address)
	}
	msgID = strings.Trim(msgID, "<>")
	if strings.ContainsAny(msgID, "<>\r\n \t") || !strings.Contains(msgID, "@") {
		return nil, fmt.Errorf("%w: message id %q", ErrInvalidMessage, msgID)
	}

	var b bytes.Buffer
	writeHeader(&b, "From", formatAddress(fromAddr))
	writeHeader(&b, "To", formatAddress(toAddr))
	writeHeader(&b, "Subject", headerText(m.Subject))
	writeHeader(&b, "Date", now.Format(time.RFC1123Z))
	writeHeader(&b, "Message-ID", "<"+msgID+">")
	writeHeader(&b, "MIME-Version", "1.0")
	keys := make([]string, 0, len(m.Headers))
	for k := range m.Headers {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		canon := textproto.CanonicalMIMEHeaderKey(k)
		if !validHeaderName(k) || slices.Contains(reservedHeaders, canon) {
			return nil, fmt.Errorf("%w: header %q cannot be set", ErrInvalidMessage, k)
		}
		v := m.Headers[k]
		if strings.ContainsAny(v, "\r\n") {
			return nil, fmt.Errorf("%w: header %s holds a line break", ErrInvalidMessage, k)
		}
		if canon == "Reply-To" {
			// An address (a visitor's, on a form's mail) is a mailbox, not
			// text; one no relay could answer is left out rather than
			// costing the business the whole mail.
			if a, err := parseAddress(v, ""); err == nil {
				mailbox := formatAddress(a)
				if a.Name == "" {
					// the address alone, as given: "<…>" is for one with a name
					mailbox = strings.TrimSuffix(strings.TrimPrefix(mailbox, "<"), ">")
				}
				writeHeader(&b, k, mailbox)
			}
			continue
		}
		writeHeader(&b, k, headerText(v))
	}

	root := alternativeEntity(m.Text, m.HTML)
	if len(m.Attachments) > 0 {
		parts := []entity{root}
		for _, a := range m.Attachments {
			e, err := attachmentEntity(a)
			if err != nil {
				return nil, err
			}
			parts = append(parts, e)
		}
		root = multipartEntity("mixed", parts)
	}
	for _, k := range slices.Sorted(maps.Keys(root.header)) {
		writeHeader(&b, k, root.header.Get(k))
	}
	b.WriteString("\r\n")
	if err := root.body(&b); err != nil {
		return nil, fmt.Errorf("notify: unable to render message: %w", err)
	}
	if !bytes.HasSuffix(b.Bytes(), []byte("\r\n")) {
		b.WriteString("\r\n")
	}
	return b.Bytes(), nil
}

// entity is one MIME entity: its content header fields and a writer of its
// encoded body.
type entity struct {
	header textproto.MIMEHeader
	body   func(w io.Writer) error
}

// textEntity is UTF-8 text, quoted-printable, with CRLF line ends.
func textEntity(subtype, s string) entity {
	h := textproto.MIMEHeader{}
	h.Set("Content-Type", "text/"+subtype+"; charset=utf-8")
	h.Set("Content-Transfer-Encoding", "quoted-printable")
	return entity{header: h, body: func(w io.Writer) error {
		qp := quotedprintable.NewWriter(w)
		s := strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
		if _, err := io.WriteString(qp, s); err != nil {
			return err
		}
		// The CRLF before the next boundary belongs to the boundary, so the
		// text ends as it was given.
		return qp.Close()
	}}
}

// alternativeEntity offers the HTML version beside the text one; the
// preferred (richer) version comes last (RFC 2046 section 5.1.4).
func alternativeEntity(text, html string) entity {
	if html == "" {
		return textEntity("plain", text)
	}
	return multipartEntity("alternative", []entity{textEntity("plain", text), textEntity("html", html)})
}

func multipartEntity(subtype string, parts []entity) entity {
	boundary := randomBoundary()
	h := textproto.MIMEHeader{}
	h.Set("Content-Type", mime.FormatMediaType("multipart/"+subtype, map[string]string{"boundary": boundary}))
	return entity{header: h, body: func(w io.Writer) error {
		mw := multipart.NewWriter(w)
		if err := mw.SetBoundary(boundary); err != nil {
			return err
		}
		for _, p := range parts {
			pw, err := mw.CreatePart(p.header)
			if err != nil {
				return err
			}
			if err := p.body(pw); err != nil {
				return err
			}
		}
		return mw.Close()
	}}
}

func attachmentEntity(a Attachment) (entity, error) {
	ct := a.ContentType
	if ct == "" {
		ct = "application/octet-stream"
	}
	if _, _, err := mime.ParseMediaType(ct); err != nil || strings.ContainsAny(ct, "\r\n") {
		return entity{}, fmt.Errorf("%w: attachment %q has content type %q", ErrInvalidMessage, a.Name, ct)
	}
	name := oneLine(a.Name)
	if name == "" {
		name = "attachment"
	}
	h := textproto.MIMEHeader{}
	h.Set("Content-Type", ct)
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	h.Set("Content-Transfer-Encoding", "base64")
	data := a.Data
	return entity{header: h, body: func(w io.Writer) error {
		lw := &base64LineWriter{w: w}
		enc := base64.NewEncoder(base64.StdEncoding, lw)
		if _, err := enc.Write(data); err != nil {
			return err
		}
		if err := enc.Close(); err != nil {
			return err
		}
		return lw.Close()
	}}, nil
}

// randomBoundary returns a multipart boundary that cannot occur in
// quoted-printable or base64 content (which never contain "_=").
func randomBoundary() string {
	var r [15]byte
	_, _ = rand.Read(r[:])
	return "_=sw" + hex.EncodeToString(r[:])
}

// NewMessageID returns a globally unique Message-ID (without angle
// brackets) in the domain of the sender's address.
func NewMessageID(from string) string {
	var r [16]byte
	_, _ = rand.Read(r[:])
	domain := "slotwise.invalid"
	if _, d, ok := strings.Cut(from, "@"); ok && d != "" && !strings.ContainsAny(d, "<> \t\r\n") {
		domain = d
	}
	return hex.EncodeToString(r[:]) + "@" + domain
}

func parseAddress(addr, name string) (*mail.Address, error) {
	a, err := mail.ParseAddress(strings.TrimSpace(addr))
	if err != nil {
		return nil, fmt.Errorf("%q: %v", addr, err)
	}
	if a.Address, err = ASCIIAddress(a.Address); err != nil {
		return nil, err
	}
	a.Name = oneLine(a.Name) // a name parsed from addr is header text too
	if n := oneLine(name); n != "" {
		a.Name = n
	}
	return a, nil
}

// oneLine turns line breaks and tabs into spaces: header text is one line.
func oneLine(s string) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if r == '\r' || r == '\n' || r == '\t' {
			return ' '
		}
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, s))
}

func validHeaderName(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if c <= ' ' || c >= 0x7f || c == ':' {
			return false
		}
	}
	return true
}

// headerLineLimit is the recommended line length of RFC 5322 (section 2.1.1).
const headerLineLimit = 78

// writeHeader writes "Name: value" folded at spaces to keep lines within
// 78 characters where the value allows; encoded words are separated by
// spaces, so long encoded subjects fold too.
func writeHeader(w io.Writer, name, value string) {
	var b strings.Builder
	b.WriteString(name)
	b.WriteString(":")
	lineLen := b.Len()
	for i, word := range strings.Split(value, " ") {
		if i > 0 && word == "" {
			// keep runs of spaces inside the value
			b.WriteByte(' ')
			lineLen++
			continue
		}
		if lineLen+1+len(word) > headerLineLimit && lineLen > len(name)+1 {
			b.WriteString("\r\n")
			lineLen = 0
		}
		b.WriteByte(' ')
		b.WriteString(word)
		lineLen += 1 + len(word)
	}
	b.WriteString("\r\n")
	io.WriteString(w, b.String())
}

// base64LineWriter breaks base64 output into lines of 76 characters
// (RFC 2045 section 6.8).
type base64LineWriter struct {
	w   io.Writer
	col int
}

func (l *base64LineWriter) Write(p []byte) (int, error) {
	n := 0
	for len(p) > 0 {
		room := 76 - l.col
		chunk := min(room, len(p))
		if _, err := l.w.Write(p[:chunk]); err != nil {
			return n, err
		}
		n += chunk
		l.col += chunk
		p = p[chunk:]
		if l.col == 76 {
			if _, err := io.WriteString(l.w, "\r\n"); err != nil {
				return n, err
			}
			l.col = 0
		}
	}
	return n, nil
}

func (l *base64LineWriter) Close() error {
	if l.col > 0 {
		_, err := io.WriteString(l.w, "\r\n")
		l.col = 0
		return err
	}
	return nil
}
