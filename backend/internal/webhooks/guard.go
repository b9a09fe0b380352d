package webhooks

import (
	"net/http"
	"time"

	"slotwise/backend/internal/netguard"
)

// Timeout bounds one delivery attempt, connection to last byte.
const Timeout = 15 * time.Second

// ErrPrivateAddress refuses to post to an address inside the network the
// server runs in (netguard).
var ErrPrivateAddress = netguard.ErrPrivate

// NewClient is the HTTP client deliveries go through: 15 s per attempt, no
// redirects followed (the answer is the endpoint's), no proxy from the
// environment, and, unless allowPrivate, no connection to a private
// address, checked on the address actually dialled, so a name that
// resolves inside (or re-resolves there) is refused too.
func NewClient(allowPrivate bool) *http.Client {
	transport := netguard.Transport(allowPrivate, Timeout, 4)
	return &http.Client{
		Transport:     transport,
		Timeout:       Timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}
