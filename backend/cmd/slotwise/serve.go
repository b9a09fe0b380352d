package main

import (
	"cmp"
	"context"
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"slotwise/backend/internal/background"
	"slotwise/backend/internal/calsync"
	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/config"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/demo"
	"slotwise/backend/internal/limits"
	"slotwise/backend/internal/notify"
	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/route"
	"slotwise/backend/internal/seal"
	"slotwise/backend/internal/web"
	"slotwise/backend/internal/web/pages"
	"slotwise/locales"
	"slotwise/ui"
)

func serveCommand() *command {
	return &command{name: "serve", summary: "serve the widgets and website (the default)",
		detail: "On an empty database, the demo content is written first (unless --no-demo).",
		flags:  func(fs *flag.FlagSet, cfg *config.Config) { cfg.ServeFlags(fs) },
		run:    func(ctx context.Context, inv *invocation) error { return serve(ctx, inv.cfg) }}
}

func serve(ctx context.Context, cfg *config.Config) error {
	// The address is taken before anything else, so a port in use is said
	// at once, and no database is started for a server that cannot listen.
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("unable to listen on %s (set another with --addr or SLOTWISE_ADDR): %w", cfg.Addr, err)
	}
	defer ln.Close()
	// It answers at once: 503 while it starts (its database may not be up
	// yet), then the real handler.
	hand := &handoff{}
	hand.Store(startingHandler())
	srv := newHTTPServer()
	srv.Handler = hand
	// With --tls the address speaks HTTPS; its certificates come once the
	// database is up (a handshake before then fails).
	var certificates atomic.Pointer[tls.Config]
	if cfg.TLS.On {
		ln = tls.NewListener(ln, &tls.Config{GetConfigForClient: func(*tls.ClientHelloInfo) (*tls.Config, error) {
			if c := certificates.Load(); c != nil {
				return c, nil
			}
			return nil, errors.New("the server is starting")
		}})
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	defer shutdown(srv)
	if err := locales.Load(); err != nil {
		return err
	}
	bundle, err := fs.ReadFile(ui.Dist(), "server/server.js")
	if err != nil {
		return fmt.Errorf("the server bundle is missing from this build (run `make build`): %w", err)
	}
	assets, err := pages.LoadAssets(ui.Dist())
	if err != nil {
		return err
	}
	err = withApp(ctx, cfg, (*app).waitForDatabase, func(ctx context.Context, a *app) error {
		if err := seedIfEmpty(ctx, a); err != nil {
			return err
		}
		h, err := build(ctx, a, bundle, assets)
		if err != nil {
			return err
		}
		defer h.renderer.Close()
		// The background work stops after the server has drained (the
		// defers run last first): a request's after-commit mail still goes.
		workCtx, stopWork := context.WithCancel(ctx)
		defer background.Run(workCtx, a.log, h.loops...)()
		defer stopWork()
		if h.certs != nil {
			defer h.certs.Stop()
			certificates.Store(h.certs.TLSConfig())
			plain, err := servePlainHTTP(cfg.TLS.HTTPAddr, h.certs.HTTPHandler())
			if err != nil {
				return err
			}
			defer shutdown(plain)
		}
		hand.Store(h.handler)
		banner(a, ln)
		select {
		case err := <-served:
			return err
		case <-ctx.Done():
			// Drained while the database and the renderers still serve them.
			a.log.Info("shutting down: draining in-flight requests")
			shutdown(srv)
			return nil
		}
	})
	if ctx.Err() != nil && errors.Is(err, context.Canceled) {
		return nil // stopped while starting: a clean stop
	}
	return err
}

// servePlainHTTP answers plain HTTP on addr beside the HTTPS server: the
// CA's HTTP challenges, and a 301 to HTTPS for everything else.
func servePlainHTTP(addr string, h http.Handler) (*http.Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("unable to listen on %s for plain HTTP (set another with SLOTWISE_HTTP_ADDR): %w", addr, err)
	}
	srv := newHTTPServer()
	srv.Handler = h
	go func() { _ = srv.Serve(ln) }()
	return srv, nil
}

// handoff is the server's handler of the moment: startingHandler, then the app.
type handoff struct{ p atomic.Pointer[http.Handler] }

