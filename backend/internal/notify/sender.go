package notify

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"net"
	"net/mail"
	"net/smtp"
	"net/textproto"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Sender delivers one rendered message (RFC 5322, CRLF line ends) to the
// envelope recipients.
type Sender interface {
	Send(ctx context.Context, from string, to []string, data []byte) error
}

// ErrRejected marks a delivery the server refused for good (a 5xx answer to
// a recipient): retrying the same message cannot succeed.
var ErrRejected = errors.New("notify: message rejected")

// TLS modes of SMTPConfig.
const (
	TLSAuto     = ""         // STARTTLS when the server offers it, plain otherwise
	TLSStartTLS = "starttls" // STARTTLS, required
	TLSImplicit = "tls"      // TLS from the first byte (port 465)
	TLSNone     = "none"     // never encrypt
)

// SMTPConfig says where and how to submit mail.
type SMTPConfig struct {
	Host string
	Port int // default 465 with TLS "tls", 587 otherwise

	// Username and Password authenticate with SASL PLAIN, which is only
	// ever sent over TLS or to the local machine.
	Username, Password string

	// From and FromName are the sender of every message (callers pass them
	// to Enqueue); From is also the envelope sender when Send gets none.
	From, FromName string

	// TLS is TLSAuto (""), "starttls", "tls" or "none".
	TLS string

	// Timeout bounds connecting and each command; default 30s.
	Timeout time.Duration

	// TLSConfig overrides the TLS settings (e.g. RootCAs in tests); its
	// ServerName defaults to Host.
	TLSConfig *tls.Config
}

// SMTPSender submits messages to an SMTP server, one connection per message.
type SMTPSender struct {
	cfg SMTPConfig
}

// NewSMTPSender checks cfg and returns a sender for it.
func NewSMTPSender(cfg SMTPConfig) (*SMTPSender, error) {
	cfg.Host = strings.TrimSpace(cfg.Host)
	if cfg.Host == "" {
		return nil, errors.New("notify: SMTP host is not set")
	}
	cfg.TLS = strings.ToLower(strings.TrimSpace(cfg.TLS))
	switch cfg.TLS {
	case TLSAuto, TLSStartTLS, TLSImplicit, TLSNone:
	default:
		return nil, fmt.Errorf("notify: SMTP TLS mode %q is not one of starttls, tls, none", cfg.TLS)
	}
	if cfg.Port == 0 {
		cfg.Port = 587
		if cfg.TLS == TLSImplicit {
			cfg.Port = 465
		}
	}
	if cfg.Port < 0 || cfg.Port > 65535 {
		return nil, fmt.Errorf("notify: SMTP port %d is out of range", cfg.Port)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	if cfg.Username != "" && cfg.TLS == TLSNone && !isLocalHost(cfg.Host) {
		return nil, fmt.Errorf("notify: refusing to send the SMTP password to %s without TLS", cfg.Host)
	}
	return &SMTPSender{cfg: cfg}, nil
}

// Config returns the configuration with defaults applied.
func (s *SMTPSender) Config() SMTPConfig { return s.cfg }

// Send connects, negotiates TLS and authentication as configured, and
// submits data. A 5xx answer to a recipient is reported wrapping
// ErrRejected; every other failure may succeed later.
func (s *SMTPSender) Send(ctx context.Context, from string, to []string, data []byte) (err error) {
	if from == "" {
		from = s.cfg.From
	}
	if len(to) == 0 {
		return fmt.Errorf("%w: no recipients", ErrRejected)
	}
	addr := net.JoinHostPort(s.cfg.Host, strconv.Itoa(s.cfg.Port))
	conn, err := s.dial(ctx, addr)
	if err != nil {
		return fmt.Errorf("notify: unable to connect to SMTP server %s: %w", addr, err)
	}
	defer conn.Close()
	// Unblock the conversation at once when ctx ends.
	stop := context.AfterFunc(ctx, func() { conn.SetDeadline(time.Unix(1, 0)) })
	defer stop()
	defer func() {
		if err != nil && ctx.Err() != nil {
			err = fmt.Errorf("%w (%w)", ctx.Err(), err)
		}
	}()
	// Each step gets the whole timeout, as the greeting does.
	step := func() {
		conn.SetDeadline(time.Now().Add(s.cfg.Timeout)) // real time: a network deadline
		if ctx.Err() != nil {                           // ended meanwhile: undo, as AfterFunc may have run before
			conn.SetDeadline(time.Unix(1, 0))
		}
	}

	step()
	c, err := smtp.NewClient(conn, s.cfg.Host)
	if err != nil {
		return fmt.Errorf("notify: SMTP greeting from %s: %w", addr, err)
	}
	defer c.Close()
	step()
	if err := c.Hello(localName()); err != nil {
		return fmt.Errorf("notify: SMTP hello to %s: %w", addr, err)
	}
	if s.cfg.TLS == TLSAuto || s.cfg.TLS == TLSStartTLS {
		step()
		if offered, _ := c.Extension("STARTTLS"); offered {
			if err := c.StartTLS(s.tlsConfig()); err != nil {
				return fmt.Errorf("notify: SMTP STARTTLS with %s: %w", addr, err)
			}
		} else if s.cfg.TLS == TLSStartTLS {
			return fmt.Errorf("notify: SMTP server %s does not offer STARTTLS", addr)
		}
	}
	if s.cfg.Username != "" {
		step()
		// PlainAuth itself refuses to send the password unless the
		// connection is encrypted or the server is this machine.
		if err := c.Auth(smtp.PlainAuth("", s.cfg.Username, s.cfg.Password, s.cfg.Host)); err != nil {
			return fmt.Errorf("notify: SMTP authentication with %s: %w", addr, err)
		}
	}
	step()
	if err := c.Mail(from); err != nil {
		return fmt.Errorf("notify: SMTP MAIL FROM:<%s>: %w", from, err)
	}
	for _, rcpt := range to {
		step()
		if err := c.Rcpt(rcpt); err != nil {
			var te *textproto.Error
			if errors.As(err, &te) && te.Code >= 500 {
				return fmt.Errorf("%w: SMTP RCPT TO:<%s>: %w", ErrRejected, rcpt, err)
			}
			return fmt.Errorf("notify: SMTP RCPT TO:<%s>: %w", rcpt, err)
		}
	}
	step()
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("notify: SMTP DATA: %w", err)
	}
	if _, err := w.Write(data); err != nil {
		w.Close()
		return fmt.Errorf("notify: SMTP DATA: %w", err)
	}
	step()
	if err := w.Close(); err != nil {
		return fmt.Errorf("notify: SMTP server %s did not accept the message: %w", addr, err)
	}
	// The message is accepted now; a failing QUIT changes nothing.
	step()
	_ = c.Quit()
	return nil
}

