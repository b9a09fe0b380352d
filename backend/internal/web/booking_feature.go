package web

import (
	"context"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/web/pages"
)

// Booking is the booking feature: the booker's pages, the booking API and
// how the booking domain's errors are answered.
func Booking(svc *booking.Service) Feature { return bookingFeature{svc: svc} }

type bookingFeature struct{ svc *booking.Service }

func (f bookingFeature) Register(r *Registry) {
	lim := r.Server().limits
	r.Page("appointment", appointmentLoader(f.svc, lim))
	r.Page("bookings", bookingPageLoader(f.svc, lim))
	r.Page("bookingView", bookingViewLoader(f.svc, lim))
	r.Page("cancelBooking", cancelLoader(f.svc, lim))
	r.Page("appointmentCancel", cancelLoader(f.svc, lim))
	r.Page("oneTimeLink", oneTimeLinkLoader(f.svc, lim))
	book := bookAction(f.svc, lim)
	r.Action("bookings", book)
	r.Action("appointment", book)
	r.Action("oneTimeLink", book)
	r.Action("bookingView", decideAction(f.svc, lim))
	cancel := cancelAction(f.svc, lim)
	r.Action("cancelBooking", cancel)
	r.Action("appointmentCancel", cancel)
	r.Page("serviceMenu", menuLoader(f.svc))
	r.Action("serviceMenu", cartAction(f.svc, lim))

	h := bookingAPI{s: r.Server(), svc: f.svc}
	api := r.API()
	api.GET("/booking/slots", h.slots)
	api.GET("/booking/series", h.series)
	api.GET("/booking/cart-slots", h.cartSlots)
	api.GET("/booking/visit-slots", h.visitSlots)
	api.POST("/bookings/cart", h.bookCart)
	api.POST("/bookings", h.createBooking)
	api.GET("/bookings/:id", h.getBooking)
	api.POST("/bookings/:id/reschedule", h.rescheduleBooking)
	api.POST("/bookings/:id/cancel", h.cancelBooking)
	api.POST("/bookings/:id/decide", h.decideBooking)
	api.GET("/bookings/:id/ics", h.bookingICS)

	r.Errors(bookingErrors...)
	if f.svc != nil { // the page handler's own tests register the loaders without a service
		r.Site(f.site)
		links := bookingLinks{s: r.Server(), svc: f.svc}
		r.ErrorFrame(links.errorFrame)
		r.server.requestLinks = links.request
		api.POST("/booking-links", links.answer)
	}
}

// site is what pages wear of the business the site belongs to; a change
// to the business is a change to the booking settings.
func (f bookingFeature) site(ctx context.Context, locale string) (pages.Site, error) {
	l, err := f.svc.Business(ctx)
	if l == nil || err != nil {
		return pages.Site{}, err
	}
	return siteOf(l, locale), nil
}

// siteOf is site of a business already read (a calendar's, with it).
func siteOf(l *booking.Location, locale string) pages.Site {
	return pages.Site{Brand: l.BrandColor, Privacy: localPath(locale, l.PrivacyURL), Tags: settingsTags}
}

// bookingAPI holds the booking endpoints' handlers (booking_api.go).
type bookingAPI struct {
	s   *Server
	svc *booking.Service
}
