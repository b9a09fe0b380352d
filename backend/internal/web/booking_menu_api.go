package web

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/booking"
)

// cartSlots answers GET /api/booking/cart-slots: the times a service
// menu's cart fits, back to back (?menu=ID&items=a,b~c&from&to&tz: the
// booker's services, then each guest's after a "~").
func (a bookingAPI) cartSlots(c *gin.Context) {
	cat := apiLocale(c, c.Query("locale"))
	menu, err := a.svc.MenuByID(c.Request.Context(), c.Query("menu"))
	if err != nil {
		a.s.apiError(c, err, cat)
		return
	}
	res, err := a.svc.CartSlots(c.Request.Context(), menu, booking.CartPeople(c.Query("items")), booking.SlotsQuery{
		From: c.Query("from"), To: c.Query("to"), TimeZone: c.Query("tz"),
	})
	if err != nil {
		a.s.apiError(c, err, cat)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, slotsAnswer(res))
}

// bookCart answers POST /api/bookings/cart: every service of the cart,
// back to back, all or nothing; the answer is the first booking, whose
// manage link shows the whole visit.
func (a bookingAPI) bookCart(c *gin.Context) {
	var cmd CartBookCommand
	if !decode(c, &cmd) {
		return
	}
	cart := booking.CartCommand{Menu: cmd.Menu, Items: cmd.Items, GuestItems: cmd.GuestItems, BookCommand: cmd.BookCommand}
	menu, err := a.svc.MenuByID(c.Request.Context(), cmd.Menu)
	a.placeNew(c, &cmd.BookCommand, func(ctx context.Context) (*booking.Booking, string, error) {
		if err != nil {
			// No visit to place: the attempt still counts, mailing nobody.
			if aerr := cmd.Admit(ctx, cmd.Contact.Email, nil); aerr != nil {
				return nil, "", aerr
			}
			return nil, "", err
		}
		cart.BookCommand = cmd.BookCommand // with placeNew's locale, key and limits
		return a.svc.BookCart(ctx, menu, cart)
	})
}
