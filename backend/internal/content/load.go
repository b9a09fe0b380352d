package content

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/shop"
	"slotwise/backend/internal/sites"
)

// Load reads the whole site from the database, in the order a folder
// lists it: every kind sorted by its key.
func Load(ctx context.Context, q db.Querier) (*Site, error) {
	s := &Site{}
	for _, k := range kinds {
		if err := k.loadInto(ctx, q, s); err != nil {
			return nil, fmt.Errorf("content: unable to read the %s: %w", k.Name(), err)
		}
	}
	return s, nil
}

// collect runs a query and scans each row with scan.
func collect[T any](ctx context.Context, q db.Querier, sql string, scan func(pgx.Row) (T, error), args ...any) ([]T, error) {
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (T, error) { return scan(r) })
}

func loadLocation(ctx context.Context, q db.Querier, s *Site) error {
	locs, err := collect(ctx, q, `SELECT slug, name, time_zone, currency, default_locale, country, brand_color,
		logo_url, email, consent_text, terms_url, coalesce(payment_provider, ''),
		phone, address, map_url, opening_hours, contact_form, privacy_url, imprint_url, cancel_one_of_visit, shop FROM locations WHERE id = $1`, func(r pgx.Row) (Location, error) {
		var l Location
		err := r.Scan(&l.Slug, &l.Name, &l.TimeZone, &l.Currency, &l.DefaultLocale, &l.Country, &l.BrandColor,
			&l.LogoURL, &l.Email, &l.ConsentText, &l.TermsURL, &l.PaymentProvider,
			&l.Phone, &l.Address, &l.MapURL, &l.Hours, &l.ContactForm, &l.PrivacyURL, &l.ImprintURL, &l.CancelOneOfVisit, &l.Shop)
		return l, err
	}, db.ThisBusiness)
	s.Locations = locs
	return err
}

// weekdays maps the stored weekday numbers (0 is Sunday) to a Week's days.
func weekdays(w *Week) [7]*[]string {
	return [7]*[]string{&w.Sunday, &w.Monday, &w.Tuesday, &w.Wednesday, &w.Thursday, &w.Friday, &w.Saturday}
}

func loadStaff(ctx context.Context, q db.Querier, s *Site) error {
	var err error
	s.Staff, err = collect(ctx, q, `
		SELECT s.slug, s.name, s.email, s.time_zone, s.active, s.weekly_hours, s.agenda,
		       coalesce((SELECT json_agg(json_build_object('day', o.day::text, 'closed', o.closed, 'hours', o.hours) ORDER BY o.day)
		                 FROM staff_overrides o WHERE o.staff_id = s.id AND o.location_id = s.location_id), '[]')
		FROM staff s WHERE s.location_id = $1 ORDER BY s.slug`, func(r pgx.Row) (Staff, error) {
		var st Staff
		var weekly, agenda, overrides []byte
		if err := r.Scan(&st.Slug, &st.Name, &st.Email, &st.TimeZone, &st.Active, &weekly, &agenda, &overrides); err != nil {
			return st, err
		}
		var err error
		if st.Agenda, err = agendaFrom(agenda); err != nil {
			return st, err
		}
		var byDay map[string][][2]string
		if err := json.Unmarshal(weekly, &byDay); err != nil {
			return st, err
		}
		days := weekdays(&st.Hours)
		for k, spans := range byDay {
			d, err := strconv.Atoi(k)
			if err != nil || d < 0 || d > 6 {
				return st, fmt.Errorf("staff %s: weekday %q", st.Slug, k)
			}
			*days[d] = spansText(spans)
		}
		var ovs []struct {
			Day    string      `json:"day"`
			Closed bool        `json:"closed"`
			Hours  [][2]string `json:"hours"`
		}
		if err := json.Unmarshal(overrides, &ovs); err != nil {
			return st, err
		}
		for _, o := range ovs {
			st.Overrides = append(st.Overrides, Override{Day: o.Day, Closed: o.Closed, Hours: spansText(o.Hours)})
		}
		return st, nil
	}, db.ThisBusiness)
	return err
}

func spansText(spans [][2]string) []string {
	var out []string
	for _, sp := range spans {
		out = append(out, sp[0]+"-"+sp[1])
	}
	return out
}

