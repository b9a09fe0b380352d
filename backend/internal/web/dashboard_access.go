package web

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/people"
	"slotwise/backend/internal/web/pages"
)

// Who may see and change what in the dashboard is decided here, and only
// here: every loader and action of a signed-in page gets a viewer, and
// reaches bookings through its methods, which keep a staff member to
// their own. Another business's ids are not found by any query (each
// names its business); another staff member's are not found by these.
// Nothing is decided by which links a page shows.

// viewer is a signed-in person and what they may reach.
type viewer struct {
	session *people.Session
	secret  string // the session cookie's, to sign this browser out
	svc     *booking.Service
	// business and waiting are what every signed-in page wears, read with
	// the session (viewer): the business, and the requests that wait.
	business *booking.Location
	waiting  booking.Waiting
	// calendars and staff are the business's, read once a request
	// (choices): a page asks for them in several places. A page that
	// lists them has them read with the session (signedInChoosing).
	calendars, staff []booking.Choice
}

// choices are the business's calendars and staff by name, read at the
// first ask of the request unless read with the session.
func (v *viewer) choices(ctx context.Context) (calendars, staff []booking.Choice, err error) {
	if v.calendars == nil {
		if v.calendars, v.staff, err = v.svc.Choices(ctx); err != nil {
			v.calendars, v.staff = nil, nil
			return nil, nil, err
		}
	}
	return v.calendars, v.staff, nil
}

// viewer is the request's signed-in person, or errSignedOut. What every
// signed-in page wears (frame) is read in the same round trip as the
// session, and the calendars and staff to choose from when choices is
// set: a statement sent alone costs the database more than most of
// these cost to run.
func (d dashboardFeature) viewer(ctx context.Context, req *pages.Request, choices bool) (*viewer, error) {
	secret := req.Cookie(sessionCookieName(req.Origin))
	if secret == "" {
		return nil, errSignedOut
	}
	v := &viewer{secret: secret, svc: d.svc}
	along := &pgx.Batch{}
	d.svc.QueueBusiness(along, &v.business)
	d.svc.QueueWaiting(along, &v.waiting)
	if choices {
		d.svc.QueueChoices(along, &v.calendars, &v.staff)
	}
	ses, err := d.team.SessionAlong(ctx, secret, along)
	if errors.Is(err, people.ErrNoSession) {
		return nil, errSignedOut
	}
	if err != nil {
		return nil, err
	}
	v.session = ses
	return v, nil
}

func (v *viewer) person() people.Person { return v.session.Person }

// ownOnly is the staff row a staff member is kept to; 0 for an owner or
// the front desk, who see every booking. It fails closed: any other
// role, or a staff member without a staff row, is kept to a row no
// booking has.
func (v *viewer) ownOnly() int64 {
	switch p := v.person(); {
	case p.Role == people.RoleOwner || p.Role == people.RoleDesk:
		return 0
	case p.Role == people.RoleStaff && p.StaffID > 0:
		return p.StaffID
	}
	return -1
}

// bookings lists what the viewer may see of q: a staff member's own,
// whichever person q names (StaffID, Staff); anyone's for an owner or the
// front desk.
func (v *viewer) bookings(ctx context.Context, q booking.ListQuery) ([]booking.Record, string, error) {
	if own := v.ownOnly(); own != 0 {
		q.StaffID, q.Staff = own, "" // their own, whichever staff member was asked for
	}
	return v.svc.List(ctx, q)
}

// queueBookings queues what bookings lists of q (into, once b is sent
// with booking.Service.SendReads), kept as bookings keeps it.
func (v *viewer) queueBookings(ctx context.Context, b *pgx.Batch, q booking.ListQuery, into *booking.ListPage) error {
	if own := v.ownOnly(); own != 0 {
		q.StaffID, q.Staff = own, ""
	}
	return v.svc.QueueList(ctx, b, q, into)
}

// booking is one booking the viewer may see: another staff member's is
// not found, as another business's is not.
func (v *viewer) booking(ctx context.Context, id string) (*booking.Booking, error) {
	b, err := v.svc.FindBooked(ctx, id)
	if err != nil {
		return nil, err
	}
	if own := v.ownOnly(); own != 0 && (b.Staff == nil || b.Staff.ID != own) {
		return nil, booking.ErrBookingNotFound
	}
	return b, nil
}

// mayOpen tells whether the viewer may open booking id, one of the
// business's: anyone's for an owner or the front desk, without reading
// it again; a staff member's own, read.
func (v *viewer) mayOpen(ctx context.Context, id string) bool {
	if v.ownOnly() == 0 {
		return true
	}
	_, err := v.booking(ctx, id)
	return err == nil
}

// movable is a booking the viewer may move: one they may see, and for a
// staff member, of a visit only when every service of it is theirs (a
// visit moves whole).
func (v *viewer) movable(ctx context.Context, id string) (*booking.Booking, error) {
	b, err := v.booking(ctx, id)
	if err != nil || v.ownOnly() == 0 || !b.InVisit() {
		return b, err
	}
	visit, err := v.svc.ActiveVisit(ctx, b)
	if err != nil {
		return nil, err
	}
	for _, other := range visit {
		if other.Staff == nil || other.Staff.ID != v.ownOnly() {
			return nil, booking.ErrBookingNotFound
		}
	}
	return b, nil
}

// requests counts the requests waiting that the viewer answers: none of
// anyone's for a person ownOnly keeps to no row.
func (v *viewer) requests() int {
	if own := v.ownOnly(); own >= 0 {
		return v.waiting.Of(own)
	}
	return 0
}

// frame is what every signed-in page wears.
func (v *viewer) frame() (AdminFrame, error) {
	if v.business == nil {
		return AdminFrame{}, errNoBusiness
	}
	return AdminFrame{Business: adminBusiness(v.business), Email: v.person().Email, Role: v.person().Role, Requests: v.requests(),
		Shop: v.business.Sells && v.ownOnly() == 0}, nil
}

// errNoBusiness is a signed-in page of a deployment whose business is
// gone since: a session outlives nothing it belongs to, so it is not
// met but through a race with the business's removal.
var errNoBusiness = errors.New("web: the dashboard's business is not there")

func adminBusiness(b *booking.Location) AdminBusiness {
	return AdminBusiness{Name: b.Name, LogoURL: b.LogoURL, TimeZone: b.TimeZone}
}
