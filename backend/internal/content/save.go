package content

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/forms"
	"slotwise/backend/internal/reminders"
	"slotwise/backend/internal/shop"
	"slotwise/backend/internal/sites"
)

// writer writes items inside one transaction, and counts what it did.
type writer struct {
	q          db.Querier
	store      *sites.Store
	locationID int64
	progress   func(Progress)
	redirects  []string
	done       int
	total      int
	changed    map[string]int
	now        clock.Func // what "already past" means to reminders and agendas
}

// Progress is how far an import has come: items looked at of the total,
// and the kind it is at.
type Progress struct {
	Done, Total int
	Kind        string
}

func newWriter(q db.Querier, total int, progress func(Progress)) *writer {
	return &writer{q: q, store: sites.NewStore(q), total: total, progress: progress, changed: map[string]int{}, now: clock.Now}
}

func (w *writer) step(kind string, changed bool) {
	w.done++
	if changed {
		w.changed[kind]++
	}
	if w.progress != nil {
		w.progress(Progress{Done: w.done, Total: w.total, Kind: kind})
	}
}

// business is the id of the site's business, which staff, calendars and
// forms belong to.
func (w *writer) business(ctx context.Context) (int64, error) {
	if w.locationID != 0 {
		return w.locationID, nil
	}
	err := w.q.QueryRow(ctx, `SELECT id FROM locations WHERE id = $1`, db.ThisBusiness).Scan(&w.locationID)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, errors.New("there is no business yet: location.yaml comes first")
	}
	return w.locationID, err
}

func saveLocation(ctx context.Context, w *writer, l *Location) error {
	if err := w.q.QueryRow(ctx, `
		INSERT INTO locations (slug, name, time_zone, currency, default_locale, country, brand_color, logo_url, email, consent_text, terms_url, payment_provider,
			phone, address, map_url, opening_hours, contact_form, privacy_url, imprint_url, cancel_one_of_visit, shop, is_default)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, nullif($12, ''), $13, $14, $15, $16, $17, $18, $19, $20, $21,
			NOT EXISTS (SELECT 1 FROM locations)) -- the first business answers every host, as a single studio's always has
		ON CONFLICT (slug) DO UPDATE SET name = $2, time_zone = $3, currency = $4, default_locale = $5, country = $6,
			brand_color = $7, logo_url = $8, email = $9, consent_text = $10, terms_url = $11, payment_provider = nullif($12, ''),
			phone = $13, address = $14, map_url = $15, opening_hours = $16, contact_form = $17, privacy_url = $18, imprint_url = $19, cancel_one_of_visit = $20,
			shop = $21
		RETURNING id`, l.Slug, l.Name, l.TimeZone, l.Currency, l.DefaultLocale, l.Country, l.BrandColor, l.LogoURL, l.Email,
		l.ConsentText, l.TermsURL, l.PaymentProvider,
		l.Phone, l.Address, l.MapURL, l.Hours, l.ContactForm, l.PrivacyURL, l.ImprintURL, l.CancelOneOfVisit, l.Shop).Scan(&w.locationID); err != nil {
		return err
	}
	// The rest of the folder is this business's: the rows the import writes
	// next take it (their location_id's default) and only its rows show.
	return db.SwitchBusiness(ctx, w.q, w.locationID)
}

// spans turns "09:00-17:00" into the stored ["09:00", "17:00"].
func spans(text []string) [][2]string {
	out := [][2]string{}
	for _, s := range text {
		from, to, _ := strings.Cut(s, "-")
		out = append(out, [2]string{from, to})
	}
	return out
}

func saveStaff(ctx context.Context, w *writer, s *Staff) error {
	loc, err := w.business(ctx)
	if err != nil {
		return err
	}
	week := map[string][][2]string{}
	for d, day := range weekdays(&s.Hours) {
		if len(*day) > 0 {
			week[fmt.Sprint(d)] = spans(*day)
		}
	}
	hours, _ := json.Marshal(week) // strings always encode
	var id int64
	if err := w.q.QueryRow(ctx, `
		INSERT INTO staff (location_id, slug, name, email, time_zone, active, weekly_hours, agenda) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (location_id, slug) DO UPDATE SET name = $3, email = $4, time_zone = $5, active = $6, weekly_hours = $7, agenda = $8
		RETURNING id`, loc, s.Slug, s.Name, s.Email, s.TimeZone, s.Active, hours, agendaJSON(s.Agenda)).Scan(&id); err != nil {
		return err
	}
	if err := reminders.PlanAgenda(ctx, w.q, id, w.now()); err != nil {
		return err
	}
	if _, err := w.q.Exec(ctx, `DELETE FROM staff_overrides WHERE staff_id = $1 AND location_id = $2`, id, db.ThisBusiness); err != nil {
		return err
	}
	for _, o := range s.Overrides {
		h, _ := json.Marshal(spans(o.Hours))
		if _, err := w.q.Exec(ctx, `INSERT INTO staff_overrides (staff_id, day, closed, hours) VALUES ($1, $2, $3, $4)`,
			id, o.Day, o.Closed, h); err != nil {
			return err
		}
	}
	return nil
}

