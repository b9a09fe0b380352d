package forms_test

// The engine against PostgreSQL with the demo's forms: what is stored, what
// is never stored, and that a post sent twice, or by fifty visitors at
// once, has exactly the effect it should.

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/demo"
	"slotwise/backend/internal/formkey"
	"slotwise/backend/internal/forms"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// clock is a test's time, moved by hand.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

func newService(t *testing.T) (*forms.Service, *db.Pool, *clock) {
	t.Helper()
	pool := dbtest.NewFilled(t, "demo", demo.Seed)
	ctx := context.Background()
	keys, err := formkey.Load(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	svc := forms.NewService(pool, keys, nil, slog.New(slog.DiscardHandler), nil)
	c := &clock{t: time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)}
	svc.SetClock(c.now)
	return svc, pool, c
}

func contact(key string) forms.StepCommand {
	return forms.StepCommand{Form: "demo-contact", Kind: forms.KindForm, Key: key, Locale: "de",
		Answers: forms.Answers{"name": {"Ada Lovelace"}, "email": {"ada@example.com"}, "topic": {"treatment"},
			"message": {"Is the facial right for dry skin?"}, "newsletter": {"on"}},
		Query: map[string]string{"utm_source": "newsletter", "utm_campaign": "winter"}}
}

func count(t *testing.T, pool *db.Pool, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestAContactFormIsStoredOnceWithWhatTheVisitorCouldReach(t *testing.T) {
	svc, pool, clk := newService(t)
	ctx := context.Background()
	key := svc.Keys().Issue(context.Background())
	clk.add(20 * time.Second)
	cmd := contact(key)
	cmd.Answers["preferredDate"] = []string{"2026-12-01"} // only asked about appointments: forged
	first, err := svc.Answer(ctx, cmd)
	if err != nil {
		t.Fatal(err)
	}
	if !first.Done || first.Next != "" {
		t.Fatalf("result = %+v, want done", first)
	}
	again, err := svc.Answer(ctx, cmd)
	if err != nil || again.Response != first.Response {
		t.Fatalf("the same post again = %+v, %v; want the first response %s", again, err, first.Response)
	}
	if n := count(t, pool, `SELECT count(*) FROM form_responses`); n != 1 {
		t.Fatalf("%d responses stored, want 1", n)
	}
	if n := count(t, pool, `SELECT count(*) FROM events WHERE type = 'form.submitted'`); n != 1 {
		t.Fatalf("%d form.submitted events, want 1", n)
	}
	var answers, attribution, locale, status string
	var version int
	if err := pool.QueryRow(ctx, `SELECT answers::text, attribution::text, locale, status, version FROM form_responses`).Scan(&answers, &attribution, &locale, &status, &version); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(answers, "preferredDate") || strings.Contains(answers, "2026-12-01") {
		t.Errorf("an answer to a question the visitor never saw was stored: %s", answers)
	}
	for _, want := range []string{`"newsletter": ["true"]`, `"source": ["newsletter"]`, `"name": ["Ada Lovelace"]`} {
		if !strings.Contains(answers, want) {
			t.Errorf("answers %s lack %s", answers, want)
		}
	}
	if !strings.Contains(attribution, `"utm_campaign": "winter"`) || locale != "de" || status != "submitted" || version != 1 {
		t.Errorf("stored attribution %s, locale %s, status %s, version %d", attribution, locale, status, version)
	}
}

func TestRefusedPostsStoreNothing(t *testing.T) {
	svc, pool, clk := newService(t)
	ctx := context.Background()
	other := formkey.New([]byte(strings.Repeat("o", 32)))
	tests := []struct {
		name string
		edit func(cmd *forms.StepCommand)
		wait time.Duration
		want error
	}{
		{"sent a second after the page was shown", func(*forms.StepCommand) {}, time.Second, forms.ErrTooFast},
		{"the field people leave empty was filled", func(c *forms.StepCommand) { c.Honeypot = "http://spam.example" }, time.Minute, forms.ErrHoneypot},
		{"a key this site did not issue", func(c *forms.StepCommand) { c.Key = other.Issue(context.Background()) }, time.Minute, forms.ErrKeyInvalid},
		{"a key from last month", func(*forms.StepCommand) {}, 30 * 24 * time.Hour, forms.ErrKeyInvalid},
		{"a form that does not exist", func(c *forms.StepCommand) { c.Form = "no-such-form" }, time.Minute, forms.ErrNotFound},
		{"a form asked for as a quiz", func(c *forms.StepCommand) { c.Kind = forms.KindQuiz }, time.Minute, forms.ErrNotFound},
		{"a step the form does not have", func(c *forms.StepCommand) { c.Step = "nowhere" }, time.Minute, forms.ErrStepUnreachable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := contact(svc.Keys().Issue(context.Background()))
			clk.add(tt.wait)
			tt.edit(&cmd)
			if _, err := svc.Answer(ctx, cmd); !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if n := count(t, pool, `SELECT count(*) FROM form_responses`); n != 0 {
				t.Fatalf("%d responses stored", n)
			}
		})
	}
}

