package content

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/strictjson"
)

// Kind is one kind of content (calendars, posts, …): how it is read from
// the database, checked, compared and written. Import and the admin API
// both go through it, so a site's files and the API share one model.
type Kind interface {
	Name() string
	loadInto(ctx context.Context, q db.Querier, s *Site) error
	Count(s *Site) int
	check(s *Site, srcs sources, x *index, ps *Problems)
	applyChanged(ctx context.Context, w *writer, cur, next *Site) error
	// decode reads one item of the admin API, keyed by its address.
	decode(key string, body []byte) (any, error)
	// the admin API's item operations
	item(s *Site, key string) (any, bool)
	keyOf(item any) string
	// canonical is a copy of item in its canon's spelling.
	canonical(item any) any
	setKeyOf(item any, key string)
	// blank is a new item with its defaults, to decode into.
	blank() any
	sameItem(a, b any) bool
	list(s *Site) any
	all(s *Site) []any
	add(s *Site, item any)
	remove(ctx context.Context, q db.Querier, key string) (bool, error)
}

// sources maps a kind's items to where a folder has them.
type sources map[string]map[string]*source

type itemKind[T any] struct {
	name   string
	items  func(*Site) *[]T
	key    func(*T) string
	setKey func(*T, string)
	load   func(context.Context, db.Querier, *Site) error
	checkF func(*T, report, *index)
	// canon brings an item to one spelling of its meaning, so that an
	// unchanged item compares equal whatever way it was written.
	canon  func(*T)
	save   func(context.Context, *writer, *T) error
	delete string // the statement deleting one by its key ($1) in its business ($2)
	// deleteF deletes one by its key where one statement cannot name it
	deleteF func(ctx context.Context, q db.Querier, key string) (bool, error)
}

func (k *itemKind[T]) Name() string { return k.name }

func (k *itemKind[T]) loadInto(ctx context.Context, q db.Querier, s *Site) error {
	return k.load(ctx, q, s)
}

func (k *itemKind[T]) Count(s *Site) int { return len(*k.items(s)) }

func (k *itemKind[T]) check(s *Site, srcs sources, x *index, ps *Problems) {
	for i := range *k.items(s) {
		it := &(*k.items(s))[i]
		k.checkF(it, report{src: srcs[k.name][k.key(it)], list: ps}, x)
	}
}

// same tells whether two items mean the same content.
func (k *itemKind[T]) same(a, b T) bool {
	if k.canon != nil {
		k.canon(&a)
		k.canon(&b)
	}
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(ja) == string(jb)
}

func (k *itemKind[T]) applyChanged(ctx context.Context, w *writer, cur, next *Site) error {
	have := map[string]*T{}
	for i := range *k.items(cur) {
		it := &(*k.items(cur))[i]
		have[k.key(it)] = it
	}
	for i := range *k.items(next) {
		it := &(*k.items(next))[i]
		if old, ok := have[k.key(it)]; ok && k.same(*old, *it) {
			w.step(k.name, false)
			continue
		}
		if err := k.save(ctx, w, it); err != nil {
			return &itemError{kind: k.name, key: k.key(it), err: err}
		}
		w.step(k.name, true)
	}
	return nil
}

func (k *itemKind[T]) decode(key string, body []byte) (any, error) {
	var it T
	if m, ok := any(&it).(*Media); ok {
		m.Data = body // a picture is sent as itself
	} else {
		k.defaults(&it)
		if err := strictjson.Decode(body, &it); err != nil {
			return nil, err
		}
	}
	if n, ok := any(&it).(interface{ normalize() }); ok {
		n.normalize()
	}
	if own := k.key(&it); key != "" && own != "" && own != key {
		return nil, fmt.Errorf("the body names %q, the address %q: a key is changed by creating the item anew", own, key)
	}
	k.setKey(&it, cmp.Or(key, k.key(&it)))
	return &it, nil
}

func (k *itemKind[T]) defaults(it *T) {
	if d, ok := any(it).(interface{ setDefaults() }); ok {
		d.setDefaults()
	}
}

