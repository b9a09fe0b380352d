package web

import (
	"slices"
	"strings"

	"slotwise/backend/internal/route"
	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/web/pages"
)

// isoWeek names the weekdays in the order a week is read, Monday first.
var isoWeek = []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}

// siteBusiness is the footer's business in a page's language.
func siteBusiness(b *sites.Business, locale string) *SiteBusiness {
	if b == nil {
		return nil
	}
	out := &SiteBusiness{Name: b.Name, MapURL: b.MapURL, Phone: b.Phone, Email: b.Email, Hours: openingDays(b.Hours), Lang: b.Lang}
	for line := range strings.Lines(b.Address) {
		if line = strings.TrimSpace(line); line != "" {
			out.Address = append(out.Address, line)
		}
	}
	if b.Phone != "" {
		out.PhoneHref = phoneHref(b.Phone)
	}
	if b.ContactForm != "" {
		out.Contact = contactFormHref(locale, b.ContactForm)
	}
	for _, l := range []LegalLink{{"imprint", b.ImprintURL}, {"privacy", b.PrivacyURL}, {"terms", b.TermsURL}} {
		if l.Href != "" {
			l.Href = localPath(locale, l.Href)
			out.Legal = append(out.Legal, l)
		}
	}
	return out
}

// contactFormHref is the page of the form a business answers.
func contactFormHref(locale, slug string) string {
	return route.Default().Href(locale, "form", "", map[string]string{"id": slug}, nil)
}

// phoneHref is a number as a tel: link dials it: its digits and a
// leading +.
func phoneHref(phone string) string {
	var b strings.Builder
	b.WriteString("tel:")
	for i, r := range phone {
		if r >= '0' && r <= '9' || r == '+' && i == 0 {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// openingDays joins the days in a row that open at the same hours
// ("Mon–Fri 09:00–19:00").
func openingDays(hours map[string][]string) []OpeningDays {
	var out []OpeningDays
	for i, day := range isoWeek {
		spans := hours[day]
		if len(spans) == 0 {
			continue
		}
		if n := len(out); n > 0 && out[n-1].To == i && slices.Equal(out[n-1].Spans, spans) {
			out[n-1].To = i + 1
			continue
		}
		out = append(out, OpeningDays{From: i + 1, To: i + 1, Spans: spans})
	}
	return out
}

// legalPaths are the site paths of the business's legal pages, which the
// footer links to and the header's menu leaves out.
func legalPaths(b *sites.Business) []string {
	if b == nil {
		return nil
	}
	var out []string
	for _, u := range []string{b.ImprintURL, b.PrivacyURL, b.TermsURL} {
		if p, ok := strings.CutPrefix(u, "/"); ok && !strings.HasPrefix(p, "/") {
			out = append(out, p)
		}
	}
	return out
}

// localBusiness is the business as search engines read it: schema.org's
// LocalBusiness, with how it is reached and when it is open.
func localBusiness(req *pages.Request, b *SiteBusiness) map[string]any {
	ld := map[string]any{"@context": "https://schema.org", "@type": "LocalBusiness", "name": b.Name, "url": req.Absolute("/")}
	if len(b.Address) > 0 {
		ld["address"] = strings.Join(b.Address, ", ")
	}
	if b.Phone != "" {
		ld["telephone"] = b.Phone
	}
	if b.Email != "" {
		ld["email"] = b.Email
	}
	if b.MapURL != "" {
		ld["hasMap"] = b.MapURL
	}
	var hours []any
	for _, o := range b.Hours {
		days := make([]string, 0, o.To-o.From+1)
		for d := o.From; d <= o.To; d++ {
			days = append(days, "https://schema.org/"+strings.ToUpper(isoWeek[d-1][:1])+isoWeek[d-1][1:])
		}
		for _, span := range o.Spans {
			opens, closes, _ := strings.Cut(span, "-")
			hours = append(hours, map[string]any{"@type": "OpeningHoursSpecification", "dayOfWeek": days, "opens": opens, "closes": closes})
		}
	}
	if hours != nil {
		ld["openingHoursSpecification"] = hours
	}
	return ld
}