func (s *SMTPSender) dial(ctx context.Context, addr string) (net.Conn, error) {
	d := &net.Dialer{Timeout: s.cfg.Timeout}
	if s.cfg.TLS == TLSImplicit {
		return (&tls.Dialer{NetDialer: d, Config: s.tlsConfig()}).DialContext(ctx, "tcp", addr)
	}
	return d.DialContext(ctx, "tcp", addr)
}

func (s *SMTPSender) tlsConfig() *tls.Config {
	cfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if s.cfg.TLSConfig != nil {
		cfg = s.cfg.TLSConfig.Clone()
	}
	if cfg.ServerName == "" {
		cfg.ServerName = s.cfg.Host
	}
	return cfg
}

func isLocalHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

func localName() string {
	if h, err := os.Hostname(); err == nil && h != "" && !strings.ContainsAny(h, " \r\n") {
		return h
	}
	return "localhost"
}

// FileSender writes every message to Dir as <timestamp>-<id>.eml instead of
// sending it, and logs its recipient and subject: the development setup,
// used when no SMTP server is configured. Open the files with any mail
// client.
type FileSender struct {
	Dir    string
	Logger *slog.Logger
}

// Send writes data to a new file in Dir (created if missing).
func (f FileSender) Send(ctx context.Context, from string, to []string, data []byte) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := os.MkdirAll(f.Dir, 0o700); err != nil {
		return fmt.Errorf("notify: unable to create mail directory: %w", err)
	}
	var id [6]byte
	_, _ = rand.Read(id[:])
	written := time.Now().UTC() // real time: files sort in the order they were written
	name := written.Format("20060102T150405.000000000Z") + "-" + hex.EncodeToString(id[:]) + ".eml"
	path := filepath.Join(f.Dir, name)
	// Write then rename, so a reader of the directory never sees half a message.
	tmp := filepath.Join(f.Dir, "."+name+".tmp")
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return fmt.Errorf("notify: unable to write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("notify: unable to write %s: %w", path, err)
	}
	logger := f.Logger
	if logger == nil {
		logger = slog.Default()
	}
	logger.InfoContext(ctx, "mail written to file", "to", strings.Join(to, ", "), "subject", subjectOf(data), "file", path)
	return nil
}

// subjectOf returns the decoded Subject of a rendered message, or "".
func subjectOf(data []byte) string {
	msg, err := mail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		return ""
	}
	raw := msg.Header.Get("Subject")
	s, err := new(mime.WordDecoder).DecodeHeader(raw)
	if err != nil {
		return raw
	}
	return s
}
