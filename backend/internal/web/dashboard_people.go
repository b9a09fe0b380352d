package web

import (
	"context"
	"errors"
	"net/url"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/people"
	"slotwise/backend/internal/web/pages"
)

// The owner's page of the business's people: who may sign in, as what;
// adding one (a sensitive change: a session signed in within half an
// hour) mails them an invitation that works for a day; removing one ends
// their sessions. Nobody but an owner finds the page.

// errOwnersOnly answers a change only owners make as if its page were
// missing, which it is for anyone else.
var errOwnersOnly = errors.New("web: only an owner reaches this")

func (v *viewer) ownerOnly() error {
	if v.person().Role != people.RoleOwner {
		return errOwnersOnly
	}
	return nil
}

func (d dashboardFeature) peoplePage(ctx context.Context, req *pages.Request, v *viewer) (*pages.Result, error) {
	if err := v.ownerOnly(); err != nil {
		return nil, pages.NotFound(req.FullPath)
	}
	f, err := v.frame()
	if err != nil {
		return nil, err
	}
	list, err := d.team.List(ctx)
	if err != nil {
		return nil, err
	}
	_, staff, err := v.choices(ctx)
	if err != nil {
		return nil, err
	}
	names := map[int64]string{}
	for _, p := range list {
		if p.StaffID != 0 {
			if s, err := d.svc.StaffName(ctx, p.StaffID); err == nil {
				names[p.StaffID] = s
			}
		}
	}
	data := AdminPeoplePageData{Frame: f, People: make([]AdminPerson, len(list)), Staff: choicesOf(staff),
		Recent: v.session.Recent(d.svc.Now()), FormKey: req.FormKey()}
	switch done := req.Query.Get("done"); done {
	case "invited", "removed", "sent":
		data.Done = done
	}
	for i, p := range list {
		data.People[i] = AdminPerson{Email: p.Email, Role: p.Role, Staff: names[p.StaffID], Added: p.CreatedAt.UTC().Format(time.RFC3339),
			You: p.ID == v.person().ID}
	}
	return &pages.Result{Title: req.T("admin.people.title"), Data: data, Parts: screenTexts("people")}, nil
}

// changePeople invites or removes a person, or mails the owner a fresh
// sign-in link (to invite from a session signed in long ago).
func (d dashboardFeature) changePeople(ctx context.Context, req *pages.Request, form url.Values, v *viewer) (string, error) {
	if err := v.ownerOnly(); err != nil {
		return "", err
	}
	done := ""
	switch form.Get("do") {
	case "invite":
		var staffID int64
		if role := form.Get("role"); role == people.RoleStaff {
			id, err := d.svc.StaffID(ctx, form.Get("staff"))
			if errors.Is(err, booking.ErrPersonNotFound) {
				return "", &booking.ValidationError{Fields: map[string]string{"staff": "admin.people.chooseStaff"}}
			}
			if err != nil {
				return "", err
			}
			staffID = id
		}
		if !v.session.Recent(d.svc.Now()) { // a sensitive change
			return "", people.ErrNotRecent
		}
		if _, err := d.team.Invite(ctx, form.Get("email"), form.Get("role"), staffID, req.Locale); err != nil {
			return "", peopleFieldError(err)
		}
		done = "invited"
	case "remove":
		if !v.session.Recent(d.svc.Now()) { // a sensitive change, as inviting is
			return "", people.ErrNotRecent
		}
		if _, err := d.team.Remove(ctx, form.Get("email")); err != nil {
			return "", err
		}
		done = "removed"
	case "signInAgain":
		if err := d.freshLink(ctx, req, v); err != nil {
			return "", err
		}
		done = "sent"
	default:
		return "", &booking.ValidationError{Fields: map[string]string{"do": "admin.bookings.unknownChange"}}
	}
	return adminHref(req, "adminPeople", "", nil, url.Values{"done": {done}}), nil
}

// peopleFieldError is a refusal of the invitation's form, field by field.
func peopleFieldError(err error) error {
	switch {
	case errors.Is(err, people.ErrEmail):
		return &booking.ValidationError{Fields: map[string]string{"email": "validation.emailInvalid"}}
	case errors.Is(err, people.ErrExists):
		return &booking.ValidationError{Fields: map[string]string{"email": "admin.people.exists"}}
	case errors.Is(err, people.ErrRole):
		return &booking.ValidationError{Fields: map[string]string{"role": "admin.people.chooseRole"}}
	case errors.Is(err, people.ErrStaffRole):
		return &booking.ValidationError{Fields: map[string]string{"staff": "admin.people.chooseStaff"}}
	}
	return err
}
