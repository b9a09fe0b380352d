package forms

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
)

// Form is a form as it stands: its current version's definition and the
// business it belongs to.
type Form struct {
	ID         int64
	Slug       string
	Kind       string
	Published  bool
	Version    int
	Definition Definition
	Business   Business
}

// Business is what a form shows and mails of the business it belongs to.
type Business struct {
	Slug       string
	Name       string
	Email      string
	BrandColor string
	LogoURL    string
	TimeZone   string
	Country    string
	Locale     string // the language the business reads its mails in
}

// Response is a visitor's answers to one version of a form.
type Response struct {
	ID          string
	FormID      int64
	Version     int
	Status      string // partial or submitted
	Answers     Answers
	Attribution map[string]string
	Step        string
	Locale      string
	Page        string
	Score       *Score
	StartedAt   time.Time
	SubmittedAt *time.Time
}

// Statuses of a response.
const (
	StatusPartial   = "partial"
	StatusSubmitted = "submitted"
)

type store struct{}

const formColumns = `f.id, f.slug, f.kind, f.published, f.version, v.definition,
	l.slug, l.name, l.email, l.brand_color, l.logo_url, l.time_zone, l.country, l.default_locale`

func scanForm(row pgx.Row) (*Form, error) {
	var f Form
	var def []byte
	err := row.Scan(&f.ID, &f.Slug, &f.Kind, &f.Published, &f.Version, &def,
		&f.Business.Slug, &f.Business.Name, &f.Business.Email, &f.Business.BrandColor, &f.Business.LogoURL, &f.Business.TimeZone, &f.Business.Country,
		&f.Business.Locale)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("forms: unable to read a form: %w", err)
	}
	if err := json.Unmarshal(def, &f.Definition); err != nil {
		return nil, fmt.Errorf("forms: form %s has a broken definition: %w", f.Slug, err)
	}
	return &f, nil
}

// formBySlug loads a form with its current definition.
func (store) formBySlug(ctx context.Context, q db.Querier, slug string) (*Form, error) {
	return scanForm(q.QueryRow(ctx, `SELECT `+formColumns+`
		FROM forms f JOIN form_versions v ON v.form_id = f.id AND v.version = f.version AND v.location_id = f.location_id
		JOIN locations l ON l.id = f.location_id WHERE f.slug = $1 AND f.location_id = $2`, slug, db.ThisBusiness))
}

// formVersion loads a form with the definition of one of its versions.
func (store) formVersion(ctx context.Context, q db.Querier, id int64, version int) (*Form, error) {
	return scanForm(q.QueryRow(ctx, `SELECT f.id, f.slug, f.kind, f.published, v.version, v.definition,
		l.slug, l.name, l.email, l.brand_color, l.logo_url, l.time_zone, l.country, l.default_locale
		FROM forms f JOIN form_versions v ON v.form_id = f.id AND v.version = $2 AND v.location_id = f.location_id
		JOIN locations l ON l.id = f.location_id WHERE f.id = $1 AND f.location_id = $3`, id, version, db.ThisBusiness))
}

// hashKey is what is stored of a form key: its SHA-256.
func hashKey(key string) []byte {
	h := sha256.Sum256([]byte(key))
	return h[:]
}

const responseColumns = `id, form_id, version, status, answers, attribution, step, locale, page,
	score, max_score, band, started_at, submitted_at`

func scanResponse(row pgx.Row) (*Response, error) {
	var r Response
	var answers, attribution []byte
	var score, max, band *int
	err := row.Scan(&r.ID, &r.FormID, &r.Version, &r.Status, &answers, &attribution, &r.Step, &r.Locale, &r.Page,
		&score, &max, &band, &r.StartedAt, &r.SubmittedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrResponseNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("forms: unable to read a response: %w", err)
	}
	if err := json.Unmarshal(answers, &r.Answers); err != nil {
		return nil, fmt.Errorf("forms: response %s has broken answers: %w", r.ID, err)
	}
	if err := json.Unmarshal(attribution, &r.Attribution); err != nil {
		return nil, fmt.Errorf("forms: response %s has a broken attribution: %w", r.ID, err)
	}
	if score != nil && max != nil && band != nil {
		r.Score = &Score{Points: *score, Max: *max, Band: *band}
	}
	return &r, nil
}

// responseByKey finds the response a form key made, locked for update
// when lock is set.
func (store) responseByKey(ctx context.Context, q db.Querier, key string, lock bool) (*Response, error) {
	sql := `SELECT ` + responseColumns + ` FROM form_responses WHERE token_hash = $1 AND location_id = $2`
	if lock {
		sql += ` FOR UPDATE`
	}
	return scanResponse(q.QueryRow(ctx, sql, hashKey(key), db.ThisBusiness))
}

