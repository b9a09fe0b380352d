package config

import (
	"fmt"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"time"

	"slotwise/backend/internal/clock"
)

// Load reads the configuration from the environment: each part of the
// server its own settings, checked as they are read, so a mistyped value
// stops the server with an error that names it.
func Load(getenv Getenv) (*Config, error) {
	c := &Config{}
	for _, part := range []func(*Config, Getenv) error{
		(*Config).loadServer, (*Config).loadMail, (*Config).loadWeb, (*Config).loadClock,
		(*Config).loadStripe, (*Config).loadRazorpay, (*Config).loadPayPal, (*Config).loadCalendars, (*Config).loadOperator, (*Config).loadTLS,
	} {
		if err := part(c, getenv); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// loadServer: where the server listens and keeps its data, and its renderers.
func (c *Config) loadServer(getenv Getenv) error {
	c.Addr = envOr(getenv, "SLOTWISE_ADDR", "127.0.0.1:8080")
	c.DataDir = envOr(getenv, "SLOTWISE_DATA_DIR", ".data")
	c.DatabaseURL = getenv("DATABASE_URL")
	c.PublicURL = getenv("SLOTWISE_PUBLIC_URL")
	c.SSRWorkers, c.RenderTimeout = runtime.NumCPU(), 2*time.Second
	var err error
	if v := getenv("SLOTWISE_SSR_WORKERS"); v != "" {
		if c.SSRWorkers, err = strconv.Atoi(v); err != nil || c.SSRWorkers < 1 {
			return fmt.Errorf("config: SLOTWISE_SSR_WORKERS must be a positive number, got %q", v)
		}
	}
	if v := getenv("SLOTWISE_RENDER_TIMEOUT"); v != "" {
		if c.RenderTimeout, err = time.ParseDuration(v); err != nil || c.RenderTimeout <= 0 {
			return fmt.Errorf("config: SLOTWISE_RENDER_TIMEOUT must be a duration such as 2s, got %q", v)
		}
	}
	return nil
}

// loadMail: the SMTP server and the sender of mails.
func (c *Config) loadMail(getenv Getenv) error {
	c.SMTP = SMTP{
		Host: getenv("SLOTWISE_SMTP_HOST"), Username: getenv("SLOTWISE_SMTP_USERNAME"),
		Password: getenv("SLOTWISE_SMTP_PASSWORD"), TLS: getenv("SLOTWISE_SMTP_TLS"),
		From: envOr(getenv, "SLOTWISE_MAIL_FROM", "bookings@slotwise.localhost"), FromName: envOr(getenv, "SLOTWISE_MAIL_FROM_NAME", "Slotwise"),
	}
	if v := getenv("SLOTWISE_SMTP_PORT"); v != "" {
		var err error
		if c.SMTP.Port, err = strconv.Atoi(v); err != nil || c.SMTP.Port < 1 || c.SMTP.Port > 65535 {
			return fmt.Errorf("config: SLOTWISE_SMTP_PORT must be a port number, got %q", v)
		}
	}
	switch c.SMTP.TLS {
	case "", "starttls", "tls", "none":
		return nil
	}
	return fmt.Errorf("config: SLOTWISE_SMTP_TLS must be starttls, tls or none, got %q", c.SMTP.TLS)
}

// loadWeb: the abuse limits, and which other sites may post, frame or be
// sent to.
func (c *Config) loadWeb(getenv Getenv) error {
	c.LimitBookingsPerIP = envOr(getenv, "SLOTWISE_LIMIT_BOOKINGS_PER_IP", "30/1h")
	c.LimitBookingsPerEmail = envOr(getenv, "SLOTWISE_LIMIT_BOOKINGS_PER_EMAIL", "10/24h")
	c.LimitTokenGuesses = envOr(getenv, "SLOTWISE_LIMIT_TOKEN_GUESSES", "20/10m")
	c.LimitFormsPerIP = envOr(getenv, "SLOTWISE_LIMIT_FORMS_PER_IP", "60/1h")
	c.LimitFormsPerForm = envOr(getenv, "SLOTWISE_LIMIT_FORMS_PER_FORM", "2000/1h")
	c.LimitLinkRequests = envOr(getenv, "SLOTWISE_LIMIT_LINK_REQUESTS", "5/1h")
	c.LimitSignInPerIP = envOr(getenv, "SLOTWISE_LIMIT_SIGN_IN_PER_IP", "30/1h")
	c.LimitSignInPerEmail = envOr(getenv, "SLOTWISE_LIMIT_SIGN_IN_PER_EMAIL", "5/1h")
	c.LimitPasskeysPerIP = envOr(getenv, "SLOTWISE_LIMIT_PASSKEYS_PER_IP", "300/1h")
	for _, o := range list(getenv("SLOTWISE_REDIRECT_ORIGINS")) {
		o = strings.TrimSuffix(o, "/")
		if u, err := url.Parse(o); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.Path != "" || u.RawQuery != "" || u.User != nil {
			return fmt.Errorf("config: SLOTWISE_REDIRECT_ORIGINS holds origins such as https://example.com, got %q", o)
		}
		c.RedirectOrigins = append(c.RedirectOrigins, o)
	}
	c.TrustedProxies = list(getenv("SLOTWISE_TRUSTED_PROXIES"))
	c.FrameAncestors = envOr(getenv, "SLOTWISE_FRAME_ANCESTORS", "*")
	if strings.ContainsAny(c.FrameAncestors, ";,\r\n") {
		return fmt.Errorf("config: SLOTWISE_FRAME_ANCESTORS is a space-separated list of CSP sources, got %q", c.FrameAncestors)
	}
	c.TrustedOrigins = list(getenv("SLOTWISE_TRUSTED_ORIGINS"))
	return nil
}

// loadClock: a test clock, or the clock moved (checked here so a mistyped
// value stops the server before the clock is first read).
func (c *Config) loadClock(getenv Getenv) error {
	if v := getenv("SLOTWISE_TEST_CLOCK"); v != "" {
		var err error
		if c.TestClock, err = time.Parse(time.RFC3339, v); err != nil {
			return fmt.Errorf("config: SLOTWISE_TEST_CLOCK must be an RFC 3339 instant, got %q", v)
		}
		if c.DatabaseURL != "" {
			// A clock that is not the time has no place next to real bookings.
			return fmt.Errorf("config: SLOTWISE_TEST_CLOCK is for tests on a private database; unset it or DATABASE_URL")
		}
	}
	// Tests of several replicas share one database, so a moved clock is
	// allowed beside DATABASE_URL: serve warns loudly instead.
	if v := getenv(clock.EnvShift); v != "" {
		if _, err := clock.ParseShift(v); err != nil {
			return err
		}
	}
	return nil
}

func (c *Config) loadStripe(getenv Getenv) error {
	c.Stripe = Stripe{SecretKey: getenv("SLOTWISE_STRIPE_SECRET_KEY"), WebhookSecret: getenv("SLOTWISE_STRIPE_WEBHOOK_SECRET"),
		APIURL: getenv("SLOTWISE_STRIPE_API_URL")}
	if k := c.Stripe.SecretKey; k != "" && !strings.HasPrefix(k, "sk_") && !strings.HasPrefix(k, "rk_") {
		return fmt.Errorf("config: SLOTWISE_STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…)")
	}
	if w := c.Stripe.WebhookSecret; w != "" && !strings.HasPrefix(w, "whsec_") {
		return fmt.Errorf("config: SLOTWISE_STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)")
	}
	return apiURL("SLOTWISE_STRIPE_API_URL", c.Stripe.APIURL)
}

func (c *Config) loadRazorpay(getenv Getenv) error {
	c.Razorpay = Razorpay{KeyID: getenv("SLOTWISE_RAZORPAY_KEY_ID"), KeySecret: getenv("SLOTWISE_RAZORPAY_KEY_SECRET"),
		WebhookSecret: getenv("SLOTWISE_RAZORPAY_WEBHOOK_SECRET"), APIURL: getenv("SLOTWISE_RAZORPAY_API_URL")}
	r := c.Razorpay
	if (r.KeyID == "") != (r.KeySecret == "") {
		return fmt.Errorf("config: SLOTWISE_RAZORPAY_KEY_ID and SLOTWISE_RAZORPAY_KEY_SECRET are set together")
	}
	// Razorpay's orders cannot be closed: only its webhook tells of a
	// payment made after the hold ended, which must be refunded.
	if r.KeyID != "" && r.WebhookSecret == "" {
		return fmt.Errorf("config: SLOTWISE_RAZORPAY_WEBHOOK_SECRET is needed with Razorpay's keys: a payment made after a hold ended is known only from its webhook")
	}
	if k := r.KeyID; k != "" && !strings.HasPrefix(k, "rzp_test_") && !strings.HasPrefix(k, "rzp_live_") {
		return fmt.Errorf("config: SLOTWISE_RAZORPAY_KEY_ID must be a Razorpay key id (rzp_test_… or rzp_live_…)")
	}
	return apiURL("SLOTWISE_RAZORPAY_API_URL", r.APIURL)
}

func (c *Config) loadPayPal(getenv Getenv) error {
	c.PayPal = PayPal{ClientID: getenv("SLOTWISE_PAYPAL_CLIENT_ID"), ClientSecret: getenv("SLOTWISE_PAYPAL_CLIENT_SECRET"),
		WebhookID: getenv("SLOTWISE_PAYPAL_WEBHOOK_ID"), APIURL: getenv("SLOTWISE_PAYPAL_API_URL")}
	p := c.PayPal
	if (p.ClientID == "") != (p.ClientSecret == "") {
		return fmt.Errorf("config: SLOTWISE_PAYPAL_CLIENT_ID and SLOTWISE_PAYPAL_CLIENT_SECRET are set together")
	}
	// A booker who approves and never comes back is known only from the
	// webhook, and its events are verified with the webhook's id.
	if p.ClientID != "" && p.WebhookID == "" {
		return fmt.Errorf("config: SLOTWISE_PAYPAL_WEBHOOK_ID is needed with PayPal's credentials: its events are verified with it, and an approval whose booker never comes back is known only from them")
	}
	return apiURL("SLOTWISE_PAYPAL_API_URL", p.APIURL)
}

// loadCalendars: the keys of staff's calendar passwords and how syncs run.
func (c *Config) loadCalendars(getenv Getenv) error {
	c.CalendarKeys = getenv("SLOTWISE_CALENDAR_KEYS")
	c.CalendarSyncInterval = 5 * time.Minute
	if v := getenv("SLOTWISE_CALENDAR_SYNC_INTERVAL"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 30*time.Second {
			return fmt.Errorf("config: SLOTWISE_CALENDAR_SYNC_INTERVAL is a duration of at least 30s, such as 5m, got %q", v)
		}
		c.CalendarSyncInterval = d
	}
	switch v := getenv("SLOTWISE_CALENDAR_UNANSWERED"); v {
	case "", "book":
	case "refuse":
		c.CalendarRefuseUnanswered = true
	default:
		return fmt.Errorf("config: SLOTWISE_CALENDAR_UNANSWERED is book or refuse, got %q", v)
	}
	return nil
}

// loadOperator: the metrics' token, private networks, the log's level.
func (c *Config) loadOperator(getenv Getenv) error {
	c.MetricsToken = getenv("SLOTWISE_METRICS_TOKEN")
	for _, name := range []string{"SLOTWISE_ALLOW_PRIVATE_NETWORKS", "SLOTWISE_WEBHOOK_ALLOW_PRIVATE"} {
		switch v := getenv(name); v {
		case "", "false", "0":
		case "true", "1":
			c.AllowPrivateNetworks = true
		default:
			return fmt.Errorf("config: %s is true or false, got %q", name, v)
		}
	}
	if v := getenv("SLOTWISE_LOG_LEVEL"); v != "" {
		if err := c.LogLevel.UnmarshalText([]byte(v)); err != nil {
			return fmt.Errorf("config: SLOTWISE_LOG_LEVEL must be debug, info, warn or error, got %q", v)
		}
	}
	return nil
}

// apiURL checks a provider's API address, when one is set (its double in tests).
func apiURL(name, u string) error {
	if u == "" {
		return nil
	}
	if p, err := url.Parse(u); err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
		return fmt.Errorf("config: %s must be an http(s) URL, got %q", name, u)
	}
	return nil
}

// list reads a comma-separated setting, its items trimmed, empty ones left out.
func list(v string) []string {
	var out []string
	for _, item := range strings.Split(v, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// loadTLS: serve's own HTTPS for the businesses' hosts.
func (c *Config) loadTLS(getenv Getenv) error {
	switch v := getenv("SLOTWISE_TLS"); v {
	case "", "off", "false", "0":
	case "on", "true", "1":
		c.TLS.On = true
	default:
		return fmt.Errorf("config: SLOTWISE_TLS is on or off, got %q", v)
	}
	c.TLS.HTTPAddr = envOr(getenv, "SLOTWISE_HTTP_ADDR", ":80")
	c.TLS.CA, c.TLS.Email, c.TLS.CARoots = getenv("SLOTWISE_ACME_CA"), getenv("SLOTWISE_ACME_EMAIL"), getenv("SLOTWISE_ACME_CA_ROOTS")
	return nil
}