func (h *handoff) Store(next http.Handler) { h.p.Store(&next) }

func (h *handoff) ServeHTTP(w http.ResponseWriter, r *http.Request) { (*h.p.Load()).ServeHTTP(w, r) }

// newHTTPServer has the timeouts of docs/operations.md: a client has 10 s
// to send its headers and 30 s for the whole request, so a body trickled
// byte by byte is cut off; a page, streamed or not, must be written within
// 60 s; an idle keep-alive connection is closed after 2 minutes.
func newHTTPServer() *http.Server {
	return &http.Server{
		ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: 60 * time.Second, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10,
	}
}

// shutdown lets in-flight requests finish, for up to 20 s, then closes
// what is left. Once done, it returns at once.
func shutdown(srv *http.Server) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		_ = srv.Close()
	}
}

// startingHandler answers while the server starts: 503 with a retry hint,
// JSON for the APIs and the health check, a line of text for pages.
func startingHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "5")
		w.Header().Set("Cache-Control", "no-store")
		switch {
		case r.URL.Path == "/healthz":
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprint(w, `{"status":"unavailable","reason":"starting","detail":"the server is starting (waiting for its database)"}`)
		case strings.HasPrefix(r.URL.Path, "/api/"):
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprint(w, `{"error":{"code":"unavailable","message":"The server is starting. Try again in a few seconds."}}`)
		default:
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprint(w, "The server is starting. Try again in a few seconds.\n")
		}
	})
}

// banner says where to look once the server answers.
func banner(a *app, ln net.Listener) {
	base := "http://" + ln.Addr().String()
	a.log.Info("serving", slog.String("url", base))
	routes := route.Default()
	booker := map[string]string{"slug": "demo-consultation"}
	lines := [][2]string{
		{routes.Href("", "index", "", nil, nil), "the demo website, with a link to every widget"},
		{routes.Href("", "bookings", "", booker, nil), "the booking widget"},
		{routes.Href("de", "bookings", "", booker, nil), "the same, in German"},
		{routes.Href("", "appointment", "team", map[string]string{"provider": "demo-team"}, nil), "a team: a named person or any available"},
		{routes.Href("", "appointment", "groups", map[string]string{"groupSlug": "demo-group"}, nil), "a group of calendars"},
		{routes.Href("", "serviceMenu", "slug", map[string]string{"serviceMenuSlug": "demo-salon"}, nil), "a service menu: several services in one visit, paid at the studio"},
		{routes.Href("", "bookings", "", map[string]string{"slug": "demo-paid"}, nil), "a 30 % deposit paid online (needs SLOTWISE_STRIPE_SECRET_KEY)"},
		{routes.Href("", "form", "", map[string]string{"id": "demo-contact"}, nil), "a contact form"},
		{routes.Href("", "quiz", "", map[string]string{"id": "demo-quiz"}, nil), "a quiz, scored by the server"},
		{routes.Href("", "survey", "", map[string]string{"id": "demo-survey"}, nil), "a survey of three steps"},
	}
	if a.demoLink != "" {
		lines = append(lines, [2]string{a.demoLink, "a one-time link: books once, for 7 days"})
	}
	if a.demoPreview != "" {
		lines = append(lines, [2]string{a.demoPreview, "a preview of a draft blog post, for 7 days"})
	}
	lines = append(lines, [2]string{"/api/admin/openapi.json", "the admin API's document (a token: slotwise token create --name NAME)"},
		[2]string{"/metrics", "Prometheus metrics"}, [2]string{"/healthz", "health check"})
	fmt.Print("\nSlotwise is running. Open:\n")
	for _, l := range lines {
		fmt.Printf("  %-70s %s\n", base+l[0], l[1])
	}
	if !a.cfg.NoDemo {
		// Every *.localhost name is this machine, in browsers and curl.
		_, port, _ := net.SplitHostPort(ln.Addr().String())
		yoga := "http://" + demo.YogaHosts[0] + ":" + port
		fmt.Print("\nA second business on the same server, in German, sharing the studio's slugs:\n")
		for _, l := range [][2]string{
			{routes.Href("", "index", "", nil, nil), "the yoga school's website"},
			{routes.Href("", "bookings", "", map[string]string{"slug": "demo-yoga"}, nil), "a class with twelve mats"},
			{"/blog", "its blog"},
		} {
			fmt.Printf("  %-70s %s\n", yoga+l[0], l[1])
		}
		fmt.Printf("  %-70s %s\n", "http://"+demo.StudioHosts[0]+":"+port+"/", "the studio again, on a name of its own")
	}
	fmt.Print("\nStop with Ctrl+C.\n\n")
}

