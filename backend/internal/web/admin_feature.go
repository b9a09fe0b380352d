package web

import (
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/admin"
	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/calsync"
	"slotwise/backend/internal/content"
	"slotwise/backend/internal/cursor"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/forms"
	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/people"
	"slotwise/backend/internal/shop"
	"slotwise/backend/internal/web/pages"
	"slotwise/backend/internal/webhooks"
	"slotwise/locales"
)

// AdminDeps is what the admin API acts on.
type AdminDeps struct {
	Pool     *db.Pool
	Bookings *booking.Service
	Forms    *forms.Service
	Webhooks *webhooks.Store
	Content  *content.Service
	// Payments, when set, is asked which providers the operator configured:
	// a business chooses among them.
	Payments *payments.Service
	// Calendars, when set, are the staff's calendar connections.
	Calendars *calsync.Service
	// People, when set, are the people of the business's dashboard.
	People *people.Service
	// Shop, when set, is the business's orders.
	Shop *shop.Service
}

// Admin is the admin API under /api/admin: a business's own tools list
// and change what it has, with a bearer token (slotwise token create).
// Its document is /api/admin/openapi.json (admin_openapi.go).
func Admin(d AdminDeps) Feature { return adminFeature{d} }

type adminFeature struct{ d AdminDeps }

type adminAPI struct {
	s *Server
	d AdminDeps
}

func (f adminFeature) Register(r *Registry) {
	h := adminAPI{s: r.Server(), d: f.d}
	if _, err := openAPIJSON(); err != nil {
		r.faults = append(r.faults, err) // a broken document stops the server at start
	}
	h.registerOperator(r)
	g := r.API().Group("/admin")
	g.GET("/openapi.json", serveOpenAPI)
	g.Use(h.authenticate)
	g.GET("/bookings", h.listBookings)
	g.GET("/bookings/:id", h.getBooking)
	g.POST("/bookings/:id/confirm", h.decide(true))
	g.POST("/bookings/:id/decline", h.decide(false))
	g.POST("/bookings/:id/cancel", h.cancel)
	g.POST("/bookings/:id/refund", h.refund)
	g.GET("/submissions", h.listSubmissions)
	g.GET("/submissions/:id", h.getSubmission)
	h.registerWebhooks(g)
	h.registerCalendarConnections(g)
	h.registerPaymentAccounts(g)
	h.registerPeople(g)
	h.registerOrders(g)
	h.registerContent(g)
	h.registerFeeds(g, r.Root())
}

// tokenKey is where the authenticated token waits in the gin context.
const tokenKey = "admin.token"

// authenticate admits a live bearer token; a read token only reads.
// Wrong tokens count as guesses against the client's limit.
func (h adminAPI) authenticate(c *gin.Context) {
	secret, ok := bearerToken(c.GetHeader("Authorization"))
	if !ok {
		unauthorized(c, `Bearer realm="slotwise"`, "Send a token of the admin API: Authorization: Bearer swa_… (slotwise token create)")
		return
	}
	tok, err := h.token(c, secret)
	if err != nil {
		return
	}
	if !tok.CanWrite() && c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead {
		apiError(c, http.StatusForbidden, "insufficient_scope", "This token may only read; changes need a token of scope write")
		return
	}
	c.Set(tokenKey, tok)
	// Every change the request makes is told as the token's (events.ActorOf).
	c.Request = c.Request.WithContext(events.WithActor(c.Request.Context(), "token:"+tok.Name))
	c.Header("Cache-Control", "no-store")
	c.Next()
}

// token checks a token, answering the failure itself: a live token is
// admitted whatever the client guessed before; a wrong one counts against
// the client's limit of guesses.
func (h adminAPI) token(c *gin.Context, secret string) (*admin.Token, error) {
	ctx, s := c.Request.Context(), h.s
	tok, err := admin.Authenticate(ctx, h.d.Pool, secret)
	if errors.Is(err, admin.ErrTokenNotFound) {
		if lerr := wrongSecret(ctx, s.limits, c.ClientIP()); lerr != nil {
			s.adminError(c, lerr)
			return nil, lerr
		}
		unauthorized(c, `Bearer realm="slotwise", error="invalid_token"`, "This token is not a live token of the admin API")
		return nil, err
	}
	if err != nil {
		s.adminError(c, err)
		return nil, err
	}
	return tok, nil
}

