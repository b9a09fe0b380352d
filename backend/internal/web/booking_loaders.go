package web

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/forms"
	"slotwise/backend/internal/limits"
	"slotwise/backend/internal/route"
	"slotwise/backend/internal/web/pages"
	"slotwise/locales"
)

var monthParam = regexp.MustCompile(`^\d{4}-(0[1-9]|1[0-2])$`)

func bookingPageLoader(svc *booking.Service, lim *limits.Limiter) pages.Loader {
	return func(ctx context.Context, req *pages.Request) (*pages.Result, error) {
		slug := req.Match.Params["slug"]
		if slug == "" {
			slug = req.Match.Params["service"]
		}
		cal, err := svc.Calendar(ctx, slug)
		if err != nil {
			return nil, err
		}
		cal = cal.In(req.Locale)
		data := &BookingPageData{}
		if provider := req.Match.Params["provider"]; provider != "" {
			for _, s := range cal.Staff {
				if s.Slug == provider {
					data.Calendar.FixedStaff = &StaffInfo{ID: s.ID, Name: s.Name}
				}
			}
			if data.Calendar.FixedStaff == nil {
				return nil, &pages.Error{Status: http.StatusNotFound, Message: req.T("booking.error.unableToFindCalendar")}
			}
		}
		moving, err := loadReschedule(ctx, svc, lim, req, data)
		if err != nil {
			return nil, err
		}
		if moving != nil && moving.InVisit() && moving.CanChange(svc.Now()) {
			return visitRescheduler(ctx, svc, req, moving, data, cal.Location.Name)
		}
		return bookerPage(ctx, svc, req, cal, data, cal.Name+" · "+cal.Location.Name)
	}
}

// teamLoader: a team's page books its calendar, with each member by name
// and "any available".
func teamLoader(svc *booking.Service) pages.Loader {
	return func(ctx context.Context, req *pages.Request) (*pages.Result, error) {
		team, err := svc.Team(ctx, req.Match.Params["provider"])
		if err != nil {
			return nil, err
		}
		team = team.In(req.Locale)
		data := &BookingPageData{Team: &TeamInfo{Slug: team.Slug, Name: team.Name, Description: team.Description, Lang: otherLang(team.Lang, req.Locale)}}
		return bookerPage(ctx, svc, req, team.Calendar, data, team.Name+" · "+team.Calendar.Location.Name)
	}
}

// oneTimeLinkLoader: a one-time link books its calendar once; used or
// expired, it is the expired-link page.
func oneTimeLinkLoader(svc *booking.Service, lim *limits.Limiter) pages.Loader {
	return func(ctx context.Context, req *pages.Request) (*pages.Result, error) {
		if req.Match.Kind == "none" {
			return nil, &pages.Error{Status: http.StatusNotFound, Message: req.T("booking.error.missingLink")}
		}
		secret := req.Match.Params["oneTimeSlug"]
		cal, err := guardedLink(ctx, lim, req.ClientIP, secret, func(ctx context.Context) (*booking.Calendar, error) {
			return svc.OneTimeLink(ctx, secret)
		})
		if errors.Is(err, booking.ErrLinkUsed) {
			// A link that once booked belongs to a business: its expired
			// page is in that business's colour.
			if spent, serr := svc.SpentLinkCalendar(ctx, secret); serr == nil {
				return nil, pages.WithBrand(err, spent.Location.BrandColor)
			}
		}
		if err != nil {
			return nil, err
		}
		cal = cal.In(req.Locale)
		data := &BookingPageData{OneTimeLink: secret}
		res, err := bookerPage(ctx, svc, req, cal, data, cal.Name+" · "+cal.Location.Name)
		if res != nil {
			res.Robots = "noindex"
		}
		return res, err
	}
}

