package web

import (
	"context"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/notify"
	"slotwise/locales"
)

func slotsAnswer(res *booking.SlotsResult) SlotsResponse {
	out := SlotsResponse{TimeZone: res.TimeZone, Slots: map[string][]string{}}
	for _, d := range res.Days {
		starts := make([]string, len(d.Slots))
		for i, sl := range d.Slots {
			starts[i] = sl.Start.In(res.Zone).Format(rfc3339)
		}
		out.Slots[d.Date.String()] = starts
	}
	if res.Next != nil {
		n := res.Next.Format(rfc3339)
		out.Next = &n
	}
	if res.Seats != nil {
		out.Seats = map[string]int{}
		for at, left := range res.Seats {
			out.Seats[at.In(res.Zone).Format(rfc3339)] = left
		}
	}
	return out
}

const rfc3339 = "2006-01-02T15:04:05Z07:00"

// packSlots is r as a booking page's data carries it (PageSlots).
func packSlots(r SlotsResponse) PageSlots {
	// A start of day d that packs: "dTHH:MM:00" and its offset.
	parts := func(d, start string) (string, string, bool) {
		if len(start) <= 19 || start[:10] != d || start[10] != 'T' || start[16:19] != ":00" {
			return "", "", false
		}
		return start[11:16], start[19:], true
	}
	count, offset := map[string]int{}, ""
	for d, starts := range r.Slots {
		for _, s := range starts {
			if _, off, ok := parts(d, s); ok {
				count[off]++
				if count[off] > count[offset] || count[off] == count[offset] && off < offset {
					offset = off
				}
			}
		}
	}
	out := PageSlots{TimeZone: r.TimeZone, Suffix: ":00" + offset, Slots: make(map[string][]string, len(r.Slots)), Next: r.Next, Seats: r.Seats}
	for d, starts := range r.Slots {
		packed := make([]string, len(starts))
		for i, s := range starts {
			hm, off, ok := parts(d, s)
			if packed[i] = s; ok && off == offset {
				packed[i] = hm
			}
		}
		out.Slots[d] = packed
	}
	return out
}

func (a bookingAPI) slots(c *gin.Context) {
	cat := apiLocale(c, c.Query("locale"))
	var staffID int64
	if v := c.Query("staff"); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			// A person the calendar does not have, as the domain says of an unknown id.
			a.s.apiError(c, &booking.ValidationError{Fields: map[string]string{"staff": "validation.required"}}, cat)
			return
		}
		staffID = id
	}
	res, err := a.svc.Slots(c.Request.Context(), booking.SlotsQuery{
		Calendar: c.Query("calendar"), From: c.Query("from"), To: c.Query("to"), TimeZone: c.Query("tz"), StaffID: staffID,
	})
	if err != nil {
		a.s.apiError(c, err, cat)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, slotsAnswer(res))
}

// series answers which times of a weekly or fortnightly series are free.
func (a bookingAPI) series(c *gin.Context) {
	cat := apiLocale(c, c.Query("locale"))
	count, _ := strconv.Atoi(c.Query("count"))
	staffID, _ := strconv.ParseInt(c.Query("staff"), 10, 64)
	occ, err := a.svc.Series(c.Request.Context(), booking.SeriesQuery{
		Calendar: c.Query("calendar"), Start: c.Query("start"), TimeZone: c.Query("tz"), StaffID: max(staffID, 0),
		Repeat: booking.Repeat{Every: c.Query("every"), Count: count},
	})
	if err != nil {
		a.s.apiError(c, err, cat)
		return
	}
	zone := zoneOr(c.Query("tz"), "UTC")
	out := SeriesResponse{Occurrences: []SeriesOccurrence{}}
	for _, o := range occ {
		out.Occurrences = append(out.Occurrences, SeriesOccurrence{Start: o.Start.In(zone).Format(rfc3339), Free: o.Free})
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, out)
}

func (a bookingAPI) createBooking(c *gin.Context) {
	var cmd booking.BookCommand
	if !decode(c, &cmd) {
		return
	}
	a.placeNew(c, &cmd, func(ctx context.Context) (*booking.Booking, string, error) { return a.svc.Book(ctx, cmd) })
}

// placeNew answers a new booking (one, or a visit) placed within the
// client's and the addresses' limits (the booker's and the guests' it
// would mail, which the booking knows once it has read its calendar:
// BookCommand.Admit), then the booker's view. A one-time link is a
// secret, so a wrong one counts as a guess.
func (a bookingAPI) placeNew(c *gin.Context, cmd *booking.BookCommand, place func(context.Context) (*booking.Booking, string, error)) {
	cat := apiLocale(c, cmd.Locale)
	cmd.Locale, cmd.IdempotencyKey = cat.Locale, idempotencyKey(c)
	cmd.Admit = admitBooking(a.s.limits, c.ClientIP())
	var token string
	run := func(ctx context.Context) (b *booking.Booking, err error) {
		b, token, err = place(ctx)
		return b, err
	}
	var b *booking.Booking
	var err error
	if cmd.OneTimeLink != "" {
		b, err = guardedLink(c.Request.Context(), a.s.limits, c.ClientIP(), cmd.OneTimeLink, run)
	} else {
		b, err = run(c.Request.Context())
	}
	a.answerBooking(c, http.StatusCreated, b, token, err, cat)
}

