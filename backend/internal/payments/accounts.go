package payments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db"
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
type ValidationError struct {
	Fields map[string]string
	// Refused: the credentials read well, and the provider refused them.
	Refused bool
}

func (e *ValidationError) Error() string { return "payments: the account's credentials are invalid" }

// ErrNoAccount: the business has no account of its own at the provider.
var ErrNoAccount = errors.New("payments: the business has no account at this provider")

// WithAccounts lets businesses connect their own accounts, sealed with
// keys, reached at apis. For the construction of the service: it returns s.
func (s *Service) WithAccounts(keys *seal.Keyring, apis APIs) *Service {
	s.keys, s.apis = keys, apis
	return s
}

// TakesAccounts tells whether businesses can connect accounts of their
// own here (the deployment keeps keys to seal their credentials with).
func (s *Service) TakesAccounts() bool { return s != nil && s.keys != nil }

// CredentialFields are the fields of provider's credentials, in the order
// its dashboard shows them.
func CredentialFields(provider string) []string { return slices.Clone(credentialFields[provider]) }

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
// whether they are live or test keys, and the key's last four characters
// (as the providers' dashboards show them), enough to tell two accounts
// apart.
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

// Connect stores the business's account at a provider; the one it had
// there is retired, and the payments it took keep going through it (their
// events, expiries and refunds).
func (s *Service) Connect(ctx context.Context, c Credentials) (Account, error) {
	if s.keys == nil {
		return Account{}, errors.New("payments: accounts of businesses are not set up")
	}
	if bad := c.validate(); len(bad) > 0 {
		return Account{}, &ValidationError{Fields: bad}
	}
	if err := s.apis.check(ctx, c); err != nil {
		return Account{}, err
	}
	business, ok := db.BusinessOf(ctx)
	if !ok {
		var err error
		if business, err = s.onlyBusiness(ctx); err != nil {
			return Account{}, err
		}
	}
	plain, err := json.Marshal(c)
	if err != nil {
		return Account{}, err
	}
	a := Account{Provider: c.Provider, Hint: c.hint()}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE payment_accounts SET retired_at = now()
			WHERE location_id = $1 AND provider = $2 AND retired_at IS NULL`, business, c.Provider); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `INSERT INTO payment_accounts (location_id, provider, secret, hint) VALUES ($1, $2, $3, $4)
			RETURNING created_at`, business, c.Provider, s.keys.SealFor(string(plain), seal.PaymentBinding(business, c.Provider)), a.Hint).Scan(&a.UpdatedAt)
	})
	if err != nil {
		return Account{}, fmt.Errorf("payments: unable to store the account: %w", err)
	}
	return a, nil
}

// onlyBusiness is the business of a deployment of one, for a caller that
// names none.
func (s *Service) onlyBusiness(ctx context.Context) (int64, error) {
	var id int64
	err := s.pool.QueryRow(ctx, `SELECT slotwise_business()`).Scan(&id)
	if err != nil {
		return 0, errors.New("payments: no business to connect an account for")
	}
	return id, nil
}

// Accounts are the business's live accounts, by provider.
func (s *Service) Accounts(ctx context.Context) ([]Account, error) {
	rows, err := s.pool.Query(ctx, `SELECT provider, hint, created_at FROM payment_accounts
		WHERE location_id = $1 AND retired_at IS NULL ORDER BY provider`, db.ThisBusiness)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Account, error) {
		var a Account
		return a, r.Scan(&a.Provider, &a.Hint, &a.UpdatedAt)
	})
}

// Disconnect retires the business's account at a provider: no new
// payment goes through it; those it took are still settled, expired and
// refunded through it.
func (s *Service) Disconnect(ctx context.Context, provider string) error {
	tag, err := s.pool.Exec(ctx, `UPDATE payment_accounts SET retired_at = now()
		WHERE location_id = $2 AND provider = $1 AND retired_at IS NULL`, provider, db.ThisBusiness)
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

// account is a provider and the business's account it is made of (nil:
// the operator's).
type account struct {
	id       *int64
	provider Provider
}

// Provider is the provider of that name that takes new payments of the
// business ctx works for: its live account there, or the operator's when
// it is the default business; nil when it has neither.
func (s *Service) Provider(ctx context.Context, name string) (Provider, error) {
	a, err := s.live(ctx, name)
	return a.provider, err
}

func (s *Service) live(ctx context.Context, name string) (account, error) {
	var isDefault bool
	var id, business *int64
	var sealed []byte
	err := s.pool.QueryRow(ctx, `SELECT l.is_default, a.id, a.location_id, a.secret FROM locations l
		LEFT JOIN payment_accounts a ON a.location_id = l.id AND a.provider = $1 AND a.retired_at IS NULL
		WHERE l.id = $2`, name, db.ThisBusiness).Scan(&isDefault, &id, &business, &sealed)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return account{}, nil
	case err != nil:
		return account{}, fmt.Errorf("payments: unable to read the business's account: %w", err)
	case id != nil:
		p := s.built(ctx, *business, *id, name, sealed)
		if p == nil {
			return account{}, nil
		}
		return account{id: id, provider: p}, nil
	case isDefault:
		return account{provider: s.operators(name)}, nil
	}
	return account{}, nil
}

// ofPayment is the provider of the account that took p, retired or not:
// a payment's events, expiry and refund go where it was made.
func (s *Service) ofPayment(ctx context.Context, p *payment) (Provider, error) {
	if p.AccountID == nil {
		return s.operators(p.Provider), nil
	}
	var business int64
	var sealed []byte
	err := s.pool.QueryRow(ctx, `SELECT location_id, secret FROM payment_accounts
		WHERE id = $1 AND location_id = $2`, *p.AccountID, db.ThisBusiness).Scan(&business, &sealed)
	if err != nil {
		return nil, fmt.Errorf("payments: unable to read the account of payment %s: %w", p.ID, err)
	}
	return s.built(ctx, business, *p.AccountID, p.Provider, sealed), nil
}

// verifiers are the accounts an event posted to a business's host may be
// signed by, the live first: the business's accounts at the provider, the
// retired ones included (their payments' events still come), and the
// operator's, which takes the default business's payments and still
// settles those it took for any other.
func (s *Service) verifiers(ctx context.Context, name string) ([]account, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, location_id, secret FROM payment_accounts
		WHERE location_id = $2 AND provider = $1
		ORDER BY retired_at IS NOT NULL, created_at DESC LIMIT 10`, name, db.ThisBusiness)
	if err != nil {
		return nil, err
	}
	type row struct {
		id, business int64
		sealed       []byte
	}
	found, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
		var x row
		return x, r.Scan(&x.id, &x.business, &x.sealed)
	})
	if err != nil {
		return nil, err
	}
	var out []account
	for _, r := range found {
		if p := s.built(ctx, r.business, r.id, name, r.sealed); p != nil {
			out = append(out, account{id: &r.id, provider: p})
		}
	}
	if p := s.operators(name); p != nil {
		out = append(out, account{provider: p})
	}
	return out, nil
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

