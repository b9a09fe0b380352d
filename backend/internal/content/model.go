package content

import (
	"time"

	"slotwise/backend/internal/shop"
)

// FormatVersion is the version of the folder format this build writes and
// reads (slotwise.yaml says which one a folder has). A folder of a later
// version is refused rather than half understood.
const FormatVersion = 1

// Site is a whole site's content: what a folder holds and what the admin
// API creates, reads, updates and deletes, one item at a time. It holds
// nothing that belongs to one installation: no database ids, no secrets,
// no bookings or responses.
type Site struct {
	Locations   []Location // at most one: a site is one business
	Staff       []Staff
	Calendars   []Calendar
	Teams       []Team
	Groups      []Group
	Menus       []Menu
	Links       []Link
	Forms       []Form
	Products    []Product
	Collections []Collection
	Pages       []Page
	Blogs       []Blog
	Authors     []Author
	Tags        []Tag
	Posts       []Post
	Media       []Media
	// PageTranslations and PostTranslations are pages' and posts' texts
	// in other languages.
	PageTranslations []Translation
	PostTranslations []Translation
	// Texts are records' texts in other languages, by their originals'
	// folder (calendars, products, …).
	Texts map[string]*[]Texts
}

// Location is the business: its name, brand, time zone and currency.
type Location struct {
	Slug          string `yaml:"slug" json:"slug"`
	Name          string `yaml:"name" json:"name"`
	TimeZone      string `yaml:"timeZone" json:"timeZone"`
	Currency      string `yaml:"currency" json:"currency"`
	DefaultLocale string `yaml:"defaultLocale" json:"defaultLocale"`
	Country       string `yaml:"country,omitempty" json:"country,omitempty"`
	BrandColor    string `yaml:"brandColor" json:"brandColor"`
	LogoURL       string `yaml:"logoUrl,omitempty" json:"logoUrl,omitempty"`
	Email         string `yaml:"email,omitempty" json:"email,omitempty"`
	ConsentText   string `yaml:"consentText,omitempty" json:"consentText,omitempty"`
	TermsURL      string `yaml:"termsUrl,omitempty" json:"termsUrl,omitempty"`
	// PaymentProvider is who takes its online payments (stripe, razorpay,
	// paypal); empty is the one the operator configured.
	PaymentProvider string `yaml:"paymentProvider,omitempty" json:"paymentProvider,omitempty"`
	// How visitors reach it: shown in the website's footer, in its
	// LocalBusiness data and wherever a page says to contact the business.
	Phone   string `yaml:"phone,omitempty" json:"phone,omitempty"`
	Address string `yaml:"address,omitempty" json:"address,omitempty"` // lines, as on an envelope
	MapURL  string `yaml:"mapUrl,omitempty" json:"mapUrl,omitempty"`
	Hours   Week   `yaml:"hours,omitempty" json:"hours,omitempty"` // opening hours, in its time zone
	// ContactForm is the slug of the form it answers (a form, not a quiz
	// or a survey).
	ContactForm string `yaml:"contactForm,omitempty" json:"contactForm,omitempty"`
	// Its legal pages: a path of the site (a page of pages/) or an address.
	PrivacyURL string `yaml:"privacyUrl,omitempty" json:"privacyUrl,omitempty"`
	ImprintURL string `yaml:"imprintUrl,omitempty" json:"imprintUrl,omitempty"`
	// CancelOneOfVisit lets a booker cancel one service of a visit (a cart
	// booked back to back) and keep the rest; otherwise a visit is
	// cancelled whole.
	CancelOneOfVisit bool `yaml:"cancelOneOfVisit,omitempty" json:"cancelOneOfVisit,omitempty"`
	// Shop is how it sells its products: tax, shipping, pick-up. Without
	// a way to hand an order over, products are shown and not sold.
	Shop shop.Settings `yaml:"shop,omitempty" json:"shop,omitzero"`
}

// Staff is a person who is booked, with their working week and the days
// that differ from it.
type Staff struct {
	Slug      string     `yaml:"-" json:"slug"` // a file's name
	Name      string     `yaml:"name" json:"name"`
	Email     string     `yaml:"email" json:"email"`
	TimeZone  string     `yaml:"timeZone" json:"timeZone"`
	Active    bool       `yaml:"active" json:"active"`
	Hours     Week       `yaml:"hours" json:"hours"`
	Overrides []Override `yaml:"overrides,omitempty" json:"overrides,omitempty"`
	// Agenda mails the person their appointments of the day; nil: none.
	Agenda *Agenda `yaml:"agenda,omitempty" json:"agenda,omitempty"`
}

