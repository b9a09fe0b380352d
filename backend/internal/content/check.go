package content

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // pictures are checked by decoding their header
	_ "image/png"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/fieldcheck"
	"slotwise/backend/internal/forms"
	"slotwise/backend/internal/route"
	"slotwise/backend/internal/shop"
	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/strictjson"
	"slotwise/locales"
)

// The checks below say in the business's words what the database's
// constraints (and the engines reading the content) would refuse, field by
// field, before anything is written.

var (
	slugSyntax     = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,99}$`)
	formSlugSyntax = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,79}$`)
	idSyntax       = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)
	sourceSyntax   = regexp.MustCompile(`^[0-9a-f]{16}$`)
	linkSyntax     = regexp.MustCompile(`^[A-Za-z0-9_-]{8,100}$`)
	blogPathSyntax = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,99}(/[a-z0-9][a-z0-9._-]{0,99}){0,9}$`)
	pagePathSyntax = regexp.MustCompile(`^([a-z0-9][a-z0-9._-]{0,99}(/[a-z0-9][a-z0-9._-]{0,99}){0,9})?$`)
	mediaSyntax    = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,119}\.(svg|png|jpg|jpeg|webp|avif)$`)
	colorSyntax    = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)
	currencySyntax = regexp.MustCompile(`^[A-Z]{3}$`)
	variantSyntax  = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,59}$`)
	countrySyntax  = regexp.MustCompile(`^([A-Z]{2})?$`)
	phoneSyntax    = regexp.MustCompile(`^\+?[0-9][0-9 ()./-]{3,28}[0-9]$`)
	spanSyntax     = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]-(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$`)
)

// MaxMediaBytes is the largest picture kept (the media table's limit).
const MaxMediaBytes = 8 << 20

// index is what content may refer to: the keys of the folder's content and
// of what the database already has.
type index struct {
	staff, calendars, products, blogs, categories, authors, tags, media map[string]bool
	formKinds                                                           map[string]string
	// a group's or menu's id → the slugs that claim it
	groupIDs, menuIDs map[string]map[string]bool
	// a category → the blogs that list it
	categoryBlog map[string]map[string]bool
	// the size of each PNG or JPEG picture the folder brings
	mediaSize map[string][2]int
	// redirects are the other sites a form may send its visitor to
	redirects []string
	// the pages and posts a translation may translate (the folder's
	// first), and the language posts are written in
	pages         map[string]Page
	posts         map[string]Post
	defaultLocale string
	// records are the calendars, teams, groups, products and collections
	// a record's translation may translate (the folder's first), by
	// folder/key
	records map[string]any
	// addresses are the addresses of their own translations claim, by
	// folder/locale/path (pages/de/ueber-uns), with the translations
	// claiming each (the folder's first)
	addresses map[string]map[string]bool
}

