package web_test

// Forms on the web: their pages, their posts with and without JavaScript,
// a quiz's result, and what a hostile client sends them.

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

var keyInput = regexp.MustCompile(`name="key" value="([^"]+)"`)

// formKey is the key a form's page was rendered with.
func formKey(t *testing.T, f *fixture, path string) string {
	t.Helper()
	rec := f.do(http.MethodGet, path, nil)
	m := keyInput.FindStringSubmatch(rec.Body.String())
	if rec.Code != http.StatusOK || m == nil {
		t.Fatalf("GET %s = %d without a form key", path, rec.Code)
	}
	return m[1]
}

// fill is the time a visitor takes before sending.
func (f *fixture) fill(d time.Duration) { f.formsAhead.Add(int64(d)) }

func (f *fixture) responses(t *testing.T) int {
	t.Helper()
	var n int
	if err := f.pool.QueryRow(context.Background(), `SELECT count(*) FROM form_responses`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestFormPages(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	tests := []struct {
		name, path string
		status     int
		has        []string
		hasNot     []string
	}{
		{"a contact form", "/widget/form/demo-contact", 200, []string{"Get in touch", `name="answers.email"`, `name="key"`, `name="website"`, "Send message"}, []string{`name="answers.preferredDate"`}},
		{"the contact form in German", "/de/widget/form/demo-contact", 200, []string{"Kontakt aufnehmen", "Nachricht senden"}, nil},
		{"the quiz, without its points or right answers", "/widget/quiz/demo-quiz", 200, []string{"How well do you know your skin?", `value="uvb"`}, []string{"correct", `"points"`}},
		{"the survey's first step", "/widget/survey/demo-survey", 200, []string{"Step 1 of 3", "Have you been to the studio?"}, []string{`name="answers.rating"`}},
		{"a step off the path lands on the first", "/widget/survey/demo-survey?step=experience", 200, []string{"Step 1 of 3"}, nil},
		{"a form that does not exist", "/widget/form/no-such-form", 404, []string{"Page Not Found: /widget/form/no-such-form"}, nil},
		{"a form asked for as a quiz", "/widget/quiz/demo-contact", 404, []string{"Page Not Found"}, nil},
		{"a survey asked for as a form", "/widget/form/demo-survey", 404, nil, nil},
		{"a slug of odd bytes", "/widget/form/%E2%80%AE%C3%A9", 404, nil, nil},
		{"a score nobody computed", "/widget/quiz-result/999", 200, []string{"We could not find this result"}, []string{"999 of"}},
		{"a score with a key that answered nothing", "/widget/quiz-result/4?response=1.AAAA.BBBB", 200, []string{"We could not find this result"}, nil},
		{"a resumed response that does not exist", "/widget/survey/demo-survey?response=forged", 200, []string{"Step 1 of 3"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.do(http.MethodGet, tt.path, nil)
			body := rec.Body.String()
			if rec.Code != tt.status {
				t.Fatalf("status = %d, want %d", rec.Code, tt.status)
			}
			for _, s := range tt.has {
				if !strings.Contains(body, s) {
					t.Errorf("page lacks %q", s)
				}
			}
			for _, s := range tt.hasNot {
				if strings.Contains(body, s) {
					t.Errorf("page has %q", s)
				}
			}
		})
	}
}

func contactForm(key string) url.Values {
	return url.Values{"key": {key}, "step": {"contact"}, "answers.name": {"Ada Lovelace"}, "answers.email": {"ada@example.com"},
		"answers.topic": {"treatment"}, "answers.message": {"Is the facial right for dry skin?"}, "website": {""}}
}

func TestAContactFormIsSentWithoutJavaScriptOnce(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	path := "/de/widget/form/demo-contact?utm_source=newsletter"
	key := formKey(t, f, path)
	f.fill(20 * time.Second)
	rec := f.post(path, contactForm(key), nil)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("post = %d, want 303: %s", rec.Code, rec.Body)
	}
	thanks := rec.Header().Get("Location")
	if !strings.HasPrefix(thanks, "/de/widget/form/demo-contact?") || !strings.Contains(thanks, "response=") || !strings.Contains(thanks, "utm_source=newsletter") {
		t.Fatalf("Location = %s", thanks)
	}
	if again := f.post(path, contactForm(key), nil); again.Code != http.StatusSeeOther || again.Header().Get("Location") != thanks {
		t.Fatalf("the same post again = %d %s", again.Code, again.Header().Get("Location"))
	}
	if n := f.responses(t); n != 1 {
		t.Fatalf("%d responses, want 1", n)
	}
	page := f.do(http.MethodGet, thanks, nil).Body.String()
	if !strings.Contains(page, "Danke! Ihre Nachricht ist angekommen") {
		t.Fatalf("the thanks page does not thank: %s", page)
	}
	// and it leads on: to the business's booking page and its website.
	for _, way := range []string{`href="/de/widget/groups/`, `>Termin buchen</a>`, `href="/de" target="_top">Zurück zur Website</a>`} {
		if !strings.Contains(page, way) {
			t.Errorf("the thanks page lacks %s", way)
		}
	}
	var source string
	if err := f.pool.QueryRow(context.Background(), `SELECT answers->'source'->>0 FROM form_responses`).Scan(&source); err != nil || source != "newsletter" {
		t.Fatalf("hidden field = %q, %v; want newsletter from the URL", source, err)
	}
	// The business hears of it, after the commit, once.
	for range 2 {
		if _, err := f.mails.DeliverDue(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	var kind, to, mime string
	if err := f.pool.QueryRow(context.Background(), `SELECT kind, recipient, convert_from(mime, 'UTF8') FROM outbox`).Scan(&kind, &to, &mime); err != nil {
		t.Fatalf("no mail to the business: %v", err)
	}
	if kind != "form.submitted" || to != "studio@slotwise.localhost" || !strings.Contains(mime, "Reply-To: ada@example.com") ||
		!strings.Contains(mime, "Is the facial right for dry skin?") || !strings.Contains(mime, "A treatment") {
		t.Fatalf("mail %s to %s:\n%s", kind, to, mime)
	}
}

func TestARefusedPostShowsItsMessagesAndKeepsWhatWasTyped(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	path := "/widget/form/demo-contact"
	key := formKey(t, f, path)
	f.fill(time.Minute)
	form := contactForm(key)
	form.Set("answers.email", "ada@example")
	form.Del("answers.message")
	form.Set("answers.topic", "booking") // shows the preferred date, optional
	rec := f.post(path, form, nil)
	body := rec.Body.String()
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("post = %d, want 422", rec.Code)
	}
	for _, s := range []string{"Email is invalid", "This field is required", `value="ada@example"`, `value="Ada Lovelace"`, "Preferred date", `value="` + key + `"`} {
		if !strings.Contains(body, s) {
			t.Errorf("the page again lacks %q", s)
		}
	}
	if n := f.responses(t); n != 0 {
		t.Fatalf("%d responses stored", n)
	}
}

func TestAQuizResultShowsOnlyTheScoreTheServerComputed(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	var page struct {
		Data struct{ Key string } `json:"data"`
	}
	if err := json.Unmarshal(f.do(http.MethodGet, "/api/page-data?path=/widget/quiz/demo-quiz", nil).Body.Bytes(), &page); err != nil || page.Data.Key == "" {
		t.Fatalf("page data: %v", err)
	}
	f.fill(time.Minute)
	body := `{"key":"` + page.Data.Key + `","step":"questions","locale":"en-US","answers":{"spf":["uvb"],"dry":["ceramides","hyaluronic"],"exfoliate":["daily"],"water":["some"]}}`
	rec := f.send(http.MethodPost, "/api/forms/quiz/demo-quiz/answers", body, map[string]string{"Sec-Fetch-Site": "same-origin"})
	if rec.Code != http.StatusCreated {
		t.Fatalf("answers = %d: %s", rec.Code, rec.Body)
	}
	var out struct {
		Done bool
		Href string
	}
	_ = json.Unmarshal(rec.Body.Bytes(), &out)
	if !out.Done || !strings.HasPrefix(out.Href, "/widget/quiz-result/4?response=") {
		t.Fatalf("answer = %+v", out)
	}
	result := f.do(http.MethodGet, out.Href, nil).Body.String()
	// The answers add up to the score: the question weighing points says
	// what it gave, beside the right-or-wrong ones.
	for _, s := range []string{"Well on your way", "<strong>4</strong> of 6", "The right answer: Once or twice a week",
		"How much water do you drink a day?", "1 of 2 points.", "The best answer: More than two litres",
		// Its band recommends a facial: Book opens that calendar.
		`href="/widget/bookings/facial-treatment"`} {
		if !strings.Contains(result, s) {
			t.Errorf("result lacks %q", s)
		}
	}
	forged := f.do(http.MethodGet, strings.Replace(out.Href, "/4?", "/6?", 1), nil).Body.String()
	if strings.Contains(forged, "Skin expert") || !strings.Contains(forged, "We could not find this result") {
		t.Errorf("a forged score is believed")
	}
	// A result that is not the visitor's leads to the quiz and the site.
	for _, s := range []string{`href="/widget/quiz/demo-quiz"`, "Take the quiz", `href="/"`} {
		if !strings.Contains(forged, s) {
			t.Errorf("a result that is not the visitor's lacks %s", s)
		}
	}
}

func TestASurveyGoesStepByStepAndBackWithItsAnswers(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	key := formKey(t, f, "/widget/survey/demo-survey")
	f.fill(time.Minute)
	step := func(step string, answers url.Values) string {
		t.Helper()
		form := url.Values{"key": {key}, "step": {step}}
		for k, v := range answers {
			form["answers."+k] = v
		}
		rec := f.post("/widget/survey/demo-survey", form, nil)
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("step %s = %d: %s", step, rec.Code, rec.Body)
		}
		return rec.Header().Get("Location")
	}
	next := step("visit", url.Values{"visited": {"yes"}, "rating": {"5"}})
	if !strings.Contains(next, "step=experience") {
		t.Fatalf("after the first step: %s", next)
	}
	second := f.do(http.MethodGet, next, nil).Body.String()
	if !strings.Contains(second, "Step 2 of 3") || !strings.Contains(second, "step=visit") {
		t.Fatalf("the second step lacks its place or its way back")
	}
	back := f.do(http.MethodGet, "/widget/survey/demo-survey?step=visit&response="+url.QueryEscape(key), nil).Body.String()
	if !regexp.MustCompile(`value="5"[^>]*checked|checked[^>]*value="5"`).MatchString(back) {
		t.Fatalf("the first step again forgot its rating")
	}
	last := step("experience", url.Values{"liked": {"staff", "treatment"}, "improve": {"More evening hours"}})
	if !strings.Contains(last, "step=next") {
		t.Fatalf("after the second step: %s", last)
	}
	thanks := step("next", url.Values{"recommend": {"yes"}})
	if !strings.Contains(f.do(http.MethodGet, thanks, nil).Body.String(), "Thank you for your time") {
		t.Fatalf("no thanks at %s", thanks)
	}
	var answers string
	if err := f.pool.QueryRow(context.Background(), `SELECT answers::text FROM form_responses WHERE status = 'submitted'`).Scan(&answers); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(answers, `"liked": ["staff", "treatment"]`) {
		t.Fatalf("stored %s", answers)
	}
}

func TestHostileFormPosts(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	key := formKey(t, f, "/widget/form/demo-contact")
	f.fill(time.Minute)
	same := map[string]string{"Sec-Fetch-Site": "same-origin"}
	tests := []struct {
		name, path, body string
		status           int
		code             string
	}{
		{"not JSON", "/api/forms/form/demo-contact/answers", `{"key":`, 400, "bad_request"},
		{"an unknown field", "/api/forms/form/demo-contact/answers", `{"key":"` + key + `","bogus":1}`, 400, "bad_request"},
		{"an answer that is not a list", "/api/forms/form/demo-contact/answers", `{"key":"` + key + `","answers":{"name":"Ada"}}`, 400, "bad_request"},
		{"a kind of form that does not exist", "/api/forms/poll/demo-contact/answers", `{"key":"` + key + `"}`, 404, "not_found"},
		{"a form that does not exist", "/api/forms/form/nope/answers", `{"key":"` + key + `"}`, 404, "not_found"},
		{"a key this site did not sign", "/api/forms/form/demo-contact/answers", `{"key":"1.AAAA.BBBB","answers":{}}`, 409, "form_expired"},
		{"NUL in a name", "/api/forms/form/demo-contact/answers", `{"key":"` + key + `","answers":{"name":["A\u0000da"],"email":["a@example.com"],"topic":["other"],"message":["hello there"]}}`, 422, "invalid"},
		{"a thousand choices", "/api/forms/form/demo-contact/answers", `{"key":"` + key + `","answers":{"topic":[` + strings.Repeat(`"other",`, 999) + `"other"]}}`, 422, "invalid"},
		{"the field people leave empty, filled", "/api/forms/form/demo-contact/answers", `{"key":"` + key + `","website":"http://spam","answers":{}}`, 422, "automated"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.send(http.MethodPost, tt.path, tt.body, same)
			if rec.Code != tt.status {
				t.Fatalf("status = %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			if e := decodeJSON[apiErr](t, rec); e.Error.Code != tt.code {
				t.Fatalf("code = %q, want %q", e.Error.Code, tt.code)
			}
		})
	}
	if n := f.responses(t); n != 0 {
		t.Fatalf("%d responses stored", n)
	}
}

func TestAFormOpenedFromAFollowUpKeepsItsBookingWithoutJavaScript(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	ctx := context.Background()
	secret := "fu_secretOfTheFollowUpMail01"
	sum := sha256.Sum256([]byte(secret))
	if _, err := f.pool.Exec(ctx, `INSERT INTO bookings (id, calendar_id, staff_id, status, starts_at, ends_at, blocked, booker_time_zone, locale,
		first_name, last_name, email)
		SELECT 'bk_followedUp0123456789ab', c.id, cs.staff_id, 'scheduled', '2026-11-20 09:00Z', '2026-11-20 09:30Z',
			tstzrange('2026-11-20 09:00Z', '2026-11-20 09:30Z'), 'Europe/Berlin', 'de', 'Ada', 'Lovelace', 'ada@example.com'
		FROM calendars c JOIN calendar_staff cs ON cs.calendar_id = c.id WHERE c.slug = 'demo-consultation' LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	if _, err := f.pool.Exec(ctx, `INSERT INTO booking_tokens (token_hash, booking_id, purpose) VALUES ($1, 'bk_followedUp0123456789ab', 'followup')`,
		sum[:]); err != nil {
		t.Fatal(err)
	}
	path := "/de/widget/form/demo-contact?booking=" + secret
	key := formKey(t, f, path)
	f.fill(20 * time.Second)
	if rec := f.post(path, contactForm(key), nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("post = %d, want 303: %s", rec.Code, rec.Body)
	}
	var booking string
	if err := f.pool.QueryRow(ctx, `SELECT attribution->>'booking' FROM form_responses`).Scan(&booking); err != nil || booking != "bk_followedUp0123456789ab" {
		t.Fatalf("the response's booking = %q, %v", booking, err)
	}
}

// Without JavaScript a question an answer opens is shown next, on the
// same step, not refused as missing; an answer that skips a step counts
// on ("Step 3 of 3"), the total never changes.
func TestASurveyWithoutJavaScriptShowsTheQuestionAnAnswerOpens(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	post := func(key string, answers url.Values) *httptest.ResponseRecorder {
		form := url.Values{"key": {key}, "step": {"visit"}}
		for k, v := range answers {
			form["answers."+k] = v
		}
		return f.post("/widget/survey/demo-survey", form, nil)
	}
	key := formKey(t, f, "/widget/survey/demo-survey")
	f.fill(time.Minute)
	rec := post(key, url.Values{"visited": {"yes"}})
	if rec.Code != http.StatusSeeOther || !strings.Contains(rec.Header().Get("Location"), "step=visit") {
		t.Fatalf("a first step whose answer opened a question: %d %s, want the same step again", rec.Code, rec.Header().Get("Location"))
	}
	page := f.do(http.MethodGet, rec.Header().Get("Location"), nil).Body.String()
	if !strings.Contains(page, `name="answers.rating"`) || strings.Contains(page, `aria-invalid="true"`) || strings.Contains(page, "Please check the highlighted fields") {
		t.Errorf("the step again does not show the opened question plainly")
	}
	if !regexp.MustCompile(`value="yes"[^>]*checked|checked[^>]*value="yes"`).MatchString(page) {
		t.Errorf("the step again forgot its answer")
	}
	// Sent again without the rating, it is missing now: the visitor saw it.
	if rec := post(key, url.Values{"visited": {"yes"}}); rec.Code != http.StatusUnprocessableEntity {
		t.Errorf("the opened question left empty: %d, want it asked for", rec.Code)
	}

	other := formKey(t, f, "/widget/survey/demo-survey")
	f.fill(time.Minute)
	rec = post(other, url.Values{"visited": {"no"}})
	if !strings.Contains(rec.Header().Get("Location"), "step=next") {
		t.Fatalf("not yet visited: %s, want the last step", rec.Header().Get("Location"))
	}
	if last := f.do(http.MethodGet, rec.Header().Get("Location"), nil).Body.String(); !strings.Contains(last, "Step 3 of 3") {
		t.Errorf("the skipped-to step is not counted as the third of three")
	}
}