func (k *itemKind[T]) item(s *Site, key string) (any, bool) {
	for i := range *k.items(s) {
		if it := &(*k.items(s))[i]; k.key(it) == key {
			return it, true
		}
	}
	return nil, false
}

func (k *itemKind[T]) keyOf(item any) string { return k.key(item.(*T)) }

func (k *itemKind[T]) canonical(item any) any {
	c := *item.(*T)
	if k.canon != nil {
		k.canon(&c)
	}
	return &c
}

func (k *itemKind[T]) setKeyOf(item any, key string) { k.setKey(item.(*T), key) }

func (k *itemKind[T]) blank() any {
	it := new(T)
	k.defaults(it)
	return it
}

func (k *itemKind[T]) sameItem(a, b any) bool { return k.same(*a.(*T), *b.(*T)) }

func (k *itemKind[T]) list(s *Site) any {
	if *k.items(s) == nil {
		return []T{}
	}
	return *k.items(s)
}

func (k *itemKind[T]) all(s *Site) []any {
	out := make([]any, 0, len(*k.items(s)))
	for i := range *k.items(s) {
		out = append(out, &(*k.items(s))[i])
	}
	return out
}

func (k *itemKind[T]) add(s *Site, item any) { *k.items(s) = append(*k.items(s), *item.(*T)) }

func (k *itemKind[T]) remove(ctx context.Context, q db.Querier, key string) (bool, error) {
	if k.deleteF != nil {
		return k.deleteF(ctx, q, key)
	}
	tag, err := q.Exec(ctx, k.delete, key, db.ThisBusiness)
	return err == nil && tag.RowsAffected() > 0, err
}

// itemError names the item whose writing failed.
type itemError struct {
	kind, key string
	err       error
}

func (e *itemError) Error() string { return e.kind + " " + e.key + ": " + e.err.Error() }
func (e *itemError) Unwrap() error { return e.err }

// Kinds are every kind of content, in the order they are written: what
// an item refers to is written before it.
func Kinds() []Kind { return kinds }

// KindNamed finds a kind by its name in the API and the docs.
func KindNamed(name string) (Kind, bool) {
	for _, k := range kinds {
		if k.Name() == name {
			return k, true
		}
	}
	return nil, false
}

