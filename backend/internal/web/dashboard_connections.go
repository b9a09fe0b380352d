package web

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/admin"
	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/command"
	"slotwise/backend/internal/content"
	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/people"
	"slotwise/backend/internal/web/pages"
	"slotwise/backend/internal/webhooks"
)

// The owner's page of what the business's own systems reach it by: its
// accounts at payment providers, the webhook endpoints that hear its
// events, and the admin API's tokens. Each goes through the same
// services as the admin API. Keys are written and never shown again; a
// token's or an endpoint's secret is shown once, on the answer to the
// post that made it (dashboard_reveal.go). Connecting an account, adding
// an endpoint or a token, and a new signing secret are sensitive changes:
// a session signed in within the half hour. Nobody but an owner finds
// the page.

func (d dashboardFeature) connectionsPage(ctx context.Context, req *pages.Request, v *viewer) (*pages.Result, error) {
	if err := v.ownerOnly(); err != nil || d.deps.Pool == nil {
		return nil, pages.NotFound(req.FullPath)
	}
	f, err := v.frame()
	if err != nil {
		return nil, err
	}
	data := AdminConnectionsPageData{Frame: f, Providers: []string{}, Accounts: []AdminPaymentAccount{}, Webhooks: []AdminWebhook{},
		EventTypes: webhooks.Types, Tokens: []AdminToken{}, Recent: v.session.Recent(d.svc.Now()), FormKey: req.FormKey()}
	switch done := req.Query.Get("done"); done {
	case "connected", "disconnected", "chosen", "webhookRemoved", "webhookPaused", "webhookResumed", "tokenRevoked", "sent", "made":
		data.Done = done
	}
	if r := revealedOf(ctx); r != nil {
		data.Secret = &AdminSecret{Kind: r.kind, Name: r.name, Secret: r.secret}
	}
	day := func(t time.Time) string { return t.UTC().Format(time.RFC3339) }
	if pay := d.deps.Payments; pay.TakesAccounts() {
		data.Providers = payments.ProviderNames
		accounts, err := pay.Accounts(ctx)
		if err != nil {
			return nil, err
		}
		for _, a := range accounts {
			data.Accounts = append(data.Accounts, AdminPaymentAccount{Provider: a.Provider, Hint: a.Hint, Since: day(a.UpdatedAt)})
		}
		if loc, err := d.businessItem(ctx); err == nil {
			data.Provider = loc.PaymentProvider
		}
	}
	if d.deps.Webhooks != nil {
		list, err := d.deps.Webhooks.List(ctx)
		if err != nil {
			return nil, err
		}
		for _, e := range list {
			data.Webhooks = append(data.Webhooks, AdminWebhook{ID: e.ID, URL: e.URL, Description: e.Description, Events: e.Events,
				Enabled: e.Enabled, Paused: e.DisabledReason})
		}
	}
	tokens, err := admin.Tokens(ctx, d.deps.Pool, false)
	if err != nil {
		return nil, err
	}
	for _, t := range tokens {
		if t.RevokedAt != nil {
			continue
		}
		row := AdminToken{Name: t.Name, Scope: t.Scope, Prefix: t.Prefix, Created: day(t.CreatedAt)}
		if t.LastUsedAt != nil {
			row.LastUsed = day(*t.LastUsedAt)
		}
		data.Tokens = append(data.Tokens, row)
	}
	return &pages.Result{Title: req.T("admin.connections.title"), Data: data, Parts: screenTexts("connections"), Secret: data.Secret != nil}, nil
}

// sensitiveConnection: these changes hand out a way in to the business's
// data or its money, and ask for a session signed in within the half hour.
var sensitiveConnection = []string{"connect", "addWebhook", "rotateWebhook", "addToken"}

