package sites

import "time"

// The website's types that cross the wire; ui/src/generated/sites.ts is
// generated from this file (make types).

// Page is one website page.
type Page struct {
	ID          int64     `json:"id"`
	Path        string    `json:"path"`
	Title       string    `json:"title"`
	Description string    `json:"description"`
	Paragraphs  []string  `json:"paragraphs" tstype:"string[] | null"`
	Sections    []Section `json:"sections" tstype:"Section[]"`
	UpdatedAt   time.Time `json:"updatedAt"`
	// Lang is the language its text is in (a locale: "en-US", "de"), and
	// Translations the languages it is also published in (URL prefixes):
	// a page read whole (PageIn) says them.
	Lang         string   `json:"lang,omitempty"`
	Original     string   `json:"-"` // its original's language
	Translations []string `json:"-"`
	// Paths are the addresses of its own its translations have, by
	// language (URL prefix); Path is its original's, in every other.
	Paths map[string]string `json:"-"`
	// OriginalPath is its original's path where Path is its translation's
	// own (a menu's link in a language, PagesIn).
	OriginalPath string `json:"-"`
}

// Blog is a blog: the site path its posts and listings hang below.
type Blog struct {
	ID          int64  `json:"id"`
	Path        string `json:"path"`
	Title       string `json:"title"`
	Description string `json:"description"`
	// Lang is the language its title is in, Original its own and
	// Translations the languages it is translated into (URL prefixes).
	Lang         string   `json:"-"`
	Original     string   `json:"-"`
	Translations []string `json:"-"`
	translations []byte   // as blogs.translations keeps them
}

// Author, Category and Tag name what a listing gathers posts by.
type (
	Author struct {
		Slug string `json:"slug"`
		Name string `json:"name"`
		Bio  string `json:"bio"`
	}
	Category struct {
		Slug        string `json:"slug"`
		Name        string `json:"name"`
		Description string `json:"description"`
		// Lang is the language its name is in, on a post's labels.
		Lang string `json:"lang,omitempty"`
	}
	Tag struct {
		Slug string `json:"slug"`
		Name string `json:"name"`
		Lang string `json:"lang,omitempty"` // as a Category's
	}
)

