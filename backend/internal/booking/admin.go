package booking

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/command"
	"slotwise/backend/internal/cursor"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/forms"
)

// The business's own tools (the admin API, webhooks) see every booking and
// act on it without the booker's or the mail's secret: the API has
// authenticated the business. Their changes run through the same command
// pipeline, rules and events as the booker's.

// purposeBusiness opens a booking without a token; only this file's
// methods pass it.
const purposeBusiness = "business"

// ErrNothingToRefund refuses a refund of a booking with no money left to
// give back.
var ErrNothingToRefund = errors.New("booking: nothing paid is left to refund")

// Record is a booking as the business's tools see it: every fact, no secret.
type Record struct {
	ID                 string         `json:"id"`
	Status             string         `json:"status"`
	Calendar           string         `json:"calendar"`
	CalendarName       string         `json:"calendarName"`
	Staff              string         `json:"staff"`
	StaffName          string         `json:"staffName"`
	Start              time.Time      `json:"start"`
	End                time.Time      `json:"end"`
	TimeZone           string         `json:"timeZone"`
	Locale             string         `json:"locale"`
	Customer           Contact        `json:"customer"`
	Seats              int            `json:"seats"`
	Guests             []Guest        `json:"guests"`
	SeriesID           string         `json:"seriesId,omitempty"`
	Answers            forms.Answers  `json:"answers"`
	PreviousStart      *time.Time     `json:"previousStart,omitempty"`
	CancelledBy        string         `json:"cancelledBy,omitempty"`
	CancellationReason string         `json:"cancellationReason,omitempty"`
	Payment            *PaymentRecord `json:"payment,omitempty"`
	CreatedAt          time.Time      `json:"createdAt"`
}

// PaymentRecord is what a booking costs and what happened to its money,
// in the currency's minor unit.
type PaymentRecord struct {
	State     string     `json:"state"`
	Currency  string     `json:"currency"`
	Total     int64      `json:"total"`
	PayNow    int64      `json:"payNow"`
	Paid      int64      `json:"paid"`
	Refunded  int64      `json:"refunded"`
	HoldUntil *time.Time `json:"holdUntil,omitempty"`
}

// Record returns b as the business's tools see it.
func (b *Booking) Record() Record {
	r := Record{
		ID: b.ID, Status: b.Status, Calendar: b.Calendar.Slug, CalendarName: b.Calendar.Name,
		Start: b.Start.UTC(), End: b.End.UTC(), TimeZone: b.TimeZone, Locale: b.Locale, Customer: b.Contact,
		Seats: b.Seats, Guests: b.Guests, SeriesID: b.SeriesID, Answers: b.Answers, PreviousStart: b.PreviousStart,
		CancelledBy: b.CancelledBy, CancellationReason: b.CancellationReason, CreatedAt: b.CreatedAt.UTC(),
	}
	if b.Staff != nil {
		r.Staff, r.StaffName = b.Staff.Slug, b.Staff.Name
	}
	r.Customer.PhoneCountry = ""
	if r.Guests == nil {
		r.Guests = []Guest{}
	}
	if r.Answers == nil {
		r.Answers = forms.Answers{}
	}
	r.Payment = b.Money.record()
	return r
}

// record is the money of a booking with a payment, nil for one without.
func (m Money) record() *PaymentRecord {
	if m.State == "" || m.State == MoneyNone {
		return nil
	}
	return &PaymentRecord{State: m.State, Currency: m.Currency, Total: m.Total, PayNow: m.PayNow,
		Paid: m.Paid, Refunded: m.Refunded, HoldUntil: m.HoldUntil}
}

// Find returns a booking by its id alone.
func (s *Service) Find(ctx context.Context, id string) (*Booking, error) {
	return s.store.booking(ctx, s.pool, id, "")
}

// ListQuery filters and pages the bookings list.
type ListQuery struct {
	Calendar, Staff, Status, Email string
	// StaffID keeps the list to one staff member's bookings (the
	// dashboard of a staff member), whatever else is asked; 0: everyone's.
	StaffID int64
	// Search finds a text in the booker's name, address or phone.
	Search   string
	From, To time.Time // start in [From, To); zero: open
	// Newest lists the latest start first (what is past, what was
	// cancelled).
	Newest bool
	Cursor string // from the previous page's Next
	Limit  int    // 1 to 100
	// Brief leaves out what a list on a screen does not show: each
	// booking's answers and notes (read as none).
	Brief bool
}

