package notify_test

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"log"
	"math/big"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// received is one message as the test SMTP server got it.
type received struct {
	From     string
	To       []string
	Data     []byte
	TLS      bool
	AuthUser string
}

// mailServer is a real SMTP server (go-smtp) on 127.0.0.1 that keeps what
// it receives.
type mailServer struct {
	t    *testing.T
	srv  *smtp.Server
	Addr string
	Port int

	mu       sync.Mutex
	msgs     []received
	rejectTo string // RCPT TO this address gets 550
	users    map[string]string
	delay    time.Duration // before accepting each message
}

type serverOptions struct {
	tls         *tls.Config // offer STARTTLS
	implicitTLS bool        // TLS from the first byte
	insecure    bool        // AUTH before TLS
	users       map[string]string
	addr        string // default 127.0.0.1:0
}

func startMailServer(t *testing.T, opts serverOptions) *mailServer {
	t.Helper()
	ms := &mailServer{t: t, users: opts.users}
	srv := smtp.NewServer(ms)
	srv.Domain = "mx.test"
	srv.AllowInsecureAuth = opts.insecure
	srv.ReadTimeout = 10 * time.Second
	srv.WriteTimeout = 10 * time.Second
	srv.ErrorLog = log.New(io.Discard, "", 0)
	if !opts.implicitTLS {
		srv.TLSConfig = opts.tls
	}
	addr := opts.addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	var l net.Listener
	var err error
	// A port just released may still be held briefly by the kernel.
	for i := 0; i < 50; i++ {
		if l, err = net.Listen("tcp", addr); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("test SMTP server: %v", err)
	}
	if opts.implicitTLS {
		l = tls.NewListener(l, opts.tls)
	}
	ms.srv = srv
	ms.Addr = l.Addr().String()
	ms.Port = l.Addr().(*net.TCPAddr).Port
	go srv.Serve(l)
	t.Cleanup(ms.Close)
	return ms
}

func (ms *mailServer) Close() { _ = ms.srv.Close() }

func (ms *mailServer) Messages() []received {
	ms.mu.Lock()
	defer ms.mu.Unlock()
	return append([]received(nil), ms.msgs...)
}

func (ms *mailServer) NewSession(c *smtp.Conn) (smtp.Session, error) {
	_, isTLS := c.TLSConnectionState()
	return &mailSession{ms: ms, tls: isTLS}, nil
}

type mailSession struct {
	ms   *mailServer
	tls  bool
	user string
	from string
	to   []string
}

func (s *mailSession) AuthMechanisms() []string {
	if s.ms.users == nil {
		return nil
	}
	return []string{sasl.Plain}
}

func (s *mailSession) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if pw, ok := s.ms.users[username]; !ok || pw != password {
			return errors.New("invalid credentials")
		}
		s.user = username
		return nil
	}), nil
}

func (s *mailSession) Mail(from string, _ *smtp.MailOptions) error {
	if s.ms.users != nil && s.user == "" {
		return smtp.ErrAuthRequired
	}
	s.from = from
	return nil
}

func (s *mailSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.ms.mu.Lock()
	reject := s.ms.rejectTo
	s.ms.mu.Unlock()
	if strings.EqualFold(to, reject) {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
	}
	s.to = append(s.to, to)
	return nil
}

func (s *mailSession) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.ms.mu.Lock()
	delay := s.ms.delay
	s.ms.mu.Unlock()
	time.Sleep(delay)
	s.ms.mu.Lock()
	defer s.ms.mu.Unlock()
	s.ms.msgs = append(s.ms.msgs, received{From: s.from, To: s.to, Data: bytes.Clone(data), TLS: s.tls, AuthUser: s.user})
	return nil
}

func (s *mailSession) Reset()        { s.from, s.to = "", nil }
func (s *mailSession) Logout() error { return nil }

// testCert returns a server TLS config for 127.0.0.1 and localhost, and a
// pool trusting it.
func testCert(t *testing.T) (*tls.Config, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "mx.test"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		DNSNames:              []string{"localhost"},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}, pool
}
