package content

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"gopkg.in/yaml.v3"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/sites"
	"slotwise/locales"
)

// Texts is a YAML record's texts in another language: a sparse sibling of
// its file holding only what it translates (calendars/consultation.de.yaml,
// products/lamp.fr.yaml); a field left out is the original's. Its key is
// the original's and the language's prefix (consultation.de), in the
// kinds calendar-translations, team-translations, group-translations,
// menu-translations, product-translations and collection-translations. It is kept on the
// original's row and goes with it.
type Texts struct {
	Key        string `yaml:"-" json:"key"`
	TextFields `yaml:",inline"`
	// Source and Outdated are as a page's translation's (Translation).
	Source   string `yaml:"source,omitempty" json:"source,omitempty"`
	Outdated bool   `yaml:"-" json:"outdated,omitempty"`
}

// TextFields are the texts a record may have translated; which of them a
// kind has is in textKinds.
type TextFields struct {
	Name        string `yaml:"name,omitempty" json:"name,omitempty"`
	Title       string `yaml:"title,omitempty" json:"title,omitempty"`     // a collection's
	Summary     string `yaml:"summary,omitempty" json:"summary,omitempty"` // a product's
	Description string `yaml:"description,omitempty" json:"description,omitempty"`
	// Places are a calendar's places in this language, by the original
	// place's value, so that reordering them keeps their translations.
	Places map[string]string `yaml:"places,omitempty" json:"places,omitempty"`
	// Alts describe a product's pictures in this language, by the
	// picture's address.
	Alts map[string]string `yaml:"alts,omitempty" json:"alts,omitempty"`
	// Variants name a product's variants in this language, by their ids
	// (a size, a colour).
	Variants map[string]string `yaml:"variants,omitempty" json:"variants,omitempty"`
	// Categories are a service menu's categories' names in this
	// language, by the original's name, or a blog's categories' names
	// and descriptions, by their slugs.
	Categories map[string]Label `yaml:"categories,omitempty" json:"categories,omitempty"`
	Bio        string           `yaml:"bio,omitempty" json:"bio,omitempty"` // an author's
	// A business's (location.de.yaml): how it is reached and what a
	// booker agrees to.
	Address     string `yaml:"address,omitempty" json:"address,omitempty"`
	ConsentText string `yaml:"consentText,omitempty" json:"consentText,omitempty"`
}

// storedTexts is a translation as its record keeps it (translations →
// locale): a product's description also as the rich text it shows.
type storedTexts struct {
	TextFields
	Rich   []sites.Node `json:"rich,omitempty"`
	Source string       `json:"source"`
}

// textKind is one kind of record translations: the folder of its
// originals, where they are kept and which texts they have. The originals
// of a list file (blogs.yaml) are translated by one sibling per language
// (blogs.de.yaml), by their keys; the business's own file
// (location.yaml), by location.de.yaml.
type textKind struct {
	dir, name, table, keyColumn string
	fields                      []string
	file                        string // the originals' file, for those not one to a file
	business                    string // the column naming the business: location_id, or id for locations
}

var textKinds = []textKind{
	{"calendars", "calendar-translations", "calendars", "slug", []string{"name", "description", "places"}, "", ""},
	{"teams", "team-translations", "teams", "slug", []string{"name", "description"}, "", ""},
	{"groups", "group-translations", "calendar_groups", "slug", []string{"name", "description"}, "", ""},
	{"menus", "menu-translations", "service_menus", "slug", []string{"name", "description", "categories"}, "", ""},
	{"products", "product-translations", "products", "id", []string{"name", "summary", "description", "alts", "variants"}, "", ""},
	{"collections", "collection-translations", "collections", "slug", []string{"title", "description"}, "", ""},
	{"blogs", "blog-translations", "blogs", "path", []string{"title", "description", "categories"}, "blogs.yaml", ""},
	{"authors", "author-translations", "authors", "slug", []string{"bio"}, "authors.yaml", ""},
	{"tags", "tag-translations", "tags", "slug", []string{"name"}, "tags.yaml", ""},
	// The business is one to a site: its translation's key is location.de,
	// as its file is named.
	{"location", "location-translations", "locations", "'location'::text", []string{"name", "address", "consentText"}, locationFile, "id"},
}