func indexOf(sites ...*Site) *index {
	x := &index{staff: map[string]bool{}, calendars: map[string]bool{}, products: map[string]bool{}, blogs: map[string]bool{},
		categories: map[string]bool{}, authors: map[string]bool{}, tags: map[string]bool{}, media: map[string]bool{},
		formKinds: map[string]string{}, groupIDs: map[string]map[string]bool{}, menuIDs: map[string]map[string]bool{},
		categoryBlog: map[string]map[string]bool{}, mediaSize: map[string][2]int{}, pages: map[string]Page{}, posts: map[string]Post{}, records: map[string]any{},
		addresses: map[string]map[string]bool{}}
	claim := func(m map[string]map[string]bool, id, slug string) {
		if m[id] == nil {
			m[id] = map[string]bool{}
		}
		m[id][slug] = true
	}
	claimed := map[string]bool{} // groups, menus and blogs the first site (the folder) has
	for i, s := range sites {
		for _, v := range s.Staff {
			x.staff[v.Slug] = true
		}
		for _, v := range s.Calendars {
			x.calendars[v.Slug] = true
		}
		for _, v := range s.Products {
			x.products[v.ID] = true
		}
		for _, v := range s.Blogs {
			x.blogs[v.Path] = true
			if i > 0 && claimed["blog "+v.Path] {
				continue // the folder says what this blog holds now
			}
			claimed["blog "+v.Path] = true
			for _, c := range v.Categories {
				x.categories[c.Slug] = true
				claim(x.categoryBlog, c.Slug, v.Path)
			}
		}
		for _, g := range s.Groups {
			if i == 0 || !claimed["group "+g.Slug] {
				claimed["group "+g.Slug] = true
				claim(x.groupIDs, g.ID, g.Slug)
			}
		}
		for _, m := range s.Menus {
			if i == 0 || !claimed["menu "+m.Slug] {
				claimed["menu "+m.Slug] = true
				claim(x.menuIDs, m.ID, m.Slug)
			}
		}
		for _, v := range s.Authors {
			x.authors[v.Slug] = true
		}
		for _, v := range s.Tags {
			x.tags[v.Slug] = true
		}
		for _, v := range s.Media {
			x.media[v.Name] = true
			if cfg, _, err := image.DecodeConfig(bytes.NewReader(v.Data)); err == nil && len(v.Data) > 0 {
				x.mediaSize[v.Name] = [2]int{cfg.Width, cfg.Height}
			}
		}
		for _, v := range s.Forms {
			x.formKinds[v.Slug] = v.Kind
		}
		for _, v := range s.Pages {
			if _, ok := x.pages[v.Path]; !ok {
				x.pages[v.Path] = v
			}
		}
		for _, v := range s.Posts {
			if _, ok := x.posts[v.Slug]; !ok {
				x.posts[v.Slug] = v
			}
		}
		for _, dir := range []string{pagesDir, postsDir} {
			for _, t := range *translationsOf(s, dir) {
				if claimed["translation "+dir+t.Key] {
					continue
				}
				claimed["translation "+dir+t.Key] = true
				if a, ok := ownAddress(dir, t); ok {
					claim(x.addresses, a, t.Key)
				}
			}
		}
		for _, v := range s.Locations {
			if x.defaultLocale == "" {
				x.defaultLocale = v.DefaultLocale
			}
		}
	}
	records(x.records, sites)
	if x.defaultLocale == "" {
		x.defaultLocale = "en-US"
	}
	return x
}

// text checks a string field: text (no NUL, control characters or invalid
// UTF-8), required or not, at most max characters.
func (r report) text(field, value string, required bool, max int) {
	switch {
	case required && strings.TrimSpace(value) == "":
		r.add(field, "is required")
	case !fieldcheck.IsText(value, true):
		r.add(field, "holds characters that are not text")
	case utf8.RuneCountInString(value) > max:
		r.add(field, "is longer than %d characters", max)
	}
}

func (r report) oneOf(field, value string, allowed ...string) {
	if !slices.Contains(allowed, value) {
		r.add(field, "is one of %s, not %q", strings.Join(allowed, ", "), value)
	}
}

func (r report) between(field string, value, lo, hi int64) {
	if value < lo || value > hi {
		r.add(field, "is %d to %d, not %d", lo, hi, value)
	}
}

func (r report) syntax(field, value string, re *regexp.Regexp, what string) {
	if !re.MatchString(value) {
		r.add(field, "%q is not %s", value, what)
	}
}

func (r report) ref(field, value string, known map[string]bool, what string) {
	if !known[value] {
		r.add(field, "there is no %s %q", what, value)
	}
}

func (r report) zone(field, value string) {
	if value == "" || value == "Local" || !fieldcheck.IsText(value, false) {
		r.add(field, "is an IANA time zone such as Europe/Berlin")
		return
	}
	if _, err := time.LoadLocation(value); err != nil {
		r.add(field, "%q is not an IANA time zone such as Europe/Berlin", value)
	}
}

func (r report) locale(field, value string) {
	if l, ok := locales.Canonical(value); !ok || l != value {
		r.add(field, "%q is not a language this server speaks (en-US, de, fr, …)", value)
	}
}