func loadCalendars(ctx context.Context, q db.Querier, s *Site) error {
	var err error
	s.Calendars, err = collect(ctx, q, `
		SELECT c.slug, c.name, c.description, c.active, c.duration_minutes, c.slot_interval_minutes,
		       c.buffer_before_minutes, c.buffer_after_minutes, c.min_notice_minutes, c.booking_window_days,
		       c.max_per_staff_per_day, c.staff_mode,
		       coalesce((SELECT array_agg(st.slug ORDER BY st.slug) FROM calendar_staff cs
		                 JOIN staff st ON st.id = cs.staff_id AND st.location_id = cs.location_id
		                 WHERE cs.calendar_id = c.id AND cs.location_id = c.location_id), '{}'),
		       c.requires_confirmation, c.seats, c.max_seats_per_booking, c.recurring_max, c.location_options, c.fields,
		       coalesce((SELECT f.slug FROM forms f WHERE f.id = c.form_id AND f.location_id = c.location_id), ''),
		       c.price_cents, coalesce(c.currency, ''), c.price_per_person, c.payment, c.deposit_kind, c.deposit_value,
		       c.hold_minutes, c.refund_policy, c.refund_window_hours, c.terms_url, c.reminders, c.follow_up
		FROM calendars c WHERE c.location_id = $1 ORDER BY c.slug`, func(r pgx.Row) (Calendar, error) {
		var c Calendar
		var places, fields, reminders, followUp []byte
		err := r.Scan(&c.Slug, &c.Name, &c.Description, &c.Active, &c.Duration, &c.Interval,
			&c.BufferBefore, &c.BufferAfter, &c.MinNotice, &c.BookingWindowDays,
			&c.MaxPerStaffPerDay, &c.StaffMode, &c.Staff,
			&c.RequiresConfirmation, &c.Seats, &c.MaxSeatsPerBooking, &c.RecurringMax, &places, &fields, &c.Form,
			&c.PriceCents, &c.Currency, &c.PricePerPerson, &c.Payment, &c.DepositKind, &c.DepositValue,
			&c.HoldMinutes, &c.RefundPolicy, &c.RefundWindowHours, &c.TermsURL, &reminders, &followUp)
		if err != nil {
			return c, err
		}
		if c.Reminders, err = remindersFrom(reminders); err != nil {
			return c, err
		}
		if c.FollowUp, err = followUpFrom(followUp); err != nil {
			return c, err
		}
		if err := json.Unmarshal(places, &c.Places); err != nil {
			return c, err
		}
		if err := json.Unmarshal(fields, &c.Fields); err != nil {
			return c, err
		}
		if len(c.Fields) == 0 {
			c.Fields = nil
		}
		return c, nil
	}, db.ThisBusiness)
	return err
}

func loadTeams(ctx context.Context, q db.Querier, s *Site) error {
	var err error
	s.Teams, err = collect(ctx, q, `SELECT t.slug, t.name, t.description, c.slug FROM teams t
		JOIN calendars c ON c.id = t.calendar_id AND c.location_id = t.location_id WHERE t.location_id = $1
		ORDER BY t.slug`, func(r pgx.Row) (Team, error) {
		var t Team
		return t, r.Scan(&t.Slug, &t.Name, &t.Description, &t.Calendar)
	}, db.ThisBusiness)
	return err
}

func loadGroups(ctx context.Context, q db.Querier, s *Site) error {
	var err error
	s.Groups, err = collect(ctx, q, `
		SELECT g.slug, g.id, g.name, g.description,
		       coalesce((SELECT array_agg(c.slug ORDER BY m.position, c.slug) FROM calendar_group_members m
		                 JOIN calendars c ON c.id = m.calendar_id AND c.location_id = m.location_id
		                 WHERE m.group_id = g.id AND m.location_id = g.location_id), '{}')
		FROM calendar_groups g WHERE g.location_id = $1 ORDER BY g.slug`, func(r pgx.Row) (Group, error) {
		var g Group
		return g, r.Scan(&g.Slug, &g.ID, &g.Name, &g.Description, &g.Calendars)
	}, db.ThisBusiness)
	return err
}

func loadMenus(ctx context.Context, q db.Querier, s *Site) error {
	var err error
	s.Menus, err = collect(ctx, q, `
		SELECT m.slug, m.id, m.name, m.description,
		       coalesce((SELECT json_agg(json_build_object('name', k.name, 'calendars',
		                   coalesce((SELECT json_agg(c.slug ORDER BY i.position, c.slug) FROM service_menu_items i
		                             JOIN calendars c ON c.id = i.calendar_id AND c.location_id = i.location_id
		                             WHERE i.category_id = k.id AND i.location_id = k.location_id), '[]'))
		                 ORDER BY k.position, k.id) FROM service_menu_categories k WHERE k.menu_id = m.id AND k.location_id = m.location_id), '[]')
		FROM service_menus m WHERE m.location_id = $1 ORDER BY m.slug`, func(r pgx.Row) (Menu, error) {
		var m Menu
		var cats []byte
		if err := r.Scan(&m.Slug, &m.ID, &m.Name, &m.Description, &cats); err != nil {
			return m, err
		}
		return m, json.Unmarshal(cats, &m.Categories)
	}, db.ThisBusiness)
	return err
}

