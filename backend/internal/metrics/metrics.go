// Package metrics is what the server tells Prometheus at /metrics: requests
// by route and status, the render pool, the page cache, the backlogs of
// events, mails and webhooks, and webhook attempts. Domain packages know
// nothing of it: they take plain callbacks, which cmd wires to it.
package metrics

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/db"
	"slotwise/ssr"
)

// Metrics holds the collectors of one server.
type Metrics struct {
	registry *prometheus.Registry

	requests        *prometheus.CounterVec
	requestDuration *prometheus.HistogramVec
	renders         *prometheus.CounterVec
	renderDuration  *prometheus.HistogramVec
	renderWait      prometheus.Histogram
	recycles        *prometheus.CounterVec
	cache           *prometheus.CounterVec
	webhooks        *prometheus.CounterVec
	reminders       *prometheus.CounterVec
	backlog         *backlog

	// The series a request lands in, found once: the vectors hash their
	// labels on every call, and a cached page takes microseconds.
	series              sync.Map // requestSeries → requestSeriesOf
	cacheHit, cacheMiss prometheus.Counter
}

type requestSeries struct {
	route, method string
	status        int
}

type requestSeriesOf struct {
	count prometheus.Counter
	took  prometheus.Observer
}

// New registers the collectors. pool, when set, is asked for the backlogs
// at each scrape, what is due read on now (the server's clock; nil:
// clock.Now).
func New(pool *db.Pool, log *slog.Logger, now clock.Func) *Metrics {
	if now == nil {
		now = clock.Now
	}
	m := &Metrics{registry: prometheus.NewRegistry()}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "slotwise_http_requests_total", Help: "HTTP requests answered, by route, method and status.",
	}, []string{"route", "method", "status"})
	m.requestDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "slotwise_http_request_duration_seconds", Help: "Time to answer a request, by route.",
		Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
	}, []string{"route"})
	m.renders = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "slotwise_render_calls_total", Help: "Calls into the V8 render pool, by entry point and outcome.",
	}, []string{"fn", "outcome"})
	m.renderDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "slotwise_render_duration_seconds", Help: "Time a call ran in its isolate, by entry point.",
		Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2},
	}, []string{"fn"})
	m.renderWait = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name: "slotwise_render_queue_wait_seconds", Help: "Time a call waited for a free isolate.",
		Buckets: []float64{.0001, .0005, .001, .005, .01, .025, .05, .1, .25, .5, 1},
	})
	m.recycles = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "slotwise_render_recycles_total", Help: "Isolates replaced, by reason (max renders, max heap, timeout).",
	}, []string{"reason"})
	m.cache = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "slotwise_page_cache_lookups_total", Help: "Website pages looked up in the page cache, by result (hit, miss).",
	}, []string{"result"})
	m.webhooks = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "slotwise_webhook_attempts_total", Help: "Webhook delivery attempts, by outcome (succeeded, retry, failed, gone).",
	}, []string{"outcome"})
	m.reminders = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "slotwise_reminders_total", Help: "Reminders, follow-ups and agendas done, by kind, outcome (sent, skipped) and a skip's reason.",
	}, []string{"kind", "outcome", "reason"})
	m.registry.MustRegister(m.requests, m.requestDuration, m.renders, m.renderDuration, m.renderWait, m.recycles, m.cache, m.webhooks, m.reminders,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.cacheHit, m.cacheMiss = m.cache.WithLabelValues("hit"), m.cache.WithLabelValues("miss")
	if pool != nil {
		m.backlog = &backlog{pool: pool, log: log, now: now}
		m.registry.MustRegister(m.backlog)
	}
	return m
}

// Handler serves the metrics in Prometheus's text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{Registry: m.registry})
}

// Request counts an answered request. route is the route's pattern or
// page name, never the raw path, so the labels stay few.
func (m *Metrics) Request(route, method string, status int, took time.Duration) {
	key := requestSeries{route, method, status}
	of, ok := m.series.Load(key)
	if !ok {
		series := requestSeriesOf{
			count: m.requests.WithLabelValues(route, method, strconv.Itoa(status)),
			took:  m.requestDuration.WithLabelValues(route),
		}
		if !knownMethod(method) { // a client's invention is counted, not kept
			series.count.Inc()
			series.took.Observe(took.Seconds())
			return
		}
		of, _ = m.series.LoadOrStore(key, series)
	}
	series := of.(requestSeriesOf)
	series.count.Inc()
	series.took.Observe(took.Seconds())
}

func knownMethod(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions:
		return true
	}
	return false
}

// Render records a call of the render pool (ssr.Options.Observe).
func (m *Metrics) Render(o ssr.Observation) {
	outcome := "ok"
	if o.Err != nil {
		outcome = "error"
	}
	if o.Recycle == "timeout" {
		outcome = "timeout"
	}
	m.renders.WithLabelValues(o.Fn, outcome).Inc()
	m.renderDuration.WithLabelValues(o.Fn).Observe(o.Took.Seconds())
	m.renderWait.Observe(o.Wait.Seconds())
	if o.Recycle != "" {
		m.recycles.WithLabelValues(o.Recycle).Inc()
	}
}