// searchWords are the beginnings of terms a search asks for, every one
// of them: its words as typed, or, when it is written as a phone number
// is ("+49 170 123-45"), its digits.
func searchWords(text string) []string {
	text = strings.TrimSpace(strings.ReplaceAll(strings.ToValidUTF8(text, ""), "\x00", "")) // PostgreSQL's text holds neither
	digits, phoneLike := strings.Builder{}, text != ""
	for _, r := range text {
		switch {
		case r >= '0' && r <= '9':
			digits.WriteRune(r)
		case !strings.ContainsRune("+-()/. ", r):
			phoneLike = false
		}
	}
	if phoneLike && digits.Len() >= 3 {
		return []string{digits.String()}
	}
	words := strings.Fields(text)
	if len(words) > maxSearchWords {
		words = words[:maxSearchWords]
	}
	return words
}

// maxSearchWords bounds the words of a search.
const maxSearchWords = 8

// searchFound reads a search's words against the business's terms in one
// statement: the words, the rarest first (each counted up to
// broadSearch terms it begins), and, unless even the rarest begins that
// many (broad), every booking with a term beginning with each word. A
// search of a name or a phone number finds a few bookings: the list
// then reads those by id, in a plan made once; a broad one is read from
// its rarest word's terms in a plan made for it.
func (s *Service) searchFound(ctx context.Context, words []string) (ordered, found []string, broad bool, err error) {
	var rarest int
	// Planned once for any words: each range of terms is an index range
	// whatever its word (the rarest's a parameter, not a join), and a
	// booking found is asked for the other words through its own few
	// terms (booking_terms_booking), not through each word's range.
	err = s.pool.QueryRow(db.WithGenericPlan(ctx), `
		WITH counted AS (
			SELECT w.o, w.i, (SELECT count(*) FROM (SELECT 1 FROM booking_terms t WHERE t.location_id = $1
			                  AND t.term >= lower(w.o) AND t.term < lower(w.o) || U&'\+10FFFF' LIMIT $3) x) AS n
			FROM unnest($2::text[]) WITH ORDINALITY w(o, i)
		), rarest AS (SELECT lower(o) AS o, n FROM counted ORDER BY n, i LIMIT 1)
		SELECT ARRAY(SELECT o FROM counted ORDER BY n, i), (SELECT n FROM rarest),
		       ARRAY(SELECT DISTINCT t.booking_id FROM booking_terms t WHERE t.location_id = $1
		               AND t.term >= (SELECT o FROM rarest) AND t.term < (SELECT o FROM rarest) || U&'\+10FFFF' AND (SELECT n FROM rarest) < $3
		               AND NOT EXISTS (SELECT 1 FROM unnest($2::text[]) o WHERE NOT EXISTS (SELECT 1 FROM booking_terms w
		                   WHERE w.location_id = $1 AND w.booking_id = t.booking_id AND starts_with(w.term, lower(o)))))`,
		db.ThisBusiness, words, broadSearch).Scan(&ordered, &rarest, &found)
	if err != nil {
		return nil, nil, false, fmt.Errorf("booking: unable to search: %w", err)
	}
	return ordered, found, rarest >= broadSearch, nil
}

// broadSearch is how many terms a search's rarest word begins for the
// search to be read from the terms in its own plan rather than by the
// ids of what it finds.
var broadSearch = 300 // a variable for the tests of broad searches

// List returns bookings in start order and the cursor of the next page
// ("" at the end). The cursor is the last row's (start, id), so a page
// never repeats or skips a row however the list changes in between.
func (s *Service) List(ctx context.Context, q ListQuery) ([]Record, string, error) {
	b := &pgx.Batch{}
	var page ListPage
	plan, err := s.queueList(ctx, b, q, &page)
	if err != nil || len(b.QueuedQueries) == 0 {
		return page.Bookings, page.Next, err
	}
	if err := s.pool.SendReads(plan(ctx), b); err != nil {
		return nil, "", fmt.Errorf("booking: unable to list bookings: %w", err)
	}
	return page.Bookings, page.Next, nil
}

// ListPage is a page of a list: its bookings, and the cursor of the next
// page ("" at the end).
type ListPage struct {
	Bookings []Record
	Next     string
}

// QueueList queues the reading of q's page (into, once b is sent with
// SendReads), for a page that reads it with others. What the list must
// know first (a person named by slug) is read now. A search, planned
// for its words, is listed by List alone.
func (s *Service) QueueList(ctx context.Context, b *pgx.Batch, q ListQuery, into *ListPage) error {
	if q.Search != "" {
		return errors.New("booking: a search is listed alone")
	}
	_, err := s.queueList(ctx, b, q, into)
	return err
}

