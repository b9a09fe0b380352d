package payments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/client"
	"github.com/stripe/stripe-go/v76/webhook"
)

// Stripe is the card provider: Stripe Checkout.
type Stripe struct {
	api           *client.API
	webhookSecret string
}

// StripeConfig holds the keys; APIURL points at another API (Stripe's own
// double in tests), empty for Stripe's.
type StripeConfig struct {
	SecretKey     string
	WebhookSecret string
	APIURL        string
}

// NewStripe builds the provider. Its client never logs: a key or a
// booker's address must not reach a log through it.
func NewStripe(cfg StripeConfig) *Stripe {
	backendCfg := &stripe.BackendConfig{
		LeveledLogger:     &stripe.LeveledLogger{Level: stripe.LevelNull},
		HTTPClient:        &http.Client{Timeout: 15 * time.Second},
		MaxNetworkRetries: stripe.Int64(2),
	}
	if cfg.APIURL != "" {
		backendCfg.URL = stripe.String(strings.TrimSuffix(cfg.APIURL, "/"))
	}
	backends := &stripe.Backends{
		API:     stripe.GetBackendWithConfig(stripe.APIBackend, backendCfg),
		Connect: stripe.GetBackendWithConfig(stripe.ConnectBackend, backendCfg),
		Uploads: stripe.GetBackendWithConfig(stripe.UploadsBackend, backendCfg),
	}
	return &Stripe{api: client.New(cfg.SecretKey, backends), webhookSecret: cfg.WebhookSecret}
}

// Name implements Provider.
func (*Stripe) Name() string { return "stripe" }

// stripeLocales are the checkout languages Stripe has of ours; others
// let Stripe pick from the browser.
var stripeLocales = map[string]string{"da": "da", "de": "de", "en-US": "en", "es": "es", "fr": "fr", "hu": "hu",
	"it": "it", "nl": "nl", "pl": "pl", "pt": "pt", "pt-BR": "pt-BR"}

// Checkout implements Provider.
func (s *Stripe) Checkout(ctx context.Context, r CheckoutRequest) (Session, error) {
	locale, ok := stripeLocales[r.Locale]
	if !ok {
		locale = "auto"
	}
	stripeTemplate := "{CHECKOUT_SESSION_ID}" // Stripe's name for SessionIDTemplate
	params := &stripe.CheckoutSessionParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModePayment)),
		SuccessURL:        stripe.String(strings.ReplaceAll(r.SuccessURL, SessionIDTemplate, stripeTemplate)),
		CancelURL:         stripe.String(strings.ReplaceAll(r.CancelURL, SessionIDTemplate, stripeTemplate)),
		ClientReferenceID: stripe.String(r.Reference),
		Locale:            stripe.String(locale),
		ExpiresAt:         stripe.Int64(r.ExpiresAt),
		LineItems: []*stripe.CheckoutSessionLineItemParams{{
			Quantity: stripe.Int64(1),
			PriceData: &stripe.CheckoutSessionLineItemPriceDataParams{
				Currency:    stripe.String(strings.ToLower(r.Currency)),
				UnitAmount:  stripe.Int64(r.Amount),
				ProductData: &stripe.CheckoutSessionLineItemPriceDataProductDataParams{Name: stripe.String(r.Description)},
			},
		}},
		PaymentIntentData: &stripe.CheckoutSessionPaymentIntentDataParams{
			Metadata: map[string]string{"payment": r.PaymentID, "reference": r.Reference},
		},
	}
	if r.Email != "" {
		params.CustomerEmail = stripe.String(r.Email)
	}
	params.Context = ctx
	params.AddMetadata("payment", r.PaymentID)
	params.AddMetadata("reference", r.Reference)
	params.SetIdempotencyKey("checkout-" + r.Key)
	cs, err := s.api.CheckoutSessions.New(params)
	if err != nil {
		return Session{}, stripeError("open a checkout", err)
	}
	return stripeSession(cs), nil
}

// Session implements Provider.
func (s *Stripe) Session(ctx context.Context, id string) (Session, error) {
	params := &stripe.CheckoutSessionParams{}
	params.Context = ctx
	cs, err := s.api.CheckoutSessions.Get(id, params)
	if err != nil {
		return Session{}, stripeError("read a checkout", err)
	}
	return stripeSession(cs), nil
}

