package forms

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
)

// What the business's dashboard reads of its forms: which there are, and
// responses as people read them (each answer under its question's label,
// in the version of the form that was answered).

// FormChoice is a form to see the responses of: its slug, kind and title.
type FormChoice struct {
	Slug, Kind, Title string
}

// FormChoices are the business's forms, quizzes and surveys (not
// calendars' booking questions), by slug, titled in locale.
func (s *Service) FormChoices(ctx context.Context, locale string) ([]FormChoice, error) {
	// Only the title and its language of each definition: a form's whole
	// definition is its every question, decoded for nothing here.
	rows, err := s.pool.Query(ctx, `SELECT f.slug, f.kind, coalesce(v.definition->'title', 'null'), coalesce(v.definition->>'locale', '') FROM forms f
		JOIN form_versions v ON v.form_id = f.id AND v.version = f.version AND v.location_id = f.location_id
		WHERE f.location_id = $1 AND f.kind <> 'booking' ORDER BY f.slug`, db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("forms: unable to list the forms: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (FormChoice, error) {
		var c FormChoice
		var title []byte
		var written string
		if err := r.Scan(&c.Slug, &c.Kind, &title, &written); err != nil {
			return c, err
		}
		var t Text
		if json.Unmarshal(title, &t) == nil {
			c.Title = t.In(locale, written)
		}
		if c.Title == "" {
			c.Title = c.Slug
		}
		return c, nil
	})
}

// ReadableSubmission is a submission with its answers as people read them.
type ReadableSubmission struct {
	Submission
	Rows []Row
}

// ReadableSubmissions is a page of Submissions, each answer labelled in
// locale by the version of its form that was answered.
func (s *Service) ReadableSubmissions(ctx context.Context, q SubmissionQuery, locale string) ([]ReadableSubmission, string, error) {
	list, next, err := s.Submissions(ctx, q)
	if err != nil {
		return nil, "", err
	}
	defs := map[string]*Definition{}
	out := make([]ReadableSubmission, len(list))
	for i, sub := range list {
		key := fmt.Sprint(sub.Form, "@", sub.Version)
		def, ok := defs[key]
		if !ok {
			var raw []byte
			err := s.pool.QueryRow(ctx, `SELECT v.definition FROM forms f JOIN form_versions v
				ON v.form_id = f.id AND v.version = $2 AND v.location_id = f.location_id
				WHERE f.slug = $1 AND f.location_id = $3`, sub.Form, sub.Version, db.ThisBusiness).Scan(&raw)
			if err != nil {
				return nil, "", fmt.Errorf("forms: unable to read a form's version: %w", err)
			}
			def = &Definition{}
			if err := json.Unmarshal(raw, def); err != nil {
				return nil, "", fmt.Errorf("forms: form %s version %d has a broken definition: %w", sub.Form, sub.Version, err)
			}
			defs[key] = def
		}
		out[i] = ReadableSubmission{Submission: sub, Rows: def.Readable(sub.Answers, locale, true)}
	}
	return out, next, nil
}