// SendReads sends the reads b holds (QueueList, QueueBusyEvents, …) in
// one round trip, each in the plan PostgreSQL made for it once: they are
// written for that.
func (s *Service) SendReads(ctx context.Context, b *pgx.Batch) error {
	if err := s.pool.SendReads(db.WithGenericPlan(ctx), b); err != nil {
		return fmt.Errorf("booking: unable to read bookings and busy times: %w", err)
	}
	return nil
}

// queueList queues q's page into page, and returns how the batch is to
// be planned; a list known to be empty queues nothing.
func (s *Service) queueList(ctx context.Context, batch *pgx.Batch, q ListQuery, page *ListPage) (func(context.Context) context.Context, error) {
	page.Bookings, page.Next = []Record{}, ""
	// The business named, not left to row security alone: its bookings in
	// start order are one range of bookings_business_start.
	args := db.Args{}
	arg := args.Add
	business := arg(db.ThisBusiness)
	where := []string{"b.location_id = " + business, "b.holds_for IS NULL"}
	// The cursor first: one this server did not write is refused whatever
	// else is asked.
	order, by := cursor.Ascending, "b.starts_at, b.id"
	if q.Newest {
		order, by = cursor.Descending, "b.starts_at DESC, b.id DESC"
	}
	after, err := cursor.After(q.Cursor, "b.starts_at", "b.id", order, arg)
	if err != nil {
		return nil, err
	}
	if q.Calendar != "" {
		where = append(where, "b.calendar_id = (SELECT id FROM calendars WHERE slug = "+arg(q.Calendar)+" AND location_id = "+business+")")
	}
	if q.Staff != "" {
		// The person's id, read first rather than joined by their slug:
		// PostgreSQL takes a booking's person and business for
		// independent, expects a row or two of theirs whichever index it
		// reads, and a search's plan took the exclusion constraint's,
		// which reads every booking the person ever had; with their id,
		// their bookings by start (bookings_staff_starts) serve it.
		p, err := PersonBySlug(ctx, s.pool, q.Staff)
		if errors.Is(err, ErrPersonNotFound) {
			return nil, nil
		}
		if err != nil {
			return nil, fmt.Errorf("booking: unable to list bookings: %w", err)
		}
		where = append(where, staffIs(p.ID, arg))
	}
	if q.Status != "" {
		where = append(where, statusIn(q.Status, arg))
	}
	if q.Email != "" {
		where = append(where, "lower(b.email) = lower("+arg(q.Email)+")")
	}
	if q.StaffID != 0 {
		where = append(where, staffIs(q.StaffID, arg))
	}
	// A plan made once serves every business (planning this statement
	// for each call cost more than running it): the page is read from the
	// business's bookings in order (bookings_business_start, a person's
	// bookings_staff_starts, the requests' own index) before anything is
	// joined, whatever the business's size. A search finds its bookings
	// first (searchFound): a few are read by their ids in that plan too;
	// a broad one is planned for its words.
	plan := db.WithGenericPlan
	if words := searchWords(q.Search); len(words) > 0 {
		words, found, broad, err := s.searchFound(ctx, words)
		switch {
		case err != nil:
			return nil, err
		case !broad && len(found) == 0:
			return nil, nil
		case !broad:
			where = append(where, "b.id = ANY("+arg(found)+"::text[])")
		default:
			// Each word begins a term of the booking (booking_terms,
			// migration 000051): a range of its index, as row security
			// allows. The rarest word's bookings are read, each then
			// asked for the others, in a plan made for the words.
			plan = db.WithCustomPlan
			first, others := arg(words[0]), arg(words[1:])
			where = append(where, `b.id IN (SELECT t.booking_id FROM booking_terms t
			WHERE t.location_id = `+business+` AND t.term >= lower(`+first+`) AND t.term < lower(`+first+`) || U&'\+10FFFF'
			  AND NOT EXISTS (SELECT 1 FROM unnest(`+others+`::text[]) o WHERE NOT EXISTS (SELECT 1 FROM booking_terms w
			      WHERE w.location_id = `+business+` AND w.booking_id = t.booking_id AND w.term >= lower(o) AND w.term < lower(o) || U&'\+10FFFF')))`)
		}
	}
	if !q.From.IsZero() {
		where = append(where, "b.starts_at >= "+arg(q.From))
	}
	if !q.To.IsZero() {
		where = append(where, "b.starts_at < "+arg(q.To))
	}
	if after != "" {
		where = append(where, after)
	}
	limit := cursor.Limit(q.Limit)
	answers, notes := "b.answers", "b.notes"
	if q.Brief {
		answers, notes = "'{}'::jsonb", "''"
	}
	batch.Queue(`
		SELECT b.id, b.status, c.slug, c.name, st.slug, st.name, b.starts_at, b.ends_at, b.booker_time_zone, b.locale,
		       b.first_name, b.last_name, b.email, b.phone, coalesce(to_char(b.date_of_birth, 'YYYY-MM-DD'), ''), b.location,
		       `+notes+`, b.consent, b.seats, coalesce(b.series_id, ''), `+answers+`, b.previous_starts_at, b.cancelled_by,
		       b.cancellation_reason, b.payment, coalesce(b.currency, ''), b.total_cents, b.pay_now_cents, b.paid_cents,
		       b.refunded_cents, b.hold_until, b.created_at,
		       CASE WHEN b.seats > 1 THEN coalesce((SELECT json_agg(json_build_object('name', g.name, 'email', g.email) ORDER BY g.position)
		                 FROM booking_guests g WHERE g.booking_id = b.id AND g.location_id = b.location_id), '[]') ELSE '[]' END
		FROM (SELECT * FROM bookings b WHERE `+strings.Join(where, " AND ")+` ORDER BY `+by+` LIMIT `+strconv.Itoa(limit+1)+`) b
		JOIN calendars c ON c.id = b.calendar_id AND c.location_id = b.location_id
		JOIN staff st ON st.id = b.staff_id AND st.location_id = b.location_id
		ORDER BY `+by, args...).Query(func(rows pgx.Rows) error {
		list, err := pgx.CollectRows(rows, scanRecord)
		if err != nil {
			return err
		}
		page.Bookings, page.Next = cursor.Page(list, limit, func(r Record) (time.Time, string) { return r.Start, r.ID })
		return nil
	})
	return plan, nil
}