// bookerPage fills the booker's payload for a calendar and its month's
// free times.
func bookerPage(ctx context.Context, svc *booking.Service, req *pages.Request, cal *booking.Calendar, data *BookingPageData, title string) (*pages.Result, error) {
	q := bookerData(svc, req, cal, data)
	site := siteOf(cal.Location, req.Locale) // the business came with its calendar
	var seo *pages.SEO
	paymentsOff := cal.NeedsPayment() && !svc.OnlinePayments(cal.Location)
	if data.Reschedule == nil && data.OneTimeLink == "" {
		seo = serviceData(req, cal, !paymentsOff)
	}
	if paymentsOff {
		// Said before a visitor picks a time, not after the whole form.
		data.PaymentsOff, data.Slots = true, packSlots(slotsAnswer(&booking.SlotsResult{TimeZone: q.TimeZone}))
		return &pages.Result{Title: title, Description: cal.Description, Brand: cal.Location.BrandColor, Data: data, Parts: bookerParts(req, data),
			Tags: availabilityTags(cal), Until: settingsUntil(svc), SEO: seo, Site: &site}, nil
	}
	res, err := firstMonthWithTimes(req, cal, data, q, true, func(q booking.SlotsQuery) (*booking.SlotsResult, error) {
		return svc.SlotsOf(ctx, cal, q)
	})
	if err != nil {
		return nil, err
	}
	data.Slots = packSlots(slotsAnswer(res))
	page := &pages.Result{Title: title, Description: cal.Description, Brand: cal.Location.BrandColor, Data: data, Parts: bookerParts(req, data), SEO: seo, Site: &site}
	if data.FormKey == "" {
		// No form of one visitor's on it: the same page for everyone until
		// something changes what is free (its tags) or time does (Until).
		page.Tags, page.Until = availabilityTags(cal), stableUntil(cal, res, data.Now)
	}
	return page, nil
}

// availabilityTags name what a calendar's free times depend on, as the
// database's change notices name it (migration 000017): its bookings and
// its people's (whose bookings in any calendar block them), and the
// settings of every calendar, person and place.
func availabilityTags(cal *booking.Calendar) []string {
	tags := []string{"booking-config", "calendar:" + strconv.FormatInt(cal.ID, 10)}
	for _, st := range cal.Staff {
		tags = append(tags, "staff:"+strconv.FormatInt(st.ID, 10))
	}
	return tags
}

// settingsTags name what a page of settings alone shows (a group's
// calendars, a service menu): no free times, only what the business set.
var settingsTags = []string{"booking-config"}

// settingsUntil bounds how long a page of settings alone is kept: a
// change drops it at once (its tag); the bound only makes it again now and
// then, as a cache that is never wrong may (the LRU lets go of the rest).
func settingsUntil(svc *booking.Service) time.Time { return svc.Now().Add(time.Hour) }

// stableUntil is the moment a booker's page would change by time passing
// alone: the next minute (the page's clock, and with it today and the
// booking window, is read to the minute), or sooner, when its first free
// time reaches the minimum notice and is no longer offered.
func stableUntil(cal *booking.Calendar, res *booking.SlotsResult, now time.Time) time.Time {
	until := now.Truncate(time.Minute).Add(time.Minute)
	if len(res.Days) > 0 && len(res.Days[0].Slots) > 0 {
		if gone := res.Days[0].Slots[0].Start.Add(-cal.MinNotice); gone.Before(until) {
			until = gone
		}
	}
	return until
}

// bookerParts are the booker's parts that show at once on this URL: the
// step after the time when the URL names a time, the cart's lines.
func bookerParts(req *pages.Request, data *BookingPageData) []string {
	var parts []string
	if req.Query.Get("time") != "" {
		if data.Reschedule != nil {
			parts = append(parts, "booker-reschedule")
		} else {
			parts = append(parts, "booker-details")
		}
	}
	if data.Reschedule != nil && !data.Reschedule.CanChange {
		parts = append(parts, "booker-confirmation")
	}
	if data.Cart != nil {
		parts = append(parts, "booker-cart")
	}
	return parts
}

