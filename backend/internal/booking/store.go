package booking

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"slotwise/backend/internal/availability"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/forms"
	"slotwise/locales"
)

// store holds the SQL of bookings, calendars, staff and the business, one
// method per statement, each taking the querier it runs on (the pool, or
// the command's transaction). Where the rest of the package's SQL lives,
// and why, is in the package's doc (booking.go).
type store struct{}

// paymentAccounts are the providers a business (l) has an account of its
// own at (payments.Service.Connect): whether it can be paid online is
// decided with the location, without another round trip.
const paymentAccounts = `ARRAY(SELECT a.provider FROM payment_accounts a WHERE a.location_id = l.id ORDER BY a.provider)`

const calendarColumns = `
	c.id, c.slug, c.name, c.description, c.duration_minutes, c.slot_interval_minutes,
	c.buffer_before_minutes, c.buffer_after_minutes, c.min_notice_minutes, c.booking_window_days,
	c.max_per_staff_per_day, c.staff_mode, c.requires_confirmation, c.location_options, c.fields,
	c.seats, c.max_seats_per_booking, c.recurring_max, c.price_cents, coalesce(c.currency, ''), c.price_per_person,
	c.deposit_kind, c.deposit_value, c.payment, c.hold_minutes, c.refund_policy, c.refund_window_hours, l.id, l.slug, l.name, l.logo_url, l.brand_color, l.time_zone, l.currency, l.default_locale,
	l.consent_text, coalesce(nullif(c.terms_url, ''), l.terms_url), l.email, l.country, coalesce(l.payment_provider, ''),
	l.phone, l.contact_form, l.privacy_url, l.cancel_one_of_visit, l.is_default, ` + paymentAccounts + `, l.translations,
	(SELECT fv.definition FROM forms f JOIN form_versions fv ON fv.form_id = f.id AND fv.version = f.version AND fv.location_id = f.location_id WHERE f.id = c.form_id AND f.location_id = c.location_id),
	(SELECT f.version FROM forms f WHERE f.id = c.form_id AND f.location_id = c.location_id), c.reminders, c.translations, ` + calendarStaffJSON

// calendarStaffJSON is a calendar's active people with their hours and
// the overrides still to come, in one value of the calendar's row: the
// calendar and who works it are one statement.
const calendarStaffJSON = `(SELECT coalesce(json_agg(json_build_object(
		'id', s.id, 'slug', s.slug, 'name', s.name, 'email', s.email, 'timeZone', s.time_zone, 'weekly', s.weekly_hours,
		'overrides', coalesce((SELECT json_agg(json_build_object('day', o.day::text, 'closed', o.closed, 'hours', o.hours) ORDER BY o.day)
		                       FROM staff_overrides o WHERE o.staff_id = s.id AND o.location_id = s.location_id AND o.day >= current_date - 2), '[]'))
		ORDER BY s.id), '[]')
	FROM calendar_staff cs JOIN staff s ON s.id = cs.staff_id AND s.location_id = cs.location_id
	WHERE cs.calendar_id = c.id AND cs.location_id = c.location_id AND s.active)`

