package certs_test

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"

	"slotwise/backend/internal/certs"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/hosts"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// The storage reads as certmagic's file system does: keys, directories of
// keys, and fs.ErrNotExist for what is not there.
func TestTheStorageKeepsKeysAsAFileSystemWould(t *testing.T) {
	s := certs.NewStorage(dbtest.New(t))
	ctx := context.Background()
	for _, k := range []string{"certificates/acme/a.test/a.test.crt", "certificates/acme/a.test/a.test.key", "certificates/acme/b.test/b.test.crt", "acme/account.json"} {
		if err := s.Store(ctx, k, []byte("value of "+k)); err != nil {
			t.Fatal(err)
		}
	}
	if v, err := s.Load(ctx, "acme/account.json"); err != nil || string(v) != "value of acme/account.json" {
		t.Errorf("Load: %q %v", v, err)
	}
	if _, err := s.Load(ctx, "nothing"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Load of nothing: %v", err)
	}
	got, err := s.List(ctx, "certificates/acme", false)
	if want := []string{"certificates/acme/a.test", "certificates/acme/b.test"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("List: %v %v, want %v", got, err, want)
	}
	if got, err := s.List(ctx, "certificates", true); err != nil || len(got) != 3 {
		t.Errorf("List recursive: %v %v", got, err)
	}
	if info, err := s.Stat(ctx, "certificates/acme/a.test"); err != nil || info.IsTerminal {
		t.Errorf("Stat of a directory: %+v %v", info, err)
	}
	if info, err := s.Stat(ctx, "acme/account.json"); err != nil || !info.IsTerminal || info.Size != int64(len("value of acme/account.json")) {
		t.Errorf("Stat of a key: %+v %v", info, err)
	}
	if err := s.Delete(ctx, "certificates/acme/a.test"); err != nil || s.Exists(ctx, "certificates/acme/a.test/a.test.key") {
		t.Errorf("Delete of a directory: %v", err)
	}
	if err := s.Delete(ctx, "certificates/acme/a.test"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Delete again: %v", err)
	}
}

// Two replicas share one lock: the second waits until the first lets go.
func TestALockHoldsAcrossReplicas(t *testing.T) {
	pool := dbtest.New(t)
	a, b := certs.NewStorage(pool), certs.NewStorage(pool)
	ctx := context.Background()
	if err := a.Lock(ctx, "issue_cert_a.test"); err != nil {
		t.Fatal(err)
	}
	waiting, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	if err := b.Lock(waiting, "issue_cert_a.test"); err == nil {
		t.Fatal("the second replica took a lock the first holds")
	}
	if err := a.Unlock(ctx, "issue_cert_a.test"); err != nil {
		t.Fatal(err)
	}
	if err := b.Lock(ctx, "issue_cert_a.test"); err != nil {
		t.Fatalf("the lock once free: %v", err)
	}
	if err := b.Unlock(ctx, "issue_cert_a.test"); err != nil {
		t.Fatal(err)
	}
}