// recordTextKinds are the kinds of record translations, after every
// original's kind (a translation is written after what it translates).
func recordTextKinds() []Kind {
	out := make([]Kind, len(textKinds))
	for i, k := range textKinds {
		out[i] = k.kind()
	}
	return out
}

// column is the key's column of a row aliased as alias.
func (k textKind) column(alias string) string {
	if strings.HasPrefix(k.keyColumn, "'") {
		return k.keyColumn // the business's: a constant
	}
	return alias + "." + k.keyColumn
}

// owner is the column naming a row's business.
func (k textKind) owner() string { return cmp.Or(k.business, "location_id") }

// fileOf is the file a translation is kept in, and its original's.
func (k textKind) fileOf(key string) (file, original string) {
	of, locale, _ := translationOf(k.dir, key)
	if k.file == "" {
		return k.dir + "/" + key + ".yaml", k.dir + "/" + of + ".yaml"
	}
	return strings.TrimSuffix(k.file, ".yaml") + "." + locale + ".yaml", k.file
}

func textKindOf(dir string) (textKind, bool) {
	for _, k := range textKinds {
		if k.dir == dir {
			return k, true
		}
	}
	return textKind{}, false
}

func textsOf(s *Site, dir string) *[]Texts {
	if s.Texts == nil {
		s.Texts = map[string]*[]Texts{}
	}
	if s.Texts[dir] == nil {
		s.Texts[dir] = &[]Texts{}
	}
	return s.Texts[dir]
}

func (k textKind) kind() *itemKind[Texts] {
	return &itemKind[Texts]{name: k.name, items: func(s *Site) *[]Texts { return textsOf(s, k.dir) },
		key: func(v *Texts) string { return v.Key }, setKey: func(v *Texts, key string) { v.Key = key },
		load:   k.load,
		checkF: k.check,
		canon:  canonTexts,
		save:   func(ctx context.Context, w *writer, t *Texts) error { return k.save(ctx, w.q, t) },
		deleteF: func(ctx context.Context, q db.Querier, key string) (bool, error) {
			of, locale, ok := translationOf(k.dir, key)
			if !ok {
				return false, nil
			}
			tag, err := q.Exec(ctx, `UPDATE `+k.table+` SET translations = translations - $2::text
				WHERE `+k.keyColumn+` = $1 AND `+k.owner()+` = $3 AND translations ? $2::text`, of, locale, db.ThisBusiness)
			return err == nil && tag.RowsAffected() > 0, err
		}}
}

// canonTexts is a translation in its one spelling: a category left empty
// is the original's, kept as none (so that it does not count as
// translated); Outdated is read only.
func canonTexts(t *Texts) {
	t.Outdated = false
	if len(t.Categories) > 0 {
		t.Categories = maps.Clone(t.Categories)
		maps.DeleteFunc(t.Categories, func(_ string, l Label) bool { return l == Label{} })
	}
}

// texts reads a record's translation from its sparse file.
func (r *reader) texts(p, dir, name string) {
	k, _ := textKindOf(dir)
	var v Texts
	if src := r.yaml(p, &v); src != nil {
		v.Key = name
		r.add(k.name, name, src)
		ts := textsOf(r.f.Site, dir)
		*ts = append(*ts, v)
	}
}

// textsFile is the kind of translations a file at the folder's top holds
// (blogs.de.yaml, location.de.yaml), or nil.
func textsFile(name string) *textKind {
	base, _, _ := strings.Cut(name, ".")
	for i, k := range textKinds {
		if k.file == base+".yaml" {
			return &textKinds[i]
		}
	}
	return nil
}