func scanCalendar(row pgx.Row) (*Calendar, error) {
	c := &Calendar{Location: &Location{}}
	var dur, interval, before, after, notice, hold, refundHours int
	var options, fields, questions, reminders, staff []byte
	var questionsVersion *int
	l := c.Location
	err := row.Scan(&c.ID, &c.Slug, &c.Name, &c.Description, &dur, &interval, &before, &after, &notice,
		&c.WindowDays, &c.MaxPerStaffPerDay, &c.StaffMode, &c.RequiresConfirmation, &options, &fields,
		&c.Seats, &c.MaxSeatsPerBooking, &c.RecurringMax, &c.PriceCents, &c.Currency, &c.PricePerPerson,
		&c.DepositKind, &c.DepositValue, &c.Payment, &hold, &c.RefundPolicy, &refundHours, &l.ID, &l.Slug, &l.Name, &l.LogoURL, &l.BrandColor, &l.TimeZone, &l.Currency, &l.DefaultLocale,
		&l.ConsentText, &l.TermsURL, &l.Email, &l.Country, &l.PaymentProvider,
		&l.Phone, &l.ContactForm, &l.PrivacyURL, &l.CancelOneOfVisit, &l.Default, &l.PaymentAccounts, &l.translations, &questions, &questionsVersion, &reminders, &c.translations, &staff)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(reminders, &c.Reminders); err != nil {
		return nil, fmt.Errorf("booking: calendar %q has broken reminders: %w", c.Slug, err)
	}
	if c.Staff, err = staffOf(staff); err != nil {
		return nil, fmt.Errorf("booking: calendar %q: %w", c.Slug, err)
	}
	if questions != nil && questionsVersion != nil {
		c.Questions, c.QuestionsVersion = &forms.Definition{}, *questionsVersion
		if err := json.Unmarshal(questions, c.Questions); err != nil {
			return nil, fmt.Errorf("booking: calendar %q has a broken booking form: %w", c.Slug, err)
		}
	}
	c.Duration, c.Interval = minutes(dur), minutes(interval)
	c.Hold, c.RefundWindow = minutes(hold), time.Duration(refundHours)*time.Hour
	c.BufferBefore, c.BufferAfter, c.MinNotice = minutes(before), minutes(after), minutes(notice)
	if err := json.Unmarshal(options, &c.LocationOptions); err != nil {
		return nil, fmt.Errorf("location options: %w", err)
	}
	if err := json.Unmarshal(fields, &c.Fields); err != nil {
		return nil, fmt.Errorf("fields: %w", err)
	}
	c.Fields.defaults()
	c.Lang = locales.Lang(l.DefaultLocale)
	return c, nil
}

func (f *Fields) defaults() {
	for _, v := range []*string{&f.Phone, &f.DateOfBirth, &f.Location, &f.Notes} {
		if *v != FieldRequired && *v != FieldHidden {
			*v = FieldOptional
		}
	}
}

func minutes(n int) time.Duration { return time.Duration(n) * time.Minute }

// calendarBySlug loads an active calendar with its business and staff.
func (store) calendarBySlug(ctx context.Context, q db.Querier, slug string) (*Calendar, error) {
	if !plausibleKey(slug) {
		return nil, ErrCalendarNotFound
	}
	c, err := scanCalendar(q.QueryRow(ctx, `SELECT `+calendarColumns+`
		FROM calendars c JOIN locations l ON l.id = c.location_id
		WHERE c.slug = $1 AND c.location_id = $2 AND c.active`, slug, db.ThisBusiness))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrCalendarNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("booking: unable to fetch calendar %q: %w", slug, err)
	}
	return c, nil
}

func (store) calendarByID(ctx context.Context, q db.Querier, id int64) (*Calendar, error) {
	c, err := scanCalendar(q.QueryRow(ctx, `SELECT `+calendarColumns+`
		FROM calendars c JOIN locations l ON l.id = c.location_id WHERE c.id = $1 AND c.location_id = $2`, id, db.ThisBusiness))
	if err != nil {
		return nil, fmt.Errorf("booking: unable to fetch calendar %d: %w", id, err)
	}
	return c, nil
}

// business is the business ctx works for (db.WithBusiness, or the only
// one there is); nil when there is none.
func (store) business(ctx context.Context, q db.Querier) (*Location, error) {
	return scanBusiness(q.QueryRow(ctx, businessSQL, db.ThisBusiness))
}

// businessSQL reads the business its one argument (db.ThisBusiness) names.
const businessSQL = `SELECT id, slug, name, logo_url, brand_color, time_zone, currency, default_locale,
	consent_text, terms_url, email, country, coalesce(payment_provider, ''), phone, contact_form, privacy_url, cancel_one_of_visit,
	is_default, ` + paymentAccounts + `, translations,
	coalesce(jsonb_array_length(shop->'shipping'), 0) > 0 OR coalesce((shop->'pickup'->>'enabled')::boolean, false)
	FROM locations l WHERE l.id = $1`

