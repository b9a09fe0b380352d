package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/background"
	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/calsync"
	"slotwise/backend/internal/certs"
	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/content"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/formkey"
	"slotwise/backend/internal/forms"
	"slotwise/backend/internal/hosts"
	"slotwise/backend/internal/limits"
	"slotwise/backend/internal/metrics"
	"slotwise/backend/internal/notify"
	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/people"
	"slotwise/backend/internal/reminders"
	"slotwise/backend/internal/shop"
	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/web"
	"slotwise/backend/internal/web/pages"
	"slotwise/backend/internal/webhooks"
	"slotwise/ssr"
)

// house is the server, put together: the handler, the renderers it and
// the mails share, and the background work.
type house struct {
	handler  http.Handler
	renderer *ssr.Pool
	loops    []background.Loop
	// certs, with --tls, serves the businesses' hosts their certificates.
	certs *certs.Manager
}

// build makes every part of the server once, each given its collaborators
// and the one clock when it is made, in the order they need each other.
func build(ctx context.Context, a *app, bundle []byte, assets *pages.Assets) (*house, error) {
	now := serverNow(a)
	meters := metrics.New(a.pool, a.log, now)
	renderer, err := ssr.New(ssr.Options{Bundle: bundle, BundleName: "server.js",
		Workers: a.cfg.SSRWorkers, Deadline: a.cfg.RenderTimeout, Logger: a.log, Observe: meters.Render})
	if err != nil {
		return nil, err
	}
	a.log.Info("pages render in V8", slog.String("engine", ssr.Engine), slog.Int("workers", renderer.Stats().Workers))
	h, err := furnish(ctx, a, now, meters, renderer, assets)
	if err != nil {
		renderer.Close()
		return nil, err
	}
	return h, nil
}

