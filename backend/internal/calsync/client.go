package calsync

import (
	"context"
	"errors"
	"io"
	"net/http"
	"sync"
	"time"

	"slotwise/backend/internal/netguard"
)

// Limits of what one calendar server may cost.
const (
	// MaxResponseBytes bounds one answer (an ICS file, a REPORT); more is an
	// error of the connection, never held in memory.
	MaxResponseBytes = 16 << 20
	// RequestTimeout bounds one request, connection to last byte, unless
	// Options.Timeout says otherwise.
	RequestTimeout = 30 * time.Second
	// PerServer is how many requests one server gets at once.
	PerServer = 4
)

// ErrTooLarge: a server answered more than MaxResponseBytes.
var ErrTooLarge = errors.New("calsync: the answer is larger than the limit")

// httpDoer sends one request: net/http's client, or a test's.
type httpDoer interface {
	Do(*http.Request) (*http.Response, error)
}

// guarded is the HTTP client every calendar request goes through: bounded
// in time and size, no proxy from the environment, at most PerServer
// requests at once to one host, redirects followed only within the guard
// (each dial is checked), and, unless private networks are allowed, no
// connection to a private address.
type guarded struct {
	client  *http.Client
	timeout time.Duration
	mu      sync.Mutex
	slots   map[string]chan struct{}
}

func newGuarded(allowPrivate bool, timeout time.Duration) *guarded {
	transport := netguard.Transport(allowPrivate, timeout, PerServer)
	return &guarded{
		client: &http.Client{
			Transport: transport,
			Timeout:   timeout,
			CheckRedirect: func(req *http.Request, via []*http.Request) error {
				if len(via) >= 5 {
					return errors.New("too many redirects")
				}
				return nil
			},
		},
		timeout: timeout,
		slots:   map[string]chan struct{}{},
	}
}

func (g *guarded) slot(host string) chan struct{} {
	g.mu.Lock()
	defer g.mu.Unlock()
	ch, ok := g.slots[host]
	if !ok {
		ch = make(chan struct{}, PerServer)
		g.slots[host] = ch
	}
	return ch
}

// Do waits for a free place at the request's host, sends it, and bounds
// the answer's body; the place is free again when the body is closed. The
// timeout counts from the start of the wait, so a request queued behind a
// slow server fails in time instead of waiting for it.
func (g *guarded) Do(req *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(req.Context(), g.timeout)
	ch := g.slot(req.URL.Host)
	select {
	case ch <- struct{}{}:
	case <-ctx.Done():
		cancel()
		return nil, ctx.Err()
	}
	resp, err := g.client.Do(req.WithContext(ctx))
	if err != nil {
		cancel()
		<-ch
		return nil, err
	}
	resp.Body = &boundedBody{r: resp.Body, left: MaxResponseBytes, release: func() { cancel(); <-ch }}
	return resp, nil
}

// boundedBody fails a read past its limit with ErrTooLarge.
type boundedBody struct {
	r       io.ReadCloser
	left    int64
	release func()
	once    sync.Once
}

func (b *boundedBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		// One more byte tells a body of exactly the limit from a longer one.
		var one [1]byte
		if n, _ := b.r.Read(one[:]); n > 0 {
			return 0, ErrTooLarge
		}
		return 0, io.EOF
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.Read(p)
	b.left -= int64(n)
	return n, err
}

func (b *boundedBody) Close() error {
	err := b.r.Close()
	b.once.Do(b.release)
	return err
}