// staffIs is the condition of one person's bookings, written as a list
// of one so that only a B-tree can read it from its index: in the plan
// made once, PostgreSQL's estimate of a person's bookings is a row or
// two whichever index it reads, and the exclusion constraint's GiST
// (bookings_no_overlap, which cannot search a list) came out a hair
// cheaper, though it reads every booking the person ever had and sorts
// them: 10 ms for a day of a person with 10,000, against 0.1 ms by
// their bookings by start (bookings_staff_starts) or the business's.
func staffIs(id int64, arg func(any) string) string {
	return "b.staff_id = ANY(" + arg([]int64{id}) + "::bigint[])"
}

// statusIn is the condition of a list of statuses: written into the
// statement when each is one a booking can have, so the plan made once
// for it knows them (a list of requests reads their own index,
// bookings_requests); any other list is a parameter, and matches
// nothing it does not name.
func statusIn(list string, arg func(any) string) string {
	statuses := strings.Split(list, ",")
	for _, s := range statuses {
		if !slices.Contains(bookingStatuses, s) {
			return "b.status = ANY(" + arg(statuses) + ")"
		}
	}
	// In one order, each once: a list asked in another order or with a
	// status twice is the same statement, so a client cannot fill the
	// connections' caches of prepared statements with variants of it.
	var written []string
	for _, s := range bookingStatuses {
		if slices.Contains(statuses, s) {
			written = append(written, s)
		}
	}
	return "b.status IN ('" + strings.Join(written, "', '") + "')"
}

// bookingStatuses are every status a booking can have.
var bookingStatuses = []string{StatusPending, StatusScheduled, StatusRequested, StatusRescheduled, StatusCancelled}

