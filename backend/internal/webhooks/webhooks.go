// Package webhooks tells a business's own systems what happened: endpoints
// subscribe to event types; a consumer of the domain's events (Fanout)
// writes one delivery per subscribed endpoint, its body fixed, in the
// event's delivery transaction; a Sender on every replica posts due
// deliveries, signed as the Standard Webhooks specification says, and
// retries with exponential backoff and jitter for three days.
package webhooks

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/cursor"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/netguard"
)

// The event types an endpoint can hear.
const (
	BookingCreated     = "booking.created"   // a booking exists (pending its payment, requested or booked)
	BookingRequested   = "booking.requested" // it waits for the business's decision
	BookingConfirmed   = "booking.confirmed"
	BookingDeclined    = "booking.declined"
	BookingRescheduled = "booking.rescheduled"
	BookingCancelled   = "booking.cancelled" // by the booker, the business, or the system (an unpaid hold ended)
	BookingPaid        = "booking.paid"
	BookingRefunded    = "booking.refunded"
	// BookingReminderSent: a reminder went to the booker or the staff (a
	// business sending its own text messages hears it).
	BookingReminderSent = "booking.reminder_sent"
	FormSubmitted       = "form.submitted"
	// An order's: paid (its stock taken), fulfilled (shipped or picked
	// up), refunded (all or part of its money back), cancelled (by the
	// business, its stock back on the shelf).
	OrderPaid      = "order.paid"
	OrderFulfilled = "order.fulfilled"
	OrderRefunded  = "order.refunded"
	OrderCancelled = "order.cancelled"
)

// Types lists every event type, in the order the documentation gives.
var Types = []string{BookingCreated, BookingRequested, BookingConfirmed, BookingDeclined, BookingRescheduled,
	BookingCancelled, BookingPaid, BookingRefunded, BookingReminderSent, FormSubmitted,
	OrderPaid, OrderFulfilled, OrderRefunded, OrderCancelled}

// Channel wakes senders when deliveries are written.
const Channel = "slotwise_webhooks"

// Retention is how long a delivery is retried.
const Retention = 72 * time.Hour

var (
	ErrNotFound = errors.New("webhooks: not found")
)

// ValidationError lists what is wrong with an endpoint: field → message.
type ValidationError struct{ Fields map[string]string }

func (e *ValidationError) Error() string { return "webhooks: invalid endpoint" }

// Endpoint is a URL that hears some event types.
type Endpoint struct {
	ID             string    `json:"id"`
	URL            string    `json:"url"`
	Description    string    `json:"description"`
	Events         []string  `json:"events"`
	Enabled        bool      `json:"enabled"`
	DisabledReason string    `json:"disabledReason,omitempty"`
	CreatedAt      time.Time `json:"createdAt"`
	UpdatedAt      time.Time `json:"updatedAt"`
}

// EndpointInput creates or changes an endpoint; a nil field is left as it is.
type EndpointInput struct {
	URL         *string   `json:"url"`
	Description *string   `json:"description"`
	Events      *[]string `json:"events"`
	Enabled     *bool     `json:"enabled"`
}

// Delivery is one message to one endpoint and what came of it.
type Delivery struct {
	ID            string     `json:"id"`
	EndpointID    string     `json:"endpointId"`
	EventType     string     `json:"eventType"`
	Status        string     `json:"status"` // pending, succeeded, failed
	Attempts      int        `json:"attempts"`
	NextAttemptAt *time.Time `json:"nextAttemptAt,omitempty"`
	CreatedAt     time.Time  `json:"createdAt"`
	Payload       string     `json:"payload"`
	History       []Attempt  `json:"history"`
}

// Attempt is one try at a delivery.
type Attempt struct {
	StartedAt  time.Time `json:"startedAt"`
	DurationMS int       `json:"durationMs"`
	StatusCode *int      `json:"statusCode"`
	Response   string    `json:"response"`
	Error      string    `json:"error,omitempty"`
}

// Store keeps endpoints and deliveries.
type Store struct {
	pool *db.Pool
	// allowPrivate lets endpoints point at private and loopback addresses
	// (SLOTWISE_ALLOW_PRIVATE_NETWORKS; tests and closed networks).
	allowPrivate bool
}

// NewStore returns a store; allowPrivate as SLOTWISE_ALLOW_PRIVATE_NETWORKS says.
func NewStore(pool *db.Pool, allowPrivate bool) *Store {
	return &Store{pool: pool, allowPrivate: allowPrivate}
}

// newSecret is a signing secret as Standard Webhooks writes one: whsec_
// and 24 random bytes in base64.
func newSecret() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b) // crypto/rand does not fail on Linux
	return "whsec_" + base64.StdEncoding.EncodeToString(b)
}