// fileTexts reads a list's translations (tags.de.yaml: each original's
// texts by its key) or the business's (location.de.yaml).
func (r *reader) fileTexts(p string, k textKind) {
	locale := strings.TrimSuffix(strings.TrimPrefix(path.Base(p), strings.TrimSuffix(k.file, "yaml")), ".yaml")
	if k.dir == "location" {
		var v Texts
		if src := r.yaml(p, &v); src != nil {
			v.Key = "location." + locale
			r.add(k.name, v.Key, src)
			ts := textsOf(r.f.Site, k.dir)
			*ts = append(*ts, v)
		}
		return
	}
	var node yaml.Node
	src := r.yaml(p, &node)
	if src == nil {
		return
	}
	if src.node.Kind != yaml.MappingNode {
		r.problem(p, src.node.Line, "", "holds each original's texts by its key (%s: {…})", k.keyColumn)
		return
	}
	for i := 0; i+1 < len(src.node.Content); i += 2 {
		key, el := src.node.Content[i], src.node.Content[i+1]
		var v Texts
		if err := decodeStrict(el, &v); err != nil {
			r.yamlError(p, 0, err)
			continue
		}
		v.Key = key.Value + "." + locale
		r.add(k.name, v.Key, &source{file: p, node: el})
		ts := textsOf(r.f.Site, k.dir)
		*ts = append(*ts, v)
	}
}

// original finds the record a translation translates, the folder's first.
func (k textKind) original(key string, sites ...*Site) (any, bool) {
	var found any
	for _, s := range sites {
		if s != nil && found == nil {
			eachRecord(s, k.dir, func(got string, v any) {
				if got == key && found == nil {
					found = v
				}
			})
		}
	}
	return found, found != nil
}

// eachRecord visits each record of a folder (dir) of s that translations
// may translate, by its key.
func eachRecord(s *Site, dir string, visit func(key string, v any)) {
	switch dir {
	case "calendars":
		each(s.Calendars, func(c *Calendar) string { return c.Slug }, visit)
	case "teams":
		each(s.Teams, func(t *Team) string { return t.Slug }, visit)
	case "groups":
		each(s.Groups, func(g *Group) string { return g.Slug }, visit)
	case "menus":
		each(s.Menus, func(m *Menu) string { return m.Slug }, visit)
	case "products":
		each(s.Products, func(p *Product) string { return p.ID }, visit)
	case "collections":
		each(s.Collections, func(c *Collection) string { return c.Slug }, visit)
	case "blogs":
		each(s.Blogs, func(b *Blog) string { return b.Path }, visit)
	case "authors":
		each(s.Authors, func(a *Author) string { return a.Slug }, visit)
	case "tags":
		each(s.Tags, func(t *Tag) string { return t.Slug }, visit)
	case "location": // one to a site
		if len(s.Locations) > 0 {
			visit("location", &s.Locations[0])
		}
	}
}

func each[T any](items []T, key func(*T) string, visit func(string, any)) {
	for i := range items {
		visit(key(&items[i]), &items[i])
	}
}

// ownTexts are an original record's texts in the shape of a translation:
// what a translation's digest is made of.
func ownTexts(orig any) TextFields {
	switch o := orig.(type) {
	case *Calendar:
		t := TextFields{Name: o.Name, Description: o.Description}
		for _, p := range o.Places {
			if p.Value != "" {
				t.Places = setIn(t.Places, p.Value, p.Value)
			}
		}
		return t
	case *Team:
		return TextFields{Name: o.Name, Description: o.Description}
	case *Group:
		return TextFields{Name: o.Name, Description: o.Description}
	case *Menu:
		t := TextFields{Name: o.Name, Description: o.Description}
		for _, c := range o.Categories {
			t.Categories = setIn(t.Categories, c.Name, Label{Name: c.Name})
		}
		return t
	case *Product:
		t := TextFields{Name: o.Name, Summary: o.Summary, Description: o.Description}
		for _, im := range o.Images {
			t.Alts = setIn(t.Alts, im.Src, im.Alt)
		}
		for _, v := range o.Variants {
			t.Variants = setIn(t.Variants, v.ID, v.Name)
		}
		return t
	case *Collection:
		return TextFields{Title: o.Title, Description: o.Description}
	case *Blog:
		t := TextFields{Title: o.Title, Description: o.Description}
		for _, c := range o.Categories {
			t.Categories = setIn(t.Categories, c.Slug, Label{c.Name, c.Description})
		}
		return t
	case *Author:
		return TextFields{Bio: o.Bio}
	case *Tag:
		return TextFields{Name: o.Name}
	case *Location:
		return TextFields{Name: o.Name, Address: o.Address, ConsentText: o.ConsentText}
	}
	return TextFields{}
}

