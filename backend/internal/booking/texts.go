package booking

import (
	"cmp"
	"encoding/json"

	"slotwise/locales"
)

// recordTexts are a calendar's, team's or group's texts in one language,
// as the record keeps them (content.Texts): a text left out is the
// original's.
type recordTexts struct {
	Name        string            `json:"name"`
	Description string            `json:"description"`
	Places      map[string]string `json:"places"`      // by the original place's value
	Categories  map[string]string `json:"categories"`  // a menu's, by the original's name
	ConsentText string            `json:"consentText"` // a business's
}

// textsIn picks locale's texts out of a record's translations; en-US
// reads a translation into English.
func textsIn(translations []byte, locale string) (recordTexts, bool) {
	if len(translations) <= 2 { // {}: none, the common case, without decoding
		return recordTexts{}, false
	}
	var all map[string]recordTexts
	if json.Unmarshal(translations, &all) != nil {
		return recordTexts{}, false
	}
	t, ok := all[locale]
	if !ok && locale == locales.Fallback {
		t, ok = all["en"]
	}
	return t, ok
}

// In is the calendar as told in locale: its name, description and places
// in that language where the business translated them, else its own,
// with Lang saying which. The places keep their order and kinds.
func (c *Calendar) In(locale string) *Calendar {
	out := *c
	if c.Location != nil {
		out.Location = c.Location.In(locale)
	}
	t, ok := textsIn(c.translations, locale)
	if !ok {
		return &out
	}
	out.Name, out.Description, out.Lang = cmp.Or(t.Name, c.Name), cmp.Or(t.Description, c.Description), locales.Lang(locale)
	if len(t.Places) > 0 {
		out.LocationOptions = make([]LocationOption, len(c.LocationOptions))
		for i, o := range c.LocationOptions {
			out.LocationOptions[i] = LocationOption{Kind: o.Kind, Value: cmp.Or(t.Places[o.Value], o.Value)}
		}
	}
	return &out
}

// In is the business as told in locale: its name and consent text in
// that language where it translated them.
func (l *Location) In(locale string) *Location {
	out := *l
	out.Lang = locales.Lang(l.DefaultLocale)
	if t, ok := textsIn(l.translations, locale); ok {
		out.Name, out.ConsentText = cmp.Or(t.Name, l.Name), cmp.Or(t.ConsentText, l.ConsentText)
		if t.ConsentText != "" {
			out.Lang = locales.Lang(locale)
		}
	}
	return &out
}

// In is the team and its calendar as told in locale (Calendar.In).
func (t *Team) In(locale string) *Team {
	out := *t
	out.Calendar, out.Lang = t.Calendar.In(locale), t.Calendar.Lang
	if x, ok := textsIn(t.translations, locale); ok {
		out.Name, out.Description, out.Lang = cmp.Or(x.Name, t.Name), cmp.Or(x.Description, t.Description), locales.Lang(locale)
	}
	return &out
}

// In is the group and its calendars as told in locale (Calendar.In).
func (g *Group) In(locale string) *Group {
	out := *g
	out.Lang, out.Location = locales.Lang(g.Location.DefaultLocale), g.Location.In(locale)
	if x, ok := textsIn(g.translations, locale); ok {
		out.Name, out.Description, out.Lang = cmp.Or(x.Name, g.Name), cmp.Or(x.Description, g.Description), locales.Lang(locale)
	}
	out.Calendars = make([]*Calendar, len(g.Calendars))
	for i, c := range g.Calendars {
		out.Calendars[i] = c.In(locale)
	}
	return &out
}

// inLanguage is a group of bookings as told to someone reading locale:
// each booking's calendar in that language (Calendar.In).
func inLanguage(group []*Booking, locale string) []*Booking {
	out := make([]*Booking, len(group))
	for i, b := range group {
		out[i] = b.In(locale)
	}
	return out
}

// In is the booking as told in locale: its calendar in that language.
func (b *Booking) In(locale string) *Booking {
	c := *b
	c.Calendar = b.Calendar.In(locale)
	// The place is kept as the original names it: told as translated.
	if t, ok := textsIn(b.Calendar.translations, locale); ok {
		c.Contact.Location = cmp.Or(t.Places[b.Contact.Location], b.Contact.Location)
	}
	return &c
}

// In is the menu, its categories and its services as told in locale
// (Calendar.In); the services stay the same calendars, so a cart is
// checked as before.
func (m *Menu) In(locale string) *Menu {
	out := *m
	if m.Location != nil {
		out.Location = m.Location.In(locale)
	}
	x, ok := textsIn(m.translations, locale)
	if ok {
		out.Name, out.Description, out.Lang = cmp.Or(x.Name, m.Name), cmp.Or(x.Description, m.Description), locales.Lang(locale)
	}
	out.Categories = make([]MenuCategory, len(m.Categories))
	for i, c := range m.Categories {
		name, lang := c.Name, m.Lang
		if t := x.Categories[c.Name]; t != "" {
			name, lang = t, locales.Lang(locale)
		}
		out.Categories[i] = MenuCategory{Name: name, Lang: lang, Services: make([]*Calendar, len(c.Services))}
		for j, s := range c.Services {
			out.Categories[i].Services[j] = s.In(locale)
		}
	}
	return &out
}
