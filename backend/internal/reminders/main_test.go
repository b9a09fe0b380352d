package reminders_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"net/textproto"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/demo"
	"slotwise/backend/internal/notify"
	"slotwise/backend/internal/reminders"
	"slotwise/ssr"
	"slotwise/ui"
)

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) != "" {
		os.Exit(runHelperWorker())
	}
	dbtest.Main(m)
}

// movingClock is the server's clock in these tests: set where a step
// happens, read by the booking service, the worker and the plans alike.
type movingClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *movingClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *movingClock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

var (
	bundleOnce sync.Once
	bundlePool *ssr.Pool
	bundleErr  error
)

// serverBundle renders the mails as the binary does.
func serverBundle(t testing.TB) *ssr.Pool {
	t.Helper()
	bundleOnce.Do(func() {
		bundle, err := fs.ReadFile(ui.Dist(), "server/server.js")
		if err != nil {
			bundleErr = err
			return
		}
		bundlePool, bundleErr = ssr.New(ssr.Options{Bundle: bundle, BundleName: "server.js", Workers: 2, Deadline: 10 * time.Second})
	})
	if bundleErr != nil {
		t.Fatalf("the server bundle is needed (run `npx webpack --mode production` or `make build` first): %v", bundleErr)
	}
	return bundlePool
}

// fixture is the demo business on a moving clock, its booking service and
// a reminder worker that renders with the real bundle.
type fixture struct {
	pool     *db.Pool
	clock    *movingClock
	bookings *booking.Service
	mailer   *booking.Mailer
	observed *observed
}

// observed counts what workers tell Observe.
type observed struct {
	mu sync.Mutex
	n  map[string]int
}

func (o *observed) note(kind, outcome, reason string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.n[kind+" "+outcome+" "+reason]++
}

func (o *observed) count(key string) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.n[key]
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func newFixture(t testing.TB, at time.Time) *fixture {
	t.Helper()
	pool := dbtest.NewFilled(t, "demo", demo.Seed)
	ctx := context.Background()
	// The demo's staff get an agenda planned on the real clock when it is
	// seeded; these tests run on their own.
	if _, err := pool.Exec(ctx, `UPDATE staff SET agenda = NULL; DELETE FROM reminders`); err != nil {
		t.Fatal(err)
	}
	clk := &movingClock{t: at}
	svc := booking.NewService(pool, quiet, booking.Options{Clock: clk.Now, OnlinePayments: func(*booking.Location) bool { return true }})
	return &fixture{pool: pool, clock: clk, bookings: svc, observed: &observed{n: map[string]int{}},
		mailer: &booking.Mailer{Service: svc, Mailer: notify.Mailer{Renderer: serverBundle(t), BaseURL: "https://book.example.com",
			From: "studio@example.com", FromName: "Demo Studio", Logger: quiet}}}
}

// worker is one replica's reminder worker.
func (f *fixture) worker() *reminders.Worker {
	return &reminders.Worker{Pool: f.pool, Bookings: f.bookings, Mailer: f.mailer, Now: f.clock.Now, Logger: quiet,
		Observe: f.observed.note}
}

// send runs one worker's round at t.
func (f *fixture) send(t testing.TB, at time.Time) int {
	t.Helper()
	f.clock.Set(at)
	n, err := f.worker().SendDue(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// due lists the rows still due as "kind offset recipient due(UTC)".
func (f *fixture) due(t testing.TB, bookingID string) []string {
	t.Helper()
	rows, err := f.pool.Query(context.Background(), `SELECT kind || ' ' || offset_minutes || ' ' || recipient || ' ' ||
		to_char(due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') FROM reminders WHERE booking_id = $1 AND state = 'due'`, bookingID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// queued is one mail in the outbox.
type queued struct{ kind, recipient, subject, mime string }

// mails lists the outbox's mails of kinds, oldest first.
func (f *fixture) mails(t testing.TB, kinds ...string) []queued {
	t.Helper()
	rows, err := f.pool.Query(context.Background(), `SELECT kind, recipient, subject, convert_from(mime, 'UTF8') FROM outbox
		WHERE kind = ANY($1) ORDER BY id`, kinds)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []queued
	for rows.Next() {
		var m queued
		if err := rows.Scan(&m.kind, &m.recipient, &m.subject, &m.mime); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

var reminderKinds = []string{notify.KindReminder, notify.KindGuestReminder, notify.KindStaffReminder, notify.KindFollowUp, notify.KindStaffAgenda}

func ada() booking.Contact {
	return booking.Contact{FirstName: "Ada", LastName: "Lovelace", Email: "ada@example.com", Phone: "+49 30 1234567", Location: "Lindenstraße 12, 10969 Berlin"}
}

func utc(s string) time.Time {
	t, err := time.Parse("2006-01-02 15:04", s)
	if err != nil {
		panic(err)
	}
	return t
}

// decoded is a mail as its reader sees it: the headers, then every part
// decoded (quoted-printable, base64), the calendar file included.
func decoded(t testing.TB, raw string) string {
	t.Helper()
	msg, err := mail.ReadMessage(strings.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	dec := new(mime.WordDecoder)
	subject, _ := dec.DecodeHeader(msg.Header.Get("Subject"))
	var b strings.Builder
	b.WriteString(subject + "\n")
	var walk func(header textproto.MIMEHeader, body io.Reader)
	walk = func(header textproto.MIMEHeader, body io.Reader) {
		mediaType, params, err := mime.ParseMediaType(header.Get("Content-Type"))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(mediaType, "multipart/") {
			r := multipart.NewReader(body, params["boundary"])
			for {
				p, err := r.NextRawPart()
				if err == io.EOF {
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				walk(p.Header, p)
			}
		}
		switch strings.ToLower(header.Get("Content-Transfer-Encoding")) {
		case "quoted-printable":
			body = quotedprintable.NewReader(body)
		case "base64":
			body = base64.NewDecoder(base64.StdEncoding, body)
		}
		data, err := io.ReadAll(body)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(data)
		b.WriteString("\n")
	}
	walk(textproto.MIMEHeader(msg.Header), msg.Body)
	return b.String()
}

// between is the text of s after from, up to the first to.
func between(s, from, to string) string {
	_, after, ok := strings.Cut(s, from)
	if !ok {
		return ""
	}
	before, _, _ := strings.Cut(after, to)
	return before
}

func jsonOf(v any) ([]byte, error) { return json.Marshal(v) }

func decodeBase64(t testing.TB, s string) string {
	t.Helper()
	data, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(s), ""))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
