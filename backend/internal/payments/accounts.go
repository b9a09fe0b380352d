package payments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/seal"
)

// Each business takes its payments through its own account at a
// provider: the keys it gives are sealed (package seal) and never read
// back, its webhook's events are verified with its own secret, and they
// can touch only its own payments (the request is the business's, and
// row security shows it no other's). The operator's accounts (the
// environment's keys) pay the deployment's default business, the one a
// single-business deployment has, when it connected none of its own.

// ProviderNames are the providers a business can connect an account at.
var ProviderNames = []string{"stripe", "razorpay", "paypal"}

// Credentials connect a business's account at a provider. They are
// written only: no answer, log line or error carries them.
type Credentials struct {
	Provider      string `json:"provider"`
	SecretKey     string `json:"secretKey,omitempty"`     // Stripe: sk_… or a restricted rk_…
	KeyID         string `json:"keyId,omitempty"`         // Razorpay: rzp_…
	KeySecret     string `json:"keySecret,omitempty"`     // Razorpay
	ClientID      string `json:"clientId,omitempty"`      // PayPal's REST app
	ClientSecret  string `json:"clientSecret,omitempty"`  // PayPal's REST app
	WebhookSecret string `json:"webhookSecret,omitempty"` // Stripe (whsec_…), Razorpay
	WebhookID     string `json:"webhookId,omitempty"`     // PayPal
}

// Account is what a business sees of an account it connected.
type Account struct {
	Provider  string    `json:"provider"`
	Hint      string    `json:"hint"` // the key's mode and last characters
	UpdatedAt time.Time `json:"updatedAt"`
}

// APIs are where the providers are reached, the operator's choice for
// every business (empty: the providers' live APIs; a sandbox or a
// double otherwise).
type APIs struct{ Stripe, Razorpay, PayPal string }

// ValidationError names the fields of Credentials that cannot be used.
type ValidationError struct{ Fields map[string]string }

func (e *ValidationError) Error() string { return "payments: the account's credentials are invalid" }

// ErrNoAccount: the business has no account of its own at the provider.
var ErrNoAccount = errors.New("payments: the business has no account at this provider")

// WithAccounts lets businesses connect their own accounts, sealed with
// keys, reached at apis. For the construction of the service: it returns s.
func (s *Service) WithAccounts(keys *seal.Keyring, apis APIs) *Service {
	s.keys, s.apis = keys, apis
	return s
}

// credentialFields are each provider's fields, the required ones: a field
// of another provider is refused rather than silently dropped.
var credentialFields = map[string][]string{
	"stripe":   {"secretKey", "webhookSecret"},
	"razorpay": {"keyId", "keySecret", "webhookSecret"},
	"paypal":   {"clientId", "clientSecret", "webhookId"},
}

func (c Credentials) fields() map[string]string {
	return map[string]string{"secretKey": c.SecretKey, "keyId": c.KeyID, "keySecret": c.KeySecret, "clientId": c.ClientID,
		"clientSecret": c.ClientSecret, "webhookSecret": c.WebhookSecret, "webhookId": c.WebhookID}
}

// validate answers a message per field that cannot be used.
func (c Credentials) validate() map[string]string {
	bad := map[string]string{}
	want, ok := credentialFields[c.Provider]
	if !ok {
		bad["provider"] = "provider is one of " + strings.Join(ProviderNames, ", ")
		return bad
	}
	for name, v := range c.fields() {
		switch {
		case !slices.Contains(want, name) && v != "":
			bad[name] = name + " is not a credential of " + c.Provider
		case slices.Contains(want, name) && v == "":
			bad[name] = name + " is required for " + c.Provider
		case len(v) > 255:
			bad[name] = name + " is at most 255 characters"
		case strings.Trim(v, "!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~") != "":
			bad[name] = name + " is printable ASCII without spaces, as the provider shows it"
		}
	}
	prefixed := func(field, value string, prefixes ...string) {
		for _, p := range prefixes {
			if bad[field] != "" || strings.HasPrefix(value, p) {
				return
			}
		}
		bad[field] = field + " begins with " + strings.Join(prefixes, " or ") + ", as the provider's dashboard shows it"
	}
	switch c.Provider {
	case "stripe":
		prefixed("secretKey", c.SecretKey, "sk_", "rk_")
		prefixed("webhookSecret", c.WebhookSecret, "whsec_")
	case "razorpay":
		prefixed("keyId", c.KeyID, "rzp_")
	}
	return bad
}

// hint is what the business is shown of its credentials afterwards:
// whether they are live or test keys, and the last characters of the
// public part, enough to tell two accounts apart.
func (c Credentials) hint() string {
	key := cmpOr(c.SecretKey, c.KeyID, c.ClientID)
	mode := ""
	switch {
	case strings.Contains(key, "_test_"):
		mode = "test "
	case strings.Contains(key, "_live_"):
		mode = "live "
	}
	if len(key) > 4 {
		key = key[len(key)-4:]
	}
	return mode + "…" + key
}

func cmpOr(v ...string) string {
	for _, s := range v {
		if s != "" {
			return s
		}
	}
	return ""
}