// bookerData fills the booker's payload for a calendar, but for its free
// times: who can be booked, the visitor's zone and the month shown. It
// returns the query of that month's free times.
func bookerData(svc *booking.Service, req *pages.Request, cal *booking.Calendar, data *BookingPageData) booking.SlotsQuery {
	fixed := data.Calendar.FixedStaff
	// The minute, not the instant: a page is the same for every visitor of
	// that minute, so its render is reused (web/pages); one with a form is
	// its visitor's alone.
	data.Calendar, data.Location, data.Now = calendarInfo(cal, req.Locale, svc.Now()), locationInfo(cal.Location, req.Cat), svc.Now().Truncate(time.Minute)
	data.Calendar.Price = priceInfo(cal, svc.OnlinePayments(cal.Location), req.Cat)
	data.Calendar.FixedStaff = fixed
	// A page that shows a form (a time chosen: the details step or a
	// reschedule's confirmation) gets a key of its own in each answer, which
	// makes it its visitor's; the calendar's own step shows none, and is the
	// same for every visitor.
	if req.Query.Get("time") != "" || data.Reschedule != nil {
		data.FormKey = req.FormKey()
	}
	if cal.Fields.Phone != booking.FieldHidden {
		data.PhoneRegion = phoneRegion(req.Cat.Lang, cal.Location.Country)
	}
	var staffID int64
	switch {
	case fixed != nil:
		staffID = fixed.ID
	case data.Reschedule != nil && cal.StaffMode == "named":
		staffID = data.Reschedule.Staff.ID
	default:
		// The person chosen on an earlier step (?staff=), when the calendar has them.
		if id, err := strconv.ParseInt(req.Query.Get("staff"), 10, 64); err == nil && cal.StaffByID(id) != nil {
			staffID = id
		}
	}
	data.SlotsStaff = staffID
	zone := zoneOr(firstNonEmpty(req.Query.Get("tz"), req.Cookie(timeZoneCookie)), cal.Location.TimeZone)
	data.TimeZone = zone.String()
	data.Month = data.Now.In(zone).Format("2006-01")
	month := req.Query.Get("month")
	if d := req.Query.Get("date"); month == "" && len(d) == 10 {
		month = d[:7]
	}
	if monthParam.MatchString(month) && month > data.Month {
		data.Month = month
	}
	// Nothing past the booking window is offered.
	data.Month = min(data.Month, lastMonth(cal, data.Now, zone))
	return monthQuery(booking.SlotsQuery{Calendar: cal.Slug, TimeZone: zone.String(), StaffID: staffID}, data.Month)
}

// lastMonth is the month ("2006-01") the booking window ends in.
func lastMonth(cal *booking.Calendar, now time.Time, zone *time.Location) string {
	return now.AddDate(0, 0, cal.WindowDays).In(zone).Format("2006-01")
}

// monthQuery asks q for the days of month ("2006-01").
func monthQuery(q booking.SlotsQuery, month string) booking.SlotsQuery {
	first, _ := time.ParseInLocation("2006-01", month, time.UTC)
	q.From, q.To = first.Format("2006-01-02"), first.AddDate(0, 1, -1).Format("2006-01-02")
	return q
}

// firstMonthWithTimes answers the booker's month of free times. A visitor
// who asked for no month is shown the first one with a time: on a month's
// last evening they see the next month's times, not an empty calendar with
// a link to them. The month after is tried when the answer cannot say
// where the next time is (a cart's, a visit's), once, within the window.
//
// nextKnown says the answer's Next is the next free time (a calendar's
// own): then none means none in the window, and no month is asked again.
func firstMonthWithTimes(req *pages.Request, cal *booking.Calendar, data *BookingPageData, q booking.SlotsQuery, nextKnown bool,
	slotsOf func(booking.SlotsQuery) (*booking.SlotsResult, error)) (*booking.SlotsResult, error) {
	res, err := slotsOf(q)
	if err != nil || len(res.Days) > 0 || req.Query.Get("month") != "" || req.Query.Get("date") != "" {
		return res, err
	}
	zone := zoneOr(q.TimeZone, cal.Location.TimeZone)
	first, _ := time.ParseInLocation("2006-01", data.Month, time.UTC)
	month := first.AddDate(0, 1, 0).Format("2006-01")
	switch {
	case res.Next != nil:
		month = res.Next.In(zone).Format("2006-01")
	case nextKnown:
		return res, nil
	}
	if month <= data.Month || month > lastMonth(cal, data.Now, zone) {
		return res, nil
	}
	later, err := slotsOf(monthQuery(q, month))
	if err != nil || len(later.Days) == 0 {
		return res, err // nothing there either: this month and its "next free time" say so
	}
	data.Month = month
	return later, nil
}

