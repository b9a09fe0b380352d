// Package config reads the binary's flags and environment, with defaults
// that let `slotwise serve` run with no configuration at all.
package config

import (
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"time"

	"slotwise/backend/internal/clock"
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
}

// DatabaseFlags registers the flag every command that opens the database
// shares with serve, so they all find the same one.
func (c *Config) DatabaseFlags(fs *flag.FlagSet) {
	fs.StringVar(&c.DataDir, "data-dir", c.DataDir, "`DIR` for the private PostgreSQL cluster and outgoing mail, when DATABASE_URL is not set (SLOTWISE_DATA_DIR)")
}

// Load reads the environment over defaults.
func Load(getenv Getenv) (*Config, error) {
	c := &Config{
		Addr:          envOr(getenv, "SLOTWISE_ADDR", "127.0.0.1:8080"),
		DataDir:       envOr(getenv, "SLOTWISE_DATA_DIR", ".data"),
		DatabaseURL:   getenv("DATABASE_URL"),
		PublicURL:     getenv("SLOTWISE_PUBLIC_URL"),
		SSRWorkers:    runtime.NumCPU(),
		RenderTimeout: 2 * time.Second,
	}
	c.SMTP = SMTP{
		Host: getenv("SLOTWISE_SMTP_HOST"), Username: getenv("SLOTWISE_SMTP_USERNAME"),
		Password: getenv("SLOTWISE_SMTP_PASSWORD"), TLS: getenv("SLOTWISE_SMTP_TLS"),
		From: envOr(getenv, "SLOTWISE_MAIL_FROM", "bookings@slotwise.localhost"), FromName: envOr(getenv, "SLOTWISE_MAIL_FROM_NAME", "Slotwise"),
	}
	var err error
	if v := getenv("SLOTWISE_SMTP_PORT"); v != "" {
		if c.SMTP.Port, err = strconv.Atoi(v); err != nil || c.SMTP.Port < 1 || c.SMTP.Port > 65535 {
			return nil, fmt.Errorf("config: SLOTWISE_SMTP_PORT must be a port number, got %q", v)
		}
	}
	switch c.SMTP.TLS {
	case "", "starttls", "tls", "none":
	default:
		return nil, fmt.Errorf("config: SLOTWISE_SMTP_TLS must be starttls, tls or none, got %q", c.SMTP.TLS)
	}
	if v := getenv("SLOTWISE_SSR_WORKERS"); v != "" {
		if c.SSRWorkers, err = strconv.Atoi(v); err != nil || c.SSRWorkers < 1 {
			return nil, fmt.Errorf("config: SLOTWISE_SSR_WORKERS must be a positive number, got %q", v)
		}
	}
	if v := getenv("SLOTWISE_RENDER_TIMEOUT"); v != "" {
		if c.RenderTimeout, err = time.ParseDuration(v); err != nil || c.RenderTimeout <= 0 {
			return nil, fmt.Errorf("config: SLOTWISE_RENDER_TIMEOUT must be a duration such as 2s, got %q", v)
		}
	}
	c.LimitBookingsPerIP = envOr(getenv, "SLOTWISE_LIMIT_BOOKINGS_PER_IP", "30/1h")
	c.LimitBookingsPerEmail = envOr(getenv, "SLOTWISE_LIMIT_BOOKINGS_PER_EMAIL", "10/24h")
	c.LimitTokenGuesses = envOr(getenv, "SLOTWISE_LIMIT_TOKEN_GUESSES", "20/10m")
	c.LimitFormsPerIP = envOr(getenv, "SLOTWISE_LIMIT_FORMS_PER_IP", "60/1h")
	c.LimitFormsPerForm = envOr(getenv, "SLOTWISE_LIMIT_FORMS_PER_FORM", "2000/1h")
	for _, o := range strings.Split(getenv("SLOTWISE_REDIRECT_ORIGINS"), ",") {
		if o = strings.TrimSuffix(strings.TrimSpace(o), "/"); o == "" {
			continue
		}
		if u, err := url.Parse(o); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.Path != "" || u.RawQuery != "" || u.User != nil {
			return nil, fmt.Errorf("config: SLOTWISE_REDIRECT_ORIGINS holds origins such as https://example.com, got %q", o)
		}
		c.RedirectOrigins = append(c.RedirectOrigins, o)
	}
	for _, p := range strings.Split(getenv("SLOTWISE_TRUSTED_PROXIES"), ",") {
		if p = strings.TrimSpace(p); p != "" {
			c.TrustedProxies = append(c.TrustedProxies, p)
		}
	}
	c.FrameAncestors = envOr(getenv, "SLOTWISE_FRAME_ANCESTORS", "*")
	if strings.ContainsAny(c.FrameAncestors, ";,\r\n") {
		return nil, fmt.Errorf("config: SLOTWISE_FRAME_ANCESTORS is a space-separated list of CSP sources, got %q", c.FrameAncestors)
	}
	for _, o := range strings.Split(getenv("SLOTWISE_TRUSTED_ORIGINS"), ",") {
		if o = strings.TrimSpace(o); o != "" {
			c.TrustedOrigins = append(c.TrustedOrigins, o)
		}
	}
	if v := getenv("SLOTWISE_TEST_CLOCK"); v != "" {
		if c.TestClock, err = time.Parse(time.RFC3339, v); err != nil {
			return nil, fmt.Errorf("config: SLOTWISE_TEST_CLOCK must be an RFC 3339 instant, got %q", v)
		}
		if c.DatabaseURL != "" {
			// A clock that is not the time has no place next to real bookings.
			return nil, fmt.Errorf("config: SLOTWISE_TEST_CLOCK is for tests on a private database; unset it or DATABASE_URL")
		}
	}
	if v := getenv(clock.EnvShift); v != "" {
		// Read by the clock itself; checked here so a mistyped value stops
		// the server with a clear error before the clock is first read.
		// Tests of several replicas share one database, so it is allowed
		// beside DATABASE_URL: serve warns loudly instead.
		if _, err := clock.ParseShift(v); err != nil {
			return nil, err
		}
	}
	c.Stripe = Stripe{SecretKey: getenv("SLOTWISE_STRIPE_SECRET_KEY"), WebhookSecret: getenv("SLOTWISE_STRIPE_WEBHOOK_SECRET"),
		APIURL: getenv("SLOTWISE_STRIPE_API_URL")}
	if k := c.Stripe.SecretKey; k != "" && !strings.HasPrefix(k, "sk_") && !strings.HasPrefix(k, "rk_") {
		return nil, fmt.Errorf("config: SLOTWISE_STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…)")
	}
	if w := c.Stripe.WebhookSecret; w != "" && !strings.HasPrefix(w, "whsec_") {
		return nil, fmt.Errorf("config: SLOTWISE_STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)")
	}
	if u := c.Stripe.APIURL; u != "" {
		if p, err := url.Parse(u); err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
			return nil, fmt.Errorf("config: SLOTWISE_STRIPE_API_URL must be an http(s) URL, got %q", u)
		}
	}
	c.Razorpay = Razorpay{KeyID: getenv("SLOTWISE_RAZORPAY_KEY_ID"), KeySecret: getenv("SLOTWISE_RAZORPAY_KEY_SECRET"),
		WebhookSecret: getenv("SLOTWISE_RAZORPAY_WEBHOOK_SECRET"), APIURL: getenv("SLOTWISE_RAZORPAY_API_URL")}
	if r := c.Razorpay; (r.KeyID == "") != (r.KeySecret == "") {
		return nil, fmt.Errorf("config: SLOTWISE_RAZORPAY_KEY_ID and SLOTWISE_RAZORPAY_KEY_SECRET are set together")
	}
	// Razorpay's orders cannot be closed: only its webhook tells of a
	// payment made after the hold ended, which must be refunded.
	if r := c.Razorpay; r.KeyID != "" && r.WebhookSecret == "" {
		return nil, fmt.Errorf("config: SLOTWISE_RAZORPAY_WEBHOOK_SECRET is needed with Razorpay's keys: a payment made after a hold ended is known only from its webhook")
	}
	if k := c.Razorpay.KeyID; k != "" && !strings.HasPrefix(k, "rzp_test_") && !strings.HasPrefix(k, "rzp_live_") {
		return nil, fmt.Errorf("config: SLOTWISE_RAZORPAY_KEY_ID must be a Razorpay key id (rzp_test_… or rzp_live_…)")
	}
	if u := c.Razorpay.APIURL; u != "" {
		if p, err := url.Parse(u); err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
			return nil, fmt.Errorf("config: SLOTWISE_RAZORPAY_API_URL must be an http(s) URL, got %q", u)
		}
	}
	c.PayPal = PayPal{ClientID: getenv("SLOTWISE_PAYPAL_CLIENT_ID"), ClientSecret: getenv("SLOTWISE_PAYPAL_CLIENT_SECRET"),
		WebhookID: getenv("SLOTWISE_PAYPAL_WEBHOOK_ID"), APIURL: getenv("SLOTWISE_PAYPAL_API_URL")}
	if p := c.PayPal; (p.ClientID == "") != (p.ClientSecret == "") {
		return nil, fmt.Errorf("config: SLOTWISE_PAYPAL_CLIENT_ID and SLOTWISE_PAYPAL_CLIENT_SECRET are set together")
	}
	// A booker who approves and never comes back is known only from the
	// webhook, and its events are verified with the webhook's id.
	if p := c.PayPal; p.ClientID != "" && p.WebhookID == "" {
		return nil, fmt.Errorf("config: SLOTWISE_PAYPAL_WEBHOOK_ID is needed with PayPal's credentials: its events are verified with it, and an approval whose booker never comes back is known only from them")
	}
	if u := c.PayPal.APIURL; u != "" {
		if p, err := url.Parse(u); err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
			return nil, fmt.Errorf("config: SLOTWISE_PAYPAL_API_URL must be an http(s) URL, got %q", u)
		}
	}
	c.MetricsToken = getenv("SLOTWISE_METRICS_TOKEN")
	c.CalendarKeys = getenv("SLOTWISE_CALENDAR_KEYS")
	c.CalendarSyncInterval = 5 * time.Minute
	if v := getenv("SLOTWISE_CALENDAR_SYNC_INTERVAL"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 30*time.Second {
			return nil, fmt.Errorf("config: SLOTWISE_CALENDAR_SYNC_INTERVAL is a duration of at least 30s, such as 5m, got %q", v)
		}
		c.CalendarSyncInterval = d
	}
	switch v := getenv("SLOTWISE_CALENDAR_UNANSWERED"); v {
	case "", "book":
	case "refuse":
		c.CalendarRefuseUnanswered = true
	default:
		return nil, fmt.Errorf("config: SLOTWISE_CALENDAR_UNANSWERED is book or refuse, got %q", v)
	}
	for _, name := range []string{"SLOTWISE_ALLOW_PRIVATE_NETWORKS", "SLOTWISE_WEBHOOK_ALLOW_PRIVATE"} {
		switch v := getenv(name); v {
		case "", "false", "0":
		case "true", "1":
			c.AllowPrivateNetworks = true
		default:
			return nil, fmt.Errorf("config: %s is true or false, got %q", name, v)
		}
	}
	if v := getenv("SLOTWISE_LOG_LEVEL"); v != "" {
		if err := c.LogLevel.UnmarshalText([]byte(v)); err != nil {
			return nil, fmt.Errorf("config: SLOTWISE_LOG_LEVEL must be debug, info, warn or error, got %q", v)
		}
	}
	return c, nil
}

func envOr(getenv Getenv, key, def string) string {
	if v := getenv(key); v != "" {
		return v
	}
	return def
}
