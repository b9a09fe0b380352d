package web

import (
	"context"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"slotwise/backend/internal/cursor"
	"slotwise/backend/internal/shop"
	"slotwise/backend/internal/web/pages"
	"slotwise/locales"
)

// The business's orders: a list filtered by status and found by number,
// name or address; an order's page where it is shipped with its tracking
// link or handed over, its pick-up told ready, refunded in part or whole,
// or cancelled with its stock back on the shelf. The owner and the front
// desk work them; money given back is the owner's decision, as for
// bookings. A staff member's work is their bookings: these pages are not
// found for them.

// ordersOf is the viewer's way to the orders: nil when the pages are not
// theirs (a staff member, or a server without a shop).
func (d dashboardFeature) ordersOf(v *viewer) *shop.Service {
	if v.ownOnly() != 0 {
		return nil
	}
	return d.deps.Shop
}

// orderFilters is the list's query, as the address says it.
type orderFilters struct{ status, search string }

func orderFiltersOf(q url.Values) orderFilters {
	f := orderFilters{status: q.Get("status"), search: strings.TrimSpace(q.Get("q"))}
	if !slices.Contains(shop.Statuses, f.status) {
		f.status = ""
	}
	if len(f.search) > 200 { // its bytes are text: checkURL refused any other query
		f.search = ""
	}
	return f
}

func (f orderFilters) values() url.Values {
	q := url.Values{}
	if f.status != "" {
		q.Set("status", f.status)
	}
	if f.search != "" {
		q.Set("q", f.search)
	}
	return q
}

func (d dashboardFeature) ordersPage(ctx context.Context, req *pages.Request, v *viewer) (*pages.Result, error) {
	orders := d.ordersOf(v)
	if orders == nil {
		return nil, pages.NotFound(req.FullPath)
	}
	f, err := v.frame()
	if err != nil {
		return nil, err
	}
	filters := orderFiltersOf(req.Query)
	q := shop.OrderQuery{Status: filters.status, Search: filters.search, Limit: adminPageSize, Cursor: req.Query.Get("cursor")}
	if _, _, err := cursor.Decode(q.Cursor); err != nil {
		q.Cursor = "" // a cursor this server did not write: the list from its start
	}
	list, next, err := orders.Orders(ctx, q)
	if err != nil {
		return nil, err
	}
	data := AdminOrdersPageData{Frame: f, Status: filters.status, Search: filters.search, Statuses: shop.Statuses, Orders: make([]AdminOrderRow, len(list))}
	for i, o := range list {
		units := 0
		for _, l := range o.Lines {
			units += l.Quantity
		}
		data.Orders[i] = AdminOrderRow{ID: o.ID, Number: o.Number, Status: o.Status, Created: o.CreatedAt.UTC().Format(time.RFC3339),
			Customer: o.Name, Email: o.Email, Delivery: o.Delivery, Items: units, Total: o.TotalCents, Currency: o.Currency, Ready: o.ReadyToldAt != nil}
	}
	if next != "" {
		more := filters.values()
		more.Set("cursor", next)
		data.More = adminHref(req, "adminOrders", "", nil, more)
	}
	return &pages.Result{Title: req.T("admin.orders.title"), Data: data, Parts: screenTexts("orders")}, nil
}

func (d dashboardFeature) orderPage(ctx context.Context, req *pages.Request, v *viewer) (*pages.Result, error) {
	orders := d.ordersOf(v)
	if orders == nil {
		return nil, pages.NotFound(req.FullPath)
	}
	f, err := v.frame()
	if err != nil {
		return nil, err
	}
	o, err := orders.Find(ctx, req.Match.Params["orderId"])
	if err != nil {
		return nil, err
	}
	history, err := orders.History(ctx, o.ID)
	if err != nil {
		return nil, err
	}
	data := AdminOrderPageData{Frame: f, Order: o.Record(), History: make([]AdminOrderStep, len(history)), FormKey: req.FormKey(),
		Back: adminHref(req, "adminOrders", "", nil, nil), Done: orderDoneOf(req.Query)}
	for i, st := range history {
		data.History[i] = AdminOrderStep{Step: st}
		data.History[i].ByKind, data.History[i].By = actorOf(st.Actor)
	}
	if o.Status == shop.StatusPaid {
		data.CanFulfil = true
		data.CanReady = o.Delivery == shop.DeliveryPickup && o.ReadyToldAt == nil
	}
	if v.ownerOnly() == nil {
		data.CanCancel = o.Status == shop.StatusPaid
		if o.Status == shop.StatusPaid || o.Status == shop.StatusFulfilled || o.Status == shop.StatusCancelled {
			data.Refundable = max(o.PaidCents-o.RefundedCents-o.RefundDue, 0)
		}
	}
	title := req.T("admin.order.title", "number", strconv.FormatInt(o.Number, 10))
	return &pages.Result{Title: title, Data: data, Parts: screenTexts("orders")}, nil
}

func orderDoneOf(query url.Values) string {
	switch done := query.Get("done"); done {
	case "shipped", "pickedUp", "ready", "refunded", "orderCancelled":
		return done
	}
	return ""
}

// changeOrder ships or hands over the order of the page, tells its
// buyer it is ready, refunds it or cancels it.
func (d dashboardFeature) changeOrder(ctx context.Context, req *pages.Request, form url.Values, v *viewer) (string, error) {
	orders := d.ordersOf(v)
	if orders == nil {
		return "", errOwnersOnly
	}
	id, key := req.Match.Params["orderId"], form.Get("idempotencyKey")
	o, err := orders.Find(ctx, id)
	if err != nil {
		return "", err
	}
	var done string
	switch form.Get("do") {
	case "fulfil":
		tracking := ""
		if o.Delivery == shop.DeliveryShip {
			tracking = strings.TrimSpace(form.Get("trackingUrl"))
		}
		_, err = orders.Fulfil(ctx, id, tracking, key)
		done = map[string]string{shop.DeliveryShip: "shipped", shop.DeliveryPickup: "pickedUp"}[o.Delivery]
	case "ready":
		_, err = orders.MarkReady(ctx, id, key)
		done = "ready"
	case "refund":
		if err = v.ownerOnly(); err == nil {
			amount := int64(0) // all that is left
			if text := form.Get("amount"); strings.TrimSpace(text) != "" {
				var ok bool
				if amount, ok = locales.MinorAmount(o.Currency, text); !ok || amount <= 0 {
					err = &shop.ValidationError{Fields: map[string]string{"amount": "validation.refundAmount"}}
				}
			}
			if err == nil {
				_, err = orders.Refund(ctx, id, amount, key)
			}
		}
		done = "refunded"
	case "cancel":
		if err = v.ownerOnly(); err == nil {
			_, err = orders.Cancel(ctx, id, key)
		}
		done = "orderCancelled"
	default:
		err = &shop.ValidationError{Fields: map[string]string{"do": "admin.bookings.unknownChange"}}
	}
	if err != nil {
		return "", err
	}
	return adminHref(req, "adminOrder", "", map[string]string{"orderId": id}, url.Values{"done": {done}}), nil
}