// scanBusiness reads businessSQL's row: nil when there is no business.
func scanBusiness(row pgx.Row) (*Location, error) {
	l := &Location{}
	err := row.Scan(
		&l.ID, &l.Slug, &l.Name, &l.LogoURL, &l.BrandColor, &l.TimeZone, &l.Currency, &l.DefaultLocale,
		&l.ConsentText, &l.TermsURL, &l.Email, &l.Country, &l.PaymentProvider, &l.Phone, &l.ContactForm, &l.PrivacyURL, &l.CancelOneOfVisit,
		&l.Default, &l.PaymentAccounts, &l.translations, &l.Sells)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("booking: unable to fetch the business: %w", err)
	}
	return l, nil
}

// onlyBooked is store.booking's tail for a booking as the business's
// people see it: a row that only holds another person's time for a
// collective booking (holds_for) is not one.
const onlyBooked = " AND b.holds_for IS NULL"

// staffOf reads calendarStaffJSON.
func staffOf(data []byte) ([]*Staff, error) {
	var people []struct {
		ID        int64                  `json:"id"`
		Slug      string                 `json:"slug"`
		Name      string                 `json:"name"`
		Email     string                 `json:"email"`
		TimeZone  string                 `json:"timeZone"`
		Weekly    map[string][][2]string `json:"weekly"`
		Overrides []struct {
			Day    string      `json:"day"`
			Closed bool        `json:"closed"`
			Hours  [][2]string `json:"hours"`
		} `json:"overrides"`
	}
	if err := json.Unmarshal(data, &people); err != nil {
		return nil, fmt.Errorf("its staff cannot be read: %w", err)
	}
	out := make([]*Staff, 0, len(people))
	for _, p := range people {
		s := &Staff{ID: p.ID, Slug: p.Slug, Name: p.Name, Email: p.Email, TimeZone: p.TimeZone, Weekly: map[int][][2]string{}}
		for k, v := range p.Weekly {
			d, err := strconv.Atoi(k)
			if err != nil || d < 0 || d > 6 {
				return nil, fmt.Errorf("weekly hours of staff %d: bad weekday %q", s.ID, k)
			}
			s.Weekly[d] = v
		}
		for _, o := range p.Overrides {
			s.Overrides = append(s.Overrides, Override{Day: o.Day, Closed: o.Closed, Hours: o.Hours})
		}
		out = append(out, s)
	}
	return out, nil
}

// busy is one active booking's blocked time, for availability.
type busy struct {
	StaffID   int64
	From, To  time.Time
	Start     time.Time
	BookingID string
	Session   string // a class slot's bookings share one
	Seats     int
}

// busyTimes are the staff's busy times around a range: their bookings, and
// the events of their own calendars by person. An event blocks time but
// is no booking (it counts toward no day's limit, takes no seat), and a
// person's calendars may hold 20,000 of them, so they are kept as the
// intervals availability reads, without a booking's fields.
type busyTimes struct {
	bookings []busy
	own      map[int64][]availability.Span
}

// A booking's blocked time lies within a day before its start and two
// days after (migration 000050's bookings_blocked_near_start).
const (
	blockedBeforeStart = 24 * time.Hour
	blockedAfterStart  = 48 * time.Hour
)

// startsNear adds to args the bounds of the starts of the bookings whose
// blocked time can meet [from, to), and returns their parameters' names
// ($5, $6) for the query's text. With
// them a person's bookings are one range of an index by start: row
// security keeps "blocked && range" (its operator is not leakproof) out of
// an index condition, and alone it read every booking the person ever had.
// bookings_staff_starts (migration 000052) holds every column the busy
// times read, so the plan PostgreSQL makes once for any parameters, which
// expects a row or two whatever index it takes, takes it.
func startsNear(from, to time.Time, args *[]any) (after, before string) {
	*args = append(*args, from.Add(-blockedAfterStart), to.Add(blockedBeforeStart))
	n := len(*args)
	return "$" + strconv.Itoa(n-1), "$" + strconv.Itoa(n)
}