// built is the provider of an account, built once (a PayPal keeps its
// access token); an account is never changed, only retired. nil when its
// secret cannot be opened (the key that sealed it is gone, or it was moved
// from where it was sealed for): the business must connect it again, and
// the log says so.
func (s *Service) built(ctx context.Context, business, id int64, name string, sealed []byte) Provider {
	if s.keys == nil {
		return nil
	}
	key := strconv.FormatInt(business, 10) + "/" + strconv.FormatInt(id, 10)
	if p, ok := s.cache.Load(key); ok {
		return p.(Provider)
	}
	plain, err := s.keys.OpenFor(sealed, seal.PaymentBinding(business, name))
	var c Credentials
	if err == nil {
		err = json.Unmarshal([]byte(plain), &c)
	}
	if err == nil && c.Provider != name {
		err = errors.New("the account is not " + name + "'s")
	}
	if err != nil {
		s.log.ErrorContext(ctx, "a business's payment account cannot be opened: it must connect it again",
			slog.Int64("business", business), slog.String("provider", name), slog.Any("err", err))
		return nil
	}
	p := s.apis.build(c)
	s.cacheMu.Lock()
	if s.cached++; s.cached > builtCap {
		s.cache.Clear()
		s.cached = 1
	}
	s.cacheMu.Unlock()
	s.cache.Store(key, p)
	return p
}

// keysCheckTimeout bounds how long connecting an account waits for the
// provider to say whether it takes the keys.
const keysCheckTimeout = 20 * time.Second

// check asks the provider whether it takes c's keys, so that an account
// is connected only with keys that pay: a refusal is a ValidationError
// naming the fields to copy again, and a provider that cannot be asked
// is ErrUnavailable (nothing is stored; try again).
func (a APIs) check(ctx context.Context, c Credentials) error {
	checker, ok := a.build(c).(KeyChecker)
	if !ok {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, keysCheckTimeout)
	defer cancel()
	err := checker.CheckKeys(ctx)
	switch {
	case errors.Is(err, ErrKeysRefused):
		refused := map[string][2]string{
			"stripe":   {"secretKey", "Stripe does not take this key (or, a restricted key, it may not read Checkout Sessions): copy the secret key again from the dashboard's API keys"},
			"razorpay": {"keySecret", "Razorpay does not take this key id and secret: copy both again from the dashboard's API keys"},
			"paypal":   {"clientSecret", "PayPal does not take this client id and secret: copy both again from the app's credentials"},
		}[c.Provider]
		return &ValidationError{Fields: map[string]string{refused[0]: refused[1]}, Refused: true}
	case err == nil, errors.Is(err, ErrUnavailable):
		return err
	}
	// Any other answer is the provider's (a 4xx of its own): the keys
	// reached it, but it would not do what payments need with them.
	return &ValidationError{Fields: map[string]string{"provider": "the provider refused to answer with these keys: see that the account is active and allowed to take payments"}, Refused: true}
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