// Week is a working week: each day's spans of "09:00-17:00", in the
// person's own time zone. A day without spans is a day off.
type Week struct {
	Monday    []string `yaml:"monday,omitempty" json:"monday,omitempty"`
	Tuesday   []string `yaml:"tuesday,omitempty" json:"tuesday,omitempty"`
	Wednesday []string `yaml:"wednesday,omitempty" json:"wednesday,omitempty"`
	Thursday  []string `yaml:"thursday,omitempty" json:"thursday,omitempty"`
	Friday    []string `yaml:"friday,omitempty" json:"friday,omitempty"`
	Saturday  []string `yaml:"saturday,omitempty" json:"saturday,omitempty"`
	Sunday    []string `yaml:"sunday,omitempty" json:"sunday,omitempty"`
}

// Override is one day that differs from the week: closed, or other hours.
type Override struct {
	Day    string   `yaml:"day" json:"day"` // 2026-12-24
	Closed bool     `yaml:"closed,omitempty" json:"closed,omitempty"`
	Hours  []string `yaml:"hours,omitempty" json:"hours,omitempty"`
}

// Calendar is something to book: how long it takes, when it may be booked,
// who does it, what it costs and what the booker is asked.
type Calendar struct {
	Slug                 string            `yaml:"-" json:"slug"`
	Name                 string            `yaml:"name" json:"name"`
	Description          string            `yaml:"description,omitempty" json:"description,omitempty"`
	Active               bool              `yaml:"active" json:"active"`
	Duration             int               `yaml:"duration" json:"duration"` // minutes
	Interval             int               `yaml:"interval" json:"interval"` // minutes between starts; 0: the duration
	BufferBefore         int               `yaml:"bufferBefore" json:"bufferBefore"`
	BufferAfter          int               `yaml:"bufferAfter" json:"bufferAfter"`
	MinNotice            int               `yaml:"minNotice" json:"minNotice"` // minutes
	BookingWindowDays    int               `yaml:"bookingWindowDays" json:"bookingWindowDays"`
	MaxPerStaffPerDay    int               `yaml:"maxPerStaffPerDay" json:"maxPerStaffPerDay"`
	StaffMode            string            `yaml:"staffMode" json:"staffMode"` // any, named, collective
	Staff                []string          `yaml:"staff" json:"staff"`
	RequiresConfirmation bool              `yaml:"requiresConfirmation" json:"requiresConfirmation"`
	Seats                int               `yaml:"seats" json:"seats"`
	MaxSeatsPerBooking   int               `yaml:"maxSeatsPerBooking" json:"maxSeatsPerBooking"`
	RecurringMax         int               `yaml:"recurringMax" json:"recurringMax"`
	Places               []Place           `yaml:"places,omitempty" json:"places,omitempty"`
	Fields               map[string]string `yaml:"fields,omitempty" json:"fields,omitempty"`
	Form                 string            `yaml:"form,omitempty" json:"form,omitempty"` // a booking form's slug
	PriceCents           int64             `yaml:"priceCents" json:"priceCents"`
	Currency             string            `yaml:"currency,omitempty" json:"currency,omitempty"` // empty: the business's
	PricePerPerson       bool              `yaml:"pricePerPerson" json:"pricePerPerson"`
	Payment              string            `yaml:"payment" json:"payment"`         // none, online, on_site
	DepositKind          string            `yaml:"depositKind" json:"depositKind"` // none, fixed, percent
	DepositValue         int64             `yaml:"depositValue" json:"depositValue"`
	HoldMinutes          int               `yaml:"holdMinutes" json:"holdMinutes"`
	RefundPolicy         string            `yaml:"refundPolicy" json:"refundPolicy"` // window, business, never
	RefundWindowHours    int               `yaml:"refundWindowHours" json:"refundWindowHours"`
	TermsURL             string            `yaml:"termsUrl,omitempty" json:"termsUrl,omitempty"`
	// Reminders are sent before each appointment; left out, the booker is
	// reminded a day before; empty, nobody is.
	Reminders []Reminder `yaml:"reminders" json:"reminders"`
	FollowUp  *FollowUp  `yaml:"followUp,omitempty" json:"followUp,omitempty"`
}

// Place is one way to meet: an address, a phone call, a video link.
type Place struct {
	Kind  string `yaml:"kind" json:"kind"`
	Value string `yaml:"value,omitempty" json:"value,omitempty"`
}

// Team books one calendar with whoever of its people the booker picks.
type Team struct {
	Slug        string `yaml:"-" json:"slug"`
	Name        string `yaml:"name" json:"name"`
	Description string `yaml:"description,omitempty" json:"description,omitempty"`
	Calendar    string `yaml:"calendar" json:"calendar"`
}