// CacheLookup counts a page cache lookup.
func (m *Metrics) CacheLookup(hit bool) {
	if hit {
		m.cacheHit.Inc()
	} else {
		m.cacheMiss.Inc()
	}
}

// Reminder counts a reminder row done (reminders.Worker.Observe).
func (m *Metrics) Reminder(kind, outcome, reason string) {
	m.reminders.WithLabelValues(kind, outcome, reason).Inc()
}

// WebhookAttempt counts a webhook attempt (webhooks.Sender.Observe).
func (m *Metrics) WebhookAttempt(outcome string) { m.webhooks.WithLabelValues(outcome).Inc() }

// backlog reads, at each scrape, what is waiting: undelivered events,
// unsent mails and webhook deliveries, and the age of the oldest of each.
type backlog struct {
	pool *db.Pool
	log  *slog.Logger
	now  clock.Func
}

var (
	backlogDesc = prometheus.NewDesc("slotwise_backlog", "Work waiting, by queue (events, mails, webhooks).", []string{"queue"}, nil)
	oldestDesc  = prometheus.NewDesc("slotwise_backlog_oldest_seconds", "Age of the oldest work waiting, by queue.", []string{"queue"}, nil)
	upDesc      = prometheus.NewDesc("slotwise_database_up", "Whether the database answered the last scrape's questions.", nil, nil)
	dueDesc     = prometheus.NewDesc("slotwise_reminders_due", "Reminders, follow-ups and agendas due now and not yet done.", nil, nil)
	lagDesc     = prometheus.NewDesc("slotwise_reminders_lag_seconds", "How long the oldest due reminder has waited past its time.", nil, nil)
	calDesc     = prometheus.NewDesc("slotwise_calendar_connections", "Staff's calendar connections, by the state of their last sync (ok, partial, error, syncing).", []string{"state"}, nil)
)

func (b *backlog) Describe(ch chan<- *prometheus.Desc) {
	ch <- backlogDesc
	ch <- oldestDesc
	ch <- upDesc
	ch <- calDesc
	ch <- dueDesc
	ch <- lagDesc
}

func (b *backlog) Collect(ch chan<- prometheus.Metric) {
	// The deployment's queues: every business's rows, counted, not labelled
	// by business (10,000 of them would be 10,000 series).
	ctx, cancel := context.WithTimeout(db.WithEveryBusiness(context.Background()), 2*time.Second)
	defer cancel()
	queues := []struct{ name, sql string }{
		{"events", `SELECT count(*), coalesce(extract(epoch FROM now() - min(e.created_at)), 0)
			FROM event_deliveries d JOIN events e ON e.id = d.event_id AND e.location_id = d.location_id WHERE d.done_at IS NULL AND NOT d.dead`},
		{"mails", `SELECT count(*), coalesce(extract(epoch FROM now() - min(created_at)), 0) FROM outbox WHERE sent_at IS NULL AND NOT dead`},
		{"webhooks", `SELECT count(*), coalesce(extract(epoch FROM now() - min(created_at)), 0) FROM webhook_deliveries WHERE status = 'pending'`},
	}
	up := 1.0
	for _, q := range queues {
		var n int64
		var age float64
		if err := b.pool.QueryRow(ctx, q.sql).Scan(&n, &age); err != nil {
			up = 0
			b.log.DebugContext(ctx, "metrics: unable to read a backlog", "queue", q.name, "error", err)
			continue
		}
		ch <- prometheus.MustNewConstMetric(backlogDesc, prometheus.GaugeValue, float64(n), q.name)
		ch <- prometheus.MustNewConstMetric(oldestDesc, prometheus.GaugeValue, age, q.name)
	}
	states := map[string]float64{"ok": 0, "partial": 0, "error": 0, "syncing": 0}
	rows, err := b.pool.Query(ctx, `SELECT state, count(*) FROM calendar_connections GROUP BY state`)
	if err == nil {
		for rows.Next() {
			var state string
			var n int64
			if rows.Scan(&state, &n) == nil {
				states[state] = float64(n)
			}
		}
		rows.Close()
		err = rows.Err()
	}
	if err != nil {
		up = 0
		b.log.DebugContext(ctx, "metrics: unable to count calendar connections", "error", err)
	} else {
		for state, n := range states {
			ch <- prometheus.MustNewConstMetric(calDesc, prometheus.GaugeValue, n, state)
		}
	}
	var due int64
	var lag float64
	if err := b.pool.QueryRow(ctx, `SELECT count(*), coalesce(extract(epoch FROM $1::timestamptz - min(due_at)), 0)
		FROM reminders WHERE state = 'due' AND due_at <= $1`, b.now()).Scan(&due, &lag); err != nil {
		up = 0
		b.log.DebugContext(ctx, "metrics: unable to count due reminders", "error", err)
	} else {
		ch <- prometheus.MustNewConstMetric(dueDesc, prometheus.GaugeValue, float64(due))
		ch <- prometheus.MustNewConstMetric(lagDesc, prometheus.GaugeValue, lag)
	}
	ch <- prometheus.MustNewConstMetric(upDesc, prometheus.GaugeValue, up)
}
