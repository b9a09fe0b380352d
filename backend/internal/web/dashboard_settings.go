package web

import (
	"context"
	"errors"
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/content"
	"slotwise/backend/internal/fieldcheck"
	"slotwise/backend/internal/web/pages"
	"slotwise/locales"
)

// The owner's settings of the business: its name, colour, logo, the
// language its pages and mails speak first, and how visitors reach it.
// A change replaces the business's content item through the content
// service (the admin API's pipeline), so its pages show it at once.
// Nobody but an owner finds the page.

// locationKind is content's kind of the business itself.
var locationKind, _ = content.KindNamed("location")

var colourSyntax = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// businessItem is the business as content keeps it.
func (d dashboardFeature) businessItem(ctx context.Context) (*content.Location, error) {
	if d.deps.Content == nil || d.deps.Pool == nil {
		return nil, errOwnersOnly
	}
	all, err := content.List(ctx, d.deps.Pool, locationKind)
	if err != nil {
		return nil, err
	}
	list, _ := all.([]content.Location)
	if len(list) == 0 {
		return nil, errOwnersOnly
	}
	return &list[0], nil
}

func (d dashboardFeature) settingsPage(ctx context.Context, req *pages.Request, v *viewer) (*pages.Result, error) {
	if err := v.ownerOnly(); err != nil {
		return nil, pages.NotFound(req.FullPath)
	}
	loc, err := d.businessItem(ctx)
	if err != nil {
		return nil, err
	}
	f, err := v.frame()
	if err != nil {
		return nil, err
	}
	data := AdminSettingsPageData{Frame: f, Name: loc.Name, BrandColor: loc.BrandColor, LogoURL: loc.LogoURL, Email: loc.Email,
		Phone: loc.Phone, Address: loc.Address, DefaultLocale: loc.DefaultLocale, TimeZone: loc.TimeZone, Currency: loc.Currency,
		FormKey: req.FormKey()}
	if done := req.Query.Get("done"); done == "saved" || done == "reminders" {
		data.Done = done
	}
	if data.Reminders, err = d.calendarReminders(ctx, req); err != nil {
		return nil, err
	}
	return &pages.Result{Title: req.T("admin.settings.title"), Data: data, Parts: screenTexts("settings")}, nil
}

// changeSettings saves the business's details the form names.
func (d dashboardFeature) changeSettings(ctx context.Context, req *pages.Request, form url.Values, v *viewer) (string, error) {
	if err := v.ownerOnly(); err != nil {
		return "", err
	}
	switch form.Get("do") {
	case "reminders":
		return d.changeReminders(ctx, req, form)
	case "business":
	default:
		return "", &booking.ValidationError{Fields: map[string]string{"do": "admin.bookings.unknownChange"}}
	}
	loc, err := d.businessItem(ctx)
	if err != nil {
		return "", err
	}
	next := *loc
	get := func(name string) string { return strings.TrimSpace(form.Get(name)) }
	next.Name, next.BrandColor, next.LogoURL = get("name"), strings.ToLower(get("brandColor")), get("logoUrl")
	next.Email, next.Phone, next.Address = get("email"), get("phone"), strings.TrimSpace(strings.ReplaceAll(form.Get("address"), "\r\n", "\n"))
	errs := map[string]string{}
	switch {
	case next.Name == "":
		errs["name"] = "admin.settings.nameRequired"
	case utf8.RuneCountInString(next.Name) > 200:
		errs["name"] = "admin.settings.tooLong"
	}
	if !colourSyntax.MatchString(next.BrandColor) {
		errs["brandColor"] = "admin.settings.colour"
	}
	if next.Email != "" && fieldcheck.EmailProblem(next.Email) != "" {
		errs["email"] = "validation.emailInvalid"
	}
	if utf8.RuneCountInString(next.Address) > 500 {
		errs["address"] = "admin.settings.tooLong"
	}
	if l, ok := locales.Canonical(get("defaultLocale")); ok {
		next.DefaultLocale = l
	} else {
		errs["defaultLocale"] = "admin.settings.language"
	}
	if len(errs) > 0 {
		return "", &booking.ValidationError{Fields: errs}
	}
	if err := d.putItem(ctx, locationKind, next.Slug, next, form, "settings"); err != nil {
		var ps content.Problems
		if errors.As(err, &ps) { // what the content's own checks refuse (a logo's address, a phone), by field
			fields := map[string]string{}
			for _, p := range ps {
				field := p.Field
				if field == "logoUrl" || field == "phone" || field == "email" || field == "address" || field == "name" {
					fields[field] = "admin.settings.invalid"
				}
			}
			if len(fields) == 0 {
				fields["do"] = "admin.availability.refused"
			}
			return "", &booking.ValidationError{Fields: fields}
		}
		return "", err
	}
	return adminHref(req, "adminSettings", "", nil, url.Values{"done": {"saved"}}), nil
}
