package web

import (
	"context"
	"encoding/base64"
	"net/url"
	"strings"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/web/pages"
)

// A person's own page: their passkeys (added with JavaScript, as WebAuthn
// is the browser's; removed by a form), and a fresh sign-in by mail when
// the session is too old for adding one.

func (d dashboardFeature) accountPage(ctx context.Context, req *pages.Request, v *viewer) (*pages.Result, error) {
	f, err := v.frame()
	if err != nil {
		return nil, err
	}
	list, err := d.team.Passkeys(ctx, v.person().ID)
	if err != nil {
		return nil, err
	}
	data := AdminAccountPageData{Frame: f, Recent: v.session.Recent(d.svc.Now()), Passkeys: make([]AdminPasskey, len(list)),
		FormKey: req.FormKey(), Done: req.Query.Get("done")}
	switch data.Done {
	case "removed", "sent", "added":
	default:
		data.Done = ""
	}
	for i, p := range list {
		data.Passkeys[i] = AdminPasskey{ID: base64.RawURLEncoding.EncodeToString(p.ID), Name: p.Name, Created: p.Created.UTC().Format(time.RFC3339)}
		if p.LastUsed != nil {
			data.Passkeys[i].LastUsed = p.LastUsed.UTC().Format(time.RFC3339)
		}
	}
	return &pages.Result{Title: req.T("admin.account.title"), Data: data, Parts: screenTexts("account")}, nil
}

// freshLink mails the signed-in person a new sign-in link, within their
// address's limit: the way to a recent session for a sensitive change.
func (d dashboardFeature) freshLink(ctx context.Context, req *pages.Request, v *viewer) error {
	if err := d.s.limits.Hit(ctx, BucketSignInPerEmail, strings.ToLower(v.person().Email)); err != nil {
		return err
	}
	return d.team.RequestSignIn(ctx, v.person().Email, req.Locale)
}

// changeAccount removes a passkey, or mails a fresh sign-in link to the
// person (to add a passkey from a session signed in long ago).
func (d dashboardFeature) changeAccount(ctx context.Context, req *pages.Request, form url.Values, v *viewer) (string, error) {
	done := ""
	switch form.Get("do") {
	case "remove":
		id, err := base64.RawURLEncoding.DecodeString(form.Get("id"))
		if err != nil || len(id) == 0 || len(id) > 1023 {
			return "", &booking.ValidationError{Fields: map[string]string{"id": "admin.passkey.unknown"}}
		}
		if err := d.team.RemovePasskey(ctx, v.person().ID, id); err != nil {
			return "", err
		}
		done = "removed"
	case "signInAgain":
		if err := d.freshLink(ctx, req, v); err != nil {
			return "", err
		}
		done = "sent"
	default:
		return "", &booking.ValidationError{Fields: map[string]string{"do": "admin.bookings.unknownChange"}}
	}
	return adminHref(req, "adminAccount", "", nil, url.Values{"done": {done}}), nil
}