// groupLoader lists a group's calendars, each linking to its booker.
func groupLoader(svc *booking.Service) pages.Loader {
	return func(ctx context.Context, req *pages.Request) (*pages.Result, error) {
		var g *booking.Group
		var err error
		if req.Match.Kind == "group" {
			g, err = svc.GroupByID(ctx, req.Match.Params["groupId"])
		} else {
			g, err = svc.GroupBySlug(ctx, req.Match.Params["groupSlug"])
		}
		if err != nil {
			return nil, err
		}
		g = g.In(req.Locale)
		routes := route.Default()
		data := GroupPageData{Name: g.Name, Description: g.Description, Lang: otherLang(g.Lang, req.Locale), Location: locationInfo(g.Location, req.Cat), Calendars: []GroupCalendar{}}
		for _, c := range g.Calendars {
			gc := GroupCalendar{
				Slug: c.Slug, Name: c.Name, Description: c.Description, Lang: otherLang(c.Lang, req.Locale), DurationMinutes: int(c.Duration / time.Minute),
				Seats: c.Seats, RequiresConfirmation: c.RequiresConfirmation,
				Href: routes.Href(req.Locale, "bookings", "", map[string]string{"slug": c.Slug}, nil),
			}
			if c.PriceCents > 0 {
				gc.Price, gc.PerPerson = locales.FormatMoney(req.Cat.Lang, c.CurrencyCode(), int64(c.PriceCents)), c.PricePerPerson
			}
			data.Calendars = append(data.Calendars, gc)
		}
		return &pages.Result{Title: g.Name + " · " + g.Location.Name, Description: g.Description, Brand: g.Location.BrandColor, Data: data, Parts: []string{"booker-group"},
			Tags: settingsTags, Until: settingsUntil(svc)}, nil
	}
}

// loadReschedule puts the booking being moved into the page, when the URL
// is a reschedule link, and returns it.
func loadReschedule(ctx context.Context, svc *booking.Service, lim *limits.Limiter, req *pages.Request, data *BookingPageData) (*booking.Booking, error) {
	id := req.Query.Get("reschedule")
	if id == "" {
		return nil, nil
	}
	token := req.Query.Get("token")
	b, err := manageable(ctx, svc, lim, req, id, token)
	if err != nil {
		return nil, err
	}
	// A booking that can no longer move is shown as it is, with why.
	v := booking.NewView(b, token, req.Locale, svc.Now())
	data.Reschedule, data.Token = &v, token
	return b, nil
}

// manageable loads a booking for a manage link: unknown ids and wrong
// tokens are "No calendar event found" (booking_errors.go). A past or
// cancelled booking is still shown, without the ways to change it.
func manageable(ctx context.Context, svc *booking.Service, lim *limits.Limiter, req *pages.Request, id, token string) (*booking.Booking, error) {
	return guardedToken(ctx, lim, req.ClientIP, func(ctx context.Context) (*booking.Booking, error) { return svc.Get(ctx, id, token) })
}

// bookingViewLoader shows one booking or several (comma-separated ids,
// with one token each, or one token for all).
func bookingViewLoader(svc *booking.Service, lim *limits.Limiter) pages.Loader {
	return func(ctx context.Context, req *pages.Request) (*pages.Result, error) {
		if req.Match.Kind == "none" {
			return nil, &pages.Error{Status: http.StatusNotFound, Message: req.T("booking.error.missingId")}
		}
		if secret := req.Query.Get("decide"); secret != "" {
			return decideResult(ctx, svc, lim, req, req.Match.Params["ids"], secret)
		}
		ids := strings.Split(req.Match.Params["ids"], ",")
		tokens := strings.Split(req.Query.Get("token"), ",")
		if len(ids) > 20 || (len(tokens) != 1 && len(tokens) != len(ids)) {
			return nil, &pages.Error{Status: http.StatusNotFound, Message: req.T("booking.error.noEvent")}
		}
		return manageResult(ctx, svc, lim, req, ids, tokens)
	}
}

// cancelLoader serves the cancel screens: ?id=…&token=…; their form posts
// to the same URL (cancelAction).
func cancelLoader(svc *booking.Service, lim *limits.Limiter) pages.Loader {
	return func(ctx context.Context, req *pages.Request) (*pages.Result, error) {
		id := req.Query.Get("id")
		if id == "" {
			return nil, &pages.Error{Status: http.StatusNotFound, Message: req.T("booking.error.noEvent")}
		}
		res, err := manageResult(ctx, svc, lim, req, []string{id}, []string{req.Query.Get("token")})
		if err != nil {
			return nil, err
		}
		// Only a booking that can still be cancelled shows the form.
		if data := res.Data.(BookingViewData); data.Bookings[0].CanChange {
			data.FormKey = req.FormKey()
			res.Data = data
		}
		return res, nil
	}
}