func (s *Store) check(in EndpointInput, creating bool) map[string]string {
	bad := map[string]string{}
	if in.URL != nil || creating {
		if in.URL == nil {
			bad["url"] = "required"
		} else if msg := s.checkURL(*in.URL); msg != "" {
			bad["url"] = msg
		}
	}
	if in.Events != nil || creating {
		switch {
		case in.Events == nil || len(*in.Events) == 0:
			bad["events"] = "list at least one event type: " + strings.Join(Types, ", ")
		default:
			for _, t := range *in.Events {
				if !slices.Contains(Types, t) {
					bad["events"] = fmt.Sprintf("%q is not an event type; they are %s", t, strings.Join(Types, ", "))
					break
				}
			}
		}
	}
	if d := in.Description; d != nil && (!utf8.ValidString(*d) || strings.ContainsRune(*d, 0) || utf8.RuneCountInString(*d) > 500) {
		bad["description"] = "at most 500 characters of text"
	}
	return bad
}

func (s *Store) checkURL(raw string) string {
	u, err := url.Parse(raw)
	switch {
	case len(raw) > 2000 || !utf8.ValidString(raw) || strings.ContainsAny(raw, "\x00 \r\n\t"):
		return "a URL of at most 2000 characters without spaces"
	case err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.Fragment != "":
		return "an absolute http or https URL without a fragment"
	case u.User != nil:
		return "no user name or password in the URL; check the signature instead"
	case !s.allowPrivate && netguard.PrivateHost(u.Hostname()):
		return "a public address: private and loopback addresses are refused unless SLOTWISE_ALLOW_PRIVATE_NETWORKS=true"
	}
	return ""
}

func dedupe(types []string) []string {
	out := slices.Clone(types)
	slices.Sort(out)
	return slices.Compact(out)
}

// Create adds an endpoint and returns it with its signing secret.
func (s *Store) Create(ctx context.Context, in EndpointInput) (*Endpoint, string, error) {
	if bad := s.check(in, true); len(bad) > 0 {
		return nil, "", &ValidationError{Fields: bad}
	}
	desc := ""
	if in.Description != nil {
		desc = *in.Description
	}
	enabled := in.Enabled == nil || *in.Enabled
	secret := newSecret()
	var e Endpoint
	err := s.pool.QueryRow(ctx, `INSERT INTO webhook_endpoints (id, url, description, events, secret, enabled)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING `+endpointColumns,
		"ep_"+strings.ToLower(rand.Text()), *in.URL, desc, dedupe(*in.Events), secret, enabled).
		Scan(endpointFields(&e)...)
	if err != nil {
		return nil, "", fmt.Errorf("webhooks: unable to create an endpoint: %w", err)
	}
	return &e, secret, nil
}

const endpointColumns = `id, url, description, events, enabled, disabled_reason, created_at, updated_at`

func endpointFields(e *Endpoint) []any {
	return []any{&e.ID, &e.URL, &e.Description, &e.Events, &e.Enabled, &e.DisabledReason, &e.CreatedAt, &e.UpdatedAt}
}

// Get returns an endpoint.
func (s *Store) Get(ctx context.Context, id string) (*Endpoint, error) {
	var e Endpoint
	err := s.pool.QueryRow(ctx, `SELECT `+endpointColumns+` FROM webhook_endpoints WHERE id = $1 AND location_id = $2`, id, db.ThisBusiness).Scan(endpointFields(&e)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("webhooks: unable to read an endpoint: %w", err)
	}
	return &e, nil
}

// List returns every endpoint, oldest first.
func (s *Store) List(ctx context.Context) ([]Endpoint, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+endpointColumns+` FROM webhook_endpoints WHERE location_id = $1 ORDER BY created_at, id`, db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("webhooks: unable to list endpoints: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Endpoint, error) {
		var e Endpoint
		return e, r.Scan(endpointFields(&e)...)
	})
}

// Update changes what in names. Enabling an endpoint clears why it was
// disabled; its deliveries still pending go out again.
func (s *Store) Update(ctx context.Context, id string, in EndpointInput) (*Endpoint, error) {
	if bad := s.check(in, false); len(bad) > 0 {
		return nil, &ValidationError{Fields: bad}
	}
	var events []string
	if in.Events != nil {
		events = dedupe(*in.Events)
	}
	var e Endpoint
	err := s.pool.QueryRow(ctx, `UPDATE webhook_endpoints SET url = coalesce($2, url), description = coalesce($3, description),
			events = coalesce($4, events), enabled = coalesce($5, enabled),
			disabled_reason = CASE WHEN $5 THEN '' ELSE disabled_reason END, updated_at = now()
		WHERE id = $1 AND location_id = $6 RETURNING `+endpointColumns, id, in.URL, in.Description, events, in.Enabled, db.ThisBusiness).Scan(endpointFields(&e)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("webhooks: unable to update an endpoint: %w", err)
	}
	if e.Enabled {
		_ = db.NotifyAfterCommit(ctx, s.pool, Channel)
	}
	return &e, nil
}