// Connect stores the business's account at a provider, replacing the one
// it had there. Payments already open keep going through it.
func (s *Service) Connect(ctx context.Context, c Credentials) (Account, error) {
	if s.keys == nil {
		return Account{}, errors.New("payments: accounts of businesses are not set up")
	}
	if bad := c.validate(); len(bad) > 0 {
		return Account{}, &ValidationError{Fields: bad}
	}
	plain, err := json.Marshal(c)
	if err != nil {
		return Account{}, err
	}
	a := Account{Provider: c.Provider, Hint: c.hint()}
	err = s.pool.QueryRow(ctx, `INSERT INTO payment_accounts (location_id, provider, secret, hint) VALUES (slotwise_business(), $1, $2, $3)
		ON CONFLICT (provider, location_id) DO UPDATE SET secret = excluded.secret, hint = excluded.hint, updated_at = now()
		RETURNING updated_at`, c.Provider, s.keys.Seal(string(plain)), a.Hint).Scan(&a.UpdatedAt)
	if err != nil {
		return Account{}, fmt.Errorf("payments: unable to store the account: %w", err)
	}
	return a, nil
}

// Accounts are the business's own accounts, by provider.
func (s *Service) Accounts(ctx context.Context) ([]Account, error) {
	rows, err := s.pool.Query(ctx, `SELECT provider, hint, updated_at FROM payment_accounts
		WHERE location_id = slotwise_business() ORDER BY provider`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Account, error) {
		var a Account
		return a, r.Scan(&a.Provider, &a.Hint, &a.UpdatedAt)
	})
}

// Disconnect forgets the business's account at a provider. A payment
// still open there is settled by the booker's return, or released when
// its hold ends.
func (s *Service) Disconnect(ctx context.Context, provider string) error {
	tag, err := s.pool.Exec(ctx, `DELETE FROM payment_accounts WHERE location_id = slotwise_business() AND provider = $1`, provider)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNoAccount
	}
	return nil
}

// chosen is the name of the provider that takes l's online payments: the
// one it chose, or its own account, or the operator's default for the
// default business; "" when it cannot be paid online.
func (s *Service) chosen(l *booking.Location) string {
	if l == nil {
		return ""
	}
	var operators []string
	if l.Default {
		operators = s.Names()
	}
	if l.PaymentProvider != "" {
		if slices.Contains(l.PaymentAccounts, l.PaymentProvider) || slices.Contains(operators, l.PaymentProvider) {
			return l.PaymentProvider
		}
		return ""
	}
	if len(l.PaymentAccounts) > 0 {
		return l.PaymentAccounts[0]
	}
	if len(operators) > 0 {
		return operators[0]
	}
	return ""
}

// Provider is the provider of that name that takes the payments of the
// business ctx works for: its own account there, or the operator's when
// it is the default business; nil when it has neither.
func (s *Service) Provider(ctx context.Context, name string) (Provider, error) {
	var isDefault bool
	var sealed []byte
	err := s.pool.QueryRow(ctx, `SELECT l.is_default, a.secret FROM locations l
		LEFT JOIN payment_accounts a ON a.location_id = l.id AND a.provider = $1
		WHERE l.id = slotwise_business()`, name).Scan(&isDefault, &sealed)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("payments: unable to read the business's account: %w", err)
	case sealed != nil && s.keys != nil:
		return s.built(name, sealed)
	case isDefault:
		return s.operators(name), nil
	}
	return nil, nil
}

// operators is the operator's own provider of that name, or nil.
func (s *Service) operators(name string) Provider {
	for _, p := range s.providers {
		if p.Name() == name {
			return p
		}
	}
	return nil
}

// builtCap bounds the providers kept built: past it, they are built again.
const builtCap = 20000

// built is the provider of an account's sealed credentials, built once
// for as long as they stay the same (a PayPal keeps its access token).
func (s *Service) built(name string, sealed []byte) (Provider, error) {
	key := name + "\x00" + string(sealed)
	if p, ok := s.cache.Load(key); ok {
		return p.(Provider), nil
	}
	plain, err := s.keys.Open(sealed)
	if err != nil {
		return nil, fmt.Errorf("payments: the business's %s account: %w", name, err)
	}
	var c Credentials
	if err := json.Unmarshal([]byte(plain), &c); err != nil {
		return nil, fmt.Errorf("payments: the business's %s account cannot be read: %w", name, err)
	}
	p := s.apis.build(c)
	if p == nil {
		return nil, nil
	}
	s.cacheMu.Lock()
	if s.cached++; s.cached > builtCap {
		s.cache.Clear()
		s.cached = 1
	}
	s.cacheMu.Unlock()
	s.cache.Store(key, p)
	return p, nil
}

// build makes the provider of a business's credentials.
func (a APIs) build(c Credentials) Provider {
	switch c.Provider {
	case "stripe":
		return NewStripe(StripeConfig{SecretKey: c.SecretKey, WebhookSecret: c.WebhookSecret, APIURL: a.Stripe})
	case "razorpay":
		return NewRazorpay(RazorpayConfig{KeyID: c.KeyID, KeySecret: c.KeySecret, WebhookSecret: c.WebhookSecret, APIURL: a.Razorpay})
	case "paypal":
		return NewPayPal(PayPalConfig{ClientID: c.ClientID, ClientSecret: c.ClientSecret, WebhookID: c.WebhookID, APIURL: a.PayPal})
	}
	return nil
}

// providerCache holds the built providers.
type providerCache struct {
	cache   sync.Map
	cacheMu sync.Mutex
	cached  int
}
