package notify_test

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"slotwise/backend/internal/notify"
)

func renderSample(t *testing.T) []byte {
	t.Helper()
	data, err := sampleMessage(t).MIME("noreply@studio.test", "Demo Studio", time.Now(), "")
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestSMTPSenderDelivers(t *testing.T) {
	serverTLS, roots := testCert(t)
	clientTLS := &tls.Config{RootCAs: roots}
	users := map[string]string{"studio": "s3cret"}

	tests := []struct {
		name     string
		server   serverOptions
		cfg      notify.SMTPConfig
		wantTLS  bool
		wantUser string
	}{
		{"STARTTLS when offered, with auth", serverOptions{tls: serverTLS, users: users}, notify.SMTPConfig{Username: "studio", Password: "s3cret", TLSConfig: clientTLS}, true, "studio"},
		{"STARTTLS required", serverOptions{tls: serverTLS}, notify.SMTPConfig{TLS: "starttls", TLSConfig: clientTLS}, true, ""},
		{"implicit TLS, with auth", serverOptions{tls: serverTLS, implicitTLS: true, users: users}, notify.SMTPConfig{TLS: "tls", Username: "studio", Password: "s3cret", TLSConfig: clientTLS}, true, "studio"},
		{"plain when not offered", serverOptions{}, notify.SMTPConfig{}, false, ""},
		{"never TLS when told so", serverOptions{tls: serverTLS}, notify.SMTPConfig{TLS: "none"}, false, ""},
		{"password in the clear only to this machine", serverOptions{insecure: true, users: users}, notify.SMTPConfig{TLS: "none", Username: "studio", Password: "s3cret"}, false, "studio"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ms := startMailServer(t, tt.server)
			cfg := tt.cfg
			cfg.Host, cfg.Port, cfg.Timeout = "127.0.0.1", ms.Port, 5*time.Second
			s, err := notify.NewSMTPSender(cfg)
			if err != nil {
				t.Fatal(err)
			}
			data := renderSample(t)
			if err := s.Send(context.Background(), "bounces@studio.test", []string{"juergen@example.com"}, data); err != nil {
				t.Fatal(err)
			}
			msgs := ms.Messages()
			if len(msgs) != 1 {
				t.Fatalf("server got %d messages, want 1", len(msgs))
			}
			got := msgs[0]
			if got.From != "bounces@studio.test" || len(got.To) != 1 || got.To[0] != "juergen@example.com" {
				t.Errorf("envelope %s -> %v", got.From, got.To)
			}
			if got.TLS != tt.wantTLS || got.AuthUser != tt.wantUser {
				t.Errorf("TLS=%v user=%q, want TLS=%v user=%q", got.TLS, got.AuthUser, tt.wantTLS, tt.wantUser)
			}
			if !bytes.Equal(bytes.TrimRight(got.Data, "\r\n"), bytes.TrimRight(data, "\r\n")) {
				t.Errorf("the message changed on the way")
			}
		})
	}
}