func setIn[V any](m map[string]V, k string, v V) map[string]V {
	if m == nil {
		m = map[string]V{}
	}
	m[k] = v
	return m
}

// overlay is the original with the translation's texts in place of its
// own: what the translation is checked as.
func overlay(orig any, t TextFields) any {
	switch o := orig.(type) {
	case *Calendar:
		c := *o
		c.Name, c.Description = cmp.Or(t.Name, o.Name), cmp.Or(t.Description, o.Description)
		c.Places = slices.Clone(o.Places)
		for i, p := range c.Places {
			c.Places[i].Value = cmp.Or(t.Places[p.Value], p.Value)
		}
		return &c
	case *Team:
		c := *o
		c.Name, c.Description = cmp.Or(t.Name, o.Name), cmp.Or(t.Description, o.Description)
		return &c
	case *Group:
		c := *o
		c.Name, c.Description = cmp.Or(t.Name, o.Name), cmp.Or(t.Description, o.Description)
		return &c
	case *Menu:
		c := *o
		c.Name, c.Description = cmp.Or(t.Name, o.Name), cmp.Or(t.Description, o.Description)
		c.Categories = slices.Clone(o.Categories)
		for i, k := range c.Categories {
			c.Categories[i].Name = cmp.Or(t.Categories[k.Name].Name, k.Name)
		}
		return &c
	case *Product:
		c := *o
		c.Name, c.Summary, c.Description = cmp.Or(t.Name, o.Name), cmp.Or(t.Summary, o.Summary), cmp.Or(t.Description, o.Description)
		c.Images = slices.Clone(o.Images)
		for i, im := range c.Images {
			c.Images[i].Alt = cmp.Or(t.Alts[im.Src], im.Alt)
		}
		c.Variants = slices.Clone(o.Variants)
		for i, v := range c.Variants {
			c.Variants[i].Name = cmp.Or(t.Variants[v.ID], v.Name)
		}
		return &c
	case *Collection:
		c := *o
		c.Title, c.Description = cmp.Or(t.Title, o.Title), cmp.Or(t.Description, o.Description)
		return &c
	case *Blog:
		c := *o
		c.Title, c.Description = cmp.Or(t.Title, o.Title), cmp.Or(t.Description, o.Description)
		c.Categories = slices.Clone(o.Categories)
		for i, k := range c.Categories {
			l := t.Categories[k.Slug]
			c.Categories[i].Name, c.Categories[i].Description = cmp.Or(l.Name, k.Name), cmp.Or(l.Description, k.Description)
		}
		return &c
	case *Author:
		c := *o
		c.Bio = cmp.Or(t.Bio, o.Bio)
		return &c
	case *Tag:
		c := *o
		c.Name = cmp.Or(t.Name, o.Name)
		return &c
	case *Location:
		c := *o
		c.Name, c.Address, c.ConsentText = cmp.Or(t.Name, o.Name), cmp.Or(t.Address, o.Address), cmp.Or(t.ConsentText, o.ConsentText)
		return &c
	}
	return orig
}