// link checks an address a page may send a reader to: a path of this site
// or an http(s) URL.
func (r report) link(field, value string) {
	if value == "" {
		return
	}
	if !fieldcheck.IsText(value, false) || !(strings.HasPrefix(value, "/") && !strings.HasPrefix(value, "//") ||
		strings.HasPrefix(value, "https://") || strings.HasPrefix(value, "http://")) {
		r.add(field, "%q is a path of this site or an http(s) address", value)
	}
}

func (r report) image(field string, img *Image, x *index) {
	if img == nil {
		return
	}
	if name, ok := strings.CutPrefix(img.Src, "/media/"); ok {
		r.ref(field+".src", name, x.media, "picture in media/")
		// its smaller widths are made from the size it really has
		if size, known := x.mediaSize[name]; known && (size[0] != img.Width || size[1] != img.Height) {
			r.add(field, "%s is %d×%d pixels, not %d×%d", name, size[0], size[1], img.Width, img.Height)
		}
	} else if !strings.HasPrefix(img.Src, "https://") || !fieldcheck.IsText(img.Src, false) {
		r.add(field+".src", "is /media/NAME (a file of media/) or an https address")
	}
	r.text(field+".alt", img.Alt, false, 500)
	if img.Width <= 0 || img.Height <= 0 || img.Width > 20000 || img.Height > 20000 {
		r.add(field, "a picture needs its width and height in pixels")
	}
}

func (r report) richText(field, html string) {
	if len(html) > sites.MaxRichTextBytes {
		r.add(field, "is over %d KB", sites.MaxRichTextBytes>>10)
	} else if _, err := sites.SanitizeHTML(html); err != nil {
		r.add(field, "is not text")
	}
}

func (r report) spans(field string, spans []string) {
	prev := ""
	for i, s := range spans {
		f := fmt.Sprintf("%s.%d", field, i)
		if !spanSyntax.MatchString(s) {
			r.add(f, "%q is a span such as 09:00-17:00", s)
			continue
		}
		from, to := s[:5], s[6:]
		switch {
		case from >= to:
			r.add(f, "%s ends before it starts", s)
		case from < prev:
			r.add(f, "%s starts before the span above it ends", s)
		}
		prev = to
	}
}

func checkLocation(l *Location, r report, x *index) {
	r.syntax("slug", l.Slug, slugSyntax, "a slug (lowercase letters, digits and hyphens)")
	r.text("name", l.Name, true, 200)
	r.zone("timeZone", l.TimeZone)
	r.syntax("currency", l.Currency, currencySyntax, "an ISO 4217 code such as EUR")
	r.locale("defaultLocale", l.DefaultLocale)
	r.syntax("country", l.Country, countrySyntax, "an ISO 3166 code such as DE")
	r.syntax("brandColor", l.BrandColor, colorSyntax, "a colour such as #0f766e")
	r.link("logoUrl", l.LogoURL)
	r.email("email", l.Email, false)
	r.text("consentText", l.ConsentText, false, 2000)
	r.link("termsUrl", l.TermsURL)
	r.link("privacyUrl", l.PrivacyURL)
	r.link("imprintUrl", l.ImprintURL)
	r.link("mapUrl", l.MapURL)
	if l.Phone != "" && !phoneSyntax.MatchString(l.Phone) {
		r.add("phone", "%q is a phone number such as +49 30 1234567", l.Phone)
	}
	r.text("address", l.Address, false, 500)
	days := weekdays(&l.Hours)
	for d, name := range []string{"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"} {
		r.spans("hours."+name, *days[d])
	}
	if l.ContactForm != "" {
		if kind, ok := x.formKinds[l.ContactForm]; !ok || kind != "form" {
			r.add("contactForm", "there is no form %q (a quiz or a survey is not one)", l.ContactForm)
		}
	}
	if l.PaymentProvider != "" {
		r.oneOf("paymentProvider", l.PaymentProvider, "stripe", "razorpay", "paypal")
	}
	checkShop(&l.Shop, r)
}

func (r report) email(field, value string, required bool) {
	if value == "" {
		if required {
			r.add(field, "is required")
		}
		return
	}
	if fieldcheck.EmailProblem(value) != "" {
		r.add(field, "%q is not an e-mail address a mail can be sent to", value)
	}
}