// Expire implements Provider. A session that is no longer open (paid
// meanwhile, or expired) is not an error: its event tells what became of it.
func (s *Stripe) Expire(ctx context.Context, id string) error {
	params := &stripe.CheckoutSessionExpireParams{}
	params.Context = ctx
	params.SetIdempotencyKey("expire-" + id)
	_, err := s.api.CheckoutSessions.Expire(id, params)
	var se *stripe.Error
	if errors.As(err, &se) && se.HTTPStatusCode == http.StatusBadRequest {
		return nil
	}
	if err != nil {
		return stripeError("expire a checkout", err)
	}
	return nil
}

// Refund implements Provider.
func (s *Stripe) Refund(ctx context.Context, r RefundRequest) (string, error) {
	params := &stripe.RefundParams{PaymentIntent: stripe.String(r.IntentID), Amount: stripe.Int64(r.Amount)}
	params.Context = ctx
	params.SetIdempotencyKey(r.Key)
	ref, err := s.api.Refunds.New(params)
	if err != nil {
		return "", stripeError("refund", err)
	}
	return ref.ID, nil
}

// Verify implements Provider: the Stripe-Signature over the raw body,
// within five minutes of its time.
func (s *Stripe) Verify(_ context.Context, payload []byte, header http.Header) (Event, error) {
	ev, err := webhook.ConstructEventWithOptions(payload, header.Get("Stripe-Signature"), s.webhookSecret,
		webhook.ConstructEventOptions{Tolerance: 300 * time.Second, IgnoreAPIVersionMismatch: true})
	if err != nil || s.webhookSecret == "" {
		return Event{}, ErrBadSignature
	}
	out := Event{ID: ev.ID, Original: string(ev.Type)}
	switch ev.Type {
	case "checkout.session.completed":
		out.Type = EventCompleted
	case "checkout.session.async_payment_succeeded":
		out.Type = EventAsyncSucceeded
	case "checkout.session.async_payment_failed":
		out.Type = EventAsyncFailed
	case "checkout.session.expired":
		out.Type = EventExpired
	default:
		return out, nil
	}
	var cs stripe.CheckoutSession
	if ev.Data == nil || json.Unmarshal(ev.Data.Raw, &cs) != nil || cs.ID == "" {
		return Event{}, fmt.Errorf("%w: stripe event %s carries no checkout session", ErrBadEvent, ev.ID)
	}
	sess := stripeSession(&cs)
	out.SessionID, out.Paid, out.IntentID, out.Amount = sess.ID, sess.Paid, sess.IntentID, sess.Amount
	return out, nil
}

func stripeSession(cs *stripe.CheckoutSession) Session {
	out := Session{ID: cs.ID, URL: cs.URL, Status: string(cs.Status), Amount: cs.AmountTotal,
		Paid: cs.PaymentStatus == stripe.CheckoutSessionPaymentStatusPaid}
	if cs.PaymentIntent != nil {
		out.IntentID = cs.PaymentIntent.ID
	}
	return out
}

// CheckKeys implements KeyChecker: the key lists checkout sessions, what
// a restricted key must be allowed to read for the payments it takes.
func (s *Stripe) CheckKeys(ctx context.Context) error {
	params := &stripe.CheckoutSessionListParams{}
	params.Context = ctx
	params.Limit = stripe.Int64(1)
	it := s.api.CheckoutSessions.List(params)
	it.Next()
	err := it.Err()
	var se *stripe.Error
	if errors.As(err, &se) && (se.HTTPStatusCode == http.StatusUnauthorized || se.HTTPStatusCode == http.StatusForbidden) {
		return fmt.Errorf("%w: stripe: %s", ErrKeysRefused, se.Type)
	}
	if err != nil {
		return stripeError("check the keys", err)
	}
	return nil
}

// stripeError keeps what Stripe said (its type and code, never the
// request) and marks failures to reach it as unavailable.
func stripeError(what string, err error) error {
	var se *stripe.Error
	if errors.As(err, &se) && se.HTTPStatusCode > 0 && se.HTTPStatusCode < 500 {
		return fmt.Errorf("payments: stripe refused to %s: %s %s (%d)", what, se.Type, se.Code, se.HTTPStatusCode)
	}
	return fmt.Errorf("%w: unable to %s at stripe: %v", ErrUnavailable, what, err)
}
