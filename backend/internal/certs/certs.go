// Package certs gives the businesses' own domains HTTPS: certificates
// obtained on demand over ACME (certmagic, at the first handshake for a
// name), only for the hostnames a business claims (hosts.Map), kept in
// PostgreSQL so every replica serves them and one asks the CA for a name
// at a time (Storage), and renewed by certmagic ahead of their expiry.
package certs

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"

	"github.com/caddyserver/certmagic"
	"go.uber.org/zap"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/hosts"
)

// Options say which CA to ask and as whom.
type Options struct {
	// CA is the ACME directory; empty: Let's Encrypt's.
	CA string
	// Email is the ACME account's contact; empty: none.
	Email string
	// CARoots, when set, is a PEM file of the roots the CA's own API is
	// served under (a private CA's, such as Pebble's in tests).
	CARoots string
	// TLSALPNPort and HTTPPort are where the CA's validation reaches this
	// server when it is not 443 and 80 (behind a port mapping, in tests).
	TLSALPNPort, HTTPPort int
	// Log, when set, hears what certmagic does (it logs through zap);
	// nil: its own default, JSON on stderr.
	Log *zap.Logger
}

// Manager serves certificates for the claimed hosts.
type Manager struct {
	cache  *certmagic.Cache
	magic  *certmagic.Config
	issuer *certmagic.ACMEIssuer
	hosts  *hosts.Map
}

// ErrUnclaimed refuses a certificate for a host no business claims.
var ErrUnclaimed = errors.New("certs: no business claims this host")

// New returns a manager that obtains certificates only for the hosts a
// business claims in m, kept in pool.
func New(pool *db.Pool, m *hosts.Map, opt Options) (*Manager, error) {
	var magic *certmagic.Config
	cache := certmagic.NewCache(certmagic.CacheOptions{
		GetConfigForCert: func(certmagic.Certificate) (*certmagic.Config, error) { return magic, nil },
		Logger:           opt.Log,
	})
	magic = certmagic.New(cache, certmagic.Config{
		Storage: NewStorage(pool),
		Logger:  opt.Log,
		OnDemand: &certmagic.OnDemandConfig{
			// Never for a host no business claims: a stranger pointing a
			// name here must not make us ask the CA, or fill its limits.
			DecisionFunc: func(_ context.Context, name string) error {
				if !m.Claimed(name) {
					return ErrUnclaimed
				}
				return nil
			},
		},
	})
	issuer := certmagic.ACMEIssuer{CA: opt.CA, Email: opt.Email, Agreed: true,
		AltTLSALPNPort: opt.TLSALPNPort, AltHTTPPort: opt.HTTPPort}
	if issuer.CA == "" {
		issuer.CA = certmagic.LetsEncryptProductionCA
	}
	if opt.CARoots != "" {
		pem, err := os.ReadFile(opt.CARoots)
		if err != nil {
			return nil, fmt.Errorf("certs: the CA's roots: %w", err)
		}
		roots := x509.NewCertPool()
		if !roots.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("certs: %s holds no PEM certificate", opt.CARoots)
		}
		issuer.TrustedRoots = roots
	}
	acme := certmagic.NewACMEIssuer(magic, issuer)
	magic.Issuers = []certmagic.Issuer{acme}
	return &Manager{cache: cache, magic: magic, issuer: acme, hosts: m}, nil
}

// Stop ends the renewals' background work.
func (mg *Manager) Stop() { mg.cache.Stop() }

// TLSConfig is the server's: certificates on demand, HTTP/2 and the
// TLS-ALPN challenge.
func (mg *Manager) TLSConfig() *tls.Config {
	c := mg.magic.TLSConfig()
	c.NextProtos = append([]string{"h2", "http/1.1"}, c.NextProtos...)
	return c
}

// HTTPHandler answers the CA's HTTP challenges, and sends a request for a
// claimed host on plain HTTP to the same address over HTTPS; any other
// host is a plain 404.
func (mg *Manager) HTTPHandler() http.Handler {
	return mg.issuer.HTTPChallengeHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		if !mg.hosts.Claimed(host) {
			http.Error(w, "Not found", http.StatusNotFound)
			return
		}
		http.Redirect(w, r, "https://"+host+r.URL.RequestURI(), http.StatusMovedPermanently)
	}))
}