func checkStaff(s *Staff, r report, _ *index) {
	r.syntax("slug", s.Slug, slugSyntax, "a slug")
	r.text("name", s.Name, true, 200)
	r.email("email", s.Email, true)
	r.zone("timeZone", s.TimeZone)
	days := weekdays(&s.Hours)
	for d, name := range []string{"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"} {
		r.spans("hours."+name, *days[d])
	}
	seen := map[string]bool{}
	for i, o := range s.Overrides {
		f := fmt.Sprintf("overrides.%d", i)
		if _, err := time.Parse(time.DateOnly, o.Day); err != nil {
			r.add(f+".day", "%q is a date such as 2026-12-24", o.Day)
		} else if seen[o.Day] {
			r.add(f+".day", "%s is listed twice", o.Day)
		}
		seen[o.Day] = true
		if o.Closed && len(o.Hours) > 0 {
			r.add(f, "a closed day has no hours")
		}
		r.spans(f+".hours", o.Hours)
	}
	checkAgenda(s.Agenda, r)
}

var fieldNames = []string{"phone", "dateOfBirth", "location", "notes"}

func checkCalendar(c *Calendar, r report, x *index) {
	r.syntax("slug", c.Slug, slugSyntax, "a slug")
	r.text("name", c.Name, true, 200)
	r.text("description", c.Description, false, 5000)
	r.between("duration", int64(c.Duration), 5, 1440)
	r.between("interval", int64(c.Interval), 0, 1440)
	r.between("bufferBefore", int64(c.BufferBefore), 0, 1440)
	r.between("bufferAfter", int64(c.BufferAfter), 0, 1440)
	r.between("minNotice", int64(c.MinNotice), 0, 525600)
	r.between("bookingWindowDays", int64(c.BookingWindowDays), 1, 730)
	r.between("maxPerStaffPerDay", int64(c.MaxPerStaffPerDay), 0, 1000)
	r.oneOf("staffMode", c.StaffMode, "any", "named", "collective")
	seen := map[string]bool{}
	for i, s := range c.Staff {
		r.ref(fmt.Sprintf("staff.%d", i), s, x.staff, "staff member")
		if seen[s] {
			r.add(fmt.Sprintf("staff.%d", i), "%s is listed twice", s)
		}
		seen[s] = true
	}
	r.between("seats", int64(c.Seats), 0, 500)
	r.between("maxSeatsPerBooking", int64(c.MaxSeatsPerBooking), 1, 101)
	if c.Seats > 0 && c.MaxSeatsPerBooking > c.Seats {
		r.add("maxSeatsPerBooking", "a booking cannot take more than the %d seats of a class", c.Seats)
	}
	if c.StaffMode == "collective" && c.Seats > 0 {
		r.add("seats", "a collective calendar is not a class")
	}
	r.between("recurringMax", int64(c.RecurringMax), 0, 52)
	for i, p := range c.Places {
		f := fmt.Sprintf("places.%d", i)
		r.oneOf(f+".kind", p.Kind, "address", "phone", "video", "booker")
		r.text(f+".value", p.Value, p.Kind != "booker", 500)
	}
	for k, v := range c.Fields {
		if !slices.Contains(fieldNames, k) {
			r.add("fields."+k, "is one of %s", strings.Join(fieldNames, ", "))
		}
		r.oneOf("fields."+k, v, "required", "optional", "hidden")
	}
	if c.Form != "" {
		if kind, ok := x.formKinds[c.Form]; !ok {
			r.add("form", "there is no form %q", c.Form)
		} else if kind != "booking" {
			r.add("form", "%q is a %s, not a booking form", c.Form, kind)
		}
	}
	r.between("priceCents", c.PriceCents, 0, 1<<31-1)
	if c.Currency != "" {
		r.syntax("currency", c.Currency, currencySyntax, "an ISO 4217 code such as EUR")
	}
	r.oneOf("payment", c.Payment, "none", "online", "on_site")
	r.oneOf("depositKind", c.DepositKind, "none", "fixed", "percent")
	if c.DepositKind == "percent" {
		r.between("depositValue", c.DepositValue, 1, 100)
	} else {
		r.between("depositValue", c.DepositValue, 0, 1<<40)
	}
	if c.Payment == "online" && c.PriceCents == 0 {
		r.add("payment", "a calendar paid online has a price")
	}
	r.between("holdMinutes", int64(c.HoldMinutes), 1, 1440)
	r.oneOf("refundPolicy", c.RefundPolicy, "window", "business", "never")
	r.between("refundWindowHours", int64(c.RefundWindowHours), 0, 8760)
	r.link("termsUrl", c.TermsURL)
	checkReminders(c, r, x)
}

