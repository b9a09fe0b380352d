package web

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/limits"
)

var monthParam = regexp.MustCompile(`^\d{4}-(0[1-9]|1[0-2])$`)

func bookingPageLoader(svc *booking.Service, lim *limits.Limiter) Loader {
	return func(ctx context.Context, req *PageRequest) (*PageResult, error) {
		slug := req.Match.Params["slug"]
		if slug == "" {
			slug = req.Match.Params["service"]
		}
		cal, err := svc.Calendar(ctx, slug)
		if err != nil {
			return nil, err
		}
		data := &BookingPageData{Calendar: calendarInfo(cal), Location: locationInfo(cal.Location), Now: svc.Now()}
		var staffID int64
		if provider := req.Match.Params["provider"]; provider != "" {
			for _, s := range cal.Staff {
				if s.Slug == provider {
					data.Calendar.FixedStaff, staffID = &StaffInfo{ID: s.ID, Name: s.Name}, s.ID
				}
			}
			if staffID == 0 {
				return nil, &PageError{Status: http.StatusNotFound, Message: req.T("booking.error.unableToFindCalendar")}
			}
		}
		if err := loadReschedule(ctx, svc, lim, req, data); err != nil {
			return nil, err
		}
		zone := zoneOr(req.Query.Get("tz"), cal.Location.TimeZone)
		data.TimeZone = zone.String()
		data.Month = data.Now.In(zone).Format("2006-01")
		if m := req.Query.Get("month"); monthParam.MatchString(m) && m > data.Month {
			data.Month = m
		}
		first, _ := time.ParseInLocation("2006-01", data.Month, time.UTC)
		last := first.AddDate(0, 1, -1)
		res, err := svc.Slots(ctx, booking.SlotsQuery{
			Calendar: cal.Slug, From: first.Format("2006-01-02"), To: last.Format("2006-01-02"),
			TimeZone: zone.String(), StaffID: staffID,
		})
		if err != nil {
			return nil, err
		}
		data.Slots = slotsAnswer(res)
		return &PageResult{
			Title: cal.Name + " · " + cal.Location.Name, Description: cal.Description,
			Brand: cal.Location.BrandColor, Data: data,
		}, nil
	}
}

// loadReschedule puts the booking being moved into the page, when the URL
// is a reschedule link.
func loadReschedule(ctx context.Context, svc *booking.Service, lim *limits.Limiter, req *PageRequest, data *BookingPageData) error {
	id := req.Query.Get("reschedule")
	if id == "" {
		return nil
	}
	token := req.Query.Get("token")
	b, err := manageable(ctx, svc, lim, req, id, token)
	if err != nil {
		return err
	}
	v := booking.NewView(b, token, req.Locale, svc.Now())
	data.Reschedule, data.Token = &v, token
	return nil
}

// manageable loads a booking for a manage link: unknown ids and wrong
// tokens are "No calendar event found", past or cancelled bookings the
// expired-link page (booking_errors.go).
func manageable(ctx context.Context, svc *booking.Service, lim *limits.Limiter, req *PageRequest, id, token string) (*booking.Booking, error) {
	b, err := guardedToken(ctx, lim, req.ClientIP, func(ctx context.Context) (*booking.Booking, error) { return svc.Get(ctx, id, token) })
	if err != nil {
		return nil, err
	}
	if !b.CanChange(svc.Now()) {
		return nil, booking.ErrExpired
	}
	return b, nil
}

// bookingViewLoader shows one booking or several (comma-separated ids,
// with one token each, or one token for all).
func bookingViewLoader(svc *booking.Service, lim *limits.Limiter) Loader {
	return func(ctx context.Context, req *PageRequest) (*PageResult, error) {
		if req.Match.Kind == "none" {
			return nil, &PageError{Status: http.StatusNotFound, Message: req.T("booking.error.missingId")}
		}
		ids := strings.Split(req.Match.Params["ids"], ",")
		tokens := strings.Split(req.Query.Get("token"), ",")
		if len(ids) > 20 || (len(tokens) != 1 && len(tokens) != len(ids)) {
			return nil, &PageError{Status: http.StatusNotFound, Message: req.T("booking.error.noEvent")}
		}
		return manageResult(ctx, svc, lim, req, ids, tokens)
	}
}

// cancelLoader serves the cancel screens: ?id=…&token=….
func cancelLoader(svc *booking.Service, lim *limits.Limiter) Loader {
	return func(ctx context.Context, req *PageRequest) (*PageResult, error) {
		id := req.Query.Get("id")
		if id == "" {
			return nil, &PageError{Status: http.StatusNotFound, Message: req.T("booking.error.noEvent")}
		}
		return manageResult(ctx, svc, lim, req, []string{id}, []string{req.Query.Get("token")})
	}
}

func manageResult(ctx context.Context, svc *booking.Service, lim *limits.Limiter, req *PageRequest, ids, tokens []string) (*PageResult, error) {
	data := BookingViewData{Token: strings.Join(tokens, ",")}
	var brand string
	for i, id := range ids {
		token := tokens[0]
		if len(tokens) > 1 {
			token = tokens[i]
		}
		b, err := manageable(ctx, svc, lim, req, id, token)
		if err != nil {
			return nil, err
		}
		data.Bookings = append(data.Bookings, booking.NewView(b, token, req.Locale, svc.Now()))
		brand = b.Calendar.Location.BrandColor
	}
	title := req.T("screen." + req.Match.Route.Name + ".title")
	return &PageResult{Title: title + " · " + data.Bookings[0].LocationName, Robots: "noindex", Brand: brand, Data: data}, nil
}

func calendarInfo(cal *booking.Calendar) CalendarInfo {
	info := CalendarInfo{
		Slug: cal.Slug, Name: cal.Name, Description: cal.Description,
		DurationMinutes: int(cal.Duration / time.Minute), RequiresConfirmation: cal.RequiresConfirmation,
		StaffMode: cal.StaffMode, LocationOptions: cal.LocationOptions, Fields: cal.Fields,
		Staff: []StaffInfo{},
	}
	if info.LocationOptions == nil {
		info.LocationOptions = []booking.LocationOption{}
	}
	for _, s := range cal.Staff {
		info.Staff = append(info.Staff, StaffInfo{ID: s.ID, Name: s.Name})
	}
	return info
}

func locationInfo(l *booking.Location) LocationInfo {
	return LocationInfo{
		Name: l.Name, LogoURL: l.LogoURL, BrandColor: l.BrandColor, TimeZone: l.TimeZone,
		Currency: l.Currency, ConsentText: l.ConsentText, TermsURL: l.TermsURL,
	}
}

// zoneOr is the zone named in a query, or the fallback when it names none.
func zoneOr(name, fallback string) *time.Location {
	if name != "" && name != "Local" {
		if z, err := time.LoadLocation(name); err == nil {
			return z
		}
	}
	z, err := time.LoadLocation(fallback)
	if err != nil {
		return time.UTC
	}
	return z
}
