// Package config reads the binary's flags and environment, with defaults
// that let `slotwise serve` run with no configuration at all.
package config

import (
	"flag"
	"fmt"
	"io"
	"log/slog"
	"time"
)

// Config is the whole configuration of `slotwise serve`.
type Config struct {
	Addr          string        // listen address
	DataDir       string        // private PostgreSQL cluster, outbox files
	DatabaseURL   string        // external PostgreSQL; empty starts a private cluster
	PublicURL     string        // origin in canonical and hreflang links; empty: the request's host
	NoDemo        bool          // do not seed demo content into an empty database
	SSRWorkers    int           // V8 isolates
	RenderTimeout time.Duration // per-render deadline
	LogLevel      slog.Level
	SMTP          SMTP
	// TrustedOrigins may send state-changing API requests across origins
	// (a business's own site calling the booking API): SLOTWISE_TRUSTED_ORIGINS,
	// comma-separated origins such as https://www.example.com.
	TrustedOrigins []string
	// FrameAncestors may embed the widgets in a frame
	// (SLOTWISE_FRAME_ANCESTORS, space-separated CSP sources; default any).
	// Website pages may only be framed by the site itself.
	FrameAncestors string
	// Limits on abuse, as COUNT/DURATION ("off" for none): bookings per
	// client address and per e-mail address, and wrong manage tokens per
	// client address (SLOTWISE_LIMIT_BOOKINGS_PER_IP, …_PER_EMAIL,
	// SLOTWISE_LIMIT_TOKEN_GUESSES).
	LimitBookingsPerIP, LimitBookingsPerEmail, LimitTokenGuesses string
	// Steps of forms sent per client address and per form
	// (SLOTWISE_LIMIT_FORMS_PER_IP, SLOTWISE_LIMIT_FORMS_PER_FORM).
	LimitFormsPerIP, LimitFormsPerForm string
	// Requests for the links to one's bookings, per client address and
	// per e-mail address each (SLOTWISE_LIMIT_LINK_REQUESTS).
	LimitLinkRequests string
	// Requests for a link to sign in to the dashboard, per client address
	// (a front desk's people may share one) and per e-mail address
	// (SLOTWISE_LIMIT_SIGN_IN_PER_IP, SLOTWISE_LIMIT_SIGN_IN_PER_EMAIL).
	LimitSignInPerIP, LimitSignInPerEmail string
	// Passkey sign-ins begun per client address: every sign-in page a
	// browser with passkeys opens begins one (SLOTWISE_LIMIT_PASSKEYS_PER_IP).
	LimitPasskeysPerIP string
	// RedirectOrigins are the other sites a form may send its visitors to
	// after they submit it (SLOTWISE_REDIRECT_ORIGINS, comma-separated
	// origins such as https://example.com); with none, only this site.
	RedirectOrigins []string
	// TrustedProxies are the proxies (addresses or CIDRs) whose
	// X-Forwarded-For names the client (SLOTWISE_TRUSTED_PROXIES); with
	// none, the client is the socket's peer.
	TrustedProxies []string
	// TestClock, for tests only, makes the booking clock start at this
	// instant and run on from there (SLOTWISE_TEST_CLOCK, RFC 3339), so a
	// browser test can book "on a Friday at 14:20" whenever it runs.
	TestClock time.Time
	// Stripe takes online payments when its secret key is set
	// (SLOTWISE_STRIPE_SECRET_KEY, SLOTWISE_STRIPE_WEBHOOK_SECRET for the
	// events at /api/payments/stripe/webhook; SLOTWISE_STRIPE_API_URL
	// points at another API, such as Stripe's test double).
	Stripe Stripe
	// Razorpay takes online payments when its key pair is set
	// (SLOTWISE_RAZORPAY_KEY_ID, SLOTWISE_RAZORPAY_KEY_SECRET;
	// SLOTWISE_RAZORPAY_WEBHOOK_SECRET for the events at
	// /api/payments/razorpay/webhook; SLOTWISE_RAZORPAY_API_URL points at
	// another API, such as the tests' double).
	Razorpay Razorpay
	// PayPal takes online payments when its REST app's credentials are set
	// (SLOTWISE_PAYPAL_CLIENT_ID, SLOTWISE_PAYPAL_CLIENT_SECRET;
	// SLOTWISE_PAYPAL_WEBHOOK_ID names the webhook whose events come to
	// /api/payments/paypal/webhook; SLOTWISE_PAYPAL_API_URL points at
	// another API: PayPal's sandbox, https://api-m.sandbox.paypal.com, or
	// the tests' double).
	PayPal PayPal
	// AllowPrivateNetworks lets the addresses a business gives (webhook
	// endpoints, calendar servers) be private and loopback ones
	// (SLOTWISE_ALLOW_PRIVATE_NETWORKS=true, or its older name
	// SLOTWISE_WEBHOOK_ALLOW_PRIVATE): for tests and closed networks;
	// elsewhere it would let the API reach inside.
	AllowPrivateNetworks bool
	// MetricsToken, when set, is asked of scrapers of /metrics as a bearer
	// token (SLOTWISE_METRICS_TOKEN); without it /metrics is open, so keep
	// it from the internet at the proxy.
	MetricsToken string
	// CalendarKeys seal the passwords of staff's calendar accounts
	// (SLOTWISE_CALENDAR_KEYS: base64 of 32 random bytes each, comma-
	// separated, the newest first; docs/operations.md says how to rotate).
	// Without one, a key generated in the database seals them.
	CalendarKeys string
	// CalendarSyncInterval is how often each calendar connection is read
	// again (SLOTWISE_CALENDAR_SYNC_INTERVAL, a duration; default 5m, at
	// least 30s).
	CalendarSyncInterval time.Duration
	// CalendarRefuseUnanswered: when, at booking time, a staff member's
	// calendar server does not answer within 2 s, do not book them
	// (SLOTWISE_CALENDAR_UNANSWERED=refuse); the default, "book", books on
	// the busy times last synced and logs it.
	CalendarRefuseUnanswered bool
	// TLS, when set, has serve terminate HTTPS itself for the businesses'
	// hosts, with certificates obtained over ACME (docs/operations.md,
	// "HTTPS for the businesses' domains"); off, a proxy in front does.
	TLS TLS
}

