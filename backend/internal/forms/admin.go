package forms

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/cursor"
	"slotwise/backend/internal/db"
)

// Submission is a response as the business's tools see it (the admin API,
// webhooks): what was answered, where from, and a quiz's score.
type Submission struct {
	ID          string            `json:"id"`
	Form        string            `json:"form"`
	Kind        string            `json:"kind"`
	Version     int               `json:"version"`
	Status      string            `json:"status"`
	Answers     Answers           `json:"answers"`
	Attribution map[string]string `json:"attribution"`
	Locale      string            `json:"locale"`
	Page        string            `json:"page,omitempty"`
	Score       *Score            `json:"score,omitempty"`
	StartedAt   time.Time         `json:"startedAt"`
	SubmittedAt *time.Time        `json:"submittedAt,omitempty"`
}

// SubmissionQuery filters and pages the submissions list.
type SubmissionQuery struct {
	Form, Status string
	From, To     time.Time // started in [From, To); zero: open
	Cursor       string
	Limit        int // 1 to 100
}

const submissionColumns = `r.id, f.slug, f.kind, r.version, r.status, r.answers, r.attribution, r.locale, r.page,
	r.score, r.max_score, r.band, r.started_at, r.submitted_at`

// Submissions lists responses to forms (not calendars' booking questions,
// whose answers are on the bookings), newest first, and the next page's
// cursor ("" at the end).
func (s *Service) Submissions(ctx context.Context, q SubmissionQuery) ([]Submission, string, error) {
	args := db.Args{}
	arg := args.Add
	where := []string{"r.location_id = " + arg(db.ThisBusiness), "f.kind <> 'booking'"}
	if q.Form != "" {
		where = append(where, "f.slug = "+arg(q.Form))
	}
	if q.Status != "" {
		where = append(where, "r.status = ANY("+arg(strings.Split(q.Status, ","))+")")
	}
	if !q.From.IsZero() {
		where = append(where, "r.started_at >= "+arg(q.From))
	}
	if !q.To.IsZero() {
		where = append(where, "r.started_at < "+arg(q.To))
	}
	after, err := cursor.After(q.Cursor, "r.started_at", "r.id", cursor.Descending, arg)
	if err != nil {
		return nil, "", err
	}
	if after != "" {
		where = append(where, after)
	}
	limit := cursor.Limit(q.Limit)
	rows, err := s.pool.Query(ctx, `SELECT `+submissionColumns+` FROM form_responses r JOIN forms f ON f.id = r.form_id AND f.location_id = r.location_id
		WHERE `+strings.Join(where, " AND ")+` ORDER BY r.started_at DESC, r.id DESC LIMIT `+strconv.Itoa(limit+1), args...)
	if err != nil {
		return nil, "", fmt.Errorf("forms: unable to list submissions: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Submission, error) { return scanSubmission(row) })
	if err != nil {
		return nil, "", fmt.Errorf("forms: unable to list submissions: %w", err)
	}
	list, next := cursor.Page(list, limit, func(s Submission) (time.Time, string) { return s.StartedAt, s.ID })
	return list, next, nil
}

// Submission returns one response by its id.
func (s *Service) Submission(ctx context.Context, id string) (*Submission, error) {
	sub, err := scanSubmission(s.pool.QueryRow(ctx, `SELECT `+submissionColumns+` FROM form_responses r
		JOIN forms f ON f.id = r.form_id AND f.location_id = r.location_id WHERE r.id = $1 AND r.location_id = $2`, id, db.ThisBusiness))
	if err != nil {
		return nil, err
	}
	return &sub, nil
}

func scanSubmission(row pgx.Row) (Submission, error) {
	var s Submission
	var answers, attribution []byte
	var score, maxScore, band *int
	err := row.Scan(&s.ID, &s.Form, &s.Kind, &s.Version, &s.Status, &answers, &attribution, &s.Locale, &s.Page,
		&score, &maxScore, &band, &s.StartedAt, &s.SubmittedAt)
	if err == pgx.ErrNoRows {
		return s, ErrResponseNotFound
	}
	if err != nil {
		return s, fmt.Errorf("forms: unable to read a submission: %w", err)
	}
	if err := json.Unmarshal(answers, &s.Answers); err != nil {
		return s, err
	}
	if err := json.Unmarshal(attribution, &s.Attribution); err != nil {
		return s, err
	}
	if s.Answers == nil {
		s.Answers = Answers{}
	}
	if s.Attribution == nil {
		s.Attribution = map[string]string{}
	}
	if score != nil && maxScore != nil && band != nil {
		s.Score = &Score{Points: *score, Max: *maxScore, Band: *band}
	}
	s.StartedAt = s.StartedAt.UTC()
	return s, nil
}
