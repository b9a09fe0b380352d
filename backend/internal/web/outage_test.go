package web_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/formkey"
	"slotwise/backend/internal/forms"
	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/web"
	"slotwise/backend/internal/web/pages"
)

// cuttableProxy forwards TCP connections to PostgreSQL until it is cut:
// then it drops every connection and refuses new ones, as a database that
// went away does, until it is restored.
type cuttableProxy struct {
	ln     net.Listener
	target func() (net.Conn, error)
	mu     sync.Mutex
	down   bool
	conns  map[net.Conn]struct{}
}

func newCuttableProxy(t *testing.T, pool *db.Pool) (*cuttableProxy, *pgxpool.Config) {
	t.Helper()
	cc := pool.Config().ConnConfig
	network, address := "tcp", net.JoinHostPort(cc.Host, strconv.Itoa(int(cc.Port)))
	if strings.HasPrefix(cc.Host, "/") {
		network, address = "unix", cc.Host+"/.s.PGSQL."+strconv.Itoa(int(cc.Port))
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &cuttableProxy{ln: ln, conns: map[net.Conn]struct{}{},
		target: func() (net.Conn, error) { return net.Dial(network, address) }}
	go p.serve()
	t.Cleanup(func() { ln.Close(); p.cut() })
	cfg := pool.Config().Copy()
	cfg.ConnConfig.Host, cfg.ConnConfig.Port = "127.0.0.1", uint16(ln.Addr().(*net.TCPAddr).Port)
	cfg.ConnConfig.TLSConfig, cfg.ConnConfig.Fallbacks = nil, nil
	cfg.ConnConfig.ConnectTimeout = 2 * time.Second
	return p, cfg
}

func (p *cuttableProxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		down := p.down
		if !down {
			p.conns[c] = struct{}{}
		}
		p.mu.Unlock()
		if down {
			c.Close()
			continue
		}
		go func() {
			up, err := p.target()
			if err != nil {
				c.Close()
				return
			}
			p.mu.Lock()
			p.conns[up] = struct{}{}
			p.mu.Unlock()
			go func() { _, _ = io.Copy(up, c); up.Close() }()
			_, _ = io.Copy(c, up)
			c.Close()
		}()
	}
}

func (p *cuttableProxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = true
	for c := range p.conns {
		c.Close()
	}
	p.conns = map[net.Conn]struct{}{}
}

func (p *cuttableProxy) restore() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = false
}

func TestADatabaseThatGoesAwayIsA503AndTheServerRecovers(t *testing.T) {
	var proxy *cuttableProxy
	f := newFixture(t, sharedRenderer(t), func(d *web.Deps, w wiring) {
		pool := w.pool
		var cfg *pgxpool.Config
		proxy, cfg = newCuttableProxy(t, pool)
		raw, err := pgxpool.NewWithConfig(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(raw.Close)
		through := db.NewPool(raw)
		keys, err := formkey.Load(context.Background(), through)
		if err != nil {
			t.Fatal(err)
		}
		// The pages' cache hears its changes through the proxy too.
		d.DB, d.Cache = through, pages.NewCache(through, t.Context(), nil, d.Logger)
		bookings := booking.NewService(through, d.Logger, booking.Options{AfterCommit: d.Cache.SeeOwnChanges})
		d.Features = []web.Feature{web.Sites(sites.NewStore(through)), web.Booking(bookings),
			web.Forms(forms.NewService(through, keys, nil, d.Logger, nil)), web.Payments(nil), web.Shop(nil, nil, nil)}
		*w.dashboard = web.DashboardDeps{} // a server without the dashboard's people
	})
	day := clock.Now().AddDate(0, 0, 7).Format("2006-01-02")
	slots := "/api/booking/slots?calendar=demo-consultation&tz=Europe/Berlin&from=" + day + "&to=" + day
	page := "/de/widget/bookings/demo-consultation"
	if rec := f.do(http.MethodGet, slots, nil); rec.Code != 200 {
		t.Fatalf("before the outage: %d %s", rec.Code, rec.Body)
	}

	proxy.cut()
	rec := f.do(http.MethodGet, slots, map[string]string{"Accept-Language": "de"})
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" ||
		decodeJSON[apiErr](t, rec).Error.Code != "unavailable" {
		t.Errorf("the API during the outage: %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
	rec = f.do(http.MethodGet, page, nil)
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" || !strings.Contains(rec.Body.String(), "nicht erreichbar") {
		t.Errorf("a page during the outage: %d %v", rec.Code, rec.Header())
	}
	rec = f.do(http.MethodGet, "/healthz", nil)
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "cannot be reached") {
		t.Errorf("/healthz during the outage: %d %s", rec.Code, rec.Body)
	}
	if strings.Contains(f.logs.String(), "level=ERROR") {
		t.Errorf("an outage was logged as an error of ours:\n%s", problemLines(f.logs.String()))
	}

	proxy.restore()
	deadline := time.Now().Add(15 * time.Second)
	for _, target := range []string{"/healthz", slots, page} {
		for {
			rec = f.do(http.MethodGet, target, nil)
			if rec.Code == http.StatusOK {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s after the database came back: %d %s", target, rec.Code, rec.Body)
			}
			if rec.Code != http.StatusServiceUnavailable {
				t.Errorf("%s while reconnecting: %d, want 503 or 200", target, rec.Code)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}
