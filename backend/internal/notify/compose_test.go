package notify_test

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"mime"
	"strings"
	"sync"
	"testing"
	"time"

	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/notify"
	"slotwise/locales"
	"slotwise/ssr"
	"slotwise/ui"
)

var (
	bundleOnce sync.Once
	bundlePool *ssr.Pool
	bundleErr  error
)

// serverBundle is the real server bundle in one V8 isolate, as the binary
// runs it.
func serverBundle(t *testing.T) *ssr.Pool {
	t.Helper()
	bundleOnce.Do(func() {
		bundle, err := fs.ReadFile(ui.Dist(), "server/server.js")
		if err != nil {
			bundleErr = err
			return
		}
		bundlePool, bundleErr = ssr.New(ssr.Options{Bundle: bundle, BundleName: "server.js", Workers: 1, Deadline: 5 * time.Second})
	})
	if bundleErr != nil {
		t.Fatalf("the server bundle is needed (run `npx webpack --mode production` or `make build` first): %v", bundleErr)
	}
	return bundlePool
}

// bookingView is the booking as the pages and mails see it
// (ui/src/features/booking/types.ts).
func bookingView(status string) map[string]any {
	b := map[string]any{
		"id":                 "bk_7Hq2",
		"status":             status,
		"start":              "2026-11-23T09:00:00+01:00",
		"end":                "2026-11-23T10:00:00+01:00",
		"timeZone":           "Europe/Berlin",
		"previousStart":      nil,
		"cancellationReason": "",
		"calendar":           map[string]any{"slug": "demo-consultation", "name": "Consultation", "durationMinutes": 60},
		"staff":              map[string]any{"id": 3, "name": "Anna Berg"},
		"location":           "Hauptstraße 5, Berlin",
		"contact":            map[string]any{"firstName": "Jürgen", "lastName": "Müller", "email": "juergen@example.com"},
		"locationName":       "Demo Studio",
		"manageUrl":          "/widget/booking/bk_7Hq2?token=tok123",
		"rescheduleUrl":      "/widget/bookings/demo-consultation?reschedule=bk_7Hq2&token=tok123",
		"cancelUrl":          "/widget/booking/cancel-booking?id=bk_7Hq2&token=tok123",
		"icsUrl":             "/api/bookings/bk_7Hq2/ics?token=tok123",
		"googleUrl":          "https://calendar.google.com/calendar/render?action=TEMPLATE&text=Consultation",
		"outlookUrl":         "https://outlook.live.com/calendar/0/deeplink/compose?subject=Consultation",
		"canChange":          status != "cancelled",
	}
	switch status {
	case "rescheduled":
		b["previousStart"] = "2026-11-20T14:30:00+01:00"
	case "cancelled":
		b["cancellationReason"] = "Feeling unwell"
	}
	return b
}

func emailData(t *testing.T, locale, status string) notify.EmailData {
	t.Helper()
	if err := locales.Load(); err != nil {
		t.Fatal(err)
	}
	c := locales.Get(locale)
	return notify.EmailData{
		Locale:    c.Locale,
		Lang:      c.Lang,
		Messages:  c.Messages,
		Booking:   bookingView(status),
		BaseURL:   "https://book.example.com",
		StaffName: "Anna",
	}
}

// plain turns the no-break spaces ICU puts in dates into plain ones.
func plain(s string) string {
	return strings.NewReplacer("\u202f", " ", "\u00a0", " ", "\u2009", " ").Replace(s)
}

func TestComposeWithTheServerBundle(t *testing.T) {
	r := serverBundle(t)
	kinds := []struct {
		kind, status string
	}{
		{notify.KindConfirmation, "scheduled"},
		{notify.KindRequested, "requested"},
		{notify.KindRescheduled, "rescheduled"},
		{notify.KindCancelled, "cancelled"},
		{notify.KindStaffBooked, "scheduled"},
		{notify.KindStaffRescheduled, "rescheduled"},
		{notify.KindStaffCancelled, "cancelled"},
	}
	langs := []struct {
		locale, subjectDate, when, previous string
	}{
		{
			"en-US",
			"Nov 23, 2026, 9:00 AM GMT+1",
			"Monday, November 23, 2026, 9:00 – 10:00 AM (Central European Standard Time)",
			"Friday, November 20, 2026, 2:30 – 3:30 PM (Central European Standard Time)",
		},
		{
			"de", // German dates; the messages fall back to English until translated
			"23. Nov. 2026, 09:00 MEZ",
			"Montag, 23. November 2026, 09:00–10:00 Uhr (Mitteleuropäische Normalzeit)",
			"Freitag, 20. November 2026, 14:30–15:30 Uhr (Mitteleuropäische Normalzeit)",
		},
	}
	for _, l := range langs {
		for _, k := range kinds {
			t.Run(l.locale+"/"+k.kind, func(t *testing.T) {
				subject, text, html, err := notify.Compose(context.Background(), r, k.kind, emailData(t, l.locale, k.status))
				if err != nil {
					t.Fatal(err)
				}
				subject, text, html = plain(subject), plain(text), plain(html)
				if !strings.Contains(subject, l.subjectDate) {
					t.Errorf("subject %q lacks %q", subject, l.subjectDate)
				}
				for name, body := range map[string]string{"text": text, "html": html} {
					if !strings.Contains(body, l.when) {
						t.Errorf("%s lacks %q:\n%s", name, l.when, body)
					}
					if strings.Contains(k.kind, "rescheduled") && !strings.Contains(body, l.previous) {
						t.Errorf("%s lacks the previous time %q", name, l.previous)
					}
				}
				booker := strings.HasPrefix(k.kind, "booking.")
				manage := "https://book.example.com/widget/booking/bk_7Hq2?token=tok123"
				wantManage := booker && k.status != "cancelled"
				if strings.Contains(text, manage) != wantManage {
					t.Errorf("manage link present = %v, want %v", !wantManage, wantManage)
				}
				if !booker && strings.Contains(text+html, "tok123") {
					t.Errorf("the staff mail carries the booker's token")
				}
				if !strings.HasPrefix(html, "<!DOCTYPE html>") {
					t.Errorf("html does not start with a doctype: %.60s", html)
				}
			})
		}
	}
}

