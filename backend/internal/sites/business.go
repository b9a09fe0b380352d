package sites

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
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
}

// Business reads the site's business; nil when there is none yet.
func (s *Store) Business(ctx context.Context) (*Business, error) {
	b := &Business{}
	err := s.q.QueryRow(ctx, `SELECT name, email, phone, address, map_url, time_zone, opening_hours, contact_form,
		privacy_url, imprint_url, terms_url, logo_url, default_locale FROM locations WHERE id = $1`, db.ThisBusiness).Scan(
		&b.Name, &b.Email, &b.Phone, &b.Address, &b.MapURL, &b.TimeZone, &b.Hours, &b.ContactForm,
		&b.PrivacyURL, &b.ImprintURL, &b.TermsURL, &b.LogoURL, &b.DefaultLocale)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("sites: unable to read the business: %w", err)
	}
	return b, nil
}