func scanRecord(row pgx.CollectableRow) (Record, error) {
	var r Record
	var m Money
	var guests, answers []byte
	err := row.Scan(&r.ID, &r.Status, &r.Calendar, &r.CalendarName, &r.Staff, &r.StaffName, &r.Start, &r.End, &r.TimeZone,
		&r.Locale, &r.Customer.FirstName, &r.Customer.LastName, &r.Customer.Email, &r.Customer.Phone, &r.Customer.DateOfBirth,
		&r.Customer.Location, &r.Customer.Notes, &r.Customer.Consent, &r.Seats, &r.SeriesID, &answers, &r.PreviousStart,
		&r.CancelledBy, &r.CancellationReason, &m.State, &m.Currency, &m.Total, &m.PayNow, &m.Paid, &m.Refunded, &m.HoldUntil,
		&r.CreatedAt, &guests)
	if err != nil {
		return r, err
	}
	r.Start, r.End, r.CreatedAt = r.Start.UTC(), r.End.UTC(), r.CreatedAt.UTC()
	// Most bookings of a list have no guests and no answers (a brief list
	// reads none): those are not decoded, a tenth of a list's reading.
	r.Guests, r.Answers = []Guest{}, forms.Answers{}
	if !bytes.Equal(guests, emptyArray) {
		if err := json.Unmarshal(guests, &r.Guests); err != nil {
			return r, err
		}
	}
	if len(answers) > 0 && !bytes.Equal(answers, emptyObject) {
		if err := json.Unmarshal(answers, &r.Answers); err != nil {
			return r, err
		}
		if r.Answers == nil { // a JSON null
			r.Answers = forms.Answers{}
		}
	}
	r.Payment = m.record()
	return r, nil
}

var emptyArray, emptyObject = []byte("[]"), []byte("{}")

// DecideAsBusiness confirms or declines a requested booking for the
// business.
func (s *Service) DecideAsBusiness(ctx context.Context, cmd DecideCommand) (*Booking, error) {
	return s.decide(ctx, cmd, purposeBusiness)
}

// RescheduleAsBusiness moves a booking for its client (who asked by
// phone, say) to a free time, by the same rules as the client's own move;
// the client is told as for it. What the business decided stays: a
// confirmed booking stays confirmed, a request stays to be answered.
func (s *Service) RescheduleAsBusiness(ctx context.Context, cmd RescheduleCommand) (*Booking, error) {
	cmd.Token = ""
	return s.reschedule(ctx, cmd, purposeBusiness)
}

// CancelAsBusiness cancels a booking for the business. Whatever was paid
// goes back, whatever the refund policy: the business called it off.
func (s *Service) CancelAsBusiness(ctx context.Context, cmd CancelCommand) (*Booking, error) {
	reason, err := reasonOf(cmd.Reason)
	if err != nil {
		return nil, err
	}
	cancelled, err := s.change(ctx, "booking.cancel", EventCancelled, purposeBusiness, cmd.ID, "", cmd.IdempotencyKey, cmd,
		func(ctx context.Context, tx pgx.Tx, b *Booking) error {
			b.Status, b.CancellationReason, b.Sequence, b.CancelledBy = StatusCancelled, reason, b.Sequence+1, "business"
			switch b.Money.State {
			case MoneyHold, MoneyProcessing:
				b.Money.State, b.Money.HoldUntil = MoneyReleased, nil
			case MoneyPaid, MoneyRefundDue:
				b.Money.oweEverything()
			}
			return s.store.cancelBooking(ctx, tx, b)
		})
	if err == nil {
		s.log.InfoContext(ctx, "cancelled by the business", slog.String("booking", cancelled.ID))
	}
	return cancelled, err
}

// RefundAsBusiness gives back what was paid for a booking, cancelled or
// not (a refund policy of "the business decides" ends here). The refund
// itself is made by the payment consumer after commit.
func (s *Service) RefundAsBusiness(ctx context.Context, id, key string, amount int64) (*Booking, error) {
	if amount < 0 { // 0 is everything left
		return nil, &ValidationError{Fields: map[string]string{"amount": "validation.refundAmount"}}
	}
	var refunded *Booking
	op := command.Op{Scope: "booking.refund", Key: key, Request: struct {
		ID     string
		Amount int64
	}{id, amount}}
	_, replayed, err := command.Run(ctx, s.runner, op, func(ctx context.Context, tx pgx.Tx) (result, error) {
		b, err := s.store.bookingForUpdate(ctx, tx, id)
		if err != nil {
			return result{}, err
		}
		if b.Money.State != MoneyPaid || b.Money.Paid <= b.Money.Refunded {
			return result{}, ErrNothingToRefund
		}
		if amount > b.Money.Paid-b.Money.Refunded {
			return result{}, &ValidationError{Fields: map[string]string{"amount": "validation.refundAmount"}}
		}
		b.Money.State, b.Money.RefundDue = MoneyRefundDue, amount
		if err := s.store.setPayment(ctx, tx, b); err != nil {
			return result{}, err
		}
		refunded = b
		return result{BookingID: b.ID}, s.emit(ctx, tx, EventRefundDue, b)
	})
	if err != nil {
		return nil, err
	}
	if replayed {
		return s.Find(ctx, id)
	}
	return refunded, nil
}