func TestSMTPSenderFailures(t *testing.T) {
	serverTLS, roots := testCert(t)
	_ = roots

	t.Run("STARTTLS required but not offered", func(t *testing.T) {
		ms := startMailServer(t, serverOptions{})
		s := mustSender(t, notify.SMTPConfig{Host: "127.0.0.1", Port: ms.Port, TLS: "starttls"})
		err := s.Send(context.Background(), "a@studio.test", []string{"b@example.com"}, renderSample(t))
		if err == nil || !strings.Contains(err.Error(), "STARTTLS") {
			t.Errorf("err = %v, want a STARTTLS error", err)
		}
		if len(ms.Messages()) != 0 {
			t.Errorf("sent without TLS")
		}
	})

	t.Run("untrusted certificate", func(t *testing.T) {
		ms := startMailServer(t, serverOptions{tls: serverTLS})
		s := mustSender(t, notify.SMTPConfig{Host: "127.0.0.1", Port: ms.Port})
		if err := s.Send(context.Background(), "a@studio.test", []string{"b@example.com"}, renderSample(t)); err == nil {
			t.Errorf("sent over TLS to a server whose certificate is not trusted")
		}
	})

	t.Run("wrong password", func(t *testing.T) {
		ms := startMailServer(t, serverOptions{tls: serverTLS, users: map[string]string{"studio": "right"}})
		s := mustSender(t, notify.SMTPConfig{Host: "127.0.0.1", Port: ms.Port, Username: "studio", Password: "wrong", TLSConfig: &tls.Config{RootCAs: roots}})
		err := s.Send(context.Background(), "a@studio.test", []string{"b@example.com"}, renderSample(t))
		if err == nil || errors.Is(err, notify.ErrRejected) {
			t.Errorf("err = %v, want a retryable authentication error", err)
		}
	})

	t.Run("recipient refused for good", func(t *testing.T) {
		ms := startMailServer(t, serverOptions{})
		ms.rejectTo = "gone@example.com"
		s := mustSender(t, notify.SMTPConfig{Host: "127.0.0.1", Port: ms.Port})
		err := s.Send(context.Background(), "a@studio.test", []string{"gone@example.com"}, renderSample(t))
		if !errors.Is(err, notify.ErrRejected) {
			t.Errorf("err = %v, want ErrRejected", err)
		}
	})

	t.Run("server down", func(t *testing.T) {
		s := mustSender(t, notify.SMTPConfig{Host: "127.0.0.1", Port: freePort(t)})
		err := s.Send(context.Background(), "a@studio.test", []string{"b@example.com"}, renderSample(t))
		if err == nil || errors.Is(err, notify.ErrRejected) {
			t.Errorf("err = %v, want a retryable connection error", err)
		}
	})

	t.Run("a silent server does not hold the sender past its context", func(t *testing.T) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		var conns []net.Conn
		t.Cleanup(func() {
			l.Close()
			mu.Lock()
			defer mu.Unlock()
			for _, c := range conns {
				c.Close()
			}
		})
		go func() {
			for {
				c, err := l.Accept()
				if err != nil {
					return
				}
				mu.Lock()
				conns = append(conns, c) // never greets
				mu.Unlock()
			}
		}()
		s := mustSender(t, notify.SMTPConfig{Host: "127.0.0.1", Port: l.Addr().(*net.TCPAddr).Port, Timeout: time.Minute})
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		start := time.Now()
		err = s.Send(ctx, "a@studio.test", []string{"b@example.com"}, renderSample(t))
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("err = %v, want context.DeadlineExceeded", err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("Send returned after %v", d)
		}
	})
}

func TestNewSMTPSenderChecksConfig(t *testing.T) {
	tests := []struct {
		name string
		cfg  notify.SMTPConfig
		ok   bool
		port int
	}{
		{"defaults to submission port", notify.SMTPConfig{Host: "mail.example.com"}, true, 587},
		{"implicit TLS defaults to 465", notify.SMTPConfig{Host: "mail.example.com", TLS: "TLS"}, true, 465},
		{"no host", notify.SMTPConfig{}, false, 0},
		{"unknown TLS mode", notify.SMTPConfig{Host: "mail.example.com", TLS: "ssl"}, false, 0},
		{"password in the clear to another machine", notify.SMTPConfig{Host: "mail.example.com", TLS: "none", Username: "u", Password: "p"}, false, 0},
		{"password in the clear to localhost", notify.SMTPConfig{Host: "localhost", TLS: "none", Username: "u", Password: "p"}, true, 587},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := notify.NewSMTPSender(tt.cfg)
			if (err == nil) != tt.ok {
				t.Fatalf("err = %v, want ok=%v", err, tt.ok)
			}
			if tt.ok && s.Config().Port != tt.port {
				t.Errorf("port %d, want %d", s.Config().Port, tt.port)
			}
		})
	}
}

func TestFileSenderWritesEML(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mail")
	var logs bytes.Buffer
	f := notify.FileSender{Dir: dir, Logger: slog.New(slog.NewTextHandler(&logs, nil))}
	data := renderSample(t)
	for range 2 {
		if err := f.Send(context.Background(), "noreply@studio.test", []string{"juergen@example.com"}, data); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 {
		t.Fatalf("%d files, want 2", len(entries))
	}
	name := regexp.MustCompile(`^\d{8}T\d{6}\.\d{9}Z-[0-9a-f]{12}\.eml$`)
	for _, e := range entries {
		if !name.MatchString(e.Name()) {
			t.Errorf("file name %q", e.Name())
		}
		got, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("file %s differs from the message (%v)", e.Name(), err)
		}
	}
	line := logs.String()
	if !strings.Contains(line, "juergen@example.com") || !strings.Contains(line, "Bestätigung: Beratung am Montag") {
		t.Errorf("log lacks recipient or decoded subject: %s", line)
	}
}

func mustSender(t *testing.T, cfg notify.SMTPConfig) *notify.SMTPSender {
	t.Helper()
	if cfg.Timeout == 0 {
		cfg.Timeout = 5 * time.Second
	}
	s, err := notify.NewSMTPSender(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// freePort returns a port nothing listens on (for a moment).
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	return port
}