func TestComposeReportsBundleErrors(t *testing.T) {
	r := serverBundle(t)
	_, _, _, err := notify.Compose(context.Background(), r, "booking.unknown", emailData(t, "en-US", "scheduled"))
	if !errors.Is(err, notify.ErrRender) || !strings.Contains(err.Error(), "unknown kind") {
		t.Errorf("err = %v, want ErrRender about the unknown kind", err)
	}
}

// fakeRenderer answers Call with a fixed string.
type fakeRenderer struct {
	out  string
	err  error
	args []string
}

func (f *fakeRenderer) Call(_ context.Context, fn string, args ...string) (string, error) {
	f.args = append([]string{fn}, args...)
	return f.out, f.err
}

func TestComposeChecksTheAnswer(t *testing.T) {
	tests := []struct {
		name string
		r    *fakeRenderer
		ok   bool
	}{
		{"complete", &fakeRenderer{out: `{"subject":"S","text":"T","html":"<p>H</p>"}`}, true},
		{"not JSON", &fakeRenderer{out: `undefined`}, false},
		{"no subject", &fakeRenderer{out: `{"subject":"","text":"T","html":""}`}, false},
		{"call fails", &fakeRenderer{err: errors.New("boom")}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, text, html, err := notify.Compose(context.Background(), tt.r, notify.KindConfirmation, map[string]string{"lang": "en-US"})
			if (err == nil) != tt.ok {
				t.Fatalf("err = %v, want ok=%v", err, tt.ok)
			}
			if tt.ok && (s != "S" || text != "T" || html != "<p>H</p>") {
				t.Errorf("got %q %q %q", s, text, html)
			}
			if len(tt.r.args) != 3 || tt.r.args[0] != "renderEmail" || tt.r.args[1] != notify.KindConfirmation || !json.Valid([]byte(tt.r.args[2])) {
				t.Errorf("called with %v", tt.r.args)
			}
		})
	}
}

// The whole way: rendered by the bundle, queued with the booking, delivered
// over SMTP, read back by a mail parser.
func TestComposedMailArrives(t *testing.T) {
	r := serverBundle(t)
	pool := dbtest.WithBusiness(t)
	ms := startMailServer(t, serverOptions{})
	ctx := testCtx(t)

	subject, text, html, err := notify.Compose(ctx, r, notify.KindConfirmation, emailData(t, "de", "scheduled"))
	if err != nil {
		t.Fatal(err)
	}
	ev := sampleEvent(t)
	enqueue(t, pool, notify.Message{
		To: "juergen@example.com", ToName: "Jürgen Müller",
		Subject: subject, Text: text, HTML: html,
		Attachments: []notify.Attachment{notify.CalendarAttachment(ev, notify.MethodRequest)},
	})
	if sent, err := newWorker(pool, smtpTo(t, ms.Port), &logBuffer{}).DeliverDue(ctx); sent != 1 || err != nil {
		t.Fatalf("DeliverDue = %d, %v", sent, err)
	}
	msg, parts := parseMessage(t, ms.Messages()[0].Data)
	if got, _ := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject")); got != subject {
		t.Errorf("subject %q, want %q", got, subject)
	}
	if p := leaf(parts, "text/plain"); p == nil || !strings.Contains(plain(string(p.body)), "Montag, 23. November 2026, 09:00–10:00 Uhr") {
		t.Errorf("text part lacks the German date")
	}
	if p := leaf(parts, "text/html"); p == nil || string(p.body) != html {
		t.Errorf("html part changed on the way")
	}
}