// Delete removes an endpoint and its deliveries.
func (s *Store) Delete(ctx context.Context, id string) error {
	tag, err := s.pool.Exec(ctx, `DELETE FROM webhook_endpoints WHERE id = $1 AND location_id = $2`, id, db.ThisBusiness)
	if err != nil {
		return fmt.Errorf("webhooks: unable to delete an endpoint: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// RotateSecret gives an endpoint a new signing secret and returns it.
func (s *Store) RotateSecret(ctx context.Context, id string) (string, error) {
	secret := newSecret()
	tag, err := s.pool.Exec(ctx, `UPDATE webhook_endpoints SET secret = $2, updated_at = now() WHERE id = $1 AND location_id = $3`, id, secret, db.ThisBusiness)
	if err != nil {
		return "", fmt.Errorf("webhooks: unable to rotate a secret: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return "", ErrNotFound
	}
	return secret, nil
}

const deliveryColumns = `d.id, d.endpoint_id, d.event_type, d.status, d.attempts,
	CASE WHEN d.status = 'pending' THEN d.next_attempt_at END, d.created_at, d.body`

func scanDelivery(row pgx.Row) (Delivery, error) {
	var d Delivery
	err := row.Scan(&d.ID, &d.EndpointID, &d.EventType, &d.Status, &d.Attempts, &d.NextAttemptAt, &d.CreatedAt, &d.Payload)
	return d, err
}

// Deliveries lists an endpoint's deliveries, newest first, with their
// attempts, and the next page's cursor ("" at the end).
func (s *Store) Deliveries(ctx context.Context, endpointID, after string, limit int) ([]Delivery, string, error) {
	if _, err := s.Get(ctx, endpointID); err != nil {
		return nil, "", err
	}
	limit = cursor.Limit(limit)
	args := db.Args{endpointID, limit + 1}
	business := args.Add(db.ThisBusiness)
	page, err := cursor.After(after, "d.created_at", "d.id", cursor.Descending, args.Add)
	if err != nil {
		return nil, "", err
	}
	if page != "" {
		page = " AND " + page
	}
	rows, err := s.pool.Query(ctx, `SELECT `+deliveryColumns+` FROM webhook_deliveries d WHERE d.endpoint_id = $1 AND d.location_id = `+business+page+`
		ORDER BY d.created_at DESC, d.id DESC LIMIT $2`, args...)
	if err != nil {
		return nil, "", fmt.Errorf("webhooks: unable to list deliveries: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Delivery, error) { return scanDelivery(r) })
	if err != nil {
		return nil, "", fmt.Errorf("webhooks: unable to list deliveries: %w", err)
	}
	list, next := cursor.Page(list, limit, func(d Delivery) (time.Time, string) { return d.CreatedAt, d.ID })
	if err := s.attachAttempts(ctx, list); err != nil {
		return nil, "", err
	}
	return list, next, nil
}

func (s *Store) attachAttempts(ctx context.Context, list []Delivery) error {
	ids := make([]string, len(list))
	at := map[string]int{}
	for i, d := range list {
		ids[i], at[d.ID] = d.ID, i
		list[i].History = []Attempt{}
	}
	rows, err := s.pool.Query(ctx, `SELECT delivery_id, started_at, duration_ms, status_code, response, error
		FROM webhook_attempts WHERE delivery_id = ANY($1) AND location_id = $2 ORDER BY id`, ids, db.ThisBusiness)
	if err != nil {
		return fmt.Errorf("webhooks: unable to list attempts: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var a Attempt
		if err := rows.Scan(&id, &a.StartedAt, &a.DurationMS, &a.StatusCode, &a.Response, &a.Error); err != nil {
			return err
		}
		list[at[id]].History = append(list[at[id]].History, a)
	}
	return rows.Err()
}

// Delivery returns one delivery of an endpoint, with its attempts.
func (s *Store) Delivery(ctx context.Context, endpointID, id string) (*Delivery, error) {
	d, err := scanDelivery(s.pool.QueryRow(ctx, `SELECT `+deliveryColumns+` FROM webhook_deliveries d
		WHERE d.id = $1 AND d.endpoint_id = $2 AND d.location_id = $3`, id, endpointID, db.ThisBusiness))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("webhooks: unable to read a delivery: %w", err)
	}
	list := []Delivery{d}
	if err := s.attachAttempts(ctx, list); err != nil {
		return nil, err
	}
	return &list[0], nil
}

// Replay sends a delivery again, now, with the same id and body (a
// receiver that already has it sees the same webhook-id), and retries it
// for another three days.
func (s *Store) Replay(ctx context.Context, endpointID, id string) (*Delivery, error) {
	tag, err := s.pool.Exec(ctx, `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(), leased_until = NULL,
		expires_at = now() + $3 * interval '1 second', updated_at = now() WHERE id = $1 AND endpoint_id = $2 AND location_id = $4`,
		id, endpointID, int64(Retention.Seconds()), db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("webhooks: unable to replay a delivery: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return nil, ErrNotFound
	}
	_ = db.NotifyAfterCommit(ctx, s.pool, Channel)
	return s.Delivery(ctx, endpointID, id)
}