// Image is a picture with the size it is drawn at, so the page keeps its
// place before it loads.
type Image struct {
	Src    string `json:"src"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Alt    string `json:"alt"`
	// Variants are the widths the picture is kept at (SavePicture), for
	// srcset; none for an SVG, which draws sharp at any size.
	Variants []Variant `json:"variants,omitempty"`
}

// Variant is one width a picture is kept at.
type Variant struct {
	Src   string `json:"src"`
	Width int    `json:"width"`
}

// PostSummary is a post as a listing shows it.
type PostSummary struct {
	Slug        string     `json:"slug"`
	Title       string     `json:"title"`
	Excerpt     string     `json:"excerpt"`
	Cover       *Image     `json:"cover" tstype:"Image | null"`
	Author      Author     `json:"author"`
	PublishedAt time.Time  `json:"publishedAt"`
	Categories  []Category `json:"categories" tstype:"Category[]"`
	Tags        []Tag      `json:"tags" tstype:"Tag[]"`
	// ReadingMinutes is how long the body takes to read, at least 1.
	ReadingMinutes int `json:"readingMinutes"`
	// Lang is the language its title and excerpt are in (BCP 47).
	Lang string `json:"lang,omitempty"`
	// Key is its original's slug, which names it in every language; Slug
	// is its address's, its translation's own where it has one.
	Key string `json:"-"`
}

// Post is a whole post: its summary and its body, sanitised rich text.
type Post struct {
	PostSummary `tstype:",extends"`
	Blog        Blog      `json:"blog"`
	Body        []Node    `json:"body" tstype:"RichNode[]"`
	UpdatedAt   time.Time `json:"updatedAt"`
	// Related are other posts of its blog to read next: those sharing
	// most of its categories and tags first, then the newest.
	Related []PostSummary `json:"related" tstype:"PostSummary[]"`
	// Original is its original's language, Translations the other
	// languages it is published in (URL prefixes), as a Page's; its
	// summary's Lang is the language its text is in.
	Original     string   `json:"-"`
	Translations []string `json:"-"`
	// Paths are the slugs of its own its translations have, by language.
	Paths map[string]string `json:"-"`
}

// Listing is one page of a blog's posts, all of them or those of a
// category, an author or a tag.
type Listing struct {
	Blog     Blog          `json:"blog"`
	Kind     string        `json:"kind" tstype:"'blog' | 'category' | 'author' | 'tag'"`
	Heading  string        `json:"heading"` // in the page's language, set by the page's loader
	Category *Category     `json:"category,omitempty"`
	Author   *Author       `json:"author,omitempty"`
	Tag      *Tag          `json:"tag,omitempty"`
	Posts    []PostSummary `json:"posts" tstype:"PostSummary[]"`
	Page     int           `json:"page"`  // 1-based
	Pages    int           `json:"pages"` // at least 1, also when empty
	Total    int           `json:"total"`
	// Lang is the language its texts (the blog's and what it gathers by)
	// are in, Translations the languages it exists in besides the blog's
	// own: those its blog and what it gathers by are translated into.
	Lang         string   `json:"-"`
	Translations []string `json:"-"`
}

// Product is one product of the storefront.
type Product struct {
	ID             string  `json:"id"`
	Name           string  `json:"name"`
	Summary        string  `json:"summary"`
	Description    []Node  `json:"description" tstype:"RichNode[]"`
	Images         []Image `json:"images" tstype:"Image[]"`
	PriceCents     int64   `json:"priceCents"`
	CompareAtCents int64   `json:"compareAtCents"` // 0: none
	Currency       string  `json:"currency"`
	// Available: it is offered and some variant of it can be bought.
	Available bool `json:"available"`
	// Variants are the forms it is sold in, with their price and what is
	// left; a product without variants of its own has one, "default",
	// without a name.
	Variants []ProductVariant `json:"variants" tstype:"ProductVariant[]"`
	// Collections are the ones it is in, for its page's links.
	Collections []CollectionRef `json:"collections" tstype:"CollectionRef[]"`
	UpdatedAt   time.Time       `json:"updatedAt"`
	// Lang is the language its texts are in (BCP 47); Original and
	// Translations as a page's (the business's language, the prefixes it
	// is translated into).
	Lang         string   `json:"lang,omitempty"`
	Original     string   `json:"-"`
	Translations []string `json:"-"`
	translations []byte
}

// ProductVariant is one form a product is sold in.
type ProductVariant struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	PriceCents int64  `json:"priceCents"`
	// Left is how many can still be bought when few are (5 or fewer); 0:
	// sold out; -1: plenty, or not counted.
	Left int `json:"left"`
}

// CollectionRef names a collection.
type CollectionRef struct {
	Slug  string `json:"slug"`
	Title string `json:"title"`
}

// Collection is a collection with its products in its own order.
type Collection struct {
	Slug        string    `json:"slug"`
	Title       string    `json:"title"`
	Description string    `json:"description"`
	Products    []Product `json:"products" tstype:"Product[]"`
	// Lang, Original and Translations are as a product's.
	Lang         string   `json:"lang,omitempty"`
	Original     string   `json:"-"`
	Translations []string `json:"-"`
}

// Section is one block of a page, by its type: "heading" (Text), "text"
// (Body, rich text), "image" (Image), "button" (Text, Href) or "booking"
// (Calendar: the booking widget of that calendar, embedded).
type Section struct {
	Type     string `json:"type" tstype:"'heading' | 'text' | 'image' | 'button' | 'booking'"`
	Text     string `json:"text,omitempty"`
	Body     []Node `json:"body,omitempty" tstype:"RichNode[]"`
	Image    *Image `json:"image,omitempty"`
	Href     string `json:"href,omitempty"`
	Calendar string `json:"calendar,omitempty"`
}