// Group lists calendars for a booker to pick from. Its ID is part of its
// public address (/widget/group/{id}), kept so that links keep working.
type Group struct {
	Slug        string   `yaml:"-" json:"slug"`
	ID          string   `yaml:"id" json:"id"`
	Name        string   `yaml:"name" json:"name"`
	Description string   `yaml:"description,omitempty" json:"description,omitempty"`
	Calendars   []string `yaml:"calendars" json:"calendars"`
}

// Menu is a service menu: categories of services booked back to back.
type Menu struct {
	Slug        string         `yaml:"-" json:"slug"`
	ID          string         `yaml:"id" json:"id"`
	Name        string         `yaml:"name" json:"name"`
	Description string         `yaml:"description,omitempty" json:"description,omitempty"`
	Categories  []MenuCategory `yaml:"categories" json:"categories"`
}

type MenuCategory struct {
	Name      string   `yaml:"name" json:"name"`
	Calendars []string `yaml:"calendars" json:"calendars"`
}

// Link is a one-time link the business named itself: /book/{slug} books
// its calendar once, until it expires. Links printed by `slotwise link`
// are secrets and stay in their installation.
type Link struct {
	Slug     string    `yaml:"slug" json:"slug"`
	Calendar string    `yaml:"calendar" json:"calendar"`
	Expires  time.Time `yaml:"expires" json:"expires"`
}

// Form is a form, quiz, survey or a calendar's booking questions, as the
// form engine defines it (forms.Definition, written as YAML here).
type Form struct {
	Slug       string     `yaml:"-" json:"slug"`
	Kind       string     `yaml:"kind" json:"kind"` // form, quiz, survey, booking
	Published  bool       `yaml:"published" json:"published"`
	Definition Definition `yaml:"definition" json:"definition"`
}

// Definition is a form's definition as JSON's values; files write it in
// the order of the engine's fields (locale, title, steps …), not sorted.
type Definition map[string]any

// Image is a picture: a file of the folder's media (/media/name) or an
// address elsewhere, with the size it is drawn at. Its smaller widths are
// made on import.
type Image struct {
	Src    string `yaml:"src" json:"src"`
	Alt    string `yaml:"alt,omitempty" json:"alt,omitempty"`
	Width  int    `yaml:"width" json:"width"`
	Height int    `yaml:"height" json:"height"`
}

type Product struct {
	ID             string  `yaml:"-" json:"id"`
	Name           string  `yaml:"name" json:"name"`
	Summary        string  `yaml:"summary,omitempty" json:"summary,omitempty"`
	Description    string  `yaml:"description,omitempty" json:"description,omitempty"` // HTML
	Images         []Image `yaml:"images,omitempty" json:"images,omitempty"`
	PriceCents     int64   `yaml:"priceCents" json:"priceCents"`
	CompareAtCents int64   `yaml:"compareAtCents,omitempty" json:"compareAtCents,omitempty"`
	Currency       string  `yaml:"currency" json:"currency"`
	Available      bool    `yaml:"available" json:"available"`
	Published      bool    `yaml:"published" json:"published"`
	// TaxBasisPoints is the product's own tax rate in hundredths of a
	// percent (a voucher's 0); nil: the shop's.
	TaxBasisPoints *int `yaml:"taxBasisPoints,omitempty" json:"taxBasisPoints,omitempty"`
	// Inventory of a product without variants (its one variant, "default").
	Inventory `yaml:",inline"`
	// Variants are the forms it is sold in (sizes, colours), each with
	// its price and stock; none: the product itself.
	Variants []Variant `yaml:"variants,omitempty" json:"variants,omitempty"`
}

// Inventory is how a variant's stock is counted. Stock is what the business
// has when the variant is first imported or starts being counted; after
// that, sales and the dashboard count it, and an import leaves it alone.
type Inventory struct {
	TrackStock  bool `yaml:"trackStock,omitempty" json:"trackStock,omitempty"`
	Stock       int  `yaml:"stock,omitempty" json:"stock,omitempty"`
	SellWhenOut bool `yaml:"sellWhenOut,omitempty" json:"sellWhenOut,omitempty"` // keep selling at 0 (made to order)
}

// Variant is one form of a product.
type Variant struct {
	ID         string `yaml:"id" json:"id"`
	Name       string `yaml:"name" json:"name"` // "50 ml", "Large / Blue"
	PriceCents int64  `yaml:"priceCents" json:"priceCents"`
	Inventory  `yaml:",inline"`
}