var kinds = append([]Kind{
	&itemKind[Location]{name: "location", items: func(s *Site) *[]Location { return &s.Locations },
		key: func(l *Location) string { return l.Slug }, setKey: func(l *Location, k string) { l.Slug = k },
		load: loadLocation, checkF: checkLocation, save: saveLocation,
		delete: `DELETE FROM locations WHERE slug = $1 AND id = $2 AND false`}, // the business stays: everything hangs on it
	&itemKind[Media]{name: "media", items: func(s *Site) *[]Media { return &s.Media },
		key: func(m *Media) string { return m.Name }, setKey: func(m *Media, k string) { m.Name = k },
		load: loadMedia, checkF: checkMedia, save: saveMedia,
		// with the smaller widths SavePicture kept beside it, unless a post,
		// product or page shows it
		delete: `DELETE FROM media WHERE (name = $1 OR (starts_with(name, regexp_replace($1, '\.[a-z]+$', '') || '-')
			AND substr(name, length(regexp_replace($1, '\.[a-z]+$', '')) + 2) ~ '^[0-9]+w\.[a-z]+$'))
			AND location_id = $2
			AND NOT EXISTS (SELECT 1 FROM posts WHERE location_id = $2 AND cover->>'src' = '/media/' || $1)
			AND NOT EXISTS (SELECT 1 FROM products WHERE location_id = $2 AND images @> jsonb_build_array(jsonb_build_object('src', '/media/' || $1)))
			AND NOT EXISTS (SELECT 1 FROM site_pages WHERE location_id = $2
				AND sections @> jsonb_build_array(jsonb_build_object('image', jsonb_build_object('src', '/media/' || $1))))`},
	&itemKind[Staff]{name: "staff", items: func(s *Site) *[]Staff { return &s.Staff },
		key: func(v *Staff) string { return v.Slug }, setKey: func(v *Staff, k string) { v.Slug = k },
		load: loadStaff, checkF: checkStaff, save: saveStaff,
		canon: func(v *Staff) {
			v.Overrides = byKey(v.Overrides, func(o Override) string { return o.Day })
			if v.Agenda != nil && v.Agenda.Day == "" {
				v.Agenda = &Agenda{At: v.Agenda.At, Day: "today"}
			}
		},
		delete: `DELETE FROM staff WHERE slug = $1 AND location_id = $2
			AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.staff_id = staff.id AND b.location_id = staff.location_id)`},
	&itemKind[Form]{name: "forms", items: func(s *Site) *[]Form { return &s.Forms },
		key: func(v *Form) string { return v.Slug }, setKey: func(v *Form, k string) { v.Slug = k },
		load: loadForms, checkF: checkForm, canon: canonForm, save: saveForm,
		delete: `DELETE FROM forms WHERE slug = $1 AND location_id = $2
			AND NOT EXISTS (SELECT 1 FROM form_responses r WHERE r.form_id = forms.id AND r.location_id = forms.location_id)
			AND NOT EXISTS (SELECT 1 FROM calendars c WHERE c.form_id = forms.id AND c.location_id = forms.location_id)`},
	&itemKind[Calendar]{name: "calendars", items: func(s *Site) *[]Calendar { return &s.Calendars },
		key: func(v *Calendar) string { return v.Slug }, setKey: func(v *Calendar, k string) { v.Slug = k },
		load: loadCalendars, checkF: checkCalendar, canon: func(c *Calendar) { c.Staff = sorted(c.Staff); canonSteps(c) }, save: saveCalendar,
		delete: `DELETE FROM calendars WHERE slug = $1 AND location_id = $2
			AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.calendar_id = calendars.id AND b.location_id = calendars.location_id)
			AND NOT EXISTS (SELECT 1 FROM teams t WHERE t.calendar_id = calendars.id AND t.location_id = calendars.location_id)
			AND NOT EXISTS (SELECT 1 FROM site_pages p WHERE p.location_id = calendars.location_id
				AND p.sections @> jsonb_build_array(jsonb_build_object('calendar', $1::text)))`},
	&itemKind[Team]{name: "teams", items: func(s *Site) *[]Team { return &s.Teams },
		key: func(v *Team) string { return v.Slug }, setKey: func(v *Team, k string) { v.Slug = k },
		load: loadTeams, checkF: checkTeam, save: saveTeam, delete: `DELETE FROM teams WHERE slug = $1 AND location_id = $2`},
	&itemKind[Group]{name: "groups", items: func(s *Site) *[]Group { return &s.Groups },
		key: func(v *Group) string { return v.Slug }, setKey: func(v *Group, k string) { v.Slug = k },
		load: loadGroups, checkF: checkGroup, save: saveGroup, delete: `DELETE FROM calendar_groups WHERE slug = $1 AND location_id = $2`},
	&itemKind[Menu]{name: "menus", items: func(s *Site) *[]Menu { return &s.Menus },
		key: func(v *Menu) string { return v.Slug }, setKey: func(v *Menu, k string) { v.Slug = k },
		load: loadMenus, checkF: checkMenu, save: saveMenu, delete: `DELETE FROM service_menus WHERE slug = $1 AND location_id = $2`},
	&itemKind[Link]{name: "links", items: func(s *Site) *[]Link { return &s.Links },
		key: func(v *Link) string { return v.Slug }, setKey: func(v *Link, k string) { v.Slug = k },
		load: loadLinks, checkF: checkLink, canon: func(l *Link) { l.Expires = instant(l.Expires) }, save: saveLink,
		delete: `DELETE FROM one_time_links WHERE slug = $1 AND location_id = $2`},
	&itemKind[Product]{name: "products", items: func(s *Site) *[]Product { return &s.Products },
		key: func(v *Product) string { return v.ID }, setKey: func(v *Product, k string) { v.ID = k },
		load: loadProducts, checkF: checkProduct, save: saveProduct, delete: `DELETE FROM products WHERE id = $1 AND location_id = $2`},
	&itemKind[Collection]{name: "collections", items: func(s *Site) *[]Collection { return &s.Collections },
		key: func(v *Collection) string { return v.Slug }, setKey: func(v *Collection, k string) { v.Slug = k },
		load: loadCollections, checkF: checkCollection, save: saveCollection, delete: `DELETE FROM collections WHERE slug = $1 AND location_id = $2`},
	&itemKind[Blog]{name: "blogs", items: func(s *Site) *[]Blog { return &s.Blogs },
		key: func(v *Blog) string { return v.Path }, setKey: func(v *Blog, k string) { v.Path = k },
		load: loadBlogs, checkF: checkBlog, save: saveBlog,
		canon:  func(v *Blog) { v.Categories = byKey(v.Categories, func(c Category) string { return c.Slug }) },
		delete: `DELETE FROM blogs WHERE path = $1 AND location_id = $2 AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.blog_id = blogs.id AND p.location_id = blogs.location_id)`},
	&itemKind[Author]{name: "authors", items: func(s *Site) *[]Author { return &s.Authors },
		key: func(v *Author) string { return v.Slug }, setKey: func(v *Author, k string) { v.Slug = k },
		load: loadAuthors, checkF: checkAuthor, save: saveAuthor,
		delete: `DELETE FROM authors WHERE slug = $1 AND location_id = $2
			AND NOT EXISTS (SELECT 1 FROM posts p WHERE p.author_id = authors.id AND p.location_id = authors.location_id)`},
	&itemKind[Tag]{name: "tags", items: func(s *Site) *[]Tag { return &s.Tags },
		key: func(v *Tag) string { return v.Slug }, setKey: func(v *Tag, k string) { v.Slug = k },
		load: loadTags, checkF: checkTag, save: saveTag, delete: `DELETE FROM tags WHERE slug = $1 AND location_id = $2`},
	&itemKind[Post]{name: "posts", items: func(s *Site) *[]Post { return &s.Posts },
		key: func(v *Post) string { return v.Slug }, setKey: func(v *Post, k string) { v.Slug = k },
		load: loadPosts, checkF: checkPost, canon: canonPost, save: savePost, delete: `DELETE FROM posts WHERE slug = $1 AND location_id = $2`},
	&itemKind[Page]{name: "pages", items: func(s *Site) *[]Page { return &s.Pages },
		key: func(v *Page) string { return v.Path }, setKey: func(v *Page, k string) { v.Path = k },
		load: loadPages, checkF: checkPage, canon: canonPage, save: savePage, delete: `DELETE FROM site_pages WHERE path = $1 AND location_id = $2`},
	translationKind(pagesDir),
	translationKind(postsDir),
}, recordTextKinds()...)

