package payments

import (
	"context"
	"crypto"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"hash/crc32"
	"io"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// A PayPal delivery is verified here, as PayPal documents: its
// PAYPAL-TRANSMISSION-SIG is SHA256withRSA over
// "transmission_id|transmission_time|webhook_id|crc32(body)", checked with
// PayPal's certificate. The certificate is fetched only when the delivery
// names it on PayPal's own host (api.paypal.com, api.sandbox.paypal.com, or
// the configured API), and then from that host by its name alone; what
// fetching costs is bounded in paypal_certs.go, so a flood of forged
// deliveries costs PayPal nothing and a genuine one does not wait for it.

// paypalCertName is the name of one of PayPal's certificates.
var paypalCertName = regexp.MustCompile(`^CERT-[A-Za-z0-9-]{1,120}$`)

// Verify implements Provider. While PayPal's certificate cannot be
// fetched, ErrUnavailable: the delivery is refused and PayPal sends it
// again.
func (p *PayPal) Verify(ctx context.Context, payload []byte, header http.Header) (Event, error) {
	id, at, sig := header.Get("Paypal-Transmission-Id"), header.Get("Paypal-Transmission-Time"), header.Get("Paypal-Transmission-Sig")
	if p.cfg.WebhookID == "" || id == "" || at == "" || len(id)+len(at) > 200 || header.Get("Paypal-Auth-Algo") != "SHA256withRSA" {
		return Event{}, ErrBadSignature
	}
	signature, err := base64.StdEncoding.DecodeString(sig)
	if err != nil || len(signature) == 0 || len(signature) > 1024 {
		return Event{}, ErrBadSignature
	}
	name := p.certName(header.Get("Paypal-Cert-Url"))
	if name == "" {
		return Event{}, ErrBadSignature
	}
	key, err := p.certificate(ctx, name)
	if err != nil {
		return Event{}, err
	}
	signed := id + "|" + at + "|" + p.cfg.WebhookID + "|" + strconv.FormatUint(uint64(crc32.ChecksumIEEE(payload)), 10)
	sum := sha256.Sum256([]byte(signed))
	if rsa.VerifyPKCS1v15(key, crypto.SHA256, sum[:], signature) != nil {
		return Event{}, ErrBadSignature
	}
	var ev paypalEvent
	if json.Unmarshal(payload, &ev) != nil || ev.ID == "" || len(ev.ID) > 100 || ev.EventType == "" {
		return Event{}, fmt.Errorf("%w: a paypal event without its id or type", ErrBadEvent)
	}
	return paypalEventRead(ev)
}

// certName is the certificate's name in the URL a delivery gives (its last
// segment), or "" when the URL is not one of PayPal's: another host (any
// one but PayPal's is a forger's, and is refused without asking anyone) or
// another path.
func (p *PayPal) certName(certURL string) string {
	u, err := url.Parse(certURL)
	if err != nil || u.User != nil || !p.certHost(u.Scheme+"://"+u.Host) {
		return ""
	}
	name := path.Base(u.Path)
	if !paypalCertName.MatchString(name) || path.Dir(u.Path) != "/v1/notifications/certs" {
		return ""
	}
	return name
}

// certHost tells whether an origin is PayPal's, whose certificate URLs a
// delivery may name: its API's (api-m.) or its certificates' (api.).
func (p *PayPal) certHost(origin string) bool {
	for _, base := range []string{p.cfg.APIURL, p.certBase()} {
		if u, err := url.Parse(base); err == nil && strings.EqualFold(origin, u.Scheme+"://"+u.Host) {
			return true
		}
	}
	return false
}

// certificate is the public key of PayPal's certificate of that name, kept
// once fetched until it expires (paypal_certs.go).
func (p *PayPal) certificate(ctx context.Context, name string) (*rsa.PublicKey, error) {
	return p.certs.key(ctx, name, p.fetchCert)
}

// fetchCert asks PayPal's host for the certificate name. ErrBadSignature:
// PayPal has no such certificate, or one that cannot verify now.
func (p *PayPal) fetchCert(ctx context.Context, name string) (paypalCert, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.certBase()+"/v1/notifications/certs/"+name, nil)
	if err != nil {
		return paypalCert{}, err
	}
	res, err := p.client.Do(req)
	if err != nil {
		return paypalCert{}, fmt.Errorf("%w: unable to fetch paypal's certificate %s: %v", ErrUnavailable, name, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	switch {
	case err != nil || res.StatusCode >= 500 || res.StatusCode == http.StatusTooManyRequests:
		return paypalCert{}, fmt.Errorf("%w: unable to fetch paypal's certificate %s (%d)", ErrUnavailable, name, res.StatusCode)
	case res.StatusCode != http.StatusOK:
		return paypalCert{}, ErrBadSignature // PayPal has no such certificate
	}
	block, _ := pem.Decode(data)
	if block == nil {
		return paypalCert{}, fmt.Errorf("%w: paypal's certificate %s cannot be read", ErrUnavailable, name)
	}
	cert, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		return paypalCert{}, fmt.Errorf("%w: paypal's certificate %s cannot be read", ErrUnavailable, name)
	}
	key, ok := cert.PublicKey.(*rsa.PublicKey)
	if !ok || time.Now().After(cert.NotAfter) || time.Now().Before(cert.NotBefore) { // real time: the certificate's own
		return paypalCert{}, ErrBadSignature
	}
	return paypalCert{key: key, notAfter: cert.NotAfter}, nil
}

// certBase is PayPal's host its certificates are fetched from: api. for
// api-m. (live and sandbox), or the configured API itself (the double).
func (p *PayPal) certBase() string {
	return strings.Replace(p.cfg.APIURL, "://api-m.", "://api.", 1)
}