// mailSender is the configured SMTP server, or with none a folder under the
// data directory where every mail is written and logged, so a demo loses
// nothing and shows what would have been sent.
func mailSender(a *app) (notify.Sender, error) {
	if a.cfg.SMTP.Host == "" {
		dir := filepath.Join(a.cfg.DataDir, "mail")
		a.log.Info("no SMTP server configured: mails are written to files", slog.String("dir", dir))
		return notify.FileSender{Dir: dir, Logger: a.log}, nil
	}
	return notify.NewSMTPSender(notify.SMTPConfig{
		Host: a.cfg.SMTP.Host, Port: a.cfg.SMTP.Port, Username: a.cfg.SMTP.Username, Password: a.cfg.SMTP.Password,
		From: a.cfg.SMTP.From, FromName: a.cfg.SMTP.FromName, TLS: a.cfg.SMTP.TLS,
	})
}

// publicURL is the origin of every absolute link: the configured one, or
// for a server on this machine its listen address (0.0.0.0 and :: become
// the loopback address, which at least works on the machine itself).
func publicURL(cfg *config.Config) string {
	if cfg.PublicURL != "" {
		return strings.TrimSuffix(cfg.PublicURL, "/")
	}
	host, port, err := net.SplitHostPort(cfg.Addr)
	if err != nil {
		return "http://" + cfg.Addr
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port)
}

// abuseLimits builds the limits of the configuration, counted on now, and
// says which hold.
func abuseLimits(a *app, now clock.Func) (*limits.Limiter, error) {
	rules := map[string]limits.Rule{}
	for bucket, text := range map[string]string{
		web.BucketBookingsPerIP: a.cfg.LimitBookingsPerIP, web.BucketBookingsPerEmail: a.cfg.LimitBookingsPerEmail,
		web.BucketTokenGuesses: a.cfg.LimitTokenGuesses,
		web.BucketFormsPerIP:   a.cfg.LimitFormsPerIP, web.BucketFormsPerForm: a.cfg.LimitFormsPerForm,
		web.BucketLinksPerIP: a.cfg.LimitLinkRequests, web.BucketLinksPerEmail: a.cfg.LimitLinkRequests,
		web.BucketSignInPerIP: a.cfg.LimitSignInPerIP, web.BucketSignInPerEmail: a.cfg.LimitSignInPerEmail,
		web.BucketPasskeysPerIP: a.cfg.LimitPasskeysPerIP,
	} {
		rule, err := limits.ParseRule(text)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", bucket, err)
		}
		rules[bucket] = rule
	}
	a.log.Info("abuse limits", slog.String(web.BucketBookingsPerIP, rules[web.BucketBookingsPerIP].String()),
		slog.String(web.BucketBookingsPerEmail, rules[web.BucketBookingsPerEmail].String()),
		slog.String(web.BucketTokenGuesses, rules[web.BucketTokenGuesses].String()),
		slog.Any("trusted_proxies", a.cfg.TrustedProxies))
	return limits.New(a.pool, rules, now), nil
}

// holdSweep is how often ended holds of unpaid bookings are looked for: a
// released slot is free at most this long after its hold ends.
const holdSweep = 15 * time.Second

// paymentProviders are the configured online payment providers, the
// default first (Stripe, then Razorpay, then PayPal); it says which, and
// never a key.
func paymentProviders(a *app) []payments.Provider {
	var out []payments.Provider
	if p := stripeProvider(a); p != nil {
		out = append(out, p)
	}
	if p := razorpayProvider(a); p != nil {
		out = append(out, p)
	}
	if p := paypalProvider(a); p != nil {
		out = append(out, p)
	}
	if len(out) == 0 {
		a.log.Info("online payment is not set up: calendars paid online book nothing (set SLOTWISE_STRIPE_SECRET_KEY, SLOTWISE_RAZORPAY_KEY_ID or SLOTWISE_PAYPAL_CLIENT_ID)")
	}
	return out
}