func furnish(ctx context.Context, a *app, now clock.Func, meters *metrics.Metrics, renderer *ssr.Pool, assets *pages.Assets) (*house, error) {
	mailer, err := mailSender(a)
	if err != nil {
		return nil, err
	}
	a.log.Info("absolute links (canonical, hreflang, mails, calendar files) use the public URL", slog.String("public_url", publicURL(a.cfg)),
		slog.Bool("configured", a.cfg.PublicURL != ""))
	limiter, err := abuseLimits(a, now)
	if err != nil {
		return nil, err
	}
	keys, err := formkey.Load(ctx, a.pool)
	if err != nil {
		return nil, err
	}
	sealed, err := sealKeys(ctx, a)
	if err != nil {
		return nil, err
	}
	calendars := calendarSync(a, sealed, now)
	if a.cfg.AllowPrivateNetworks {
		a.log.Warn("SLOTWISE_ALLOW_PRIVATE_NETWORKS is set: webhooks and calendar servers may be private and loopback addresses")
	}
	providers := paymentProviders(a)
	// Which business a host is, and the origin of each business's links.
	businesses := &hosts.Map{}
	if err := businesses.Load(ctx, a.pool); err != nil {
		return nil, err
	}
	origins := businesses.Origins(publicURL(a.cfg))
	var certificates *certs.Manager
	if a.cfg.TLS.On {
		if certificates, err = certs.New(a.pool, businesses, certs.Options{CA: a.cfg.TLS.CA, Email: a.cfg.TLS.Email, CARoots: a.cfg.TLS.CARoots}); err != nil {
			return nil, err
		}
	}
	// Pages are cached while the database's changes are heard; each
	// booking waits until this replica's pages have seen it.
	cache := pages.NewCache(a.pool, ctx, now, a.log)
	bookings := booking.NewService(a.pool, a.log, booking.Options{Clock: now, OnlinePayments: payments.Payable(providers...),
		LiveCheck: calendars.CheckLive, AfterCommit: cache.SeeOwnChanges})
	formsSvc := forms.NewService(a.pool, keys, a.cfg.RedirectOrigins, a.log, now)
	paySvc := payments.NewService(a.pool, bookings, publicURL(a.cfg), a.log, providers...).WithOrigins(origins).
		WithAccounts(sealed, payments.APIs{Stripe: a.cfg.Stripe.APIURL, Razorpay: a.cfg.Razorpay.APIURL, PayPal: a.cfg.PayPal.APIURL})
	// The shop and the payments know each other: an order's payment is
	// recorded by the shop, and a checkout is closed by the payments.
	shopSvc := shop.NewService(a.pool, a.log, shop.Options{Clock: now, AfterCommit: cache.SeeOwnChanges}).WithPayments(paySvc)
	paySvc.WithOrders(shopSvc)
	siteStore := sites.NewStore(a.pool).At(now)
	contentSvc := content.NewService(a.pool, a.cfg.RedirectOrigins, now, cache.SeeOwnChanges)
	hooks := webhooks.NewStore(a.pool, a.cfg.AllowPrivateNetworks)
	mails := notify.Mailer{Renderer: renderer, BaseURL: publicURL(a.cfg), Origin: origins, From: a.cfg.SMTP.From, FromName: a.cfg.SMTP.FromName, Logger: a.log}
	bookingMails := &booking.Mailer{Service: bookings, Mailer: mails}
	team := people.NewService(a.pool, now)
	signInMails := &people.Mailer{Service: team, Business: signInBusiness(bookings), Mailer: mails}
	dispatcher := &events.Dispatcher{Pool: a.pool, Logger: a.log, Consumers: []events.Consumer{
		bookingMails,
		&forms.Mailer{Service: formsSvc, Mailer: mails},
		&shop.Mailer{Service: shopSvc, Mailer: mails},
		signInMails,
		people.PasskeyMailer{Mailer: signInMails},
		&payments.Fulfiller{Service: paySvc},
		&webhooks.Fanout{Store: hooks, Bookings: bookings, Forms: formsSvc, Orders: shopSvc},
		&calsync.Writer{Service: calendars, Bookings: bookings, BaseURL: publicURL(a.cfg), Origin: origins},
	}}
	if err := startup(ctx, a, dispatcher, bookings, siteStore, now); err != nil {
		return nil, err
	}
	handler, err := web.New(web.Deps{
		Hosts: businesses,
		Config: web.Config{PublicURL: publicURL(a.cfg), TrustedOrigins: a.cfg.TrustedOrigins,
			FrameAncestors: a.cfg.FrameAncestors, TrustedProxies: a.cfg.TrustedProxies, MetricsToken: a.cfg.MetricsToken},
		Metrics: meters, Limits: limiter, Logger: a.log, Renderer: renderer, DB: a.pool, Assets: assets, Cache: cache,
		Features: []web.Feature{web.Sites(siteStore), web.Booking(bookings), web.Forms(formsSvc), web.Payments(paySvc),
			web.Shop(shopSvc, paySvc, siteStore),
			web.Admin(web.AdminDeps{Pool: a.pool, Bookings: bookings, Forms: formsSvc, Webhooks: hooks, Payments: paySvc, Calendars: calendars,
				Content: contentSvc, People: team, Shop: shopSvc}),
			web.Dashboard(web.DashboardDeps{People: team, Bookings: bookings, Pool: a.pool, Content: contentSvc, Calendars: calendars, Forms: formsSvc,
				Payments: paySvc, Webhooks: hooks, Shop: shopSvc})},
		FormKeys: formsSvc.Keys(), // on the server's clock
	})
	if err != nil {
		return nil, err
	}
	return &house{handler: handler, renderer: renderer, certs: certificates, loops: []background.Loop{
		dispatcher,
		&notify.Worker{Pool: a.pool, Sender: mailer, Logger: a.log},
		&webhooks.Sender{Pool: a.pool, Client: webhooks.NewClient(a.cfg.AllowPrivateNetworks), Logger: a.log, Observe: meters.WebhookAttempt},
		calendars,
		&reminders.Worker{Pool: a.pool, Bookings: bookings, Mailer: bookingMails, Now: bookings.Now, Logger: a.log, Observe: meters.Reminder},
		payments.Holds{Service: paySvc, Every: holdSweep},
		shop.Holds{Service: shopSvc, Every: holdSweep},
		background.Func("hosts", func(ctx context.Context) error { businesses.Watch(ctx, a.pool, a.log); return nil }),
		purges(a, bookings, limiter, team),
		planLeftovers(a, now),
	}}, nil
}

// serverNow is the clock every part reads: the real time, or the test
// clock from its start (SLOTWISE_TEST_CLOCK); each is said in the log.
func serverNow(a *app) clock.Func {
	if shift, ok := clock.Shifted(); ok {
		a.log.Warn(clock.EnvShift+" is set: the clock is moved away from the real time", slog.String("shift", shift), slog.Time("now", clock.Now()))
	}
	if start := a.cfg.TestClock; !start.IsZero() {
		a.log.Warn("SLOTWISE_TEST_CLOCK is set: the clock is not the real time", slog.Time("starts_at", start))
		return clock.StartingAt(start)
	}
	return clock.Now
}

// startup is what comes before the first request: the event consumers
// subscribed, the demo's links, reminders planned for bookings made before
// them and the staff's next agendas.
func startup(ctx context.Context, a *app, dispatcher *events.Dispatcher, bookings *booking.Service, siteStore *sites.Store, now clock.Func) error {
	if err := dispatcher.Subscribe(ctx); err != nil {
		return err
	}
	if !a.cfg.NoDemo {
		// The demo's links are the studio's: the default business.
		ctx, err := forBusiness(ctx, a.pool, "")
		if err != nil {
			return err
		}
		if a.demoLink, err = demoLink(ctx, bookings); err != nil {
			return err
		}
		if a.demoPreview, err = demoPreview(ctx, siteStore); err != nil {
			return err
		}
	}
	return nil
}

