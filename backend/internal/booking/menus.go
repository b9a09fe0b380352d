package booking

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/availability"
	"slotwise/backend/internal/command"
	"slotwise/backend/internal/db"
	"slotwise/locales"
)

// Service menus: a business's services (calendars) in categories. A booker
// puts several in a cart and books them in one visit, back to back: the
// first at the chosen time, each next one when the one before ends, each
// with whoever of its own staff is free. The visit is booked all or
// nothing, each service through place, and its bookings share one id so
// one manage link shows them all.

// MaxCartItems bounds one person's services in a visit; MaxCartPeople the
// people (the booker and their guests, each with services of their own).
const (
	MaxCartItems  = 8
	MaxCartPeople = 10
)

// ErrMenuNotFound: no such menu.
var ErrMenuNotFound = errors.New("booking: service menu not found")

const (
	msgCartInvalid   = "validation.cartInvalid"
	msgGuestServices = "validation.guestServices"
	// A visit's services paid online in different currencies cannot be
	// one payment.
	msgCartCurrencies = "validation.cartCurrencies"
)

// Menu is a service menu with its categories.
type Menu struct {
	ID, Slug, Name, Description string
	Location                    *Location
	Categories                  []MenuCategory
	// Lang is the language of its name, description and categories (In).
	Lang         string
	translations []byte
}

// MenuCategory groups services.
type MenuCategory struct {
	Name     string
	Services []*Calendar
	Lang     string // the language of its name (Menu.In); "" before
}

// Service finds one of the menu's services by slug.
func (m *Menu) Service(slug string) *Calendar {
	for _, c := range m.Categories {
		for _, s := range c.Services {
			if s.Slug == slug {
				return s
			}
		}
	}
	return nil
}

// Cart resolves the slugs of a cart against the menu: nil and false when
// one is not on it, or the cart is empty or too long.
func (m *Menu) Cart(slugs []string) ([]*Calendar, bool) {
	if len(slugs) == 0 || len(slugs) > MaxCartItems {
		return nil, false
	}
	out := make([]*Calendar, len(slugs))
	for i, slug := range slugs {
		if out[i] = m.Service(slug); out[i] == nil {
			return nil, false
		}
	}
	return out, true
}

// People resolves a visit's carts, the booker's first and then each
// guest's: every guest needs services of their own ("Please ensure you
// select services for all guests before proceeding").
func (m *Menu) People(people [][]string) ([][]*Calendar, error) {
	if len(people) == 0 || len(people) > MaxCartPeople {
		return nil, &ValidationError{Fields: map[string]string{"items": msgCartInvalid}}
	}
	out := make([][]*Calendar, len(people))
	for i, slugs := range people {
		if len(slugs) == 0 && i > 0 {
			return nil, &ValidationError{Fields: map[string]string{"items": msgGuestServices}}
		}
		cart, ok := m.Cart(slugs)
		if !ok {
			return nil, &ValidationError{Fields: map[string]string{"items": msgCartInvalid}}
		}
		out[i] = cart
	}
	return out, nil
}

// CartPeople reads a visit's carts from their URL form: each person's
// services separated by commas, the people by "~" (the booker first).
func CartPeople(raw string) [][]string {
	var out [][]string
	for _, person := range strings.Split(raw, "~") {
		out = append(out, CartItems(person))
	}
	return out
}

// MenuBySlug and MenuByID load a menu with its active services in order.
func (s *Service) MenuBySlug(ctx context.Context, slug string) (*Menu, error) {
	return s.menu(ctx, "slug", slug)
}

func (s *Service) MenuByID(ctx context.Context, id string) (*Menu, error) {
	return s.menu(ctx, "id", id)
}