// A business's host gets a certificate from a real ACME server (Pebble,
// validating against this server through its own DNS), served at the first
// handshake; a host no business claims gets none; a second replica serves
// the same certificate without asking the CA again.
func TestACertificateIsObtainedForAClaimedHostAndSharedByReplicas(t *testing.T) {
	pool := dbtest.New(t)
	ctx := context.Background()
	business := dbtest.Business(t, pool, "studio")
	if _, err := pool.Exec(ctx, `INSERT INTO location_hosts (host, location_id, is_primary) VALUES ('studio.test', $1, true)`, business); err != nil {
		t.Fatal(err)
	}
	claims := &hosts.Map{}
	if err := claims.Load(ctx, pool); err != nil {
		t.Fatal(err)
	}

	tlsA, httpA := listen(t), listen(t)
	ca := startPebble(t, port(tlsA), port(httpA))
	replica := func(tlsLn, httpLn net.Listener) {
		mg, err := certs.New(pool, claims, certs.Options{CA: ca.directory, CARoots: ca.apiCert,
			TLSALPNPort: port(tlsA), HTTPPort: port(httpA), Log: zap.NewNop()})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(mg.Stop)
		serve(t, tls.NewListener(tlsLn, mg.TLSConfig()), http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, "hello from "+r.Host)
		}))
		if httpLn != nil {
			serve(t, httpLn, mg.HTTPHandler())
		}
	}
	replica(tlsA, httpA)

	first := handshake(t, tlsA.Addr().String(), "studio.test", ca.roots(t))
	if first == nil {
		t.Fatal("no certificate for a claimed host")
	}
	if !slices.Contains(first.DNSNames, "studio.test") || time.Until(first.NotAfter) < 24*time.Hour {
		t.Errorf("certificate for %v until %v", first.DNSNames, first.NotAfter)
	}
	if c := handshake(t, tlsA.Addr().String(), "stranger.test", ca.roots(t)); c != nil {
		t.Errorf("a host nobody claims got a certificate for %v", c.DNSNames)
	}

	tlsB := listen(t)
	replica(tlsB, nil)
	second := handshake(t, tlsB.Addr().String(), "studio.test", ca.roots(t))
	if second == nil || second.SerialNumber.Cmp(first.SerialNumber) != 0 {
		t.Errorf("the second replica served another certificate (asked the CA again)")
	}
	var kept int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM acme_storage WHERE key LIKE 'certificates/%/studio.test/studio.test.crt'`).Scan(&kept); err != nil || kept != 1 {
		t.Errorf("%d certificates kept for studio.test (%v)", kept, err)
	}

	// Plain HTTP goes on to HTTPS on the same host.
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	req, _ := http.NewRequest(http.MethodGet, "http://"+httpA.Addr().String()+"/about?x=1", nil)
	req.Host = "studio.test"
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != "https://studio.test/about?x=1" {
		t.Errorf("plain HTTP: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
}

// handshake connects to addr as a browser asking for name would, and
// returns the certificate it was shown, or nil when none was.
func handshake(t *testing.T, addr, name string, roots *x509.CertPool) *x509.Certificate {
	t.Helper()
	dialer := &net.Dialer{Timeout: 60 * time.Second}
	conn, err := tls.DialWithDialer(dialer, "tcp", addr, &tls.Config{ServerName: name, RootCAs: roots})
	if err != nil {
		t.Logf("handshake for %s: %v", name, err)
		return nil
	}
	defer conn.Close()
	return conn.ConnectionState().PeerCertificates[0]
}

type pebble struct {
	directory, apiCert, management string
}

// roots are the roots Pebble signs certificates under, from its
// management interface.
func (p pebble) roots(t *testing.T) *x509.CertPool {
	t.Helper()
	api := x509.NewCertPool()
	pemBytes, err := os.ReadFile(p.apiCert)
	if err != nil || !api.AppendCertsFromPEM(pemBytes) {
		t.Fatalf("pebble's API certificate: %v", err)
	}
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: api}}, Timeout: 10 * time.Second}
	res, err := client.Get(p.management + "/roots/0")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	root, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(root) {
		t.Fatalf("pebble's root: %s", root)
	}
	return pool
}

// startPebble runs Pebble on loopback, resolving every name to 127.0.0.1
// through its test DNS server, validating on tlsPort and httpPort.
func startPebble(t *testing.T, tlsPort, httpPort int) pebble {
	t.Helper()
	bin, err := exec.LookPath("pebble")
	if err != nil {
		if os.Getenv("SLOTWISE_REQUIRE_ACME") != "" {
			t.Fatal("the certificate tests need Pebble (Debian: apt-get install pebble)")
		}
		t.Skip("Pebble is not installed (Debian: apt-get install pebble)")
	}
	dir := t.TempDir()
	certFile, keyFile := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	writeSelfSigned(t, certFile, keyFile)
	ports := freePorts(t, 4)
	dnsPort, mgmtDNS, acmePort, mgmtPort := ports[0], ports[1], ports[2], ports[3]
	start(t, "pebble-challtestsrv", nil, "-dns01", fmt.Sprintf("127.0.0.1:%d", dnsPort), "-http01", "", "-https01", "", "-tlsalpn01", "",
		"-management", fmt.Sprintf("127.0.0.1:%d", mgmtDNS), "-defaultIPv4", "127.0.0.1", "-defaultIPv6", "")
	config := filepath.Join(dir, "pebble.json")
	if err := os.WriteFile(config, fmt.Appendf(nil, `{"pebble": {"listenAddress": "127.0.0.1:%d", "managementListenAddress": "127.0.0.1:%d",
		"certificate": %q, "privateKey": %q, "httpPort": %d, "tlsPort": %d, "ocspResponderURL": "", "externalAccountBindingRequired": false}}`,
		acmePort, mgmtPort, certFile, keyFile, httpPort, tlsPort), 0o600); err != nil {
		t.Fatal(err)
	}
	start(t, bin, []string{"PEBBLE_VA_NOSLEEP=1", "PEBBLE_WFE_NONCEREJECT=0"}, "-config", config, "-dnsserver", fmt.Sprintf("127.0.0.1:%d", dnsPort))
	p := pebble{directory: fmt.Sprintf("https://127.0.0.1:%d/dir", acmePort), apiCert: certFile, management: fmt.Sprintf("https://127.0.0.1:%d", mgmtPort)}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) { // real time: a wait
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", acmePort)); err == nil {
			c.Close()
			return p
		}
		if time.Now().After(deadline) {
			t.Fatal("pebble did not start")
		}
	}
}

func start(t *testing.T, bin string, env []string, args ...string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	out := &lockedBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("%s said:\n%s", filepath.Base(bin), out.String())
		}
	})
}

// writeSelfSigned writes a certificate for 127.0.0.1, Pebble's own API's.
func writeSelfSigned(t *testing.T, certFile, keyFile string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "pebble"},
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, DNSNames: []string{"localhost"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour), // real time: a certificate's validity
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA: true, BasicConstraintsValid: true}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		t.Fatal(err)
	}
}

func listen(t *testing.T) net.Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	return ln
}

func serve(t *testing.T, ln net.Listener, h http.Handler) {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
}

func port(ln net.Listener) int { return ln.Addr().(*net.TCPAddr).Port }

// freePorts are n ports nobody listens on, each another: all are held
// until all are chosen, since a port let go may be the next one given
// (pebble refused to start when its directory and management ports met).
func freePorts(t *testing.T, n int) []int {
	var out []int
	var held []net.Listener
	for range n {
		ln := listen(t)
		held = append(held, ln)
		out = append(out, port(ln))
	}
	for _, ln := range held {
		ln.Close()
	}
	return out
}

// lockedBuffer collects a process's output, written from its own goroutines.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
