package webhooks

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"syscall"
	"testing"

	"slotwise/backend/internal/db/dbtest"
)

// Creating and changing an endpoint judge the address a host spells, not
// its spelling.
func TestEndpointsAtPrivateAddressesInAnySpellingAreRefused(t *testing.T) {
	pool := dbtest.WithBusiness(t)
	public := NewStore(pool, false)
	kept, _, err := public.Create(context.Background(), EndpointInput{URL: ptr("https://crm.example.com/hooks"), Events: ptr([]string{BookingCreated})})
	if err != nil {
		t.Fatal(err)
	}
	for _, host := range []string{"127.1", "0x7f.1", "0x7f000001", "2130706433", "0177.0.0.1", "0", "10.1", "169.254.43518",
		"[::ffff:7f00:1]", "LOCALHOST", "127.0.0.1.", "0x7f.1:8080"} {
		t.Run(host, func(t *testing.T) {
			u := "http://" + host + "/hook"
			_, _, err := public.Create(context.Background(), EndpointInput{URL: ptr(u), Events: ptr([]string{BookingCreated})})
			if verr, ok := errors.AsType[*ValidationError](err); !ok || verr.Fields["url"] == "" {
				t.Errorf("Create(%s) = %v, want a message for url", u, err)
			}
			_, err = public.Update(context.Background(), kept.ID, EndpointInput{URL: ptr(u)})
			if verr, ok := errors.AsType[*ValidationError](err); !ok || verr.Fields["url"] == "" {
				t.Errorf("Update(%s) = %v, want a message for url", u, err)
			}
		})
	}
	for _, host := range []string{"8.8.8.8", "0x08080808", "134744072", "1.1"} {
		if _, _, err := public.Create(context.Background(), EndpointInput{URL: ptr("https://" + host + "/hook"), Events: ptr([]string{BookingCreated})}); err != nil {
			t.Errorf("a public address %s was refused: %v", host, err)
		}
	}
}

// A delivery's recorded error says what went wrong in plain words, never
// the server's resolver or its own addresses.
func TestDeliveryErrorsAreSaidPlainly(t *testing.T) {
	post := func(err error) error { return &url.Error{Op: "Post", URL: "https://crm.example.com/hooks", Err: err} }
	dial := func(err error) error {
		return post(&net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(10, 0, 0, 7), Port: 443}, Err: err})
	}
	syscallErr := func(errno syscall.Errno) error { return dial(os.NewSyscallError("connect", errno)) }
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"a name that does not resolve", dial(&net.DNSError{Err: "no such host", Name: "crm.example.com", Server: "10.0.0.2:53", IsNotFound: true}), "the host name does not resolve"},
		{"a lookup that timed out", dial(&net.DNSError{Err: "i/o timeout", Name: "crm.example.com", Server: "10.0.0.2:53", IsTimeout: true}), "looking up the host name timed out"},
		{"a resolver that failed", dial(&net.DNSError{Err: "server misbehaving", Name: "crm.example.com", Server: "10.0.0.2:53"}), "the host name could not be looked up"},
		{"connection refused", syscallErr(syscall.ECONNREFUSED), "connection refused"},
		{"connection reset", syscallErr(syscall.ECONNRESET), "the connection was reset"},
		{"host unreachable", syscallErr(syscall.EHOSTUNREACH), "the host cannot be reached"},
		{"network unreachable", syscallErr(syscall.ENETUNREACH), "the host cannot be reached"},
		{"a private address", dial(ErrPrivateAddress), "the address is private or loopback (SLOTWISE_ALLOW_PRIVATE_NETWORKS=true allows it)"},
		{"a deadline", post(context.DeadlineExceeded), "timed out"},
		{"an unknown authority", post(&tls.CertificateVerificationError{Err: x509.UnknownAuthorityError{}}), "the TLS certificate is not signed by a known authority"},
		{"another host's certificate", post(x509.HostnameError{Certificate: &x509.Certificate{}, Host: "crm.example.com"}), "the TLS certificate is for another host"},
		{"an expired certificate", post(x509.CertificateInvalidError{Reason: x509.Expired}), "the TLS certificate is not valid"},
		{"plain HTTP on the TLS port", post(tls.RecordHeaderError{Msg: "first record does not look like a TLS handshake"}), "the endpoint does not speak TLS"},
		{"closed before an answer", post(io.EOF), "the connection closed before an answer"},
		{"anything else", post(errors.New("net/http: something new from 10.0.0.2")), "the request failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := reason(tt.err); got != tt.want {
				t.Errorf("reason(%v) = %q, want %q", tt.err, got, tt.want)
			}
		})
	}
}

func TestARefusedConnectionIsRecordedPlainly(t *testing.T) {
	pool := dbtest.WithBusiness(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().(*net.TCPAddr)
	l.Close() // nothing listens there now
	endpointID, id, _ := delivery(t, pool, fmt.Sprintf("http://%s/hook", netip.AddrPortFrom(netip.MustParseAddr("127.0.0.1"), uint16(addr.Port))))
	sender := &Sender{Pool: pool, Client: NewClient(true)}
	if _, err := sender.SendDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	d, _ := NewStore(pool, true).Delivery(context.Background(), endpointID, id)
	if len(d.History) != 1 || d.History[0].Error != "connection refused" || strings.Contains(d.History[0].Error, "127.0.0.1") {
		t.Errorf("attempts %+v, want one that says connection refused", d.History)
	}
}