func loadLinks(ctx context.Context, q db.Querier, s *Site) error {
	var err error
	s.Links, err = collect(ctx, q, `SELECT l.slug, c.slug, l.expires_at FROM one_time_links l
		JOIN calendars c ON c.id = l.calendar_id AND c.location_id = l.location_id
		WHERE l.slug IS NOT NULL AND l.location_id = $1 ORDER BY l.slug`, func(r pgx.Row) (Link, error) {
		var l Link
		err := r.Scan(&l.Slug, &l.Calendar, &l.Expires)
		l.Expires = l.Expires.UTC()
		return l, err
	}, db.ThisBusiness)
	return err
}

func loadForms(ctx context.Context, q db.Querier, s *Site) error {
	var err error
	s.Forms, err = collect(ctx, q, `
		SELECT f.slug, f.kind, f.published, v.definition FROM forms f
		JOIN form_versions v ON v.form_id = f.id AND v.version = f.version AND v.location_id = f.location_id
		WHERE f.location_id = $1 ORDER BY f.slug`, func(r pgx.Row) (Form, error) {
		var f Form
		var def []byte
		if err := r.Scan(&f.Slug, &f.Kind, &f.Published, &def); err != nil {
			return f, err
		}
		return f, json.Unmarshal(def, &f.Definition)
	}, db.ThisBusiness)
	return err
}

// image is a stored picture ({"src", "width", "height", "alt", "variants"})
// as files name it; its variants are made again on import.
func storedImage(stored []byte) (*Image, error) {
	if stored == nil {
		return nil, nil
	}
	var img Image
	if err := json.Unmarshal(stored, &img); err != nil {
		return nil, err
	}
	return &img, nil
}

func loadProducts(ctx context.Context, q db.Querier, s *Site) error {
	var err error
	s.Products, err = collect(ctx, q, `
		SELECT p.id, p.name, p.summary, p.description_source, p.images, p.price_cents, coalesce(p.compare_at_cents, 0), p.currency, p.available,
		       p.status = 'published', p.tax_basis_points,
		       coalesce((SELECT jsonb_agg(jsonb_build_object('id', v.id, 'name', v.name, 'priceCents', v.price_cents, 'trackStock', v.track_stock,
		                 'stock', CASE WHEN v.track_stock THEN greatest(v.on_hand, 0) ELSE 0 END, 'sellWhenOut', v.sell_when_out) ORDER BY v.position)
		                 FROM product_variants v WHERE v.product_id = p.id AND v.location_id = p.location_id), '[]')
		FROM products p WHERE p.location_id = $1 ORDER BY p.id`, func(r pgx.Row) (Product, error) {
		var p Product
		var images, variants []byte
		if err := r.Scan(&p.ID, &p.Name, &p.Summary, &p.Description, &images, &p.PriceCents, &p.CompareAtCents, &p.Currency,
			&p.Available, &p.Published, &p.TaxBasisPoints, &variants); err != nil {
			return p, err
		}
		if err := json.Unmarshal(images, &p.Images); err != nil {
			return p, err
		}
		if err := json.Unmarshal(variants, &p.Variants); err != nil {
			return p, err
		}
		if len(p.Variants) == 1 && p.Variants[0].ID == shop.DefaultVariant {
			p.Inventory, p.Variants = p.Variants[0].Inventory, nil
		}
		if len(p.Images) == 0 {
			p.Images = nil
		}
		return p, nil
	}, db.ThisBusiness)
	return err
}

func loadCollections(ctx context.Context, q db.Querier, s *Site) error {
	var err error
	s.Collections, err = collect(ctx, q, `
		SELECT c.slug, c.title, c.description, c.sort, c.published,
		       coalesce((SELECT array_agg(cp.product_id ORDER BY cp.position, cp.product_id) FROM collection_products cp
		                 WHERE cp.collection_slug = c.slug AND cp.location_id = c.location_id), '{}')
		FROM collections c WHERE c.location_id = $1 ORDER BY c.slug`, func(r pgx.Row) (Collection, error) {
		var c Collection
		return c, r.Scan(&c.Slug, &c.Title, &c.Description, &c.Sort, &c.Published, &c.Products)
	}, db.ThisBusiness)
	return err
}

func loadPages(ctx context.Context, q db.Querier, s *Site) error {
	var err error
	s.Pages, err = collect(ctx, q, `SELECT path, title, description, locale, published, sections, body FROM site_pages WHERE location_id = $1 ORDER BY path`,
		func(r pgx.Row) (Page, error) {
			var p Page
			var sections []byte
			if err := r.Scan(&p.Path, &p.Title, &p.Description, &p.Locale, &p.Published, &sections, &p.Body); err != nil {
				return p, err
			}
			p.Sections, err = sourceOfSections(sections)
			return p, err
		}, db.ThisBusiness)
	return err
}