// solve makes the proof a browser makes for a quick submission.
func solve(key string) string {
	for n := 0; ; n++ {
		if p := strconv.Itoa(n); forms.ProofValid(key, p) {
			return p
		}
	}
}

// otherKeysProof is a proof made for another key, one that does not also
// fit key (one in 4,096 would).
func otherKeysProof(key string) string {
	for i := 0; ; i++ {
		if p := solve("another key " + strconv.Itoa(i)); !forms.ProofValid(key, p) {
			return p
		}
	}
}

// People whose browser fills the form in a second are people: with the
// proof their browser makes, a quick submission is taken; without it, or
// with another key's, it is refused and nothing is stored.
func TestAQuickSubmissionWithItsBrowsersProofIsTaken(t *testing.T) {
	svc, pool, clk := newService(t)
	ctx := context.Background()
	tests := []struct {
		name  string
		proof func(key string) string
		want  error
	}{
		{"no proof", func(string) string { return "" }, forms.ErrTooFast},
		{"another key's proof", otherKeysProof, forms.ErrTooFast},
		{"not a number", func(string) string { return "abc" }, forms.ErrTooFast},
		{"the browser's proof", solve, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := contact(svc.Keys().Issue(context.Background()))
			clk.add(time.Second)
			cmd.Proof = tt.proof(cmd.Key)
			_, err := svc.Answer(ctx, cmd)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
		})
	}
	if n := count(t, pool, `SELECT count(*) FROM form_responses WHERE status = 'submitted'`); n != 1 {
		t.Fatalf("%d submitted, want the one with its proof", n)
	}
}

func TestEveryFieldTypeRefusesBytesThatAreNotText(t *testing.T) {
	svc, pool, clk := newService(t)
	ctx := context.Background()
	for _, field := range []string{"name", "email", "phone", "topic", "preferredDate", "message", "newsletter"} {
		for _, bad := range []string{"a\x00b", "\xff\xfe", "ok\x1b[2J", "\u202eevil"} {
			cmd := contact(svc.Keys().Issue(context.Background()))
			cmd.Answers["topic"] = []string{"booking"} // so the date is asked
			if field != "topic" {
				cmd.Answers[field] = []string{bad}
			} else {
				cmd.Answers[field] = []string{"booking" + bad}
			}
			clk.add(time.Minute)
			_, err := svc.Answer(ctx, cmd)
			if field == "newsletter" {
				// A box that does not say "on" is not ticked: the
				// optional consent is simply not given.
				if err != nil {
					t.Errorf("newsletter = %q: %v", bad, err)
				}
				continue
			}
			var invalid *forms.ValidationError
			if !errors.As(err, &invalid) || invalid.Fields["answers."+field] == "" {
				t.Errorf("%s = %q: err = %v, want a message for the field", field, bad, err)
			}
		}
	}
	if n := count(t, pool, `SELECT count(*) FROM form_responses`); n != 4 {
		t.Fatalf("%d responses stored, want the 4 without a consent", n)
	}
	if n := count(t, pool, `SELECT count(*) FROM form_responses WHERE answers ? 'newsletter'`); n != 0 {
		t.Fatalf("%d responses hold a consent that was not given", n)
	}
}

func survey(key, step string, answers forms.Answers) forms.StepCommand {
	return forms.StepCommand{Form: "demo-survey", Kind: forms.KindSurvey, Key: key, Step: step, Answers: answers, Locale: "en-US"}
}