func (s *Service) menu(ctx context.Context, column, key string) (*Menu, error) {
	if !plausibleKey(key) {
		return nil, ErrMenuNotFound
	}
	m := &Menu{}
	err := s.pool.QueryRow(ctx, `SELECT id, slug, name, description, translations FROM service_menus WHERE `+column+` = $1 AND location_id = $2`, key, db.ThisBusiness).
		Scan(&m.ID, &m.Slug, &m.Name, &m.Description, &m.translations)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrMenuNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("booking: unable to fetch menu %q: %w", key, err)
	}
	rows, err := s.pool.Query(ctx, `SELECT k.name, c.id
		FROM service_menu_categories k
		JOIN service_menu_items i ON i.category_id = k.id AND i.location_id = k.location_id
		JOIN calendars c ON c.id = i.calendar_id AND c.location_id = i.location_id AND c.active
		WHERE k.menu_id = $1 AND k.location_id = $2 ORDER BY k.position, k.id, i.position, c.name`, m.ID, db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("booking: unable to fetch menu %q: %w", key, err)
	}
	type item struct {
		category string
		calendar int64
	}
	items, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (item, error) {
		var it item
		return it, r.Scan(&it.category, &it.calendar)
	})
	if err != nil {
		return nil, err
	}
	for _, it := range items {
		cal, err := s.store.calendarByID(ctx, s.pool, it.calendar)
		if err != nil {
			return nil, err
		}
		if n := len(m.Categories); n == 0 || m.Categories[n-1].Name != it.category {
			m.Categories = append(m.Categories, MenuCategory{Name: it.category})
		}
		last := &m.Categories[len(m.Categories)-1]
		last.Services = append(last.Services, cal)
		m.Location = cal.Location
	}
	if m.Location == nil {
		return nil, ErrMenuNotFound
	}
	m.Lang = locales.Lang(m.Location.DefaultLocale)
	return m, nil
}

// offsets are when each service of a visit starts, after the visit's start.
func offsets(cart []*Calendar) []time.Duration {
	out := make([]time.Duration, len(cart))
	for i := 1; i < len(cart); i++ {
		out[i] = out[i-1] + cart[i-1].Duration
	}
	return out
}

// fineStep is the grid later services of a visit are checked on: they
// start when the one before ends, whatever their own slot interval (place
// checks them on the same grid: placement.anyMinute).
const fineStep = time.Minute

// CartSlots computes the starts of a visit between two of the booker's
// dates: for every person, their first service free at the start and each
// next one free when the one before ends.
func (s *Service) CartSlots(ctx context.Context, menu *Menu, people [][]string, q SlotsQuery) (*SlotsResult, error) {
	carts, err := menu.People(people)
	if err != nil {
		return nil, err
	}
	res, err := s.chainSlots(ctx, carts[0], q)
	if err != nil {
		return nil, err
	}
	for _, cart := range carts[1:] {
		other, err := s.chainSlots(ctx, cart, q)
		if err != nil {
			return nil, err
		}
		also := map[int64]bool{}
		for _, d := range other.Days {
			for _, sl := range d.Slots {
				also[sl.Start.Unix()] = true
			}
		}
		var kept []availability.Slot
		for _, d := range res.Days {
			for _, sl := range d.Slots {
				if also[sl.Start.Unix()] {
					kept = append(kept, sl)
				}
			}
		}
		res.Days, res.Next = availability.GroupByDay(kept, res.Zone), nil
	}
	return res, nil
}

// chainSlots are the starts at which one person's services fit back to back.
func (s *Service) chainSlots(ctx context.Context, cart []*Calendar, q SlotsQuery) (*SlotsResult, error) {
	q.Calendar = cart[0].Slug
	first, err := s.Slots(ctx, q)
	if err != nil {
		return nil, err
	}
	if len(cart) == 1 {
		return first, nil
	}
	var starts []availability.Slot
	for _, d := range first.Days {
		starts = append(starts, d.Slots...)
	}
	if len(starts) == 0 {
		first.Next = nil // a later service may be what is missing; the booker moves on by month
		return first, nil
	}
	from, to := starts[0].Start, starts[len(starts)-1].Start
	now := s.now()
	off := offsets(cart)
	freeAt := make([]map[int64]bool, len(cart))
	for k := 1; k < len(cart); k++ {
		f, err := s.query(ctx, s.pool, cart[k], cart[k].Staff, from.Add(off[k]), to.Add(off[k]+time.Nanosecond), now)
		if err != nil {
			return nil, err
		}
		f.Rules.Interval = fineStep
		freeAt[k] = map[int64]bool{}
		for _, sl := range f.slots() {
			freeAt[k][sl.Start.Unix()] = true
		}
	}
	var kept []availability.Slot
	for _, sl := range starts {
		fits := true
		for k := 1; k < len(cart) && fits; k++ {
			fits = freeAt[k][sl.Start.Add(off[k]).Unix()]
		}
		if fits {
			kept = append(kept, sl)
		}
	}
	first.Days, first.Next, first.Seats = availability.GroupByDay(kept, first.Zone), nil, nil
	return first, nil
}

// CartCommand books a visit: the cart's services back to back from Start,
// and each guest's (GuestItems[i] for Guests[i]) back to back beside them.
type CartCommand struct {
	Menu       string     // the menu's id
	Items      []string   // the booker's service slugs, in order
	GuestItems [][]string // each named guest's own services, when they have some
	BookCommand
}