// changeConnections makes the change the form's "do" names.
func (d dashboardFeature) changeConnections(ctx context.Context, req *pages.Request, form url.Values, v *viewer) (string, error) {
	if err := v.ownerOnly(); err != nil {
		return "", err
	}
	do := form.Get("do")
	if slices.Contains(sensitiveConnection, do) && !v.session.Recent(d.svc.Now()) {
		return "", people.ErrNotRecent
	}
	done := ""
	var err error
	switch do {
	case "connect", "disconnect", "choose":
		done, err = d.changePayments(ctx, form)
	case "addWebhook", "removeWebhook", "pauseWebhook", "resumeWebhook", "rotateWebhook":
		done, err = d.changeWebhooks(ctx, form)
		err = endpointGone(err)
	case "addToken", "revokeToken":
		done, err = d.changeTokens(ctx, form)
	case "signInAgain":
		done, err = "sent", d.freshLink(ctx, req, v)
	default:
		err = &booking.ValidationError{Fields: map[string]string{"do": "admin.bookings.unknownChange"}}
	}
	if err != nil {
		return "", err
	}
	var q url.Values
	if done != "" {
		q = url.Values{"done": {done}}
	}
	return adminHref(req, "adminConnections", "", nil, q), nil
}

func (d dashboardFeature) changePayments(ctx context.Context, form url.Values) (string, error) {
	pay := d.deps.Payments
	provider := form.Get("provider")
	if !pay.TakesAccounts() || !slices.Contains(payments.ProviderNames, provider) {
		return "", &booking.ValidationError{Fields: map[string]string{"provider": "admin.connections.provider"}}
	}
	switch form.Get("do") {
	case "disconnect":
		if err := pay.Disconnect(ctx, provider); err != nil && !errors.Is(err, payments.ErrNoAccount) {
			return "", err // none there is what was asked: the same answer again
		}
		// A choice of the account disconnected is forgotten: left, it
		// would turn online payments off (or, the deployment's default
		// business, send them to the operator's account at the provider).
		if loc, err := d.businessItem(ctx); err == nil && loc.PaymentProvider == provider {
			if err := d.paymentsTo(ctx, loc, "", form, "provider-"+provider); err != nil {
				return "", err
			}
		}
		return "disconnected", nil
	case "choose":
		accounts, err := pay.Accounts(ctx)
		if err != nil {
			return "", err
		}
		if !slices.ContainsFunc(accounts, func(a payments.Account) bool { return a.Provider == provider }) {
			return "", &booking.ValidationError{Fields: map[string]string{"provider": "admin.connections.provider"}}
		}
		loc, err := d.businessItem(ctx)
		if err != nil {
			return "", err
		}
		if err := d.paymentsTo(ctx, loc, provider, form, "provider"); err != nil {
			return "", err
		}
		return "chosen", nil
	}
	c := payments.Credentials{Provider: provider}
	for field, to := range map[string]*string{"secretKey": &c.SecretKey, "keyId": &c.KeyID, "keySecret": &c.KeySecret, "clientId": &c.ClientID,
		"clientSecret": &c.ClientSecret, "webhookSecret": &c.WebhookSecret, "webhookId": &c.WebhookID} {
		*to = strings.TrimSpace(form.Get(field))
	}
	_, err := pay.Connect(ctx, c)
	var bad *payments.ValidationError
	if errors.As(err, &bad) {
		// Each field's message on its field; what is the account's as a
		// whole, on its first key.
		keys, fields := payments.CredentialFields(provider), map[string]string{}
		for field := range bad.Fields {
			if !slices.Contains(keys, field) {
				field = keys[0]
			}
			fields[field] = "admin.connections.badKey"
			if bad.Refused {
				fields[field] = "admin.connections.refused"
			}
		}
		return "", &booking.ValidationError{Fields: fields}
	}
	if err != nil {
		return "", err
	}
	return "connected", nil
}

// paymentsTo makes provider ("" for none chosen) the account that takes
// the business's online payments: its content item changed (putItem).
func (d dashboardFeature) paymentsTo(ctx context.Context, loc *content.Location, provider string, form url.Values, purpose string) error {
	next := *loc
	next.PaymentProvider = provider
	return d.putItem(ctx, locationKind, next.Slug, next, form, purpose)
}