func TestASurveyKeepsItsStepsAndFollowsItsJump(t *testing.T) {
	svc, pool, clk := newService(t)
	ctx := context.Background()
	key := svc.Keys().Issue(context.Background())
	clk.add(5 * time.Second)
	res, err := svc.Answer(ctx, survey(key, "visit", forms.Answers{"visited": {"yes"}, "rating": {"4"}}))
	if err != nil || res.Next != "experience" || res.Done {
		t.Fatalf("first step = %+v, %v; want next experience", res, err)
	}
	var status string
	if err := pool.QueryRow(ctx, `SELECT status FROM form_responses WHERE id = $1`, res.Response).Scan(&status); err != nil || status != "partial" {
		t.Fatalf("a survey left after its first step is %q (%v), want partial", status, err)
	}
	// Back to the first step: not been there after all. The jump skips the
	// middle, and the rating is no longer theirs to give.
	res, err = svc.Answer(ctx, survey(key, "visit", forms.Answers{"visited": {"no"}, "rating": {"4"}}))
	if err != nil || res.Next != "next" {
		t.Fatalf("first step again = %+v, %v; want next next", res, err)
	}
	if _, err := svc.Answer(ctx, survey(key, "experience", forms.Answers{"liked": {"staff"}})); !errors.Is(err, forms.ErrStepUnreachable) {
		t.Fatalf("a step off the path = %v, want ErrStepUnreachable", err)
	}
	res, err = svc.Answer(ctx, survey(key, "next", forms.Answers{"recommend": {"maybe"}}))
	if err != nil || !res.Done {
		t.Fatalf("last step = %+v, %v; want done", res, err)
	}
	var answers string
	if err := pool.QueryRow(ctx, `SELECT answers::text FROM form_responses WHERE id = $1`, res.Response).Scan(&answers); err != nil {
		t.Fatal(err)
	}
	if want := `{"visited": ["no"], "recommend": ["maybe"]}`; answers != want {
		t.Fatalf("stored %s, want %s", answers, want)
	}
}