// decideResult is the business's page for a request: the booking, and
// buttons to confirm or decline it while it waits.
func decideResult(ctx context.Context, svc *booking.Service, lim *limits.Limiter, req *pages.Request, id, secret string) (*pages.Result, error) {
	b, err := guardedToken(ctx, lim, req.ClientIP, func(ctx context.Context) (*booking.Booking, error) { return svc.Request(ctx, id, secret) })
	if err != nil {
		return nil, err
	}
	v := booking.WithoutLinks(booking.NewView(b, "", req.Locale, svc.Now()))
	data := BookingViewData{Bookings: []booking.View{v}, Decide: secret}
	title := req.T("booking.decide.title")
	return &pages.Result{Title: title + " · " + v.LocationName, Robots: "noindex", Brand: b.Calendar.Location.BrandColor, Data: data, Parts: []string{"booking-view"}}, nil
}

func manageResult(ctx context.Context, svc *booking.Service, lim *limits.Limiter, req *pages.Request, ids, tokens []string) (*pages.Result, error) {
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
		// One link of a series shows the whole series; a visit's cancel
		// screen, the whole visit, unless it cancels one service (?only).
		all := []*booking.Booking{b}
		if len(ids) == 1 && (req.Match.Route.Name == "bookingView" || b.InVisit() && req.Query.Get("only") == "") {
			if all, err = svc.SeriesOf(ctx, b); err != nil {
				return nil, err
			}
		}
		views := make([]booking.View, len(all))
		for i, each := range all {
			views[i] = booking.NewView(each, token, req.Locale, svc.Now())
		}
		booking.AsVisit(views, all, req.Locale, svc.Now())
		data.Bookings = append(data.Bookings, views...)
		brand = b.Calendar.Location.BrandColor
	}
	if id, ok := paymentNotices[req.Query.Get("payment")]; ok {
		data.Notice = req.T(id)
	}
	title := req.T("screen." + req.Match.Route.Name + ".title")
	return &pages.Result{Title: title + " · " + data.Bookings[0].LocationName, Robots: "noindex", Brand: brand, Data: data, Parts: []string{"booking-view", "booking-cancel"}}, nil
}

func calendarInfo(cal *booking.Calendar, locale string, now time.Time) CalendarInfo {
	info := CalendarInfo{
		Slug: cal.Slug, Name: cal.Name, Description: cal.Description, Lang: otherLang(cal.Lang, locale),
		DurationMinutes: int(cal.Duration / time.Minute), RequiresConfirmation: cal.RequiresConfirmation,
		StaffMode: cal.StaffMode, LocationOptions: cal.LocationOptions, Fields: cal.Fields,
		Staff: []StaffInfo{}, Seats: cal.Seats, MaxSeatsPerBooking: max(cal.MaxSeatsPerBooking, 1), WindowDays: cal.WindowDays,
		RecurringMax: cal.RecurringMax,
	}
	if info.LocationOptions == nil {
		info.LocationOptions = []booking.LocationOption{}
	}
	for _, s := range cal.Staff {
		info.Staff = append(info.Staff, StaffInfo{ID: s.ID, Name: s.Name})
	}
	info.Questions = questionsOf(cal, locale, now)
	return info
}

// questionsOf is a calendar's own questions as a form shows them in
// locale; nil for a calendar without.
func questionsOf(cal *booking.Calendar, locale string, now time.Time) *forms.View {
	if cal.Questions == nil {
		return nil
	}
	v := forms.ViewOf(cal.Questions, cal.Slug, forms.KindBooking, locale, forms.TodayIn(cal.Location.TimeZone, now), cal.Location.Country)
	return &v
}

// priceInfo is what the booker shows of a calendar's price; nil for a
// free calendar.
func priceInfo(cal *booking.Calendar, online bool, cat *locales.Catalogue) *PriceInfo {
	if cal.PriceCents == 0 {
		return nil
	}
	code := cal.CurrencyCode()
	p := &PriceInfo{
		Amount: int64(cal.PriceCents), Currency: code, PerPerson: cal.PricePerPerson, Payment: cal.Payment,
		DepositKind: cal.DepositKind, DepositValue: cal.DepositValue, Online: online, HoldMinutes: int(cal.Hold / time.Minute),
		RefundPolicy: cal.RefundPolicy, RefundWindowHours: int(cal.RefundWindow / time.Hour),
		Label: locales.FormatMoney(cat.Lang, code, int64(cal.PriceCents)),
	}
	total, now := booking.Quote(cal, 1)
	p.How = howPaid(cat, code, total, now, cal.Payment)
	return p
}