// busySQL reads the blocked time of the people's active bookings over
// [$1, $2) of business $3, a branch a person, whose starts lie between
// after and before (startsNear).
func busySQL(people []string, after, before string) string {
	branches := make([]string, len(people))
	for i, person := range people {
		branches[i] = `(SELECT staff_id, lower(blocked), upper(blocked), starts_at, id, coalesce(session, ''), seats FROM bookings
		WHERE location_id = $3 AND staff_id = ` + person + ` AND status <> 'cancelled'
		  AND starts_at > ` + after + ` AND starts_at < ` + before + ` AND blocked && tstzrange($1, $2)
		ORDER BY starts_at)`
	}
	return strings.Join(branches, "\n\t\tUNION ALL\n\t\t")
}

// busyBetween lists the blocked time of the staff members' active bookings
// overlapping [from, to), across every calendar: a person is busy whatever
// they were booked for; and the busy times of their own calendars
// (calendar connections, kept fresh by calsync).
func (store) busyBetween(ctx context.Context, q db.Querier, staffIDs []int64, from, to time.Time) (busyTimes, error) {
	// Each person's bookings are a branch of their own, found by the
	// business and the person ("location_id = $3 AND staff_id = $4"): an
	// index scan takes both only as equalities (a list of people cannot
	// drive it), and with the business named beside row security's bounds
	// PostgreSQL expects a row or two whatever it is given, so it would
	// read all of a business's bookings through the business alone. The
	// people are listed one parameter each, a statement for each number of
	// people: an array of unknown length made PostgreSQL plan the query
	// again at every call.
	if len(staffIDs) == 0 {
		return busyTimes{}, nil
	}
	args := []any{from, to, db.ThisBusiness}
	people := make([]string, len(staffIDs))
	for i, id := range staffIDs {
		args = append(args, id)
		people[i] = "$" + strconv.Itoa(len(args))
	}
	ownArgs := args // the events of their own calendars need no more
	afterArg, beforeArg := startsNear(from, to, &args)
	out := busyTimes{own: map[int64][]availability.Span{}}
	b := &pgx.Batch{}
	b.Queue(busySQL(people, afterArg, beforeArg), args...).Query(func(rows pgx.Rows) (err error) {
		out.bookings, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (busy, error) {
			var b busy
			err := r.Scan(&b.StaffID, &b.From, &b.To, &b.Start, &b.BookingID, &b.Session, &b.Seats)
			return b, err
		})
		return err
	})
	// The events of their own calendars come apart, three columns a row:
	// a person's calendars may hold 20,000 of them in a month, and every
	// column a row carries costs PostgreSQL and pgx alike. Both reads go
	// in one round trip.
	b.Queue(`SELECT staff_id, lower(span), upper(span) FROM staff_busy
		WHERE location_id = $3 AND staff_id IN (`+strings.Join(people, ", ")+`) AND span && tstzrange($1, $2)`, ownArgs...).
		Query(func(rows pgx.Rows) error {
			var staffID int64
			var event availability.Interval
			_, err := pgx.ForEachRow(rows, []any{&staffID, &event.Start, &event.End}, func() error {
				events := out.own[staffID]
				if len(events) == cap(events) {
					// Doubled, not append's quarter at a time past 256: a
					// month of 20,000 is copied a dozen times rather than
					// thirty.
					events = slices.Grow(events, max(64, len(events)))
				}
				out.own[staffID] = append(events, availability.SpanOf(event))
				return nil
			})
			return err
		})
	if err := db.SendReads(ctx, q, b); err != nil {
		return busyTimes{}, fmt.Errorf("booking: unable to fetch busy times: %w", err)
	}
	return out, nil
}

