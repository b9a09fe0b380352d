package payments

import (
	"context"
	"crypto/rsa"
	"errors"
	"math/big"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// fakePayPalCerts answers fetches as PayPal would: the names it has, and
// 404 (ErrBadSignature) for the rest; a fetch waits for release when set.
type fakePayPalCerts struct {
	has     map[string]bool
	asked   atomic.Int32
	release chan struct{}
}

func (f *fakePayPalCerts) fetch(ctx context.Context, name string) (paypalCert, error) {
	f.asked.Add(1)
	if f.release != nil {
		<-f.release
	}
	if !f.has[name] {
		return paypalCert{}, ErrBadSignature
	}
	return paypalCert{key: &rsa.PublicKey{N: big.NewInt(int64(len(name))), E: 65537}, notAfter: time.Now().Add(24 * time.Hour)}, nil
}

func TestCertificateFetchesAreBoundedAndNamesPayPalDoesNotHaveAreRemembered(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2026, 11, 20, 13, 0, 0, 0, time.UTC)
	tests := []struct {
		name      string
		asks      []string      // names asked for, in order
		after     time.Duration // the clock moved before the last ask
		wantErrs  []error       // per ask (nil: a key)
		wantFetch int32
	}{
		{"a certificate is fetched once and kept", []string{"CERT-good", "CERT-good", "CERT-good"}, 0, []error{nil, nil, nil}, 1},
		{"a name PayPal does not have is asked for once", []string{"CERT-x", "CERT-x", "CERT-x"}, 0, []error{ErrBadSignature, ErrBadSignature, ErrBadSignature}, 1},
		{"and again once it is forgotten", []string{"CERT-x", "CERT-x"}, unknownCertFor, []error{ErrBadSignature, ErrBadSignature}, 2},
		{"past the minute's budget nothing is fetched", names(certFetchesPerMinute + 1), 0, append(repeat(ErrBadSignature, certFetchesPerMinute), ErrUnavailable), certFetchesPerMinute},
		{"the next minute has a budget of its own", names(certFetchesPerMinute + 1), time.Minute, repeat(ErrBadSignature, certFetchesPerMinute+1), certFetchesPerMinute + 1},
		{"a kept certificate needs no budget", append(append([]string{"CERT-good"}, names(certFetchesPerMinute)...), "CERT-good"), 0, append(append([]error{nil}, repeat(ErrBadSignature, certFetchesPerMinute-1)...), ErrUnavailable, nil), certFetchesPerMinute},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			now := at
			paypal := &fakePayPalCerts{has: map[string]bool{"CERT-good": true}}
			c := &certCache{now: func() time.Time { return now }}
			for i, name := range tt.asks {
				if i == len(tt.asks)-1 {
					now = now.Add(tt.after)
				}
				key, err := c.key(ctx, name, paypal.fetch)
				if want := tt.wantErrs[i]; !errors.Is(err, want) || (want == nil) != (key != nil) {
					t.Fatalf("ask %d (%s): %v, want %v", i+1, name, err, want)
				}
			}
			if got := paypal.asked.Load(); got != tt.wantFetch {
				t.Errorf("PayPal asked %d times, want %d", got, tt.wantFetch)
			}
		})
	}
}

func TestOneNameIsFetchedOnceAtATimeAndAKeptOneNeverWaits(t *testing.T) {
	ctx := context.Background()
	paypal := &fakePayPalCerts{has: map[string]bool{"CERT-good": true, "CERT-new": true}}
	c := &certCache{}
	if _, err := c.key(ctx, "CERT-good", paypal.fetch); err != nil {
		t.Fatal(err)
	}
	paypal.release = make(chan struct{}) // PayPal is slow from now on
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Go(func() {
			_, err := c.key(ctx, "CERT-new", paypal.fetch)
			errs <- err
		})
	}
	waitFor(t, func() bool { c.mu.Lock(); defer c.mu.Unlock(); return c.fetching["CERT-new"] != nil })
	// Deliveries naming other certificates are waiting on PayPal, and
	// more of them than may be fetched at once are refused at once.
	forged := make(chan error, certFetchesInFlight+2)
	for i := range certFetchesInFlight + 2 {
		name := "CERT-forged-" + strconv.Itoa(i)
		go func() { _, err := c.key(ctx, name, paypal.fetch); forged <- err }()
	}
	// CERT-new holds one place: the others fill the rest and wait on
	// PayPal, and the three left over are refused at once (waited for
	// here, or one might only start once PayPal answers, and find room).
	for range 3 {
		select {
		case err := <-forged:
			if err == nil {
				t.Fatal("a fetch beyond those in flight was not refused")
			}
		case <-time.After(5 * time.Second):
			t.Fatal("the fetches beyond those in flight were not refused at once")
		}
	}
	waitFor(t, func() bool { c.mu.Lock(); defer c.mu.Unlock(); return c.inFlight == certFetchesInFlight })
	done := make(chan error, 1)
	go func() { _, err := c.key(ctx, "CERT-good", paypal.fetch); done <- err }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("a kept certificate: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a kept certificate waited for the fetches of others")
	}
	gone, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := c.key(gone, "CERT-new", paypal.fetch); !errors.Is(err, context.Canceled) {
		t.Fatalf("a delivery that gave up while waiting: %v", err)
	}
	close(paypal.release)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("a delivery waiting for the fetch of its certificate: %v", err)
		}
	}
	// Once for the kept name, once for the new one, and for as many others
	// as had room.
	waitFor(t, func() bool { return paypal.asked.Load() >= 1+certFetchesInFlight })
	waitFor(t, func() bool { c.mu.Lock(); defer c.mu.Unlock(); return c.inFlight == 0 })
	if got := paypal.asked.Load(); got != 1+certFetchesInFlight {
		t.Errorf("PayPal asked %d times, want %d", got, 1+certFetchesInFlight)
	}
}

