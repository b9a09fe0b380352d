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
// PayPal's certificate. The certificate is fetched by its name only, from
// PayPal's own host (api.paypal.com, api.sandbox.paypal.com, or the
// configured API), never from the URL the delivery gives, and kept: one
// fetch serves every delivery it signs, so the answer does not wait for
// PayPal, and a flood of forged deliveries costs PayPal nothing.

// paypalCertName is the name of one of PayPal's certificates.
var paypalCertName = regexp.MustCompile(`^CERT-[A-Za-z0-9-]{1,120}$`)

// maxPayPalCerts bounds the certificates kept (PayPal rotates them rarely).
const maxPayPalCerts = 16

// paypalCert is a kept certificate's key and when it stops being valid.
type paypalCert struct {
	key      *rsa.PublicKey
	notAfter time.Time
}

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
	name := certName(header.Get("Paypal-Cert-Url"))
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
// segment), or "" when it names none; the URL's host is never used.
func certName(certURL string) string {
	u, err := url.Parse(certURL)
	if err != nil || u.Scheme != "https" {
		return ""
	}
	name := path.Base(u.Path)
	if !paypalCertName.MatchString(name) || path.Dir(u.Path) != "/v1/notifications/certs" {
		return ""
	}
	return name
}

// certificate is the public key of PayPal's certificate of that name,
// kept once fetched until it expires.
func (p *PayPal) certificate(ctx context.Context, name string) (*rsa.PublicKey, error) {
	p.mu.Lock()
	c, ok := p.certs[name]
	p.mu.Unlock()
	if ok && time.Now().Before(c.notAfter) { // real time: the certificate's own
		return c.key, nil
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.certBase()+"/v1/notifications/certs/"+name, nil)
	if err != nil {
		return nil, err
	}
	res, err := p.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%w: unable to fetch paypal's certificate %s: %v", ErrUnavailable, name, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	switch {
	case err != nil || res.StatusCode >= 500 || res.StatusCode == http.StatusTooManyRequests:
		return nil, fmt.Errorf("%w: unable to fetch paypal's certificate %s (%d)", ErrUnavailable, name, res.StatusCode)
	case res.StatusCode != http.StatusOK:
		return nil, ErrBadSignature // PayPal has no such certificate
	}
	block, _ := pem.Decode(data)
	if block == nil {
		return nil, fmt.Errorf("%w: paypal's certificate %s cannot be read", ErrUnavailable, name)
	}
	cert, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("%w: paypal's certificate %s cannot be read", ErrUnavailable, name)
	}
	key, ok := cert.PublicKey.(*rsa.PublicKey)
	if !ok || time.Now().After(cert.NotAfter) || time.Now().Before(cert.NotBefore) { // real time: the certificate's own
		return nil, ErrBadSignature
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.certs == nil || len(p.certs) >= maxPayPalCerts {
		p.certs = map[string]paypalCert{}
	}
	p.certs[name] = paypalCert{key: key, notAfter: cert.NotAfter}
	return key, nil
}

// certBase is PayPal's host its certificates are fetched from: api. for
// api-m. (live and sandbox), or the configured API itself (the double).
func (p *PayPal) certBase() string {
	return strings.Replace(p.cfg.APIURL, "://api-m.", "://api.", 1)
}