func (store) insertBooking(ctx context.Context, q db.Querier, b *Booking, blockedFrom, blockedTo time.Time) error {
	var dob pgtype.Date
	if b.Contact.DateOfBirth != "" {
		t, err := time.Parse("2006-01-02", b.Contact.DateOfBirth)
		if err != nil {
			return err
		}
		dob = pgtype.Date{Time: t, Valid: true}
	}
	_, err := q.Exec(ctx, `
		INSERT INTO bookings (id, calendar_id, staff_id, status, starts_at, ends_at, blocked,
			booker_time_zone, locale, first_name, last_name, email, phone, date_of_birth, location,
			notes, consent, terms_accepted, seats, session, assignment, series_id, for_guest, answers, form_version)
		VALUES ($1, $2, $3, $4, $5, $6, tstzrange($7, $8), $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, nullif($23, ''), $24, $25, nullif($26, 0))`,
		b.ID, b.Calendar.ID, b.Staff.ID, b.Status, b.Start, b.End, blockedFrom, blockedTo,
		b.TimeZone, b.Locale, b.Contact.FirstName, b.Contact.LastName, b.Contact.Email, b.Contact.Phone, dob,
		b.Contact.Location, b.Contact.Notes, b.Contact.Consent, b.TermsAccepted, b.Seats, session(b), b.Assignment, b.SeriesID, b.ForGuest,
		answersJSON(b.Answers), b.FormVersion)
	if err != nil {
		return err
	}
	for i, g := range b.Guests {
		if _, err := q.Exec(ctx, `INSERT INTO booking_guests (booking_id, position, name, email) VALUES ($1, $2, $3, $4)`,
			b.ID, i, g.Name, g.Email); err != nil {
			return fmt.Errorf("booking: unable to store guest: %w", err)
		}
	}
	return nil
}

// session names a class slot: its bookings share the person's time. Other
// bookings have none and never overlap.
func session(b *Booking) *string {
	if !b.Calendar.Class() {
		return nil
	}
	k := sessionKey(b.Calendar.ID, b.Start)
	return &k
}

func sessionKey(calendarID int64, start time.Time) string {
	return strconv.FormatInt(calendarID, 10) + "@" + strconv.FormatInt(start.Unix(), 10)
}

// bookingForUpdate loads a booking and locks its row for the transaction.
func (store) bookingForUpdate(ctx context.Context, q db.Querier, id string) (*Booking, error) {
	return (store{}).booking(ctx, q, id, " FOR UPDATE OF b")
}

// answersJSON is a booking's answers as stored: an object, never null.
func answersJSON(a forms.Answers) []byte {
	if len(a) == 0 {
		return []byte("{}")
	}
	data, _ := json.Marshal(a) // a map of string lists always encodes
	return data
}