// TLS is serve's own HTTPS: Addr serves it, HTTPAddr answers the CA's
// HTTP challenges and sends everything else on to HTTPS.
type TLS struct {
	On       bool   // SLOTWISE_TLS=on, or --tls
	HTTPAddr string // SLOTWISE_HTTP_ADDR, default :80
	CA       string // SLOTWISE_ACME_CA, the ACME directory; default Let's Encrypt's
	Email    string // SLOTWISE_ACME_EMAIL, the account's contact
	CARoots  string // SLOTWISE_ACME_CA_ROOTS, a PEM file of a private CA's API roots
}

// Stripe holds the card provider's keys; with no SecretKey, calendars paid
// online say that online payment is not set up and book nothing.
type Stripe struct {
	SecretKey     string
	WebhookSecret string
	APIURL        string
}

// Razorpay holds Razorpay's key pair and webhook secret.
type Razorpay struct {
	KeyID         string
	KeySecret     string
	WebhookSecret string
	APIURL        string
}

// PayPal holds PayPal's REST app credentials and its webhook's id.
type PayPal struct {
	ClientID     string
	ClientSecret string
	WebhookID    string
	APIURL       string
}

// SMTP is the outgoing mail server; with no Host, mails are written to
// DataDir/mail instead.
type SMTP struct {
	Host     string
	Port     int
	Username string
	Password string
	TLS      string // "", starttls, tls, none
	From     string
	FromName string
}

// Getenv looks up an environment variable (os.Getenv, or a map in tests).
type Getenv func(string) string

// Parse reads serve's flags over environment variables over defaults.
func Parse(args []string, getenv Getenv, stderr io.Writer) (*Config, error) {
	c, err := Load(getenv)
	if err != nil {
		return nil, err
	}
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	c.ServeFlags(fs)
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("config: unexpected argument %q", fs.Arg(0))
	}
	return c, nil
}

// ServeFlags registers serve's flags, whose defaults are c's values.
func (c *Config) ServeFlags(fs *flag.FlagSet) {
	fs.StringVar(&c.Addr, "addr", c.Addr, "listen address `HOST:PORT` (SLOTWISE_ADDR)")
	c.DatabaseFlags(fs)
	fs.BoolVar(&c.NoDemo, "no-demo", false, "do not seed demo content into an empty database")
	fs.StringVar(&c.PublicURL, "public-url", c.PublicURL, "public origin for canonical links, e.g. https://book.example.com (SLOTWISE_PUBLIC_URL)")
	fs.IntVar(&c.SSRWorkers, "ssr-workers", c.SSRWorkers, "V8 isolates rendering pages (SLOTWISE_SSR_WORKERS)")
	fs.BoolVar(&c.TLS.On, "tls", c.TLS.On, "serve HTTPS on --addr with certificates obtained over ACME for the businesses' hosts (SLOTWISE_TLS)")
}

// DatabaseFlags registers the flag every command that opens the database
// shares with serve, so they all find the same one.
func (c *Config) DatabaseFlags(fs *flag.FlagSet) {
	fs.StringVar(&c.DataDir, "data-dir", c.DataDir, "`DIR` for the private PostgreSQL cluster and outgoing mail, when DATABASE_URL is not set (SLOTWISE_DATA_DIR)")
}

func envOr(getenv Getenv, key, def string) string {
	if v := getenv(key); v != "" {
		return v
	}
	return def
}
