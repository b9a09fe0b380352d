package webhooks

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"syscall"

	"slotwise/backend/internal/netguard"
)

// reason is why a delivery got no answer, in plain words for the
// operator who reads the attempt. Go's own error names what only the
// server should know (the resolver it asked, the address it dialled
// from), so it goes to the server's log, not to the delivery.
func reason(err error) string {
	var dns *net.DNSError
	var unknownCA x509.UnknownAuthorityError
	var wrongHost x509.HostnameError
	var badCert x509.CertificateInvalidError
	var notTLS tls.RecordHeaderError
	var netErr net.Error
	switch {
	case errors.Is(err, ErrPrivateAddress):
		return netguard.ErrPrivate.Error()
	case errors.As(err, &dns) && dns.IsNotFound:
		return "the host name does not resolve"
	case errors.As(err, &dns) && dns.IsTimeout:
		return "looking up the host name timed out"
	case errors.As(err, &dns):
		return "the host name could not be looked up"
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.Is(err, syscall.ECONNRESET):
		return "the connection was reset"
	case errors.Is(err, syscall.EHOSTUNREACH) || errors.Is(err, syscall.ENETUNREACH):
		return "the host cannot be reached"
	case errors.Is(err, context.DeadlineExceeded) || errors.As(err, &netErr) && netErr.Timeout():
		return "timed out"
	case errors.As(err, &unknownCA):
		return "the TLS certificate is not signed by a known authority"
	case errors.As(err, &wrongHost):
		return "the TLS certificate is for another host"
	case errors.As(err, &badCert):
		return "the TLS certificate is not valid"
	case errors.As(err, &notTLS):
		return "the endpoint does not speak TLS"
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return "the connection closed before an answer"
	}
	return "the request failed"
}