// instant is a time as the database keeps it: UTC, to the microsecond.
func instant(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

// body is a text as it is kept: without the blank lines around it.
func body(s string) string { return strings.TrimRight(strings.TrimLeft(s, "\r\n"), " \t\r\n") }

func canonPost(p *Post) {
	p.Categories, p.Tags = sorted(p.Categories), sorted(p.Tags)
	if p.PublishedAt != nil {
		t := instant(*p.PublishedAt)
		p.PublishedAt = &t
	}
	p.Body = body(p.Body)
	if p.Body == "" {
		p.Format = ""
	}
}

// canonPage writes a page's sections as they are kept: through the same
// checks and back.
func canonPage(p *Page) {
	p.Body = body(p.Body)
	var in []sites.SectionInput
	for _, s := range p.Sections {
		in = append(in, sectionInput(s))
	}
	checked, err := sites.CheckSections(in)
	if err != nil {
		return
	}
	stored, _ := json.Marshal(checked) // strings and numbers always encode
	if secs, err := sourceOfSections(stored); err == nil {
		p.Sections = secs
	}
}

func canonForm(f *Form) {
	def, err := formDefinition(f)
	if err != nil {
		return
	}
	raw, _ := json.Marshal(def) // a definition read from JSON encodes again
	var m map[string]any
	if json.Unmarshal(raw, &m) == nil {
		f.Definition = m
	}
}