type Collection struct {
	Slug        string   `yaml:"-" json:"slug"`
	Title       string   `yaml:"title" json:"title"`
	Description string   `yaml:"description,omitempty" json:"description,omitempty"`
	Sort        string   `yaml:"sort" json:"sort"` // manual, price-asc, price-desc, newest, name
	Published   bool     `yaml:"published" json:"published"`
	Products    []string `yaml:"products" json:"products"`
}

// Page is a website page: front matter, then its text as paragraphs
// separated by blank lines.
type Page struct {
	Path        string    `yaml:"-" json:"path"` // "" is the home page
	Title       string    `yaml:"title" json:"title"`
	Description string    `yaml:"description,omitempty" json:"description,omitempty"`
	Locale      string    `yaml:"locale" json:"locale"`
	Published   bool      `yaml:"published" json:"published"`
	Sections    []Section `yaml:"sections,omitempty" json:"sections,omitempty"`
	Body        string    `yaml:"-" json:"body"`
}

// Section is a block after a page's text: heading, text (HTML), image,
// button or booking (a calendar's widget).
type Section struct {
	Type     string `yaml:"type" json:"type"`
	Text     string `yaml:"text,omitempty" json:"text,omitempty"`
	HTML     string `yaml:"html,omitempty" json:"html,omitempty"`
	Href     string `yaml:"href,omitempty" json:"href,omitempty"`
	Calendar string `yaml:"calendar,omitempty" json:"calendar,omitempty"`
	Image    *Image `yaml:"image,omitempty" json:"image,omitempty"`
}

// Blog is a blog at a site path, with the categories its posts are filed
// under.
type Blog struct {
	Path        string     `yaml:"path" json:"path"`
	Title       string     `yaml:"title" json:"title"`
	Description string     `yaml:"description,omitempty" json:"description,omitempty"`
	Categories  []Category `yaml:"categories,omitempty" json:"categories,omitempty"`
}

type Category struct {
	Slug        string `yaml:"slug" json:"slug"`
	Name        string `yaml:"name" json:"name"`
	Description string `yaml:"description,omitempty" json:"description,omitempty"`
}

type Author struct {
	Slug string `yaml:"slug" json:"slug"`
	Name string `yaml:"name" json:"name"`
	Bio  string `yaml:"bio,omitempty" json:"bio,omitempty"`
}

type Tag struct {
	Slug string `yaml:"slug" json:"slug"`
	Name string `yaml:"name" json:"name"`
}

// Post is a blog post: front matter, then its body in Markdown (or HTML,
// with format: html).
type Post struct {
	Slug        string     `yaml:"-" json:"slug"`
	Blog        string     `yaml:"blog" json:"blog"` // the blog's path
	Title       string     `yaml:"title" json:"title"`
	Excerpt     string     `yaml:"excerpt,omitempty" json:"excerpt,omitempty"`
	Author      string     `yaml:"author" json:"author"`
	Categories  []string   `yaml:"categories,omitempty" json:"categories,omitempty"`
	Tags        []string   `yaml:"tags,omitempty" json:"tags,omitempty"`
	Cover       *Image     `yaml:"cover,omitempty" json:"cover,omitempty"`
	Published   bool       `yaml:"published" json:"published"`
	PublishedAt *time.Time `yaml:"publishedAt,omitempty" json:"publishedAt,omitempty"`
	Format      string     `yaml:"format,omitempty" json:"format,omitempty"` // markdown (the default) or html
	Body        string     `yaml:"-" json:"body"`
}

// Media is a picture file; pages name it /media/{name}.
type Media struct {
	Name string `json:"name"`
	Data []byte `json:"data"`
}

// What a field left out means, the same in files and through the API.

func (l *Location) setDefaults() {
	l.Currency, l.DefaultLocale, l.BrandColor = "EUR", "en-US", "#4f46e5"
}

func (s *Staff) setDefaults() { s.Active = true }

func (c *Calendar) setDefaults() {
	c.Active, c.BookingWindowDays, c.StaffMode, c.MaxSeatsPerBooking = true, 60, "any", 1
	c.Payment, c.DepositKind, c.HoldMinutes, c.RefundPolicy, c.RefundWindowHours = "none", "none", 10, "window", 24
	c.Reminders = defaultReminders()
}

func (f *Form) setDefaults()       { f.Published = true }
func (p *Product) setDefaults()    { p.Available, p.Published = true, true }
func (c *Collection) setDefaults() { c.Sort, c.Published = "manual", true }
func (p *Page) setDefaults()       { p.Locale, p.Published = "en-US", true }
func (p *Post) setDefaults()       { p.Published = true }

// normalize spells the default format one way: markdown is "".
func (p *Post) normalize() {
	if p.Format == "markdown" {
		p.Format = ""
	}
}