// howPaid says how and when a price is paid, for the first screen: all
// online when booking, a deposit online and the rest at the appointment,
// or all at the appointment.
func howPaid(cat *locales.Catalogue, code string, total, now int64, payment string) string {
	switch {
	case now > 0 && now < total:
		return cat.Format("payment.how.deposit", map[string]string{
			"deposit": locales.FormatMoney(cat.Lang, code, now), "rest": locales.FormatMoney(cat.Lang, code, total-now)})
	case now > 0:
		return cat.Format("payment.how.online", nil)
	case payment == booking.PaymentOnSite:
		return cat.Format("payment.how.onSite", nil)
	}
	return ""
}

func locationInfo(l *booking.Location, cat *locales.Catalogue) LocationInfo {
	info := LocationInfo{
		Name: l.Name, LogoURL: l.LogoURL, BrandColor: l.BrandColor, TimeZone: l.TimeZone,
		Currency: l.Currency, ConsentText: l.ConsentText, TermsURL: localPath(cat.Locale, l.TermsURL), Country: l.Country,
		Contact: contactWays(l, cat),
	}
	if l.ConsentText != "" {
		info.ConsentLang = otherLang(cmp.Or(l.Lang, locales.Lang(l.DefaultLocale)), cat.Locale)
	}
	return info
}

// contactWays are the ways to reach a business, in a page's language.
func contactWays(l *booking.Location, cat *locales.Catalogue) []ContactWay {
	ways := []ContactWay{}
	if l.Phone != "" {
		ways = append(ways, ContactWay{cat.Format("contact.call", map[string]string{"phone": l.Phone}), phoneHref(l.Phone)})
	}
	if l.Email != "" {
		ways = append(ways, ContactWay{l.Email, "mailto:" + l.Email})
	}
	if l.ContactForm != "" {
		ways = append(ways, ContactWay{cat.Format("contact.form", nil), contactFormHref(cat.Locale, l.ContactForm)})
	}
	return ways
}

func firstNonEmpty(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}

// zoneOr is the zone named in a query, or the fallback when it names none.
// knownZones are the names validZone found to be zones (a few hundred at
// most: a name that is not one is never kept).
var knownZones sync.Map

// validZone tells whether name is a zone a booking page renders in, as
// zoneOr would take it; asked on every cached page's request, so the
// answer for a real zone is remembered.
// timeZoneCookie is the zone the visitor chose or their browser has, for
// the next server render (ui/src/cookies.ts); a booking page varies by it.
const timeZoneCookie = "slotwise_tz"

// cleanZone is the time-zone cookie as loaders read it: a zone, or none.
func cleanZone(v string) (string, bool) {
	if validZone(v) {
		return v, true
	}
	return "", false
}

func validZone(name string) bool {
	if name == "" || name == "Local" || len(name) > 64 {
		return false
	}
	if _, ok := knownZones.Load(name); ok {
		return true
	}
	if _, err := time.LoadLocation(name); err != nil {
		return false
	}
	knownZones.Store(name, true)
	return true
}

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

// appointmentLoader: a service, alone or with a named person, is the
// booking screen; a team's page books the team's calendar; a group lists
// its calendars.
func appointmentLoader(bookings *booking.Service, lim *limits.Limiter) pages.Loader {
	page, team, group := bookingPageLoader(bookings, lim), teamLoader(bookings), groupLoader(bookings)
	return func(ctx context.Context, req *pages.Request) (*pages.Result, error) {
		switch req.Match.Kind {
		case "team":
			return team(ctx, req)
		case "group", "groups":
			return group(ctx, req)
		}
		return page(ctx, req)
	}
}

// otherLang is a business text's language where it is not the page's
// (locale's), for the lang attribute that says so (WCAG 3.1.2); "" where
// both are one language (en-US and en are read alike).
func otherLang(lang, locale string) string {
	primary := func(l string) string { p, _, _ := strings.Cut(strings.ToLower(l), "-"); return p }
	if lang == "" || primary(lang) == primary(locale) {
		return ""
	}
	return lang
}
