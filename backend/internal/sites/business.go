package sites

import (
	"cmp"
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
	"slotwise/locales"
)

// Business is how the site's business is reached and its legal pages, as
// its location.yaml says them: what the website's footer and its
// LocalBusiness data show.
type Business struct {
	Name, Email, Phone, Address, MapURL string
	TimeZone                            string
	// Hours are the opening hours by weekday ("monday": ["09:00-19:00"]).
	Hours                                     map[string][]string
	ContactForm                               string // a form's slug
	PrivacyURL, ImprintURL, TermsURL, LogoURL string
	DefaultLocale                             string // the language its own texts are written in
	// Lang is the language its name and address are in: DefaultLocale's,
	// or one it translated them into (In).
	Lang         string
	translations []byte
}

// In is the business as told in locale (a language's URL prefix): its
// name and address in that language where it translated them.
func (b *Business) In(locale string) (*Business, error) {
	out := *b
	out.Lang = locales.Lang(b.DefaultLocale)
	_, t, err := textsIn(b.translations, locale)
	if err != nil {
		return nil, fmt.Errorf("sites: the business has broken translations: %w", err)
	}
	if t != nil && (t.Name != "" || t.Address != "") {
		out.Name, out.Address, out.Lang = cmp.Or(t.Name, b.Name), cmp.Or(t.Address, b.Address), locales.Lang(locale)
	}
	return &out, nil
}

// Business reads the site's business; nil when there is none yet.
func (s *Store) Business(ctx context.Context) (*Business, error) {
	b := &Business{}
	err := s.q.QueryRow(ctx, `SELECT name, email, phone, address, map_url, time_zone, opening_hours, contact_form,
		privacy_url, imprint_url, terms_url, logo_url, default_locale, translations FROM locations WHERE id = $1`, db.ThisBusiness).Scan(
		&b.Name, &b.Email, &b.Phone, &b.Address, &b.MapURL, &b.TimeZone, &b.Hours, &b.ContactForm,
		&b.PrivacyURL, &b.ImprintURL, &b.TermsURL, &b.LogoURL, &b.DefaultLocale, &b.translations)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("sites: unable to read the business: %w", err)
	}
	return b, nil
}