func (d dashboardFeature) changeWebhooks(ctx context.Context, form url.Values) (string, error) {
	hooks := d.deps.Webhooks
	if hooks == nil {
		return "", errOwnersOnly
	}
	id := form.Get("id")
	switch form.Get("do") {
	case "removeWebhook":
		return "webhookRemoved", forgiveMissing(hooks.Delete(ctx, id))
	case "pauseWebhook", "resumeWebhook":
		on := form.Get("do") == "resumeWebhook"
		if _, err := hooks.Update(ctx, id, webhooks.EndpointInput{Enabled: &on}); err != nil {
			return "", err
		}
		if on {
			return "webhookResumed", nil
		}
		return "webhookPaused", nil
	case "rotateWebhook":
		return d.once(ctx, form, "rotateWebhook", id, func(ctx context.Context) (string, error) {
			e, err := hooks.Get(ctx, id)
			if err != nil {
				return "", err
			}
			secret, err := hooks.RotateSecret(ctx, id)
			if err != nil {
				return "", err
			}
			reveal(ctx, "webhook", e.URL, secret)
			return e.ID, nil
		})
	}
	address, description, events := strings.TrimSpace(form.Get("url")), strings.TrimSpace(form.Get("description")), form["events"]
	if events == nil {
		events = []string{}
	}
	return d.once(ctx, form, "addWebhook", []any{address, description, events}, func(ctx context.Context) (string, error) {
		return d.addWebhook(ctx, address, description, events)
	})
}

func (d dashboardFeature) addWebhook(ctx context.Context, address, description string, events []string) (string, error) {
	e, secret, err := d.deps.Webhooks.Create(ctx, webhooks.EndpointInput{URL: &address, Description: &description, Events: &events})
	var bad *webhooks.ValidationError
	if errors.As(err, &bad) {
		fields := map[string]string{}
		for field := range bad.Fields {
			switch field {
			case "url":
				fields[field] = "admin.connections.webhookUrl"
			case "events":
				fields[field] = "admin.connections.chooseEvents"
			default:
				fields[field] = "admin.settings.invalid"
			}
		}
		return "", &booking.ValidationError{Fields: fields}
	}
	if err != nil {
		return "", err
	}
	reveal(ctx, "webhook", e.URL, secret)
	return e.ID, nil
}

func (d dashboardFeature) changeTokens(ctx context.Context, form url.Values) (string, error) {
	name := form.Get("name")
	if form.Get("do") == "revokeToken" {
		if _, err := admin.RevokeToken(ctx, d.deps.Pool, name, false); err != nil && !errors.Is(err, admin.ErrTokenNotFound) {
			return "", err // one revoked already is what was asked
		}
		return "tokenRevoked", nil
	}
	scope := form.Get("scope")
	if scope != admin.ScopeRead && scope != admin.ScopeWrite { // an operator's token is never the business's to make
		return "", &booking.ValidationError{Fields: map[string]string{"scope": "admin.connections.chooseScope"}}
	}
	return d.once(ctx, form, "addToken", []string{name, scope}, func(ctx context.Context) (string, error) {
		t, secret, err := admin.CreateToken(ctx, d.deps.Pool, name, scope)
		switch {
		case errors.Is(err, admin.ErrTokenName):
			return "", &booking.ValidationError{Fields: map[string]string{"name": "admin.connections.badTokenName"}}
		case errors.Is(err, admin.ErrTokenExists):
			return "", &booking.ValidationError{Fields: map[string]string{"name": "admin.connections.tokenExists"}}
		case err != nil:
			return "", err
		}
		reveal(ctx, "token", t.Name, secret)
		return t.Name, nil
	})
}

// once makes a new secret (make reveals it) once for the form's key: the
// same form posted again (the answer that showed the secret reloaded, a
// double submit without JavaScript) makes no second endpoint or token,
// and rotates no secret the owner has just copied; it is told it was
// made ("made"). The key's record holds what was made, never its secret.
func (d dashboardFeature) once(ctx context.Context, form url.Values, what string, request any, make func(ctx context.Context) (string, error)) (string, error) {
	_, replayed, err := command.Run(ctx, command.NewRunner(d.deps.Pool), command.Op{Scope: "dashboard." + what, Key: form.Get("idempotencyKey"), Request: request},
		func(ctx context.Context, _ pgx.Tx) (string, error) { return make(ctx) })
	if replayed {
		return "made", nil
	}
	return "", err
}

// forgiveMissing: removing what is gone already is done.
func forgiveMissing(err error) error {
	if errors.Is(err, webhooks.ErrNotFound) {
		return nil
	}
	return err
}

// endpointGone answers an endpoint that is not the business's (another's
// id, or one removed) as the dashboard answers anything missing.
func endpointGone(err error) error {
	if errors.Is(err, webhooks.ErrNotFound) {
		return people.ErrNotFound
	}
	return err
}
