package payments

import (
	"context"
	"crypto/rsa"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Anyone may post a delivery naming any certificate, so what asking PayPal
// for certificates costs is bounded here: a certificate PayPal gave is
// kept until it expires, a name PayPal does not know is refused without
// asking again for a while, one name is fetched once at a time (deliveries
// naming it meanwhile wait for that fetch), and at most a few fetches
// begin in a minute or run at once. A forger's random names then cost
// PayPal a few requests a minute, never enough for PayPal to turn us away,
// and a genuine delivery whose certificate is kept is verified at once,
// whatever waits on the others.
const (
	maxPayPalCerts        = 16        // PayPal rotates its certificates rarely
	maxUnknownCertNames   = 1024      // names PayPal does not know, remembered
	unknownCertFor        = time.Hour // how long such a name is refused without asking
	certFetchesPerMinute  = 10
	certFetchesInFlight   = 4
	certFetchTimeout      = 10 * time.Second
	certFetchWindowLength = time.Minute
)

// errCertFetchesSpent refuses a fetch past the budget: the delivery is
// answered 503 and PayPal, if it was PayPal, delivers it again later.
var errCertFetchesSpent = fmt.Errorf("%w: too many of paypal's certificates asked for at once", ErrUnavailable)

// paypalCert is a kept certificate's key and when it stops being valid.
type paypalCert struct {
	key      *rsa.PublicKey
	notAfter time.Time
}

// certCache holds PayPal's certificates by name and the names PayPal does
// not know. The zero value is ready; now is the real time unless a test
// sets it.
type certCache struct {
	mu       sync.Mutex
	known    map[string]paypalCert
	unknown  map[string]time.Time // name → until when it is refused without asking
	fetching map[string]*certFetch
	window   time.Time // the start of the minute whose fetches are counted
	begun    int       // fetches begun in that minute
	inFlight int
	now      func() time.Time
}

// certFetch is one fetch of a name, which every delivery naming it waits for.
type certFetch struct {
	done chan struct{}
	cert paypalCert
	err  error
}

// key is the public key of the certificate name: kept, or fetched once by
// fetch (ErrBadSignature: PayPal has no such certificate; ErrUnavailable:
// it could not be asked).
func (c *certCache) key(ctx context.Context, name string, fetch func(context.Context, string) (paypalCert, error)) (*rsa.PublicKey, error) {
	c.mu.Lock()
	now := c.clock()
	if cert, ok := c.known[name]; ok && now.Before(cert.notAfter) {
		c.mu.Unlock()
		return cert.key, nil
	}
	if until, ok := c.unknown[name]; ok && now.Before(until) {
		c.mu.Unlock()
		return nil, ErrBadSignature
	}
	f, waiting := c.fetching[name]
	if !waiting {
		if !c.mayBegin(now) {
			c.mu.Unlock()
			return nil, errCertFetchesSpent
		}
		f = &certFetch{done: make(chan struct{})}
		if c.fetching == nil {
			c.fetching = map[string]*certFetch{}
		}
		c.fetching[name] = f
		// Its own context: a delivery that gives up does not end the
		// fetch the others wait for.
		go c.run(context.WithoutCancel(ctx), name, f, fetch)
	}
	c.mu.Unlock()
	select {
	case <-f.done:
		return f.cert.key, f.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// mayBegin counts a fetch against the minute's budget and those in
// flight, or tells that neither has room. Called with mu held.
func (c *certCache) mayBegin(now time.Time) bool {
	if now.Sub(c.window) >= certFetchWindowLength {
		c.window, c.begun = now, 0
	}
	if c.begun >= certFetchesPerMinute || c.inFlight >= certFetchesInFlight {
		return false
	}
	c.begun++
	c.inFlight++
	return true
}

// run fetches name and keeps what it learnt: the certificate, or that
// PayPal does not know the name. A failure to ask is not kept.
func (c *certCache) run(ctx context.Context, name string, f *certFetch, fetch func(context.Context, string) (paypalCert, error)) {
	ctx, cancel := context.WithTimeout(ctx, certFetchTimeout)
	defer cancel()
	f.cert, f.err = fetch(ctx, name)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.inFlight--
	delete(c.fetching, name)
	switch {
	case f.err == nil:
		c.known = keep(c.known, name, f.cert, maxPayPalCerts, func(k paypalCert) time.Time { return k.notAfter }, c.clock())
	case errors.Is(f.err, ErrBadSignature):
		c.unknown = keep(c.unknown, name, c.clock().Add(unknownCertFor), maxUnknownCertNames, func(t time.Time) time.Time { return t }, c.clock())
	}
	close(f.done)
}

// keep adds name to a capped map whose entries end at until(v): when it is
// full, the ended entries go, and if none has, the one ending first.
func keep[V any](m map[string]V, name string, v V, max int, until func(V) time.Time, now time.Time) map[string]V {
	if m == nil {
		m = map[string]V{}
	}
	if _, ok := m[name]; !ok && len(m) >= max {
		first := ""
		for k, each := range m {
			if !now.Before(until(each)) {
				delete(m, k)
			} else if first == "" || until(each).Before(until(m[first])) {
				first = k
			}
		}
		if len(m) >= max {
			delete(m, first)
		}
	}
	m[name] = v
	return m
}

func (c *certCache) clock() time.Time {
	if c.now != nil {
		return c.now()
	}
	return time.Now() // real time: certificates' validity and PayPal's own minutes
}
