package web

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/web/pages"
)

// visitRescheduler is the booker moving a whole visit (a cart booked back
// to back): the services in their order, the visit's length, and the
// times at which every service fits at the same distance from the one
// being moved (booking.VisitSlots). No person is chosen: each service
// keeps its person when free.
func visitRescheduler(ctx context.Context, svc *booking.Service, req *pages.Request, moving *booking.Booking, data *BookingPageData, title string) (*pages.Result, error) {
	all, err := svc.ActiveVisit(ctx, moving)
	if err != nil {
		return nil, err
	}
	q := bookerData(svc, req, moving.Calendar, data)
	q.StaffID = 0
	slots, err := firstMonthWithTimes(req, moving.Calendar, data, q, false, func(q booking.SlotsQuery) (*booking.SlotsResult, error) {
		return svc.VisitSlots(ctx, moving, q)
	})
	if err != nil {
		return nil, err
	}
	people := visitPeople(all)
	for _, cals := range people {
		for i, c := range cals {
			cals[i] = c.In(req.Locale) // the services' names in the page's language
		}
	}
	info := &CartInfo{Items: menuServices(people[0], req.Locale), GuestItems: [][]MenuService{}}
	for _, guest := range people[1:] {
		info.GuestItems = append(info.GuestItems, menuServices(guest, req.Locale))
	}
	names := make([]string, 0, len(people[0]))
	for _, c := range people[0] {
		names = append(names, c.Name)
	}
	first, last := all[0].Start, all[0].End
	for _, b := range all {
		if b.End.After(last) {
			last = b.End
		}
	}
	data.Slots, data.Cart, data.SlotsStaff = packSlots(slotsAnswer(slots)), info, 0
	data.Calendar.Name, data.Calendar.DurationMinutes = strings.Join(names, " + "), int(last.Sub(first)/time.Minute)
	data.Calendar.Staff, data.Calendar.StaffMode, data.Calendar.RecurringMax = []StaffInfo{}, "any", 0
	data.Calendar.Description = ""
	data.Calendar.Price = cartPrice(people, svc.OnlinePayments(moving.Calendar.Location), req.Cat)
	return &pages.Result{Title: title, Robots: "noindex", Brand: moving.Calendar.Location.BrandColor, Data: data, Parts: bookerParts(req, data)}, nil
}

// visitPeople are a visit's services by person: the booker's first, then
// each guest's, in the order they first appear.
func visitPeople(all []*booking.Booking) [][]*booking.Calendar {
	out := [][]*booking.Calendar{{}}
	guests := map[booking.Guest]int{}
	for _, b := range all {
		if !b.ForGuest || len(b.Guests) == 0 {
			out[0] = append(out[0], b.Calendar)
			continue
		}
		i, ok := guests[b.Guests[0]]
		if !ok {
			i = len(out)
			guests[b.Guests[0]] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], b.Calendar)
	}
	if len(out[0]) == 0 && len(out) > 1 {
		out = out[1:] // the booker cancelled theirs alone: a guest's lead the visit
	}
	return out
}

// visitSlots answers GET /api/booking/visit-slots: a month of the times a
// visit can move to, for the holder of its manage link.
func (a bookingAPI) visitSlots(c *gin.Context) {
	cat := apiLocale(c, c.Query("locale"))
	b, err := a.guarded(c, func(ctx context.Context) (*booking.Booking, error) {
		return a.svc.Get(ctx, c.Query("id"), c.Query("token"))
	})
	if err != nil {
		a.s.apiError(c, err, cat)
		return
	}
	res, err := a.svc.VisitSlots(c.Request.Context(), b, booking.SlotsQuery{From: c.Query("from"), To: c.Query("to"), TimeZone: c.Query("tz")})
	if err != nil {
		a.s.apiError(c, err, cat)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, slotsAnswer(res))
}
