package webhooks

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"syscall"
	"time"
)

// Timeout bounds one delivery attempt, connection to last byte.
const Timeout = 15 * time.Second

// ErrPrivateAddress refuses to post to an address inside the network the
// server runs in (loopback, private, link-local: cloud metadata among them).
var ErrPrivateAddress = errors.New("webhooks: the address is private or loopback (SLOTWISE_WEBHOOK_ALLOW_PRIVATE=true allows it)")

// Ranges that are not the public internet, beyond what netip names.
var nonPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"), // carrier-grade NAT
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"), // benchmarking
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("64:ff9b::/96"), // NAT64 reaches IPv4 inside too
}

func privateAddr(a netip.Addr) bool {
	a = a.Unmap()
	if a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() {
		return true
	}
	for _, p := range nonPublic {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// privateHost tells whether a URL's host is plainly private: localhost, or
// an address in any spelling a resolver reads (hostAddr) that is private.
// Names are checked again when dialled, after DNS.
func privateHost(host string) bool {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	a, ok := hostAddr(host)
	return ok && privateAddr(a)
}

// NewClient is the HTTP client deliveries go through: 15 s per attempt, no
// redirects followed (the answer is the endpoint's), no proxy from the
// environment, and, unless allowPrivate, no connection to a private
// address, checked on the address actually dialled, so a name that
// resolves inside (or re-resolves there) is refused too.
func NewClient(allowPrivate bool) *http.Client {
	dialer := &net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}
	if !allowPrivate {
		dialer.Control = func(network, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil {
				return fmt.Errorf("webhooks: unable to read the address %q: %w", address, err)
			}
			if privateAddr(ap.Addr()) {
				return ErrPrivateAddress
			}
			return nil
		}
	}
	transport := &http.Transport{
		Proxy:                 nil,
		DialContext:           func(ctx context.Context, n, a string) (net.Conn, error) { return dialer.DialContext(ctx, n, a) },
		TLSHandshakeTimeout:   5 * time.Second,
		ResponseHeaderTimeout: Timeout,
		MaxIdleConnsPerHost:   4,
		IdleConnTimeout:       60 * time.Second,
	}
	return &http.Client{
		Transport:     transport,
		Timeout:       Timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}
