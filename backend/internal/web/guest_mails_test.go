package web_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/http"
	"net/mail"
	"strings"
	"testing"
	"time"
)

// A guest's mails tell of the business, the appointment and that someone
// booked them, and carry nothing the booker typed: neither the booker's
// name nor the names given to guests, nor a reason to cancel.
func TestGuestMailsCarryNoTextOfTheBookers(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	monday, _ := time.Parse(time.RFC3339, nextMonday10())
	rec := f.send(http.MethodPost, "/api/bookings", bookingBody(monday.AddDate(0, 0, 1).Format(time.RFC3339), func(b map[string]any) {
		b["calendar"] = "demo-yoga"
		b["contact"].(map[string]any)["firstName"] = "Cheap pills at"
		b["contact"].(map[string]any)["lastName"] = "spam.example"
		b["guests"] = []map[string]string{
			{"name": "Win a prize at prize.example", "email": "grace@example.com"},
			{"name": "Alan Turing", "email": "alan@example.com"},
		}
	}), nil)
	booked := decodeJSON[bookingJSON](t, rec)
	if rec.Code != 201 {
		t.Fatalf("booking: %d %s", rec.Code, rec.Body)
	}
	token := tokenOf(t, booked.ManageURL)
	if rec := f.send(http.MethodPost, "/api/bookings/"+booked.ID+"/cancel", fmt.Sprintf(`{"token":%q,"reason":"Call 555 0199 for cheap loans"}`, token), nil); rec.Code != 200 {
		t.Fatalf("cancel: %d %s", rec.Code, rec.Body)
	}
	if _, err := f.mails.DeliverDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	rows, err := f.pool.Query(context.Background(), `SELECT kind, recipient, mime FROM outbox WHERE recipient <> 'ada@example.com' AND kind LIKE 'guest.%' ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var kind, to string
		var raw []byte
		if err := rows.Scan(&kind, &to, &raw); err != nil {
			t.Fatal(err)
		}
		n++
		text := readableMail(t, raw)
		for _, typed := range []string{"Cheap pills", "spam.example", "prize", "Alan Turing", "Guest 1", "555 0199", "cheap loans"} {
			if strings.Contains(text, typed) {
				t.Errorf("%s to %s holds the booker's %q", kind, to, typed)
			}
		}
		for _, business := range []string{"Yoga class", "Slotwise Demo Studio", "Lindenstraße 12"} {
			if !strings.Contains(text, business) {
				t.Errorf("%s to %s does not say %q", kind, to, business)
			}
		}
	}
	if n != 4 {
		t.Errorf("%d guest mails, want 4 (invited and cancelled, two guests)", n)
	}
}

// readableMail is a message as its reader sees it: headers decoded, every
// part's body decoded, one after the other.
func readableMail(t *testing.T, raw []byte) string {
	t.Helper()
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	dec := new(mime.WordDecoder)
	for name, values := range msg.Header {
		for _, v := range values {
			d, _ := dec.DecodeHeader(v)
			b.WriteString(name + ": " + d + "\n")
		}
	}
	var walk func(header map[string][]string, body io.Reader)
	walk = func(header map[string][]string, body io.Reader) {
		mt, params, _ := mime.ParseMediaType(mail.Header(header).Get("Content-Type"))
		if strings.HasPrefix(mt, "multipart/") {
			mr := multipart.NewReader(body, params["boundary"])
			for {
				p, err := mr.NextRawPart()
				if err != nil {
					return
				}
				walk(p.Header, p)
			}
		}
		switch strings.ToLower(mail.Header(header).Get("Content-Transfer-Encoding")) {
		case "quoted-printable":
			body = quotedprintable.NewReader(body)
		case "base64":
			body = base64.NewDecoder(base64.StdEncoding, body)
		}
		data, _ := io.ReadAll(body)
		b.Write(data)
		b.WriteString("\n")
	}
	walk(msg.Header, msg.Body)
	return b.String()
}
