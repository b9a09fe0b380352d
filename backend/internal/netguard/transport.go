package netguard

import (
	"context"
	"net"
	"net/http"
	"time"
)

// Transport is the HTTP transport for requests to addresses a business
// gives: no proxy from the environment, answers' headers within
// headerTimeout, at most perHost idle connections to one host, and, unless
// allowPrivate, every dial (redirects' too) checked by Control.
func Transport(allowPrivate bool, headerTimeout time.Duration, perHost int) *http.Transport {
	dialer := &net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}
	if !allowPrivate {
		dialer.Control = Control
	}
	return &http.Transport{
		Proxy:                 nil,
		DialContext:           func(ctx context.Context, n, a string) (net.Conn, error) { return dialer.DialContext(ctx, n, a) },
		TLSHandshakeTimeout:   5 * time.Second,
		ResponseHeaderTimeout: headerTimeout,
		MaxIdleConnsPerHost:   perHost,
		IdleConnTimeout:       60 * time.Second,
	}
}