// BookCart books every service of the cart, all or nothing, and returns
// the first booking with a manage secret that opens the whole visit.
func (s *Service) BookCart(ctx context.Context, menu *Menu, cmd CartCommand) (*Booking, string, error) {
	if cmd.Admit != nil {
		if err := cmd.Admit(ctx, cmd.Contact.Email, menu.GuestsToMail(cmd)); err != nil {
			return nil, "", err
		}
	}
	carts, err := menu.People(append([][]string{cmd.Items}, cmd.GuestItems...))
	if err != nil {
		return nil, "", err
	}
	if len(cmd.GuestItems) > 0 {
		// Every guest is checked before any time is taken.
		v := &ValidationError{Fields: map[string]string{}, Args: map[string]map[string]string{}}
		if len(cmd.GuestItems) != len(cmd.Guests) {
			v.Fields["items"] = msgGuestServices
		}
		checkGuests(&cmd.BookCommand, v)
		if len(v.Fields) > 0 {
			return nil, "", v
		}
	}
	ctx = s.askBeforeCart(ctx, carts, cmd.Start, cmd.TimeZone)
	first := cmd.BookCommand
	first.Calendar, first.Repeat, first.OneTimeLink = carts[0][0].Slug, nil, ""
	if first.LocationChoice != "" {
		// The place is chosen among the first service's places and is then
		// the place of every service of the visit, each judging it by its
		// own places.
		place, ok := carts[0][0].chosenPlace(first.LocationChoice, first.Contact.Location)
		if !ok {
			return nil, "", &ValidationError{Fields: map[string]string{"contact.location": msgLocationRequired}}
		}
		first.Contact.Location, first.LocationChoice = place, ""
	}
	req := struct {
		Menu   string
		Items  []string
		Guests [][]string
		Book   BookCommand
	}{menu.ID, cmd.Items, cmd.GuestItems, first}
	var booked *Booking
	var token string
	op := command.Op{Scope: "booking.cart", Key: cmd.IdempotencyKey, Request: req}
	res, replayed, err := command.Run(ctx, s.runner, op, func(ctx context.Context, tx pgx.Tx) (result, error) {
		visit := "vs_" + randomString(12)
		booker := first
		if len(cmd.GuestItems) > 0 {
			booker.Guests, booker.GuestCount = nil, 0 // each guest books their own services
		}
		all, err := s.bookVisit(ctx, tx, carts[0], booker, visit)
		if err != nil {
			return result{}, err
		}
		for i, cart := range carts[1:] {
			guest := first
			guest.Guests, guest.GuestCount, guest.forGuest = []Guest{first.Guests[i]}, 0, true
			theirs, err := s.bookVisit(ctx, tx, cart, guest, visit)
			if err != nil {
				return result{}, err
			}
			all = append(all, theirs...)
		}
		if err := s.priceGroup(ctx, tx, all, s.now(), false); err != nil {
			return result{}, err
		}
		if token, err = issueToken(ctx, tx, all[0].ID); err != nil {
			return result{}, err
		}
		booked = all[0]
		for _, b := range all {
			if err := s.emitNew(ctx, tx, b); err != nil {
				return result{}, err
			}
		}
		return result{BookingID: all[0].ID}, nil
	})
	if err != nil {
		return nil, "", err
	}
	if replayed {
		return s.reissue(ctx, res.BookingID)
	}
	return booked, token, nil
}

// bookVisit books the cart's services back to back in one transaction.
func (s *Service) bookVisit(ctx context.Context, tx pgx.Tx, cart []*Calendar, cmd BookCommand, visit string) ([]*Booking, error) {
	start, _, errs := parseWhen(cmd.Start, cmd.TimeZone)
	if len(errs) > 0 {
		return nil, &ValidationError{Fields: errs}
	}
	off := offsets(cart)
	var all []*Booking
	for k, cal := range cart {
		one := cmd
		one.Calendar, one.StaffID = cal.Slug, 0
		one.Start = start.Add(off[k]).Format(time.RFC3339)
		if k > 0 && !cmd.forGuest {
			one.Guests, one.GuestCount = nil, 0 // guests come once, with the first service
		}
		one.visit, one.anyMinute = visit, k > 0
		bs, err := s.book(ctx, tx, one, nil)
		if err != nil {
			return nil, err
		}
		all = append(all, bs...)
	}
	return all, nil
}

// CartItems reads a cart from its URL form: slugs separated by commas.
func CartItems(raw string) []string {
	var out []string
	for _, s := range strings.Split(raw, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}