func saveForm(ctx context.Context, w *writer, f *Form) error {
	def, err := formDefinition(f)
	if err != nil {
		return err
	}
	var business string
	if _, err := w.business(ctx); err != nil {
		return err
	}
	if err := w.q.QueryRow(ctx, `SELECT slug FROM locations WHERE id = $1`, w.locationID).Scan(&business); err != nil {
		return err
	}
	_, err = forms.SaveDefinition(ctx, w.q, f.Slug, f.Kind, business, f.Published, def, w.redirects)
	return err
}

func saveCalendar(ctx context.Context, w *writer, c *Calendar) error {
	loc, err := w.business(ctx)
	if err != nil {
		return err
	}
	places, _ := json.Marshal(orEmpty(c.Places))
	fields := c.Fields
	if fields == nil {
		fields = map[string]string{}
	}
	fieldsJSON, _ := json.Marshal(fields)
	// Bookings follow a change of what is sent (documented in
	// docs/content.md): their rows still due are planned again.
	var sameSteps bool
	err = w.q.QueryRow(ctx, `SELECT reminders = $2::jsonb AND follow_up IS NOT DISTINCT FROM $3::jsonb FROM calendars WHERE slug = $1 AND location_id = $4`,
		c.Slug, remindersJSON(c.Reminders), followUpJSON(c.FollowUp), db.ThisBusiness).Scan(&sameSteps)
	if errors.Is(err, pgx.ErrNoRows) {
		sameSteps, err = true, nil // a new calendar has no bookings
	}
	if err != nil {
		return err
	}
	var id int64
	err = w.q.QueryRow(ctx, `
		INSERT INTO calendars (location_id, slug, name, description, active, duration_minutes, slot_interval_minutes,
			buffer_before_minutes, buffer_after_minutes, min_notice_minutes, booking_window_days, max_per_staff_per_day, staff_mode,
			requires_confirmation, seats, max_seats_per_booking, recurring_max, location_options, fields, form_id,
			price_cents, currency, price_per_person, payment, deposit_kind, deposit_value, hold_minutes, refund_policy,
			refund_window_hours, terms_url, reminders, follow_up)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
			(SELECT id FROM forms WHERE slug = nullif($20, '') AND location_id = $1), $21, nullif($22, ''), $23, $24, $25, $26, $27, $28, $29, $30, $31, $32)
		ON CONFLICT (slug, location_id) DO UPDATE SET name = $3, description = $4, active = $5, duration_minutes = $6, slot_interval_minutes = $7,
			buffer_before_minutes = $8, buffer_after_minutes = $9, min_notice_minutes = $10, booking_window_days = $11,
			max_per_staff_per_day = $12, staff_mode = $13, requires_confirmation = $14, seats = $15, max_seats_per_booking = $16,
			recurring_max = $17, location_options = $18, fields = $19, form_id = EXCLUDED.form_id, price_cents = $21,
			currency = EXCLUDED.currency, price_per_person = $23, payment = $24, deposit_kind = $25, deposit_value = $26,
			hold_minutes = $27, refund_policy = $28, refund_window_hours = $29, terms_url = $30, reminders = $31, follow_up = $32
		RETURNING id`,
		loc, c.Slug, c.Name, c.Description, c.Active, c.Duration, c.Interval,
		c.BufferBefore, c.BufferAfter, c.MinNotice, c.BookingWindowDays, c.MaxPerStaffPerDay, c.StaffMode,
		c.RequiresConfirmation, c.Seats, c.MaxSeatsPerBooking, c.RecurringMax, places, fieldsJSON, c.Form,
		c.PriceCents, c.Currency, c.PricePerPerson, c.Payment, c.DepositKind, c.DepositValue, c.HoldMinutes, c.RefundPolicy,
		c.RefundWindowHours, c.TermsURL, remindersJSON(c.Reminders), followUpJSON(c.FollowUp)).Scan(&id)
	if err != nil {
		return err
	}
	// A collective calendar's staff reminders go to everyone of it: a change
	// of its people (or of its mode) plans them again too.
	if !sameSteps || c.StaffMode == "collective" {
		if err := booking.ReplanCalendar(ctx, w.q, id, w.now()); err != nil {
			return err
		}
	}
	staff := orEmpty(c.Staff)
	if _, err := w.q.Exec(ctx, `DELETE FROM calendar_staff cs USING staff s
		WHERE cs.calendar_id = $1 AND cs.location_id = $3 AND s.id = cs.staff_id AND s.location_id = cs.location_id AND NOT s.slug = ANY($2)`,
		id, staff, db.ThisBusiness); err != nil {
		return err
	}
	_, err = w.q.Exec(ctx, `INSERT INTO calendar_staff (calendar_id, staff_id)
		SELECT $1, id FROM staff WHERE slug = ANY($2) AND location_id = $3 ON CONFLICT DO NOTHING`, id, staff, loc)
	return err
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func saveTeam(ctx context.Context, w *writer, t *Team) error {
	loc, err := w.business(ctx)
	if err != nil {
		return err
	}
	_, err = w.q.Exec(ctx, `
		INSERT INTO teams (location_id, slug, name, description, calendar_id) VALUES ($1, $2, $3, $4, (SELECT id FROM calendars WHERE slug = $5 AND location_id = $1))
		ON CONFLICT (slug, location_id) DO UPDATE SET name = $3, description = $4, calendar_id = EXCLUDED.calendar_id`,
		loc, t.Slug, t.Name, t.Description, t.Calendar)
	return err
}

// listing writes a group or a menu (table) at its address id: one kept
// under the slug at another address goes first, with what it holds.
func (w *writer) listing(ctx context.Context, table, id, slug, name, description string) error {
	loc, err := w.business(ctx)
	if err != nil {
		return err
	}
	if _, err := w.q.Exec(ctx, `DELETE FROM `+table+` WHERE slug = $1 AND id <> $2 AND location_id = $3`, slug, id, db.ThisBusiness); err != nil {
		return err
	}
	_, err = w.q.Exec(ctx, `INSERT INTO `+table+` (id, location_id, slug, name, description) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (id, location_id) DO UPDATE SET slug = $3, name = $4, description = $5`, id, loc, slug, name, description)
	return err
}

func saveGroup(ctx context.Context, w *writer, g *Group) error {
	if err := w.listing(ctx, "calendar_groups", g.ID, g.Slug, g.Name, g.Description); err != nil {
		return err
	}
	if _, err := w.q.Exec(ctx, `DELETE FROM calendar_group_members WHERE group_id = $1 AND location_id = $2`, g.ID, db.ThisBusiness); err != nil {
		return err
	}
	_, err := w.q.Exec(ctx, `INSERT INTO calendar_group_members (group_id, calendar_id, position)
		SELECT $1, c.id, o.position FROM unnest($2::text[]) WITH ORDINALITY AS o(slug, position) JOIN calendars c ON c.slug = o.slug AND c.location_id = $3`,
		g.ID, orEmpty(g.Calendars), db.ThisBusiness)
	return err
}

func saveMenu(ctx context.Context, w *writer, m *Menu) error {
	if err := w.listing(ctx, "service_menus", m.ID, m.Slug, m.Name, m.Description); err != nil {
		return err
	}
	if _, err := w.q.Exec(ctx, `DELETE FROM service_menu_categories WHERE menu_id = $1 AND location_id = $2`, m.ID, db.ThisBusiness); err != nil {
		return err
	}
	for i, cat := range m.Categories {
		var id int64
		if err := w.q.QueryRow(ctx, `INSERT INTO service_menu_categories (menu_id, name, position) VALUES ($1, $2, $3) RETURNING id`,
			m.ID, cat.Name, i).Scan(&id); err != nil {
			return err
		}
		if _, err := w.q.Exec(ctx, `INSERT INTO service_menu_items (category_id, calendar_id, position)
			SELECT $1, c.id, o.position FROM unnest($2::text[]) WITH ORDINALITY AS o(slug, position) JOIN calendars c ON c.slug = o.slug AND c.location_id = $3`,
			id, orEmpty(cat.Calendars), db.ThisBusiness); err != nil {
			return err
		}
	}
	return nil
}

func saveLink(ctx context.Context, w *writer, l *Link) error {
	// Kept by its SHA-256 as every one-time link is (booking.NewOneTimeLink),
	// so /book/{slug} finds it the same way.
	hash := sha256.Sum256([]byte(l.Slug))
	_, err := w.q.Exec(ctx, `
		INSERT INTO one_time_links (slug_hash, slug, calendar_id, expires_at) VALUES ($1, $2, (SELECT id FROM calendars WHERE slug = $3 AND location_id = $5), $4)
		ON CONFLICT (slug_hash, location_id) DO UPDATE SET slug = $2, calendar_id = EXCLUDED.calendar_id, expires_at = $4`,
		hash[:], l.Slug, l.Calendar, l.Expires, db.ThisBusiness)
	return err
}

// picture is an image as pages draw it, with the widths it is kept at.
func picture(img *Image) *sites.Image {
	if img == nil {
		return nil
	}
	out := sites.WithVariants(sites.Image{Src: img.Src, Alt: img.Alt, Width: img.Width, Height: img.Height})
	return &out
}

func saveProduct(ctx context.Context, w *writer, p *Product) error {
	var images []sites.Image
	for i := range p.Images {
		images = append(images, *picture(&p.Images[i]))
	}
	price := p.PriceCents
	for i, v := range p.Variants {
		if i == 0 || v.PriceCents < price {
			price = v.PriceCents // a product with variants costs from its cheapest
		}
	}
	if err := w.store.SaveProduct(ctx, sites.ProductInput{ID: p.ID, Name: p.Name, Summary: p.Summary, DescriptionHTML: p.Description,
		Images: images, PriceCents: price, CompareAtCents: p.CompareAtCents, Currency: p.Currency,
		Available: p.Available, Published: p.Published}); err != nil {
		return err
	}
	if _, err := w.q.Exec(ctx, `UPDATE products SET tax_basis_points = $2 WHERE id = $1 AND location_id = $3`,
		p.ID, p.TaxBasisPoints, db.ThisBusiness); err != nil {
		return err
	}
	return saveVariants(ctx, w, p)
}

// saveVariants writes a product's variants (its one "default" when it has
// none). A variant's stock is taken from the file when it is new or
// starts being counted; after that sales and the dashboard count it.
func saveVariants(ctx context.Context, w *writer, p *Product) error {
	variants := p.Variants
	if len(variants) == 0 {
		variants = []Variant{{ID: shop.DefaultVariant, PriceCents: p.PriceCents, Inventory: p.Inventory}}
	}
	var ids, names []string
	var prices []int64
	var stock []int32
	var tracked, sellOut []bool
	for _, v := range variants {
		ids, names, prices = append(ids, v.ID), append(names, v.Name), append(prices, v.PriceCents)
		stock, tracked, sellOut = append(stock, int32(v.Stock)), append(tracked, v.TrackStock), append(sellOut, v.SellWhenOut)
	}
	// The product's variants as they are, locked in the order a checkout
	// locks them: a checkout of one shares or holds its row until it
	// commits (shop's moveStock), so every order it takes part in is
	// committed before the held units are counted below.
	rows, err := w.q.Query(ctx, `SELECT id, track_stock FROM product_variants WHERE product_id = $1 AND location_id = $2
		ORDER BY product_id, id FOR UPDATE`, p.ID, db.ThisBusiness)
	if err != nil {
		return fmt.Errorf("content: unable to read the variants of %s: %w", p.ID, err)
	}
	counted := map[string]bool{}
	var id string
	var counts bool
	if _, err := pgx.ForEachRow(rows, []any{&id, &counts}, func() error { counted[id] = counts; return nil }); err != nil {
		return fmt.Errorf("content: unable to read the variants of %s: %w", p.ID, err)
	}
	var recount []string // counted from now on
	for _, v := range variants {
		if v.TrackStock && !counted[v.ID] {
			recount = append(recount, v.ID)
		}
	}
	if _, err := w.q.Exec(ctx, `
		INSERT INTO product_variants (product_id, id, position, name, price_cents, track_stock, sell_when_out, on_hand)
		SELECT $1, id, n, name, price, tracked, sell_out, stock
		FROM unnest($2::text[], $3::text[], $4::bigint[], $5::bool[], $6::bool[], $7::int[]) WITH ORDINALITY AS x(id, name, price, tracked, sell_out, stock, n)
		ON CONFLICT (product_id, id, location_id) DO UPDATE SET position = excluded.position, name = excluded.name,
			price_cents = excluded.price_cents, sell_when_out = excluded.sell_when_out, track_stock = excluded.track_stock,
			on_hand = CASE WHEN excluded.track_stock AND NOT product_variants.track_stock THEN excluded.on_hand ELSE product_variants.on_hand END`,
		p.ID, ids, names, prices, tracked, sellOut, stock); err != nil {
		return fmt.Errorf("content: unable to save the variants of %s: %w", p.ID, err)
	}
	// A variant that starts counting, or is new, counts what pending
	// orders of it hold, read afresh by this statement.
	if len(recount) > 0 {
		if err := shop.CountHeld(ctx, w.q, p.ID, recount); err != nil {
			return err
		}
	}
	_, err = w.q.Exec(ctx, `DELETE FROM product_variants WHERE product_id = $1 AND location_id = $3 AND NOT id = ANY($2)`, p.ID, ids, db.ThisBusiness)
	return err
}

func saveCollection(ctx context.Context, w *writer, c *Collection) error {
	if err := w.store.SaveCollection(ctx, sites.Collection{Slug: c.Slug, Title: c.Title, Description: c.Description},
		c.Sort, c.Products); err != nil {
		return err
	}
	_, err := w.q.Exec(ctx, `UPDATE collections SET published = $2 WHERE slug = $1 AND location_id = $3 AND published <> $2`, c.Slug, c.Published, db.ThisBusiness)
	return err
}

func saveBlog(ctx context.Context, w *writer, b *Blog) error {
	if err := w.store.SaveBlog(ctx, sites.Blog{Path: b.Path, Title: b.Title, Description: b.Description}); err != nil {
		return err
	}
	slugs := []string{}
	for _, c := range b.Categories {
		if err := w.store.SaveCategory(ctx, b.Path, sites.Category{Slug: c.Slug, Name: c.Name, Description: c.Description}); err != nil {
			return err
		}
		slugs = append(slugs, c.Slug)
	}
	_, err := w.q.Exec(ctx, `DELETE FROM blog_categories
		WHERE blog_id = (SELECT id FROM blogs WHERE path = $1 AND location_id = $3) AND location_id = $3 AND NOT slug = ANY($2)`,
		b.Path, slugs, db.ThisBusiness)
	return err
}

func saveAuthor(ctx context.Context, w *writer, a *Author) error {
	return w.store.SaveAuthor(ctx, sites.Author{Slug: a.Slug, Name: a.Name, Bio: a.Bio})
}

func saveTag(ctx context.Context, w *writer, t *Tag) error {
	return w.store.SaveTag(ctx, sites.Tag{Slug: t.Slug, Name: t.Name})
}

func savePost(ctx context.Context, w *writer, p *Post) error {
	in := sites.PostInput{Blog: p.Blog, Slug: p.Slug, Title: p.Title, Excerpt: p.Excerpt, Cover: picture(p.Cover),
		Author: p.Author, Categories: orEmpty(p.Categories), Tags: orEmpty(p.Tags), Published: p.Published}
	in.PublishedAt = timeOr(p.PublishedAt)
	in.BodyHTML, in.BodyMarkdown = postBodyIn(p.Format, p.Body)
	return w.store.SavePost(ctx, in)
}

// postBodyIn is a post's body as the store takes it: HTML, or Markdown
// (the default format).
func postBodyIn(format, text string) (html, markdown string) {
	if format == "html" {
		return body(text), ""
	}
	return "", body(text)
}

// timeOr is t, or the zero time when there is none.
func timeOr(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return *t
}

// storedSections are a page's sections as they are kept: checked, as JSON.
func storedSections(secs []Section) ([]byte, error) {
	var in []sites.SectionInput
	for _, s := range secs {
		in = append(in, sectionInput(s))
	}
	checked, err := sites.CheckSections(in)
	if err != nil {
		return nil, err
	}
	return json.Marshal(checked) // strings and numbers always encode
}

func savePage(ctx context.Context, w *writer, p *Page) error {
	sections, err := storedSections(p.Sections)
	if err != nil {
		return err
	}
	_, err = w.q.Exec(ctx, `
		INSERT INTO site_pages (path, title, description, body, locale, published, sections) VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (path, location_id) DO UPDATE SET title = $2, description = $3, body = $4, locale = $5, published = $6, sections = $7,
			updated_at = now()`, p.Path, p.Title, p.Description, body(p.Body), p.Locale, p.Published, sections)
	return err
}

// saveMedia keeps a picture; a PNG or JPEG also at its smaller widths.
func saveMedia(ctx context.Context, w *writer, m *Media) error {
	switch ext := path.Ext(m.Name); ext {
	case ".png", ".jpg", ".jpeg":
		_, err := w.store.SavePicture(ctx, m.Name, m.Data)
		return err
	default:
		return w.store.SaveMedia(ctx, m.Name, mediaTypes[ext], m.Data)
	}
}

var mediaTypes = map[string]string{".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
	".webp": "image/webp", ".avif": "image/avif"}
