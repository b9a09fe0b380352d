package web

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/shop"
	"slotwise/locales"
)

// The admin API's orders: a business's own tools (its stock sheet, its
// carrier's label printer) list them, read one, and ship, hand over,
// refund or cancel it, as its dashboard does. Each answer is the order
// as it stands (shop.Record), which the order.* webhooks carry too.
func (h adminAPI) registerOrders(g *gin.RouterGroup) {
	if h.d.Shop == nil {
		return
	}
	g.GET("/orders", h.listOrders)
	g.GET("/orders/:id", h.getOrder)
	g.POST("/orders/:id/fulfil", h.fulfilOrder)
	g.POST("/orders/:id/ready", h.orderChange(h.d.Shop.MarkReady))
	g.POST("/orders/:id/cancel", h.orderChange(h.d.Shop.Cancel))
	g.POST("/orders/:id/refund", h.refundOrder)
}

var adminOrderErrors = []ErrorMapping{
	{Err: shop.ErrNotFound, Status: http.StatusNotFound, Code: "not_found", Message: "There is no order with this id"},
	{Err: shop.ErrWrongState, Status: http.StatusConflict, Code: "wrong_state",
		Message: "The order cannot do that in its state: only a paid order is fulfilled or cancelled, only a paid pick-up is told ready, and only money paid is refunded"},
	{Err: shop.ErrRefundTooBig, Status: http.StatusUnprocessableEntity, Code: "refund_too_big", Message: "The amount is more than is left to refund"},
}

func (h adminAPI) listOrders(c *gin.Context) {
	q, ok := readListQuery(c)
	if !ok {
		return
	}
	status := c.Query("status")
	if status != "" && !slices.Contains(shop.Statuses, status) {
		apiError(c, http.StatusBadRequest, "bad_request", "status is one of "+strings.Join(shop.Statuses, ", "))
		return
	}
	search := c.Query("q")
	if len(search) > 200 {
		apiError(c, http.StatusBadRequest, "bad_request", "q is at most 200 bytes")
		return
	}
	list, next, err := h.d.Shop.Orders(c.Request.Context(), shop.OrderQuery{Status: status, Search: search, Cursor: q.cursor, Limit: q.limit})
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	rows := make([]shop.Record, len(list))
	for i, o := range list {
		rows[i] = o.Record()
	}
	c.JSON(http.StatusOK, newPage(rows, next))
}

func (h adminAPI) getOrder(c *gin.Context) {
	o, err := h.d.Shop.Find(c.Request.Context(), c.Param("id"))
	h.answerOrder(c, o, err)
}

// fulfilBody is a fulfilment's tracking link, when the order is shipped
// with one.
type fulfilBody struct {
	TrackingURL string `json:"trackingUrl"`
}

func (h adminAPI) fulfilOrder(c *gin.Context) {
	var body fulfilBody
	if !optionalAdminBody(c, &body) {
		return
	}
	o, err := h.d.Shop.Fulfil(c.Request.Context(), c.Param("id"), strings.TrimSpace(body.TrackingURL), idempotencyKey(c))
	h.answerOrder(c, o, err)
}

func (h adminAPI) refundOrder(c *gin.Context) {
	var body refundBody
	if !optionalAdminBody(c, &body) {
		return
	}
	amount := int64(0) // all that is left
	if body.Amount != nil {
		if amount = *body.Amount; amount < 1 {
			apiError(c, http.StatusUnprocessableEntity, "refund_too_big", "amount is at least 1, in the currency's minor unit; leave it out for all that is left")
			return
		}
	}
	o, err := h.d.Shop.Refund(c.Request.Context(), c.Param("id"), amount, idempotencyKey(c))
	h.answerOrder(c, o, err)
}

// orderChange is a change that takes nothing but the order and the
// request's idempotency key.
func (h adminAPI) orderChange(change func(ctx context.Context, id, key string) (*shop.Order, error)) gin.HandlerFunc {
	return func(c *gin.Context) {
		o, err := change(c.Request.Context(), c.Param("id"), idempotencyKey(c))
		h.answerOrder(c, o, err)
	}
}

func (h adminAPI) answerOrder(c *gin.Context, o *shop.Order, err error) {
	var verr *shop.ValidationError
	switch {
	case errors.As(err, &verr):
		en := locales.Get("en")
		fields := map[string]string{}
		for f, id := range verr.Fields {
			fields[f] = en.Format(id, nil)
		}
		adminInvalid(c, fields)
	case err != nil:
		if m, _, ok := lookupError(adminOrderErrors, err); ok {
			apiError(c, m.Status, m.Code, m.Message)
			return
		}
		h.s.adminError(c, err)
	default:
		c.JSON(http.StatusOK, o.Record())
	}
}
