package forms

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"regexp"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/command"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/fieldcheck"
	"slotwise/backend/internal/formkey"
)

// Errors of the form engine; the web layer answers each (forms_errors.go).
var (
	ErrNotFound         = errors.New("forms: no such published form")
	ErrResponseNotFound = errors.New("forms: no such response")
	ErrKeyInvalid       = errors.New("forms: the form key is not one this site issued, or it expired")
	ErrTooFast          = errors.New("forms: sent sooner than a person fills the form")
	ErrHoneypot         = errors.New("forms: the field people leave empty was filled")
	ErrStepUnreachable  = errors.New("forms: the step is not on the visitor's path")
)

// EventSubmitted is emitted when a response is submitted.
const EventSubmitted = "form.submitted"

// SubmittedEvent is form.submitted's payload.
type SubmittedEvent struct {
	Response string `json:"response"`
	Form     string `json:"form"`
	Kind     string `json:"kind"`
	Locale   string `json:"locale"`
}

// KeyMaxAge is how long a rendered form can be sent: a tab left open over a
// weekend still works; older keys get the form again with what was typed.
const KeyMaxAge = 7 * 24 * time.Hour

// ValidationError lists invalid fields: field path (answers.<id>) →
// message id, with each message's arguments. Step is the first step with
// an invalid field, for a client to go back to.
type ValidationError struct {
	Fields map[string]string
	Args   map[string]map[string]string
	Step   string
}

func (e *ValidationError) Error() string { return "forms: invalid fields" }

// FieldMessages implements the web layer's invalidFields.
func (e *ValidationError) FieldMessages() (map[string]string, map[string]map[string]string) {
	return e.Fields, e.Args
}

// FieldPath is how an answer is named in posts and errors.
func FieldPath(id string) string { return "answers." + id }

// Service runs the form engine's use cases.
type Service struct {
	pool    *db.Pool
	runner  *command.Runner
	store   store
	keys    *formkey.Signer
	log     *slog.Logger
	now     func() time.Time
	origins []string // where a form may redirect besides this site
}

// NewService builds the service; keys signs and reads the form keys, on
// the service's clock now (nil: clock.Now).
func NewService(pool *db.Pool, keys *formkey.Signer, redirectOrigins []string, log *slog.Logger, now clock.Func) *Service {
	s := &Service{pool: pool, runner: command.NewRunner(pool), keys: keys, log: log, now: clock.Now, origins: redirectOrigins}
	if now != nil {
		s.now, s.keys = now, keys.WithClock(now)
	}
	return s
}

// SetClock replaces the clock, for tests.
func (s *Service) SetClock(now func() time.Time) {
	s.now = now
	s.keys = s.keys.WithClock(now)
}

// Keys is the signer of form keys.
func (s *Service) Keys() *formkey.Signer { return s.keys }

// RedirectOrigins are the origins a form may send its visitors to.
func (s *Service) RedirectOrigins() []string { return s.origins }

// Published loads a published form of kind by slug.
func (s *Service) Published(ctx context.Context, slug, kind string) (*Form, error) {
	if !plausibleSlug(slug) {
		return nil, ErrNotFound
	}
	f, err := s.store.formBySlug(ctx, s.pool, slug)
	if err != nil {
		return nil, err
	}
	if !f.Published || f.Kind != kind {
		return nil, ErrNotFound
	}
	return f, nil
}

// OnlyQuiz is the slug of the business's one published quiz, or "" when
// it has none or several: where a quiz result that is not the visitor's
// sends them to take it.
func (s *Service) OnlyQuiz(ctx context.Context) (string, error) {
	rows, err := s.pool.Query(ctx, `SELECT slug FROM forms WHERE location_id = $1 AND kind = 'quiz' AND published ORDER BY slug LIMIT 2`, db.ThisBusiness)
	if err != nil {
		return "", fmt.Errorf("forms: unable to list quizzes: %w", err)
	}
	slugs, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil || len(slugs) != 1 {
		return "", err
	}
	return slugs[0], nil
}

// Resumed is a response with the version of the form it answers.
type Resumed struct {
	Response *Response
	Form     *Form
}