// booking reads booking id; tail ends its statement's WHERE: " FOR
// UPDATE OF b" to lock it, onlyBooked to leave a row that only holds time.
func (store) booking(ctx context.Context, q db.Querier, id, tail string) (*Booking, error) {
	if !plausibleKey(id) {
		return nil, ErrBookingNotFound
	}
	b := &Booking{}
	var calendarID, staffID int64
	var dob pgtype.Date
	var guests []byte
	// The booking and its calendar go in one round trip: the calendar is
	// read by the booking's calendar_id, which never changes.
	batch := &pgx.Batch{}
	batch.Queue(`
		SELECT b.id, b.status, b.starts_at, b.ends_at, b.booker_time_zone, b.locale, b.first_name,
		       b.last_name, b.email, b.phone, b.date_of_birth, b.location, b.notes, b.consent,
		       b.terms_accepted, b.cancellation_reason, b.previous_starts_at, b.sequence, b.created_at,
		       b.calendar_id, b.staff_id, b.seats, b.assignment, b.cancelled_by, coalesce(b.series_id, ''), b.for_guest,
		       b.answers, coalesce(b.form_version, 0), b.payment, coalesce(b.currency, ''), b.total_cents, b.pay_now_cents,
		       b.paid_cents, b.refunded_cents, b.hold_until, b.refund_due_cents, b.refund_rest, coalesce(b.attendance, ''),
		       coalesce((SELECT json_agg(json_build_object('name', g.name, 'email', g.email) ORDER BY g.position)
		                 FROM booking_guests g WHERE g.booking_id = b.id AND g.location_id = b.location_id), '[]')
		FROM bookings b WHERE b.id = $1 AND b.location_id = $2`+tail, id, db.ThisBusiness).QueryRow(func(row pgx.Row) error {
		err := row.Scan(&b.ID, &b.Status, &b.Start, &b.End, &b.TimeZone, &b.Locale, &b.Contact.FirstName,
			&b.Contact.LastName, &b.Contact.Email, &b.Contact.Phone, &dob, &b.Contact.Location,
			&b.Contact.Notes, &b.Contact.Consent, &b.TermsAccepted, &b.CancellationReason,
			&b.PreviousStart, &b.Sequence, &b.CreatedAt, &calendarID, &staffID, &b.Seats, &b.Assignment,
			&b.CancelledBy, &b.SeriesID, &b.ForGuest, &b.Answers, &b.FormVersion, &b.Money.State, &b.Money.Currency,
			&b.Money.Total, &b.Money.PayNow, &b.Money.Paid, &b.Money.Refunded, &b.Money.HoldUntil, &b.Money.RefundDue, &b.Money.RefundRest, &b.Attendance, &guests)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrBookingNotFound
		}
		if err != nil {
			return fmt.Errorf("booking: unable to fetch booking %q: %w", id, err)
		}
		return nil
	})
	batch.Queue(`SELECT `+calendarColumns+`
		FROM calendars c JOIN locations l ON l.id = c.location_id
		WHERE c.id = (SELECT calendar_id FROM bookings WHERE id = $1 AND location_id = $2) AND c.location_id = $2`, id, db.ThisBusiness).
		QueryRow(func(row pgx.Row) (err error) {
			if b.Calendar, err = scanCalendar(row); err != nil {
				return fmt.Errorf("booking: unable to fetch the calendar of booking %q: %w", id, err)
			}
			return nil
		})
	if err := db.SendReads(ctx, q, batch); err != nil {
		return nil, err
	}
	if dob.Valid {
		b.Contact.DateOfBirth = dob.Time.Format("2006-01-02")
	}
	if err := json.Unmarshal(guests, &b.Guests); err != nil {
		return nil, fmt.Errorf("booking: guests of %q: %w", id, err)
	}
	var err error
	if b.Staff = b.Calendar.StaffByID(staffID); b.Staff == nil {
		if b.Staff, err = (store{}).staffByID(ctx, q, staffID); err != nil {
			return nil, err
		}
	}
	return b, nil
}

func (store) staffByID(ctx context.Context, q db.Querier, id int64) (*Staff, error) {
	s := &Staff{ID: id}
	err := q.QueryRow(ctx, `SELECT slug, name, email, time_zone FROM staff WHERE id = $1 AND location_id = $2`, id, db.ThisBusiness).
		Scan(&s.Slug, &s.Name, &s.Email, &s.TimeZone)
	if err != nil {
		return nil, fmt.Errorf("booking: unable to fetch staff %d: %w", id, err)
	}
	return s, nil
}

func (store) moveBooking(ctx context.Context, q db.Querier, b *Booking, blockedFrom, blockedTo time.Time) error {
	_, err := q.Exec(ctx, `
		UPDATE bookings SET status = $2, starts_at = $3, ends_at = $4, blocked = tstzrange($5, $6),
			previous_starts_at = $7, booker_time_zone = $8, sequence = $9, staff_id = $10, session = $11, updated_at = now()
		WHERE id = $1 AND location_id = $12`,
		b.ID, b.Status, b.Start, b.End, blockedFrom, blockedTo, b.PreviousStart, b.TimeZone, b.Sequence, b.Staff.ID, session(b), db.ThisBusiness)
	return err
}