func (store) responseByID(ctx context.Context, q db.Querier, id string) (*Response, error) {
	return scanResponse(q.QueryRow(ctx, `SELECT `+responseColumns+` FROM form_responses WHERE id = $1 AND location_id = $2`, id, db.ThisBusiness))
}

// saveResponse writes a response as it now stands, new or not.
func (store) saveResponse(ctx context.Context, q db.Querier, key string, r *Response) error {
	answers, err := json.Marshal(r.Answers)
	if err != nil {
		return fmt.Errorf("forms: unable to encode answers: %w", err)
	}
	attribution, err := json.Marshal(r.Attribution)
	if err != nil {
		return fmt.Errorf("forms: unable to encode the attribution: %w", err)
	}
	var score, max, band *int
	if r.Score != nil {
		score, max, band = &r.Score.Points, &r.Score.Max, &r.Score.Band
	}
	_, err = q.Exec(ctx, `INSERT INTO form_responses (id, form_id, version, status, token_hash, answers, attribution, step, locale, page,
			score, max_score, band, submitted_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
		ON CONFLICT (id, location_id) DO UPDATE SET status = $4, answers = $6, attribution = $7, step = $8, locale = $9,
			score = $11, max_score = $12, band = $13, submitted_at = $14, updated_at = now()`,
		r.ID, r.FormID, r.Version, r.Status, hashKey(key), answers, attribution, r.Step, r.Locale, r.Page,
		score, max, band, r.SubmittedAt)
	if err != nil {
		return fmt.Errorf("forms: unable to save response %s: %w", r.ID, err)
	}
	return nil
}

// locationID finds a business by slug.
func (store) locationID(ctx context.Context, q db.Querier, slug string) (int64, error) {
	var id int64
	err := q.QueryRow(ctx, `SELECT id FROM locations WHERE slug = $1`, slug).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, fmt.Errorf("forms: no business %q", slug)
	}
	if err != nil {
		return 0, fmt.Errorf("forms: unable to find business %q: %w", slug, err)
	}
	return id, nil
}

// save stores def as the form's definition: a new form at version 1, a
// changed definition as the next version, an unchanged one as it is.
func (s store) save(ctx context.Context, q db.Querier, slug, kind string, locationID int64, published bool, def *Definition) (int, error) {
	data, err := json.Marshal(def)
	if err != nil {
		return 0, fmt.Errorf("forms: unable to encode a definition: %w", err)
	}
	var id int64
	var version int
	var same bool
	err = q.QueryRow(ctx, `SELECT f.id, f.version, v.definition = $2::jsonb FROM forms f
		JOIN form_versions v ON v.form_id = f.id AND v.version = f.version AND v.location_id = f.location_id
		WHERE f.slug = $1 AND f.location_id = $3 FOR UPDATE OF f`, slug, data, db.ThisBusiness).Scan(&id, &version, &same)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		version = 1
		if err := q.QueryRow(ctx, `INSERT INTO forms (slug, kind, location_id, published) VALUES ($1, $2, $3, $4) RETURNING id`,
			slug, kind, locationID, published).Scan(&id); err != nil {
			return 0, fmt.Errorf("forms: unable to create form %s: %w", slug, err)
		}
	case err != nil:
		return 0, fmt.Errorf("forms: unable to read form %s: %w", slug, err)
	case same:
		_, err := q.Exec(ctx, `UPDATE forms SET kind = $2, location_id = $3, published = $4, updated_at = now() WHERE id = $1 AND location_id = $5`,
			id, kind, locationID, published, db.ThisBusiness)
		if err != nil {
			return 0, fmt.Errorf("forms: unable to update form %s: %w", slug, err)
		}
		return version, nil
	default:
		version++
	}
	if _, err := q.Exec(ctx, `INSERT INTO form_versions (form_id, version, definition) VALUES ($1, $2, $3)`, id, version, data); err != nil {
		return 0, fmt.Errorf("forms: unable to store version %d of %s: %w", version, slug, err)
	}
	_, err = q.Exec(ctx, `UPDATE forms SET kind = $2, location_id = $3, published = $4, version = $5, updated_at = now() WHERE id = $1 AND location_id = $6`,
		id, kind, locationID, published, version, db.ThisBusiness)
	if err != nil {
		return 0, fmt.Errorf("forms: unable to update form %s: %w", slug, err)
	}
	return version, nil
}

// PublishedKind is the kind of the published form with this slug, or ""
// when none is published: what another package needs to link to it.
func PublishedKind(ctx context.Context, q db.Querier, slug string) (string, error) {
	var kind string
	err := q.QueryRow(ctx, `SELECT kind FROM forms WHERE slug = $1 AND location_id = $2 AND published ORDER BY id LIMIT 1`, slug, db.ThisBusiness).Scan(&kind)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("forms: unable to read a form's kind: %w", err)
	}
	return kind, nil
}