// check checks a translation as its original is checked, with the
// translation's texts in place of the original's; a text the kind does
// not have, or a place or picture the original lacks, is refused.
func (k textKind) check(t *Texts, r report, x *index) {
	of, locale, ok := translationOf(k.dir, t.Key)
	if !ok {
		r.add("key", "%q is the original's key and a language's prefix (%s), such as consultation.de", t.Key, strings.Join(locales.Prefixes, ", "))
		return
	}
	orig, ok := x.records[k.dir+"/"+of]
	if !ok {
		_, file := k.fileOf(t.Key)
		r.add("key", "there is no %s %q to translate (%s)", k.singular(), of, file)
		return
	}
	sameLanguage(r, x.defaultLocale, locale)
	has := map[string]bool{"name": t.Name != "", "title": t.Title != "", "summary": t.Summary != "",
		"description": t.Description != "", "places": len(t.Places) > 0, "alts": len(t.Alts) > 0, "variants": len(t.Variants) > 0, "categories": len(t.Categories) > 0,
		"bio": t.Bio != "", "address": t.Address != "", "consentText": t.ConsentText != ""}
	for _, f := range slices.Sorted(maps.Keys(has)) {
		if has[f] && !slices.Contains(k.fields, f) {
			r.add(f, "a %s's translation has %s", k.singular(), strings.Join(k.fields, ", "))
		}
	}
	own := ownTexts(orig)
	unknown(r, "places", t.Places, own.Places, "is not one of the calendar's places: a place is translated by its value")
	if k.dir == "blogs" {
		unknown(r, "categories", t.Categories, own.Categories, "is not one of the blog's categories: a category is translated by its slug")
	} else {
		unknown(r, "categories", t.Categories, own.Categories, "is not one of the menu's categories: a category is translated by its name")
		for c, l := range t.Categories {
			if l.Description != "" {
				r.add("categories."+c, "a menu's category is translated by its name alone")
			}
		}
	}
	unknown(r, "alts", t.Alts, own.Alts, "is not one of the product's pictures: a description is translated by its picture's src")
	unknown(r, "variants", t.Variants, own.Variants, "is not one of the product's variants: a variant's name is translated by its id")
	r.rename = byKeys(orig)
	switch o := overlay(orig, t.TextFields).(type) {
	case *Calendar:
		checkCalendar(o, r, x)
	case *Team:
		checkTeam(o, r, x)
	case *Group:
		checkGroup(o, r, x)
	case *Menu:
		checkMenu(o, r, x)
	case *Product:
		checkProduct(o, r, x)
	case *Collection:
		checkCollection(o, r, x)
	case *Blog:
		checkBlog(o, r, x)
	case *Author:
		checkAuthor(o, r, x)
	case *Tag:
		checkTag(o, r, x)
	case *Location:
		checkLocation(o, r, x)
	}
	if t.Source != "" && !sourceSyntax.MatchString(t.Source) {
		r.add("source", "is the digest export wrote (16 letters and digits); leave it out in a new translation")
	}
}

// byKeys names the fields of an original's list by the keys its
// translation writes them with (categories.0.name is categories.massage.name).
func byKeys(orig any) func(string) string {
	var keys []string
	list := "categories."
	switch o := orig.(type) {
	case *Product: // a variant's name, by the variant's id
		list = "variants."
		for _, v := range o.Variants {
			keys = append(keys, v.ID)
		}
	case *Blog:
		for _, c := range o.Categories {
			keys = append(keys, c.Slug)
		}
	case *Menu:
		for _, c := range o.Categories {
			keys = append(keys, c.Name)
		}
	default:
		return nil
	}
	return func(field string) string {
		rest, ok := strings.CutPrefix(field, list)
		if !ok {
			return field
		}
		i, tail, _ := strings.Cut(rest, ".")
		if n, err := strconv.Atoi(i); err == nil && n >= 0 && n < len(keys) {
			if list == "variants." { // translated as variants.ID: the name
				return "variants." + keys[n]
			}
			return strings.TrimSuffix("categories."+keys[n]+"."+tail, ".")
		}
		return field
	}
}

// unknown refuses each key of a translation's list that its original's
// list lacks.
func unknown[V any](r report, field string, got, own map[string]V, why string) {
	for _, key := range slices.Sorted(maps.Keys(got)) {
		if _, ok := own[key]; !ok {
			r.add(field, "%q "+why, key)
		}
	}
}