func (store) cancelBooking(ctx context.Context, q db.Querier, b *Booking) error {
	_, err := q.Exec(ctx, `
		UPDATE bookings SET status = 'cancelled', cancellation_reason = $2, sequence = $3, cancelled_by = $4,
			cancelled_at = now(), updated_at = now(), payment = coalesce(nullif($5, ''), payment),
			hold_until = CASE WHEN $5 IN ('released', 'refund_due') THEN NULL ELSE hold_until END,
			refund_rest = refund_rest OR $6
		WHERE id = $1 AND location_id = $7`, b.ID, b.CancellationReason, b.Sequence, b.CancelledBy, b.Money.State, b.Money.RefundRest, db.ThisBusiness)
	if err != nil {
		return fmt.Errorf("booking: unable to cancel %q: %w", b.ID, err)
	}
	return (store{}).releaseHolds(ctx, q, b.ID)
}

// seriesIDs lists the bookings of a series, in time order (ids break ties,
// so every reader agrees which is first).
func (store) seriesIDs(ctx context.Context, q db.Querier, seriesID string) ([]string, error) {
	rows, err := q.Query(ctx, `SELECT id FROM bookings WHERE series_id = $1 AND location_id = $2 ORDER BY starts_at, id`, seriesID, db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("booking: unable to list series %q: %w", seriesID, err)
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// holdFor writes the row that holds person's time for a collective
// booking b (already written): the same time, status and calendar.
func (store) holdFor(ctx context.Context, q db.Querier, b *Booking, person *Staff, blocked availability.Interval) error {
	_, err := q.Exec(ctx, `
		INSERT INTO bookings (id, calendar_id, staff_id, status, starts_at, ends_at, blocked, booker_time_zone, locale,
			first_name, last_name, email, holds_for, assignment)
		VALUES ($1, $2, $3, $4, $5, $6, tstzrange($7, $8), $9, $10, $11, $12, $13, $14, 'named')`,
		newID(), b.Calendar.ID, person.ID, b.Status, b.Start, b.End, blocked.Start, blocked.End, b.TimeZone, b.Locale,
		b.Contact.FirstName, b.Contact.LastName, b.Contact.Email, b.ID)
	return err
}

// releaseHolds frees the time a collective booking held for its other
// people (before it moves, or when it is cancelled).
func (store) releaseHolds(ctx context.Context, q db.Querier, bookingID string) error {
	if _, err := q.Exec(ctx, `DELETE FROM bookings WHERE holds_for = $1 AND location_id = $2`, bookingID, db.ThisBusiness); err != nil {
		return fmt.Errorf("booking: unable to release the holds of %q: %w", bookingID, err)
	}
	return nil
}

// confirmBooking writes a request's confirmation to it and to the rows
// holding other people's time (collective), which follow it.
func (store) confirmBooking(ctx context.Context, q db.Querier, b *Booking) error {
	_, err := q.Exec(ctx, `UPDATE bookings SET status = $2, sequence = $3, updated_at = now() WHERE (id = $1 OR holds_for = $1) AND location_id = $4`,
		b.ID, b.Status, b.Sequence, db.ThisBusiness)
	if err != nil {
		return fmt.Errorf("booking: unable to confirm %q: %w", b.ID, err)
	}
	return nil
}

// setPayment writes a booking's payment state (a refund the business grants).
func (store) setPayment(ctx context.Context, q db.Querier, b *Booking) error {
	if _, err := q.Exec(ctx, `UPDATE bookings SET payment = $2, refund_due_cents = $3, updated_at = now() WHERE id = $1 AND location_id = $4`,
		b.ID, b.Money.State, b.Money.RefundDue, db.ThisBusiness); err != nil {
		return fmt.Errorf("booking: unable to grant a refund of %q: %w", b.ID, err)
	}
	return nil
}

// priceBooking writes what a new booking costs, what is due now and its
// hold, to it and to the rows holding other people's time.
func (store) priceBooking(ctx context.Context, q db.Querier, b *Booking) error {
	if _, err := q.Exec(ctx, `UPDATE bookings SET status = $2, payment = $3, currency = $4, total_cents = $5,
		pay_now_cents = $6, hold_until = $7 WHERE (id = $1 OR holds_for = $1) AND location_id = $8`,
		b.ID, b.Status, b.Money.State, b.Money.Currency, b.Money.Total, b.Money.PayNow, b.Money.HoldUntil, db.ThisBusiness); err != nil {
		return fmt.Errorf("booking: unable to price %q: %w", b.ID, err)
	}
	return nil
}

// recordPaid writes a payment's outcome: the booking's status, its payment
// state and what was paid; its hold has ended either way.
func (store) recordPaid(ctx context.Context, q db.Querier, b *Booking) error {
	if _, err := q.Exec(ctx, `UPDATE bookings SET status = $2, payment = $3, paid_cents = $4, hold_until = NULL, updated_at = now()
		WHERE (id = $1 OR holds_for = $1) AND location_id = $5`, b.ID, b.Status, b.Money.State, b.Money.Paid, db.ThisBusiness); err != nil {
		return fmt.Errorf("booking: unable to record the payment of %q: %w", b.ID, err)
	}
	return nil
}

// markProcessing keeps a held booking held while a delayed method confirms.
func (store) markProcessing(ctx context.Context, q db.Querier, id string) error {
	if _, err := q.Exec(ctx, `UPDATE bookings SET payment = 'processing', updated_at = now() WHERE id = $1 AND location_id = $2`, id, db.ThisBusiness); err != nil {
		return fmt.Errorf("booking: unable to mark the payment of %q processing: %w", id, err)
	}
	return nil
}

// endedHolds locks the first booking of each group whose hold ended by
// now, skipping those another replica has locked.
func (store) endedHolds(ctx context.Context, q db.Querier, now time.Time, limit int) ([]string, error) {
	rows, err := q.Query(ctx, `SELECT id FROM bookings WHERE payment = 'hold' AND status = 'pending' AND hold_until <= $1
		AND holds_for IS NULL AND location_id = $3 ORDER BY hold_until LIMIT $2 FOR UPDATE SKIP LOCKED`, now, limit, db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("booking: unable to list ended holds: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// businessesWithEndedHolds lists the businesses that have a hold to end,
// across every business (q works for every business).
func (store) businessesWithEndedHolds(ctx context.Context, q db.Querier, now time.Time) ([]int64, error) {
	rows, err := q.Query(ctx, `SELECT DISTINCT location_id FROM bookings WHERE payment = 'hold' AND status = 'pending'
		AND hold_until <= $1 AND holds_for IS NULL`, now)
	if err != nil {
		return nil, fmt.Errorf("booking: unable to list ended holds: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// recordRefund adds amount to what went back to a booking whose refund was
// due; false when none was.
func (store) recordRefund(ctx context.Context, q db.Querier, id string, amount, asked int64) (string, error) {
	// A part given back leaves the rest paid, or due when it is owed too;
	// all of it, refunded. "" when no refund of that request was due.
	var state string
	err := q.QueryRow(ctx, `UPDATE bookings SET
		payment = CASE WHEN refunded_cents + $2 >= paid_cents THEN 'refunded' WHEN refund_rest THEN 'refund_due' ELSE 'paid' END,
		refunded_cents = least(paid_cents, refunded_cents + $2), refund_due_cents = 0, refund_rest = false, updated_at = now()
		WHERE id = $1 AND location_id = $4 AND payment = 'refund_due' AND refund_due_cents = $3
		RETURNING payment`, id, amount, asked, db.ThisBusiness).Scan(&state)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("booking: unable to record the refund of %q: %w", id, err)
	}
	return state, nil
}

// madeWithIDs lists the ids of the bookings made with id (its series or
// visit) in time order, locked when lock is " FOR UPDATE".
func (store) madeWithIDs(ctx context.Context, q db.Querier, id, lock string) ([]string, error) {
	rows, err := q.Query(ctx, `SELECT id FROM bookings WHERE location_id = $2 AND holds_for IS NULL AND (id = $1 OR series_id IS NOT NULL
		AND series_id = (SELECT series_id FROM bookings WHERE id = $1 AND location_id = $2)) ORDER BY starts_at, id`+lock, id, db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("booking: unable to list the bookings made with %q: %w", id, err)
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}