func checkTeam(t *Team, r report, x *index) {
	r.syntax("slug", t.Slug, slugSyntax, "a slug")
	r.text("name", t.Name, true, 200)
	r.text("description", t.Description, false, 5000)
	r.ref("calendar", t.Calendar, x.calendars, "calendar")
}

func (r report) calendarList(field string, slugs []string, x *index) {
	seen := map[string]bool{}
	for i, s := range slugs {
		f := fmt.Sprintf("%s.%d", field, i)
		r.ref(f, s, x.calendars, "calendar")
		if seen[s] {
			r.add(f, "%s is listed twice", s)
		}
		seen[s] = true
	}
}

// address checks that a group's or menu's id is its own.
func (r report) address(id, slug string, claims map[string]map[string]bool) {
	r.syntax("id", id, idSyntax, "an address of 1 to 64 letters, digits, _ and -")
	for other := range claims[id] {
		if other != slug {
			r.add("id", "%q is already the address of %s", id, other)
			return
		}
	}
}

func checkGroup(g *Group, r report, x *index) {
	r.syntax("slug", g.Slug, slugSyntax, "a slug")
	r.address(g.ID, g.Slug, x.groupIDs)
	r.text("name", g.Name, true, 200)
	r.text("description", g.Description, false, 5000)
	r.calendarList("calendars", g.Calendars, x)
}

func checkMenu(m *Menu, r report, x *index) {
	r.syntax("slug", m.Slug, slugSyntax, "a slug")
	r.address(m.ID, m.Slug, x.menuIDs)
	r.text("name", m.Name, true, 200)
	r.text("description", m.Description, false, 5000)
	for i, c := range m.Categories {
		f := fmt.Sprintf("categories.%d", i)
		r.text(f+".name", c.Name, true, 200)
		r.calendarList(f+".calendars", c.Calendars, x)
	}
}

func checkLink(l *Link, r report, x *index) {
	r.syntax("slug", l.Slug, linkSyntax, "8 to 100 letters, digits, _ and -")
	if strings.HasPrefix(l.Slug, booking.RandomLinkPrefix) {
		// A named link is limited more strictly than the random ones
		// the server makes, which the prefix tells apart.
		r.add("slug", "%q begins with %s, which only the links slotwise makes begin with", l.Slug, booking.RandomLinkPrefix)
	}
	r.ref("calendar", l.Calendar, x.calendars, "calendar")
	if l.Expires.IsZero() {
		r.add("expires", "is required, a time such as 2027-01-31T00:00:00Z")
	}
}

// formDefinition reads a form's definition as the form engine does, as
// strictly as the admin API reads a body: each key as written.
func formDefinition(f *Form) (*forms.Definition, error) {
	raw, err := json.Marshal(f.Definition)
	if err != nil {
		return nil, err
	}
	var def forms.Definition
	if err := strictjson.Decode(raw, &def); err != nil {
		return nil, err
	}
	return &def, nil
}

