package web

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"strings"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/route"
	"slotwise/backend/internal/web/pages"
	"slotwise/locales"
)

// menuLoader serves a service menu: its services by category with a cart
// (?cart=a,b) to add them to, and, at ?step=time, the booker for the
// cart: the services back to back from the time chosen.
func menuLoader(svc *booking.Service) pages.Loader {
	return func(ctx context.Context, req *pages.Request) (*pages.Result, error) {
		menu, err := pageMenu(ctx, svc, req)
		if err != nil {
			return nil, err
		}
		people := booking.CartPeople(req.Query.Get("cart"))
		if len(people) == 1 && len(people[0]) == 0 && req.Match.Kind == "service" {
			people = [][]string{{req.Match.Params["service"]}} // a service's own link starts a cart with it
		}
		carts, cartErr := menu.People(people)
		title := menu.Name + " · " + menu.Location.Name
		if cartErr == nil && req.Query.Get("step") == "time" {
			return cartBooker(ctx, svc, req, menu, carts, title)
		}
		data := MenuPageData{ID: menu.ID, Name: menu.Name, Description: menu.Description, Lang: otherLang(menu.Lang, req.Locale), Location: locationInfo(menu.Location, req.Cat),
			Categories: []MenuCategory{}, Cart: []string{}, MaxServices: booking.MaxCartItems, MaxPeople: booking.MaxCartPeople}
		for _, c := range menu.Categories {
			data.Categories = append(data.Categories, MenuCategory{Name: c.Name, Lang: otherLang(c.Lang, req.Locale), Services: menuServices(c.Services, req.Locale)})
		}
		if cartErr == nil {
			for _, c := range carts[0] {
				data.Cart = append(data.Cart, c.Slug)
			}
			data.TimeHref = menuHref(req, url.Values{"cart": {req.Query.Get("cart")}, "step": {"time"}})
		} else if v := (*booking.ValidationError)(nil); req.Query.Get("step") == "time" && errors.As(cartErr, &v) {
			// Asked for a time with a guest who has no services yet: say so on the menu.
			data.Problem = req.T(v.Fields["items"])
		}
		return &pages.Result{Title: title, Description: menu.Description, Brand: menu.Location.BrandColor, Data: data, Parts: []string{"booker-menu"},
			Tags: settingsTags, Until: settingsUntil(svc)}, nil
	}
}

// pageMenu is the page's menu, as told in the page's language.
func pageMenu(ctx context.Context, svc *booking.Service, req *pages.Request) (*booking.Menu, error) {
	var m *booking.Menu
	var err error
	switch req.Match.Kind {
	case "id":
		m, err = svc.MenuByID(ctx, req.Match.Params["serviceMenuId"])
	case "service":
		m, err = svc.MenuBySlug(ctx, req.Match.Params["servicemenu"])
	default:
		m, err = svc.MenuBySlug(ctx, req.Match.Params["serviceMenuSlug"])
	}
	if err != nil {
		return nil, err
	}
	return m.In(req.Locale), nil
}

// menuHref is this menu page with a query, from the route table.
func menuHref(req *pages.Request, q url.Values) string {
	return route.Default().Href(req.Locale, req.Match.Route.Name, req.Match.Kind, req.Match.Params, q)
}

func menuService(s *booking.Calendar, locale string) MenuService {
	return MenuService{Slug: s.Slug, Name: s.Name, Description: s.Description, Lang: otherLang(s.Lang, locale), DurationMinutes: int(s.Duration / time.Minute),
		PriceCents: s.PriceCents, RequiresConfirmation: s.RequiresConfirmation}
}

// cartBooker is the booker for a cart: the first service's form and
// rules, the whole visit's length, and the times when every service fits.
func cartBooker(ctx context.Context, svc *booking.Service, req *pages.Request, menu *booking.Menu, carts [][]*booking.Calendar, title string) (*pages.Result, error) {
	raw := req.Query.Get("cart")
	info := &CartInfo{Menu: menu.ID, Items: menuServices(carts[0], req.Locale), GuestItems: [][]MenuService{}, Raw: raw,
		MenuHref: menuHref(req, url.Values{"cart": {raw}})}
	for _, guest := range carts[1:] {
		info.GuestItems = append(info.GuestItems, menuServices(guest, req.Locale))
	}
	// The first service's form and rules; the visit's times, when every
	// service fits back to back.
	data := &BookingPageData{}
	q := bookerData(svc, req, carts[0][0], data)
	q.StaffID = 0 // each service goes to whoever of its own people is free
	slots, err := firstMonthWithTimes(req, carts[0][0], data, q, false, func(q booking.SlotsQuery) (*booking.SlotsResult, error) {
		return svc.CartSlots(ctx, menu, booking.CartPeople(raw), q)
	})
	if err != nil {
		return nil, err
	}
	names := make([]string, len(carts[0]))
	total := 0
	for i, c := range carts[0] {
		names[i], total = c.Name, total+int(c.Duration/time.Minute)
	}
	data.Slots, data.Cart, data.SlotsStaff = packSlots(slotsAnswer(slots)), info, 0
	data.Calendar.Name, data.Calendar.DurationMinutes = strings.Join(names, " + "), total
	data.Calendar.Staff, data.Calendar.StaffMode, data.Calendar.RecurringMax = []StaffInfo{}, "any", 0
	data.Calendar.Description = "" // the menu said it; the times come first
	data.Calendar.Price = cartPrice(carts, svc.OnlinePayments(menu.Location), req.Cat)
	page := &pages.Result{Title: title, Description: carts[0][0].Description, Brand: menu.Location.BrandColor, Data: data, Parts: bookerParts(req, data)}
	if data.FormKey == "" {
		// As a calendar's booker (bookerPage): what is free for every
		// service in the cart, until one of them or its people changes.
		for _, cart := range carts {
			for _, c := range cart {
				page.Tags = append(page.Tags, availabilityTags(c)...)
			}
		}
		slices.Sort(page.Tags)
		page.Tags = slices.Compact(page.Tags)
		page.Until = stableUntil(carts[0][0], slots, data.Now)
	}
	return page, nil
}

func menuServices(cart []*booking.Calendar, locale string) []MenuService {
	out := make([]MenuService, len(cart))
	for i, c := range cart {
		out[i] = menuService(c, locale)
	}
	return out
}

// cartPrice is what a visit costs, for its details step: the services'
// prices added up, and what is paid online when booking, the sum of each
// service's own (a service paid at the studio adds nothing to it), told
// as a fixed deposit so the step shows "to pay now" and the total as for
// one calendar. nil when the visit is free.
func cartPrice(carts [][]*booking.Calendar, online bool, cat *locales.Catalogue) *PriceInfo {
	var total, now int64
	var first *booking.Calendar
	for _, cart := range carts {
		for _, c := range cart {
			t, n := booking.Quote(c, 1)
			total, now = total+t, now+n
			if first == nil && t > 0 {
				first = c // a priced one: its currency, hold and refund policy
			}
		}
	}
	if total == 0 {
		return nil
	}
	p := priceInfo(first, online, cat)
	p.Amount, p.PerPerson, p.Label = total, false, locales.FormatMoney(cat.Lang, p.Currency, total)
	p.Payment, p.DepositKind, p.DepositValue = booking.PaymentOnSite, "none", 0
	if now > 0 {
		p.Payment, p.DepositKind, p.DepositValue = booking.PaymentOnline, "fixed", now
	}
	p.How = howPaid(cat, p.Currency, total, now, p.Payment)
	return p
}
