// Package netguard keeps the server's outgoing requests to addresses a
// business gives (webhook endpoints, calendar servers) off the network the
// server runs in: loopback, private and link-local addresses (cloud
// metadata among them) are refused, judged on the address a host spells in
// any form a resolver reads, and again on the address actually dialled.
// One operator switch, SLOTWISE_ALLOW_PRIVATE_NETWORKS, lifts it for tests
// and closed networks.
package netguard

import (
	"errors"
	"fmt"
	"net/netip"
	"strconv"
	"strings"
	"syscall"
)

// ErrPrivate refuses an address inside the network the server runs in.
var ErrPrivate = errors.New("the address is private or loopback (SLOTWISE_ALLOW_PRIVATE_NETWORKS=true allows it)")

// Control is a net.Dialer's Control that refuses a private address: it
// sees the address actually dialled, after DNS, so a name that resolves
// inside (or re-resolves there) is refused too.
func Control(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("netguard: unable to read the address %q: %w", address, err)
	}
	if PrivateAddr(ap.Addr()) {
		return ErrPrivate
	}
	return nil
}

// Ranges that are not the public internet, beyond what netip names.
var nonPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"), // carrier-grade NAT
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"), // benchmarking
	netip.MustParsePrefix("240.0.0.0/4"),
	// A network's own NAT64 prefix (RFC 8215) may place the IPv4 address
	// anywhere, so none of it is judged public.
	netip.MustParsePrefix("64:ff9b:1::/48"),
}

// PrivateAddr tells whether an address is inside a network rather than on
// the public internet: loopback, private, link-local (cloud metadata among
// them), multicast, unspecified, and the ranges above. An IPv6 address that
// carries an IPv4 one (embeddedIPv4) is judged as the IPv4 address it
// reaches.
func PrivateAddr(a netip.Addr) bool {
	if v4, ok := embeddedIPv4(a); ok {
		a = v4
	}
	if a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() {
		return true
	}
	for _, p := range nonPublic {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// PrivateHost tells whether a URL's host is plainly private: localhost, or
// an address in any spelling a resolver reads (hostAddr) that is private.
// Names are checked again when dialled, after DNS (Control).
func PrivateHost(host string) bool {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	a, ok := hostAddr(host)
	return ok && PrivateAddr(a)
}

// hostAddr reads a URL's host as an address the way resolvers do
// (inet_aton): besides the usual forms, IPv4 in fewer than four parts
// (127.1), in octal (0177.0.0.1) or hex (0x7f.1, 0x7f000001), or as one
// number (2130706433, 0). A host judged by its spelling alone would let
// such an address through as if it were a name.
func hostAddr(host string) (netip.Addr, bool) {
	host = strings.TrimSuffix(host, ".")
	if a, err := netip.ParseAddr(host); err == nil {
		return a, true
	}
	parts := strings.Split(host, ".")
	if len(parts) > 4 {
		return netip.Addr{}, false
	}
	var v uint64
	for i, p := range parts {
		n, ok := inetNumber(p)
		last := i == len(parts)-1
		// Every part but the last is one byte; the last fills the rest.
		bits := 8
		if last {
			bits = 32 - 8*(len(parts)-1)
		}
		if !ok || n >= 1<<bits {
			return netip.Addr{}, false
		}
		v = v<<bits | n
	}
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true
}

// inetNumber reads one part of an inet_aton address: 0x… hex, 0… octal,
// else decimal.
func inetNumber(p string) (uint64, bool) {
	base := 10
	switch {
	case len(p) > 2 && (p[:2] == "0x" || p[:2] == "0X"):
		base, p = 16, p[2:]
	case len(p) > 1 && p[0] == '0':
		base, p = 8, p[1:]
	}
	if p == "" || p[0] == '+' || p[0] == '-' {
		return 0, false
	}
	n, err := strconv.ParseUint(p, base, 32)
	return n, err == nil
}
