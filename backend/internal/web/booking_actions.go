package web

import (
	"context"
	"net/url"
	"strconv"
	"strings"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/limits"
	"slotwise/backend/internal/route"
	"slotwise/backend/internal/web/pages"
)

// bookAction books from the details step's form post (the booker without
// JavaScript): the same command as POST /api/bookings, answered with the
// confirmation page's URL. A reschedule link's page moves the booking.
func bookAction(svc *booking.Service, lim *limits.Limiter) Action {
	return func(ctx context.Context, req *pages.Request, form url.Values) (string, error) {
		if id := req.Query.Get("reschedule"); id != "" {
			return rescheduleAction(ctx, svc, lim, req, form, id)
		}
		cmd, err := formBooking(req, form)
		if err != nil {
			return "", err
		}
		if err := pageCalendar(req, &cmd); err != nil {
			return "", err
		}
		if v := form.Get("staff"); v != "" && cmd.StaffID == 0 && cmd.Provider == "" {
			if cmd.StaffID, err = strconv.ParseInt(v, 10, 64); err != nil || cmd.StaffID < 0 {
				return "", &booking.ValidationError{Fields: map[string]string{"staff": "validation.required"}}
			}
		}
		cmd.Admit = admitBooking(lim, req.ClientIP)
		var token string
		book := func(ctx context.Context) (b *booking.Booking, err error) {
			b, token, err = svc.Book(ctx, cmd)
			return b, err
		}
		var b *booking.Booking
		if cmd.OneTimeLink != "" {
			b, err = guardedLink(ctx, lim, req.ClientIP, cmd.OneTimeLink, book)
		} else {
			b, err = book(ctx)
		}
		if err != nil {
			return "", err
		}
		return viewURL(req.Locale, b.ID, token), nil
	}
}

// cartAction books a service menu's cart from the details form's post.
func cartAction(svc *booking.Service, lim *limits.Limiter) Action {
	return func(ctx context.Context, req *pages.Request, form url.Values) (string, error) {
		menu, err := pageMenu(ctx, svc, req)
		if err != nil {
			return "", err
		}
		cmd, err := formBooking(req, form)
		if err != nil {
			return "", err
		}
		people := booking.CartPeople(req.Query.Get("cart"))
		cmd.Admit = admitBooking(lim, req.ClientIP)
		cart := booking.CartCommand{Menu: menu.ID, Items: people[0], GuestItems: people[1:], BookCommand: cmd}
		b, token, err := svc.BookCart(ctx, menu, cart)
		if err != nil {
			return "", err
		}
		return viewURL(req.Locale, b.ID, token), nil
	}
}

// formBooking reads the details form's fields into a booking command.
func formBooking(req *pages.Request, form url.Values) (booking.BookCommand, error) {
	cmd := booking.BookCommand{
		Start: form.Get("start"), TimeZone: form.Get("tz"), Locale: req.Locale,
		AcceptTerms: form.Get("acceptTerms") != "", IdempotencyKey: form.Get("idempotencyKey"),
		LocationChoice: form.Get("locationChoice"), // judged with the place by the booking's own rule
		Contact: booking.Contact{
			FirstName: form.Get("contact.firstName"), LastName: form.Get("contact.lastName"), Email: form.Get("contact.email"),
			Phone: form.Get("contact.phone"), DateOfBirth: form.Get("contact.dateOfBirth"), Location: form.Get("contact.location"),
			Notes: form.Get("contact.notes"), Consent: form.Get("contact.consent") != "",
			PhoneCountry: form.Get("contact.phoneCountry"),
		},
	}
	var err error
	cmd.Answers = answersOf(form)
	if cmd.Guests, cmd.GuestCount, err = formGuests(form); err != nil {
		return cmd, err
	}
	if every := form.Get("repeat.every"); every != "" {
		count, _ := strconv.Atoi(form.Get("repeat.count"))
		cmd.Repeat = &booking.Repeat{Every: every, Count: count}
	}
	return cmd, nil
}

func rescheduleAction(ctx context.Context, svc *booking.Service, lim *limits.Limiter, req *pages.Request, form url.Values, id string) (string, error) {
	token := req.Query.Get("token")
	cmd := booking.RescheduleCommand{ID: id, Token: token, Start: form.Get("start"), TimeZone: form.Get("tz"), IdempotencyKey: form.Get("idempotencyKey")}
	b, err := reschedule(ctx, svc, lim, req.ClientIP, cmd)
	if err != nil {
		return "", err
	}
	return viewURL(req.Locale, b.ID, token), nil
}