func checkForm(f *Form, r report, x *index) {
	r.syntax("slug", f.Slug, formSlugSyntax, "a slug of at most 80 characters")
	r.oneOf("kind", f.Kind, "form", "quiz", "survey", "booking")
	if f.Definition == nil {
		r.add("definition", "is required")
		return
	}
	def, err := formDefinition(f)
	var shape *strictjson.ShapeError
	switch {
	case errors.As(err, &shape):
		field := "definition"
		if shape.Path != "" {
			field += "." + shape.Path
		}
		r.add(field, "%s", shape.Reason())
		return
	case err != nil:
		r.add("definition", "%v", err)
		return
	}
	if def.Quiz != nil {
		for i, b := range def.Quiz.Bands {
			if b.Book != "" {
				r.ref(fmt.Sprintf("definition.quiz.bands.%d.book", i), b.Book, x.calendars, "calendar")
			}
		}
	}
	var de *forms.DefinitionError
	if err := forms.CheckDefinition(def, f.Kind, x.redirects); errors.As(err, &de) {
		for _, p := range de.Problems {
			r.add("definition."+p.Path, "%s", p.Message)
		}
	} else if err != nil {
		r.add("definition", "%v", err)
	}
}

func checkProduct(p *Product, r report, x *index) {
	r.syntax("id", p.ID, slugSyntax, "a slug")
	r.text("name", p.Name, true, 200)
	r.text("summary", p.Summary, false, 1000)
	r.richText("description", p.Description)
	for i := range p.Images {
		r.image(fmt.Sprintf("images.%d", i), &p.Images[i], x)
	}
	r.between("priceCents", p.PriceCents, 0, 1<<40)
	if p.CompareAtCents != 0 && p.CompareAtCents <= p.PriceCents {
		r.add("compareAtCents", "is a former price above the price, or 0")
	}
	r.syntax("currency", p.Currency, currencySyntax, "an ISO 4217 code such as EUR")
	if p.TaxBasisPoints != nil {
		r.between("taxBasisPoints", int64(*p.TaxBasisPoints), 0, 10000)
	}
	r.inventory("", p.Inventory)
	if len(p.Variants) > 0 && p.Inventory != (Inventory{}) {
		r.add("trackStock", "a product with variants counts stock per variant: move trackStock, stock and sellWhenOut into each")
	}
	if len(p.Variants) > 100 {
		r.add("variants", "at most 100 variants")
	}
	seen := map[string]bool{}
	for i, v := range p.Variants {
		f := fmt.Sprintf("variants.%d.", i)
		r.syntax(f+"id", v.ID, variantSyntax, "a slug of up to 60 characters")
		if seen[v.ID] {
			r.add(f+"id", "%s is listed twice", v.ID)
		}
		seen[v.ID] = true
		r.text(f+"name", v.Name, true, 200)
		r.between(f+"priceCents", v.PriceCents, 0, 1<<40)
		r.inventory(f, v.Inventory)
	}
}

// inventory checks a variant's stock rule.
func (r report) inventory(prefix string, in Inventory) {
	r.between(prefix+"stock", int64(in.Stock), 0, 1000000)
	if in.Stock != 0 && !in.TrackStock {
		r.add(prefix+"stock", "is counted only with trackStock: true")
	}
	if in.SellWhenOut && !in.TrackStock {
		r.add(prefix+"sellWhenOut", "is about counted stock: set trackStock: true, or leave it out")
	}
}

// checkShop checks how a business sells.
func checkShop(s *shop.Settings, r report) {
	r.text("shop.tax.name", s.Tax.Name, false, 40)
	r.between("shop.tax.basisPoints", int64(s.Tax.BasisPoints), 0, 10000)
	countries := map[string]bool{}
	for i, sh := range s.Shipping {
		f := fmt.Sprintf("shop.shipping.%d.", i)
		r.text(f+"name", sh.Name, true, 100)
		r.between(f+"priceCents", sh.Cents, 0, 1<<40)
		r.between(f+"freeOverCents", sh.FreeOverCents, 0, 1<<40)
		if len(sh.Countries) == 0 {
			r.add(f+"countries", "names at least one country (ISO 3166 codes such as DE)")
		}
		for j, c := range sh.Countries {
			r.syntax(fmt.Sprintf("%scountries.%d", f, j), c, countrySyntax, "an ISO 3166 code such as DE")
			if countries[c] {
				r.add(fmt.Sprintf("%scountries.%d", f, j), "%s has a rate already", c)
			}
			countries[c] = true
		}
	}
	r.between("shop.pickup.readyInHours", int64(s.Pickup.ReadyInHours), 0, 24*30)
	r.between("shop.holdMinutes", int64(s.HoldMinutes), 0, 24*60)
}