// adminErrors are answered in English: the API's readers are developers.
// An error the booker's API answers too keeps its status and code here,
// and says in the business's terms what the booker's message says in the
// booker's (booking.ErrExpired: not "Reschedule or cancellation is no
// longer possible" to a business confirming a request). Errors not listed
// are answered from their feature's table, in English.
var adminErrors = []ErrorMapping{
	{Err: booking.ErrExpired, Status: http.StatusGone, Code: "expired", Message: "The booking is cancelled or has started, so it can no longer change"},
	{Err: booking.ErrBookingNotFound, Status: http.StatusNotFound, Code: "not_found", Message: "There is no booking with this id"},
	{Err: booking.ErrNotRequested, Status: http.StatusConflict, Code: "not_requested", Message: "The booking is not waiting for a decision"},
	{Err: booking.ErrNothingToRefund, Status: http.StatusConflict, Code: "nothing_to_refund", Message: "Nothing paid for this booking is left to refund"},
	{Err: forms.ErrResponseNotFound, Status: http.StatusNotFound, Code: "not_found", Message: "There is no submission with this id"},
	{Err: calsync.ErrConnected, Status: http.StatusConflict, Code: "already_connected", Message: "This staff member is already connected to this calendar address"},
	{Err: calsync.ErrNotFound, Status: http.StatusNotFound, Code: "not_found", Message: "There is no calendar connection with this id"},
	{Err: webhooks.ErrNotFound, Status: http.StatusNotFound, Code: "not_found", Message: "There is no such webhook endpoint or delivery"},
	{Err: admin.ErrStaffNotFound, Status: http.StatusNotFound, Code: "not_found", Message: "There is no staff member with this slug"},
	{Err: cursor.ErrInvalid, Status: http.StatusBadRequest, Code: "bad_cursor", Message: "The cursor is not one this list gave; start again without it"},
}

// adminError answers an admin API error: the admin table first, then the
// product's (in English).
func (s *Server) adminError(c *gin.Context, err error) {
	var verr *webhooks.ValidationError
	var cverr *calsync.ValidationError
	var cerr *calsync.ConnectError
	switch {
	case errors.As(err, &verr):
		adminInvalid(c, verr.Fields)
		return
	case errors.As(err, &cverr):
		adminInvalid(c, cverr.Fields)
		return
	case errors.As(err, &cerr):
		apiError(c, http.StatusUnprocessableEntity, "calendar_unreachable", cerr.Message)
		return
	}
	if m, _, ok := lookupError(adminErrors, err); ok {
		apiError(c, m.Status, m.Code, m.Message)
		return
	}
	s.apiError(c, err, locales.Get("en"))
}

// adminInvalid answers 422 with a message per field.
func adminInvalid(c *gin.Context, in map[string]string) {
	fields := map[string]pages.FieldError{}
	for f, msg := range in {
		fields[f] = pages.FieldError{Message: msg}
	}
	c.AbortWithStatusJSON(http.StatusUnprocessableEntity, pages.APIErrorResponse{Error: pages.APIErrorBody{
		Code: "invalid", Message: "Some fields are invalid", Fields: fields}})
}

// listQuery reads the paging and time filters every list takes.
type listQuery struct {
	from, to time.Time
	cursor   string
	limit    int
}

// readListQuery answers a 400 naming the parameter that is wrong.
func readListQuery(c *gin.Context) (listQuery, bool) {
	q := listQuery{cursor: c.Query("cursor"), limit: 25}
	if v := c.Query("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			apiError(c, http.StatusBadRequest, "bad_request", "limit is a number from 1 to 100")
			return q, false
		}
		q.limit = n
	}
	for _, p := range []struct {
		name string
		to   *time.Time
	}{{"from", &q.from}, {"to", &q.to}} {
		if v := c.Query(p.name); v != "" {
			t, err := time.Parse(time.RFC3339, v)
			if err != nil {
				apiError(c, http.StatusBadRequest, "bad_request", p.name+" is an RFC 3339 instant, such as 2026-12-01T00:00:00Z")
				return q, false
			}
			*p.to = t
		}
	}
	return q, true
}

// keyPage reads the page a list ordered by key (a slug, a path) is asked
// for: the key it starts after (the one its cursor names, "" for the first
// page) and its length; false once it answered a query or a cursor no
// page gave.
func (h adminAPI) keyPage(c *gin.Context) (after string, limit int, ok bool) {
	q, ok := readListQuery(c)
	if !ok || q.cursor == "" {
		return "", q.limit, ok
	}
	_, key, err := cursor.Decode(q.cursor)
	if err != nil {
		h.s.adminError(c, err)
		return "", 0, false
	}
	return key, q.limit, true
}