func razorpayProvider(a *app) payments.Provider {
	cfg := a.cfg.Razorpay
	if cfg.KeyID == "" {
		return nil
	}
	mode := "live"
	if strings.HasPrefix(cfg.KeyID, "rzp_test_") {
		mode = "test"
	}
	a.log.Info("online payments through Razorpay", slog.String("mode", mode), slog.String("api", cmp.Or(cfg.APIURL, payments.RazorpayAPI)))
	return payments.NewRazorpay(payments.RazorpayConfig{KeyID: cfg.KeyID, KeySecret: cfg.KeySecret, WebhookSecret: cfg.WebhookSecret, APIURL: cfg.APIURL})
}

func paypalProvider(a *app) payments.Provider {
	cfg := a.cfg.PayPal
	if cfg.ClientID == "" {
		return nil
	}
	api := cmp.Or(cfg.APIURL, payments.PayPalAPI)
	a.log.Info("online payments through PayPal", slog.String("api", api))
	return payments.NewPayPal(payments.PayPalConfig{ClientID: cfg.ClientID, ClientSecret: cfg.ClientSecret, WebhookID: cfg.WebhookID, APIURL: cfg.APIURL})
}

func stripeProvider(a *app) payments.Provider {
	cfg := a.cfg.Stripe
	if cfg.SecretKey == "" {
		return nil
	}
	mode := "live"
	if strings.HasPrefix(cfg.SecretKey, "sk_test_") || strings.HasPrefix(cfg.SecretKey, "rk_test_") {
		mode = "test"
	}
	a.log.Info("online payments through Stripe", slog.String("mode", mode), slog.Bool("webhook_secret", cfg.WebhookSecret != ""),
		slog.String("api", cmp.Or(cfg.APIURL, "https://api.stripe.com")))
	if cfg.WebhookSecret == "" {
		a.log.Warn("SLOTWISE_STRIPE_WEBHOOK_SECRET is not set: Stripe's events are refused, and payments are recorded only when the booker returns")
	}
	return payments.NewStripe(payments.StripeConfig{SecretKey: cfg.SecretKey, WebhookSecret: cfg.WebhookSecret, APIURL: cfg.APIURL})
}

// sealKeys is the keyring the secrets businesses give are sealed with
// (calendar passwords, payment providers' keys): the operator's keys and
// the database's own, which opens what was sealed before them. Secrets
// sealed with an older key are sealed again with the newest at start.
func sealKeys(ctx context.Context, a *app) (*seal.Keyring, error) {
	configured, err := seal.ParseKeys(a.cfg.CalendarKeys)
	if err != nil {
		return nil, fmt.Errorf("config: SLOTWISE_CALENDAR_KEYS: %w", err)
	}
	keys, err := seal.LoadKeyring(ctx, a.pool, configured)
	if err != nil {
		return nil, err
	}
	if len(configured) == 0 {
		a.log.Warn("SLOTWISE_CALENDAR_KEYS is not set: calendar passwords and the businesses' payment keys are sealed with a key kept in the database itself, so a copy of the database opens them (docs/operations.md)")
	}
	if n, err := keys.Reseal(db.WithEveryBusiness(ctx), a.pool, seal.CalendarPasswords, seal.PaymentKeys); err != nil {
		return nil, err
	} else if n > 0 {
		a.log.Info("secrets sealed again with the newest key", slog.Int("count", n))
	}
	return keys, nil
}

// calendarSync is the staff's calendar connections, their passwords sealed
// with keys.
func calendarSync(a *app, keys *seal.Keyring, now clock.Func) *calsync.Service {
	return calsync.NewService(a.pool, calsync.Options{Keys: keys, AllowPrivate: a.cfg.AllowPrivateNetworks,
		Interval: a.cfg.CalendarSyncInterval, Log: a.log, RefuseUnanswered: a.cfg.CalendarRefuseUnanswered, Clock: now})
}