func loadBlogs(ctx context.Context, q db.Querier, s *Site) error {
	var err error
	s.Blogs, err = collect(ctx, q, `
		SELECT b.path, b.title, b.description,
		       coalesce((SELECT json_agg(json_build_object('slug', c.slug, 'name', c.name, 'description', c.description) ORDER BY c.slug)
		                 FROM blog_categories c WHERE c.blog_id = b.id AND c.location_id = b.location_id), '[]')
		FROM blogs b WHERE b.location_id = $1 ORDER BY b.path`, func(r pgx.Row) (Blog, error) {
		var b Blog
		var cats []byte
		if err := r.Scan(&b.Path, &b.Title, &b.Description, &cats); err != nil {
			return b, err
		}
		if err := json.Unmarshal(cats, &b.Categories); err != nil {
			return b, err
		}
		if len(b.Categories) == 0 {
			b.Categories = nil
		}
		return b, nil
	}, db.ThisBusiness)
	return err
}

func loadAuthors(ctx context.Context, q db.Querier, s *Site) error {
	var err error
	s.Authors, err = collect(ctx, q, `SELECT slug, name, bio FROM authors WHERE location_id = $1 ORDER BY slug`, func(r pgx.Row) (Author, error) {
		var a Author
		return a, r.Scan(&a.Slug, &a.Name, &a.Bio)
	}, db.ThisBusiness)
	return err
}

func loadTags(ctx context.Context, q db.Querier, s *Site) error {
	var err error
	s.Tags, err = collect(ctx, q, `SELECT slug, name FROM tags WHERE location_id = $1 ORDER BY slug`, func(r pgx.Row) (Tag, error) {
		var t Tag
		return t, r.Scan(&t.Slug, &t.Name)
	}, db.ThisBusiness)
	return err
}

func loadPosts(ctx context.Context, q db.Querier, s *Site) error {
	var err error
	s.Posts, err = collect(ctx, q, `
		SELECT p.slug, b.path, p.title, p.excerpt, a.slug,
		       coalesce((SELECT array_agg(c.slug ORDER BY c.slug) FROM post_categories pc
		                 JOIN blog_categories c ON c.id = pc.category_id AND c.location_id = pc.location_id
		                 WHERE pc.post_id = p.id AND pc.location_id = p.location_id), '{}'),
		       coalesce((SELECT array_agg(t.slug ORDER BY t.slug) FROM post_tags pt JOIN tags t ON t.id = pt.tag_id AND t.location_id = pt.location_id
		                 WHERE pt.post_id = p.id AND pt.location_id = p.location_id), '{}'),
		       p.cover, p.status = 'published', p.published_at, p.body_format, p.body_source
		FROM posts p JOIN blogs b ON b.id = p.blog_id AND b.location_id = p.location_id
		  JOIN authors a ON a.id = p.author_id AND a.location_id = p.location_id
		WHERE p.location_id = $1 ORDER BY p.slug`,
		func(r pgx.Row) (Post, error) {
			var p Post
			var cover []byte
			var at *time.Time
			if err := r.Scan(&p.Slug, &p.Blog, &p.Title, &p.Excerpt, &p.Author, &p.Categories, &p.Tags, &cover, &p.Published, &at,
				&p.Format, &p.Body); err != nil {
				return p, err
			}
			if at != nil {
				t := at.UTC()
				p.PublishedAt = &t
			}
			if p.Format == "markdown" {
				p.Format = ""
			}
			p.Categories, p.Tags = nonEmpty(p.Categories), nonEmpty(p.Tags)
			p.Cover, err = storedImage(cover)
			return p, err
		}, db.ThisBusiness)
	return err
}

func nonEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

// loadMedia reads the pictures as they were saved: the smaller widths
// SavePicture made beside a picture are left out, and made again on
// import.
func loadMedia(ctx context.Context, q db.Querier, s *Site) error {
	names, err := collect(ctx, q, `SELECT name FROM media WHERE location_id = $1 ORDER BY name`, func(r pgx.Row) (string, error) {
		var n string
		return n, r.Scan(&n)
	}, db.ThisBusiness)
	if err != nil {
		return err
	}
	stored := map[string]bool{}
	for _, n := range names {
		stored[n] = true
	}
	var originals []string
	for _, n := range names {
		if base, ok := sites.VariantOf(n); !ok || !stored[base] {
			originals = append(originals, n)
		}
	}
	s.Media, err = collect(ctx, q, `SELECT name, data FROM media WHERE name = ANY($1) AND location_id = $2 ORDER BY name`, func(r pgx.Row) (Media, error) {
		var m Media
		return m, r.Scan(&m.Name, &m.Data)
	}, originals, db.ThisBusiness)
	return err
}