func checkCollection(c *Collection, r report, x *index) {
	r.syntax("slug", c.Slug, slugSyntax, "a slug")
	r.text("title", c.Title, true, 200)
	r.text("description", c.Description, false, 5000)
	r.oneOf("sort", c.Sort, "manual", "price-asc", "price-desc", "newest", "name")
	seen := map[string]bool{}
	for i, id := range c.Products {
		f := fmt.Sprintf("products.%d", i)
		r.ref(f, id, x.products, "product")
		if seen[id] {
			r.add(f, "%s is listed twice", id)
		}
		seen[id] = true
	}
}

func checkPage(p *Page, r report, x *index) {
	switch first, _, _ := strings.Cut(p.Path, "/"); {
	case !pagePathSyntax.MatchString(p.Path):
		r.add("path", "%q is a path of lowercase segments such as about or services/massage", p.Path)
	case p.Path != "" && route.Default().Reserved(first):
		r.add("path", "/%s/ belongs to the server (widgets, the API, the shop …)", first)
	case path.Base(p.Path) == "index":
		r.add("path", "a page cannot be called index: index.md is its folder's page")
	}
	r.text("title", p.Title, true, 200)
	r.text("description", p.Description, false, 1000)
	r.locale("locale", p.Locale)
	r.text("body", p.Body, false, sites.MaxRichTextBytes)
	if len(p.Sections) > 100 {
		r.add("sections", "%d sections; a page has at most 100", len(p.Sections))
	}
	for i, s := range p.Sections {
		f := fmt.Sprintf("sections.%d", i)
		if s.Type == "booking" {
			r.ref(f+".calendar", s.Calendar, x.calendars, "calendar")
		}
		r.image(f+".image", s.Image, x)
		if _, err := sites.CheckSections([]sites.SectionInput{sectionInput(s)}); err != nil {
			_, msg, _ := strings.Cut(strings.TrimPrefix(err.Error(), "sites: "), ": ")
			r.add(f, "%s", msg)
		}
	}
}

func checkBlog(b *Blog, r report, x *index) {
	r.syntax("path", b.Path, blogPathSyntax, "a path of lowercase segments such as blog or journal/news")
	if first, _, _ := strings.Cut(b.Path, "/"); route.Default().Reserved(first) {
		r.add("path", "/%s/ belongs to the server", first)
	}
	r.text("title", b.Title, true, 200)
	r.text("description", b.Description, false, 1000)
	for i, c := range b.Categories {
		f := fmt.Sprintf("categories.%d", i)
		r.syntax(f+".slug", c.Slug, slugSyntax, "a slug")
		for owner := range x.categoryBlog[c.Slug] {
			if owner != b.Path {
				r.add(f+".slug", "%s is also a category of the blog %s: a category's slug is the site's own", c.Slug, owner)
				break
			}
		}
		r.text(f+".name", c.Name, true, 200)
		r.text(f+".description", c.Description, false, 1000)
	}
}

func checkAuthor(a *Author, r report, _ *index) {
	r.syntax("slug", a.Slug, slugSyntax, "a slug")
	r.text("name", a.Name, true, 200)
	r.text("bio", a.Bio, false, 2000)
}

func checkTag(t *Tag, r report, _ *index) {
	r.syntax("slug", t.Slug, slugSyntax, "a slug")
	r.text("name", t.Name, true, 200)
}