// planLeftovers plans, in the background, what bookings and people made
// before their reminders or agendas existed still miss, business by
// business (each a few indexed queries: a deployment of ten thousand
// businesses is serving long before it is done). It is done once across
// replicas (db.RunUpkeep): every booking and person since is planned as
// it is made, and reading every coming booking of every business again
// at each start took a core of the database for a minute with ten
// thousand businesses.
func planLeftovers(a *app, now clock.Func) background.Loop {
	return background.Func("plans", func(ctx context.Context) error {
		outcome, err := db.RunUpkeep(ctx, a.pool, booking.UpkeepPlans, func(ctx context.Context) (bool, error) {
			return planEveryBusiness(ctx, a, now)
		})
		switch {
		case err != nil:
			return err
		case outcome == db.UpkeepDoneBefore:
			a.log.Info("reminders and agendas of every business planned at an earlier start")
		case outcome == db.UpkeepElsewhere:
			a.log.Info("reminders and agendas of every business being planned by another replica")
		}
		return nil
	})
}

// planEveryBusiness is planLeftovers' work; finished is false when a
// business failed (the next start plans what it missed) or the server
// stopped first.
func planEveryBusiness(ctx context.Context, a *app, now clock.Func) (finished bool, err error) {
	started := time.Now() // real time: how long the planning took
	businesses, err := businessIDs(ctx, a.pool)
	if err != nil {
		return false, err
	}
	failed := 0
	for _, id := range businesses {
		if ctx.Err() != nil {
			return false, nil
		}
		ctx := db.WithBusiness(ctx, id)
		// One business's failure is said and the others planned.
		if err := reminders.PlanAgendas(ctx, a.pool, now()); err != nil {
			a.log.Error("unable to plan the agendas of a business", slog.Int64("business", id), slog.Any("err", err))
			failed++
			continue
		}
		n, err := booking.PlanUnplanned(ctx, a.pool, now())
		if err != nil {
			a.log.Error("unable to plan the reminders of a business", slog.Int64("business", id), slog.Any("err", err))
			failed++
			continue
		}
		if n > 0 {
			a.log.Info("reminders planned for bookings made before them", slog.Int64("business", id), slog.Int("bookings", n))
		}
	}
	a.log.Info("reminders and agendas of every business planned", slog.Int("businesses", len(businesses)), slog.Int("failed", failed),
		slog.Duration("took", time.Since(started).Round(time.Millisecond))) // real time: as above
	return failed == 0, nil
}

// businessIDs lists every business of the deployment.
func businessIDs(ctx context.Context, q db.Querier) ([]int64, error) {
	rows, err := q.Query(ctx, `SELECT id FROM locations ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("unable to list the businesses: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// purges forget, every hour, idempotency keys past their day, rate limit
// windows past theirs, events older than a week that every consumer has
// handled, reminders done 90 days ago, and sign-in links and sessions a
// month past their time.
func purges(a *app, bookings *booking.Service, limiter *limits.Limiter, team *people.Service) background.Loop {
	return background.Func("purges", func(ctx context.Context) error {
		background.Rounds(ctx, a.pool, "", time.Hour, a.log, func(ctx context.Context) {
			purge(ctx, a, "idempotency keys", bookings.PurgeIdempotencyKeys)
			purge(ctx, a, "rate limit windows", limiter.Purge)
			purge(ctx, a, "events", func(ctx context.Context) (int64, error) { return events.Purge(ctx, a.pool, 7*24*time.Hour) })
			purge(ctx, a, "reminders done", func(ctx context.Context) (int64, error) { return reminders.Purge(ctx, a.pool, 90*24*time.Hour) })
			purge(ctx, a, "sign-in links and sessions", team.Purge)
		})
		return nil
	})
}

func purge(ctx context.Context, a *app, what string, run func(context.Context) (int64, error)) {
	n, err := run(db.WithEveryBusiness(ctx)) // what is past its time, in every business
	switch {
	case err != nil && ctx.Err() == nil:
		a.log.Warn(fmt.Sprintf("unable to purge %s", what), slog.Any("err", err))
	case n > 0:
		a.log.Info(fmt.Sprintf("purged %s", what), slog.Int64("count", n))
	}
}

// signInBusiness is what a sign-in mail says of its business.
func signInBusiness(bookings *booking.Service) func(ctx context.Context) (people.Business, error) {
	return func(ctx context.Context) (people.Business, error) {
		b, err := bookings.Business(ctx)
		if err != nil {
			return people.Business{}, err
		}
		return people.Business{Name: b.Name, Locale: b.DefaultLocale, Brand: b.BrandColor}, nil
	}
}