func TestAQuizIsScoredOnTheServer(t *testing.T) {
	svc, _, clk := newService(t)
	ctx := context.Background()
	key := svc.Keys().Issue(context.Background())
	clk.add(time.Minute)
	res, err := svc.Answer(ctx, forms.StepCommand{Form: "demo-quiz", Kind: forms.KindQuiz, Key: key, Locale: "en-US",
		Answers: forms.Answers{"spf": {"uvb"}, "dry": {"ceramides", "hyaluronic"}, "exfoliate": {"daily"}, "water": {"some"}}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Score == nil || *res.Score != (forms.Score{Points: 4, Max: 6, Band: 1}) {
		t.Fatalf("score = %+v, want 4 of 6 in the second band", res.Score)
	}
	got, err := svc.QuizResult(ctx, key)
	if err != nil || got.Response.Score.Points != 4 {
		t.Fatalf("result = %+v, %v", got, err)
	}
	if _, err := svc.QuizResult(ctx, svc.Keys().Issue(context.Background())); !errors.Is(err, forms.ErrResponseNotFound) {
		t.Fatalf("a key that answered nothing = %v, want ErrResponseNotFound", err)
	}
}

func TestFiftyConcurrentSubmittersAreFiftySubmissionsAndOneKeyIsOne(t *testing.T) {
	svc, pool, clk := newService(t)
	ctx := context.Background()
	keys := make([]string, 50)
	for i := range keys {
		keys[i] = svc.Keys().Issue(context.Background())
	}
	shared := svc.Keys().Issue(context.Background())
	clk.add(time.Minute)
	var wg sync.WaitGroup
	errs := make(chan error, 70)
	start := make(chan struct{})
	for i, key := range keys {
		wg.Go(func() {
			<-start
			cmd := contact(key)
			cmd.Answers["email"] = []string{fmt.Sprintf("visitor%d@example.com", i)}
			_, err := svc.Answer(ctx, cmd)
			errs <- err
		})
	}
	for range 20 {
		wg.Go(func() {
			<-start
			_, err := svc.Answer(ctx, contact(shared))
			errs <- err
		})
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := count(t, pool, `SELECT count(*) FROM form_responses WHERE status = 'submitted'`); n != 51 {
		t.Fatalf("%d submissions, want 50 and one for the shared key", n)
	}
	if n := count(t, pool, `SELECT count(*) FROM events WHERE type = 'form.submitted'`); n != 51 {
		t.Fatalf("%d events, want 51", n)
	}
}

func TestAChangedDefinitionIsANewVersionAndResponsesKeepTheirs(t *testing.T) {
	svc, pool, clk := newService(t)
	ctx := context.Background()
	key := svc.Keys().Issue(context.Background())
	clk.add(time.Minute)
	if _, err := svc.Answer(ctx, survey(key, "visit", forms.Answers{"visited": {"yes"}, "rating": {"5"}})); err != nil {
		t.Fatal(err)
	}
	form, err := svc.Published(ctx, "demo-survey", forms.KindSurvey)
	if err != nil {
		t.Fatal(err)
	}
	def := form.Definition
	def.Steps = def.Steps[:1]
	def.Rules = def.Rules[:1]
	v, err := svc.Save(ctx, "demo-survey", forms.KindSurvey, "demo-studio", true, &def)
	if err != nil || v != 2 {
		t.Fatalf("save = %d, %v; want version 2", v, err)
	}
	if v, err := svc.Save(ctx, "demo-survey", forms.KindSurvey, "demo-studio", true, &def); err != nil || v != 2 {
		t.Fatalf("saving the same again = %d, %v; want version 2 still", v, err)
	}
	// The visitor who started on version 1 finishes version 1.
	res, err := svc.Answer(ctx, survey(key, "experience", forms.Answers{"liked": {"staff"}}))
	if err != nil || res.Next != "next" {
		t.Fatalf("second step of version 1 = %+v, %v", res, err)
	}
	if n := count(t, pool, `SELECT count(*) FROM form_responses WHERE version = 1`); n != 1 {
		t.Fatalf("%d responses on version 1, want 1", n)
	}
}

func TestAFollowUpsFormKeepsTheBookingItWasSentFor(t *testing.T) {
	svc, pool, clk := newService(t)
	ctx := context.Background()
	secret := "fu_secretOfTheFollowUpMail01"
	sum := sha256.Sum256([]byte(secret))
	if _, err := pool.Exec(ctx, `INSERT INTO bookings (id, calendar_id, staff_id, status, starts_at, ends_at, blocked, booker_time_zone, locale,
		first_name, last_name, email)
		SELECT 'bk_followedUp0123456789ab', c.id, cs.staff_id, 'scheduled', '2026-11-20 09:00Z', '2026-11-20 09:30Z',
			tstzrange('2026-11-20 09:00Z', '2026-11-20 09:30Z'), 'Europe/Berlin', 'de', 'Ada', 'Lovelace', 'ada@example.com'
		FROM calendars c JOIN calendar_staff cs ON cs.calendar_id = c.id WHERE c.slug = 'demo-consultation' LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO booking_tokens (token_hash, booking_id, purpose) VALUES ($1, 'bk_followedUp0123456789ab', 'followup')`,
		sum[:]); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, ref, want string }{
		{"the follow-up's secret", secret, `{"booking": "bk_followedUp0123456789ab"}`},
		{"the booking's id alone (it travels in calendar files)", "bk_followedUp0123456789ab", `{}`},
		{"a secret no mail carried", "fu_madeUpSecret0000000000000", `{}`},
		{"not a secret", "'; DROP TABLE bookings; --", `{}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			key := svc.Keys().Issue(context.Background())
			clk.add(20 * time.Second)
			cmd := contact(key)
			cmd.Query = map[string]string{"booking": tc.ref}
			res, err := svc.Answer(ctx, cmd)
			if err != nil {
				t.Fatal(err)
			}
			var attribution string
			if err := pool.QueryRow(ctx, `SELECT attribution::text FROM form_responses WHERE id = $1`, res.Response).Scan(&attribution); err != nil {
				t.Fatal(err)
			}
			if attribution != tc.want {
				t.Errorf("attribution %s, want %s", attribution, tc.want)
			}
		})
	}
}