func checkPost(p *Post, r report, x *index) {
	r.syntax("slug", p.Slug, slugSyntax, "a slug")
	r.ref("blog", p.Blog, x.blogs, "blog")
	r.text("title", p.Title, true, 300)
	r.text("excerpt", p.Excerpt, false, 1000)
	r.ref("author", p.Author, x.authors, "author")
	for i, c := range p.Categories {
		r.ref(fmt.Sprintf("categories.%d", i), c, x.categories, "category")
	}
	for i, t := range p.Tags {
		r.ref(fmt.Sprintf("tags.%d", i), t, x.tags, "tag")
	}
	r.image("cover", p.Cover, x)
	if p.Published && p.PublishedAt == nil {
		r.add("publishedAt", "a published post has the time it was published")
	}
	if p.Format != "" && p.Format != "html" {
		r.add("format", "is markdown (the default) or html, not %q", p.Format)
	}
	if p.Format == "html" {
		r.richText("body", p.Body)
	} else if html, err := sites.MarkdownHTML(p.Body); err != nil || len(html) > sites.MaxRichTextBytes {
		r.add("body", "is over %d KB once rendered", sites.MaxRichTextBytes>>10)
	} else {
		r.text("body", p.Body, false, sites.MaxRichTextBytes)
	}
}

func checkMedia(m *Media, r report, x *index) {
	r.syntax("name", m.Name, mediaSyntax, "a picture's name such as cover.jpg (svg, png, jpg, webp or avif)")
	if len(m.Data) > MaxMediaBytes {
		r.add("data", "%d bytes; a picture is at most 8 MB", len(m.Data))
		return
	}
	switch ext := path.Ext(m.Name); ext {
	case ".png", ".jpg", ".jpeg":
		cfg, format, err := image.DecodeConfig(bytes.NewReader(m.Data))
		if err != nil || (format == "png") != (ext == ".png") {
			r.add("data", "is not a %s picture", strings.ToUpper(ext[1:]))
		} else if cfg.Width > sites.MaxPictureSide || cfg.Height > sites.MaxPictureSide || cfg.Width*cfg.Height > sites.MaxPicturePixels {
			r.add("data", "is %d×%d: at most %d a side and %d million pixels", cfg.Width, cfg.Height, sites.MaxPictureSide, sites.MaxPicturePixels/1_000_000)
		}
	case ".svg":
		if !bytes.Contains(m.Data[:min(len(m.Data), 1024)], []byte("<svg")) {
			r.add("data", "is not an SVG picture")
		}
	case ".webp":
		if len(m.Data) < 12 || string(m.Data[:4]) != "RIFF" || string(m.Data[8:12]) != "WEBP" {
			r.add("data", "is not a WebP picture")
		}
	case ".avif":
		if len(m.Data) < 12 || string(m.Data[4:12]) != "ftypavif" && string(m.Data[4:12]) != "ftypavis" {
			r.add("data", "is not an AVIF picture")
		}
	}
	if base, ok := sites.VariantOf(m.Name); ok && x.media[base] {
		r.add("name", "is the name of a smaller width made of %s: name the picture otherwise", base)
	}
}

func sectionInput(s Section) sites.SectionInput {
	in := sites.SectionInput{Type: s.Type, Text: s.Text, HTML: s.HTML, Href: s.Href, Calendar: s.Calendar}
	if s.Image != nil {
		img := sites.WithVariants(sites.Image{Src: s.Image.Src, Alt: s.Image.Alt, Width: s.Image.Width, Height: s.Image.Height})
		in.Image = &img
	}
	return in
}

// sourceOfSections turns stored sections back into what the business
// wrote: rich text as HTML again, pictures without the widths made of
// them.
func sourceOfSections(stored []byte) ([]Section, error) {
	var secs []sites.Section
	if err := json.Unmarshal(stored, &secs); err != nil {
		return nil, err
	}
	var out []Section
	for _, s := range secs {
		sec := Section{Type: s.Type, Text: s.Text, Href: s.Href, Calendar: s.Calendar}
		if s.Type == "text" {
			sec.HTML = sites.RenderHTML(s.Body)
		}
		if s.Image != nil {
			sec.Image = &Image{Src: s.Image.Src, Alt: s.Image.Alt, Width: s.Image.Width, Height: s.Image.Height}
		}
		out = append(out, sec)
	}
	return out, nil
}

// ValidSlug tells whether s can name a business, a service, a person or a
// page's record: lower-case letters, digits and hyphens.
func ValidSlug(s string) bool { return slugSyntax.MatchString(s) }