// cancelAction cancels from the cancel screen's form post (the booker
// without JavaScript): the same command, checks and limits as POST
// /api/bookings/{id}/cancel. It answers with the same screen, which then
// shows the booking cancelled; the form's key makes a second post of it
// land there too, without a second cancellation.
func cancelAction(svc *booking.Service, lim *limits.Limiter) Action {
	return func(ctx context.Context, req *pages.Request, form url.Values) (string, error) {
		id, token := req.Query.Get("id"), req.Query.Get("token")
		if id == "" {
			return "", booking.ErrBookingNotFound
		}
		only := req.Query.Get("only") != ""
		cmd := booking.CancelCommand{ID: id, Token: token, Reason: form.Get("reason"), Only: only, IdempotencyKey: form.Get("idempotencyKey")}
		if _, err := guardedToken(ctx, lim, req.ClientIP, func(ctx context.Context) (*booking.Booking, error) { return svc.Cancel(ctx, cmd) }); err != nil {
			return "", err
		}
		back := url.Values{"id": {id}, "token": {token}}
		if only {
			back.Set("only", "1")
		}
		return route.Default().Href(req.Locale, req.Match.Route.Name, req.Match.Kind, req.Match.Params, back), nil
	}
}

// pageCalendar names the calendar a booker page books as its loader
// found it, for the booking to read once: a calendar's slug, a team's, a
// one-time link's, with the person a provider page names.
func pageCalendar(req *pages.Request, cmd *booking.BookCommand) error {
	p := req.Match.Params
	switch {
	case req.Match.Route.Name == "oneTimeLink":
		cmd.OneTimeLink = p["oneTimeSlug"]
	case req.Match.Kind == "team":
		cmd.Team = p["provider"]
	case req.Match.Kind == "provider":
		cmd.Calendar, cmd.Provider = p["service"], p["provider"]
	case p["slug"] != "":
		cmd.Calendar = p["slug"]
	case p["service"] != "":
		cmd.Calendar = p["service"]
	default:
		return booking.ErrCalendarNotFound
	}
	return nil
}

// formGuests reads guests.N.name / guests.N.email (N from 0, in order) or
// a bare guestCount.
func formGuests(form url.Values) ([]booking.Guest, int, error) {
	var guests []booking.Guest
	for i := 0; i <= booking.MaxGuestCount; i++ {
		key := "guests." + strconv.Itoa(i)
		name, hasName := form[key+".name"]
		email, hasEmail := form[key+".email"]
		if !hasName && !hasEmail {
			break
		}
		g := booking.Guest{}
		if hasName {
			g.Name = name[0]
		}
		if hasEmail {
			g.Email = email[0]
		}
		if strings.TrimSpace(g.Name) == "" && strings.TrimSpace(g.Email) == "" {
			continue // an empty row the visitor added and left
		}
		guests = append(guests, g)
	}
	count := 0
	if v := strings.TrimSpace(form.Get("guestCount")); v != "" && len(guests) == 0 {
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, 0, &booking.ValidationError{Fields: map[string]string{"guestCount": "validation.guestCount"}}
		}
		count = n
	}
	return guests, count, nil
}

// viewURL is a booking's own page, opened by its manage secret: where a
// booking, a reschedule or a reload of either lands.
func viewURL(locale, id, token string) string {
	return route.Default().Href(locale, "bookingView", "ids", map[string]string{"ids": id}, url.Values{"token": {token}})
}

// decideAction is the business confirming or declining a request from its
// page without JavaScript; the page, reloaded, shows the outcome.
func decideAction(svc *booking.Service, lim *limits.Limiter) Action {
	return func(ctx context.Context, req *pages.Request, form url.Values) (string, error) {
		secret := req.Query.Get("decide")
		if secret == "" || req.Match.Kind != "ids" {
			return "", booking.ErrBookingNotFound
		}
		decision := form.Get("decision")
		if decision != "confirm" && decision != "decline" {
			return "", &booking.ValidationError{Fields: map[string]string{"decision": "validation.required"}}
		}
		cmd := booking.DecideCommand{
			ID: req.Match.Params["ids"], Token: secret, Confirm: decision == "confirm",
			Reason: form.Get("reason"), IdempotencyKey: form.Get("idempotencyKey"),
		}
		if cmd.Confirm {
			cmd.Reason = ""
		}
		if _, err := guardedToken(ctx, lim, req.ClientIP, func(ctx context.Context) (*booking.Booking, error) { return svc.Decide(ctx, cmd) }); err != nil {
			return "", err
		}
		// The page again, built from the route table (never the request's
		// own path, which may start with "//").
		return route.Default().Href(req.Locale, req.Match.Route.Name, req.Match.Kind, req.Match.Params, url.Values{"decide": {secret}}), nil
	}
}

// answersOf is a form's answers to a calendar's own questions (posted as
// answers.<id>), by question; nil when it sends none.
func answersOf(form url.Values) map[string][]string {
	var answers map[string][]string
	for name, values := range form {
		if id, ok := strings.CutPrefix(name, "answers."); ok {
			if answers == nil {
				answers = map[string][]string{}
			}
			answers[id] = values
		}
	}
	return answers
}