func TestKeptNamesAreCappedDroppingThoseEndedFirst(t *testing.T) {
	now := time.Date(2026, 11, 20, 13, 0, 0, 0, time.UTC)
	tests := []struct {
		name  string
		held  map[string]time.Time
		add   string
		gone  string // the name dropped to make room; "" none
		count int
	}{
		{"room left", map[string]time.Time{"a": now.Add(time.Hour)}, "b", "", 2},
		{"full: an ended name goes", map[string]time.Time{"a": now.Add(time.Hour), "b": now.Add(-time.Second), "c": now.Add(2 * time.Hour)}, "d", "b", 3},
		{"full, none ended: the one ending first goes", map[string]time.Time{"a": now.Add(2 * time.Hour), "b": now.Add(time.Hour), "c": now.Add(3 * time.Hour)}, "d", "b", 3},
		{"a name held again takes no room", map[string]time.Time{"a": now.Add(2 * time.Hour), "b": now.Add(time.Hour), "c": now.Add(3 * time.Hour)}, "b", "", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := keep(tt.held, tt.add, now.Add(4*time.Hour), 3, func(t time.Time) time.Time { return t }, now)
			if _, ok := m[tt.add]; !ok || len(m) != tt.count {
				t.Fatalf("kept %v, want %d names with %s", m, tt.count, tt.add)
			}
			if _, ok := m[tt.gone]; tt.gone != "" && ok {
				t.Errorf("%s kept, want it dropped", tt.gone)
			}
		})
	}
}

func names(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "CERT-forged-" + strconv.Itoa(i)
	}
	return out
}

func repeat(err error, n int) []error {
	out := make([]error, n)
	for i := range out {
		out[i] = err
	}
	return out
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatal("gave up waiting")
}

func TestOnlyPayPalsOwnHostMayNameACertificate(t *testing.T) {
	live := NewPayPal(PayPalConfig{})
	sandbox := NewPayPal(PayPalConfig{APIURL: "https://api-m.sandbox.paypal.com/"})
	tests := []struct {
		name string
		pp   *PayPal
		url  string
		want string // the certificate's name; "" refused
	}{
		{"live, as PayPal names it", live, "https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270", "CERT-360caa42-fca2a594-1d93a270"},
		{"live, on the API's host", live, "https://api-m.paypal.com/v1/notifications/certs/CERT-1", "CERT-1"},
		{"live, the host in capitals", live, "https://API.PAYPAL.COM/v1/notifications/certs/CERT-1", "CERT-1"},
		{"live, the sandbox's host", live, "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1", ""},
		{"live, over plain HTTP", live, "http://api.paypal.com/v1/notifications/certs/CERT-1", ""},
		{"live, a host that ends like PayPal's", live, "https://evilapi.paypal.com.example/v1/notifications/certs/CERT-1", ""},
		{"live, behind a user", live, "https://x@api.paypal.com/v1/notifications/certs/CERT-1", ""},
		{"live, another port", live, "https://api.paypal.com:8443/v1/notifications/certs/CERT-1", ""},
		{"live, another path", live, "https://api.paypal.com/v1/oauth2/CERT-1", ""},
		{"live, a name that is not a certificate's", live, "https://api.paypal.com/v1/notifications/certs/token", ""},
		{"sandbox, as PayPal names it", sandbox, "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1", "CERT-1"},
		{"sandbox, the live host", sandbox, "https://api.paypal.com/v1/notifications/certs/CERT-1", ""},
		{"not a URL", live, "%%%", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.pp.certName(tt.url); got != tt.want {
				t.Errorf("certName(%q) = %q, want %q", tt.url, got, tt.want)
			}
		})
	}
}