// Resume finds the response a form key made for form.
func (s *Service) Resume(ctx context.Context, form *Form, key string) (*Resumed, error) {
	if _, ok := s.keys.Issued(ctx, key); !ok {
		return nil, ErrResponseNotFound
	}
	r, err := s.store.responseByKey(ctx, s.pool, key, false)
	if err != nil {
		return nil, err
	}
	if r.FormID != form.ID {
		return nil, ErrResponseNotFound
	}
	if r.Version == form.Version {
		return &Resumed{Response: r, Form: form}, nil
	}
	version, err := s.store.formVersion(ctx, s.pool, form.ID, r.Version)
	if err != nil {
		return nil, err
	}
	return &Resumed{Response: r, Form: version}, nil
}

// QuizResult finds the submitted quiz response a form key made.
func (s *Service) QuizResult(ctx context.Context, key string) (*Resumed, error) {
	if _, ok := s.keys.Issued(ctx, key); !ok {
		return nil, ErrResponseNotFound
	}
	r, err := s.store.responseByKey(ctx, s.pool, key, false)
	if err != nil {
		return nil, err
	}
	if r.Status != StatusSubmitted || r.Score == nil {
		return nil, ErrResponseNotFound
	}
	form, err := s.store.formVersion(ctx, s.pool, r.FormID, r.Version)
	if errors.Is(err, ErrNotFound) {
		return nil, ErrResponseNotFound
	}
	if err != nil {
		return nil, err
	}
	if form.Kind != KindQuiz {
		return nil, ErrResponseNotFound
	}
	return &Resumed{Response: r, Form: form}, nil
}

// Save stores a definition for the form slug of kind at the business
// location: version 1 when new, the next version when it changed.
func (s *Service) Save(ctx context.Context, slug, kind, location string, published bool, def *Definition) (int, error) {
	version, _, err := command.Run(ctx, s.runner, command.Op{Scope: "form.save"}, func(ctx context.Context, tx pgx.Tx) (int, error) {
		return SaveDefinition(ctx, tx, slug, kind, location, published, def, s.origins)
	})
	return version, err
}

// SaveDefinition checks def and stores it through q (a transaction of the
// caller's: the demo's seed, an import), as Service.Save does.
func SaveDefinition(ctx context.Context, q db.Querier, slug, kind, location string, published bool, def *Definition, redirectOrigins []string) (int, error) {
	if !plausibleSlug(slug) {
		return 0, &DefinitionError{Problems: []Problem{{Path: "slug", Message: "a slug is 1 to 80 lowercase letters, digits and hyphens"}}}
	}
	if err := CheckDefinition(def, kind, redirectOrigins); err != nil {
		return 0, err
	}
	var st store
	loc, err := st.locationID(ctx, q, location)
	if err != nil {
		return 0, err
	}
	return st.save(ctx, q, slug, kind, loc, published, def)
}

func plausibleSlug(s string) bool {
	if len(s) == 0 || len(s) > 80 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' && i > 0) {
			return false
		}
	}
	return true
}

// StepCommand is one step of a form sent by a visitor: the last step (or
// the only one) submits the response; an earlier one keeps it unfinished.
type StepCommand struct {
	Form     string            `json:"form"`
	Kind     string            `json:"kind"`
	Key      string            `json:"-"`    // the form key the page was rendered with
	Step     string            `json:"step"` // the step's id; the first when empty
	Answers  Answers           `json:"answers"`
	Query    map[string]string `json:"query"` // the page's query: hidden fields and utm_*
	Locale   string            `json:"locale"`
	Page     string            `json:"page"` // the page the form was on
	Honeypot string            `json:"-"`
	// Proof is the browser's proof of work (ProofValid), which a
	// submission sooner than MinFillSeconds needs.
	Proof string `json:"-"`
	// FollowUps: the page was drawn without the questions an answer of the
	// step may show (no script); a step whose only gaps are such questions
	// is kept, with them now shown, rather than refused.
	FollowUps bool `json:"-"`
}

// StepResult is where the visitor goes next.
type StepResult struct {
	Response string `json:"response"` // the response's id
	Next     string `json:"next"`     // the next step's id; empty when submitted
	Done     bool   `json:"done"`
	Score    *Score `json:"score,omitempty"`
	// Redirect is where a submitted form sends its visitor, when the
	// operator named a place they allowed.
	Redirect string `json:"redirect,omitempty"`
}