// keyCursor is the cursor of the page after the key last ("": none).
func keyCursor(last string) string {
	if last == "" {
		return ""
	}
	return cursor.Encode(time.Time{}, last)
}

// page is the shape of every list: the rows and the cursor of the next
// page (null at the end).
type page[T any] struct {
	Data       []T     `json:"data"`
	NextCursor *string `json:"nextCursor"`
}

func newPage[T any](rows []T, next string) page[T] {
	p := page[T]{Data: rows}
	if p.Data == nil {
		p.Data = []T{}
	}
	if next != "" {
		p.NextCursor = &next
	}
	return p
}

// oneOf checks a filter's values against the allowed ones.
func oneOf(c *gin.Context, name, value string, allowed ...string) bool {
	if value == "" {
		return true
	}
	for _, v := range strings.Split(value, ",") {
		if !slices.Contains(allowed, v) {
			apiError(c, http.StatusBadRequest, "bad_request", name+" is one of "+strings.Join(allowed, ", ")+" (several with commas)")
			return false
		}
	}
	return true
}

func (h adminAPI) listBookings(c *gin.Context) {
	q, ok := readListQuery(c)
	if !ok || !oneOf(c, "status", c.Query("status"), booking.StatusScheduled, booking.StatusPending, booking.StatusRequested,
		booking.StatusRescheduled, booking.StatusCancelled) {
		return
	}
	rows, next, err := h.d.Bookings.List(c.Request.Context(), booking.ListQuery{
		Calendar: c.Query("calendar"), Staff: c.Query("staff"), Status: c.Query("status"), Email: c.Query("email"),
		From: q.from, To: q.to, Cursor: q.cursor, Limit: q.limit,
	})
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.JSON(http.StatusOK, newPage(rows, next))
}

func (h adminAPI) getBooking(c *gin.Context) {
	b, err := h.d.Bookings.Find(c.Request.Context(), c.Param("id"))
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.JSON(http.StatusOK, b.Record())
}

// reasonBody is what a decline or cancel may say to the booker.
type reasonBody struct {
	Reason string `json:"reason"`
}

func (h adminAPI) decide(confirm bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		var body reasonBody
		if !optionalAdminBody(c, &body) {
			return
		}
		b, err := h.d.Bookings.DecideAsBusiness(c.Request.Context(), booking.DecideCommand{
			ID: c.Param("id"), Confirm: confirm, Reason: body.Reason, IdempotencyKey: idempotencyKey(c)})
		if err != nil {
			h.s.adminError(c, err)
			return
		}
		c.JSON(http.StatusOK, b.Record())
	}
}

func (h adminAPI) cancel(c *gin.Context) {
	var body reasonBody
	if !optionalAdminBody(c, &body) {
		return
	}
	b, err := h.d.Bookings.CancelAsBusiness(c.Request.Context(), booking.CancelCommand{
		ID: c.Param("id"), Reason: body.Reason, IdempotencyKey: idempotencyKey(c)})
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.JSON(http.StatusOK, b.Record())
}

// refundBody is a refund's optional amount, in the minor unit; none is
// everything paid and not yet refunded (0 is refused, as any amount below 1).
type refundBody struct {
	Amount *int64 `json:"amount"`
}

func (h adminAPI) refund(c *gin.Context) {
	var body refundBody
	if !optionalAdminBody(c, &body) {
		return
	}
	amount := int64(0) // all that is left
	if body.Amount != nil {
		if amount = *body.Amount; amount < 1 {
			amount = -1 // refused as such
		}
	}
	b, err := h.d.Bookings.RefundAsBusiness(c.Request.Context(), c.Param("id"), idempotencyKey(c), amount)
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.JSON(http.StatusOK, b.Record())
}

func (h adminAPI) listSubmissions(c *gin.Context) {
	q, ok := readListQuery(c)
	if !ok || !oneOf(c, "status", c.Query("status"), forms.StatusSubmitted, forms.StatusPartial) {
		return
	}
	rows, next, err := h.d.Forms.Submissions(c.Request.Context(), forms.SubmissionQuery{
		Form: c.Query("form"), Status: c.Query("status"), From: q.from, To: q.to, Cursor: q.cursor, Limit: q.limit})
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.JSON(http.StatusOK, newPage(rows, next))
}

func (h adminAPI) getSubmission(c *gin.Context) {
	sub, err := h.d.Forms.Submission(c.Request.Context(), c.Param("id"))
	if err != nil {
		h.s.adminError(c, err)
		return
	}
	c.JSON(http.StatusOK, sub)
}