func (a bookingAPI) getBooking(c *gin.Context) {
	cat := apiLocale(c, "")
	token := c.Query("token")
	b, err := a.guarded(c, func(ctx context.Context) (*booking.Booking, error) { return a.svc.Get(ctx, c.Param("id"), token) })
	a.answerBooking(c, http.StatusOK, b, token, err, cat)
}

func (a bookingAPI) rescheduleBooking(c *gin.Context) {
	var cmd booking.RescheduleCommand
	if !decode(c, &cmd) {
		return
	}
	cat := apiLocale(c, "")
	cmd.ID, cmd.IdempotencyKey = c.Param("id"), idempotencyKey(c)
	b, err := reschedule(c.Request.Context(), a.svc, a.s.limits, c.ClientIP(), cmd)
	a.answerBooking(c, http.StatusOK, b, cmd.Token, err, cat)
}

func (a bookingAPI) cancelBooking(c *gin.Context) {
	var cmd booking.CancelCommand
	if !decode(c, &cmd) {
		return
	}
	cat := apiLocale(c, "")
	cmd.ID, cmd.IdempotencyKey = c.Param("id"), idempotencyKey(c)
	b, err := a.guarded(c, func(ctx context.Context) (*booking.Booking, error) { return a.svc.Cancel(ctx, cmd) })
	a.answerBooking(c, http.StatusOK, b, cmd.Token, err, cat)
}

// decideBooking is the business confirming or declining a request, with
// the decide secret of its mail.
func (a bookingAPI) decideBooking(c *gin.Context) {
	var cmd booking.DecideCommand
	if !decode(c, &cmd) {
		return
	}
	cat := apiLocale(c, "")
	cmd.ID, cmd.IdempotencyKey = c.Param("id"), idempotencyKey(c)
	b, err := a.guarded(c, func(ctx context.Context) (*booking.Booking, error) { return a.svc.Decide(ctx, cmd) })
	if err != nil {
		a.s.apiError(c, err, cat)
		return
	}
	c.JSON(http.StatusOK, booking.WithoutLinks(booking.NewView(b, "", cat.Locale, a.svc.Now())))
}

// bookingICS is the calendar file behind "iCal / iCloud".
func (a bookingAPI) bookingICS(c *gin.Context) {
	cat := apiLocale(c, "")
	token := c.Query("token")
	c.Header("Cache-Control", "no-store") // the file links to the manage page with the token
	b, err := a.guarded(c, func(ctx context.Context) (*booking.Booking, error) { return a.svc.Get(ctx, c.Param("id"), token) })
	if err != nil {
		a.s.apiError(c, err, cat)
		return
	}
	now := a.svc.Now()
	view := booking.NewView(b, token, b.Locale, now)
	method := "PUBLISH"
	if !b.Active() {
		method = "CANCEL"
	}
	// A visit's file holds every service that still holds its time.
	group, err := a.svc.ActiveVisit(c.Request.Context(), b)
	if err != nil {
		a.s.apiError(c, err, cat)
		return
	}
	evs := make([]notify.Event, len(group))
	for i, x := range group {
		evs[i] = booking.Event(x.In(x.Locale), a.s.absolute(c.Request.Context(), view.ManageURL), now)
	}
	ics := notify.ICSAll(evs, method)
	c.Header("Content-Disposition", `attachment; filename="`+b.ID+`.ics"`)
	c.Data(http.StatusOK, "text/calendar; charset=utf-8", ics)
}

// answerBooking answers a booking use case: the booker's view of the
// booking, or the error mapped to its status. The view's links carry the
// manage token, so no cache keeps the answer.
func (a bookingAPI) answerBooking(c *gin.Context, status int, b *booking.Booking, token string, err error, cat *locales.Catalogue) {
	c.Header("Cache-Control", "no-store")
	if err != nil {
		a.s.apiError(c, err, cat)
		return
	}
	c.JSON(status, booking.NewView(b, token, b.Locale, a.svc.Now()))
}

// guarded runs a use case that opens a booking with its manage token,
// within the client's limit of wrong tokens.
func (a bookingAPI) guarded(c *gin.Context, use func(context.Context) (*booking.Booking, error)) (*booking.Booking, error) {
	return guardedToken(c.Request.Context(), a.s.limits, c.ClientIP(), use)
}