// Answer takes one step of a form. Under a lock on the form key, it merges
// the step's answers into the response, walks the form over them, checks
// the step (and, on the last step, every step on the path), keeps only
// answers the visitor could reach, and either saves the response as
// unfinished or submits it, scores a quiz and emits form.submitted. A
// response already submitted answers as it did, so a repeated post is one
// submission.
func (s *Service) Answer(ctx context.Context, cmd StepCommand) (StepResult, error) {
	if cmd.Honeypot != "" {
		return StepResult{}, ErrHoneypot
	}
	age, ok := s.keys.Age(ctx, cmd.Key)
	if !ok || age > KeyMaxAge {
		return StepResult{}, ErrKeyInvalid
	}
	form, err := s.Published(ctx, cmd.Form, cmd.Kind)
	if err != nil {
		return StepResult{}, err
	}
	res, _, err := command.Run(ctx, s.runner, command.Op{Scope: "form.answer"}, func(ctx context.Context, tx pgx.Tx) (StepResult, error) {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, "form.key "+cmd.Key); err != nil {
			return StepResult{}, err
		}
		return s.answer(ctx, tx, form, cmd, age)
	})
	if err == nil && res.Done && RedirectAllowed(form.Definition.Redirect, s.origins) {
		res.Redirect = form.Definition.Redirect
	}
	return res, err
}

func (s *Service) answer(ctx context.Context, tx pgx.Tx, form *Form, cmd StepCommand, age time.Duration) (StepResult, error) {
	r, err := s.store.responseByKey(ctx, tx, cmd.Key, true)
	switch {
	case errors.Is(err, ErrResponseNotFound):
		r = &Response{ID: "fr_" + randomString(15), FormID: form.ID, Version: form.Version, Status: StatusPartial, Answers: Answers{}}
	case err != nil:
		return StepResult{}, err
	case r.FormID != form.ID:
		return StepResult{}, ErrKeyInvalid
	case r.Status == StatusSubmitted:
		return StepResult{Response: r.ID, Done: true, Score: r.Score}, nil
	}
	if r.Version != form.Version {
		if form, err = s.store.formVersion(ctx, tx, form.ID, r.Version); err != nil {
			return StepResult{}, err
		}
	}
	d := &form.Definition
	step := 0
	if cmd.Step != "" {
		if step = d.StepIndex(cmd.Step); step < 0 {
			return StepResult{}, ErrStepUnreachable
		}
	}
	merged := mergeStep(d, r.Answers, cmd, step)
	reach := Walk(d, merged)
	next, onPath := reach.After(step)
	if !onPath {
		return StepResult{}, ErrStepUnreachable
	}
	checkSteps := []int{step}
	if next < 0 {
		checkSteps = reach.Path
	}
	ctxCheck := CheckContext{Today: s.today(form.Business.TimeZone), Region: form.Business.Country}
	stored, problems := Check(d, merged, reach, checkSteps, ctxCheck)
	if len(problems) > 0 && cmd.FollowUps && onlyFollowUps(d, r.Answers, cmd.Query, step, problems) {
		// The visitor answered what they saw; the questions their answers
		// opened are theirs to see next, on the same step, not errors.
		r.Answers, r.Locale = reach.Prune(merged), cmd.Locale
		if err := s.store.saveResponse(ctx, tx, cmd.Key, r); err != nil {
			return StepResult{}, err
		}
		return StepResult{Response: r.ID, Next: d.Steps[step].ID}, nil
	}
	if len(problems) > 0 {
		return StepResult{}, validationError(d, reach, problems)
	}
	// Answers of steps not checked now were checked when they were sent.
	for id, v := range reach.Prune(merged) {
		if _, ok := stored[id]; !ok && !inSteps(d, id, checkSteps) {
			stored[id] = v
		}
	}
	r.Answers, r.Step, r.Locale, r.Attribution = stored, d.Steps[step].ID, cmd.Locale, attribution(cmd.Query, r.Attribution)
	if r.Page == "" {
		r.Page = cleanPage(cmd.Page)
	}
	if err := s.tieToBooking(ctx, tx, r, cmd.Query["booking"]); err != nil {
		return StepResult{}, err
	}
	if next >= 0 {
		if err := s.store.saveResponse(ctx, tx, cmd.Key, r); err != nil {
			return StepResult{}, err
		}
		return StepResult{Response: r.ID, Next: d.Steps[next].ID}, nil
	}
	if age < time.Duration(d.minFill())*time.Second && !ProofValid(cmd.Key, cmd.Proof) {
		return StepResult{}, ErrTooFast
	}
	if form.Kind == KindQuiz {
		score := ScoreOf(d, stored, reach)
		r.Score = &score
	}
	now := s.now()
	r.Status, r.SubmittedAt = StatusSubmitted, &now
	if err := s.store.saveResponse(ctx, tx, cmd.Key, r); err != nil {
		return StepResult{}, err
	}
	if err := events.Emit(ctx, tx, EventSubmitted, SubmittedEvent{Response: r.ID, Form: form.Slug, Kind: form.Kind, Locale: cmd.Locale}); err != nil {
		return StepResult{}, err
	}
	return StepResult{Response: r.ID, Done: true, Score: r.Score}, nil
}