func (k textKind) load(ctx context.Context, q db.Querier, s *Site) error {
	ts, err := collect(ctx, q, `SELECT `+k.column("t")+`, l.key, l.value FROM `+k.table+` t, jsonb_each(t.translations) l
		WHERE t.`+k.owner()+` = $1 ORDER BY 1, 2`, func(r pgx.Row) (Texts, error) {
		var of, locale string
		var raw []byte
		if err := r.Scan(&of, &locale, &raw); err != nil {
			return Texts{}, err
		}
		var st storedTexts
		if err := json.Unmarshal(raw, &st); err != nil {
			return Texts{}, fmt.Errorf("the translation of %s %q into %s: %w", k.dir, of, locale, err)
		}
		return Texts{Key: of + "." + locale, TextFields: st.TextFields, Source: st.Source}, nil
	}, db.ThisBusiness)
	if err != nil {
		return err
	}
	*textsOf(s, k.dir) = ts
	// Outdated is read against the originals: those loaded before them,
	// else (a list of translations alone) read now.
	origs := s
	if len(ts) > 0 {
		if _, ok := k.original(strings.Split(ts[0].Key, ".")[0], s); !ok {
			origs = &Site{}
			if err := k.loadOriginals(ctx, q, origs); err != nil {
				return err
			}
		}
	}
	for i := range ts {
		if d, ok := k.digest(ts[i].Key, origs); ok {
			ts[i].Outdated = ts[i].Source != d
		}
	}
	return nil
}

func (k textKind) loadOriginals(ctx context.Context, q db.Querier, s *Site) error {
	load := map[string]func(context.Context, db.Querier, *Site) error{"calendars": loadCalendars, "teams": loadTeams,
		"groups": loadGroups, "menus": loadMenus, "products": loadProducts, "collections": loadCollections,
		"blogs": loadBlogs, "authors": loadAuthors, "tags": loadTags, "location": loadLocation}[k.dir]
	return load(ctx, q, s)
}

// digest is the digest of the texts of a translation's original.
func (k textKind) digest(key string, sites ...*Site) (string, bool) {
	of, _, ok := translationOf(k.dir, key)
	if !ok {
		return "", false
	}
	orig, ok := k.original(of, sites...)
	if !ok {
		return "", false
	}
	return digest(ownTexts(orig)), true
}

func (k textKind) save(ctx context.Context, q db.Querier, t *Texts) error {
	of, locale, ok := translationOf(k.dir, t.Key)
	if !ok {
		return fmt.Errorf("%q is not a translation's key", t.Key)
	}
	c := *t
	canonTexts(&c)
	st := storedTexts{TextFields: c.TextFields, Source: t.Source}
	if k.dir == "products" && t.Description != "" {
		var err error
		if st.Rich, err = sites.SanitizeHTML(t.Description); err != nil {
			return err
		}
	}
	data, err := json.Marshal(st)
	if err != nil {
		return err
	}
	tag, err := q.Exec(ctx, `UPDATE `+k.table+` SET translations = jsonb_set(translations, ARRAY[$2::text], $3::jsonb)
		WHERE `+k.keyColumn+` = $1 AND `+k.owner()+` = $4`, of, locale, data, db.ThisBusiness)
	if err == nil && tag.RowsAffected() == 0 {
		err = fmt.Errorf("there is no %s %q to translate", k.singular(), of)
	}
	return err
}

// singular names one original of the kind.
func (k textKind) singular() string {
	if k.dir == "location" {
		return "business"
	}
	return strings.TrimSuffix(k.dir, "s")
}

func isTextKind(dir string) bool {
	_, ok := textKindOf(dir)
	return ok
}

func textKindNamed(name string) textKind {
	for _, k := range textKinds {
		if k.name == name {
			return k
		}
	}
	return textKind{}
}

// records indexes the records translations may translate, the first
// site's first.
func records(into map[string]any, sites []*Site) {
	for _, s := range sites {
		for _, k := range textKinds {
			eachRecord(s, k.dir, func(key string, v any) {
				if _, ok := into[k.dir+"/"+key]; !ok {
					into[k.dir+"/"+key] = v
				}
			})
		}
	}
}