// mergeStep is the response's answers with the step's replaced by what was
// sent, and hidden fields filled from the page's query.
func mergeStep(d *Definition, prior Answers, cmd StepCommand, step int) Answers {
	merged := maps.Clone(prior)
	if merged == nil {
		merged = Answers{}
	}
	for _, f := range d.Steps[step].Fields {
		if f.Type != TypeHidden {
			merged[f.ID] = cmd.Answers[f.ID]
		}
	}
	merged = d.WithQuery(merged, cmd.Query)
	return merged.Normalized(d)
}

func inSteps(d *Definition, field string, steps []int) bool {
	for _, s := range steps {
		for _, f := range d.Steps[s].Fields {
			if f.ID == field {
				return true
			}
		}
	}
	return false
}

func validationError(d *Definition, reach Reach, problems map[string]FieldError) *ValidationError {
	e := &ValidationError{Fields: map[string]string{}, Args: map[string]map[string]string{}}
	for id, p := range problems {
		e.Fields[FieldPath(id)] = p.ID
		if p.Args != nil {
			e.Args[FieldPath(id)] = p.Args
		}
	}
	for _, si := range reach.Path {
		for _, f := range d.Steps[si].Fields {
			if _, bad := problems[f.ID]; bad && e.Step == "" {
				e.Step = d.Steps[si].ID
			}
		}
	}
	return e
}

// utmParams are the campaign parameters kept with every response.
var utmParams = []string{"utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"}

// attribution keeps the page's utm_* parameters (the first seen win: a
// survey's later steps do not overwrite where the visitor came from).
func attribution(query map[string]string, prior map[string]string) map[string]string {
	out := maps.Clone(prior)
	if out == nil {
		out = map[string]string{}
	}
	for _, p := range utmParams {
		v := strings.TrimSpace(query[p])
		if _, seen := out[p]; !seen && v != "" && len(v) <= 200 && fieldcheck.IsText(v, false) {
			out[p] = v
		}
	}
	return out
}

// followUpSecret is the shape of a follow-up's secret (booking.newToken).
var followUpSecret = regexp.MustCompile(`^[A-Za-z0-9_-]{20,64}$`)

// tieToBooking keeps with a response the booking whose follow-up mail
// linked to the form (?booking=, that mail's own secret), once: the
// business reads the answers beside the appointment they are about. A
// booking's id alone ties nothing: ids travel in calendar files and
// webhooks.
func (s *Service) tieToBooking(ctx context.Context, tx pgx.Tx, r *Response, secret string) error {
	if _, tied := r.Attribution["booking"]; tied || !followUpSecret.MatchString(secret) {
		return nil
	}
	sum := sha256.Sum256([]byte(secret))
	var id string
	err := tx.QueryRow(ctx, `SELECT booking_id FROM booking_tokens WHERE token_hash = $1 AND location_id = $2 AND purpose = 'followup'`, sum[:], db.ThisBusiness).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("forms: unable to look up a follow-up: %w", err)
	}
	r.Attribution["booking"] = id
	return nil
}

// cleanPage keeps a referring page's address if it is a plausible one.
func cleanPage(p string) string {
	if len(p) > 2000 || !fieldcheck.IsText(p, false) || !(strings.HasPrefix(p, "https://") || strings.HasPrefix(p, "http://") || strings.HasPrefix(p, "/")) {
		return ""
	}
	return p
}

// today is the date in the business's time zone.
func (s *Service) today(zone string) string { return TodayIn(zone, s.now()) }

// Now is the service's clock.
func (s *Service) Now() time.Time { return s.now() }

func randomString(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand does not fail on Linux
	return base64.RawURLEncoding.EncodeToString(b)
}

// onlyFollowUps tells whether every problem of a step is a field of it that
// the page could not show: hidden by a rule over the answers the page was
// drawn with (prior), shown by what the step itself answered.
func onlyFollowUps(d *Definition, prior Answers, query map[string]string, step int, problems map[string]FieldError) bool {
	before := Walk(d, d.WithQuery(prior, query).Normalized(d))
	for id := range problems {
		if before.Visible[id] || !inSteps(d, id, []int{step}) {
			return false
		}
	}
	return true
}
